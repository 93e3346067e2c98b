/**
 * `baton catalog import-dbt` on dbt projects as people write them (issue 29).
 *
 * test/fixtures/dbt-legacy/ (top-level semantic_models with measures) and test/fixtures/dbt-latest/ (semantic
 * annotations on models, simple metrics) describe one shop, with the patterns of the public projects named in
 * docs/catalog.md: time dimensions as `cast(col as DATE)`, `col::date`, `date_trunc(...)`, `DATE(col)`; derived
 * metrics over plain-name inputs; fill_nulls_with and join_to_timespine; a per-measure agg_time_dimension; filters
 * through joins; metrics in a file of their own; a file that is not dbt. The test builds the shop's tables from the
 * models' columns in a scratch database (<test database>_dbt_specs), fills them with rows it generates, and checks
 * the imported catalogs with `catalog check` and against hand-written SQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { parseCatalog, type Catalog } from '../../src/catalog/catalog';
import { importDbt, readDbtFiles } from '../../src/catalog/dbt';
import { timeColumnOf } from '../../src/catalog/dbt/time';
import { checkCatalog } from '../../src/catalog/check';
import { compileMetricQuery } from '../../src/catalog/sql';
import { ensureDatabase } from '../../src/storage/db';
import { ensureReaderRole } from '../../src/storage/reader-role';
import { testConfig } from '../helpers';

const LEGACY = path.join(__dirname, '..', 'fixtures', 'dbt-legacy');
const LATEST = path.join(__dirname, '..', 'fixtures', 'dbt-latest');
const url = (() => {
  const u = new URL(testConfig().databaseUrl);
  u.pathname = `${u.pathname}_dbt_specs`;
  return u.toString();
})();
let pool: Pool;

beforeAll(async () => {
  await ensureDatabase(url);
  pool = new Pool({ connectionString: url, max: 2 });
  await pool.query(`
    DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;
    CREATE TABLE customers (customer_id int PRIMARY KEY, customer_name text NOT NULL, customer_type text NOT NULL, first_ordered_at timestamp NOT NULL,
      last_ordered_at timestamp, count_lifetime_orders int, lifetime_spend_pretax numeric(10,2), lifetime_spend numeric(10,2));
    CREATE TABLE orders (order_id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customers, location_id int NOT NULL, order_total numeric(10,2),
      tax_paid numeric(10,2), order_cost numeric(10,2), ordered_at timestamp NOT NULL, delivered_at timestamp NOT NULL, is_food_order boolean NOT NULL, is_drink_order boolean NOT NULL);
    CREATE TABLE order_items (order_item_id int PRIMARY KEY, order_id int NOT NULL REFERENCES orders, product_id text NOT NULL, ordered_at timestamp NOT NULL,
      product_price numeric(10,2) NOT NULL, is_food_item int NOT NULL);
    INSERT INTO customers SELECT i, 'Customer ' || i, CASE WHEN i % 3 = 0 THEN 'new' ELSE 'returning' END,
      timestamp '2025-02-01' + ((i * 53) % 70) * interval '1 day' + (i % 24) * interval '1 hour', timestamp '2025-05-01', i % 5 + 1, i * 3.5, i * 3.85
      FROM generate_series(1, 30) i;
    INSERT INTO orders SELECT i, 1 + (i * 7) % 30, 1 + i % 4, NULL, NULL, NULL, timestamp '2025-02-01' + ((i * 337) % (89 * 24 * 60)) * interval '1 minute',
      timestamp '2025-02-01' + ((i * 337) % (89 * 24 * 60)) * interval '1 minute' + ((i % 7) * 11) * interval '1 hour', i % 3 <> 0, i % 2 = 0
      FROM generate_series(1, 400) i;
    INSERT INTO order_items SELECT o.order_id * 10 + k, o.order_id, 'P' || ((o.order_id + k) % 6), o.ordered_at, 3 + (o.order_id * k * 13) % 17 + 0.5 * (k % 2),
      CASE WHEN (o.order_id + k) % 2 = 0 THEN 1 ELSE 0 END
      FROM orders o CROSS JOIN LATERAL generate_series(1, 1 + o.order_id % 3) k;
    UPDATE orders o SET order_total = round(s.total * 1.1, 2), tax_paid = round(s.total * 0.1, 2), order_cost = round(s.total * 0.4, 2)
      FROM (SELECT order_id, sum(product_price) total FROM order_items GROUP BY 1) s WHERE s.order_id = o.order_id;
  `);
  await ensureReaderRole(url);
}, 60_000);
afterAll(async () => pool.end());

const MARCH = { start: '2025-03-01', end: '2025-04-01', label_zh: '2025年3月', label_en: 'March 2025', source: 'question' as const };
const IN_MARCH = (col: string) => `${col} >= '2025-03-01' AND ${col} < '2025-04-01'`;
/** Each metric's March value, written by hand from the dbt definitions. */
const HAND_SQL: Record<string, string> = {
  order_total: `SELECT SUM(order_total) FROM orders WHERE ${IN_MARCH('ordered_at')}`,
  orders: `SELECT COUNT(*) FROM orders WHERE ${IN_MARCH('ordered_at')}`,
  orders_fill_nulls_with_zero: `SELECT COUNT(*) FROM orders WHERE ${IN_MARCH('ordered_at')}`,
  twice_orders: `SELECT 2 * COUNT(*) FROM orders WHERE ${IN_MARCH('ordered_at')}`,
  food_orders: `SELECT COUNT(*) FROM orders WHERE is_food_order AND ${IN_MARCH('ordered_at')}`,
  large_orders: `SELECT COUNT(*) FROM orders WHERE order_total >= 20 AND ${IN_MARCH('ordered_at')}`,
  delivered_orders: `SELECT COUNT(*) FROM orders WHERE ${IN_MARCH('delivered_at')}`,
  tax: `SELECT SUM(tax_paid) FROM orders WHERE ${IN_MARCH('ordered_at')}`,
  order_cost: `SELECT SUM(order_cost) FROM orders WHERE ${IN_MARCH('ordered_at')}`,
  net_order_total: `SELECT SUM(order_total) - SUM(tax_paid) FROM orders WHERE ${IN_MARCH('ordered_at')}`,
  average_order_value: `SELECT SUM(order_total) / COUNT(*) FROM orders WHERE ${IN_MARCH('ordered_at')}`,
  food_order_share: `SELECT COUNT(*) FILTER (WHERE is_food_order)::numeric / COUNT(*) FROM orders WHERE ${IN_MARCH('ordered_at')}`,
  revenue: `SELECT SUM(product_price) FROM order_items WHERE ${IN_MARCH('ordered_at')}`,
  food_revenue: `SELECT SUM(product_price) FILTER (WHERE is_food_item = 1) FROM order_items WHERE ${IN_MARCH('ordered_at')}`,
  food_revenue_pct: `SELECT SUM(product_price) FILTER (WHERE is_food_item = 1) / SUM(product_price) FROM order_items WHERE ${IN_MARCH('ordered_at')}`,
  new_customer_food_revenue: `SELECT SUM(i.product_price) FILTER (WHERE i.is_food_item = 1) FROM order_items i JOIN orders o USING (order_id) JOIN customers c USING (customer_id)
    WHERE c.customer_type = 'new' AND ${IN_MARCH('i.ordered_at')}`,
  lifetime_spend: `SELECT SUM(lifetime_spend) FROM customers WHERE ${IN_MARCH('first_ordered_at')}`,
  // Legacy fixture only:
  customers_with_orders: `SELECT COUNT(DISTINCT customer_id) FROM orders WHERE ${IN_MARCH('ordered_at')}`,
  largest_order: `SELECT MAX(order_total) FROM orders WHERE ${IN_MARCH('ordered_at')}`,
  weekday_orders: `SELECT COUNT(*) FROM orders WHERE extract(isodow FROM ordered_at) < 6 AND ${IN_MARCH('ordered_at')}`,
  new_customer_orders: `SELECT COUNT(*) FROM orders JOIN customers USING (customer_id) WHERE customer_type = 'new' AND ${IN_MARCH('ordered_at')}`,
  average_revenue: `SELECT AVG(product_price) FROM order_items WHERE ${IN_MARCH('ordered_at')}`,
};

