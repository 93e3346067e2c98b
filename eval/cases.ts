/**
 * The accuracy suite: questions over the demo shop, half Chinese and half English,
 * covering every intent and each planted signal. Each expected answer is computed
 * here by hand-written SQL, independently of the catalog and the SQL compiler.
 */
import type { Pool } from 'pg';
import type { AnalysisResult, Intent, Row, StepRecord } from '../src/contracts';

export interface EvalContext {
  db: Pool;
  /** YYYY-MM of the last full month, the one before, and the first of the last six. */
  last: string;
  previous: string;
  sixAgo: string;
}

export interface EvalCase {
  question: string | ((ctx: EvalContext) => string);
  /** The intent the run must read; null: any (a data-quality question has no intent of its own). */
  intent: Intent | null;
  /** The expected answer, from hand-written SQL. */
  expected: (ctx: EvalContext) => Promise<Answer>;
  /** The same figure read from the run's result. */
  actual: (result: AnalysisResult) => Answer;
  /** The reading of the question the expected answer assumes (period, grain, filters). */
  note?: string;
  /** The question's language as its writer gave it; unset, a question with Chinese characters counts as Chinese. */
  language?: 'zh' | 'en';
}

export type Answer = number | string | (string | number)[] | Record<string, number>;

// ------------------------------------------------------------------ hand-written SQL

const PAID = `o.status = 'paid' AND o.amount > 0`;
const monthOf = (column: string) => `to_char(${column}, 'YYYY-MM')`;

/** One number from hand-written SQL (column v). */
export async function scalar(ctx: EvalContext, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await ctx.db.query<{ v: string }>(sql, params);
  return Number(rows[0]?.v);
}

/** Numbers keyed by column k from hand-written SQL (column v). */
export async function keyed(ctx: EvalContext, sql: string, params: unknown[] = []): Promise<Record<string, number>> {
  const { rows } = await ctx.db.query<{ k: string | null; v: string }>(sql, params);
  return Object.fromEntries(rows.map((r) => [r.k ?? '(missing)', Number(r.v)]));
}

const gmv = (ctx: EvalContext, month: string, where = 'TRUE', params: unknown[] = []) =>
  scalar(
    ctx,
    `SELECT sum(o.amount) AS v FROM orders o JOIN users u USING (user_id) LEFT JOIN categories c USING (category_id)
    WHERE ${PAID} AND ${monthOf('o.pay_time')} = $1 AND ${where}`,
    [month, ...params],
  );

const gmvBetween = (ctx: EvalContext, from: string, to: string) =>
  scalar(ctx, `SELECT sum(o.amount) AS v FROM orders o WHERE ${PAID} AND ${monthOf('o.pay_time')} BETWEEN $1 AND $2`, [from, to]);

const repurchase = (ctx: EvalContext, month: string, region: string | null) =>
  scalar(
    ctx,
    `SELECT avg((n >= 2)::int) AS v FROM (SELECT o.user_id, count(*) AS n FROM orders o JOIN users u USING (user_id)
    WHERE ${PAID} AND ${monthOf('o.pay_time')} = $1 AND ($2::text IS NULL OR u.region = $2) GROUP BY 1) x`,
    [month, region],
  );

const conversionBy = (ctx: EvalContext, month: string, column: 'region' | 'channel') =>
  keyed(
    ctx,
    `SELECT ${column} AS k, avg(coalesce(${monthOf('first_order_at')} = $1, false)::int) AS v FROM users
    WHERE ${monthOf('registered_at')} = $1 GROUP BY 1`,
    [month],
  );

const aovBy = (ctx: EvalContext, month: string, column: string) =>
  keyed(
    ctx,
    `SELECT ${column} AS k, sum(o.amount) / count(*) AS v FROM orders o JOIN users u USING (user_id)
    WHERE ${PAID} AND ${monthOf('o.pay_time')} = $1 GROUP BY 1`,
    [month],
  );

const newOrReturning = `CASE WHEN date_trunc('month', u.first_order_at) = date_trunc('month', o.pay_time) THEN 'new' ELSE 'returning' END`;

/**
 * A monthly series, every point, and its latest direction with how many consecutive months it held (key
 * `run:up`, `run:down` or `run:flat`, valued the run's length): the whole series is compared, not only its end.
 */
