/**
 * `baton catalog check` catches meaning, not only syntax: a scratch shop (<test database>_check) and a catalog that
 * loads and runs, yet says things it does not mean. Each warning names the line to change; --strict fails on them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Pool } from 'pg';
import { checkCatalog } from '../../src/catalog/check';
import { ensureDatabase } from '../../src/storage/db';
import { ensureReaderRole } from '../../src/storage/reader-role';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';
import { testConfig } from '../helpers';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const checkUrl = (() => {
  const url = new URL(testConfig().databaseUrl);
  url.pathname = `${url.pathname}_check`;
  return url.toString();
})();
let pool: Pool;

// Line numbers matter here: the warnings below name them.
const CATALOG = `name: shop
tables:
  orders:
    primary_key: order_id
  order_lines:
    primary_key: [order_id, line_no]
  customers:
    primary_key: customer_id
  loyalty:
    primary_key: loyalty_id
  sessions:
    time_column: started_at
joins:
  - { from: order_lines.order_id, to: orders.order_id }
  - { from: orders.customer_id, to: customers.customer_id }
  - { from: sessions.customer_id, to: customers.customer_id }
  - { from: orders.customer_id, to: loyalty.customer_id }
time_fields:
  placed_at: { column: orders.placed_at, meaning: when the order was placed }
  started_at: { column: sessions.started_at, meaning: when the session started }
metrics:
  revenue:
    label: revenue
    description: order amounts
    table: orders
    expression: SUM(orders.amount)
    time_field: placed_at
  customer_total:
    label: customer total
    description: a sum of ids
    table: orders
    expression: SUM(orders.customer_id)
    time_field: placed_at
  sessions:
    label: sessions
    description: sessions started
    table: sessions
    expression: COUNT(*)
    time_field: started_at
dimensions:
  sku: { label: sku, column: order_lines.sku }
  customer_name: { label: customer, column: customers.name }
  email: { label: e-mail, column: customers.email }
`;

beforeAll(async () => {
  await ensureDatabase(checkUrl);
  pool = new Pool({ connectionString: checkUrl, max: 2 });
  await pool.query(`
    DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;
    CREATE TABLE customers (customer_id int PRIMARY KEY, name text NOT NULL, email text NOT NULL);
    INSERT INTO customers SELECT i, 'customer ' || i, 'c' || i || '@example.com' FROM generate_series(1, 1200) i;
    CREATE TABLE loyalty (loyalty_id int PRIMARY KEY, customer_id int NOT NULL, tier text NOT NULL);
    INSERT INTO loyalty VALUES (1, 1, 'gold'), (2, 1, 'silver'), (3, 2, 'gold');
    CREATE TABLE orders (order_id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customers, placed_at timestamp NOT NULL, amount numeric(10,2) NOT NULL);
    INSERT INTO orders SELECT i, 1 + i % 1200, timestamp '2019-01-01' + i * interval '1 hour', 10 + i % 7 FROM generate_series(1, 2000) i;
    CREATE TABLE order_lines (order_id int NOT NULL REFERENCES orders, line_no int NOT NULL, sku text NOT NULL, PRIMARY KEY (order_id, line_no));
    INSERT INTO order_lines SELECT o, 1, 'sku-' || (o % 5) FROM generate_series(1, 2000) o;
    CREATE TABLE sessions (customer_id int NOT NULL, started_at timestamp NOT NULL);
    INSERT INTO sessions SELECT 1 + i % 1200, now() - i * interval '1 day' FROM generate_series(1, 30) i;
  `);
  await ensureReaderRole(checkUrl);
}, 60_000);

afterAll(async () => pool.end());

test('each meaning problem is a warning that names the entry and its line', async () => {
  const report = await checkCatalog(CATALOG, 'shop.yaml', checkUrl);
  expect(report.problems).toEqual([]);
  const byPath = Object.fromEntries(report.warnings.map((w) => [w.path, w]));
  expect(byPath.name).toMatchObject({ line: 1, message: expect.stringContaining('no timezone written: Asia/Shanghai applies') });
  expect(byPath['tables.orders']).toMatchObject({
    line: 3,
    message: expect.stringContaining(
      'table orders has no time_column, yet metrics.revenue dates its rows by orders.placed_at: declare time_column: placed_at',
    ),
  });
  expect(byPath['metrics.customer_total.expression']).toMatchObject({
    line: 32,
    message: expect.stringContaining('SUMs orders.customer_id, an id'),
  });
  expect(byPath['joins.3']).toMatchObject({
    line: 17,
    message: expect.stringContaining('loyalty.customer_id repeats 1 value(s), so the join fans out'),
  });
  expect(byPath['metrics.sessions']).toMatchObject({
    line: 34,
    message: expect.stringContaining('metrics.sessions cannot be grouped by sku'),
  });
  expect(byPath['dimensions.customer_name']).toMatchObject({ line: 42, message: expect.stringContaining('has more than 1,000 values') });
  expect(byPath['dimensions.email.column']).toMatchObject({
    line: 43,
    message: expect.stringContaining('uses customers.email, a column that looks sensitive'),
  });
  expect(byPath['time_fields.placed_at']).toMatchObject({
    line: 19,
    message: expect.stringContaining(
      'has no data in the last year (the latest is 2019-03-25): a historical database; ask with explicit periods ("in 2019"',
    ),
  });
  expect(byPath['time_fields.started_at']).toBeUndefined();
  expect(byPath['dimensions.sku']).toBeUndefined();
});

test('the catalogs the suites use pass without a warning', async () => {
  const demo = await checkCatalog(fs.readFileSync(path.join(ROOT, 'catalogs', 'demo.yaml'), 'utf8'), 'demo.yaml', testConfig().databaseUrl);
  expect(demo.problems).toEqual([]);
  expect(demo.warnings).toEqual([]);
  const chinook = await checkCatalog(
    fs.readFileSync(path.join(ROOT, 'catalogs', 'chinook.yaml'), 'utf8'),
    'chinook.yaml',
    chinookDatabaseUrl(testConfig().databaseUrl),
  );
  expect(chinook.problems).toEqual([]);
  // Chinook's data ends 2025-12-22: from 2026-12-23 on, check rightly calls it a historical database.
  expect(chinook.warnings.filter((w) => !w.message.includes('has no data in the last year'))).toEqual([]);
});

test("catalog check recommends the indexes a database lacks: Chinook's invoice_date (windows), none on the demo shop", async () => {
  const chinook = await checkCatalog(
    fs.readFileSync(path.join(ROOT, 'catalogs', 'chinook.yaml'), 'utf8'),
    'chinook.yaml',
    chinookDatabaseUrl(testConfig().databaseUrl),
  );
  // Chinook's script indexes its foreign keys (invoice_line.invoice_id, invoice.customer_id, ...) but not the invoice date.
  expect(chinook.indexes?.map(({ rows: _rows, ...advice }) => advice)).toEqual([
    {
      table: 'invoice',
      column: 'invoice_date',
      reason: 'windows on the time field invoice_date',
      sql: 'CREATE INDEX CONCURRENTLY invoice_invoice_date_idx ON invoice (invoice_date);',
    },
  ]);
  // PostgreSQL's estimate of its rows: 412 once the table is analysed (autovacuum decides when), null before.
  expect([null, 412]).toContain(chinook.indexes?.[0]?.rows);
  // The demo shop's seed creates every index its catalog's windows and lookups read through.
  const demo = await checkCatalog(fs.readFileSync(path.join(ROOT, 'catalogs', 'demo.yaml'), 'utf8'), 'demo.yaml', testConfig().databaseUrl);
  expect(demo.indexes).toEqual([]);
});

test('the CLI prints file:line for each warning; --strict makes warnings fail', async () => {
  const file = path.join(ROOT, '.data', 'test', 'check-shop.yaml');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, CATALOG);
  const cli = path.join(ROOT, 'dist/src/client.js');
  const { stdout } = await run('node', [cli, 'catalog', 'check', file, '--database-url', checkUrl]);
  expect(stdout).toContain(`⚠ ${file}:32: metrics.customer_total.expression: `);
  expect(stdout).toMatch(/✔ .* 9 warning\(s\) above/);
  await expect(run('node', [cli, 'catalog', 'check', file, '--database-url', checkUrl, '--strict'])).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('9 warning(s), and --strict makes warnings fail'),
  });
  // A typo is a problem with its line and a suggestion.
  fs.writeFileSync(file, CATALOG.replace('    time_column: started_at', '    time_colum: started_at'));
  await expect(run('node', [cli, 'catalog', 'check', file, '--database-url', checkUrl])).rejects.toMatchObject({
    code: 1,
    stdout: expect.stringContaining('line 12: tables.sessions: unknown key `time_colum`; did you mean `time_column`?'),
  });
}, 60_000);
