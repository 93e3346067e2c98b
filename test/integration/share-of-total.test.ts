/**
 * share_of_total through the whole run on Chinook, as the rules model reads share questions: the share of track
 * (line) revenue by genre in 2024, the overlapping shares of buying customers by genre, and the share of revenue
 * from Rock over all of the data (no period named). The shares are checked against hand-written SQL, and the
 * verifier must recompute them by its own path (src/verify/checks.ts) and mark them verified, not merely re-run.
 */
import path from 'node:path';
import { Pool } from 'pg';
import type { CheckedCalculation } from '../../src/contracts';
import { loadArtifact, loadCalculations } from '../../src/storage/artifacts';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';
import { runAnalysis, withWorker } from '../helpers';

const harness = withWorker('share-of-total');
const CHINOOK = {
  catalogPath: path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'),
  databaseUrl: chinookDatabaseUrl(harness.config.databaseUrl),
  asOf: '2025-12-31',
};

/** Track revenue by genre in 2024 (or over all of the data) and in all, by hand-written SQL. */
async function byHand(year: number | null = 2024): Promise<{ total: number; byGenre: Map<string, number> }> {
  const within = year === null ? 'TRUE' : `i.invoice_date >= '${year}-01-01' AND i.invoice_date < '${year + 1}-01-01'`;
  const pool = new Pool({ connectionString: CHINOOK.databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ genre: string; v: string }>(
      `SELECT g.name AS genre, SUM(il.unit_price * il.quantity) AS v
         FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id
         JOIN track t ON t.track_id = il.track_id JOIN genre g ON g.genre_id = t.genre_id
        WHERE ${within}
        GROUP BY g.name`,
    );
    const {
      rows: [all],
    } = await pool.query<{ v: string }>(
      `SELECT SUM(il.unit_price * il.quantity) AS v FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id
        WHERE ${within}`,
    );
    return { total: Number(all?.v), byGenre: new Map(rows.map((r) => [r.genre, Number(r.v)])) };
  } finally {
    await pool.end();
  }
}

test("the share of track revenue by genre in 2024: the hand-written SQL's shares, verified independently", async () => {
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'Share of track revenue by genre in 2024', CHINOOK);
  expect(result.status).toBe('completed');
  const step = result.steps.find((s) => s.step.operation.kind === 'share_of_total');
  if (!step?.result) throw new Error('the plan has no share_of_total step with a result');
  const id = step.step.step_id;

  const expected = await byHand();
  expect(expected.byGenre.size).toBeGreaterThan(3);
  // Every genre is a row of the result (the first ones travel inline, the rest are in the stored result).
  expect(step.result.result_shape[0]).toBe(expected.byGenre.size);
  const rows = step.result.rows;
  expect(rows.length).toBeGreaterThan(3);
  for (const row of rows) {
    const value = expected.byGenre.get(String(row.genre));
    expect(value).toBeDefined();
    expect(Number(row.value)).toBeCloseTo(value!, 2);
    expect(Number(row.share)).toBeCloseTo(value! / expected.total, 5);
  }
  // Each track belongs to one genre: the groups partition the total, and the shares add up to 100 %.
  // Shares are stored unrounded, so their sum is 1 to floating point (1.0000000000000002), not to six decimals.
  expect(step.result.data_summary).toMatchObject({ groups_overlap: 'no' });
  expect(Number(step.result.data_summary.share_sum)).toBeCloseTo(1, 12);
  expect(Number(step.result.data_summary.total)).toBeCloseTo(expected.total, 2);
  const top = [...expected.byGenre].sort((a, b) => b[1] - a[1])[0]!;
  expect(step.result.data_summary.top).toBe(top[0]);

  // The verifier recomputed the step's numbers by its own path and found them right.
  const verification = result.verification;
  if (!verification) throw new Error('no verification');
  expect(verification.mismatches).toEqual([]);
  const reported = await loadCalculations([step.result.calculations_ref!]);
  const shares = reported.filter((c) => c.pick.field === 'share');
  expect(shares.length).toBeGreaterThan(0);
  const { checked } = await loadArtifact<{ checked: CheckedCalculation[] }>(verification.checks_ref);
  const mine = checked.filter((c) => c.id.startsWith(`${id}.`));
  expect(mine.some((c) => c.id.endsWith('.share'))).toBe(true);
  for (const c of mine) expect(c).toMatchObject({ status: 'verified', path: 'independent' });
  expect(verification.verified).toEqual(expect.arrayContaining(mine.map((c) => c.id)));
  expect(verification.rerun_only.filter((x) => x.startsWith(`${id}.`))).toEqual([]);
  expect(verification.reconciliations.filter((r) => r.step_id === id).every((r) => r.ok)).toBe(true);
});

test('overlapping groups: buying customers by genre add up to more than all buying customers, and the finding says so', async () => {
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'Share of buying customers by genre in 2024', CHINOOK);
  expect(result.status).toBe('completed');
  const step = result.steps.find((s) => s.step.operation.kind === 'share_of_total');
  if (!step?.result) throw new Error('the plan has no share_of_total step with a result');
  // A customer who bought tracks of two genres counts in both: the shares are of all buying customers, once each.
  expect(step.result.data_summary.groups_overlap).toBe('yes');
  expect(Number(step.result.data_summary.share_sum)).toBeGreaterThan(1);
  expect(step.result.findings.map((f) => f.summary).join(' ')).toMatch(/so the shares add up to \d+\.\d{2}%, more than 100%\./);
  expect(result.verification?.mismatches).toEqual([]);
});

test('"what share of revenue came from Rock?" with no period: the shares over all of the data, Rock among them', async () => {
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'What share of revenue came from Rock?', CHINOOK);
  expect(result.status).toBe('completed');
  const step = result.steps.find((s) => s.step.operation.kind === 'share_of_total');
  if (!step?.result) throw new Error('the plan has no share_of_total step with a result');
  expect(step.step.operation).toMatchObject({ dimension: 'genre', query: { metric: 'track_revenue', window: { source: 'all_time' } } });
  const expected = await byHand(null);
  const rock = step.result.rows.find((r) => r.genre === 'Rock');
  expect(Number(rock?.share)).toBeCloseTo(expected.byGenre.get('Rock')! / expected.total, 5);
  expect(Number(step.result.data_summary.total)).toBeCloseTo(expected.total, 2);
  expect(result.verification?.mismatches).toEqual([]);
});