async function trendOf(ctx: EvalContext, sql: string, params: unknown[]): Promise<Record<string, number>> {
  const { rows } = await ctx.db.query<{ m: string; v: string }>(sql, params);
  const sorted = rows.sort((a, b) => a.m.localeCompare(b.m));
  const values = sorted.map((r) => Number(r.v));
  const signs = values.slice(1).map((v, i) => Math.sign(v - (values[i] as number)));
  const last = signs[signs.length - 1] ?? 0;
  let run = 0;
  for (let i = signs.length - 1; i >= 0 && signs[i] === last; i--) run++;
  return { ...Object.fromEntries(sorted.map((r) => [r.m, Number(r.v)])), [`run:${last > 0 ? 'up' : last < 0 ? 'down' : 'flat'}`]: run };
}

/**
 * For an additive metric's change between two months: the segment with the largest effect in the direction of the
 * change, keyed `dimension=segment`, valued its effect (after − before).
 */
async function topAdditiveContributor(
  ctx: EvalContext,
  where: string,
  params: unknown[],
  dims: Record<string, string>,
): Promise<Record<string, number>> {
  const shifted = (by: number) => where.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`);
  const total = (await gmv(ctx, ctx.last, shifted(1), params)) - (await gmv(ctx, ctx.previous, shifted(1), params));
  let best = { key: '', effect: 0 };
  for (const [name, column] of Object.entries(dims)) {
    const { rows } = await ctx.db.query<{ k: string | null; before: string | null; after: string | null }>(
      `SELECT ${column} AS k,
              sum(o.amount) FILTER (WHERE ${monthOf('o.pay_time')} = $1) AS before,
              sum(o.amount) FILTER (WHERE ${monthOf('o.pay_time')} = $2) AS after
       FROM orders o JOIN users u USING (user_id) LEFT JOIN categories c USING (category_id)
       WHERE ${PAID} AND ${shifted(2)} GROUP BY 1`,
      [ctx.previous, ctx.last, ...params],
    );
    for (const r of rows) {
      const effect = Number(r.after ?? 0) - Number(r.before ?? 0);
      if (Math.sign(total) * effect > Math.sign(total) * best.effect) best = { key: `${name}=${r.k ?? '(missing)'}`, effect };
    }
  }
  return { [best.key]: best.effect };
}

/**
 * The repurchase rate's change in a region between the two months, decomposed by hand over each dimension's segments
 * (s: a segment; w: its share of the buyers; v: its own repurchase rate; 0: the month before, 1: the month):
 *   mix effect  = (w1 − w0) · (v0 + v1) / 2      rate effect = (v1 − v0) · (w0 + w1) / 2
 * the textbook symmetric shift-share split, whose two parts add up, over the segments, to v1 − v0 overall.
 * Returns every segment's effects, keyed `dimension=segment mix|rate`.
 */
export async function repurchaseEffects(ctx: EvalContext, region: string, dims: Record<string, string>): Promise<Record<string, number>> {
  const effects: Record<string, number> = {};
  for (const [name, column] of Object.entries(dims)) {
    const { rows } = await ctx.db.query<{ k: string | null; m: string; buyers: string; repeaters: string }>(
      `SELECT k, m, count(*) AS buyers, count(*) FILTER (WHERE n >= 2) AS repeaters
       FROM (SELECT ${column} AS k, ${monthOf('o.pay_time')} AS m, o.user_id, count(*) AS n
             FROM orders o JOIN users u USING (user_id)
             WHERE ${PAID} AND u.region = $1 AND ${monthOf('o.pay_time')} IN ($2, $3) GROUP BY 1, 2, 3) x
       GROUP BY 1, 2`,
      [region, ctx.previous, ctx.last],
    );
    const all = (m: string) => rows.filter((r) => r.m === m).reduce((a, r) => a + Number(r.buyers), 0);
    const [n0, n1] = [all(ctx.previous), all(ctx.last)];
    for (const k of new Set(rows.map((r) => r.k ?? '(missing)'))) {
      const at = (m: string) => rows.find((r) => (r.k ?? '(missing)') === k && r.m === m);
      const [b0, b1] = [at(ctx.previous), at(ctx.last)];
      const w0 = Number(b0?.buyers ?? 0) / n0;
      const w1 = Number(b1?.buyers ?? 0) / n1;
      const v0 = b0 ? Number(b0.repeaters) / Number(b0.buyers) : 0;
      const v1 = b1 ? Number(b1.repeaters) / Number(b1.buyers) : 0;
      effects[`${name}=${k} mix`] = ((w1 - w0) * (v0 + v1)) / 2;
      effects[`${name}=${k} rate`] = ((v1 - v0) * (w0 + w1)) / 2;
    }
  }
  return effects;
}

/** The largest of the effects in the direction of the change (the sign of their sum over one dimension), keyed `dimension=segment`. */
async function topRatioContributor(ctx: EvalContext, region: string, dims: Record<string, string>): Promise<Record<string, number>> {
  const effects = Object.entries(await repurchaseEffects(ctx, region, dims));
  const first = Object.keys(dims)[0] ?? '';
  const change = effects.filter(([k]) => k.startsWith(`${first}=`)).reduce((a, [, v]) => a + v, 0);
  const sign = change < 0 ? -1 : 1;
  const [key, effect] = effects.sort((a, b) => sign * (b[1] - a[1]))[0] ?? ['(none)', NaN];
  return { [key.replace(/ (mix|rate)$/, '')]: effect };
}

// ------------------------------------------------------------------ reading results

const step = (r: AnalysisResult, kind: string): StepRecord | undefined => r.steps.find((s) => s.step.operation.kind === kind);
const firstValue = (r: AnalysisResult) => r.metrics[0]?.value ?? NaN;
const rowsBy = (rows: Row[] | undefined, key: string): Record<string, number> =>
  Object.fromEntries((rows ?? []).map((row) => [String(row[key] ?? '(missing)'), Number(row.value)]));
/** The trend step's series (the rows of the step it reads, by month) and its direction and run, as trendOf writes them. */
const trendAnswer = (r: AnalysisResult): Answer => {
  const trend = step(r, 'trend');
  const t = trend?.result?.rows[0];
  const source = (trend?.step.operation as { source?: string } | undefined)?.source;
  const series = r.steps.find((s) => s.step.step_id === source)?.result?.rows ?? [];
  return { ...rowsBy(series, 'month'), [`run:${String(t?.direction)}`]: Number(t?.run_length) };
};
/** The first of the ranked contributors, keyed `dimension=segment`, valued its effect. */
const topContributor = (r: AnalysisResult): Answer => {
  const top = step(r, 'rank_contributors')?.result?.rows[0];
  return top ? { [`${String(top.dimension)}=${String(top.segment)}`]: Number(top.effect) } : 'no contributor ranked';
};
const monthName = (ym: string) =>
  new Date(`${ym}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

// ------------------------------------------------------------------ the cases

export const CASES: EvalCase[] = [
  // general queries
  { question: '上个月 GMV 是多少？', intent: 'query', expected: (c) => gmv(c, c.last), actual: firstValue },
  { question: 'What was GMV last month?', intent: 'query', expected: (c) => gmv(c, c.last), actual: firstValue },
  {
    question: '上个月订单量是多少',
    intent: 'query',
    expected: (c) => scalar(c, `SELECT count(*) AS v FROM orders o WHERE ${PAID} AND ${monthOf('o.pay_time')} = $1`, [c.last]),
    actual: firstValue,
  },
  {
    question: 'How many buyers did we have last month?',
    intent: 'query',
    expected: (c) =>
      scalar(c, `SELECT count(DISTINCT user_id) AS v FROM orders o WHERE ${PAID} AND ${monthOf('o.pay_time')} = $1`, [c.last]),
    actual: firstValue,
  },
  {
    question: '上个月客单价是多少',
    intent: 'query',
    expected: (c) => scalar(c, `SELECT avg(amount) AS v FROM orders o WHERE ${PAID} AND ${monthOf('o.pay_time')} = $1`, [c.last]),
    actual: firstValue,
  },
  {
    question: 'What was the repurchase rate last month?',
    intent: 'query',
    expected: (c) => repurchase(c, c.last, null),
    actual: firstValue,
  },
  { question: '上个月华东的销售额', intent: 'query', expected: (c) => gmv(c, c.last, 'u.region = $2', ['华东']), actual: firstValue },
  {
    question: 'What was new-customer conversion in South China last month?',
    intent: 'query',
    expected: async (c) => (await conversionBy(c, c.last, 'region'))['华南'] ?? NaN,
    actual: firstValue,
  },
  {
    question: '上个月新客数是多少',
    intent: 'query',
    expected: (c) =>
      scalar(
        c,
        `SELECT count(DISTINCT o.user_id) AS v FROM orders o JOIN users u USING (user_id) WHERE ${PAID} AND ${monthOf('o.pay_time')} = $1 AND ${monthOf('u.first_order_at')} = $1`,
        [c.last],
      ),
    actual: firstValue,
  },
  {
    question: 'How many returning customers bought last month?',
    intent: 'query',
    expected: (c) =>
      scalar(
        c,
        `SELECT count(DISTINCT o.user_id) AS v FROM orders o JOIN users u USING (user_id) WHERE ${PAID} AND ${monthOf('o.pay_time')} = $1 AND ${monthOf('u.first_order_at')} < $1`,
        [c.last],
      ),
    actual: firstValue,
  },
  {
    question: (c) => `What was GMV in ${monthName(c.previous)}?`,
    intent: 'query',
    expected: (c) => gmv(c, c.previous),
    actual: firstValue,
  },
  {
    question: 'What was GMV over the last 3 months?',
    intent: 'query',
    expected: (c) => gmvBetween(c, shift(c.last, -2), c.last),
    actual: firstValue,
  },
  {
    question: '上个月华东新客转化率是多少',
    intent: 'query',
    expected: async (c) => (await conversionBy(c, c.last, 'region'))['华东'] ?? NaN,
    actual: firstValue,
  },
  {
    question: 'What was the repurchase rate in East China last month?',
    intent: 'query',
    expected: (c) => repurchase(c, c.last, '华东'),
    actual: firstValue,
  },
  {
    question: '上个月各渠道的新客转化率',
    intent: 'query',
    expected: (c) => conversionBy(c, c.last, 'channel'),
    actual: (r) => rowsBy(r.steps[0]?.result?.rows, 'channel'),
  },
  {
    question: '上个月各区域的订单量',
    intent: 'query',
    expected: (c) =>
      keyed(
        c,
        `SELECT u.region AS k, count(*) AS v FROM orders o JOIN users u USING (user_id) WHERE ${PAID} AND ${monthOf('o.pay_time')} = $1 GROUP BY 1`,
        [c.last],
      ),
    actual: (r) => rowsBy(r.steps[0]?.result?.rows, 'region'),
  },
  // top N
  {
    question: '上个月销售额最高的三个品类',
    intent: 'query',
    expected: async (c) =>
      Object.entries(
        await keyed(
          c,
          `SELECT c.name AS k, sum(o.amount) AS v FROM orders o LEFT JOIN categories c USING (category_id) WHERE ${PAID} AND ${monthOf('o.pay_time')} = $1 GROUP BY 1`,
          [c.last],
        ),
      )
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([k]) => k),
    actual: (r) => (r.steps[0]?.result?.rows ?? []).map((row) => String(row.category)),
  },
  {
    question: 'Which 2 regions had the lowest AOV last month?',
    intent: 'query',
    expected: async (c) =>
      Object.entries(await aovBy(c, c.last, 'u.region'))
        .sort((a, b) => a[1] - b[1])
        .slice(0, 2)
        .map(([k]) => k),
    actual: (r) => (r.steps[0]?.result?.rows ?? []).map((row) => String(row.region)),
  },
  // trends (planted: electronics rises, books falls)
  {
    question: '最近6个月数码品类销售额的走势',
    intent: 'trend',
    expected: (c) =>
      trendOf(
        c,
        `SELECT ${monthOf('o.pay_time')} AS m, sum(o.amount) AS v FROM orders o JOIN categories c USING (category_id) WHERE ${PAID} AND c.name = '数码' AND ${monthOf('o.pay_time')} BETWEEN $1 AND $2 GROUP BY 1`,
        [c.sixAgo, c.last],
      ),
    actual: trendAnswer,
  },
  {
    question: 'Show the trend of books GMV',
    intent: 'trend',
    expected: (c) =>
      trendOf(
        c,
        `SELECT ${monthOf('o.pay_time')} AS m, sum(o.amount) AS v FROM orders o JOIN categories c USING (category_id) WHERE ${PAID} AND c.name = '图书' AND ${monthOf('o.pay_time')} BETWEEN $1 AND $2 GROUP BY 1`,
        [c.sixAgo, c.last],
      ),
    actual: trendAnswer,
  },
  {
    question: 'What is the GMV trend over the last 6 months?',
    intent: 'trend',
    expected: (c) =>
      trendOf(
        c,
        `SELECT ${monthOf('o.pay_time')} AS m, sum(o.amount) AS v FROM orders o WHERE ${PAID} AND ${monthOf('o.pay_time')} BETWEEN $1 AND $2 GROUP BY 1`,
        [c.sixAgo, c.last],
      ),
    actual: trendAnswer,
  },
  {
    question: '最近6个月复购率的变化趋势',
    intent: 'trend',
    expected: (c) =>
      trendOf(
        c,
        `SELECT m, avg((n >= 2)::int) AS v FROM (SELECT ${monthOf('o.pay_time')} AS m, o.user_id, count(*) AS n FROM orders o WHERE ${PAID} AND ${monthOf('o.pay_time')} BETWEEN $1 AND $2 GROUP BY 1, 2) x GROUP BY 1`,
        [c.sixAgo, c.last],
      ),
    actual: trendAnswer,
  },
  // comparisons
  {
    question: '对比一下新老客的客单价变化并找出贡献最大的三个品类',
    intent: 'comparison',
    expected: async (c) => {
      const { rows } = await c.db.query<{ seg: string; k: string | null; gmv: string; n: string }>(
        `SELECT ${newOrReturning} AS seg, c.name AS k, sum(o.amount) AS gmv, count(*) AS n FROM orders o JOIN users u USING (user_id) LEFT JOIN categories c USING (category_id)
         WHERE ${PAID} AND ${monthOf('o.pay_time')} BETWEEN $1 AND $2 GROUP BY 1, 2`,
        [c.sixAgo, c.last],
      );
      const total = (s: string) => rows.filter((r) => r.seg === s).reduce((a, r) => a + Number(r.n), 0);
      const aov = (s: string) => rows.filter((r) => r.seg === s).reduce((a, r) => a + Number(r.gmv), 0) / total(s);
      const [hi, lo] = aov('returning') > aov('new') ? ['returning', 'new'] : ['new', 'returning'];
      const g = (s: string, k: string) => Number(rows.find((r) => r.seg === s && (r.k ?? '(missing)') === k)?.gmv ?? 0);
      const keys = [...new Set(rows.map((r) => r.k ?? '(missing)'))];
      const contribution = (k: string) => g(hi, k) / total(hi) - g(lo, k) / total(lo);
      return keys.sort((a, b) => contribution(b) - contribution(a)).slice(0, 3);
    },
    actual: (r) => (step(r, 'top_n')?.result?.rows ?? []).map((row) => String(row.category)),
  },
  {
    question: 'Compare GMV in East China versus North China last month',
    intent: 'comparison',
    expected: (c) =>
      keyed(
        c,
        `SELECT u.region AS k, sum(o.amount) AS v FROM orders o JOIN users u USING (user_id) WHERE ${PAID} AND ${monthOf('o.pay_time')} = $1 AND u.region IN ('华东', '华北') GROUP BY 1`,
        [c.last],
      ),
    actual: (r) => rowsBy(step(r, 'compare')?.result?.rows, 'region'),
  },
  {
    question: '对比上个月华东和华北的客单价',
    intent: 'comparison',
    expected: async (c) => {
      const all = await aovBy(c, c.last, 'u.region');
      return { 华东: all['华东'] ?? NaN, 华北: all['华北'] ?? NaN };
    },
    actual: (r) => rowsBy(step(r, 'compare')?.result?.rows, 'region'),
  },
  {
    question: "Compare new and returning customers' AOV last month",
    intent: 'comparison',
    expected: (c) => aovBy(c, c.last, newOrReturning),
    actual: (r) => rowsBy(step(r, 'compare')?.result?.rows, 'customer_type'),
  },
  {
    question: '上个月与前一个月的销售额对比',
    intent: 'comparison',
    expected: async (c) => ({ [c.previous]: await gmv(c, c.previous), [c.last]: await gmv(c, c.last) }),
    actual: (r) => rowsBy(step(r, 'compare')?.result?.rows, 'month'),
  },
  {
    question: 'Compare orders last month with the month before',
    intent: 'comparison',
    expected: (c) =>
      keyed(
        c,
        `SELECT ${monthOf('o.pay_time')} AS k, count(*) AS v FROM orders o WHERE ${PAID} AND ${monthOf('o.pay_time')} IN ($1, $2) GROUP BY 1`,
        [c.previous, c.last],
      ),
    actual: (r) => rowsBy(step(r, 'compare')?.result?.rows, 'month'),
  },
  // attribution (planted: 华东 repurchase falls through new-customer mix)
  {
    question: '为什么华东区上个月复购率下降了？',
    intent: 'attribution',
    expected: (c) => topRatioContributor(c, '华东', { customer_type: newOrReturning, channel: 'u.channel' }),
    actual: topContributor,
  },
  {
    question: 'Why did the repurchase rate in East China drop last month?',
    intent: 'attribution',
    expected: async (c) => `${((await repurchase(c, c.last, '华东')) - (await repurchase(c, c.previous, '华东'))).toFixed(6)}`,
    actual: (r) => Number(step(r, 'rank_contributors')?.result?.data_summary.change).toFixed(6),
  },
  {
    question: 'Why did books GMV drop last month?',
    intent: 'attribution',
    expected: (c) => topAdditiveContributor(c, `c.name = $1`, ['图书'], { region: 'u.region', customer_type: newOrReturning }),
    actual: topContributor,
  },
  {
    question: '为什么上个月数码销售额上涨了',
    intent: 'attribution',
    expected: (c) => topAdditiveContributor(c, `c.name = $1`, ['数码'], { region: 'u.region', customer_type: newOrReturning }),
    actual: topContributor,
  },
];

