/**
 * The tester's sandbox against hostile code: loops, unbounded allocation, files,
 * sockets, escapes to the host and writes to the database are all stopped and
 * reported as test failures (which go back to the coder); the data is unchanged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SCRIPT_SQL_LIMITS, testCode } from '../../src/activities/tester';
import { queryRows } from '../../src/analysis/recompute';
import { loadCalculations, storeArtifact } from '../../src/storage/artifacts';
import { acceptanceCriteria } from '../../src/coding/acceptance';
import { catalogFragment } from '../../src/catalog/sql';
import type { DependencyResult, PlanStep, TesterOutput } from '../../src/contracts';
import { catalogFor } from '../../src/settings/sources';
import { closeDb, db } from '../helpers';

afterAll(closeDb);

const step: PlanStep = {
  step_id: 't2',
  description: 'the two largest regions',
  depends_on: ['t1'],
  expected_output: 'two rows',
  metrics: ['gmv'],
  dimensions: ['region'],
  operation: { kind: 'top_n', source: 't1', column: 'value', n: 2, order: 'desc' },
};
const t1: DependencyResult = {
  step_id: 't1',
  description: 'GMV by region',
  columns: [
    { name: 'region', type: 'text', meaning: 'region' },
    { name: 'value', type: 'numeric', meaning: 'GMV' },
  ],
  row_count: 3,
  rows: [
    { region: '华东', value: 300 },
    { region: '华北', value: 100 },
    { region: '华南', value: 200 },
  ],
  result_ref: null,
  data_summary: { rows: 3 },
  filters_applied: ['paid orders only'],
  assumptions_made: [],
  paths_excluded: [],
};
const requirements = {
  workflow_id: 'sandbox-test',
  step,
  dependencies: { t1 },
  catalog: catalogFragment(catalogFor(undefined), ['gmv'], ['region']),
  language: 'en' as const,
  acceptance: acceptanceCriteria(step),
  partial_periods: [],
};

async function test_(code: string, queries: { name: string; sql: string; params: string[] }[] = []): Promise<TesterOutput> {
  const code_ref = await storeArtifact('sandbox-test', 't2', 'code', { language: 'javascript', code, queries });
  const requirements_ref = await storeArtifact('sandbox-test', 't2', 'requirements', requirements);
  return testCode({
    draft: {
      step_id: 't2',
      attempt: 1,
      requirements_ref,
      code_ref,
      language: 'javascript',
      queries,
      lines: code.split('\n').length,
      summary: 'test code',
    },
    databaseUrl: process.env.DATABASE_URL,
  });
}

const SANDBOX = 'runs in the sandbox within its limits (2 s of CPU, 96 MB, no files, no network)';

test('good code passes and its result becomes the step result', async () => {
  const out = await test_("const r = kit.topN(input.dependencies.t1.rows, input.dependencies.t1.columns, 'value', 2, 'desc');\nreturn r;");
  expect(out.passed).toBe(true);
  expect(out.result!.rows).toEqual([
    { region: '华东', value: 300 },
    { region: '华南', value: 200 },
  ]);
  expect(out.result!.filters_applied).toEqual(['paid orders only']);
  expect((await loadCalculations([out.result!.calculations_ref!])).map((c) => c.id)).toEqual(['t2.华东.value', 't2.华南.value']);
});

test.each([
  ['an endless loop', 'while (true) {}', /^timeout: stopped after 2000 ms \(time limit\)$/],
  [
    'unbounded allocation',
    'const hoard = []; for (;;) hoard.push(new Array(1e6).fill(7));',
    /^memory: ran out of memory \(heap limit 96 MB\)$/,
  ],
  ['reading a file', "return require('fs').readFileSync('/etc/passwd', 'utf8');", /^error: ReferenceError: require is not defined$/],
  [
    'reaching the host process',
    "return ({}).constructor.constructor('return process')().env;",
    /^error: EvalError: Code generation from strings disallowed/,
  ],
  ['eval', "return eval('1 + 1');", /^error: EvalError: Code generation from strings disallowed/],
  ['opening a socket', "return fetch('http://127.0.0.1:5432/');", /^error: ReferenceError: fetch is not defined$/],
  ['a timer', 'setTimeout(() => {}, 10); return null;', /^error: ReferenceError: setTimeout is not defined$/],
  ['returning a promise', 'return (async () => 1)();', /^error: Error: the script must return its result, not a promise$/],
  [
    'memory outside the heap (typed arrays)',
    'const big = []; for (;;) big.push(new Uint8Array(1e9));',
    /^error: ReferenceError: Uint8Array is not defined$/,
  ],
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

describe('hostile SQL in the code is refused with its reason, and the data is unchanged', () => {
  const REFUSED = 'its SQL runs read-only, within 5 s and 10,000 rows';
  let before: unknown;
  beforeAll(async () => {
    before = (await db().query('SELECT count(*) AS n, sum(amount) AS s, (SELECT count(*) FROM users) AS users FROM orders')).rows;
  });
  afterAll(async () => {
    expect((await db().query('SELECT count(*) AS n, sum(amount) AS s, (SELECT count(*) FROM users) AS users FROM orders')).rows).toEqual(
      before,
    );
  });
  test.each([
    ['INSERT', "INSERT INTO categories VALUES (99, 'x', 'x')", 'agent SQL must be a query (SELECT); this is INSERT'],
    ['UPDATE', 'UPDATE orders SET amount = 0', 'agent SQL must be a query (SELECT); this is UPDATE'],
    ['DELETE', 'DELETE FROM orders', 'agent SQL must be a query (SELECT); this is DELETE'],
    ['DROP', 'DROP TABLE orders', 'agent SQL must be a query (SELECT); this is DROP'],
    ['ALTER', 'ALTER TABLE orders ADD COLUMN x int', 'agent SQL must be a query (SELECT); this is ALTER'],
    ['GRANT', 'GRANT ALL ON orders TO PUBLIC', 'agent SQL must be a query (SELECT); this is GRANT'],
    ['COPY', "COPY orders TO '/tmp/orders.csv'", 'agent SQL must be a query (SELECT); this is COPY'],
    [
      'a write inside WITH',
      'WITH gone AS (DELETE FROM orders RETURNING 1) SELECT count(*) FROM gone',
      'the query contains DELETE, and agent SQL only reads',
    ],
    ['several statements', 'SELECT 1; DELETE FROM orders', 'agent SQL must be exactly one statement; this has 2'],
    [
      'breaking out of the wrapping subquery',
      'SELECT 1) AS x; COMMIT; DELETE FROM orders; SELECT * FROM (SELECT 1',
      'the SQL does not parse (syntax error at or near ")")',
    ],
    ['pg_sleep', 'SELECT pg_sleep(60)', 'the query calls pg_sleep(), which agent SQL may not use (it waits on purpose)'],
    [
      'set_config',
      "SELECT set_config('role', 'postgres', true)",
      'the query calls set_config(), which agent SQL may not use (it reads or changes server settings)',
    ],
    [
      'dblink',
      "SELECT * FROM dblink('dbname=postgres', 'DELETE FROM orders') AS t(x int)",
      'the query calls dblink(), which agent SQL may not use (it reaches another database)',
    ],
    [
      'a server file function',
      "SELECT pg_read_file('/etc/passwd')",
      'the query calls pg_read_file(), which agent SQL may not use (it reads server files)',
    ],
    [
      'a large-object file import',
      "SELECT lo_import('/etc/passwd')",
      'the query calls lo_import(), which agent SQL may not use (it reads or writes large objects and files)',
    ],
    [
      'SQL run from text',
      "SELECT query_to_xml('DELETE FROM orders', true, false, '')",
      'the query calls query_to_xml(), which agent SQL may not use (it runs SQL given as text)',
    ],
    [
      'SQL run from text by a text-search function',
      "SELECT * FROM ts_stat('SELECT set_config(''role'', ''postgres'', true)::tsvector')",
      'the query calls ts_stat(), which agent SQL may not use (it runs SQL given as text)',
    ],
    [
      'a function called in attribute notation',
      'SELECT o.pg_column_size FROM orders o',
      'the query calls pg_column_size(), which agent SQL may not use (it is a server administration function)',
    ],
    [
      'a table hidden behind a WITH name from another scope',
      'WITH orders AS (SELECT 1) SELECT * FROM (WITH secret AS (SELECT 1) SELECT 1) s, secret',
      'unknown table "secret"; the catalog has: users, orders',
    ],
    ['row locks', 'SELECT * FROM orders FOR UPDATE', 'FOR UPDATE / FOR SHARE lock rows, and agent SQL only reads'],
    ['SELECT INTO', 'SELECT * INTO stolen FROM orders', 'SELECT … INTO creates a table, and agent SQL only reads'],
    [
      'a system catalog',
      'SELECT rolname, rolpassword FROM pg_authid',
      "the query reads pg_authid, a system table; agent SQL reads only the catalog's tables",
    ],
    [
      "Baton's own tables",
      'SELECT content FROM baton.artifacts',
      "the query reads baton.artifacts, a system table; agent SQL reads only the catalog's tables",
    ],
    ['an unknown table', 'SELECT * FROM invoices', 'unknown table "invoices"; the catalog has: users, orders'],
  ])('%s', async (_name, sql, reason) => {
    const out = await test_('return input.queries.q;', [{ name: 'q', sql, params: [] }]);
    expect(out.passed).toBe(false);
    expect(out.failures).toEqual([{ attempt: 1, criterion: REFUSED, detail: `query "q" was refused: refused: ${reason}` }]);
  });
  test("an unknown column is the database's own error, passed back to the coder", async () => {
    const out = await test_('return input.queries.q;', [{ name: 'q', sql: 'SELECT discount FROM orders', params: [] }]);
    expect(out.failures).toEqual([{ attempt: 1, criterion: REFUSED, detail: 'query "q" was refused: column "discount" does not exist' }]);
  });
  test('a query the guard lets through runs as the read-only role', async () => {
    const { rows } = await queryRows(
      process.env.DATABASE_URL ?? '',
      'SELECT current_user AS who, count(*) AS n FROM categories;  -- every category',
      [],
      SCRIPT_SQL_LIMITS,
      { tables: ['categories'] },
    );
    expect(rows).toEqual([{ who: 'baton_reader', n: 8 }]);
  });
});

test('a result that would not make a valid hand-off goes back to the coder', async () => {
  const out = await test_(
    "const r = kit.topN(input.dependencies.t1.rows, input.dependencies.t1.columns, 'value', 2, 'desc'); return { ...r, columns: r.columns.map((c) => ({ name: c.name, type: c.type })) };",
  );
  expect(out.failures).toEqual([{ attempt: 1, criterion: acceptanceCriteria(step)[0], detail: 'a column lacks a name, type or meaning' }]);
});

test('output that breaks the acceptance criteria goes back with the criterion it failed', async () => {
  const shape = await test_('return [1, 2, 3];');
  expect(shape.failures).toEqual([{ attempt: 1, criterion: acceptanceCriteria(step)[0], detail: 'got an array with keys 0, 1, 2' }]);
  const order = await test_(
    "const r = kit.topN(input.dependencies.t1.rows, input.dependencies.t1.columns, 'value', 2, 'desc'); r.rows.reverse(); return r;",
  );
  expect(order.failures).toEqual([
    { attempt: 1, criterion: 'rows sorted by value, largest first', detail: 'row 2 (300) is out of order after 200' },
  ]);
});
