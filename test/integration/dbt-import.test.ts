/**
 * `baton catalog import-dbt`: dbt MetricFlow semantic models and metrics become a Baton catalog.
 *
 * The input (test/fixtures/dbt-jaffle/) is modelled on the orders, order_items and customers semantic models and
 * metrics of dbt-labs' jaffle-sl-template. dbt does not run here, so the test creates the tables those models
 * describe in a scratch database (<test database>_dbt), with small known data, and asks the imported catalog and a
 * hand-written one the same questions: the answers must be the same, and the known numbers.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Pool } from 'pg';
import { parseCatalog, type Catalog } from '../../src/catalog/catalog';
import { importDbt, readDbtFiles } from '../../src/catalog/dbt';
import { checkCatalog } from '../../src/catalog/check';
import { compileMetricQuery } from '../../src/catalog/sql';
import { ensureDatabase } from '../../src/storage/db';
import { ensureReaderRole } from '../../src/storage/reader-role';
import { testConfig } from '../helpers';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'dbt-jaffle');
const dbtUrl = (() => {
  const url = new URL(testConfig().databaseUrl);
  url.pathname = `${url.pathname}_dbt`;
  return url.toString();
})();
let pool: Pool;

/** The same shop written by hand, as a person would from the dbt models. */
const HAND_WRITTEN = `
name: jaffle_by_hand
timezone: UTC
tables:
  orders: { primary_key: order_id, time_column: ordered_at }
  order_items: { primary_key: order_item_id, time_column: ordered_at }
  customers: { primary_key: customer_id, time_column: first_ordered_at }
joins:
  - { from: order_items.order_id, to: orders.order_id }
  - { from: orders.customer_id, to: customers.customer_id }
time_fields:
  ordered: { column: orders.ordered_at, meaning: when the order was placed }
  item_ordered: { column: order_items.ordered_at, meaning: when the item was ordered }
metrics:
  order_total: { label: order total, description: d, table: orders, expression: SUM(orders.order_total), time_field: ordered }
  orders: { label: orders, description: d, table: orders, expression: COUNT(*), time_field: ordered }
  large_order:
    { label: large orders, description: d, table: orders, expression: COUNT(*), time_field: ordered, filters: [{ sql: orders.order_total >= 20, description: d }] }
  food_orders:
    { label: food orders, description: d, table: orders, expression: COUNT(*), time_field: ordered, filters: [{ sql: orders.is_food_order, description: d }] }
  average_order_total: { label: average order total, description: d, table: orders, numerator: SUM(orders.order_total), denominator: COUNT(*), time_field: ordered }
  largest_order: { label: largest order, description: d, table: orders, expression: MAX(orders.order_total), time_field: ordered }
  food_order_share: { label: food order share, description: d, table: orders, numerator: COUNT(*) FILTER (WHERE orders.is_food_order), denominator: COUNT(*), time_field: ordered }
  customers_with_orders: { label: customers, description: d, table: orders, expression: COUNT(DISTINCT orders.customer_id), time_field: ordered }
  new_customer:
    { label: new customers, description: d, table: orders, expression: COUNT(DISTINCT orders.customer_id), time_field: ordered, filters: [{ sql: "customers.customer_type = 'new'", description: d }] }
  revenue: { label: revenue, description: d, table: order_items, expression: SUM(order_items.product_price), time_field: item_ordered }
  food_revenue: { label: food revenue, description: d, table: order_items, expression: SUM(order_items.product_price) FILTER (WHERE order_items.is_food_item = 1), time_field: item_ordered }
  food_revenue_pct:
    { label: food revenue share, description: d, table: order_items, numerator: SUM(order_items.product_price) FILTER (WHERE order_items.is_food_item = 1), denominator: SUM(order_items.product_price), time_field: item_ordered }
  non_food_revenue: { label: non-food revenue, description: d, table: order_items, expression: SUM(order_items.product_price) FILTER (WHERE order_items.is_food_item <> 1), time_field: item_ordered }
dimensions:
  customer_type: { label: customer type, column: customers.customer_type }
  is_food_order: { label: food order, column: orders.is_food_order }
`;

