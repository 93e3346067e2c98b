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
import { loadCatalog, type Catalog } from '../src/catalog/catalog';
import { compileMetricQuery } from '../src/catalog/sql';
import { queryReadOnly } from '../src/db';
import { secondPathSql } from '../src/verify/second-path';
import { closePools, ensureReaderRole } from '../src/db';
import { chinookDatabaseUrl } from '../eval/chinook-cases';

/** A table whose rows a metric aggregates: its key, its FROM (with what the time needs) and its time expression. */
interface Unit { key: string; from: string; time: string }

export interface Reference {
  units: Record<string, Unit>;
  /** Per unit table, per dimension: SELECT key, value — every row of the unit at least once (value null when none). */
  membership: Record<string, Record<string, string>>;
  /** Per metric: the unit table, the aggregate over its rows (aliases as in the unit's FROM) and an optional condition. */
  metrics: Record<string, { unit: string; value: string; where?: string }>;
  window: { start: string; end: string };
}

const YEAR = 'year';

function referenceSql(ref: Reference, metric: string, dimension: string): string {
  const m = ref.metrics[metric];
  if (!m) throw new Error(`no hand-written reference for metric ${metric}`);
  const unit = ref.units[m.unit];
  if (!unit) throw new Error(`no unit ${m.unit}`);
  const membership = dimension === YEAR
    ? `SELECT ${unit.key} AS key, extract(year FROM ${unit.time})::int::text AS value FROM ${unit.from}`
    : ref.membership[m.unit]?.[dimension];
  if (!membership) throw new Error(`no hand-written membership of ${m.unit} rows in ${dimension}`);
  const where = [`${unit.time} >= '${ref.window.start}'`, `${unit.time} < '${ref.window.end}'`, ...(m.where ? [m.where] : [])];
  return `SELECT member.value AS grp, (${m.value})::float8 AS value
    FROM ${unit.from} JOIN (SELECT DISTINCT key, value FROM (${membership}) AS listed) AS member ON member.key = ${unit.key}
    WHERE ${where.join(' AND ')} GROUP BY 1`;
}

type Values = Map<string, number | null>;

