/**
 * Every metric of a catalog grouped by every dimension (and by year), compiled by the SQL agent's compiler and built
 * by the validator's second path, against reference SQL written here by hand from the schema: no catalog, no
 * compiler. A reference never multiplies a row: it reads the metric's own table once per (row, group) pair, the
 * pairs listed DISTINCT by hand-written membership queries. A row with no value for the dimension is in the null
 * group, as the compiler's LEFT JOINs put it.
 *
 * The cases are generated (metrics × dimensions of the catalog); only the pieces are written by hand. A catalog
 * metric or dimension without a hand-written piece fails the test, so new ones cannot slip through unchecked.
 */
import path from 'node:path';
import { loadCatalog, type Catalog } from '../../src/catalog/catalog';
import { compileMetricQuery } from '../../src/catalog/sql';
import { queryReadOnly } from '../../src/storage/read-only';
import { NotIndependent, secondPathSql, uniqueKeysOf } from '../../src/verify/second-path';
import { closePools, getPool } from '../../src/storage/db';
import { ensureReaderRole } from '../../src/storage/reader-role';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';

/** A table whose rows a metric aggregates: its key, its FROM (with what the time needs) and its time expression. */
interface Unit {
  key: string;
  from: string;
  time: string;
}

export interface Reference {
  units: Record<string, Unit>;
  /** Per unit table, per dimension: SELECT key, value — every row of the unit at least once (value null when none). */
  membership: Record<string, Record<string, string>>;
  /**
   * Per metric: the unit table, the aggregate over its rows (aliases as in the unit's FROM) and an optional condition;
   * a per-entity metric first aggregates `columns` per `entity` within each group, then `value` over those.
   */
  metrics: Record<string, { unit: string; value: string; where?: string; perEntity?: { entity: string; columns: string } }>;
  window: { start: string; end: string };
}

const YEAR = 'year';

function referenceSql(ref: Reference, metric: string, dimension: string): string {
  const m = ref.metrics[metric];
  if (!m) throw new Error(`no hand-written reference for metric ${metric}`);
  const unit = ref.units[m.unit];
  if (!unit) throw new Error(`no unit ${m.unit}`);
  const membership =
    dimension === YEAR
      ? `SELECT ${unit.key} AS key, extract(year FROM ${unit.time})::int::text AS value FROM ${unit.from}`
      : ref.membership[m.unit]?.[dimension];
  if (!membership) throw new Error(`no hand-written membership of ${m.unit} rows in ${dimension}`);
  const where = [`${unit.time} >= '${ref.window.start}'`, `${unit.time} < '${ref.window.end}'`, ...(m.where ? [m.where] : [])];
  const from = `${unit.from} JOIN (SELECT DISTINCT key, value FROM (${membership}) AS listed) AS member ON member.key = ${unit.key}`;
  if (m.perEntity) {
    return `SELECT grp, (${m.value})::float8 AS value FROM (
      SELECT member.value AS grp, ${m.perEntity.entity} AS entity, ${m.perEntity.columns} FROM ${from} WHERE ${where.join(' AND ')} GROUP BY 1, 2
    ) AS per_entity GROUP BY 1`;
  }
  return `SELECT member.value AS grp, (${m.value})::float8 AS value FROM ${from} WHERE ${where.join(' AND ')} GROUP BY 1`;
}

/** The metric over the window's rows of its unit table, no groups: the reference for a query's totals (is_total). */
function referenceTotalSql(ref: Reference, metric: string): string {
  const m = ref.metrics[metric];
  const unit = m && ref.units[m.unit];
  if (!m || !unit) throw new Error(`no hand-written reference for metric ${metric}`);
  const where = [`${unit.time} >= '${ref.window.start}'`, `${unit.time} < '${ref.window.end}'`, ...(m.where ? [m.where] : [])];
  if (m.perEntity) {
    return `SELECT 'total' AS grp, (${m.value})::float8 AS value FROM (
      SELECT ${m.perEntity.entity} AS entity, ${m.perEntity.columns} FROM ${unit.from} WHERE ${where.join(' AND ')} GROUP BY 1
    ) AS per_entity`;
  }
  return `SELECT 'total' AS grp, (${m.value})::float8 AS value FROM ${unit.from} WHERE ${where.join(' AND ')}`;
}

type Values = Map<string, number | null>;

