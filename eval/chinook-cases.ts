/**
 * The Chinook accuracy suite: business questions over a public database nobody on
 * the project designed (catalogs/chinook.yaml, loaded by scripts/load-chinook.sh),
 * half Chinese and half English. Every expected answer is hand-written SQL against
 * the Chinook tables, independent of the catalog, the SQL compiler and the planner.
 *
 * The runs' "today" is pinned to CHINOOK_AS_OF (2026-11-30); the data runs from
 * 2021-01-01 to 2025-12-22. The readings the answers are written to:
 *   - no period (a total, breakdown, ranking, average, count or share): all of the data, no time filter;
 *   - no period but a grain ("by year", 每季度, "which year"): all time;
 *   - no period in a comparison or a why: the two latest full months with data (2025-11, 2025-12);
 *   - "in total", "all time", "overall", 历史上, 累计, 一共: all time;
 *   - named years, quarters, months and ranges: exactly that window, half-open
 *     ("between 2022 and 2024" includes 2024; "from March to June 2024" ends 2024-07-01);
 *   - relative periods against the calendar: "last year"/去年 = 2025; "this year",
 *     今年 and "last month" hold no data, so the run asks for clarification;
 *   - year over year: the period against the same period a year earlier; period over
 *     period: against the period of the same length just before;
 *   - a trend without a period: the last 6 full months with data (2025-07 .. 2025-12).
 * Money by genre, artist, album or media type is line-level (unit_price × quantity):
 * an invoice total cannot be split across the genres of its lines.
 */
import type { AnalysisResult, Row, StepRecord } from '../src/contracts';
import { keyed, scalar, type Answer, type EvalCase, type EvalContext } from './cases';

/** The runs' as-of date: the data's last month (December 2025) lies well in the past. */
export const CHINOOK_AS_OF = '2026-11-30';
/** The latest full month with data: what a comparison or a why without a period reads (with the month before). */
export const CHINOOK_LAST_MONTH = '2025-12';
/** The suite passes at this share of its questions, with no miss labelled completed. */
export const CHINOOK_PASS_SHARE = 0.95;

/** Where the Chinook database is: CHINOOK_DATABASE_URL, else database baton_chinook on the given server. */
export function chinookDatabaseUrl(serverUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHINOOK_DATABASE_URL) return env.CHINOOK_DATABASE_URL;
  const url = new URL(serverUrl);
  url.pathname = '/baton_chinook';
  return url.toString();
}

// ------------------------------------------------------------------ hand-written SQL

type Grain = 'year' | 'quarter' | 'month';
const FORMATS: Record<Grain, string> = { year: 'YYYY', quarter: 'YYYY-"Q"Q', month: 'YYYY-MM' };
/** The period key of a timestamp, written as the result rows name periods ('2024', '2024-Q3', '2024-07'). */
const periodOf = (grain: Grain, column = 'i.invoice_date') => `to_char(date_trunc('${grain}', ${column}), '${FORMATS[grain]}')`;
/** Half-open window over the invoice date, on parameters $n and $n+1. */
const within = (n: number) => `i.invoice_date >= $${n}::timestamp AND i.invoice_date < $${n + 1}::timestamp`;

/** Invoices with their customer and support rep: the invoice-level grain. */
const INVOICES = `FROM invoice i JOIN customer c ON c.customer_id = i.customer_id LEFT JOIN employee e ON e.employee_id = c.support_rep_id`;
/** Invoice lines with everything a line reaches: the line-level grain. */
const LINES = `FROM invoice_line l JOIN invoice i ON i.invoice_id = l.invoice_id JOIN customer c ON c.customer_id = i.customer_id
  JOIN track t ON t.track_id = l.track_id JOIN album al ON al.album_id = t.album_id JOIN artist ar ON ar.artist_id = al.artist_id
  JOIN genre g ON g.genre_id = t.genre_id JOIN media_type mt ON mt.media_type_id = t.media_type_id`;
