/**
 * Every number printed in the answer is verified, whatever its priority (issue 25, part 9): a breakdown with more
 * rows than a step's calculation cap (Chinook's revenue by country, 24 countries) and the demo's headline, whose
 * segment shares ("新客 占比从 28.2% 变为 11.4%") once read "（未核实）". Values from hand-written SQL.
 */
import path from 'node:path';
import { Pool } from 'pg';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';
import { evalContext, scalar } from '../../eval/cases';
import { formatMoney, percent } from '../../src/format/numbers';
import { MAX_CALCULATIONS_PER_STEP } from '../../src/settings/limits';
import { db, manifest, runAnalysis, withWorker } from '../helpers';

const harness = withWorker('answer-verified');
const databaseUrl = chinookDatabaseUrl(harness.config.databaseUrl);
const CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml');
const chinookRun = { catalogPath: CATALOG, databaseUrl, asOf: '2026-11-30' };
let chinook: Pool;
beforeAll(() => {
  chinook = new Pool({ connectionString: databaseUrl, max: 2 });
});
afterAll(async () => chinook.end());

const UNVERIFIED = /unverified|未核实/;

test.each([['revenue by country of all time'], ['全部时间各国家的销售额']])(
  'Chinook "%s": all 24 countries, more than a step records by its cap, and every number printed is verified',
  async (question) => {
    const { rows } = await chinook.query<{ country: string; v: string }>(
      `SELECT billing_country AS country, sum(total) AS v FROM invoice GROUP BY 1 ORDER BY 1`,
    );
    expect(rows.length).toBe(24);
    expect(rows.length).toBeGreaterThan(MAX_CALCULATIONS_PER_STEP);
    const { result } = await runAnalysis(harness.client, harness.config.taskQueue, question, chinookRun);
    expect(result.status).toBe('completed');
    expect(result.answer).not.toMatch(UNVERIFIED);
    // The answer prints 20 rows; each is the hand-written SQL's value, verified.
    const printed = rows.filter((r) => result.answer.includes(formatMoney(Number(r.v), 'USD')));
    expect(printed.length).toBeGreaterThanOrEqual(20);
    expect(result.metrics.length).toBeGreaterThanOrEqual(20);
    for (const m of result.metrics) {
      expect(m.verified).toBe(true);
      const country = m.label.split(' · ')[1];
      expect(m.value).toBeCloseTo(Number(rows.find((r) => r.country === country)?.v), 2);
    }
    expect(result.verification?.mismatches).toEqual([]);
  },
);

/** The share of East China's buyers in a month who are new (their first paid order falls in it), by hand-written SQL. */
async function newShare(month: string): Promise<number> {
  const ctx = evalContext(db(), (await manifest()).last_month);
  return scalar(
    ctx,
    `SELECT count(DISTINCT o.user_id) FILTER (WHERE date_trunc('month', u.first_order_at) = date_trunc('month', o.pay_time))::float
            / count(DISTINCT o.user_id) AS v
     FROM orders o JOIN users u ON u.user_id = o.user_id
     WHERE o.status = 'paid' AND o.amount > 0 AND u.region = '华东' AND to_char(o.pay_time, 'YYYY-MM') = $1`,
    [month],
  );
}

test.each([
  ['为什么华东区上个月复购率下降了？', (before: string, after: string) => `新客 占比从 ${before} 变为 ${after}`],
  ['Why did the repurchase rate in East China drop last month?', (before: string, after: string) => `from ${before} to ${after}`],
])("the demo's headline %s: the new customers' shares are verified, as hand-written SQL gives them", async (question, shares) => {
  const { last_month } = await manifest();
  const ctx = evalContext(db(), last_month);
  const [before, after] = [percent(await newShare(ctx.previous), 1), percent(await newShare(ctx.last), 1)];
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, question);
  expect(result.status).toBe('completed');
  expect(result.answer).toContain(shares(before, after));
  expect(result.answer).not.toMatch(UNVERIFIED);
  const verified = new Set(result.verification?.verified);
  expect([...verified].filter((id) => /\.new\.weight_(before|after)$/.test(id)).length).toBeGreaterThanOrEqual(2);
});