/** A group's key as `read` writes it: the null group as "(null)". */
const groupKey = (value: unknown): string =>
  value === null || value === undefined
    ? '(null)'
    : typeof value === 'string'
      ? value
      : typeof value === 'number'
        ? String(value)
        : JSON.stringify(value);

async function read(url: string, sql: string, params: unknown[], column: string): Promise<Values> {
  const result = await queryReadOnly(url, sql, params, { statementTimeoutMs: 30_000, rowCap: 100_000 });
  return new Map(
    result.rows.map((r: Record<string, unknown>) => [
      r[column] === null ? '(null)' : String(r[column] as string | number),
      r.value === null ? null : Number(r.value),
    ]),
  );
}

function differences(expected: Values, actual: Values): string[] {
  const out: string[] = [];
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    const [e, a] = [expected.get(key), actual.get(key)];
    const same = e === a || (typeof e === 'number' && typeof a === 'number' && Math.abs(e - a) <= 1e-9 * Math.max(1, Math.abs(e)));
    if (!same) out.push(`${key}: expected ${String(e)}, got ${String(a)}`);
  }
  return out;
}

/** Runs the whole grid; returns how many cases ran, every difference found and the cases the second path does not build. */
export async function checkGrid(
  url: string,
  catalog: Catalog,
  ref: Reference,
): Promise<{ cases: number; problems: string[]; notIndependent: string[] }> {
  const problems: string[] = [];
  const notIndependent: string[] = [];
  let cases = 0;
  const window = { ...ref.window, label_zh: '', label_en: '', source: 'question' as const };
  // The second path in both of its forms: every lookup a subquery, and lookups through keys the database declares
  // unique as LEFT JOINs (what secondPathRows builds).
  const uniqueKeys = await uniqueKeysOf(url, catalog);
  for (const metric of Object.keys(catalog.metrics)) {
    for (const dimension of [...Object.keys(catalog.dimensions), YEAR]) {
      cases += 1;
      const query = { metric, window, filters: [], group_by: [dimension], periods: [], order: null, limit: null };
      const expected = await read(url, referenceSql(ref, metric, dimension), [], 'grp');
      const compiled = compileMetricQuery(catalog, query);
      for (const d of differences(expected, await read(url, compiled.sql, compiled.params, dimension)))
        problems.push(`${metric} by ${dimension} (compiler): ${d}`);
      // With its total in the same statement (what a decomposition asks for: one pass with GROUPING SETS, or a union
      // when a join can repeat rows): the groups as above, and the total row the metric over the window.
      const withTotal = compileMetricQuery(catalog, query, { totalsWithout: dimension });
      const both = (await queryReadOnly(url, withTotal.sql, withTotal.params, { statementTimeoutMs: 30_000, rowCap: 100_000 }))
        .rows as Record<string, unknown>[];
      const asValues = (rows: Record<string, unknown>[], key: (r: Record<string, unknown>) => string): Values =>
        new Map(rows.map((r) => [key(r), r.value === null ? null : Number(r.value)]));
      for (const d of differences(
        expected,
        asValues(
          both.filter((r) => r.is_total === false),
          (r) => groupKey(r[dimension]),
        ),
      ))
        problems.push(`${metric} by ${dimension} with its total (compiler, groups): ${d}`);
      const total = await read(url, referenceTotalSql(ref, metric), [], 'grp');
      for (const d of differences(
        total,
        asValues(
          both.filter((r) => r.is_total === true),
          () => 'total',
        ),
      ))
        problems.push(`${metric} by ${dimension} with its total (compiler, total): ${d}`);
      let forms;
      try {
        forms = { subqueries: secondPathSql(catalog, query), joins: secondPathSql(catalog, query, uniqueKeys) };
      } catch (err) {
        if (!(err instanceof NotIndependent)) throw err;
        notIndependent.push(`${metric} by ${dimension}`);
        continue;
      }
      for (const [form, second] of Object.entries(forms)) {
        for (const d of differences(expected, await read(url, second.sql, second.params, dimension)))
          problems.push(`${metric} by ${dimension} (second path, ${form}): ${d}`);
      }
    }
  }
  return { cases, problems, notIndependent };
}

