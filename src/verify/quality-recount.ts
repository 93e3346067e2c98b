/**
 * The independent recount of a data-quality question's numbers. Each count is written again from the catalog's
 * check, here, without the data-quality agent's code (src/activities/data-quality.ts and quality/*): its own
 * reading of the rule, its own join path for a not_before across a declared join (an inner join and a count of
 * distinct rows, where the agent writes an EXISTS), its own "now" from the column's type in the database, and the
 * window on the table's time column as wall time in the catalog's zone. A count that matches the agent's is
 * independently verified; one that differs is a mismatch, never cited.
 */
import { qualifiedTable, type Catalog, type ColumnCheck } from '../catalog/catalog';
import { runReadOnly } from '../storage/read-only';
import type { OwnResults } from './own-reuse';

const LIMITS = { statementTimeoutMs: 25_000, rowCap: 10 };

/** One count to recount: the table's rows (check null) or the rows failing its check number `check`, in a window or all. */
export interface RecountEntry {
  id: string;
  table: string;
  check: number | null;
  window: { start: string; end: string } | null;
}

/** The database type of a column ('timestamp with time zone', 'date', …). */
async function columnType(db: string, catalog: Catalog, table: string, column: string): Promise<string> {
  const { rows } = await runReadOnly<{ type: string | null }>(
    db,
    'SELECT format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attname = $2 AND NOT a.attisdropped',
    [qualifiedTable(catalog, table), column],
    LIMITS,
  );
  return rows[0]?.type ?? '';
}

/** A column as wall time in the catalog's zone (an instant converted; a naive time or date as it is). */
async function asWallTime(db: string, catalog: Catalog, table: string, column: string): Promise<string> {
  const zoned = (await columnType(db, catalog, table, column)).startsWith('timestamp with time zone');
  return zoned ? `(${table}.${column} AT TIME ZONE '${catalog.timezone}')` : `${table}.${column}`;
}

/** The joins from `table` to `target`, breadth first, walking each declared join either way: [column here, column there] pairs. */
function joinPath(catalog: Catalog, table: string, target: string): { via: string; next: string }[] {
  const ownerOf = (column: string) => column.slice(0, column.indexOf('.'));
  const seen = new Map<string, { via: string; next: string }[]>([[table, []]]);
  const todo = [table];
  for (let current = todo.shift(); current !== undefined; current = todo.shift()) {
    for (const { from, to } of catalog.joins) {
      for (const [here, there] of [
        [from, to],
        [to, from],
      ] as const) {
        if (ownerOf(here) !== current || seen.has(ownerOf(there))) continue;
        seen.set(ownerOf(there), [...(seen.get(current) ?? []), { via: here, next: there }]);
        todo.push(ownerOf(there));
      }
    }
  }
  const path = seen.get(target);
  if (!path || path.length === 0) throw new Error(`no declared join from ${table} to ${target}`);
  return path;
}

/** FROM and WHERE of the rows failing `check` (the rows themselves, not yet counted). */
async function failing(db: string, catalog: Catalog, table: string, check: ColumnCheck): Promise<{ joins: string; where: string }> {
  const column = `${table}.${check.column}`;
  if (check.rule === 'non_negative') return { joins: '', where: `${column} < 0` };
  if (check.rule === 'not_null') return { joins: '', where: check.when ? `${column} IS NULL AND (${check.when})` : `${column} IS NULL` };
  if (check.rule === 'not_in_future') {
    const zoned = (await columnType(db, catalog, table, check.column)).startsWith('timestamp with time zone');
    return { joins: '', where: `${column} > ${zoned ? 'now()' : `(now() AT TIME ZONE '${catalog.timezone}')`}` };
  }
  const other = check.other ?? check.column;
  const [otherTable, otherColumn] = other.includes('.') ? (other.split('.') as [string, string]) : [table, other];
  if (otherTable === table) return { joins: '', where: `${column} < ${table}.${otherColumn}` };
  const joins = joinPath(catalog, table, otherTable)
    .map(({ via, next }) => {
      const nextTable = next.slice(0, next.indexOf('.'));
      return ` JOIN ${qualifiedTable(catalog, nextTable)} AS ${nextTable} ON ${nextTable}.${next.slice(next.indexOf('.') + 1)} = ${via}`;
    })
    .join('');
  return { joins, where: `${column} < ${otherTable}.${otherColumn}` };
}

/** Recounts one entry from the catalog and the database. */
export async function recount(db: string, catalog: Catalog, entry: RecountEntry, own?: OwnResults): Promise<number> {
  const def = catalog.tables[entry.table];
  if (!def) throw new Error(`table ${entry.table} is not in the catalog`);
  const conditions: string[] = [];
  let joins = '';
  if (entry.check !== null) {
    const check = def.checks[entry.check];
    if (!check) throw new Error(`${entry.table} has no check number ${entry.check}`);
    const found = await failing(db, catalog, entry.table, check);
    joins = found.joins;
    conditions.push(found.where);
  }
  if (entry.window) {
    if (!def.time_column) throw new Error(`${entry.table} has no time column to place a window on`);
    const time = await asWallTime(db, catalog, entry.table, def.time_column);
    conditions.push(`${time} >= $1::timestamp AND ${time} < $2::timestamp`);
  }
  const where = conditions.length > 0 ? ` WHERE ${conditions.map((c) => `(${c})`).join(' AND ')}` : '';
  const from = `${qualifiedTable(catalog, entry.table)} AS ${entry.table}${joins}`;
  // Through a join a row may meet several rows on the other side: each failing row is counted once.
  const sql = joins
    ? `SELECT count(*) AS n FROM (SELECT DISTINCT ${entry.table}.ctid FROM ${from}${where}) failing`
    : `SELECT count(*) AS n FROM ${from}${where}`;
  const params = entry.window ? [entry.window.start, entry.window.end] : [];
  const count = async () => (await runReadOnly<{ n: string }>(db, sql, params, LIMITS)).rows.map((r) => ({ n: r.n }));
  // A count that reads the clock (not in the future) is read back only while no row has passed "now" since (own-reuse.ts).
  const rows = own ? await own.rows(sql, params, count) : await count();
  return Number(rows[0]?.n ?? Number.NaN);
}
