/**
 * The tester's sandbox against hostile code: loops, unbounded allocation, files,
 * sockets, escapes to the host and writes to the database are all stopped and
 * reported as test failures (which go back to the coder); the data is unchanged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testCode } from '../src/activities/tester';
import { loadCalculations, storeArtifact } from '../src/artifacts';
import { acceptanceCriteria } from '../src/coding/acceptance';
import { catalogFragment } from '../src/catalog/sql';
import type { DependencyResult, PlanStep, TesterOutput } from '../src/contracts';
import { catalogFor } from '../src/sources';
import { closeDb, db } from './helpers';

afterAll(closeDb);

const step: PlanStep = {
  step_id: 't2', description: 'the two largest regions', depends_on: ['t1'], expected_output: 'two rows', metrics: ['gmv'], dimensions: ['region'],
  operation: { kind: 'top_n', source: 't1', column: 'value', n: 2, order: 'desc' },
};
const t1: DependencyResult = {
  step_id: 't1', description: 'GMV by region', columns: [{ name: 'region', type: 'text', meaning: 'region' }, { name: 'value', type: 'numeric', meaning: 'GMV' }],
  row_count: 3, rows: [{ region: '华东', value: 300 }, { region: '华北', value: 100 }, { region: '华南', value: 200 }], result_ref: null,
  data_summary: { rows: 3 }, filters_applied: ['paid orders only'], assumptions_made: [], paths_excluded: [],
};
const requirements = {
  workflow_id: 'sandbox-test', step, dependencies: { t1 }, catalog: catalogFragment(catalogFor(undefined), ['gmv'], ['region']),
  language: 'en' as const, acceptance: acceptanceCriteria(step), partial_periods: [],
};

async function test_(code: string, queries: { name: string; sql: string; params: string[] }[] = []): Promise<TesterOutput> {
  const code_ref = await storeArtifact('sandbox-test', 't2', 'code', { language: 'javascript', code, queries });
  const requirements_ref = await storeArtifact('sandbox-test', 't2', 'requirements', requirements);
  return testCode({ draft: { step_id: 't2', attempt: 1, requirements_ref, code_ref, language: 'javascript', queries, lines: code.split('\n').length, summary: 'test code' }, databaseUrl: process.env.DATABASE_URL });
}

const SANDBOX = 'runs in the sandbox within its limits (2 s of CPU, 96 MB, no files, no network)';

test('good code passes and its result becomes the step result', async () => {
  const out = await test_("const r = kit.topN(input.dependencies.t1.rows, input.dependencies.t1.columns, 'value', 2, 'desc');\nreturn r;");
  expect(out.passed).toBe(true);
  expect(out.result!.rows).toEqual([{ region: '华东', value: 300 }, { region: '华南', value: 200 }]);
  expect(out.result!.filters_applied).toEqual(['paid orders only']);
  expect((await loadCalculations([out.result!.calculations_ref!])).map((c) => c.id)).toEqual(['t2.华东.value', 't2.华南.value']);
});

test.each([
  ['an endless loop', 'while (true) {}', /^timeout: stopped after 2000 ms \(time limit\)$/],
  ['unbounded allocation', 'const hoard = []; for (;;) hoard.push(new Array(1e6).fill(7));', /^memory: ran out of memory \(heap limit 96 MB\)$/],
  ['reading a file', "return require('fs').readFileSync('/etc/passwd', 'utf8');", /^error: ReferenceError: require is not defined$/],
  ['reaching the host process', "return ({}).constructor.constructor('return process')().env;", /^error: EvalError: Code generation from strings disallowed/],
  ['eval', "return eval('1 + 1');", /^error: EvalError: Code generation from strings disallowed/],
  ['opening a socket', "return fetch('http://127.0.0.1:5432/');", /^error: ReferenceError: fetch is not defined$/],
  ['a timer', 'setTimeout(() => {}, 10); return null;', /^error: ReferenceError: setTimeout is not defined$/],
  ['returning a promise', 'return (async () => 1)();', /^error: Error: the script must return its result, not a promise$/],
  ['memory outside the heap (typed arrays)', 'const big = []; for (;;) big.push(new Uint8Array(1e9));', /^error: ReferenceError: Uint8Array is not defined$/],
  ['WebAssembly', 'return WebAssembly.Memory;', /^error: ReferenceError: WebAssembly is not defined$/],
])('%s is stopped and reported as a test failure', async (_name, code, detail) => {
  const out = await test_(code);
  expect(out.passed).toBe(false);
  expect(out.result).toBeNull();
  expect(out.failures).toEqual([{ attempt: 1, criterion: SANDBOX, detail: expect.stringMatching(detail) }]);
});

test('writing a file is refused', async () => {
  const target = path.join(os.tmpdir(), `baton-sandbox-${process.pid}.txt`);
  const out = await test_(`process.mainModule.require('fs').writeFileSync(${JSON.stringify(target)}, 'x'); return null;`);
  expect(out.failures[0]!.detail).toBe('error: ReferenceError: process is not defined');
  expect(fs.existsSync(target)).toBe(false);
});

test('SQL that writes to the database is refused, and the data is unchanged', async () => {
  const before = await db().query<{ n: string; s: string }>('SELECT count(*) AS n, sum(amount) AS s FROM orders');
  for (const sql of [
    'DELETE FROM orders', 'UPDATE orders SET amount = 0', 'DROP TABLE orders', 'WITH gone AS (DELETE FROM orders RETURNING 1) SELECT count(*) FROM gone',
    // Breaking out of the wrapping subquery to end the READ ONLY transaction: one statement only.
    'SELECT 1) AS x; COMMIT; DELETE FROM orders; SELECT * FROM (SELECT 1',
  ]) {
    const out = await test_('return input.queries.q;', [{ name: 'q', sql, params: [] }]);
    expect(out.passed).toBe(false);
    expect(out.failures[0]).toMatchObject({ criterion: 'its SQL runs read-only, within 5 s and 10,000 rows', detail: expect.stringMatching(/^query "q" was refused: /) });
  }
  const after = await db().query<{ n: string; s: string }>('SELECT count(*) AS n, sum(amount) AS s FROM orders');
  expect(after.rows).toEqual(before.rows);
});

test('a result that would not make a valid hand-off goes back to the coder', async () => {
  const out = await test_("const r = kit.topN(input.dependencies.t1.rows, input.dependencies.t1.columns, 'value', 2, 'desc'); return { ...r, columns: r.columns.map((c) => ({ name: c.name, type: c.type })) };");
  expect(out.failures).toEqual([{ attempt: 1, criterion: acceptanceCriteria(step)[0], detail: 'a column lacks a name, type or meaning' }]);
});

test('output that breaks the acceptance criteria goes back with the criterion it failed', async () => {
  const shape = await test_('return [1, 2, 3];');
  expect(shape.failures).toEqual([{ attempt: 1, criterion: acceptanceCriteria(step)[0], detail: 'got an array with keys 0, 1, 2' }]);
  const order = await test_("const r = kit.topN(input.dependencies.t1.rows, input.dependencies.t1.columns, 'value', 2, 'desc'); r.rows.reverse(); return r;");
  expect(order.failures).toEqual([{ attempt: 1, criterion: 'rows sorted by value, largest first', detail: 'row 2 (300) is out of order after 200' }]);
});