const LINE_MONEY = 'sum(l.unit_price * l.quantity)';

/** The keys of the first n rows by value; the questions are chosen so that no tie crosses the cut. */
async function ranked(ctx: EvalContext, sql: string, params: unknown[], n: number, order: 'desc' | 'asc' = 'desc'): Promise<string[]> {
  const { rows } = await ctx.db.query<{ k: string; v: string }>(`SELECT k, v FROM (${sql}) x ORDER BY v ${order} LIMIT ${n}`, params);
  return rows.map((r) => r.k);
}

async function first(ctx: EvalContext, sql: string, params: unknown[], order: 'desc' | 'asc' = 'desc'): Promise<string> {
  return (await ranked(ctx, sql, params, 1, order))[0] ?? '(none)';
}

/** The value of each of two periods, keyed as the result rows key them. */
async function twoPeriods(
  ctx: EvalContext,
  grain: Grain,
  aggregate: string,
  before: string,
  after: string,
): Promise<Record<string, number>> {
  return keyed(ctx, `SELECT ${periodOf(grain)} AS k, ${aggregate} AS v ${INVOICES} WHERE ${periodOf(grain)} IN ($1, $2) GROUP BY 1`, [
    before,
    after,
  ]);
}

/** The dimensions a "why" over revenue is decomposed by: the customer's country and the customer's support rep. */
const CAUSES: Record<string, string> = { country: 'c.country', support_rep: `e.first_name || ' ' || e.last_name` };
/** How many ranked contributors are compared (the ranking's length in the run). */
const RANKED = 5;

/**
 * An additive change of revenue between two periods, by hand: both values, and every segment's effect (after −
 * before) over the country and the support rep, ranked in the direction of the change. The answer holds the values,
 * the stated cause (the first of the ranking, keyed `cause: dimension=segment`, valued its effect) and the effects
 * of the first RANKED contributors in order (`rank n`; values, so that a tie between two labels does not matter).
 */
async function revenueChange(ctx: EvalContext, grain: Grain, before: string, after: string): Promise<Record<string, number>> {
  const effects: { k: string; effect: number }[] = [];
  let totals = { b: 0, a: 0 };
  for (const [name, column] of Object.entries(CAUSES)) {
    const { rows } = await ctx.db.query<{ k: string; b: string | null; a: string | null }>(
      `SELECT ${column} AS k, sum(i.total) FILTER (WHERE ${periodOf(grain)} = $1) AS b, sum(i.total) FILTER (WHERE ${periodOf(grain)} = $2) AS a
       ${INVOICES} WHERE ${periodOf(grain)} IN ($1, $2) GROUP BY 1`,
      [before, after],
    );
    totals = { b: rows.reduce((s, r) => s + Number(r.b ?? 0), 0), a: rows.reduce((s, r) => s + Number(r.a ?? 0), 0) };
    effects.push(...rows.map((r) => ({ k: `${name}=${r.k}`, effect: Number(r.a ?? 0) - Number(r.b ?? 0) })));
  }
  return changeAnswer(totals.b, totals.a, effects);
}

// ------------------------------------------------------------------ reading results

const rowsOf = (r: AnalysisResult, i = 0): Row[] => r.steps[i]?.result?.rows ?? [];
const stepOf = (r: AnalysisResult, test: (s: StepRecord) => boolean): StepRecord | undefined => r.steps.find(test);

/** A single figure: the first step's one row. */
const value = (r: AnalysisResult): Answer => {
  const rows = rowsOf(r);
  return rows.length === 1 ? Number(rows[0]?.value) : NaN;
};
/** The first step's rows, keyed by a group column (a dimension id or a grain). */
const byKey =
  (column: string) =>
  (r: AnalysisResult): Answer =>
    Object.fromEntries(rowsOf(r).map((row) => [String(row[column] ?? '(missing)'), Number(row.value)]));