beforeAll(async () => {
  await ensureDatabase(dbtUrl);
  pool = new Pool({ connectionString: dbtUrl, max: 2 });
  await pool.query(`
    DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;
    CREATE TABLE customers (customer_id int PRIMARY KEY, customer_name text NOT NULL, customer_type text NOT NULL, first_ordered_at timestamp, last_ordered_at timestamp,
      count_lifetime_orders int, lifetime_spend_pretax numeric(10,2), lifetime_spend numeric(10,2));
    CREATE TABLE orders (order_id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customers, location_id int NOT NULL, ordered_at timestamp NOT NULL,
      order_total numeric(10,2) NOT NULL, tax_paid numeric(10,2) NOT NULL, order_cost numeric(10,2) NOT NULL, is_food_order boolean NOT NULL, is_drink_order boolean NOT NULL);
    CREATE TABLE order_items (order_item_id int PRIMARY KEY, order_id int NOT NULL REFERENCES orders, product_id text NOT NULL, ordered_at timestamp NOT NULL,
      product_price numeric(10,2) NOT NULL, is_food_item int NOT NULL, is_drink_item int NOT NULL);
    INSERT INTO customers VALUES (1, 'Ann', 'new', '2025-03-02', '2025-03-02', 1, 11, 12), (2, 'Bob', 'returning', '2025-03-05', '2025-03-20', 2, 30.5, 33), (3, 'Cy', 'new', '2025-04-01', '2025-04-01', 1, 27.5, 30);
    INSERT INTO orders VALUES
      (1, 1, 1, '2025-03-02 10:00', 12.00, 1.00, 4.00, true, true),
      (2, 2, 1, '2025-03-05 12:30', 25.00, 2.00, 9.00, true, false),
      (3, 2, 2, '2025-03-20 18:00', 8.00, 0.50, 2.00, false, true),
      (4, 3, 2, '2025-04-01 09:15', 30.00, 2.50, 10.00, true, true);
    INSERT INTO order_items VALUES
      (1, 1, 'JAF-001', '2025-03-02 10:00', 7.00, 1, 0), (2, 1, 'BEV-001', '2025-03-02 10:00', 4.00, 0, 1),
      (3, 2, 'JAF-002', '2025-03-05 12:30', 11.00, 1, 0), (4, 2, 'JAF-003', '2025-03-05 12:30', 12.00, 1, 0),
      (5, 3, 'BEV-002', '2025-03-20 18:00', 7.50, 0, 1),
      (6, 4, 'JAF-004', '2025-04-01 09:15', 20.00, 1, 0), (7, 4, 'BEV-002', '2025-04-01 09:15', 7.50, 0, 1);
  `);
  await ensureReaderRole(dbtUrl);
}, 60_000);

afterAll(async () => pool.end());

const MARCH = { start: '2025-03-01', end: '2025-04-01', label_zh: '2025年3月', label_en: 'March 2025', source: 'question' as const };

async function answer(catalog: Catalog, metric: string, groupBy: string[] = []): Promise<Record<string, unknown>[]> {
  const q = compileMetricQuery(catalog, { metric, window: MARCH, filters: [], group_by: groupBy, order: null, limit: null });
  const { rows } = await pool.query<Record<string, unknown>>(q.sql, q.params);
  // The value and the groups (a ratio also returns its numerator and denominator; AVG() does not).
  return rows.map((r) =>
    Object.fromEntries(
      Object.entries(r)
        .filter(([k]) => k !== 'numerator' && k !== 'denominator')
        .map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v]),
    ),
  );
}

test('the imported catalog answers as the hand-written one, with the known numbers', async () => {
  const imported = importDbt(readDbtFiles(FIXTURE), { name: 'jaffle', timezone: 'UTC' });
  const catalog = parseCatalog(imported.text);
  const hand = parseCatalog(HAND_WRITTEN);
  const expected: Record<string, number> = {
    order_total: 45,
    orders: 3,
    large_order: 1,
    food_orders: 2,
    average_order_total: 15,
    largest_order: 25,
    food_order_share: 2 / 3,
    customers_with_orders: 2,
    new_customer: 1,
    revenue: 41.5,
    food_revenue: 30,
    food_revenue_pct: 30 / 41.5,
    non_food_revenue: 11.5,
  };
  for (const [metric, value] of Object.entries(expected)) {
    const mine = await answer(catalog, metric);
    expect([metric, mine]).toEqual([metric, await answer(hand, metric)]);
    expect([metric, Number(mine[0]!.value)]).toEqual([metric, expect.closeTo(value, 6)]);
  }
  // Grouped through the joins, as the hand-written catalog groups them.
  expect(await answer(catalog, 'revenue', ['customer_type'])).toEqual(await answer(hand, 'revenue', ['customer_type']));
  expect((await answer(catalog, 'revenue', ['customer_type'])).map((r) => [r.customer_type, r.value])).toEqual(
    expect.arrayContaining([
      ['new', 11],
      ['returning', 30.5],
    ]),
  );
  expect(await answer(catalog, 'order_total', ['is_food_order'])).toEqual(await answer(hand, 'order_total', ['is_food_order']));
  expect(imported.imported).toEqual({ tables: 3, metrics: 15, dimensions: 7 });
});

