/**
 * Refusals: a question the catalog cannot answer, and what it offers instead (the catalog's terms the question
 * comes close to, and questions near the one asked that it can answer).
 */
import type { Catalog } from '../../catalog/catalog';
import type { Language, Plan } from '../../contracts';
import { textIn, type Text } from '../../messages';
import { dimensionEntries, nearEntries } from '../words/near';
import type { CatalogReading } from './terms';

/** "did you mean "sales"?", or of two; null when nothing is close. */
function didYouMean(labels: string[], text: Text): string | null {
  const [first, second] = labels;
  if (first === undefined) return null;
  return second === undefined ? text('reading.did-you-mean', { term: first }) : text('reading.did-you-mean.either', { first, second });
}

function withOffer(reason: string, offer: string | null, text: Text): string {
  return offer ? text('reading.refusal.offer', { reason, offer }) : reason;
}

/** A question the catalog cannot answer: a breakdown by a dimension it does not have, or no metric it knows. */
export function unanswerable(reading: CatalogReading, catalog: Catalog, language: Language, available: string[]): Plan | null {
  const text = textIn(language);
  const label = (d: { label: string; label_zh: string }) => (language === 'zh' ? d.label_zh : d.label);
  if (reading.unknownDimensions.length > 0) {
    const dims = Object.entries(catalog.dimensions).map(([id, d]) => text('reading.dimension.entry', { label: label(d), id }));
    const near = nearEntries(reading.unknownDimensions, dimensionEntries(catalog)).map((id) =>
      label(catalog.dimensions[id] ?? { label: id, label_zh: id }),
    );
    const reason = text('reading.refusal.no-dimension', {
      words: reading.unknownDimensions.join(text('common.list')),
      dimensions: dims.join(text('common.list')),
    });
    return { kind: 'cannot_answer', reason: withOffer(reason, didYouMean(near, text), text), available_metrics: available };
  }
  if (reading.metrics.length === 0) {
    const near = (reading.near ?? []).map((id) => label(catalog.metrics[id] ?? { label: id, label_zh: id }));
    const reason = text('reading.refusal.no-metric', { catalog: catalog.name, metrics: available.join(text('common.list')) });
    return { kind: 'cannot_answer', reason: withOffer(reason, didYouMean(near, text), text), available_metrics: available };
  }
  return null;
}
