/**
 * The metric a question means when its words are not a catalog term as written: "how much did we sell" (a money
 * metric that says sales), "how many customers bought something" (a count of buying customers), "花了多少钱",
 * "which 3 lost the most money" (the profit metric, from the bottom). Each of the catalog's metrics is described by
 * the features of its own label and aliases (src/model/words/features.ts) and by its format (a currency metric is
 * about money, an integer one is a count); the question's features are matched against each term, and the metric
 * whose own words match best wins. A term's words the question does not say count against it, so "sold" does not
 * turn a question about units into revenue when the catalog has a units-sold metric, and a question whose words
 * match no term's stays unmatched.
 */
import type { Catalog } from '../../catalog/catalog';
import { featureNames, type Feature } from './features';

interface Profile {
  metric: string;
  /** The metric's own names (label, label_zh) as feature names: an alias says less of what it is. */
  names: Set<string>[];
  /** Each label or alias as its feature names. */
  terms: Set<string>[];
  /** What the format says: MONEY for currency, COUNT for an integer count. Matched, never held against it. */
  soft: Set<string>;
}

/**
 * Concepts that make a different measure: profit is not revenue, an average is not a total, "without" is not all, and
 * what the company spends (marketing spend) is not what its customers spent.
 */
const QUALIFIERS = new Set(['PROFIT', 'AVERAGE', 'NONE', 'COST']);

const OPPOSITE: Record<string, string> = { MONEY: 'COUNT', COUNT: 'MONEY' };

/**
 * Buying and selling are one trade seen from its two sides: "how many tracks were bought", 买了多少首 ask for the
 * catalog's "tracks sold". A question that buys also says what a metric that sells says (not the reverse: "how much
 * did we sell" is not a count of purchases).
 */
function withTradeSides(asked: Set<string>): Set<string> {
  return asked.has('BUY') && !asked.has('SELL') ? new Set([...asked, 'SELL']) : asked;
}

const profiles = new WeakMap<Catalog, Profile[]>();

function profilesOf(catalog: Catalog): Profile[] {
  const known = profiles.get(catalog);
  if (known) return known;
  const out = Object.entries(catalog.metrics).map(([metric, m]) => ({
    metric,
    names: [m.label, m.label_zh].map(featureNames).filter((s) => s.size > 0),
    // A count's words are about what is counted: "paying customers" counts customers, it is not an amount of money.
    terms: [...new Set([m.label, m.label_zh, ...m.aliases])]
      .map(featureNames)
      .map((s) => (m.format === 'integer' ? new Set([...s].filter((f) => f !== 'MONEY')) : s))
      .filter((s) => s.size > 0),
    soft: new Set(m.format === 'currency' ? ['MONEY'] : m.format === 'integer' ? ['COUNT'] : []),
  }));
  profiles.set(catalog, out);
  return out;
}

export interface Inferred {
  metric: string;
  score: number;
  /** The question's features the metric's words matched. */
  used: Feature[];
}

/**
 * How well one metric's words match the question's features: the features it explains (by any of its terms, so
 * "average selling price" and "曲目平均价格" together explain 每首曲目平均卖多少钱), plus what its format says, less
 * half a point for each word of its closest term that the question does not say, and half a point when the question
 * asks for money and the metric is a count (or the reverse).
 */
function scoreOf(profile: Profile, askedAsWritten: Set<string>): number {
  const asked = withTradeSides(askedAsWritten);
  const vocabulary = new Set(profile.terms.flatMap((t) => [...t]));
  const own = [...vocabulary].filter((f) => asked.has(f)).length;
  if (own === 0) return -Infinity;
  // A question about profit, an average or something missing is not about a metric whose words never say so.
  if ([...QUALIFIERS].some((q) => asked.has(q) && !vocabulary.has(q))) return -Infinity;
  const soft = [...profile.soft].filter((f) => asked.has(f) && !vocabulary.has(f)).length;
  const extra = Math.min(...profile.terms.map((t) => [...t].filter((f) => !asked.has(f)).length));
  const against = [...profile.soft].some((f) => !asked.has(f) && asked.has(OPPOSITE[f] ?? '')) ? 0.5 : 0;
  // A word of the catalog's own ("business", "曲目") is more telling than a concept many metrics share.
  const specific = [...vocabulary].filter((f) => asked.has(f) && f !== f.toUpperCase()).length;
  return own + soft - 0.5 * extra - against + 0.1 * specific;
}

/** The catalog's main money metric: its primary_metric, else its one additive currency metric (a finer twin is the same one). */
export function mainMetric(catalog: Catalog): string | null {
  if (catalog.primary_metric) return catalog.primary_metric;
  const finer = new Set(Object.values(catalog.metrics).map((m) => m.finer));
  const money = Object.entries(catalog.metrics).filter(([id, m]) => m.format === 'currency' && m.kind === 'additive' && !finer.has(id));
  return money.length === 1 ? (money[0]?.[0] ?? null) : null;
}

/** Whether the question says all of one of the metric's own names ("订单" of orders, 订单数), not only an alias's. */
const namedBy = (p: Profile, asked: Set<string>) => p.names.some((n) => [...n].every((f) => asked.has(f)));

/**
 * Every metric's score against the question's features, best first. Ties: the metric whose own name the question says
 * ("哪一年的订单最少": orders, not revenue through its alias "invoice total"), then the main metric, then catalog order.
 */
export function rankMetrics(catalog: Catalog, features: Feature[]): { metric: string; score: number; named: boolean }[] {
  const asked = new Set(features.map((f) => f.name));
  const main = mainMetric(catalog);
  return profilesOf(catalog)
    .map((p, i) => ({ metric: p.metric, score: scoreOf(p, asked), named: namedBy(p, asked), i }))
    .filter((r) => r.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score || Number(b.named) - Number(a.named) || Number(b.metric === main) - Number(a.metric === main) || a.i - b.i,
    )
    .map(({ metric, score, named }) => ({ metric, score, named }));
}

/** The metric the question's features name best, with the features it used; null when no term's words are asked. */
export function inferMetric(catalog: Catalog, features: Feature[]): Inferred | null {
  const [best, second] = rankMetrics(catalog, features);
  if (!best) return null;
  // Two metrics that match as well and are not the main one: the words do not choose, so neither is guessed.
  if (second && second.score === best.score && best.metric !== mainMetric(catalog) && !(best.named && !second.named)) return null;
  const profile = profilesOf(catalog).find((p) => p.metric === best.metric);
  const words = new Set([...(profile?.terms.flatMap((t) => [...t]) ?? []), ...(profile?.soft ?? [])]);
  if (words.has('SELL')) words.add('BUY');
  return { metric: best.metric, score: best.score, used: features.filter((f) => words.has(f.name)) };
}

/** The score of a metric the question names, on the same scale (for a better-matching metric to replace it). */
export function scoreMetric(catalog: Catalog, metric: string, features: Feature[]): number {
  const profile = profilesOf(catalog).find((p) => p.metric === metric);
  return profile ? scoreOf(profile, new Set(features.map((f) => f.name))) : -Infinity;
}
