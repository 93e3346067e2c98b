/** How SQL names a catalog's tables and reads its time columns as the business's wall time. */
import type { Catalog } from './schema';

/**
 * How SQL reads a catalog table: `invoice`, or `sales.invoice AS invoice` for a table declared in schema sales
 * (or under another name). Every reference elsewhere stays <key>.column.
 */
export function tableSql(catalog: Pick<Catalog, 'tables'>, table: string): string {
  const def = catalog.tables[table];
  const name = def?.name ?? table;
  if (!def?.schema && name === table) return table;
  return `${def?.schema ? `${def.schema}.` : ''}${name} AS ${table}`;
}

/** The database's name of a catalog table, schema-qualified when declared so (`sales.invoice`); the SQL guard's list. */
export function qualifiedTable(catalog: Pick<Catalog, 'tables'>, table: string): string {
  const def = catalog.tables[table];
  return `${def?.schema ? `${def.schema}.` : ''}${def?.name ?? table}`;
}

/** Every table the catalog reads, as the database names them: the SQL guard's list of what agent SQL may read. */
export function catalogTables(catalog: Pick<Catalog, 'tables'>): string[] {
  return [...new Set(Object.keys(catalog.tables).map((t) => qualifiedTable(catalog, t)))];
}

/**
 * A time column as the business's wall time: `(col AT TIME ZONE 'zone')` for a time field declared timestamptz,
 * the column itself otherwise (naive timestamps and dates already are wall time).
 */
export function wallTime(catalog: Catalog, column: string): string {
  const zoned = Object.values(catalog.time_fields).some((f) => f.column === column && f.type === 'timestamptz');
  return zoned ? `(${column} AT TIME ZONE '${catalog.timezone}')` : column;
}

/**
 * SQL for "now" as a wall time in the catalog's zone, to compare with wall-time columns (`timestamp`, `date`).
 * A bare now() is an instant; set against a `timestamp` it is read in the session's zone, not the catalog's.
 */
export function wallNow(catalog: Pick<Catalog, 'timezone'>): string {
  return `(now() AT TIME ZONE '${catalog.timezone}')`;
}