function shift(ym: string, months: number): string {
  const d = new Date(`${ym}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 7);
}

export function evalContext(db: Pool, lastMonth: string): EvalContext {
  return { db, last: lastMonth, previous: shift(lastMonth, -1), sixAgo: shift(lastMonth, -5) };
}

/**
 * How close a number must be. Counts (an integer expected) exactly, to a float's rounding; fractions (|expected| < 1:
 * rates, shares, effects in percentage points) and other numbers to 1e-6 relative; money (a non-integer of 1 or
 * more, with at most cents beyond the rounding) to half a cent absolute, or 1e-6 relative when that is larger. The
 * kind is read from the expected value, never from the run (a run must not loosen its own check by calling a rate money).
 */
export function closeEnough(actual: number, expected: number): boolean {
  if (!Number.isFinite(actual) || !Number.isFinite(expected)) return false;
  const diff = Math.abs(actual - expected);
  const relative = Math.abs(expected) * 1e-6;
  if (Number.isInteger(expected)) return diff <= Math.max(1e-9, Math.abs(expected) * 1e-12);
  if (Math.abs(expected) < 1) return diff <= Math.max(relative, 1e-12);
  return diff <= Math.max(0.005, relative);
}

/** Numbers as closeEnough says; lists and labels exactly; keyed answers on the same keys, each number close enough. */
export function matches(actual: Answer, expected: Answer): boolean {
  if (typeof expected === 'number') return typeof actual === 'number' && closeEnough(actual, expected);
  if (typeof expected === 'string') return actual === expected;
  if (Array.isArray(expected)) return Array.isArray(actual) && JSON.stringify(actual) === JSON.stringify(expected);
  if (typeof actual !== 'object' || Array.isArray(actual)) return false;
  const keys = Object.keys(expected).sort();
  return (
    JSON.stringify(Object.keys(actual).sort()) === JSON.stringify(keys) && keys.every((k) => matches(actual[k] ?? NaN, expected[k] ?? NaN))
  );
}

export function show(answer: Answer): string {
  if (typeof answer === 'number') return Number.isInteger(answer) ? String(answer) : String(Number(answer.toPrecision(8)));
  if (typeof answer === 'string') return answer;
  if (Array.isArray(answer)) return answer.join(', ');
  return Object.entries(answer)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}:${show(v)}`)
    .join(' ');
}
