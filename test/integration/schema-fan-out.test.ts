/**
 * A shop we did not design, kept in its own schema ("sales", not public), whose orders have lines in several
 * categories. Real runs through the real worker:
 *   - the catalog names the schema; `baton catalog check` grants the read-only role that schema and passes;
 *   - orders by category count each order once per category it has lines in (not once per line), verified by the
 *     validator's own second path, and the answer says the groups overlap;
 *   - a change of average order value split by category keeps before and after equal to the metric itself and
 *     reports what the overlapping groups leave unexplained, instead of a weighted mean of the groups.
 *
 *   orders (January 2024)   o1 100 = books 60 + games 40;  o2 50 = books 50;  o3 30 = music 30      AOV 180 / 3 = 60
 *   orders (February 2024)  o4 200 = games 200;  o5 40 = music 40;  o6 60 = books 30 + music 30     AOV 300 / 3 = 100
 * (and one order in December 2023 and one in March 2024, so that January and February lie inside the data).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Pool } from 'pg';
import { ensureDatabase } from '../../src/storage/db';
import { runAnalysis, withWorker } from '../helpers';

const run = promisify(execFile);
const harness = withWorker('schema-fan-out');
const shopUrl = (() => {
  const url = new URL(harness.config.databaseUrl);
  url.pathname = `${url.pathname}_sales`;
  return url.toString();
})();

const catalogYaml = `
name: sales_shop
description: A shop in schema sales; orders have lines, each line a product of one category.
timezone: UTC
tables:
  orders: { schema: sales, primary_key: order_id, time_column: ordered_at }
  order_lines: { schema: sales, primary_key: [order_id, line_no] }
  products: { schema: sales, primary_key: product_id }
joins:
  - { from: order_lines.order_id, to: orders.order_id }
  - { from: order_lines.product_id, to: products.product_id }
time_fields:
  ordered_at: { column: orders.ordered_at, meaning: When the order was placed. }
metrics:
  orders:
    { label: orders, label_zh: 订单数, aliases: [orders, number of orders, 订单数], description: Number of orders., table: orders, expression: COUNT(*), time_field: ordered_at, format: integer }
  revenue:
    { label: revenue, label_zh: 销售额, aliases: [revenue, 销售额], description: Sum of order amounts., table: orders, expression: SUM(orders.amount), time_field: ordered_at, unit: EUR, format: currency }
  aov:
    label: average order value
    label_zh: 客单价
    aliases: [average order value, aov, 客单价]
    description: Order amount per order.
    table: orders
    numerator: SUM(orders.amount)
    denominator: COUNT(*)
    time_field: ordered_at
    unit: EUR
    format: currency
    decompose_by: [category]
dimensions:
  category: { label: category, label_zh: 品类, column: products.category, aliases: [category, 品类], values: { books: [], games: [], music: [] } }
`;

let catalogPath = '';

beforeAll(async () => {
  await ensureDatabase(shopUrl);
  const pool = new Pool({ connectionString: shopUrl, max: 1 });
  await pool.query(`
    DROP SCHEMA IF EXISTS sales CASCADE;
    CREATE SCHEMA sales;
    CREATE TABLE sales.products (product_id int PRIMARY KEY, category text NOT NULL);
    CREATE TABLE sales.orders (order_id int PRIMARY KEY, ordered_at timestamp NOT NULL, amount numeric NOT NULL);
    CREATE TABLE sales.order_lines (order_id int REFERENCES sales.orders, line_no int, product_id int REFERENCES sales.products, amount numeric NOT NULL, PRIMARY KEY (order_id, line_no));
    INSERT INTO sales.products VALUES (1, 'books'), (2, 'games'), (3, 'music');
    INSERT INTO sales.orders VALUES
      (1, '2024-01-05', 100), (2, '2024-01-12', 50), (3, '2024-01-20', 30),
      (4, '2024-02-03', 200), (5, '2024-02-14', 40), (6, '2024-02-25', 60),
      (7, '2023-12-15', 80), (8, '2024-03-10', 90);
    INSERT INTO sales.order_lines VALUES
      (1, 1, 1, 60), (1, 2, 2, 40), (2, 1, 1, 50), (3, 1, 3, 30),
      (4, 1, 2, 200), (5, 1, 3, 40), (6, 1, 1, 30), (6, 2, 3, 30),
      (7, 1, 1, 80), (8, 1, 2, 90);
  `);
  await pool.end();
  catalogPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'baton-sales-')), 'sales_shop.yaml');
  fs.writeFileSync(catalogPath, catalogYaml);
  // What a user does first: check the catalog against the database, which also grants the read-only role schema sales.
  const { stdout } = await run(process.execPath, [
    path.resolve(__dirname, '../../dist/src/client.js'),
    'catalog',
    'check',
    catalogPath,
    '--database-url',
    shopUrl,
  ]);
  expect(stdout).toMatch(/sales_shop\.yaml matches/);
});

test('orders by category count each order once in every category it has lines in, verified by the second path', async () => {
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'orders by category from January 2024 to February 2024', {
    databaseUrl: shopUrl,
    catalogPath,
  });
  expect(result.status).toBe('completed');
  const step = result.steps[0]!;
  // Read from schema sales, each order matched by its key and counted once per category.
  expect(step.result!.sql).toMatch(/sales\.orders AS orders/);
  expect(step.result!.sql).toMatch(/SELECT DISTINCT/);
  const byCategory = Object.fromEntries(step.result!.rows.map((r) => [String(r.category), Number(r.value)]));
  expect(byCategory).toEqual({ books: 3, games: 2, music: 3 });
  // The groups add up to 8 for 6 orders: the run says why instead of checking them against the total.
  expect(result.plan.kind === 'plan' ? result.plan.assumptions.join(' ') : '').toMatch(/counts once in every group it has lines in/);
  expect(result.verification!.mismatches).toEqual([]);
  // The order counts are verified independently; only data-quality counts are re-run (they have no second path).
  expect(result.verification!.rerun_only.filter((id) => !id.startsWith('dq.'))).toEqual([]);
  expect(result.verification!.verified).toEqual(expect.arrayContaining(['s1.books.value', 's1.games.value', 's1.music.value']));
  expect(result.verification!.verified.length).toBeGreaterThanOrEqual(3);
});

test('a change of average order value split by overlapping categories keeps the metric itself and a residual', async () => {
  const { result } = await runAnalysis(
    harness.client,
    harness.config.taskQueue,
    'why did average order value change from January 2024 to February 2024?',
    { databaseUrl: shopUrl, catalogPath },
  );
  const decomposition = result.steps.find((s) => s.step.operation.kind === 'change_decomposition');
  expect(decomposition?.status).toBe('passed');
  const summary = decomposition!.result!.data_summary;
  // Before and after are AOV itself (60 and 100), not the groups' weighted mean (70 and 90).
  expect(summary).toMatchObject({ value_before: 60, value_after: 100, change: 40, groups_overlap: 'yes', residual: 20 });
  const effects = Object.fromEntries(decomposition!.result!.rows.map((r) => [String(r.category), Number(r.total_effect)]));
  // books 75 → 60 (weight 1/2 → 1/4), games 100 → 200 (1/4 → 1/4), music 30 → 50 (1/4 → 1/2): they explain 20 of the 40.
  expect(Object.values(effects).reduce((a, b) => a + b, 0)).toBeCloseTo(20, 6);
  expect(result.verification!.mismatches).toEqual([]);
  expect(result.answer).toMatch(/overlap/);
  expect(['completed', 'degraded']).toContain(result.status);
});