const chinook: Reference = {
  window: { start: '2021-01-01', end: '2026-01-01' },
  units: {
    invoice: { key: 'i.invoice_id', from: 'invoice i', time: 'i.invoice_date' },
    invoice_line: {
      key: 'il.invoice_line_id',
      from: 'invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id',
      time: 'i.invoice_date',
    },
  },
  membership: {
    invoice: {
      country: 'SELECT i.invoice_id AS key, c.country AS value FROM invoice i LEFT JOIN customer c ON c.customer_id = i.customer_id',
      billing_country: 'SELECT invoice_id AS key, billing_country AS value FROM invoice',
      city: 'SELECT i.invoice_id AS key, c.city AS value FROM invoice i LEFT JOIN customer c ON c.customer_id = i.customer_id',
      customer:
        "SELECT i.invoice_id AS key, c.first_name || ' ' || c.last_name AS value FROM invoice i LEFT JOIN customer c ON c.customer_id = i.customer_id",
      support_rep: `SELECT i.invoice_id AS key, e.first_name || ' ' || e.last_name AS value
        FROM invoice i LEFT JOIN customer c ON c.customer_id = i.customer_id LEFT JOIN employee e ON e.employee_id = c.support_rep_id`,
      // An invoice is in every genre (artist, album, media type) among its lines.
      genre:
        'SELECT i.invoice_id AS key, g.name AS value FROM invoice i LEFT JOIN invoice_line il ON il.invoice_id = i.invoice_id LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN genre g ON g.genre_id = t.genre_id',
      artist: `SELECT i.invoice_id AS key, ar.name AS value FROM invoice i LEFT JOIN invoice_line il ON il.invoice_id = i.invoice_id
        LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN album al ON al.album_id = t.album_id LEFT JOIN artist ar ON ar.artist_id = al.artist_id`,
      album: `SELECT i.invoice_id AS key, al.title AS value FROM invoice i LEFT JOIN invoice_line il ON il.invoice_id = i.invoice_id
        LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN album al ON al.album_id = t.album_id`,
      media_type:
        'SELECT i.invoice_id AS key, mt.name AS value FROM invoice i LEFT JOIN invoice_line il ON il.invoice_id = i.invoice_id LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN media_type mt ON mt.media_type_id = t.media_type_id',
      track:
        'SELECT i.invoice_id AS key, t.name AS value FROM invoice i LEFT JOIN invoice_line il ON il.invoice_id = i.invoice_id LEFT JOIN track t ON t.track_id = il.track_id',
    },
    invoice_line: {
      country:
        'SELECT il.invoice_line_id AS key, c.country AS value FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id LEFT JOIN customer c ON c.customer_id = i.customer_id',
      billing_country:
        'SELECT il.invoice_line_id AS key, i.billing_country AS value FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id',
      city: 'SELECT il.invoice_line_id AS key, c.city AS value FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id LEFT JOIN customer c ON c.customer_id = i.customer_id',
      customer:
        "SELECT il.invoice_line_id AS key, c.first_name || ' ' || c.last_name AS value FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id LEFT JOIN customer c ON c.customer_id = i.customer_id",
      support_rep: `SELECT il.invoice_line_id AS key, e.first_name || ' ' || e.last_name AS value FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id
        LEFT JOIN customer c ON c.customer_id = i.customer_id LEFT JOIN employee e ON e.employee_id = c.support_rep_id`,
      genre:
        'SELECT il.invoice_line_id AS key, g.name AS value FROM invoice_line il LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN genre g ON g.genre_id = t.genre_id',
      artist: `SELECT il.invoice_line_id AS key, ar.name AS value FROM invoice_line il LEFT JOIN track t ON t.track_id = il.track_id
        LEFT JOIN album al ON al.album_id = t.album_id LEFT JOIN artist ar ON ar.artist_id = al.artist_id`,
      album:
        'SELECT il.invoice_line_id AS key, al.title AS value FROM invoice_line il LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN album al ON al.album_id = t.album_id',
      media_type:
        'SELECT il.invoice_line_id AS key, mt.name AS value FROM invoice_line il LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN media_type mt ON mt.media_type_id = t.media_type_id',
      track: 'SELECT il.invoice_line_id AS key, t.name AS value FROM invoice_line il LEFT JOIN track t ON t.track_id = il.track_id',
    },
  },
  metrics: {
    revenue: { unit: 'invoice', value: 'SUM(i.total)' },
    track_revenue: { unit: 'invoice_line', value: 'SUM(il.unit_price * il.quantity)' },
    orders: { unit: 'invoice', value: 'COUNT(*)' },
    aov: { unit: 'invoice', value: 'SUM(i.total)::numeric / NULLIF(COUNT(*), 0)' },
    tracks_sold: { unit: 'invoice_line', value: 'SUM(il.quantity)' },
    avg_track_price: { unit: 'invoice_line', value: 'SUM(il.unit_price * il.quantity)::numeric / NULLIF(SUM(il.quantity), 0)' },
    buying_customers: { unit: 'invoice', value: 'COUNT(DISTINCT i.customer_id)' },
    business_customers: {
      unit: 'invoice',
      value: 'COUNT(DISTINCT i.customer_id)',
      where: 'i.customer_id IN (SELECT customer_id FROM customer WHERE company IS NOT NULL)',
    },
    invoices_without_state: { unit: 'invoice', value: 'COUNT(*)', where: 'i.billing_state IS NULL' },
  },
};

