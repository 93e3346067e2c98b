/**
 * The words people use for what a metric counts, drafted as its aliases: "how much did we sell", "how many customers
 * bought", "花了多少". Each verb goes to one metric only, chosen by what the metric measures (its role, read from its
 * format and the names of its columns); and the primary metric, the money "best customer" or "top product" means.
 */
import type { MetricDrafter, MetricRole } from './metrics';
import { meant } from './names';

/** Verbs for the revenue metric: what the business sells and earns (and, with no cost metric, what customers spend). */
const SELL = ['sell', 'sold', 'selling', 'sales', 'earn', 'earned', '卖', '卖了', '卖出'];
const SPEND = ['spend', 'spent', 'spending', '花', '花了', '消费'];
const BUY = ['buy', 'bought', 'purchased', 'buyers', '买', '买过', '购买'];

/** How likely a money sum is the revenue: a fact table's revenue, sales or GMV first, then its total or amount, then a line table's. */
function revenueScore(id: string, role: { role: MetricRole; header: boolean }): number {
  if (role.role !== 'revenue' && role.role !== 'money') return -1;
  const name = meant(id);
  const named = /(revenue|sales|gmv|turnover)/i.test(name) ? 4 : /(total|amount|value|subtotal|paid|payment)/i.test(name) ? 2 : 0;
  return named + (role.header ? 5 : 0) + (role.role === 'revenue' ? 1 : 0);
}

/** The metric a question that names none means (best customer, top product): the revenue, when one is drafted. */
export function primaryMetric(drafter: MetricDrafter): string | undefined {
  let best: { id: string; score: number } | undefined;
  for (const [id, role] of drafter.roles) {
    const score = revenueScore(id, role);
    if (score >= 0 && (!best || score > best.score)) best = { id, score };
  }
  return best?.id;
}

/** Adds the verbs as aliases: sell/sold to the primary metric, spend to a cost, bought to the first count of buyers. */
export function draftVerbs(drafter: MetricDrafter, primary: string | undefined): void {
  const taken = new Set<string>();
  for (const m of Object.values(drafter.metrics))
    for (const a of (m.value.aliases as string[] | undefined) ?? []) taken.add(a.toLowerCase());
  const give = (id: string | undefined, verbs: string[]) => {
    const metric = id ? drafter.metrics[id] : undefined;
    if (!metric) return;
    const fresh = verbs.filter((v) => !taken.has(v.toLowerCase()));
    for (const v of fresh) taken.add(v.toLowerCase());
    metric.value.aliases = [...((metric.value.aliases as string[] | undefined) ?? []), ...fresh];
  };
  const first = (role: MetricRole) => [...drafter.roles].find(([, r]) => r.role === role)?.[0];
  const cost = first('cost');
  give(primary, cost ? SELL : [...SELL, ...SPEND]);
  give(cost, SPEND);
  // The buyers of the primary metric's table first: "how many customers bought" counts the buyers of what is sold.
  const table = primary ? drafter.metrics[primary]?.value.table : undefined;
  const buyers = [...drafter.roles].filter(([, r]) => r.role === 'buyers').map(([id]) => id);
  give(buyers.find((id) => drafter.metrics[id]?.value.table === table) ?? buyers[0], BUY);
}