async function read(url: string, sql: string, params: unknown[], column: string): Promise<Values> {
  const result = await queryReadOnly(url, sql, params, { statementTimeoutMs: 30_000, rowCap: 100_000 });
  return new Map(result.rows.map((r: Record<string, unknown>) => [r[column] === null ? '(null)' : String(r[column]), r.value === null ? null : Number(r.value)]));
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

/** Runs the whole grid; returns how many cases ran and every difference found. */
export async function checkGrid(url: string, catalog: Catalog, ref: Reference): Promise<{ cases: number; problems: string[] }> {
  const problems: string[] = [];
  let cases = 0;
  const window = { ...ref.window, label_zh: '', label_en: '', source: 'question' as const };
  for (const metric of Object.keys(catalog.metrics)) {
    for (const dimension of [...Object.keys(catalog.dimensions), YEAR]) {
      cases += 1;
      const query = { metric, window, filters: [], group_by: [dimension], periods: [], order: null, limit: null };
      const expected = await read(url, referenceSql(ref, metric, dimension), [], 'grp');
      const compiled = compileMetricQuery(catalog, query);
      for (const d of differences(expected, await read(url, compiled.sql, compiled.params, dimension))) problems.push(`${metric} by ${dimension} (compiler): ${d}`);
      const second = secondPathSql(catalog, query);
      for (const d of differences(expected, await read(url, second.sql, second.params, dimension))) problems.push(`${metric} by ${dimension} (second path): ${d}`);
    }
  }
  return { cases, problems };
}

const chinook: Reference = {
  window: { start: '2021-01-01', end: '2026-01-01' },
  units: {
    invoice: { key: 'i.invoice_id', from: 'invoice i', time: 'i.invoice_date' },
    invoice_line: { key: 'il.invoice_line_id', from: 'invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id', time: 'i.invoice_date' },
  },
  membership: {
    invoice: {
      country: 'SELECT i.invoice_id AS key, c.country AS value FROM invoice i LEFT JOIN customer c ON c.customer_id = i.customer_id',
      billing_country: 'SELECT invoice_id AS key, billing_country AS value FROM invoice',
      city: 'SELECT i.invoice_id AS key, c.city AS value FROM invoice i LEFT JOIN customer c ON c.customer_id = i.customer_id',
      customer: "SELECT i.invoice_id AS key, c.first_name || ' ' || c.last_name AS value FROM invoice i LEFT JOIN customer c ON c.customer_id = i.customer_id",
      support_rep: `SELECT i.invoice_id AS key, e.first_name || ' ' || e.last_name AS value
        FROM invoice i LEFT JOIN customer c ON c.customer_id = i.customer_id LEFT JOIN employee e ON e.employee_id = c.support_rep_id`,
      // An invoice is in every genre (artist, album, media type) among its lines.
      genre: 'SELECT i.invoice_id AS key, g.name AS value FROM invoice i LEFT JOIN invoice_line il ON il.invoice_id = i.invoice_id LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN genre g ON g.genre_id = t.genre_id',
      artist: `SELECT i.invoice_id AS key, ar.name AS value FROM invoice i LEFT JOIN invoice_line il ON il.invoice_id = i.invoice_id
        LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN album al ON al.album_id = t.album_id LEFT JOIN artist ar ON ar.artist_id = al.artist_id`,
      album: `SELECT i.invoice_id AS key, al.title AS value FROM invoice i LEFT JOIN invoice_line il ON il.invoice_id = i.invoice_id
        LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN album al ON al.album_id = t.album_id`,
      media_type: 'SELECT i.invoice_id AS key, mt.name AS value FROM invoice i LEFT JOIN invoice_line il ON il.invoice_id = i.invoice_id LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN media_type mt ON mt.media_type_id = t.media_type_id',
    },
    invoice_line: {
      country: 'SELECT il.invoice_line_id AS key, c.country AS value FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id LEFT JOIN customer c ON c.customer_id = i.customer_id',
      billing_country: 'SELECT il.invoice_line_id AS key, i.billing_country AS value FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id',
      city: 'SELECT il.invoice_line_id AS key, c.city AS value FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id LEFT JOIN customer c ON c.customer_id = i.customer_id',
      customer: "SELECT il.invoice_line_id AS key, c.first_name || ' ' || c.last_name AS value FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id LEFT JOIN customer c ON c.customer_id = i.customer_id",
      support_rep: `SELECT il.invoice_line_id AS key, e.first_name || ' ' || e.last_name AS value FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id
        LEFT JOIN customer c ON c.customer_id = i.customer_id LEFT JOIN employee e ON e.employee_id = c.support_rep_id`,
      genre: 'SELECT il.invoice_line_id AS key, g.name AS value FROM invoice_line il LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN genre g ON g.genre_id = t.genre_id',
      artist: `SELECT il.invoice_line_id AS key, ar.name AS value FROM invoice_line il LEFT JOIN track t ON t.track_id = il.track_id
        LEFT JOIN album al ON al.album_id = t.album_id LEFT JOIN artist ar ON ar.artist_id = al.artist_id`,
      album: 'SELECT il.invoice_line_id AS key, al.title AS value FROM invoice_line il LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN album al ON al.album_id = t.album_id',
      media_type: 'SELECT il.invoice_line_id AS key, mt.name AS value FROM invoice_line il LEFT JOIN track t ON t.track_id = il.track_id LEFT JOIN media_type mt ON mt.media_type_id = t.media_type_id',
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
    business_customers: { unit: 'invoice', value: 'COUNT(DISTINCT i.customer_id)', where: 'i.customer_id IN (SELECT customer_id FROM customer WHERE company IS NOT NULL)' },
    invoices_without_state: { unit: 'invoice', value: 'COUNT(*)', where: 'i.billing_state IS NULL' },
  },
};

afterAll(async () => {
  await closePools();
});

describe('every metric by every dimension equals hand-written SQL without fan-out', () => {
  it('Chinook: compiler and second path, invoice metrics by line dimensions included', async () => {
    const url = chinookDatabaseUrl(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_test');
    await ensureReaderRole(url);
    const catalog = loadCatalog(path.resolve(__dirname, '../catalogs/chinook.yaml'));
    const { cases, problems } = await checkGrid(url, catalog, chinook);
    expect(cases).toBe(Object.keys(catalog.metrics).length * (Object.keys(catalog.dimensions).length + 1));
    expect(cases).toBeGreaterThanOrEqual(90);
    expect(problems).toEqual([]);
  });
});
