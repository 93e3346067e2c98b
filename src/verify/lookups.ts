/**
 * The second path's lookups (src/verify/second-path.ts): how a column of another table is reached from the metric's
 * row along the catalog's declared joins, one table at a time, and which finer tables hold the metric's rows' lines.
 */
import type { Catalog } from '../catalog/catalog';
import { TIME_GRAINS } from '../catalog/time-grain';

/** A query the second path does not build (the validator falls back to re-running the step's SQL). */
export class NotIndependent extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotIndependent';
  }
}

export const GRAINS: ReadonlySet<string> = new Set(TIME_GRAINS);

/** Keys of the calendar grains as text, written here with extract() rather than one format pattern each. */
export function grainKey(grain: string, t: string): string {
  const year = `extract(year from ${t})::int::text`;
  const two = (part: string) => `lpad(extract(${part} from ${t})::int::text, 2, '0')`;
  switch (grain) {
    case 'year':
      return year;
    case 'quarter':
      return `${year} || '-Q' || extract(quarter from ${t})::int::text`;
    case 'month':
      return `${year} || '-' || ${two('month')}`;
    case 'week':
      return `extract(isoyear from ${t})::int::text || '-W' || ${two('week')}`;
    case 'day':
      return `${year} || '-' || ${two('month')} || '-' || ${two('day')}`;
    default:
      throw new NotIndependent(`unknown grain ${grain}`);
  }
}

export interface Hop {
  table: string;
  key: string;
  foreign: string;
}

/**
 * For each table reachable from `base` through many-to-one joins only (the current table holds the foreign key),
 * the hops that reach it. Tables reachable only from the one side are absent.
 */
export function lookups(catalog: Catalog, base: string): Map<string, Hop[]> {
  const reached = new Map<string, Hop[]>([[base, []]]);
  const queue = [base];
  while (queue.length > 0) {
    const table = queue.shift() as string;
    for (const { from, to, relationship } of catalog.joins) {
      // A lookup goes from the side with many rows (or one) to the side with one: from → to unless the join is
      // declared one_to_many; to → from when it is one_to_many or one_to_one.
      const ways: [string, string][] = [];
      if (relationship !== 'one_to_many') ways.push([from, to]);
      if (relationship !== 'many_to_one') ways.push([to, from]);
      for (const [near, far] of ways) {
        const [nearTable, nearColumn] = near.split('.') as [string, string];
        const [farTable, farColumn] = far.split('.') as [string, string];
        if (nearTable !== table || reached.has(farTable)) continue;
        reached.set(farTable, [
          ...(reached.get(table) ?? []),
          { table: farTable, key: `${farTable}.${farColumn}`, foreign: `${nearTable}.${nearColumn}` },
        ]);
        queue.push(farTable);
      }
    }
  }
  return reached;
}

/**
 * Rewrites every table.column of another table into a lookup from the base table's row: a correlated scalar
 * subquery, or, for a table whose every hop is through a key in `joined` (see secondPathSql), the column itself,
 * read from the LEFT JOIN that the caller adds for that table.
 */
export function rowLevel(
  catalog: Catalog,
  base: string,
  paths: Map<string, Hop[]>,
  text: string,
  fromItem: (catalog: Catalog, table: string) => string,
  joined: ReadonlySet<string> = new Set(),
): string {
  return text.replace(/\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/gi, (whole, table: string, column: string) => {
    if (table === base || !(table in catalog.tables)) return whole;
    const hops = paths.get(table);
    if (!hops) throw new NotIndependent(`table ${table} is reached from ${base} only through a one-to-many join`);
    if (joined.has(table)) return whole;
    // Innermost first: the wanted column from the last table, each level looked up by the key of the one before.
    let expr = `${table}.${column}`;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i] as Hop;
      expr = `(SELECT ${expr} FROM ${fromItem(catalog, hop.table)} WHERE ${hop.key} = ${hop.foreign})`;
    }
    return expr;
  });
}

/** A finer table that holds a foreign key to the metric's table (invoice_line for invoice), and how its rows belong to a base row. */
export interface Child {
  table: string;
  belongs: string;
}

export function children(catalog: Catalog, base: string): Child[] {
  const out: Child[] = [];
  for (const { from, to, relationship } of catalog.joins) {
    const [fromTable] = from.split('.') as [string];
    const [toTable] = to.split('.') as [string];
    if (toTable === base && fromTable !== base && relationship !== 'one_to_one') out.push({ table: fromTable, belongs: `${from} = ${to}` });
    if (fromTable === base && relationship === 'one_to_many') out.push({ table: toTable, belongs: `${to} = ${from}` });
  }
  return out;
}

/** How the table appears in FROM: its database name, schema-qualified when declared so, under its catalog name. */
export function fromItem(catalog: Catalog, table: string): string {
  const def = catalog.tables[table];
  const real = `${def?.schema ? `${def.schema}.` : ''}${def?.name ?? table}`;
  return real === table ? table : `${real} AS ${table}`;
}

/**
 * The tables the base row may reach by LEFT JOIN: every hop on the way goes to a key in `uniqueKeys` (catalog
 * `table.column` names the database declares unique), so no join can find two rows for one.
 */
export function joinableTables(paths: Map<string, Hop[]>, base: string, uniqueKeys: ReadonlySet<string>): Set<string> {
  return new Set(
    [...paths]
      .filter(([table, hops]) => table !== base && hops.length > 0 && hops.every((h) => uniqueKeys.has(h.key)))
      .map(([table]) => table),
  );
}