test('the mapping: entities, time dimensions with granularity, measures by aggregation, metric types', () => {
  const { text } = importDbt(readDbtFiles(FIXTURE), { name: 'jaffle' });
  const c = parseCatalog(text);
  expect(c.tables.orders).toMatchObject({ primary_key: 'order_id', time_column: 'ordered_at' });
  expect(c.tables.order_items).toMatchObject({ primary_key: 'order_item_id', time_column: 'ordered_at' });
  expect(c.joins.map((j) => `${j.from} -> ${j.to}`)).toEqual([
    'order_items.order_id -> orders.order_id',
    'orders.customer_id -> customers.customer_id',
  ]);
  expect(c.time_fields.orders_ordered_at).toMatchObject({
    column: 'orders.ordered_at',
    meaning: expect.stringContaining('dbt granularity: day'),
  });
  expect(c.metrics.orders!.expression).toBe('COUNT(*)');
  expect(c.metrics.customers_with_orders!.expression).toBe('COUNT(DISTINCT orders.customer_id)');
  expect(c.metrics.average_order_total!.expression).toBe('AVG(orders.order_total)');
  expect(c.metrics.largest_order!.expression).toBe('MAX(orders.order_total)');
  expect(c.metrics.large_order!.filters.map((f) => f.sql)).toEqual(['orders.order_total >= 20']);
  expect(c.metrics.new_customer!.filters.map((f) => f.sql)).toEqual(["customers.customer_type = 'new'"]);
  expect(c.metrics.food_revenue!.expression).toBe('SUM(case when order_items.is_food_item = 1 then order_items.product_price else 0 end)');
  expect(c.metrics.food_order_share).toMatchObject({
    numerator: 'COUNT(*) FILTER (WHERE (orders.is_food_order = true))',
    denominator: 'COUNT(*)',
    format: 'ratio',
  });
  expect(c.metrics.non_food_revenue!.expression).toBe(
    'SUM(order_items.product_price) - SUM(case when order_items.is_food_item = 1 then order_items.product_price else 0 end)',
  );
  expect(c.dimensions.order_total_dim).toMatchObject({ column: 'orders.order_total' });
});

test('what cannot be mapped is named, in the result and at the top of the file', () => {
  const { text, unmapped } = importDbt(readDbtFiles(FIXTURE), { name: 'jaffle' });
  expect(unmapped).toEqual([
    'order_items.yml: entity product of order_items (order_items.product_id): no semantic model has it as its primary entity on a column, so no join',
    'orders.yml: entity location of orders (orders.location_id): no semantic model has it as its primary entity on a column, so no join',
    'order_items.yml: metric median_revenue (simple): measure median_revenue aggregates with median, which a Baton metric cannot express; ask Baton for the average, or the metric grouped by a dimension, instead',
    'order_items.yml: metric revenue_growth_mom (derived): input revenue has an offset (1 month); ask Baton period over period (环比/同比) on revenue instead',
    'order_items.yml: metric order_gross_profit (derived): its inputs are on order_items and orders, two grains; a Baton metric aggregates one table (ask for each and compare)',
    'order_items.yml: metric cumulative_revenue (cumulative): a running total of revenue (all time) has no Baton equivalent; ask for revenue over the window you mean instead',
  ]);
  for (const line of unmapped) expect(text).toContain(`#   - ${line}`);
});

test('the CLI writes the catalog, names what it left out, and the result passes catalog check', async () => {
  const out = path.join(ROOT, '.data', 'test', 'jaffle.yaml');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const { stdout, stderr } = await run('node', [
    path.join(ROOT, 'dist/src/client.js'),
    'catalog',
    'import-dbt',
    FIXTURE,
    '--name',
    'jaffle',
    '--currency',
    'USD',
    '--database-url',
    dbtUrl,
    '-o',
    out,
  ]);
  expect(stdout).toContain(`wrote ${out}: 3 tables, 15 metrics, 7 dimensions; 6 thing(s) not imported`);
  expect(stderr).toContain('! not imported: order_items.yml: metric cumulative_revenue (cumulative)');
  const catalog = parseCatalog(fs.readFileSync(out, 'utf8'));
  expect(catalog.metrics.revenue).toMatchObject({ unit: 'USD', format: 'currency' });
  const report = await checkCatalog(fs.readFileSync(out, 'utf8'), out, dbtUrl);
  expect(report.problems).toEqual([]);
}, 60_000);
