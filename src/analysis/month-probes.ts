/**
 * Where a time column has data, month by month, without reading its rows: the first and last value of each month are
 * found through the column's index (a min() or max() over a range is one index probe), so the cost is two probes per
 * month however many rows a month holds. The extent reader and data quality's partial-period check use it; a month
 * without data has rows 0, a month with data rows 1 (its rows are not counted: counting them reads them all).
 */
import { tableSql, wallTime, type Catalog } from '../catalog/catalog';
import type { MonthCoverage } from '../contracts';
import { queryRows } from './recompute';

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
): Promise<MonthCoverage[]> {
  const table = tableSql(catalog, column.split('.')[0] ?? '');
  const time = wallTime(catalog, column);
  const probe = (fn: 'min' | 'max', lower: string | null, upper: string) =>
    `(SELECT ${fn}(${time}) FROM ${table} WHERE ${wallRange(catalog, column, lower, upper)})`;
  const sql = `WITH bounds AS (SELECT ${probe('min', null, cutoff)} AS first, ${probe('max', null, cutoff)} AS last)
    SELECT to_char(m, 'YYYY-MM') AS month, to_char(first_at, 'YYYY-MM-DD') AS first_day, to_char(last_at, 'YYYY-MM-DD') AS last_day
    FROM bounds, generate_series(date_trunc('month', bounds.first), date_trunc('month', bounds.last), interval '1 month') AS m,
      LATERAL (SELECT ${probe('min', 'm', `least(m + interval '1 month', ${cutoff})`)} AS first_at, ${probe('max', 'm', `least(m + interval '1 month', ${cutoff})`)} AS last_at) AS probes
    WHERE first_at IS NOT NULL ORDER BY 1`;
  const { rows } = await queryRows(db, sql, params, LIMITS);
  return rows.map((r) => ({ month: String(r.month), rows: 1, first_day: String(r.first_day), last_day: String(r.last_day) }));
}