async function value(catalog: Catalog, metric: string, groupBy: string[] = []): Promise<Record<string, unknown>[]> {
  const q = compileMetricQuery(catalog, { metric, window: MARCH, filters: [], group_by: groupBy, order: null, limit: null });
  return (await pool.query<Record<string, unknown>>(q.sql, q.params)).rows;
}
async function hand(sql: string): Promise<number> {
  const { rows } = await pool.query<{ v: string }>(sql.replace(/^SELECT /, 'SELECT (').replace(/ FROM /, ')::float8 AS v FROM '));
  return Number(rows[0]?.v);
}

test('time dimensions: casts, ::, date_trunc and date() of a column read as the column; anything else says why', () => {
  for (const expr of [
    'ordered_at',
    'cast(ordered_at as DATE)',
    'CAST( ordered_at AS date )',
    'ordered_at::date',
    'ordered_at :: timestamp',
    "date_trunc('day', ordered_at)",
    'DATE_TRUNC(\'week\', "ordered_at")',
    'date_trunc(ordered_at, day)',
    'date(ordered_at)',
    'DATE( ordered_at )',
    "(cast(date_trunc('day', orders.ordered_at) as date))",
    '"ordered_at"',
  ]) {
    expect([expr, timeColumnOf(expr)]).toEqual([expr, { column: 'ordered_at' }]);
  }
  for (const expr of [
    "ordered_at + interval '1 day'",
    'coalesce(ordered_at, created_at)',
    "date_trunc('fortnight', ordered_at)",
    "{{ dbt.date_trunc('day', 'ordered_at') }}",
    'cast(a as date) - cast(b as date)',
  ]) {
    expect([expr, 'reason' in timeColumnOf(expr)]).toEqual([expr, true]);
  }
});

