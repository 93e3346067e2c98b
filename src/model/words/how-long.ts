/**
 * How long something lasts, asked by comparing or ranking it ("rent for longer", "the longest stays", 更久, 最短): the
 * catalog's one average of a duration.
 */
import type { Catalog } from '../../catalog/catalog';
import type { CatalogReading } from '../rules/terms';

/** Words that compare or rank how long something lasts: "rent for longer", "the longest stays", 更久, 最短. */
const HOW_LONG = /\b(?:longer|shorter|longest|shortest)\b|更长|更短|更久|最长|最短|最久/gi;
const DURATION_UNIT = /^(?:minutes?|hours?|days?|nights?|weeks?|months?|分钟|小时|天|晚|周)$/i;

/**
 * "Do corporate customers rent for longer than individuals?", "which branch has the longest rentals": how long the
 * rentals last, the catalog's one average of a duration (a metric of a time unit, or named a length or duration), in
 * place of a count of the same rows or of no metric. The comparative is then the metric's word.
 */
export function howLong(question: string, catalog: Catalog, reading: CatalogReading): void {
  const words = [...question.matchAll(HOW_LONG)];
  if (words.length === 0 || reading.metrics.length > 1) return;
  const durations = Object.entries(catalog.metrics).filter(
    ([, m]) =>
      (m.numerator !== undefined || /\bavg\s*\(/i.test(m.expression ?? '')) &&
      (DURATION_UNIT.test(m.unit ?? '') || /\b(?:length|duration)\b|时长|租期|天数/i.test([m.label, m.label_zh ?? ''].join(' '))),
  );
  const [only] = durations;
  if (durations.length !== 1 || !only) return;
  const [id, duration] = only;
  const named = reading.metrics[0] ? catalog.metrics[reading.metrics[0]] : undefined;
  if (named && (named === duration || named.format !== 'integer' || named.table !== duration.table)) return;
  reading.hits = reading.hits.filter((h) => h.kind !== 'metric');
  for (const w of words) reading.hits.push({ text: w[0], kind: 'metric', id, start: w.index, end: w.index + w[0].length });
  reading.hits.sort((a, b) => a.start - b.start);
  reading.metrics = [id];
}