const PAID = "o.status = 'paid' AND o.amount > 0";
const NEW_IN_MONTH = (time: string) =>
  `CASE WHEN date_trunc('month', u.first_order_at) = date_trunc('month', ${time}) THEN 'new' ELSE 'returning' END`;
const ITEM = "oi.order_id || '-' || oi.line_no";
const ORDERS_USERS = 'orders o LEFT JOIN users u ON u.user_id = o.user_id';
const ITEMS_ORDERS_USERS = 'order_items oi JOIN orders o ON o.order_id = oi.order_id LEFT JOIN users u ON u.user_id = o.user_id';

/** The demo shop with its order lines: order metrics by line categories are the case the compiler must count once. */
const demo: Reference = {
  window: { start: '', end: '' },
  units: {
    orders: { key: 'o.order_id', from: ORDERS_USERS, time: 'o.pay_time' },
    order_items: { key: ITEM, from: ITEMS_ORDERS_USERS, time: 'o.pay_time' },
    users: { key: 'u.user_id', from: 'users u', time: 'u.registered_at' },
  },
  membership: {
    orders: {
      customer: 'SELECT order_id AS key, user_id::text AS value FROM orders',
      customer_type: `SELECT o.order_id AS key, ${NEW_IN_MONTH('o.pay_time')} AS value FROM ${ORDERS_USERS}`,
      region: `SELECT o.order_id AS key, u.region AS value FROM ${ORDERS_USERS}`,
      channel: `SELECT o.order_id AS key, u.channel AS value FROM ${ORDERS_USERS}`,
      category: 'SELECT o.order_id AS key, c.name AS value FROM orders o LEFT JOIN categories c ON c.category_id = o.category_id',
      item_category:
        'SELECT o.order_id AS key, c.name AS value FROM orders o LEFT JOIN order_items oi ON oi.order_id = o.order_id LEFT JOIN categories c ON c.category_id = oi.category_id',
    },
    order_items: {
      customer: `SELECT ${ITEM} AS key, o.user_id::text AS value FROM order_items oi JOIN orders o ON o.order_id = oi.order_id`,
      customer_type: `SELECT ${ITEM} AS key, ${NEW_IN_MONTH('o.pay_time')} AS value FROM ${ITEMS_ORDERS_USERS}`,
      region: `SELECT ${ITEM} AS key, u.region AS value FROM ${ITEMS_ORDERS_USERS}`,
      channel: `SELECT ${ITEM} AS key, u.channel AS value FROM ${ITEMS_ORDERS_USERS}`,
      // The order's own category, not the line's.
      category: `SELECT ${ITEM} AS key, c.name AS value FROM order_items oi JOIN orders o ON o.order_id = oi.order_id LEFT JOIN categories c ON c.category_id = o.category_id`,
      item_category: `SELECT ${ITEM} AS key, c.name AS value FROM order_items oi LEFT JOIN categories c ON c.category_id = oi.category_id`,
    },
    users: {
      // A user is the user of their orders: themselves when they placed one, no one when they placed none.
      customer: 'SELECT u.user_id AS key, o.user_id::text AS value FROM users u LEFT JOIN orders o ON o.user_id = u.user_id',
      customer_type: `SELECT u.user_id AS key, ${NEW_IN_MONTH('u.registered_at')} AS value FROM users u`,
      region: 'SELECT user_id AS key, region AS value FROM users',
      channel: 'SELECT user_id AS key, channel AS value FROM users',
      // A user is in the category of every order they placed (any status), and in none when they placed none.
      category:
        'SELECT u.user_id AS key, c.name AS value FROM users u LEFT JOIN orders o ON o.user_id = u.user_id LEFT JOIN categories c ON c.category_id = o.category_id',
      item_category: `SELECT u.user_id AS key, c.name AS value FROM users u LEFT JOIN orders o ON o.user_id = u.user_id
        LEFT JOIN order_items oi ON oi.order_id = o.order_id LEFT JOIN categories c ON c.category_id = oi.category_id`,
    },
  },
  metrics: {
    gmv: { unit: 'orders', value: 'SUM(o.amount)', where: PAID },
    orders: { unit: 'orders', value: 'COUNT(*)', where: PAID },
    buyers: { unit: 'orders', value: 'COUNT(DISTINCT o.user_id)', where: PAID },
    aov: { unit: 'orders', value: 'SUM(o.amount)::numeric / NULLIF(COUNT(*), 0)', where: PAID },
    repurchase_rate: {
      unit: 'orders',
      where: PAID,
      perEntity: { entity: 'o.user_id', columns: 'COUNT(*) AS paid_orders' },
      value: 'COUNT(*) FILTER (WHERE paid_orders >= 2)::numeric / NULLIF(COUNT(*), 0)',
    },
    new_customers: {
      unit: 'orders',
      where: PAID,
      value: "COUNT(DISTINCT o.user_id) FILTER (WHERE date_trunc('month', u.first_order_at) = date_trunc('month', o.pay_time))",
    },
    returning_customers: {
      unit: 'orders',
      where: PAID,
      value: "COUNT(DISTINCT o.user_id) FILTER (WHERE date_trunc('month', u.first_order_at) < date_trunc('month', o.pay_time))",
    },
    new_customer_conversion: {
      unit: 'users',
      value:
        "COUNT(*) FILTER (WHERE date_trunc('month', u.first_order_at) = date_trunc('month', u.registered_at))::numeric / NULLIF(COUNT(*), 0)",
    },
    item_revenue: { unit: 'order_items', value: 'SUM(oi.amount)', where: PAID },
    items_sold: { unit: 'order_items', value: 'SUM(oi.quantity)', where: PAID },
  },
};