/** The first step's keys in row order (a top-N step is sorted and limited). */
const keys =
  (column: string) =>
  (r: AnalysisResult): Answer =>
    rowsOf(r).map((row) => String(row[column]));
/** The first row's key: the answer to "which … most / least". */
const firstKey =
  (column: string) =>
  (r: AnalysisResult): Answer =>
    String(rowsOf(r)[0]?.[column] ?? '(none)');
/**
 * A row's period key: the grain's column, or "period" when the step compares two named periods
 * (keyed the same way: '2024', '2024-Q3', '2024-07').
 */
const periodKey = (row: Row, column: string): string => String(row[column] ?? row.period);
/** The earliest and the latest period of the first step: year over year, period over period. */
const ends =
  (column: string) =>
  (r: AnalysisResult): Answer => {
    const rows = [...rowsOf(r)].sort((a, b) => periodKey(a, column).localeCompare(periodKey(b, column)));
    const pick = [rows[0], rows[rows.length - 1]].filter((row): row is Row => row !== undefined);
    return Object.fromEntries(pick.map((row) => [periodKey(row, column), Number(row.value)]));
  };
/** How the run ended: for questions whose right outcome is a clarification request. */
const status = (r: AnalysisResult): Answer => r.status;
/**
 * An attribution as the run states it: the first step's two values, and the run's own ranking of contributors
 * (its rank_contributors step, in its order): the stated cause with its effect and the first RANKED effects.
 * Nothing is re-ranked here: the run's ranking is what is checked against the SQL's.
 */
const change =
  (column: string) =>
  (r: AnalysisResult): Answer => {
    const rows = [...rowsOf(r)].sort((a, b) => periodKey(a, column).localeCompare(periodKey(b, column)));
    const ranking = stepOf(r, (s) => s.step.operation.kind === 'rank_contributors')?.result?.rows ?? [];
    if (ranking.length === 0) return 'no contributors ranked';
    const [top] = ranking;
    return {
      before: Number(rows[0]?.value),
      after: Number(rows[rows.length - 1]?.value),
      [`cause: ${String(top?.dimension)}=${String(top?.segment)}`]: Number(top?.effect),
      ...Object.fromEntries(ranking.slice(0, RANKED).map((row, i) => [`rank ${i + 1}`, Number(row.effect)])),
    };
  };

/** Values, the cause and the ranked effects, from effects in any order: those in the direction of the change, ranked by size (ties by name). */
function changeAnswer(before: number, after: number, effects: { k: string; effect: number }[]): Record<string, number> {
  const sign = after - before < 0 ? -1 : 1;
  const sorted = effects.filter((e) => sign * e.effect > 0).sort((p, q) => sign * (q.effect - p.effect) || p.k.localeCompare(q.k));
  const [top] = sorted;
  return {
    before,
    after,
    [`cause: ${top?.k ?? '(none)'}`]: top?.effect ?? NaN,
    ...Object.fromEntries(sorted.slice(0, RANKED).map((e, i) => [`rank ${i + 1}`, e.effect])),
  };
}

// ------------------------------------------------------------------ the cases

const ALL_REVENUE = `SELECT sum(i.total) AS v ${INVOICES}`;
const COUNTRY_REVENUE = `SELECT c.country AS k, sum(i.total) AS v ${INVOICES}`;

