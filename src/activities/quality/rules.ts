/**
 * The data-quality agent's SQL pieces: a check's violation as a condition on the table's rows (a not_before across a
 * declared join included), "now" as the checked column holds time, which metric filters keep rows out, and the
 * counts of one table read in one statement.
 */
import { qualifiedTable, tableSql, wallNow, type Catalog, type ColumnCheck } from '../../catalog/catalog';
import type { Calculation, QualityCheckResult } from '../../contracts';
import { queryRows } from '../../analysis/recompute';
import { runReadOnly } from '../../storage/read-only';
import { hopsTo, tableOf, type Hop } from './scope';

export const LIMITS = { statementTimeoutMs: 25_000, rowCap: 1_000 };

/**
 * Tables up to this many rows (PostgreSQL's estimate, pg_class.reltuples) are also counted whole, beside the period;
 * a larger one is counted in the analysed period only, and the report says the whole table was not counted. Reading a
 * 200 thousand-row table takes tens of milliseconds; at 7.5 million rows a count is seconds per check.
 * BATON_QUALITY_WHOLE_TABLE_ROWS changes the limit. A data-quality question counts its tables whole whatever their size.
 */
export function wholeTableRowLimit(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.BATON_QUALITY_WHOLE_TABLE_ROWS ?? 200_000);
  return Number.isFinite(value) && value >= 0 ? value : 200_000;
}

/** PostgreSQL's estimate of a table's rows (null when it has never been analysed). */
export async function estimatedRows(catalog: Catalog, db: string, table: string): Promise<number | null> {
  // Code-written metadata, not agent SQL, as in columnNow.
  const { rows } = await runReadOnly<{ value: string | null }>(
    db,
    'SELECT reltuples::bigint AS value FROM pg_class WHERE oid = to_regclass($1)',
    [qualifiedTable(catalog, table)],
    LIMITS,
  );
  const value = rows[0]?.value;
  return value === null || value === undefined || Number(value) < 0 ? null : Number(value);
}

const KIND: Record<ColumnCheck['rule'], QualityCheckResult['kind']> = {
  non_negative: 'negative_value',
  not_null: 'missing_value',
  not_before: 'impossible_date',
  not_in_future: 'future_date',
};

/** A check's id: `table.column.rule` (the calculations are `dq.<id>`). */
export function checkId(table: string, check: ColumnCheck): string {
  return `${table}.${check.column}.${check.rule}`;
}

/** What kind of problem a failing check is: a missing value of a reference column is a missing reference. */
export function kindOf(catalog: Catalog, table: string, check: ColumnCheck): QualityCheckResult['kind'] {
  const reference = catalog.joins.some((j) => j.from === `${table}.${check.column}`);
  return check.rule === 'not_null' && reference ? 'missing_reference' : KIND[check.rule];
}

/**
 * not_before across a declared join (`other: rental.rental_date`): the row fails when a row it is joined to (along
 * the catalog's joins, either way) holds a later time, as an EXISTS over the join path.
 */
function beforeJoined(catalog: Catalog, table: string, column: string, other: string): string {
  const target = tableOf(other);
  const hops = hopsTo(catalog, table, target, true);
  if (!hops || hops.length === 0)
    throw new Error(`check ${table}.${column} not_before ${other}: no declared join from ${table} to ${target}`);
  const [first, ...rest] = hops as [Hop, ...Hop[]];
  const joins = rest.map((h) => ` JOIN ${tableSql(catalog, h.table)} ON ${h.key} = ${h.foreign}`);
  return `EXISTS (SELECT 1 FROM ${tableSql(catalog, first.table)}${joins.join('')} WHERE ${first.key} = ${first.foreign} AND ${table}.${column} < ${other})`;
}

/**
 * The SQL condition that makes a row fail the check. `now` is "now" as the checked column holds time: an instant for
 * a `timestamptz` column, the wall time in the catalog's zone for `timestamp` and `date` (see columnNow).
 */
export function violation(catalog: Catalog, table: string, check: ColumnCheck, now: string): string {
  const col = `${table}.${check.column}`;
  switch (check.rule) {
    case 'non_negative':
      return `${col} < 0`;
    case 'not_null':
      return `${col} IS NULL${check.when ? ` AND (${check.when})` : ''}`;
    case 'not_before': {
      const other = check.other ?? check.column;
      return other.includes('.') && tableOf(other) !== table
        ? beforeJoined(catalog, table, check.column, other)
        : `${col} < ${table}.${other.split('.').pop()}`;
    }
    case 'not_in_future':
      return `${col} > ${now}`;
  }
}

/**
 * "Now" for comparing with a column, by the column's type in the database: a Shanghai shop's `timestamp` column holds
 * Shanghai wall times, so at 01:00 UTC its rows up to 09:00 are in the past, which a bare now() in a UTC session
 * would call the future.
 */
