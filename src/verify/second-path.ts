/**
 * The validator's second path to a metric's numbers: SQL built here from the
 * catalog, written separately from src/catalog/sql.ts (which the SQL agent
 * compiles with) and sharing none of its code.
 *
 * It never joins what could multiply a row. Every column of another table (a
 * dimension, a filter, the time column, a column inside the aggregate) is looked
 * up from the metric's row by walking the catalog's declared joins from the
 * foreign key to the referenced key, one table at a time, as a correlated scalar
 * subquery:
 *
 *   SELECT (SELECT (SELECT genre.name FROM genre WHERE genre.genre_id = track.genre_id)
 *             FROM track WHERE track.track_id = invoice_line.track_id) AS genre, SUM(…) AS value
 *   FROM invoice_line WHERE … GROUP BY 1
 *
 * A row of the metric's table therefore counts once whatever the grouping, and a
 * lookup that would find several rows (a join followed from its one side) fails
 * ("more than one row returned by a subquery") instead of multiplying anything.
 *
 * When the database itself guarantees that a lookup finds at most one row (the
 * referenced key is a primary key or has a single-column unique index, read from
 * pg_index by secondPathRows), the lookup is a LEFT JOIN on that key instead: the
 * same rows and nulls, but PostgreSQL may hash it rather than descend the key's
 * index once per row, which at millions of rows is the difference between seconds
 * and minutes (docs/performance.md, "Time as the data grows"). A key the database
 * does not declare unique keeps the subquery and its guard.
 * A dimension on a finer table (the genre of an invoice's lines, for a metric
 * counted on invoices) is read per row of the metric's table as the distinct
 * values among that row's own lines, in a LATERAL subquery:
 *
 *   FROM invoice LEFT JOIN LATERAL (SELECT DISTINCT <genre lookup> AS genre
 *     FROM invoice_line WHERE invoice_line.invoice_id = invoice.invoice_id) AS fine ON true
 *
 * so an invoice counts once in each genre it has lines of (what the compiler's
 * pre-aggregation means), found without its primary-key DISTINCT. A metric that
 * needs two finer tables at once, or a one-to-many path inside its aggregate, is
 * not built here (NotIndependent): the validator then falls back to re-running
 * the step's own SQL and says so.
 */
import { qualifiedTable, type Catalog, type MetricDefinition } from '../catalog/catalog';
import { readsEveryRow, type MetricQuery, type Row } from '../contracts';
import { TIME_GRAINS } from '../catalog/time-grain';
import { queryReadOnly, runReadOnly, type ReadOnlyLimits } from '../storage/read-only';

/** A query the second path does not build (the validator falls back to re-running the step's SQL). */
export class NotIndependent extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotIndependent';
  }
}

const GRAINS: ReadonlySet<string> = new Set(TIME_GRAINS);

