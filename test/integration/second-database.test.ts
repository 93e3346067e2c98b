/**
 * A second, different database with its own catalog: the rules model answers from
 * whatever catalog it is given, and `baton catalog init` / `check` work on it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { todayIn } from '../../src/settings/config';
import { ensureDatabase } from '../../src/storage/db';
import { ensureReaderRole } from '../../src/storage/reader-role';
import { runAnalysis, runCli as baton, withWorker } from '../helpers';

const harness = withWorker('saas');

const saasUrl = (() => {
  const url = new URL(harness.config.databaseUrl);
  url.pathname = '/baton_test_saas';
  return url.toString();
})();
const CATALOG = path.resolve(__dirname, '..', 'fixtures', 'saas.yaml');
let saas: Pool;

/** 12 months of invoices ending last month, by formula (no randomness): Germany grows, Japan shrinks. */
async function createSaasDatabase(): Promise<void> {
  await ensureDatabase(saasUrl);
  saas = new Pool({ connectionString: saasUrl, max: 2 });
  await saas.query(`
    DROP TABLE IF EXISTS invoices, accounts, plans;
    CREATE TABLE plans (plan_id int PRIMARY KEY, name text NOT NULL, monthly_price numeric(10, 2) NOT NULL);
    CREATE TABLE accounts (account_id int PRIMARY KEY, country text NOT NULL, plan_id int NOT NULL REFERENCES plans, signed_up_at timestamp NOT NULL);
    CREATE TABLE invoices (invoice_id serial PRIMARY KEY, account_id int NOT NULL REFERENCES accounts, amount numeric(10, 2) NOT NULL,
                           issued_at timestamp NOT NULL, paid_at timestamp, state text NOT NULL);
    INSERT INTO plans VALUES (1, 'Basic', 10), (2, 'Pro', 50), (3, 'Enterprise', 200);
  `);
  const today = todayIn(harness.config.timeZone);
  await saas.query(
    `INSERT INTO accounts
     SELECT a, (ARRAY['Germany', 'France', 'Japan', 'Brazil'])[1 + a % 4], 1 + a % 3,
            date_trunc('month', $1::date) - interval '12 months' + (a % 360) * interval '1 day'
     FROM generate_series(1, 240) a`,
    [today],
  );
  // What "baton catalog check" does for a database of one's own: the read-only role agent SQL runs as may read these tables.
  await ensureReaderRole(saasUrl);
  // One invoice per account and month after sign-up; every 7th is left open; Germany adds accounts' worth each month, Japan churns.
  await saas.query(
    `INSERT INTO invoices (account_id, amount, issued_at, paid_at, state)
     SELECT a.account_id, p.monthly_price * CASE WHEN a.country = 'Germany' THEN 1 + m * 0.1 WHEN a.country = 'Japan' THEN 1 - m * 0.05 ELSE 1 END,
            month + interval '2 days', CASE WHEN (a.account_id + m) % 7 = 0 THEN NULL ELSE month + interval '5 days' END,
            CASE WHEN (a.account_id + m) % 7 = 0 THEN 'open' ELSE 'paid' END
     FROM accounts a JOIN plans p USING (plan_id),
          generate_series(0, 11) m,
          LATERAL (SELECT date_trunc('month', $1::date) - interval '12 months' + m * interval '1 month' AS month) x
     WHERE x.month >= date_trunc('month', a.signed_up_at)`,
    [today],
  );
}

beforeAll(createSaasDatabase);
afterAll(async () => saas.end());

/** Last month relative to the runs' as-of date, as SQL over $1. */
const LAST_MONTH = `i.paid_at >= date_trunc('month', $1::date) - interval '1 month' AND i.paid_at < date_trunc('month', $1::date)`;

const lastMonthRevenue = async () => {
  const { rows } = await saas.query<{ k: string; v: string }>(
    `SELECT a.country AS k, sum(i.amount) AS v FROM invoices i JOIN accounts a USING (account_id)
     WHERE i.state = 'paid' AND ${LAST_MONTH} GROUP BY 1 ORDER BY 1`,
    [todayIn(harness.config.timeZone)],
  );
  return rows;
};

test('it answers from the second catalog, joining two tables away', async () => {
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'What was revenue last month in Germany?', {
    catalogPath: CATALOG,
    databaseUrl: saasUrl,
  });
  expect(result.status).toBe('completed');
  const germany = (await lastMonthRevenue()).find((r) => r.k === 'Germany');
  expect(result.metrics[0]?.value).toBeCloseTo(Number(germany?.v), 2);
  expect(result.answer).toMatch(/^[^\n]*\nrevenue in Germany for \w+ \d{4} was /);

  const byPlan = await runAnalysis(harness.client, harness.config.taskQueue, '上个月各套餐的收入', {
    catalogPath: CATALOG,
    databaseUrl: saasUrl,
  });
  const { rows } = await saas.query<{ k: string; v: string }>(
    `SELECT p.name AS k, sum(i.amount) AS v FROM invoices i JOIN accounts a USING (account_id) JOIN plans p USING (plan_id)
     WHERE i.state = 'paid' AND ${LAST_MONTH} GROUP BY 1 ORDER BY 1`,
    [todayIn(harness.config.timeZone)],
  );
  expect(byPlan.result.steps[0]?.result?.rows.map((r) => [r.plan, r.value])).toEqual(
    rows.map((r) => [r.k, expect.closeTo(Number(r.v), 2)]),
  );
  expect(byPlan.result.steps[0]?.result?.sql).toContain('LEFT JOIN plans ON accounts.plan_id = plans.plan_id');
});

