/**
 * How a follow-up's words for a measure are read against the thread's. A follow-up that says the thread's measure
 * again in everyday words: "I want to see what they actually pay", "what
 * do corporate renters get charged" after a thread about the average daily rate. A money verb with no "how much" or
 * "total" before it asks what something costs, which a price-like measure (a currency ratio: a rate, an average price)
 * already answers; it is not a switch to the catalog's money total. "How much did they spend" still asks for the total,
 * and a thread about a count or a sum takes the money metric as before.
 */
import type { Catalog } from '../../catalog/catalog';
import type { Hit } from '../rules/terms';
import { featuresOf } from '../words/features';
import { rankMetrics } from '../words/infer';
import { englishWords, lemma } from '../words/lemma';

/** Verbs of paying and charging: what a price is. */
const PRICE_VERBS = new Set(['pay', 'spend', 'charge', 'cost', 'bill']);
/** Words that ask for an amount in total rather than a price. */
const TOTAL_BEFORE = /\bhow\s+much\b|\btotal\b|\baltogether\b|\bin\s+all\b|多少|总/i;

/** Whether every metric word of the message is a price verb, with no total asked, and the thread's measures are prices. */
export function restatesPrice(text: string, hits: readonly Hit[], threadMetrics: readonly string[], catalog: Catalog): boolean {
  const metricHits = hits.filter((h) => h.kind === 'metric');
  if (metricHits.length === 0 || threadMetrics.length === 0) return false;
  const priceVerb = (h: Hit) => {
    const words = englishWords(text.slice(h.start, h.end));
    return words.length > 0 && words.every((w) => PRICE_VERBS.has(lemma(w.text)));
  };
  if (!metricHits.every(priceVerb) || TOTAL_BEFORE.test(text.slice(0, Math.min(...metricHits.map((h) => h.start))))) return false;
  return threadMetrics.every((id) => {
    const m = catalog.metrics[id];
    return m !== undefined && m.format === 'currency' && m.kind === 'ratio';
  });
}

/**
 * "换成单数" after a thread about the revenue of completed rentals: a count the message's words only infer (no metric's
 * own name is said) and that two metrics match about as well (bookings, 预订量 with 订单数; rentals, 租赁单数) is the
 * one that counts the thread's own rows: the same table, time field and filters as the thread's measure. Null when the
 * words name a metric, or when not exactly one close match counts those rows.
 */
export function countOfThreadRows(text: string, hits: readonly Hit[], threadMetrics: readonly string[], catalog: Catalog): string | null {
  const metricHits = hits.filter((h) => h.kind === 'metric');
  const ids = [...new Set(metricHits.map((h) => h.id))];
  const thread = threadMetrics.length === 1 ? catalog.metrics[threadMetrics[0] ?? ''] : undefined;
  if (ids.length !== 1 || !thread) return null;
  const said = text.slice(Math.min(...metricHits.map((h) => h.start)), Math.max(...metricHits.map((h) => h.end))).toLowerCase();
  const ownNames = (id: string) => {
    const m = catalog.metrics[id];
    return m ? [m.label, m.label_zh, ...m.aliases].map((n) => n.toLowerCase()) : [];
  };
  if (Object.keys(catalog.metrics).some((id) => ownNames(id).includes(said))) return null;
  const ranked = rankMetrics(catalog, featuresOf(said));
  const best = ranked[0];
  if (!best) return null;
  const rowsOf = (m: NonNullable<typeof thread>) => JSON.stringify([m.table, m.time_field, m.filters.map((f) => f.sql).sort()]);
  const same = ranked.filter((r) => {
    const m = catalog.metrics[r.metric];
    return r.score >= best.score - 0.5 && m !== undefined && rowsOf(m) === rowsOf(thread);
  });
  return same.length === 1 && same[0]?.metric !== ids[0] ? (same[0]?.metric ?? null) : null;
}
