/**
 * Where the data-quality agent's counts are made: which rows of a table are in the analysed period (periodScope),
 * and the plan's windows as ranges and months. Pure: SQL text from the catalog.
 */
import { tableSql, type Catalog } from '../../catalog/catalog';
import type { TimeWindow } from '../../contracts';
import { wallRange } from '../../analysis/month-probes';

export const tableOf = (column: string): string => column.split('.')[0] ?? '';

export interface Range {
  start: string;
  end: string;
}

/** The plan's windows as disjoint [start, end) ranges, in order (overlapping and touching windows merged). */
export function mergedRanges(windows: TimeWindow[]): Range[] {
  const sorted = [...windows].sort((a, b) => a.start.localeCompare(b.start));
  const out: Range[] = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w.start <= last.end) last.end = w.end > last.end ? w.end : last.end;
    else out.push({ start: w.start, end: w.end });
  }
  return out;
}

/**
 * SQL: a time column's wall time falls in one of the ranges (dates are ISO, checked by the contract, so written
 * inline), as range conditions on the column itself, which its index serves (src/analysis/month-probes.ts wallRange).
 */
function inRanges(catalog: Catalog, column: string, ranges: Range[]): string {
  return `(${ranges.map((r) => `(${wallRange(catalog, column, `'${r.start}'::timestamp`, `'${r.end}'::timestamp`)})`).join(' OR ')})`;
}

export interface Hop {
  table: string;
  key: string;
  foreign: string;
}

/**
 * The hops from `from` to `to` along the declared joins: each hop's `foreign` is a column of the current table and
 * `key` the column of the next table it matches. Many-to-one hops only (the current table holds the foreign key),
 * unless `eitherWay`, which also walks a join against its direction. Null when there is no path.
 */
export function hopsTo(catalog: Catalog, from: string, to: string, eitherWay = false): Hop[] | null {
  const reached = new Map<string, Hop[]>([[from, []]]);
  const queue = [from];
  const edges = catalog.joins.flatMap((j) => [
    ...(j.relationship === 'one_to_many' ? [] : [{ from: j.from, to: j.to }]),
    ...(eitherWay ? [{ from: j.to, to: j.from }] : []),
  ]);
  while (queue.length > 0) {
    const table = queue.shift() as string;
    for (const edge of edges) {
      if (tableOf(edge.from) !== table || reached.has(tableOf(edge.to))) continue;
      reached.set(tableOf(edge.to), [...(reached.get(table) ?? []), { table: tableOf(edge.to), key: edge.to, foreign: edge.from }]);
      queue.push(tableOf(edge.to));
    }
  }
  return from === to ? null : (reached.get(to) ?? null);
}

/**
 * Which rows of `table` are in the analysed period, as an SQL condition on its rows, and how that was decided.
 * The period is read on the time field of the plan's metrics (their first one that reaches the table), as wall time
 * in the catalog's zone:
 *   1. the table holds the time field (orders.pay_time): rows whose time is in the period; a row without one (a paid
 *      order with no pay time) is placed by the table's own time_column (orders.order_time) when it declares one;
 *   2. the table reaches the time field through many-to-one joins (invoice_line → invoice.invoice_date): its rows
 *      take the time of the row they belong to;
 *   3. the time field's table references it (orders.user_id → users): the rows referenced by a row in the period
 *      (the users who ordered in it);
 *   4. otherwise the table's own time_column; with none, null: the table is counted whole only.
 * No ranges (a data-quality question about all of the data): null.
 */
export function periodScope(
  catalog: Catalog,
  metrics: string[],
  table: string,
  ranges: Range[],
): { predicate: string; how: string } | null {
  if (ranges.length === 0) return null;
  const fields = [
    ...new Set(
      metrics.map((m) => catalog.time_fields[catalog.metrics[m]?.time_field ?? '']?.column).filter((c): c is string => Boolean(c)),
    ),
  ];
  const own = catalog.tables[table]?.time_column;
  // Every form below is a range on a time column, or a key looked up in the rows such a range finds, so the period's
  // rows are found through indexes (the time column's, the keys'), never by reading the table and testing each row.
  // The keys go in as `key = ANY (ARRAY(subquery))`, which the key's index serves, rather than `key IN (subquery)`,
  // which the planner turns into a hash semi-join over the whole table once the window is a few percent of it.
  for (const column of fields.filter((c) => tableOf(c) === table)) {
    const fallback = own && `${table}.${own}` !== column ? `${table}.${own}` : null;
    // COALESCE(time, fallback) in the period, written so that each column's index serves its half.
    const predicate = fallback
      ? `(${inRanges(catalog, column, ranges)} OR (${column} IS NULL AND ${inRanges(catalog, fallback, ranges)}))`
      : inRanges(catalog, column, ranges);
    return { predicate, how: fallback ? `${column} (${fallback} where ${column} is empty)` : column };
  }
  for (const column of fields) {
    const hops = hopsTo(catalog, table, tableOf(column));
    if (!hops) continue;
    // Innermost first: the keys of the last table's rows in the period, each level the keys of the rows that point at them.
    let predicate = inRanges(catalog, column, ranges);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i] as Hop;
      predicate = `${hop.foreign} = ANY (ARRAY(SELECT ${hop.key} FROM ${tableSql(catalog, hop.table)} WHERE ${predicate}))`;
    }
    return { predicate, how: `${column} through ${hops.map((h) => h.foreign).join(', ')}` };
  }
  for (const column of fields) {
    const join = catalog.joins.find((j) => tableOf(j.from) === tableOf(column) && tableOf(j.to) === table);
    if (join)
      return {
        predicate: `${join.to} = ANY (ARRAY(SELECT ${join.from} FROM ${tableSql(catalog, tableOf(column))} WHERE ${inRanges(catalog, column, ranges)}))`,
        how: `referenced through ${join.from} by ${tableOf(column)} rows with ${column} in the period`,
      };
  }
  return own ? { predicate: inRanges(catalog, `${table}.${own}`, ranges), how: `${table}.${own}` } : null;
}

/** Each month (YYYY-MM) the windows touch, with the part of it they cover: [start, end). */
export function monthsOf(windows: TimeWindow[]): { period: string; start: string; end: string }[] {
  const out = new Map<string, { period: string; start: string; end: string }>();
  for (const w of windows) {
    let cursor = w.start;
    while (cursor < w.end) {
      const [y, m] = cursor.split('-').map(Number) as [number, number];
      const next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
      const end = next < w.end ? next : w.end;
      const period = cursor.slice(0, 7);
      const known = out.get(period);
      out.set(period, {
        period,
        start: known && known.start < cursor ? known.start : cursor,
        end: known && known.end > end ? known.end : end,
      });
      cursor = next;
    }
  }
  return [...out.values()].sort((a, b) => a.period.localeCompare(b.period));
}