export const CHINOOK_CASES: EvalCase[] = [
  // ---------------------------------------------------------------- English
  {
    question: 'What is our total revenue of all time?',
    intent: 'query',
    note: '"of all time": every invoice, SUM(invoice.total)',
    expected: (c) => scalar(c, ALL_REVENUE),
    actual: value,
  },
  {
    question: 'How many orders have we had in total?',
    intent: 'query',
    note: '"in total": every invoice counted',
    expected: (c) => scalar(c, `SELECT count(*) AS v ${INVOICES}`),
    actual: value,
  },
  {
    question: 'What was revenue in 2024?',
    intent: 'query',
    note: 'a named year: [2024-01-01, 2025-01-01)',
    expected: (c) => scalar(c, `${ALL_REVENUE} WHERE ${within(1)}`, ['2024-01-01', '2025-01-01']),
    actual: value,
  },
  {
    question: 'Show revenue by year',
    intent: 'query',
    note: 'a grain and no period: all time, one row per year (2021..2025)',
    expected: (c) => keyed(c, `SELECT ${periodOf('year')} AS k, sum(i.total) AS v ${INVOICES} GROUP BY 1`),
    actual: byKey('year'),
  },
  {
    question: 'Revenue by quarter in 2024',
    intent: 'query',
    note: 'quarters of 2024, keyed 2024-Q1..2024-Q4',
    expected: (c) =>
      keyed(c, `SELECT ${periodOf('quarter')} AS k, sum(i.total) AS v ${INVOICES} WHERE ${within(1)} GROUP BY 1`, [
        '2024-01-01',
        '2025-01-01',
      ]),
    actual: byKey('quarter'),
  },
  {
    question: 'Monthly number of orders in 2025',
    intent: 'query',
    note: 'invoices per month of 2025, 12 rows keyed 2025-01..2025-12',
    expected: (c) =>
      keyed(c, `SELECT ${periodOf('month')} AS k, count(*) AS v ${INVOICES} WHERE ${within(1)} GROUP BY 1`, ['2025-01-01', '2026-01-01']),
    actual: byKey('month'),
  },
  {
    question: 'Which country has the largest number of customers overall?',
    intent: 'query',
    note: '"overall": all time; distinct buying customers per customer country, the first one',
    expected: (c) => first(c, `SELECT c.country AS k, count(DISTINCT i.customer_id) AS v ${INVOICES} GROUP BY 1`, []),
    actual: firstKey('country'),
  },
  {
    question: 'Who are our top 3 customers by revenue of all time?',
    intent: 'query',
    note: 'all time; the three customers (first and last name) with the largest invoice totals, in order',
    expected: (c) => ranked(c, `SELECT c.first_name || ' ' || c.last_name AS k, sum(i.total) AS v ${INVOICES} GROUP BY 1`, [], 3),
    actual: keys('customer'),
  },
  {
    question: 'Which genre brought in the most revenue in 2023?',
    intent: 'query',
    note: 'line-level money (unit_price × quantity) per genre in 2023, the first one; invoice totals cannot be split by genre',
    expected: (c) =>
      first(c, `SELECT g.name AS k, ${LINE_MONEY} AS v ${LINES} WHERE ${within(1)} GROUP BY 1`, ['2023-01-01', '2024-01-01']),
    actual: firstKey('genre'),
  },
  {
    question: 'Top 3 artists by track sales of all time',
    intent: 'query',
    note: 'all time; line-level money per artist, the first three in order',
    expected: (c) => ranked(c, `SELECT ar.name AS k, ${LINE_MONEY} AS v ${LINES} GROUP BY 1`, [], 3),
    actual: keys('artist'),
  },
  {
    question: 'Which support rep had the lowest sales in 2024?',
    intent: 'query',
    note: "2024; invoice totals per customer's support rep (employee first and last name), the lowest",
    expected: (c) =>
      first(
        c,
        `SELECT e.first_name || ' ' || e.last_name AS k, sum(i.total) AS v ${INVOICES} WHERE ${within(1)} GROUP BY 1`,
        ['2024-01-01', '2025-01-01'],
        'asc',
      ),
    actual: firstKey('support_rep'),
  },
  {
    question: 'What was the average order value in 2023?',
    intent: 'query',
    note: 'invoice level: SUM(total) / COUNT(invoices) in 2023',
    expected: (c) => scalar(c, `SELECT sum(i.total) / count(*) AS v ${INVOICES} WHERE ${within(1)}`, ['2023-01-01', '2024-01-01']),
    actual: value,
  },
  {
    question: 'What is the average price per track sold?',
    intent: 'query',
    note: 'no period: all of the data; line level SUM(unit_price × quantity) / SUM(quantity)',
    expected: (c) => scalar(c, `SELECT ${LINE_MONEY} / sum(l.quantity) AS v ${LINES}`),
    actual: value,
  },
  {
    question: 'How many invoices without a billing state were there in 2024?',
    intent: 'query',
    note: 'null-filtered count: invoices of 2024 whose billing_state IS NULL',
    expected: (c) =>
      scalar(c, `SELECT count(*) AS v ${INVOICES} WHERE i.billing_state IS NULL AND ${within(1)}`, ['2024-01-01', '2025-01-01']),
    actual: value,
  },
  {
    question: 'How many business customers bought from us last year?',
    intent: 'query',
    note: '"last year" against 2026-11-30 = 2025 (it has data); distinct buying customers whose company IS NOT NULL',
    expected: (c) =>
      scalar(c, `SELECT count(DISTINCT i.customer_id) AS v ${INVOICES} WHERE c.company IS NOT NULL AND ${within(1)}`, [
        '2025-01-01',
        '2026-01-01',
      ]),
    actual: value,
  },
  {
    question: 'What was revenue from March to June 2024?',
    intent: 'query',
    note: 'a range of months, both ends included: [2024-03-01, 2024-07-01)',
    expected: (c) => scalar(c, `${ALL_REVENUE} WHERE ${within(1)}`, ['2024-03-01', '2024-07-01']),
    actual: value,
  },
  {
    question: 'How many orders did we get between 2022 and 2024?',
    intent: 'query',
    note: 'a range of years including 2024: [2022-01-01, 2025-01-01)',
    expected: (c) => scalar(c, `SELECT count(*) AS v ${INVOICES} WHERE ${within(1)}`, ['2022-01-01', '2025-01-01']),
    actual: value,
  },
  {
    question: 'How did revenue in Q3 2025 compare year over year?',
    intent: 'comparison',
    note: 'year over year: Q3 2025 against Q3 2024; the first step by quarter, its first and last rows',
    expected: (c) => twoPeriods(c, 'quarter', 'sum(i.total)', '2024-Q3', '2025-Q3'),
    actual: ends('quarter'),
  },
  {
    question: 'Compare revenue in November 2025 with the month before',
    intent: 'comparison',
    note: 'period over period: November 2025 against October 2025, by month',
    expected: (c) => twoPeriods(c, 'month', 'sum(i.total)', '2025-10', '2025-11'),
    actual: ends('month'),
  },
  {
    question: 'What is the revenue trend?',
    intent: 'trend',
    note: 'a trend without a period: the last 6 full months with data, 2025-07..2025-12, monthly',
    expected: (c) =>
      keyed(c, `SELECT ${periodOf('month')} AS k, sum(i.total) AS v ${INVOICES} WHERE ${within(1)} GROUP BY 1`, [
        '2025-07-01',
        '2026-01-01',
      ]),
    actual: byKey('month'),
  },
  {
    question: 'Why did revenue change between October and November 2025?',
    intent: 'attribution',
    note: 'the change October → November 2025 (by month) and the country with the largest effect in its direction',
    expected: (c) => revenueChange(c, 'month', '2025-10', '2025-11'),
    actual: change('month'),
  },
  {
    question: 'What was revenue this year?',
    intent: 'query',
    note: '"this year" is 2026, which holds no data: the run asks for clarification, naming the data\'s extent',
    expected: () => Promise.resolve('needs_clarification'),
    actual: status,
  },

  // ---------------------------------------------------------------- Chinese (two mixed with English)
  {
    question: '历史上总销售额是多少',
    intent: 'query',
    note: '历史上: all time, SUM(invoice.total)',
    expected: (c) => scalar(c, ALL_REVENUE),
    actual: value,
  },
  {
    question: '去年的销量是多少',
    intent: 'query',
    note: '去年 against 2026-11-30 = 2025; SUM(invoice_line.quantity)',
    expected: (c) => scalar(c, `SELECT sum(l.quantity) AS v ${LINES} WHERE ${within(1)}`, ['2025-01-01', '2026-01-01']),
    actual: value,
  },
  {
    question: '每季度的订单数',
    intent: 'query',
    note: 'a grain and no period: all time, one row per quarter (2021-Q1..2025-Q4)',
    expected: (c) => keyed(c, `SELECT ${periodOf('quarter')} AS k, count(*) AS v ${INVOICES} GROUP BY 1`),
    actual: byKey('quarter'),
  },
  {
    question: '2025年每个月的销售额',
    intent: 'query',
    note: 'months of 2025, keyed 2025-01..2025-12',
    expected: (c) =>
      keyed(c, `SELECT ${periodOf('month')} AS k, sum(i.total) AS v ${INVOICES} WHERE ${within(1)} GROUP BY 1`, [
        '2025-01-01',
        '2026-01-01',
      ]),
    actual: byKey('month'),
  },
  {
    question: '哪一年的销售额最高',
    intent: 'query',
    note: '"which year": a grain, so all time; the year with the largest revenue',
    expected: (c) => first(c, `SELECT ${periodOf('year')} AS k, sum(i.total) AS v ${INVOICES} GROUP BY 1`, []),
    actual: firstKey('year'),
  },
  {
    question: '2024年销售额最高的5个国家',
    intent: 'query',
    note: '2024; the five customer countries with the largest revenue, in order',
    expected: (c) => ranked(c, `${COUNTRY_REVENUE} WHERE ${within(1)} GROUP BY 1`, ['2024-01-01', '2025-01-01'], 5),
    actual: keys('country'),
  },
  {
    question: '哪个流派的曲目销售额最高',
    intent: 'query',
    note: 'no period: all of the data; line-level money per genre, the first one',
    expected: (c) => first(c, `SELECT g.name AS k, ${LINE_MONEY} AS v ${LINES} GROUP BY 1`, []),
    actual: firstKey('genre'),
  },
  {
    question: '2024年哪个流派的销售额最低',
    intent: 'query',
    note: '2024; line-level money per genre (销售额 by genre can only be line-level), the lowest among genres that sold',
    expected: (c) =>
      first(c, `SELECT g.name AS k, ${LINE_MONEY} AS v ${LINES} WHERE ${within(1)} GROUP BY 1`, ['2024-01-01', '2025-01-01'], 'asc'),
    actual: firstKey('genre'),
  },
  {
    question: '2022年销量最高的三位艺术家',
    intent: 'query',
    note: '2022; tracks sold (SUM(quantity)) per artist, the first three in order',
    expected: (c) =>
      ranked(c, `SELECT ar.name AS k, sum(l.quantity) AS v ${LINES} WHERE ${within(1)} GROUP BY 1`, ['2022-01-01', '2023-01-01'], 3),
    actual: keys('artist'),
  },
  {
    question: '累计销售额最高的销售代表',
    intent: 'query',
    note: '累计: all time; invoice totals per support rep, the first one',
    expected: (c) => first(c, `SELECT e.first_name || ' ' || e.last_name AS k, sum(i.total) AS v ${INVOICES} GROUP BY 1`, []),
    actual: firstKey('support_rep'),
  },
  {
    question: '美国客户的客单价是多少',
    intent: 'query',
    note: 'no period: all of the data; SUM(total) / COUNT(invoices) of customers in the USA',
    expected: (c) => scalar(c, `SELECT sum(i.total) / count(*) AS v ${INVOICES} WHERE c.country = 'USA'`),
    actual: value,
  },
  {
    question: '2024年摇滚乐的平均单价',
    intent: 'query',
    note: '2024, genre Rock; line level SUM(unit_price × quantity) / SUM(quantity)',
    expected: (c) =>
      scalar(c, `SELECT ${LINE_MONEY} / sum(l.quantity) AS v ${LINES} WHERE g.name = 'Rock' AND ${within(1)}`, [
        '2024-01-01',
        '2025-01-01',
      ]),
    actual: value,
  },
  {
    question: '累计有多少企业客户下过单',
    intent: 'query',
    note: '累计: all time; distinct buying customers whose company IS NOT NULL',
    expected: (c) => scalar(c, `SELECT count(DISTINCT i.customer_id) AS v ${INVOICES} WHERE c.company IS NOT NULL`),
    actual: value,
  },
  {
    question: '2023年3月到6月的销售额',
    intent: 'query',
    note: 'a range of months, both ends included: [2023-03-01, 2023-07-01)',
    expected: (c) => scalar(c, `${ALL_REVENUE} WHERE ${within(1)}`, ['2023-03-01', '2023-07-01']),
    actual: value,
  },
  {
    question: '2022年至2024年巴西客户的销售额',
    intent: 'query',
    note: 'a range of years including 2024, customers in Brazil: [2022-01-01, 2025-01-01)',
    expected: (c) => scalar(c, `${ALL_REVENUE} WHERE c.country = 'Brazil' AND ${within(1)}`, ['2022-01-01', '2025-01-01']),
    actual: value,
  },
  {
    question: '2025年第四季度的销售额同比怎么样',
    intent: 'comparison',
    note: '同比: Q4 2025 against Q4 2024; the first step by quarter, its first and last rows',
    expected: (c) => twoPeriods(c, 'quarter', 'sum(i.total)', '2024-Q4', '2025-Q4'),
    actual: ends('quarter'),
  },
  {
    question: '2025年第三季度的订单数环比怎么样',
    intent: 'comparison',
    note: '环比: Q3 2025 against the quarter before, Q2 2025; invoices counted, by quarter',
    expected: (c) => twoPeriods(c, 'quarter', 'count(*)', '2025-Q2', '2025-Q3'),
    actual: ends('quarter'),
  },
  {
    question: '客单价的走势',
    intent: 'trend',
    note: 'a trend without a period: 2025-07..2025-12 monthly; SUM(total) / COUNT(invoices) per month',
    expected: (c) =>
      keyed(c, `SELECT ${periodOf('month')} AS k, sum(i.total) / count(*) AS v ${INVOICES} WHERE ${within(1)} GROUP BY 1`, [
        '2025-07-01',
        '2026-01-01',
      ]),
    actual: byKey('month'),
  },
  {
    question: '为什么2025年12月的销售额比11月下降了',
    intent: 'attribution',
    note: 'the change November → December 2025 (by month) and the country with the largest effect in its direction',
    expected: (c) => revenueChange(c, 'month', '2025-11', '2025-12'),
    actual: change('month'),
  },
  {
    question: '上个月的订单数是多少',
    intent: 'query',
    note: "上个月 is October 2026, which holds no data: the run asks for clarification, naming the data's extent",
    expected: () => Promise.resolve('needs_clarification'),
    actual: status,
  },
  {
    question: '2024年 revenue by country',
    intent: 'query',
    note: 'mixed languages; 2024, revenue per customer country (every country that bought)',
    expected: (c) => keyed(c, `${COUNTRY_REVENUE} WHERE ${within(1)} GROUP BY 1`, ['2024-01-01', '2025-01-01']),
    actual: byKey('country'),
  },
  {
    question: '2023年 top 3 genres by track sales',
    intent: 'query',
    note: 'mixed languages; 2023, line-level money per genre, the first three in order',
    expected: (c) =>
      ranked(c, `SELECT g.name AS k, ${LINE_MONEY} AS v ${LINES} WHERE ${within(1)} GROUP BY 1`, ['2023-01-01', '2024-01-01'], 3),
    actual: keys('genre'),
  },
];