/** Keys of the calendar grains as text, written here with extract() rather than one format pattern each. */
function grainKey(grain: string, t: string): string {
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

interface Hop {
  table: string;
  key: string;
  foreign: string;
}

/**
 * For each table reachable from `base` through many-to-one joins only (the current table holds the foreign key),
 * the hops that reach it. Tables reachable only from the one side are absent.
 */
function lookups(catalog: Catalog, base: string): Map<string, Hop[]> {
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
function rowLevel(
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

function definitionOf(catalog: Catalog, name: string): MetricDefinition {
  const metric = catalog.metrics[name];
  if (!metric) throw new NotIndependent(`metric ${name} is not in the catalog`);
  return metric;
}

/** A ratio metric (numerator / denominator), by the catalog's metric kind. */
export function isRatio(catalog: Catalog, metric: string): boolean {
  return definitionOf(catalog, metric).kind === 'ratio';
}

/** Whether the query's groups may overlap (a group read from a finer table), so that they need not add up to the total. */
export function groupsMayOverlap(catalog: Catalog, query: MetricQuery): boolean {
  return secondPathSql(catalog, query).overlapping;
}

/** An additive metric, by the catalog's metric kind (src/catalog/metric-kind.ts): its group values add up to the total. */
export function isAdditive(catalog: Catalog, metric: string): boolean {
  return definitionOf(catalog, metric).kind === 'additive';
}

export interface SecondPathQuery {
  sql: string;
  params: (string | number)[];
  groups: string[];
  /** Groups read from a finer table: a row of the metric's table can be in several, so they need not add up to the total. */
  overlapping: boolean;
}

/** A finer table that holds a foreign key to the metric's table (invoice_line for invoice), and how its rows belong to a base row. */
interface Child {
  table: string;
  belongs: string;
}

function children(catalog: Catalog, base: string): Child[] {
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
function fromItem(catalog: Catalog, table: string): string {
  const def = catalog.tables[table];
  const real = `${def?.schema ? `${def.schema}.` : ''}${def?.name ?? table}`;
  return real === table ? table : `${real} AS ${table}`;
}

/**
 * The tables the base row may reach by LEFT JOIN: every hop on the way goes to a key in `uniqueKeys` (catalog
 * `table.column` names the database declares unique), so no join can find two rows for one.
 */
function joinableTables(paths: Map<string, Hop[]>, base: string, uniqueKeys: ReadonlySet<string>): Set<string> {
  return new Set(
    [...paths]
      .filter(([table, hops]) => table !== base && hops.length > 0 && hops.every((h) => uniqueKeys.has(h.key)))
      .map(([table]) => table),
  );
}

/**
 * The second path's SQL for a metric query: all groups, ordered by their keys (order and limit are applied by the
 * caller). `uniqueKeys`: the catalog `table.column` keys the database declares unique (uniqueKeysOf); lookups
 * through them are LEFT JOINs, the rest correlated subqueries. Without it every lookup is a subquery.
 */
export function secondPathSql(catalog: Catalog, query: MetricQuery, uniqueKeys: ReadonlySet<string> = new Set()): SecondPathQuery {
  const metric = definitionOf(catalog, query.metric);
  const base = metric.table;
  const paths = lookups(catalog, base);
  const joined = joinableTables(paths, base, uniqueKeys);
  const row = (text: string) => rowLevel(catalog, base, paths, text, fromItem, joined);
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

  // Dimensions on a finer table (genre of an invoice's lines): read per row of the metric's table as the distinct
  // values among its own lines, in a correlated subquery, so the row still counts once in each group it is in.
  let child: Child | undefined;
  const childGroups: { name: string; sql: string }[] = [];
  const childConditions: string[] = [];
  const onChild = (text: string): string | null => {
    if ([...text.matchAll(/\b([a-z_][a-z0-9_]*)\./gi)].every((m) => !((m[1] as string) in catalog.tables) || paths.has(m[1] as string)))
      return null;
    for (const candidate of children(catalog, base)) {
      if (child && child.table !== candidate.table) continue;
      try {
        const sql = rowLevel(catalog, candidate.table, lookups(catalog, candidate.table), text, fromItem);
        child = candidate;
        return sql;
      } catch (err) {
        if (!(err instanceof NotIndependent)) throw err;
      }
    }
    throw new NotIndependent(`"${text}" is reached from ${base} through more than one finer table, or none`);
  };
  const [w, everyRow] = [query.window, readsEveryRow(query)]; // no period named: every row, dated or not
  const conditions = [
    ...(everyRow ? ['TRUE'] : [`${time} >= ${bind(w.start)}::timestamp`, `${time} < ${bind(w.end)}::timestamp`]),
    ...metric.filters.map((f) => `(${row(f.sql)})`),
  ];
  const periods = query.periods.map((p) => ({
    key: p.key,
    test: `(${time} >= ${bind(p.start)}::timestamp AND ${time} < ${bind(p.end)}::timestamp)`,
  }));
  if (periods.length > 0) conditions.push(`(${periods.map((p) => p.test).join(' OR ')})`);
  const dimensionText = (name: string): string => {
    const dim = catalog.dimensions[name];
    if (!dim) throw new NotIndependent(`dimension ${name} is not in the catalog`);
    return dim.column ?? (dim.expression ?? '').replaceAll('{time}', timeRef);
  };
  const dimension = (name: string): string => {
    if (GRAINS.has(name)) return grainKey(name, time);
    if (name === 'period') {
      if (periods.length === 0) throw new NotIndependent('grouped by period without periods');
      return `CASE ${periods.map((p) => `WHEN ${p.test} THEN ${bind(p.key)}::text`).join(' ')} END`;
    }
    return row(dimensionText(name));
  };
  for (const f of query.filters) {
    const fine = GRAINS.has(f.dimension) || f.dimension === 'period' ? null : onChild(dimensionText(f.dimension));
    const test = (sql: string) => `(${sql})::text IN (${f.values.map((v) => `${bind(v)}::text`).join(', ')})`;
    if (fine) childConditions.push(test(fine));
    else conditions.push(test(dimension(f.dimension)));
  }

  const groups = query.group_by.map((name) => {
    const fine = GRAINS.has(name) || name === 'period' ? null : onChild(dimensionText(name));
    if (!fine) return { name, sql: dimension(name) };
    childGroups.push({ name, sql: fine });
    return { name, sql: `fine.${name}` };
  });
  let from = fromItem(catalog, base);
  // The joined lookups, each table once, in the order of its path (a table's hop starts from one joined before it).
  for (const table of [...joined].sort((a, b) => (paths.get(a)?.length ?? 0) - (paths.get(b)?.length ?? 0))) {
    const hop = paths.get(table)?.at(-1) as Hop;
    from += `\nLEFT JOIN ${fromItem(catalog, table)} ON ${hop.key} = ${hop.foreign}`;
  }
  if (child) {
    const picked = childGroups.length > 0 ? childGroups.map((g) => `${g.sql} AS ${g.name}`).join(', ') : '1 AS matched';
    const lateral = `(SELECT DISTINCT ${picked} FROM ${fromItem(catalog, child.table)} WHERE ${[child.belongs, ...childConditions].join(' AND ')}) AS fine`;
    // Without a condition on the finer table a row with no lines there still counts (in the group of no value).
    from += childConditions.length > 0 ? `\nCROSS JOIN LATERAL ${lateral}` : `\nLEFT JOIN LATERAL ${lateral} ON true`;
  }
  const positions = groups.map((_, i) => String(i + 1));
  const where = `WHERE ${conditions.join('\n  AND ')}`;
  const ratioColumns = (num: string, den: string) => [
    `(${num})::numeric / NULLIF(${den}, 0) AS value`,
    `${num} AS numerator`,
    `${den} AS denominator`,
  ];
  let sql: string;
  if (metric.per) {
    const entityColumns = [
      ...groups.map((g) => `${g.sql} AS ${g.name}`),
      `${row(metric.per)} AS entity`,
      ...Object.entries(metric.per_entity).map(([n, e]) => `${row(e)} AS ${n}`),
    ];
    const inner = `SELECT ${entityColumns.join(', ')} FROM ${from} ${where} GROUP BY ${[...positions, String(groups.length + 1)].join(', ')}`;
    sql = [
      `SELECT ${[...groups.map((g) => g.name), ...ratioColumns(metric.numerator ?? '', metric.denominator ?? '')].join(', ')}`,
      `FROM (${inner}) AS entities`,
    ].join('\n');
  } else {
    const values = metric.expression
      ? [`${row(metric.expression)} AS value`]
      : ratioColumns(row(metric.numerator ?? ''), row(metric.denominator ?? ''));
    sql = [`SELECT ${[...groups.map((g) => `${g.sql} AS ${g.name}`), ...values].join(', ')}`, `FROM ${from}`, where].join('\n');
  }
  if (groups.length > 0) sql += `\nGROUP BY ${positions.join(', ')}\nORDER BY ${positions.join(', ')}`;
  return { sql, params, groups: query.group_by, overlapping: childGroups.length > 0 };
}

const LIMITS: ReadOnlyLimits = { statementTimeoutMs: 25_000, rowCap: 500_000 };

/** A group key as text, as the agents hand keys on (a date as its ISO text). */
function keyText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
}

/**
 * The catalog's join keys (`table.column`, catalog names) that the database declares unique: a primary key or a
 * unique index on that one column. Read from the system catalog by code (not agent SQL), as the read-only role.
 */
export async function uniqueKeysOf(databaseUrl: string, catalog: Catalog): Promise<Set<string>> {
  const keys = [...new Set(catalog.joins.flatMap((j) => [j.from, j.to]))];
  const candidates = keys
    .map((k) => {
      const [table, column] = k.split('.') as [string, string];
      return { key: k, relation: qualifiedTable(catalog, table), column };
    })
    .filter((c) => c.column !== undefined);
  if (candidates.length === 0) return new Set();
  const { rows } = await runReadOnly<{ i: number }>(
    databaseUrl,
    `SELECT c.i FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS c(relation, col, i)
      WHERE EXISTS (SELECT 1 FROM pg_index x JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[0]
                    WHERE x.indrelid = to_regclass(c.relation) AND x.indisunique AND x.indnatts = 1 AND x.indpred IS NULL
                      AND x.indexprs IS NULL AND a.attname = c.col)`,
    [candidates.map((c) => c.relation), candidates.map((c) => c.column)],
    { statementTimeoutMs: 10_000, rowCap: 10_000 },
  );
  return new Set(rows.map((r) => candidates[Number(r.i) - 1]?.key).filter((k): k is string => k !== undefined));
}

/**
 * The metric's rows by the second path: group keys as text (null stays null), value, numerator, denominator as
 * numbers. `uniqueKeys`: what uniqueKeysOf returned, when the caller already read it (else it is read here).
 */
export async function secondPathRows(
  databaseUrl: string,
  catalog: Catalog,
  query: MetricQuery,
  uniqueKeys?: ReadonlySet<string>,
): Promise<Row[]> {
  const built = secondPathSql(catalog, query, uniqueKeys ?? (await uniqueKeysOf(databaseUrl, catalog)));
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
  const sorted = rows
    .map((r, i) => ({ r, i }))
    .sort((p, q) => {
      if (missing(p.r.value) || missing(q.r.value))
        return missing(p.r.value) === missing(q.r.value) ? p.i - q.i : missing(p.r.value) ? 1 : -1;
      return sign * (Number(p.r.value) - Number(q.r.value)) || p.i - q.i;
    })
    .map((x) => x.r);
  return limit ? sorted.slice(0, limit) : sorted;
}
