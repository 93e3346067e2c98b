/**
 * Data-quality questions end to end (issue 25 part 5): the planner reads them (src/model/rules/plan-quality.ts), the
 * workflow routes them to the data-quality agent (src/workflows/quality.ts), the agent counts the catalog's checks on
 * the tables named, recomputeNumbers recounts every count by its own SQL (src/verify/quality-recount.ts), and the answer
 * is `completed` with every number verified. Expected counts are hand-written SQL: the demo shop's from the blind
 * "as users ask" suite (eval/as-users-ask/demo.ts, read only), Chinook's here, on copies of its catalog with checks it
 * lacks (a billing state, and a not_before across two declared joins).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { CHINOOK_AS_OF, chinookDatabaseUrl } from '../../eval/chinook-cases';
import { DEMO_AS_USERS_ASK } from '../../eval/as-users-ask/demo';
import { loadCatalog } from '../../src/catalog/catalog';
import type { AnalysisResult } from '../../src/contracts';
import { db, runAnalysis, withWorker } from '../helpers';

const harness = withWorker('quality');
const root = path.resolve(__dirname, '../..');
const demo = loadCatalog(path.join(root, 'catalogs/demo.yaml'));
const chinookUrl = chinookDatabaseUrl(harness.config.databaseUrl);
const dir = mkdtempSync(path.join(os.tmpdir(), 'baton-quality-'));
/** Chinook's catalog with two checks it lacks: invoices without a billing state; employees hired before an invoice of a customer they support (two joins, walked against their direction). */
const CHINOOK = path.join(dir, 'chinook.yaml');
writeFileSync(
  CHINOOK,
  readFileSync(path.join(root, 'catalogs/chinook.yaml'), 'utf8')
    .replace(
      '      - { column: total, rule: non_negative,',
      '      - { column: billing_state, rule: not_null, description: invoices without a billing state, description_zh: 没有账单州的发票 }\n      - { column: total, rule: non_negative,',
    )
    .replace(
      "    description: One row per employee; customers' support reps are sales support agents.\n    primary_key: employee_id",
      "    description: One row per employee; customers' support reps are sales support agents.\n    primary_key: employee_id\n    checks:\n      - { column: hire_date, rule: not_before, other: invoice.invoice_date, description: employees hired before an invoice of their customers }",
    ),
);
let chinook: Pool;
beforeAll(() => {
  chinook = new Pool({ connectionString: chinookUrl, max: 1 });
});
afterAll(async () => chinook.end());

const count = async (pool: Pool, sql: string, params: unknown[] = []) => Number((await pool.query<{ n: string }>(sql, params)).rows[0]?.n);

/** The check id of a demo check by its English description. */
function demoCheckId(table: string, description: string): string {
  const check = demo.tables[table]?.checks.find((c) => c.description === description);
  if (!check) throw new Error(`no check "${description}" on ${table}`);
  return `${table}.${check.column}.${check.rule}`;
}

function counts(result: AnalysisResult): Record<string, number | null> {
  return Object.fromEntries(result.metrics.map((m) => [m.name, m.value]));
}

describe('the demo shop: the data-quality questions of the as-users-ask suite', () => {
  for (const c of DEMO_AS_USERS_ASK.filter((x) => x.shape === 'quality')) {
    test(c.question, async () => {
      const expected = (await db().query<{ t: string; k: string; v: string }>(c.sql, c.params ?? [])).rows;
      const { result } = await runAnalysis(harness.client, harness.config.taskQueue, c.question);
      expect(result.plan.kind).toBe('quality');
      expect(Object.fromEntries(expected.map((r) => [demoCheckId(r.t, r.k), Number(r.v)]))).toEqual(counts(result));
      expect(result.status).toBe('completed');
      // Every number the answer shows was recounted independently, and the checklist shows the two stages.
      expect(result.metrics.every((m) => m.verified)).toBe(true);
      expect(result.verification?.rerun_only.filter((id) => result.metrics.some((m) => m.calculation_id === id))).toEqual([]);
      expect(result.checklist).toMatch(/\[x\] data quality — done/);
      expect(result.checklist).toMatch(/\[x\] verify numbers — done/);
      if (expected.length === 0) expect(result.answer).toMatch(/全部通过|pass: no failing rows/);
      for (const r of expected) expect(result.answer).toContain(Number(r.v).toLocaleString('en-US'));
    });
  }
});

describe('Chinook, on a copy of its catalog with the checks it lacks', () => {
  const run = (question: string) =>
    runAnalysis(harness.client, harness.config.taskQueue, question, { asOf: CHINOOK_AS_OF, catalogPath: CHINOOK, databaseUrl: chinookUrl });

  test('how many invoices have no billing state: the check’s count over all of the data', async () => {
    const expected = await count(chinook, 'SELECT count(*) AS n FROM invoice WHERE billing_state IS NULL');
    expect(expected).toBeGreaterThan(0);
    const { result } = await run('how many invoices have no billing state');
    expect(counts(result)).toEqual({ 'invoice.billing_state.not_null': expected });
    expect(result.status).toBe('completed');
    expect(result.answer).toContain(`invoices without a billing state: ${expected.toLocaleString('en-US')} row(s)`);
  });

  test('what is wrong with the invoice data in 2024: every failing check, counted in the year', async () => {
    const expected = await count(
      chinook,
      `SELECT count(*) AS n FROM invoice WHERE billing_state IS NULL AND invoice_date >= '2024-01-01' AND invoice_date < '2025-01-01'`,
    );
    const all = await count(chinook, 'SELECT count(*) AS n FROM invoice WHERE billing_state IS NULL');
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(all);
    const { result } = await run('Is anything wrong with the invoice data in 2024?');
    expect(result.plan).toMatchObject({ kind: 'quality', ask: 'what_is_wrong', tables: ['invoice'] });
    // Negative totals and future dates do not occur in Chinook: only the billing state fails.
    expect(counts(result)).toEqual({ 'invoice.billing_state.not_null': expected });
    expect(result.status).toBe('completed');
  });

  test('a not_before across declared joins: employees hired before an invoice of a customer they support', async () => {
    const expected = await count(
      chinook,
      `SELECT count(DISTINCT e.employee_id) AS n FROM employee e JOIN customer c ON c.support_rep_id = e.employee_id
       JOIN invoice i ON i.customer_id = c.customer_id WHERE e.hire_date < i.invoice_date`,
    );
    expect(expected).toBeGreaterThan(0);
    const { result } = await run('Is anything wrong with the employee data?');
    expect(counts(result)).toEqual({ 'employee.hire_date.not_before': expected });
    expect(result.status).toBe('completed');
  });

  test('a table without checks is refused, naming the tables that have some', async () => {
    const { result } = await run('Is anything wrong with the album data?');
    expect(result.status).toBe('cannot_answer');
    expect(result.answer).toContain('invoice, invoice_line, employee');
  });
});
