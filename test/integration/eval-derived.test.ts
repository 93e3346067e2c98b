/**
 * The demo's planted attribution (华东's repurchase rate falls through the new-customer mix) checked against values
 * derived here, not copied from Baton's output: hand-written SQL for the samples, and the textbook formulas written
 * out below for the mix/rate decomposition and for Welch's two-sample t-test (statistic, Welch–Satterthwaite degrees
 * of freedom, two-sided p, 95 % confidence interval of the difference) and Cohen's d with the pooled standard
 * deviation. Only the t distribution's CDF and quantile come from a library (@stdlib); nothing comes from src/.
 * Numbers are compared as the eval suites compare them (eval/cases.ts closeEnough: 1e-6 relative for fractions).
 */
import tCdf from '@stdlib/stats-base-dists-t-cdf';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import type { AnalysisResult, Row } from '../../src/contracts';
import { closeEnough, evalContext } from '../../eval/cases';
import { db, manifest, runAnalysis, withWorker } from '../helpers';

const harness = withWorker('derived');
const QUESTION = '为什么华东区上个月复购率下降了？';
let result: AnalysisResult;
/** Per month (the one before, the last): the region's buyers, and per customer type the buyers and repeat buyers. */
let samples: { month: string; type: 'new' | 'returning'; buyers: number; repeaters: number }[];
let months: [string, string];

beforeAll(async () => {
  const ctx = evalContext(db(), (await manifest()).last_month);
  months = [ctx.previous, ctx.last];
  result = (await runAnalysis(harness.client, harness.config.taskQueue, QUESTION)).result;
  const { rows } = await db().query<{ month: string; type: 'new' | 'returning'; buyers: string; repeaters: string }>(
    `SELECT month, type, count(*) AS buyers, count(*) FILTER (WHERE n >= 2) AS repeaters
     FROM (SELECT to_char(o.pay_time, 'YYYY-MM') AS month, o.user_id, count(*) AS n,
                  CASE WHEN date_trunc('month', u.first_order_at) = date_trunc('month', o.pay_time) THEN 'new' ELSE 'returning' END AS type
           FROM orders o JOIN users u USING (user_id)
           WHERE o.status = 'paid' AND o.amount > 0 AND u.region = '华东' AND to_char(o.pay_time, 'YYYY-MM') IN ($1, $2)
           GROUP BY 1, 2, 4) per_buyer
     GROUP BY 1, 2`,
    months,
  );
  samples = rows.map((r) => ({ month: r.month, type: r.type, buyers: Number(r.buyers), repeaters: Number(r.repeaters) }));
}, 300_000);

const cell = (month: string, type?: string) =>
  samples
    .filter((s) => s.month === month && (type === undefined || s.type === type))
    .reduce((a, s) => ({ buyers: a.buyers + s.buyers, repeaters: a.repeaters + s.repeaters }), { buyers: 0, repeaters: 0 });

/** A value as the run's step holds it, with the expected beside it when they differ (for a readable failure). */
function compare(label: string, actual: unknown, expected: number): string | null {
  return closeEnough(Number(actual), expected) ? null : `${label}: run ${String(actual)}, derived ${expected}`;
}

