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
import type { Catalog, MetricDefinition } from '../catalog/catalog';
import { uniqueKeysOf } from './unique-keys';

export { uniqueKeysOf } from './unique-keys';
import { readsEveryRow, type MetricQuery, type Row } from '../contracts';
import { GRAINS, NotIndependent, children, fromItem, grainKey, joinableTables, lookups, rowLevel, type Child, type Hop } from './lookups';

export { NotIndependent } from './lookups';
import { queryReadOnly, type ReadOnlyLimits } from '../storage/read-only';
import type { OwnResults } from './own-reuse';

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

/**
 * Whether the query reads all of the data with no time filter: the window contract's rule (readsEveryRow in
 * src/contracts/query.ts: an all-time window with no calendar bucket, named period or time filter), the one rule the
 * SQL compiler reads too, so both paths count the rows with no time alike. The rule is the contract's meaning of a
 * window, not the compiler's code.
 */
export function readsAllTime(query: MetricQuery): boolean {
  return readsEveryRow(query);
}

/** What building one query shares: the metric, its lookups, the time column, the bound parameters and the finer table in use. */
interface Build {
  catalog: Catalog;
  metric: MetricDefinition;
  base: string;
  paths: Map<string, Hop[]>;
  joined: Set<string>;
  /** A catalog expression at the metric's row level (lookups instead of joins). */
  row: (text: string) => string;
  /** The time column as wall time, at row level, and as the catalog writes it (for `{time}` in dimensions). */
  time: string;
  timeRef: string;
  params: (string | number)[];
  bind: (v: string | number) => string;
  child?: Child;
  childGroups: { name: string; sql: string }[];
  childConditions: string[];
}

function startBuild(catalog: Catalog, query: MetricQuery, uniqueKeys: ReadonlySet<string>): Build {
  const metric = definitionOf(catalog, query.metric);
  const base = metric.table;
  const paths = lookups(catalog, base);
  const joined = joinableTables(paths, base, uniqueKeys);
  const row = (text: string) => rowLevel(catalog, base, paths, text, fromItem, joined);
  const field = catalog.time_fields[metric.time_field];
  if (!field) throw new NotIndependent(`time field ${metric.time_field} is not in the catalog`);
  // An instant (timestamptz) is converted to the catalog zone's wall time before any comparison or bucket.
  const timeRef = field.type === 'timestamptz' ? `(${field.column} AT TIME ZONE '${catalog.timezone}')` : field.column;
  const params: (string | number)[] = [];
  const bind = (v: string | number) => {
    params.push(v);
    return `$${params.length}`;
  };
  return { catalog, metric, base, paths, joined, row, time: row(timeRef), timeRef, params, bind, childGroups: [], childConditions: [] };
}

/**
 * A dimension on a finer table (genre of an invoice's lines), read per row of the metric's table as the distinct
 * values among its own lines, in a correlated subquery, so the row still counts once in each group it is in: its
 * SQL at the finer table's row level, or null for a dimension the metric's table reaches.
 */
function onChild(b: Build, text: string): string | null {
  const { catalog, paths, base } = b;
  if ([...text.matchAll(/\b([a-z_][a-z0-9_]*)\./gi)].every((m) => !((m[1] as string) in catalog.tables) || paths.has(m[1] as string)))
    return null;
  for (const candidate of children(catalog, base)) {
    if (b.child && b.child.table !== candidate.table) continue;
    try {
      const sql = rowLevel(catalog, candidate.table, lookups(catalog, candidate.table), text, fromItem);
      b.child = candidate;
      return sql;
    } catch (err) {
      if (!(err instanceof NotIndependent)) throw err;
    }
  }
  throw new NotIndependent(`"${text}" is reached from ${base} through more than one finer table, or none`);
}

/** The WHERE conditions (the window unless all of the data is read, the metric's filters, the named periods, the query's filters) and the groups. */
function conditionsAndGroups(b: Build, query: MetricQuery): { conditions: string[]; groups: { name: string; sql: string }[] } {
  const { catalog, time, bind } = b;
  const conditions = [
    // All of the data in no calendar bucket (the question named no period): every row, dated or not.
    ...(readsAllTime(query) ? [] : [`${time} >= ${bind(query.window.start)}::timestamp`, `${time} < ${bind(query.window.end)}::timestamp`]),
    ...b.metric.filters.map((f) => `(${b.row(f.sql)})`),
  ];
  const periods = query.periods.map((p) => ({
    key: p.key,
    test: `(${time} >= ${bind(p.start)}::timestamp AND ${time} < ${bind(p.end)}::timestamp)`,
  }));
  if (periods.length > 0) conditions.push(`(${periods.map((p) => p.test).join(' OR ')})`);
  const dimensionText = (name: string): string => {
    const dim = catalog.dimensions[name];
    if (!dim) throw new NotIndependent(`dimension ${name} is not in the catalog`);
    return dim.column ?? (dim.expression ?? '').replaceAll('{time}', b.timeRef);
  };
  const dimension = (name: string): string => {
    if (GRAINS.has(name)) return grainKey(name, time);
    if (name === 'period') {
      if (periods.length === 0) throw new NotIndependent('grouped by period without periods');
      return `CASE ${periods.map((p) => `WHEN ${p.test} THEN ${bind(p.key)}::text`).join(' ')} END`;
    }
    return b.row(dimensionText(name));
  };
  const fineOf = (name: string) => (GRAINS.has(name) || name === 'period' ? null : onChild(b, dimensionText(name)));
  for (const f of query.filters) {
    const fine = fineOf(f.dimension);
    const listed = (sql: string) => `(${sql})::text IN (${f.values.map((v) => `${bind(v)}::text`).join(', ')})`;
    // Every row but the values: a row with no value is kept (the IN test is then unknown, not true).
    const test = (sql: string) => (f.exclude ? `(${listed(sql)}) IS NOT TRUE` : listed(sql));
    // A row of the finer table with another value does not make its parent row one without the value.
    if (fine && f.exclude) throw new NotIndependent(`leaving ${f.dimension} values out through the finer table ${b.child?.table ?? ''}`);
    if (fine) b.childConditions.push(test(fine));
    else conditions.push(test(dimension(f.dimension)));
  }
  const groups = query.group_by.map((name) => {
    const fine = fineOf(name);
    if (!fine) return { name, sql: dimension(name) };
    b.childGroups.push({ name, sql: fine });
    return { name, sql: `fine.${name}` };
  });
  return { conditions, groups };
}

