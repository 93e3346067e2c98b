/**
 * Words that say which rows a metric is of, not a second metric: "the completion rate for courses people enrolled in
 * during 2025", "the refund rate for orders paid last month", "the completion rate of enrollments made in 2025", "how
 * many enrollments were made in 2025". A catalog may name a metric by a verb ("made" for revenue, "enrolled" for
 * enrollments) or by the rows it counts ("orders"); after another metric such words describe that metric's rows and
 * when they happened, and the period that follows dates them.
 */
import type { Catalog } from '../../catalog/catalog';
import type { CatalogReading, Hit } from '../rules/terms';

/** A verb's past form: "enrolled", "paid", "made", "sold", "bought". */
const PAST = /^(?:[a-z]+ed|made|paid|sold|bought|spent|done|taken|given|won|lost|put|set|run|begun|written|kept|sent|built|held|left)$/i;
/** Between a metric's noun and the verb that says how its rows came about: nothing, or a form of "be" ("were made"). */
const PASSIVE = /^\s+(?:(?:was|were|is|are|been|being|be|got|get|gets|getting)\s+)?$/i;
/** "for", "of", "on", "among" and up to three words: the rows a metric is of ("for courses people", "of enrollments"). */
const ROWS_OF = /^\s+(?:for|of|on|among)\s+(?:(?:the|all|our|their|those|these)\s+)?(?:[a-z'-]+\s+){0,3}$/i;
/** A period right after the verb dates the rows: "in 2025", "during 2025", "last month", "in during 2025". */
const DATED = /^\s+(?:in|during|on|since|from|between|before|after|over|within|last|this|the\s+(?:last|past|first))\b/i;

/** Whether two metrics date their rows by the same time field (the same event: an enrollment, a payment). */
function sameEvent(catalog: Catalog, a: string, b: string): boolean {
  const [x, y] = [catalog.metrics[a]?.time_field, catalog.metrics[b]?.time_field];
  return x !== undefined && x === y;
}

/** The rows a rate is of, right after its values: a count of its own table's rows ("appointments" for the no-show rate). */
function rateRows(catalog: Catalog, rate: string, rows: string, between: string): boolean {
  const [r, m] = [catalog.metrics[rate], catalog.metrics[rows]];
  return r?.kind === 'ratio' && m !== undefined && m.kind !== 'ratio' && m.table === r.table && /^[\s\w'-]{0,30}$/.test(between);
}

/** The reading without the metric words that only describe another metric's rows (changed in place). */
export function rowsDescribed(question: string, catalog: Catalog, reading: CatalogReading): void {
  const metricHits = reading.hits.filter((h) => h.kind === 'metric').sort((a, b) => a.start - b.start);
  const dropped = new Set<Hit>();
  for (const hit of metricHits) {
    const owner = metricHits.filter((n) => n.end <= hit.start && n.id !== hit.id && !dropped.has(n)).pop();
    if (!owner) continue;
    const between = question.slice(owner.end, hit.start);
    const verb = PAST.test(question.slice(hit.start, hit.end));
    const describes =
      (verb && PASSIVE.test(between)) ||
      (ROWS_OF.test(between) && (verb ? DATED.test(question.slice(hit.end)) : sameEvent(catalog, owner.id, hit.id)));
    // A value in between is a filter of its own ("the refund rate for Indian orders"): kept apart. But the rows a rate is
    // of, named after its values ("no show rate web vs app appts"), are that rate's rows.
    const valueBetween = reading.hits.some((h) => h.kind === 'value' && h.start >= owner.end && h.end <= hit.start);
    const afterValue = reading.hits.some(
      (h) => h.kind === 'value' && h.start >= owner.end && h.end <= hit.start && /^\s*$/.test(question.slice(h.end, hit.start)),
    );
    if (!(afterValue && rateRows(catalog, owner.id, hit.id, between)) && (!describes || valueBetween)) continue;
    dropped.add(hit);
    // The words in between go with the metric: a dimension named there only says what the rows are ("courses").
    for (const h of reading.hits)
      if (h.kind === 'dimension' && h.start >= owner.end && h.end <= hit.start && !reading.groupBy.includes(h.id)) dropped.add(h);
    owner.end = hit.end;
    owner.text = question.slice(owner.start, owner.end);
  }
  if (dropped.size === 0) return;
  reading.hits = reading.hits.filter((h) => !dropped.has(h));
  reading.metrics = [...new Set(reading.hits.filter((h) => h.kind === 'metric').map((h) => h.id))];
  reading.mentionedDimensions = reading.mentionedDimensions.filter((d) => reading.hits.some((h) => h.kind === 'dimension' && h.id === d));
}