test('legacy spec: what is imported, and one line for each thing that is not', () => {
  const r = importDbt(readDbtFiles(LEGACY), { name: 'shop' });
  expect(r.imported).toEqual({ tables: 3, metrics: 22, dimensions: 6 });
  // cast(ordered_at as DATE) is the column ordered_at (before issue 29 it was refused, and every metric with it).
  const c = parseCatalog(r.text);
  expect(c.time_fields.orders_ordered_at).toMatchObject({
    column: 'orders.ordered_at',
    meaning: expect.stringContaining('dbt granularity: day'),
  });
  expect(c.time_fields.delivered_at).toMatchObject({ column: 'orders.delivered_at' });
  expect(c.time_fields.first_ordered_at).toMatchObject({ column: 'customers.first_ordered_at' });
  // A derived metric whose input is a plain name (before: "metric undefined is not defined").
  expect(c.metrics.twice_orders).toMatchObject({ table: 'orders', expression: '2 * COUNT(*)' });
  // The per-measure agg_time_dimension, not the model's default.
  expect(c.metrics.delivered_orders!.time_field).toBe('delivered_at');
  expect(c.metrics.revenue!.expression).toBe('COALESCE(SUM(order_items.product_price), 0)');
  expect(c.metrics.average_revenue).toMatchObject({ expression: 'AVG(order_items.product_price)' });
  expect(c.metrics.average_order_value).toMatchObject({ numerator: 'SUM(orders.order_total)', denominator: 'COUNT(*)' });
  expect(c.metrics.weekday_orders!.filters.map((f) => f.sql)).toEqual(["extract(isodow from date_trunc('day', orders.ordered_at)) < 6"]);
  expect(r.unmapped).toEqual([
    'models/metrics/compose.yml: not a dbt file (top-level keys services); skipped',
    'models/marts/customers.yml: semantic_models.product_events: no entities (a semantic model needs a primary entity); skipped, with its measures',
    "models/marts/customers.yml: time dimension customers.signup_month: expr \"first_ordered_at + interval '1 day'\" is not read as a time field: it is not a column, nor a column cast to a date (cast(col as date), col::date, date(col)) or truncated to a grain (date_trunc('day', col))",
    'models/marts/order_items.yml: semantic model order_item: read as table order_items (its model); the catalog calls it order_items',
    'models/marts/order_items.yml: entity product of order_item (order_items.product_id): no semantic model has it as its primary entity on a column, so no join',
    'models/marts/orders.yml: entity location of orders (orders.location_id): no semantic model has it as its primary entity on a column, so no join',
    'models/marts/order_items.yml: metric median_revenue (simple): measure median_revenue aggregates with percentile, which a Baton metric cannot express; ask Baton for the average, or the metric grouped by a dimension, instead',
    'models/marts/order_items.yml: metric revenue_growth_mom (derived): input revenue has an offset (1 month); ask Baton period over period (环比/同比) on revenue instead',
    'models/marts/order_items.yml: metric order_gross_profit (derived): its inputs are on order_items and orders, two grains; a Baton metric aggregates one table (ask for each and compare)',
    'models/marts/order_items.yml: metric cumulative_revenue (cumulative): a running total of revenue (all time) has no Baton equivalent; ask for revenue over the window you mean instead',
    'models/marts/orders.yml: metric orders_last_7_days (cumulative): a running total of order_count (over 7 days) has no Baton equivalent; ask for order_count over the window you mean instead',
    'models/metrics/shop_metrics.yml: metric order_to_return_rate (conversion): a conversion rate within a window has no Baton equivalent; ask for the base and the conversion counts separately and compare',
    'models/metrics/shop_metrics.yml: metric refunds (simple): measure refund_amount is not defined in any semantic model',
    "models/marts/orders.yml: metric orders_fill_nulls_with_zero: join_to_timespine is not kept; Baton's series list the periods that have rows (fill_nulls_with is kept for totals)",
  ]);
  for (const line of r.unmapped) expect(r.text).toContain(`#   - ${line}`);
});

