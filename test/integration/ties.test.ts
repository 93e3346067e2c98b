/**
 * Ties named at a ranking's cut (issue 25, part 6): when the last value a "top n" keeps is shared by rows past the
 * cut, the answer names them all ("Hungary, tied with Ireland at $45.62") instead of keeping one at random. Chinook
 * has real ties: Hungary and Ireland at 11th by revenue, and seven countries at the bottom at $37.62. The expected
 * tie is from hand-written SQL with rank().
 */
import path from 'node:path';
import { Pool } from 'pg';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';
import { formatMoney } from '../../src/format/numbers';
import { runAnalysis, withWorker } from '../helpers';

const harness = withWorker('ties');
const databaseUrl = chinookDatabaseUrl(harness.config.databaseUrl);
const CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml');
let chinook: Pool;
beforeAll(() => {
  chinook = new Pool({ connectionString: databaseUrl, max: 2 });
});
afterAll(async () => chinook.end());

/** The countries ranked at or before the n-th by revenue (rank(): a tie shares its rank), and those tied at the n-th's value. */
async function tieAt(n: number, order: 'DESC' | 'ASC'): Promise<{ kept: string[]; tied: string[]; value: number }> {
  const { rows } = await chinook.query<{ k: string; v: string; r: number }>(
    `SELECT billing_country AS k, sum(total) AS v, rank() OVER (ORDER BY sum(total) ${order})::int AS r FROM invoice GROUP BY 1`,
  );
  const cutRank = Math.max(...rows.filter((r) => r.r <= n).map((r) => r.r));
  const tied = rows
    .filter((r) => r.r === cutRank)
    .map((r) => r.k)
    .sort();
  return { kept: rows.filter((r) => r.r < cutRank).map((r) => r.k), tied, value: Number(rows.find((r) => r.r === cutRank)?.v) };
}

const and = (items: string[], word: string, sep: string) =>
  items.length > 1 ? `${items.slice(0, -1).join(sep)}${word}${items.at(-1)}` : (items[0] ?? '');

test.each([
  ['top 11 countries by revenue of all time', 11, 'DESC', 'en'],
  ['bottom 3 countries by revenue of all time', 3, 'ASC', 'en'],
  ['全部时间销售额最低的3个国家', 3, 'ASC', 'zh'],
] as const)('"%s": the tie at the cut is named, as rank() gives it', async (question, n, order, language) => {
  const { kept, tied, value } = await tieAt(n, order);
  // A real tie that crosses the cut: more countries tie at the last kept rank than the cut has room for.
  expect(tied.length).toBeGreaterThan(1);
  expect(kept.length + tied.length).toBeGreaterThan(n);
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, question, {
    catalogPath: CATALOG,
    databaseUrl,
    asOf: '2026-11-30',
  });
  expect(result.status).toBe('completed');
  const [first, ...others] = tied;
  const money = formatMoney(value, 'USD');
  expect(result.answer).toContain(
    language === 'en'
      ? `${first}, tied with ${and(others, ' and ', ', ')} at ${money}`
      : `${first}（与${and(others, '和', '、')}并列，均为 ${money}）`,
  );
  for (const k of kept) expect(result.answer).toContain(k);
  expect(result.answer).not.toMatch(/unverified|未核实/);
  expect(result.verification?.mismatches).toEqual([]);
});

test('rows tied on value are listed by name, the same way fresh and when a turn ranks stored groups again', async () => {
  // Seven countries share the bottom value: which of them the database finds first used to decide their order.
  const { rows } = await chinook.query<{ k: string; v: string }>(
    `SELECT billing_country AS k, sum(total) AS v FROM invoice GROUP BY 1 ORDER BY 2 ASC, 1 LIMIT 9`,
  );
  const bottom = Number(rows[0]?.v);
  const tied = rows.filter((r) => Number(r.v) === bottom).map((r) => r.k);
  expect(tied.length).toBeGreaterThanOrEqual(5);
  const request = { catalogPath: CATALOG, databaseUrl, asOf: '2026-11-30' };
  const question = 'bottom 9 countries by revenue of all time';
  const fresh = await runAnalysis(harness.client, harness.config.taskQueue, question, request);
  const earlier = await runAnalysis(harness.client, harness.config.taskQueue, 'revenue by country of all time', { ...request, reuse: [] });
  const again = await runAnalysis(harness.client, harness.config.taskQueue, question, { ...request, reuse: earlier.result.reusable ?? [] });
  expect(fresh.result.status).toBe('completed');
  expect(again.result.reused).toBe(true);
  // In the answer, the tied countries come in name order (each named once where the list gives it).
  const at = (answer: string) => tied.map((k) => answer.indexOf(k));
  expect(at(fresh.result.answer).every((i) => i >= 0)).toBe(true);
  expect(at(fresh.result.answer)).toEqual([...at(fresh.result.answer)].sort((a, b) => a - b));
  // The step's rows, in the order the database gave them: by value, then by name.
  const stepRows = (r: typeof fresh.result) => (r.steps[0]?.result?.rows ?? []).map((row) => String(row.billing_country ?? row.country));
  expect(stepRows(fresh.result).slice(0, tied.length)).toEqual(tied);
  expect(again.result.answer).toBe(fresh.result.answer);
  expect(stepRows(again.result)).toEqual(stepRows(fresh.result));
});