test('the decomposition by customer type: every mix, rate and total effect derived from SQL by the shift-share formula', () => {
  expect(result.status).toBe('completed');
  const step = result.steps.find(
    (s) => s.step.operation.kind === 'change_decomposition' && s.result?.data_summary.dimension === 'customer_type',
  );
  const rows: Row[] = step?.result?.rows ?? [];
  expect(rows.map((r) => r.customer_type).sort()).toEqual(['new', 'returning']);
  const [n0, n1] = months.map((m) => cell(m).buyers) as [number, number];
  const problems: (string | null)[] = [];
  let change = 0;
  for (const type of ['new', 'returning'] as const) {
    const [b, a] = months.map((m) => cell(m, type));
    // w: the segment's share of the buyers; v: its own repurchase rate; 0 the month before, 1 the month.
    const w0 = b!.buyers / n0;
    const w1 = a!.buyers / n1;
    const v0 = b!.repeaters / b!.buyers;
    const v1 = a!.repeaters / a!.buyers;
    const mix = ((w1 - w0) * (v0 + v1)) / 2;
    const rate = ((v1 - v0) * (w0 + w1)) / 2;
    change += mix + rate;
    const row = rows.find((r) => r.customer_type === type);
    problems.push(
      compare(`${type} weight before`, row?.weight_before, w0),
      compare(`${type} weight after`, row?.weight_after, w1),
      compare(`${type} value before`, row?.value_before, v0),
      compare(`${type} value after`, row?.value_after, v1),
      compare(`${type} mix effect`, row?.mix_effect, mix),
      compare(`${type} rate effect`, row?.rate_effect, rate),
      compare(`${type} total effect`, row?.total_effect, mix + rate),
    );
  }
  // The two parts add up, over the segments, to the change of the rate itself.
  const overall = cell(months[1]).repeaters / n1 - cell(months[0]).repeaters / n0;
  expect(closeEnough(change, overall)).toBe(true);
  problems.push(compare('change', step?.result?.data_summary.change, overall));
  // The ranking's first contributor is the new customers' mix effect, the largest effect in the direction of the drop.
  const top = result.steps.find((s) => s.step.operation.kind === 'rank_contributors')?.result?.rows[0];
  expect(top).toMatchObject({ dimension: 'customer_type', segment: 'new', effect_type: 'mix' });
  const [bNew, aNew] = months.map((m) => cell(m, 'new'));
  const mixNew = ((aNew!.buyers / n1 - bNew!.buyers / n0) * (bNew!.repeaters / bNew!.buyers + aNew!.repeaters / aNew!.buyers)) / 2;
  problems.push(compare('top contributor effect', top?.effect, mixNew));
  expect(problems.filter((p) => p !== null)).toEqual([]);
});

test("Welch's t-test, its confidence interval and Cohen's d, derived from the buyers' 0/1 samples by the textbook formulas", () => {
  const [t] = result.statistics?.tests ?? [];
  expect(t?.test).toBe('Welch two-sample t-test');
  // Sample a: the month before; b: the month. Each buyer is 1 when they paid two orders or more in the month, else 0.
  const [a, b] = months.map((m) => cell(m)) as [{ buyers: number; repeaters: number }, { buyers: number; repeaters: number }];
  const mean = (s: typeof a) => s.repeaters / s.buyers;
  // The sample variance (n − 1 in the denominator) of n values of which k are 1: (k − n·m²) / (n − 1), m = k / n.
  const variance = (s: typeof a) => (s.repeaters - s.buyers * mean(s) ** 2) / (s.buyers - 1);
  const [ma, mb, va, vb, na, nb] = [mean(a), mean(b), variance(a), variance(b), a.buyers, b.buyers];
  const se = Math.sqrt(va / na + vb / nb);
  const statistic = (mb - ma) / se;
  const df = (va / na + vb / nb) ** 2 / ((va / na) ** 2 / (na - 1) + (vb / nb) ** 2 / (nb - 1));
  const p = 2 * (1 - tCdf(Math.abs(statistic), df));
  const half = tQuantile(0.975, df) * se;
  const pooled = Math.sqrt(((na - 1) * va + (nb - 1) * vb) / (na + nb - 2));
  const d = (mb - ma) / pooled;
  expect({ n_a: t?.n_a, n_b: t?.n_b }).toEqual({ n_a: na, n_b: nb });
  const problems = [
    compare('mean a', t?.mean_a, ma),
    compare('mean b', t?.mean_b, mb),
    compare('t statistic', t?.statistic, statistic),
    compare('p value', t?.p_value, p),
    compare('CI low', t?.ci_low, mb - ma - half),
    compare('CI high', t?.ci_high, mb - ma + half),
    compare("Cohen's d", t?.effect_size, d),
  ].filter((x) => x !== null);
  expect(problems).toEqual([]);
  expect(t?.significant).toBe(p < 0.05);
});