test('latest spec: the same shop imports to the same metrics as the legacy spec', () => {
  const latest = importDbt(readDbtFiles(LATEST), { name: 'shop' });
  const legacy = parseCatalog(importDbt(readDbtFiles(LEGACY), { name: 'shop' }).text);
  const c = parseCatalog(latest.text);
  expect(latest.imported).toEqual({ tables: 3, metrics: 17, dimensions: 4 });
  expect(
    latest.metrics
      .filter((m) => !m.imported)
      .map((m) => m.name)
      .sort(),
  ).toEqual(['cumulative_revenue_mtd', 'median_revenue', 'order_gross_profit', 'order_to_reorder', 'revenue_growth_mom']);
  expect(c.joins.map((j) => `${j.from} -> ${j.to}`).sort()).toEqual(legacy.joins.map((j) => `${j.from} -> ${j.to}`).sort());
  for (const [name, m] of Object.entries(c.metrics)) {
    const { table, expression, numerator, denominator, time_field, filters } = m;
    const l = legacy.metrics[name]!;
    expect([name, { table, expression, numerator, denominator, time_field, filters }]).toEqual([
      name,
      {
        table: l.table,
        expression: l.expression,
        numerator: l.numerator,
        denominator: l.denominator,
        time_field: l.time_field,
        filters: l.filters,
      },
    ]);
  }
});

test.each([
  ['legacy', LEGACY],
  ['latest', LATEST],
])(
  '%s spec: catalog check passes and every imported metric answers March as hand-written SQL does',
  async (_spec, dir) => {
    const r = importDbt(readDbtFiles(dir), { name: 'shop', timezone: 'UTC' });
    const file = path.join(__dirname, '../..', '.data', 'test', `dbt-${_spec}.yaml`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, r.text);
    expect((await checkCatalog(r.text, file, url)).problems).toEqual([]);
    const catalog = parseCatalog(r.text);
    const names = Object.keys(catalog.metrics);
    expect(names.filter((n) => !(n in HAND_SQL))).toEqual([]);
    for (const name of names) {
      const [row] = await value(catalog, name);
      expect([name, Number(row?.value)]).toEqual([name, expect.closeTo(await hand(HAND_SQL[name]!), 6)]);
    }
    // Two questions a person would ask, grouped through the joins.
    const byType = Object.fromEntries((await value(catalog, 'revenue', ['customer_type'])).map((x) => [x.customer_type, Number(x.value)]));
    const { rows } = await pool.query<{ customer_type: string; v: string }>(
      `SELECT c.customer_type, SUM(i.product_price) v FROM order_items i JOIN orders o USING (order_id) JOIN customers c USING (customer_id) WHERE ${IN_MARCH('i.ordered_at')} GROUP BY 1`,
    );
    expect(byType).toEqual(Object.fromEntries(rows.map((x) => [x.customer_type, expect.closeTo(Number(x.v), 6)])));
    const food = Object.fromEntries(
      (await value(catalog, 'order_total', ['is_food_order'])).map((x) => [String(x.is_food_order), Number(x.value)]),
    );
    const hf = await pool.query<{ k: boolean; v: string }>(
      `SELECT is_food_order k, SUM(order_total) v FROM orders WHERE ${IN_MARCH('ordered_at')} GROUP BY 1`,
    );
    expect(food).toEqual(Object.fromEntries(hf.rows.map((x) => [String(x.k), expect.closeTo(Number(x.v), 6)])));
  },
  60_000,
);

test.each([
  ['legacy', LEGACY],
  ['latest', LATEST],
])('%s spec: importing one file finds the models of its sibling files, and matches the folder', (_spec, dir) => {
  const whole = parseCatalog(importDbt(readDbtFiles(dir), { name: 'shop' }).text);
  const files = readDbtFiles(dir)
    .filter((f) => /^models\/(?!.*compose)/.test(f.file))
    .map((f) => f.file);
  let metricsSeen = 0;
  for (const f of files) {
    const one = parseCatalog(importDbt(readDbtFiles(path.join(dir, f)), { name: 'shop' }).text);
    for (const [name, m] of Object.entries(one.metrics)) {
      expect([f, name, m]).toEqual([f, name, whole.metrics[name]]);
      metricsSeen++;
    }
    for (const [name, t] of Object.entries(one.tables)) expect([f, name, t]).toEqual([f, name, whole.tables[name]]);
    for (const [name, t] of Object.entries(one.time_fields)) expect([f, name, t]).toEqual([f, name, whole.time_fields[name]]);
    for (const j of one.joins) expect(whole.joins).toContainEqual(j);
  }
  expect(metricsSeen).toBe(Object.keys(whole.metrics).length);
  // orders' customer entity joins to customers, defined in another file (before: no join when imported alone).
  const orders = parseCatalog(
    importDbt(
      readDbtFiles(
        path.join(
          dir,
          files.find((f) => f.endsWith('orders.yml'))!,
        ),
      ),
      { name: 'shop' },
    ).text,
  );
  expect(orders.joins).toContainEqual({ from: 'orders.customer_id', to: 'customers.customer_id', relationship: 'many_to_one' });
});
