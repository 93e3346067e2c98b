/**
 * Refusals: a question the catalog cannot answer, and what it offers instead (the catalog's terms the question
 * comes close to, and questions near the one asked that it can answer).
 */
import type { Catalog } from '../../catalog/catalog';
import type { Language, Plan } from '../../contracts';
import type { CatalogReading } from './terms';

export /** A question the catalog cannot answer: a breakdown by a dimension it does not have, or no metric it knows. */
function unanswerable(reading: CatalogReading, catalog: Catalog, language: Language, available: string[]): Plan | null {
  if (reading.unknownDimensions.length > 0) {
    const dims = Object.entries(catalog.dimensions).map(([id, d]) => (language === 'zh' ? `${d.label_zh} (${id})` : `${d.label} (${id})`));
    return {
      kind: 'cannot_answer',
      reason:
        language === 'zh'
          ? `目录中没有维度“${reading.unknownDimensions.join('、')}”；可用维度：${dims.join('、')}`
          : `the catalog has no dimension "${reading.unknownDimensions.join('", "')}"; it offers: ${dims.join(', ')}`,
      available_metrics: available,
    };
  }
  if (reading.metrics.length === 0) {
    return {
      kind: 'cannot_answer',
      reason:
        language === 'zh'
          ? `问题中没有可识别的指标；目录“${catalog.name}”提供：${available.join('、')}`
          : `no metric in the question matches the catalog "${catalog.name}"; it offers: ${available.join(', ')}`,
      available_metrics: available,
    };
  }
  return null;
}