afterAll(async () => {
  await closePools();
});

describe('every metric by every dimension equals hand-written SQL without fan-out', () => {
  it('Chinook: compiler and second path, invoice metrics by line dimensions included', async () => {
    const url = chinookDatabaseUrl(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_test');
    await ensureReaderRole(url);
    const catalog = loadCatalog(path.resolve(__dirname, '../../catalogs/chinook.yaml'));
    const { cases, problems } = await checkGrid(url, catalog, chinook);
    expect(cases).toBe(Object.keys(catalog.metrics).length * (Object.keys(catalog.dimensions).length + 1));
    expect(cases).toBeGreaterThanOrEqual(90);
    expect(problems).toEqual([]);
  });

  it('demo shop with order lines: order metrics by line category count each order once per category', async () => {
    const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_test';
    await ensureReaderRole(url);
    const catalog = loadCatalog(path.resolve(__dirname, '../../catalogs/demo.yaml'));
    // The seeded shop's last two months (its calendar follows the seed's anchor date).
    const { rows } = await getPool(url).query<{ start: string; end: string }>(
      "SELECT to_char(date_trunc('month', max(pay_time)) - interval '1 month', 'YYYY-MM-DD') AS start, to_char(date_trunc('month', max(pay_time)) + interval '1 month', 'YYYY-MM-DD') AS end FROM orders",
    );
    const window = { start: rows[0]?.start ?? '', end: rows[0]?.end ?? '' };
    const { cases, problems, notIndependent } = await checkGrid(url, catalog, { ...demo, window });
    expect(cases).toBe(Object.keys(catalog.metrics).length * (Object.keys(catalog.dimensions).length + 1));
    expect(problems).toEqual([]);
    // Two hops from users to order lines (users → orders → lines) is beyond the second path: the validator re-runs those.
    expect(notIndependent).toEqual(['new_customer_conversion by item_category']);
  });
});
