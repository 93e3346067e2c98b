/**
 * The validator's second path to a metric's numbers: SQL built here from the
 * catalog, written separately from src/catalog/sql.ts (which the SQL agent
 * compiles with) and sharing none of its code.
 *
 * It never joins. The query reads the metric's own table only; every column of
 * another table (a dimension, a filter, the time column, a column inside the
 * aggregate) becomes a correlated scalar subquery that walks the catalog's
 * declared joins from the foreign key to the referenced key, one table at a time:
 *
 *   SELECT (SELECT (SELECT genre.name FROM genre WHERE genre.genre_id = track.genre_id)
 *             FROM track WHERE track.track_id = invoice_line.track_id) AS genre, SUM(…) AS value
 *   FROM invoice_line WHERE … GROUP BY 1
 *
 * A row of the metric's table therefore counts once whatever the grouping, and a
 * lookup that would find several rows (a join followed from its one side) fails
 * ("more than one row returned by a subquery") instead of multiplying anything.
 * A metric that needs a one-to-many path is not built here (NotIndependent): the
 * validator then falls back to re-running the step's own SQL and says so.
 */
import type { Catalog, MetricDefinition } from '../catalog/catalog';
import type { MetricQuery, Row } from '../contracts';
import { queryReadOnly, type ReadOnlyLimits } from '../db';

/** A query the second path does not build (the validator falls back to re-running the step's SQL). */
export class NotIndependent extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotIndependent';
  }
}

const GRAINS = new Set(['year', 'quarter', 'month', 'week', 'day']);

/** Keys of the calendar grains as text, written here with extract() rather than one format pattern each. */
function grainKey(grain: string, t: string): string {
  const year = `extract(year from ${t})::int::text`;
  const two = (part: string) => `lpad(extract(${part} from ${t})::int::text, 2, '0')`;
  switch (grain) {
    case 'year': return year;
    case 'quarter': return `${year} || '-Q' || extract(quarter from ${t})::int::text`;
    case 'month': return `${year} || '-' || ${two('month')}`;
    case 'week': return `extract(isoyear from ${t})::int::text || '-W' || ${two('week')}`;
    case 'day': return `${year} || '-' || ${two('month')} || '-' || ${two('day')}`;
    default: throw new NotIndependent(`unknown grain ${grain}`);
  }
}

interface Hop { table: string; key: string; foreign: string }

/**
 * For each table reachable from `base` through many-to-one joins only (the current table holds the foreign key),
 * the hops that reach it. Tables reachable only from the one side are absent.
 */
function lookups(catalog: Catalog, base: string): Map<string, Hop[]> {
  const reached = new Map<string, Hop[]>([[base, []]]);
  const queue = [base];
  while (queue.length > 0) {
    const table = queue.shift() as string;
    for (const { from, to } of catalog.joins) {
      const [fromTable, fromColumn] = from.split('.') as [string, string];
      const [toTable, toColumn] = to.split('.') as [string, string];
      if (fromTable !== table || reached.has(toTable)) continue;
      reached.set(toTable, [...(reached.get(table) ?? []), { table: toTable, key: `${toTable}.${toColumn}`, foreign: `${fromTable}.${fromColumn}` }]);
      queue.push(toTable);
    }
  }
  return reached;
}

/** Rewrites every table.column of another table into a correlated scalar lookup from the base table's row. */
function rowLevel(catalog: Catalog, base: string, paths: Map<string, Hop[]>, text: string): string {
  return text.replace(/\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/gi, (whole, table: string, column: string) => {
    if (table === base || !(table in catalog.tables)) return whole;
    const hops = paths.get(table);
    if (!hops) throw new NotIndependent(`table ${table} is reached from ${base} only through a one-to-many join`);
    // Innermost first: the wanted column from the last table, each level looked up by the key of the one before.
    let expr = `${table}.${column}`;
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i] as Hop;
      expr = `(SELECT ${expr} FROM ${hop.table} WHERE ${hop.key} = ${hop.foreign})`;
    }
    return expr;
  });
}

function definitionOf(catalog: Catalog, name: string): MetricDefinition {
  const metric = catalog.metrics[name];
  if (!metric) throw new NotIndependent(`metric ${name} is not in the catalog`);
  return metric;
}

export function isRatio(catalog: Catalog, metric: string): boolean {
  return definitionOf(catalog, metric).numerator !== undefined;
}

/** An additive metric: one SUM or COUNT(*) / COUNT(column), whose group values add up to the total. */
export function isAdditive(catalog: Catalog, metric: string): boolean {
  const def = definitionOf(catalog, metric);
  return def.expression !== undefined && /^\s*(SUM\s*\([^()]*(\([^()]*\))?[^()]*\)|COUNT\s*\(\s*(\*|[a-z_.]+)\s*\))\s*$/i.test(def.expression) && !/DISTINCT/i.test(def.expression);
}

export interface SecondPathQuery { sql: string; params: (string | number)[]; groups: string[] }