export async function columnNow(catalog: Catalog, db: string, table: string, column: string): Promise<string> {
  const declared = Object.values(catalog.time_fields).find((f) => f.column === `${table}.${column}`);
  if (declared) return declared.type === 'timestamptz' ? 'now()' : wallNow(catalog);
  // A column the catalog does not type: asked of the system catalog. Code-written metadata, not agent SQL: the SQL
  // guard (which refuses system tables to agents) is not in front of it; the read-only role, the READ ONLY transaction
  // and the limits are.
  const { rows } = await runReadOnly<{ value: string }>(
    db,
    'SELECT format_type(atttypid, atttypmod) AS value FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = $2',
    [qualifiedTable(catalog, table), column],
    LIMITS,
  );
  return String(rows[0]?.value ?? '').startsWith('timestamp with time zone') ? 'now()' : wallNow(catalog);
}

/**
 * Per metric that counts rows of `table`, the conditions a row must meet to count in it: the metric's filters on the
 * table's own columns and its time being set. Filters on other tables would need joins; leaving them out can only
 * make "kept" more likely (the cautious answer). Null when no metric counts rows of the table (a joined table, read
 * unfiltered).
 */
export function keepConditions(catalog: Catalog, metrics: string[], table: string): string[][] | null {
  const own = (sql: string) => [...sql.matchAll(/\b([a-z_][a-z0-9_]*)\.[a-z_]/gi)].every((m) => m[1] === table);
  const out: string[][] = [];
  for (const name of metrics) {
    const metric = catalog.metrics[name];
    if (!metric || metric.table !== table) continue;
    const time = catalog.time_fields[metric.time_field]?.column;
    out.push([...metric.filters.map((f) => f.sql).filter(own), ...(time && own(time) ? [`${time} IS NOT NULL`] : [])]);
  }
  return out.length > 0 ? out : null;
}

/**
 * Where "the future" begins for each not_in_future check of the tables: the earliest time after "now" in the checked
 * column (null when none), read in one statement. It moves exactly when a row passes "now" (or the data changes), so a
 * conversation's stage key carries it: counts reused across turns are counts no row has passed "now" since.
 * `holdsUntil` is the first of those times as an instant (milliseconds since the epoch; a wall time or a date read in
 * the catalog's zone), null when no row lies in the future: until then, on the same data, the counts stay the same.
 */
export async function futureEdges(
  catalog: Catalog,
  db: string,
  tables: string[],
): Promise<{ edges: (string | null)[]; holdsUntil: number | null }> {
  const edges: string[] = [];
  const instants: string[] = [];
  for (const table of tables)
    for (const check of catalog.tables[table]?.checks ?? []) {
      if (check.rule !== 'not_in_future') continue;
      const col = `${table}.${check.column}`;
      const now = await columnNow(catalog, db, table, check.column);
      const future = `FROM ${tableSql(catalog, table)} WHERE ${col} > ${now}`;
      edges.push(`(SELECT min(${col})::text ${future})`);
      // An instant column compares with now() itself; a wall time (or a date, at midnight) is read in the catalog's zone.
      const instant = now === 'now()' ? `min(${col})` : `min(${col})::timestamp AT TIME ZONE '${catalog.timezone}'`;
      instants.push(`(SELECT extract(epoch FROM ${instant}) * 1000 ${future})`);
    }
  if (edges.length === 0) return { edges: [], holdsUntil: null };
  const columns = [...edges.map((e, i) => `${e} AS e${i}`), ...instants.map((e, i) => `${e} AS h${i}`)];
  const { rows } = await queryRows(db, `SELECT ${columns.join(', ')}`, [], LIMITS);
  const row = rows[0] ?? {};
  const times = instants.map((_, i) => row[`h${i}`]).flatMap((h) => (h === null || h === undefined ? [] : [Number(h)]));
  return {
    edges: edges.map((_, i) => {
      const edge = row[`e${i}`];
      return edge === null || edge === undefined ? null : String(edge);
    }),
    holdsUntil: times.length > 0 ? Math.floor(Math.min(...times)) : null,
  };
}

/** The counts of one table read in one statement: each condition a `count(*) FILTER (WHERE …)` column of its own. */
export class Counted {
  private readonly conditions: (string | null)[] = [];

  /** A count of the rows meeting `where` (every row when null); returns its column. */
  add(where: string | null): string {
    this.conditions.push(where);
    return `n${this.conditions.length - 1}`;
  }

  sql(source: string, scope: string | null): string {
    const columns = this.conditions.map((where, i) => `count(*)${where === null ? '' : ` FILTER (WHERE ${where})`} AS n${i}`);
    return `SELECT ${columns.join(', ')} FROM ${source}${scope === null ? '' : ` WHERE ${scope}`}`;
  }
}

/** Runs a Counted statement: each column's count. */
export async function countsOf(db: string, sql: string): Promise<Map<string, number>> {
  const { rows } = await queryRows(db, sql, [], LIMITS);
  return new Map(Object.entries(rows[0] ?? {}).map(([column, value]) => [column, Number(value ?? 0)]));
}

/** One count as a calculation recomputeNumbers checks: `dq.<id>`, picked from the recipe's row for the check. */
export function quality(
  id: string,
  value: number,
  description: string,
  sql: string,
  sources: Calculation['sources'],
  importance: Calculation['importance'],
): Calculation {
  return {
    id: `dq.${id}`,
    step_id: 'dq',
    value,
    display: 'integer',
    delta: false,
    description,
    formula: sql,
    sources,
    importance,
    pick: { field: 'value', match: { check: id } },
  };
}
