/**
 * "Average price per song" where the catalog's metric is "average price per track sold": the "per" of a metric's own
 * name says what the metric is measured per, not a breakdown, however the user names that thing (a song is the track
 * dimension's word). A dimension named after "per" right behind a metric whose own names say "per" of that same
 * dimension is the metric's, and its hit is taken into the metric's.
 */
import type { Catalog } from '../../catalog/catalog';
import { CN_COUNTER } from '../reading';

interface TermHit {
  kind: string;
  id: string;
  start: number;
  end: number;
  text: string;
}

const words = (s: string) => s.toLowerCase().replace(/[_-]/g, ' ').trim();

/** Takes each such dimension hit into the metric hit before it (in place). */
export function withMetricUnits(question: string, hits: TermHit[], catalog: Catalog): void {
  for (const metricHit of hits.filter((h) => h.kind === 'metric')) {
    const unit = hits.find(
      (h) => h.kind === 'dimension' && h.start > metricHit.end && /^\s+per\s+$/i.test(question.slice(metricHit.end, h.start)),
    );
    const metric = catalog.metrics[metricHit.id];
    const dimension = unit ? catalog.dimensions[unit.id] : undefined;
    if (!unit || !metric || !dimension) continue;
    const dimensionNames = new Set([unit.id, dimension.label, ...dimension.aliases].map(words));
    const perOwn = [metric.label, ...metric.aliases].some((name) =>
      [...words(name).matchAll(/\bper\s+([a-z]+(?:\s+[a-z]+)?)/g)].some((m) =>
        [m[1] ?? '', (m[1] ?? '').split(' ')[0] ?? ''].some((w) => dimensionNames.has(w) || dimensionNames.has(w.replace(/s$/, ''))),
      ),
    );
    if (!perOwn) continue;
    metricHit.end = unit.end;
    metricHit.text = question.slice(metricHit.start, metricHit.end);
    hits.splice(hits.indexOf(unit), 1);
  }
}

/**
 * "卖了多少首歌", "售出几张专辑", "买了多少本书": the thing after a count of what was sold or bought is what is counted (the
 * count the verb says), not a breakdown by it. Such a dimension hit is dropped (in place); its word is then left unused,
 * as a unit is.
 */
export function withoutCountedThings(question: string, hits: TermHit[]): void {
  const counted = new RegExp(`(?:卖|售|买|购)[了出过]?\\s*(?:多少|几)\\s*${CN_COUNTER}?\\s*$`);
  for (const hit of hits.filter((h) => h.kind === 'dimension' && counted.test(question.slice(Math.max(0, h.start - 8), h.start))))
    hits.splice(hits.indexOf(hit), 1);
}