test('top N, trends and unknown metrics on the second catalog', async () => {
  const top = await runAnalysis(harness.client, harness.config.taskQueue, 'Which 2 countries had the highest revenue last month?', {
    catalogPath: CATALOG,
    databaseUrl: saasUrl,
  });
  const expected = (await lastMonthRevenue())
    .sort((a, b) => Number(b.v) - Number(a.v))
    .slice(0, 2)
    .map((r) => r.k);
  expect(top.result.steps[0]?.result?.rows.map((r) => r.country)).toEqual(expected);

  const trend = await runAnalysis(harness.client, harness.config.taskQueue, '德国收入的趋势', {
    catalogPath: CATALOG,
    databaseUrl: saasUrl,
  });
  expect(trend.result.steps[1]?.result?.rows[0]).toMatchObject({ direction: 'up' });

  const unknown = await runAnalysis(harness.client, harness.config.taskQueue, 'What was GMV last month?', {
    catalogPath: CATALOG,
    databaseUrl: saasUrl,
  });
  expect(unknown.result).toMatchObject({
    status: 'cannot_answer',
    answer:
      'cannot answer: no metric in the question matches the catalog "saas"; it offers: revenue (revenue), paying accounts (paying_accounts), signups (signups)',
  });
});

test('baton catalog init drafts a catalog that baton catalog check accepts', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-catalog-'));
  const draft = path.join(dir, 'draft.yaml');
  const init = await baton(['catalog', 'init', '--database-url', saasUrl, '-o', draft]);
  expect(init.code).toBe(0);
  const text = fs.readFileSync(draft, 'utf8');
  expect(text).toContain('- from: invoices.account_id\n    to: accounts.account_id');
  // The draft sums the money column under a name to decide (which amount is revenue?), never an id or a key.
  expect(text).toMatch(/# which amount is revenue\?.*\n\s+invoice_amount:\n[\s\S]*?expression: SUM\(invoices\.amount\)/);
  expect(text).not.toMatch(/SUM\(\w+\.\w*_id\)/);
  expect(text).toMatch(/country:\n\s+label: country[\s\S]*values:\n\s+Brazil: \[\]\n\s+France: \[\]\n\s+Germany: \[\]\n\s+Japan: \[\]/);
  const check = await baton(['catalog', 'check', draft, '--database-url', saasUrl]);
  expect(check.code).toBe(0);
  expect(check.stdout).toMatch(/✔ .*draft\.yaml matches .*: 3 tables, \d+ columns, \d+ metrics and \d+ dimensions checked/);

  const hand = await baton(['catalog', 'check', CATALOG, '--database-url', saasUrl]);
  expect(hand.code).toBe(0);
});

test('baton catalog check lists each mismatch; a malformed catalog names the field', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-catalog-'));
  const wrong = path.join(dir, 'wrong.yaml');
  fs.writeFileSync(
    wrong,
    fs
      .readFileSync(CATALOG, 'utf8')
      .replace('SUM(invoices.amount)', 'SUM(invoices.amout)')
      .replace('column: accounts.country', 'column: accounts.nation'),
  );
  const check = await baton(['catalog', 'check', wrong, '--database-url', saasUrl]);
  expect(check.code).toBe(1);
  // Each problem once, with the file line to change.
  expect(check.stdout).toMatch(/✖ .*wrong\.yaml:\d+: metrics\.revenue: column invoices\.amout does not exist\n/);
  expect(check.stdout).toMatch(/✖ .*wrong\.yaml:\d+: dimensions\.country: column accounts\.nation does not exist\n/);
  const lines = check.stdout.split('\n').filter((l) => l.startsWith('✖'));
  expect(new Set(lines).size).toBe(lines.length);
  expect(check.stderr).toMatch(/error: .*wrong\.yaml does not match .*: \d+ problem\(s\)/);

  const malformed = path.join(dir, 'malformed.yaml');
  fs.writeFileSync(
    malformed,
    fs
      .readFileSync(CATALOG, 'utf8')
      .replace('format: integer\n    rules: { min: 0 }\n  signups', 'format: percent\n    rules: { min: 0 }\n  signups'),
  );
  const bad = await baton(['catalog', 'check', malformed, '--database-url', saasUrl]);
  expect(bad.code).toBe(1);
  expect(bad.stdout).toMatch(/✖ catalog .*malformed\.yaml: line \d+: metrics\.paying_accounts\.format: Invalid option/);
});