/** The second path's SQL for a metric query: all groups, ordered by their keys (order and limit are applied by the caller). */
export function secondPathSql(catalog: Catalog, query: MetricQuery): SecondPathQuery {
  const metric = definitionOf(catalog, query.metric);
  const base = metric.table;
  const paths = lookups(catalog, base);
  const row = (text: string) => rowLevel(catalog, base, paths, text);
  const field = catalog.time_fields[metric.time_field];
  if (!field) throw new NotIndependent(`time field ${metric.time_field} is not in the catalog`);
  // An instant (timestamptz) is converted to the catalog zone's wall time before any comparison or bucket.
  const timeRef = field.type === 'timestamptz' ? `(${field.column} AT TIME ZONE '${catalog.timezone}')` : field.column;
  const time = row(timeRef);
  const params: (string | number)[] = [];
  const bind = (v: string | number) => {
    params.push(v);
    return `$${params.length}`;
  };

  const conditions = [`${time} >= ${bind(query.window.start)}::timestamp`, `${time} < ${bind(query.window.end)}::timestamp`, ...metric.filters.map((f) => `(${row(f.sql)})`)];
  const periods = query.periods.map((p) => ({ key: p.key, test: `(${time} >= ${bind(p.start)}::timestamp AND ${time} < ${bind(p.end)}::timestamp)` }));
  if (periods.length > 0) conditions.push(`(${periods.map((p) => p.test).join(' OR ')})`);
  const dimension = (name: string): string => {
    if (GRAINS.has(name)) return grainKey(name, time);
    if (name === 'period') {
      if (periods.length === 0) throw new NotIndependent('grouped by period without periods');
      return `CASE ${periods.map((p) => `WHEN ${p.test} THEN ${bind(p.key)}::text`).join(' ')} END`;
    }
    const dim = catalog.dimensions[name];
    if (!dim) throw new NotIndependent(`dimension ${name} is not in the catalog`);
    return row(dim.column ?? (dim.expression ?? '').replaceAll('{time}', timeRef));
  };
  for (const f of query.filters) conditions.push(`(${dimension(f.dimension)})::text IN (${f.values.map((v) => `${bind(v)}::text`).join(', ')})`);

  const groups = query.group_by.map((name) => ({ name, sql: dimension(name) }));
  const positions = groups.map((_, i) => String(i + 1));
  const where = `WHERE ${conditions.join('\n  AND ')}`;
  const ratioColumns = (num: string, den: string) => [`(${num})::numeric / NULLIF(${den}, 0) AS value`, `${num} AS numerator`, `${den} AS denominator`];
  let sql: string;
  if (metric.per) {
    const entityColumns = [...groups.map((g) => `${g.sql} AS ${g.name}`), `${row(metric.per)} AS entity`, ...Object.entries(metric.per_entity).map(([n, e]) => `${row(e)} AS ${n}`)];
    const inner = `SELECT ${entityColumns.join(', ')} FROM ${base} ${where} GROUP BY ${[...positions, String(groups.length + 1)].join(', ')}`;
    sql = [`SELECT ${[...groups.map((g) => g.name), ...ratioColumns(metric.numerator ?? '', metric.denominator ?? '')].join(', ')}`, `FROM (${inner}) AS entities`].join('\n');
  } else {
    const values = metric.expression ? [`${row(metric.expression)} AS value`] : ratioColumns(row(metric.numerator ?? ''), row(metric.denominator ?? ''));
    sql = [`SELECT ${[...groups.map((g) => `${g.sql} AS ${g.name}`), ...values].join(', ')}`, `FROM ${base}`, where].join('\n');
  }
  if (groups.length > 0) sql += `\nGROUP BY ${positions.join(', ')}\nORDER BY ${positions.join(', ')}`;
  return { sql, params, groups: query.group_by };
}

const LIMITS: ReadOnlyLimits = { statementTimeoutMs: 25_000, rowCap: 500_000 };

/** A group key as text, as the agents hand keys on (a date as its ISO text). */
function keyText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
}

/** The metric's rows by the second path: group keys as text (null stays null), value, numerator, denominator as numbers. */
export async function secondPathRows(databaseUrl: string, catalog: Catalog, query: MetricQuery): Promise<Row[]> {
  const built = secondPathSql(catalog, query);
  const result = await queryReadOnly(databaseUrl, built.sql, built.params, LIMITS);
  const asNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const rows: Row[] = result.rows.map((raw: Record<string, unknown>) => {
    const out: Row = {};
    for (const g of built.groups) out[g] = keyText(raw[g]);
    out.value = asNumber(raw.value);
    if ('numerator' in raw) {
      out.numerator = asNumber(raw.numerator);
      out.denominator = asNumber(raw.denominator);
    }
    return out;
  });
  return ordered(rows, query.order, query.limit);
}

/** Rows sorted by value (nulls last), ties in the order given, then the first `limit`; unchanged without an order. */
export function ordered(rows: Row[], order: 'asc' | 'desc' | null, limit: number | null): Row[] {
  if (!order) return limit ? rows.slice(0, limit) : rows;
  const sign = order === 'desc' ? -1 : 1;
  const missing = (v: Row[string] | undefined) => v === null || v === undefined;
  const sorted = rows.map((r, i) => ({ r, i })).sort((p, q) => {
    if (missing(p.r.value) || missing(q.r.value)) return missing(p.r.value) === missing(q.r.value) ? p.i - q.i : missing(p.r.value) ? 1 : -1;
    return sign * (Number(p.r.value) - Number(q.r.value)) || p.i - q.i;
  }).map((x) => x.r);
  return limit ? sorted.slice(0, limit) : sorted;
}