/** FROM: the metric's table, the joined lookups (each table once, in the order of its path), and the finer table's lateral subquery. */
function fromClause(b: Build): string {
  let from = fromItem(b.catalog, b.base);
  for (const table of [...b.joined].sort((x, y) => (b.paths.get(x)?.length ?? 0) - (b.paths.get(y)?.length ?? 0))) {
    const hop = b.paths.get(table)?.at(-1) as Hop;
    from += `\nLEFT JOIN ${fromItem(b.catalog, table)} ON ${hop.key} = ${hop.foreign}`;
  }
  if (b.child) {
    const picked = b.childGroups.length > 0 ? b.childGroups.map((g) => `${g.sql} AS ${g.name}`).join(', ') : '1 AS matched';
    const lateral = `(SELECT DISTINCT ${picked} FROM ${fromItem(b.catalog, b.child.table)} WHERE ${[b.child.belongs, ...b.childConditions].join(' AND ')}) AS fine`;
    // Without a condition on the finer table a row with no lines there still counts (in the group of no value).
    from += b.childConditions.length > 0 ? `\nCROSS JOIN LATERAL ${lateral}` : `\nLEFT JOIN LATERAL ${lateral} ON true`;
  }
  return from;
}

/**
 * The second path's SQL for a metric query: all groups, ordered by their keys (order and limit are applied by the
 * caller). `uniqueKeys`: the catalog `table.column` keys the database declares unique (uniqueKeysOf); lookups
 * through them are LEFT JOINs, the rest correlated subqueries. Without it every lookup is a subquery.
 */
export function secondPathSql(catalog: Catalog, query: MetricQuery, uniqueKeys: ReadonlySet<string> = new Set()): SecondPathQuery {
  const b = startBuild(catalog, query, uniqueKeys);
  const { metric, row } = b;
  const { conditions, groups } = conditionsAndGroups(b, query);
  const from = fromClause(b);
  const positions = groups.map((_, i) => String(i + 1));
  const where = conditions.length > 0 ? `WHERE ${conditions.join('\n  AND ')}` : '';
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
    sql = [`SELECT ${[...groups.map((g) => `${g.sql} AS ${g.name}`), ...values].join(', ')}`, `FROM ${from}`, where]
      .filter(Boolean)
      .join('\n');
  }
  if (groups.length > 0) sql += `\nGROUP BY ${positions.join(', ')}\nORDER BY ${positions.join(', ')}`;
  return { sql, params: b.params, groups: query.group_by, overlapping: b.childGroups.length > 0 };
}

const LIMITS: ReadOnlyLimits = { statementTimeoutMs: 25_000, rowCap: 500_000 };

/** A group key as text, as the agents hand keys on (a date as its ISO text). */
function keyText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
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
  own?: OwnResults,
): Promise<Row[]> {
  const built = secondPathSql(catalog, query, uniqueKeys ?? (await uniqueKeysOf(databaseUrl, catalog)));
  const asNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const run = async (): Promise<Row[]> =>
    (await queryReadOnly(databaseUrl, built.sql, built.params, LIMITS)).rows.map((raw: Record<string, unknown>) => {
      const out: Row = {};
      for (const g of built.groups) out[g] = keyText(raw[g]);
      out.value = asNumber(raw.value);
      if ('numerator' in raw) {
        out.numerator = asNumber(raw.numerator);
        out.denominator = asNumber(raw.denominator);
      }
      return out;
    });
  // Every group, ordered by its keys, whatever the ranking: an earlier turn's rows of the same SQL on the same data
  // (the verifier's own, src/verify/own-reuse.ts) serve any ranking of them.
  const all = own ? await own.rows(built.sql, built.params, run) : await run();
  // A ranking ranks values: rows whose group has none are not ranked (the catalog's rule for rankings, read here).
  const ranked = query.order !== null && query.limit !== null;
  const rows = all.filter((row) => !ranked || built.groups.every((g) => row[g] !== null && row[g] !== undefined));
  return ordered(rows, query.order, query.limit);
}

/** Rows sorted by value (nulls last), ties in the order given, then the first `limit` and any tied with the last; unchanged without an order. */
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
  if (!limit || sorted.length <= limit) return sorted;
  // The rows tied with the last one stay (a ranking names its tie at the cut, as the SQL agent's WITH TIES keeps it).
  const cut = sorted[limit - 1]?.value;
  let end = limit;
  while (end < sorted.length && !missing(cut) && Number(sorted[end]?.value) === Number(cut)) end++;
  return sorted.slice(0, end);
}
