/**
 * Where a time column has data, month by month. With an index that leads with the column, without reading its rows:
 * the first and last value of each month are found through the index (a min() or max() over a range is one index
 * probe), so the cost is two probes per month however many rows a month holds. Without one, each probe would read the
 * table, twice per month: then one grouped pass reads it once instead. Both give the same months. The extent reader and
 * data quality's partial-period check use it; a month without data has rows 0, a month with data rows 1 (its rows are
 * not counted: counting them reads them all).
 */
import { qualifiedTable, tableSql, wallTime, type Catalog } from '../catalog/catalog';
import type { MonthCoverage } from '../contracts';
import { queryRows } from './recompute';
import { runReadOnly } from '../storage/read-only';

const LIMITS = { statementTimeoutMs: 25_000, rowCap: 2_400 };

/**
 * A range condition on a time column that its index can serve, for wall-time bounds (SQL expressions of type
 * timestamp): a timestamptz column is compared with the bounds turned into instants in the catalog's zone, rather than
 * converted row by row (which no plain index on the column serves).
 */
export function wallRange(catalog: Catalog, column: string, lower: string | null, upper: string | null): string {
  const zoned = wallTime(catalog, column) !== column;
  const bound = (sql: string) => (zoned ? `((${sql}) AT TIME ZONE '${catalog.timezone}')` : `(${sql})`);
  return [
    ...(lower ? [`${column} >= ${bound(lower)}`] : []),
    ...(upper ? [`${column} < ${bound(upper)}`] : []),
    `${column} IS NOT NULL`,
  ].join(' AND ');
}

/**
 * The months of `column` with data before `cutoff` (an SQL expression of type timestamp, wall time; $1 may be used in
 * it with `params`), as the extent's MonthCoverage: first and last day with data per month, rows 1 or 0.
 */
export async function monthProbes(
  db: string,
  catalog: Catalog,
  column: string,
  cutoff: string,
  params: unknown[] = [],
  how?: MonthReading,
): Promise<MonthCoverage[]> {
  const reading = how ?? ((await hasLeadingIndex(db, catalog, column)) ? 'index probes' : 'one grouped pass');
  const sql = reading === 'index probes' ? probesSql(catalog, column, cutoff) : groupedSql(catalog, column, cutoff);
  const { rows } = await queryRows(db, sql, params, LIMITS);
  return rows.map((r) => ({ month: String(r.month), rows: 1, first_day: String(r.first_day), last_day: String(r.last_day) }));
}

/** How the months are read: two index probes per month, or one pass over the table grouped by month. */
export type MonthReading = 'index probes' | 'one grouped pass';

/** The first and last day of each month through the column's index: two probes per month. */
function probesSql(catalog: Catalog, column: string, cutoff: string): string {
  const table = tableSql(catalog, column.split('.')[0] ?? '');
  const time = wallTime(catalog, column);
  const probe = (fn: 'min' | 'max', lower: string | null, upper: string) =>
    `(SELECT ${fn}(${time}) FROM ${table} WHERE ${wallRange(catalog, column, lower, upper)})`;
  const sql = `WITH bounds AS (SELECT ${probe('min', null, cutoff)} AS first, ${probe('max', null, cutoff)} AS last)
    SELECT to_char(m, 'YYYY-MM') AS month, to_char(first_at, 'YYYY-MM-DD') AS first_day, to_char(last_at, 'YYYY-MM-DD') AS last_day
    FROM bounds, generate_series(date_trunc('month', bounds.first), date_trunc('month', bounds.last), interval '1 month') AS m,
      LATERAL (SELECT ${probe('min', 'm', `least(m + interval '1 month', ${cutoff})`)} AS first_at, ${probe('max', 'm', `least(m + interval '1 month', ${cutoff})`)} AS last_at) AS probes
    WHERE first_at IS NOT NULL ORDER BY 1`;
  return sql;
}

/** The same months from one pass over the table, grouped by month: for a column no index leads with. */
function groupedSql(catalog: Catalog, column: string, cutoff: string): string {
  const table = tableSql(catalog, column.split('.')[0] ?? '');
  const time = wallTime(catalog, column);
  return `SELECT to_char(date_trunc('month', ${time}), 'YYYY-MM') AS month, to_char(min(${time}), 'YYYY-MM-DD') AS first_day,
      to_char(max(${time}), 'YYYY-MM-DD') AS last_day
    FROM ${table} WHERE ${wallRange(catalog, column, null, cutoff)} GROUP BY 1 ORDER BY 1`;
}

/** How long whether a column is indexed is remembered: it decides only how the months are read, never what they are. */
const INDEX_KNOWN_MS = 5 * 60_000;
const indexKnown = new Map<string, { at: number; indexed: Promise<boolean> }>();

/**
 * Whether a valid, unconditional index leads with the column (`table.column`). When the catalogs cannot be read, the
 * probes are used, as before this check existed.
 */
export function hasLeadingIndex(db: string, catalog: Catalog, column: string): Promise<boolean> {
  const [key = '', name = ''] = column.split('.');
  const table = qualifiedTable(catalog, key);
  const cacheKey = JSON.stringify([db, table, name]);
  const known = indexKnown.get(cacheKey);
  if (known && Date.now() - known.at < INDEX_KNOWN_MS) return known.indexed;
  // An unquoted name is folded to lower case by PostgreSQL; a quoted one is taken as written.
  const attname = /^".*"$/.test(name) ? name.slice(1, -1) : name.toLowerCase();
  const sql = `SELECT EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
      WHERE i.indrelid = to_regclass($1) AND a.attname = $2 AND i.indpred IS NULL AND i.indisvalid) AS indexed`;
  // Code-written metadata, not agent SQL (as the table size in src/activities/quality/rules.ts).
  const indexed = runReadOnly<{ indexed: boolean }>(db, sql, [table, attname], { statementTimeoutMs: 10_000, rowCap: 1 }).then(
    ({ rows }) => rows[0]?.indexed === true,
    () => true,
  );
  indexKnown.set(cacheKey, { at: Date.now(), indexed });
  return indexed;
}
