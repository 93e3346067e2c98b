/**
 * Compiles a step's metric query into SQL from the catalog definition, so the
 * same metric is always computed the same way.
 *
 *   additive metric   SELECT <groups>, <expression> AS value ...
 *   ratio metric      SELECT <groups>, <numerator> / <denominator> AS value, numerator, denominator ...
 *   per-entity ratio  the same over a subquery that first aggregates per entity (e.g. per user)
 *
 * Dimension values are bind parameters; joins follow the declared foreign keys.
 */
import { tableSql, wallTime, type Catalog, type MetricDefinition } from './catalog';
import { GRAIN_KEY_FORMAT, GRAIN_TRUNC, PERIOD_GROUP, TIME_GRAINS, isTimeGrain } from './time-grain';
import type { CatalogFragment, CatalogIndex, ColumnInfo, MetricQueryInput as MetricQuery } from '../contracts';
import { readsEveryRow } from '../contracts/query';

export interface CompiledQuery {
  sql: string;
  params: string[];
  columns: ColumnInfo[];
  filters_applied: string[];
  aggregation_logic: string[];
}

export class UnknownCatalogNameError extends Error {
  constructor(
    readonly kind: 'metric' | 'dimension',
    readonly unknown: string,
    readonly available: string[],
  ) {
    super(`unknown ${kind} "${unknown}"; the catalog offers: ${available.join(', ')}`);
    this.name = 'UnknownCatalogNameError';
  }
}

function tablesReferenced(catalog: Catalog, text: string): string[] {
  return Object.keys(catalog.tables).filter((table) => new RegExp(`\\b${table}\\.`).test(text));
}

/**
 * A metric that a join would multiply and that cannot be computed another way: the join reaches a finer table
 * (one row of the metric's table to many there) from inside the metric's own aggregate, or the metric's table
 * declares no primary key to count its rows once by.
 */
export class FanOutError extends Error {
  constructor(
    readonly metric: string,
    readonly join: string,
    readonly why = "it reaches a finer table (one row of the metric's table to many there) and would count each row several times",
  ) {
    super(`metric "${metric}" cannot be computed through the join ${join}: ${why}`);
    this.name = 'FanOutError';
  }
}

interface JoinStep {
  clause: string;
  /** The declared join it follows. */
  join: Catalog['joins'][number];
  /** The join goes from the referenced (one) side to the referencing (many) side. */
  fansOut: boolean;
  text: string;
}

/** Join clauses that reach every needed table from the base table (breadth-first over the declared joins). */
function joinPath(catalog: Catalog, base: string, needed: string[]): JoinStep[] {
  const reached = new Map<string, JoinStep[]>([[base, []]]);
  const queue = [base];
  while (queue.length > 0) {
    const table = queue.shift() as string;
    for (const join of catalog.joins) {
      const [fromTable] = join.from.split('.');
      const [toTable] = join.to.split('.');
      const next = fromTable === table ? toTable : toTable === table ? fromTable : undefined;
      if (next === undefined || reached.has(next)) continue;
      // Following the join from `from` to `to` fans out only for one_to_many; the other way only for many_to_one.
      const forward = fromTable === table;
      const fansOut = forward ? join.relationship === 'one_to_many' : join.relationship === 'many_to_one';
      const step = {
        clause: `LEFT JOIN ${tableSql(catalog, next)} ON ${join.from} = ${join.to}`,
        join,
        fansOut,
        text: forward ? `${join.from} → ${join.to}` : `${join.to} → ${join.from}`,
      };
      reached.set(next, [...(reached.get(table) ?? []), step]);
      queue.push(next);
    }
  }
  const steps: JoinStep[] = [];
  for (const table of needed) {
    const path = reached.get(table);
    if (!path) throw new Error(`catalog ${catalog.name}: no declared join reaches table "${table}" from "${base}"`);
    for (const step of path) if (!steps.some((s) => s.clause === step.clause)) steps.push(step);
  }
  return steps;
}

/** Aggregates that a fan-out cannot change: counts of distinct values. */
function fanOutSafe(metric: MetricDefinition): boolean {
  const parts = metric.expression ? [metric.expression] : [metric.numerator ?? '', metric.denominator ?? ''];
  return !metric.per && parts.every((p) => /^\s*COUNT\s*\(\s*DISTINCT\b[^()]*\)\s*$/i.test(p));
}

/** The SQL for a dimension or time grain, given the metric's time column. */
export function dimensionSql(catalog: Catalog, name: string, timeColumn: string): string {
  if (isTimeGrain(name)) return `to_char(date_trunc('${GRAIN_TRUNC[name]}', ${timeColumn}), '${GRAIN_KEY_FORMAT[name]}')`;
  const dim = catalog.dimensions[name];
  if (!dim) throw new UnknownCatalogNameError('dimension', name, [...Object.keys(catalog.dimensions), ...TIME_GRAINS]);
  return dim.column ?? (dim.expression ?? '').replaceAll('{time}', timeColumn);
}

export function metricDefinition(catalog: Catalog, name: string): MetricDefinition {
  const metric = catalog.metrics[name];
  if (!metric) throw new UnknownCatalogNameError('metric', name, Object.keys(catalog.metrics));
  return metric;
}

/** FROM, joins and WHERE for a metric query: the metric's filters, the window and the dimension filters, as parameters. */
function metricSource(catalog: Catalog, query: MetricQuery, extraSql: string[] = []) {
  const metric = metricDefinition(catalog, query.metric);
  const timeField = catalog.time_fields[metric.time_field];
  if (!timeField) throw new Error(`catalog ${catalog.name}: metric ${query.metric} names unknown time field ${metric.time_field}`);
  // The window, the named periods and the calendar buckets read the column as wall time in the catalog's time zone.
  const timeColumn = wallTime(catalog, timeField.column);
  const [whole, w] = [readsEveryRow(query), query.window]; // all of the data: no time filter, rows without a time count too
  const params: string[] = whole ? [] : [w.start, w.end];
  const bounds = whole ? ['TRUE'] : [`${timeColumn} >= $1::timestamp`, `${timeColumn} < $2::timestamp`];
  const where = [...metric.filters.map((f) => f.sql), ...bounds];
  const period = `${metric.time_field} ${whole ? 'any or none (all of the data)' : 'in'} [${w.start}, ${w.end}) (${w.label_en})`;
  const filtersApplied = [...metric.filters.map((f) => f.description), period];
  // Named periods: each row falls in one of them (they may leave gaps inside the window).
  const periods = query.periods ?? [];
  const periodCases = periods.map((p) => {
    params.push(p.start, p.end, p.key);
    const n = params.length;
    return { when: `${timeColumn} >= $${n - 2}::timestamp AND ${timeColumn} < $${n - 1}::timestamp`, key: `$${n}::text` };
  });
  if (query.group_by.includes(PERIOD_GROUP) && periods.length === 0) throw new Error("grouping by period needs the query's periods");
  if (periodCases.length > 0) {
    where.push(`(${periodCases.map((c) => `(${c.when})`).join(' OR ')})`);
    filtersApplied.push(`periods: ${periods.map((p) => `${p.key} [${p.start}, ${p.end})`).join('; ')}`);
  }
  const periodSql = `CASE ${periodCases.map((c) => `WHEN ${c.when} THEN ${c.key}`).join(' ')} END`;
  for (const filter of query.filters) {
    const sql = dimensionSql(catalog, filter.dimension, timeColumn);
    const placeholders = filter.values.map((value) => {
      params.push(value);
      return `$${params.length}`;
    });
    where.push(placeholders.length === 1 ? `${sql} = ${placeholders[0]}` : `${sql} IN (${placeholders.join(', ')})`);
    filtersApplied.push(`${filter.dimension} ${filter.values.length === 1 ? '=' : 'in'} ${filter.values.join(', ')}`);
  }

  const rowGroups = query.group_by.map((name) => ({
    name,
    sql: name === PERIOD_GROUP ? periodSql : dimensionSql(catalog, name, timeColumn),
  }));
  const aggregates = metric.expression ?? `${metric.numerator ?? ''} ${metric.denominator ?? ''}`;
  // What the aggregate reads (the metric's own columns), and what picks and labels rows (filters, window, groups).
  const aggregateSql = [aggregates, ...Object.values(metric.per_entity), metric.per ?? '', ...extraSql].join(' ');
  const otherTables = (text: string) => tablesReferenced(catalog, text).filter((t) => t !== metric.table);
  const joins = joinPath(catalog, metric.table, otherTables([aggregateSql, ...where, ...rowGroups.map((g) => g.sql)].join(' ')));
  const fanning = joins.find((j) => j.fansOut);
  const base = tableSql(catalog, metric.table);
  if (!fanning || fanOutSafe(metric)) {
    const from = [`FROM ${base}`, ...joins.map((j) => j.clause), `WHERE ${where.join('\n  AND ')}`];
    const fanOut = fanning ? { join: fanning.text, how: 'distinct' as const } : null;
    return { metric, timeColumn, params, filtersApplied, groups: rowGroups, from, preaggregated: null, fanOut };
  }

  // A dimension or filter on a finer table: find the metric's rows that match (each once per group, by its primary
  // key), then aggregate those rows alone, so no row is multiplied by its many matches (Cube's "measure
  // multiplication" handled with primary keys; dbt MetricFlow's fan-out join refused unless so handled).
  const aggregateJoins = joinPath(catalog, metric.table, otherTables(aggregateSql));
  const inside = aggregateJoins.find((j) => j.fansOut);
  if (inside)
    throw new FanOutError(
      query.metric,
      inside.text,
      "the metric's own aggregate reads the finer table, so each of its rows would count several times",
    );
  const pk = catalog.tables[metric.table]?.primary_key;
  if (!pk)
    throw new FanOutError(
      query.metric,
      fanning.text,
      `the table ${metric.table} declares no primary_key, so its rows cannot be counted once each`,
    );
  const keyColumns = typeof pk === 'string' ? [pk] : pk;
  const matched = [
    `SELECT DISTINCT ${[...rowGroups.map((g) => `${g.sql} AS ${g.name}`), ...keyColumns.map((c, i) => `${metric.table}.${c} AS row_key_${i + 1}`)].join(', ')}`,
    `FROM ${base}`,
    ...joins.map((j) => j.clause),
    `WHERE ${where.join('\n      AND ')}`,
  ];
  const from = [
    `FROM (\n    ${matched.join('\n    ')}\n  ) AS matched`,
    `JOIN ${base} ON ${keyColumns.map((c, i) => `${metric.table}.${c} = matched.row_key_${i + 1}`).join(' AND ')}`,
    ...aggregateJoins.map((j) => j.clause),
  ];
  const groups = rowGroups.map((g) => ({ name: g.name, sql: `matched.${g.name}` }));
  const preaggregated = `each ${metric.table} row counted once${groups.length > 0 ? ' per group it matches' : ''} (by ${keyColumns.map((c) => `${metric.table}.${c}`).join(', ')}), not once per matching row of the finer table (${fanning.text})`;
  return {
    metric,
    timeColumn,
    params,
    filtersApplied,
    groups,
    from,
    preaggregated,
    fanOut: { join: fanning.text, how: 'counted_once' as const },
  };
}

/**
 * Whether a metric grouped or filtered by these dimensions crosses a one-to-many join, and how the compiler then
 * keeps it right: 'counted_once' (rows of the metric's table matched by primary key, each counted once per group),
 * 'distinct' (the aggregate counts distinct values, which repetition cannot change) or null (no fan-out).
 * Throws FanOutError when it cannot be computed.
 */
export function fanOutHandling(
  catalog: Catalog,
  metric: string,
  dimensions: string[],
): { join: string; how: 'counted_once' | 'distinct' } | null {
  const filters = dimensions.filter((d) => !isTimeGrain(d) && d !== PERIOD_GROUP).map((dimension) => ({ dimension, values: ['x'] }));
  const window = { start: '2000-01-01', end: '2000-02-01', label_zh: '', label_en: '', source: 'question' as const };
  return metricSource(catalog, { metric, window, filters, group_by: [], order: null, limit: null }).fanOut;
}

/**
 * One value per unit of observation, for significance tests: per entity for
 * per-entity metrics (e.g. 1 or 0 per buyer for a repurchase rate), per row of the
 * metric's table for other ratios (e.g. each order's amount for AOV), per day for
 * additive metrics (daily totals).
 */
export function compileUnitSample(catalog: Catalog, query: MetricQuery): CompiledQuery & { unit: 'entity' | 'row' | 'day' } {
  const plain = { ...query, group_by: [], order: null, limit: null };
  const metric = metricDefinition(catalog, query.metric);
  const pk = catalog.tables[metric.table]?.primary_key;
  const timeRef = catalog.time_fields[metric.time_field]?.column ?? '';
  const { timeColumn, params, filtersApplied, from } = metricSource(catalog, plain, [timeRef]);
  const ratio = `(${metric.numerator ?? ''})::numeric / NULLIF(${metric.denominator ?? ''}, 0)`;
  let sql: string;
  let unit: 'entity' | 'row' | 'day';
  if (metric.per) {
    const inner = [
      `SELECT ${[`${metric.per} AS entity`, ...Object.entries(metric.per_entity).map(([n, e]) => `${e} AS ${n}`)].join(', ')}`,
      ...from,
      'GROUP BY 1',
    ];
    sql = [`SELECT entity AS unit, ${ratio} AS value`, `FROM (\n  ${inner.join('\n  ')}\n) AS per_entity`, 'GROUP BY 1'].join('\n');
    unit = 'entity';
  } else if (metric.numerator && pk) {
    // A composite key identifies a row by all its columns together.
    const key = typeof pk === 'string' ? `${metric.table}.${pk}` : `ROW(${pk.map((c) => `${metric.table}.${c}`).join(', ')})::text`;
    sql = [`SELECT ${key} AS unit, ${ratio} AS value`, ...from, 'GROUP BY 1'].join('\n');
    unit = 'row';
  } else {
    sql = [`SELECT (${timeColumn})::date AS unit, ${metric.expression ?? ratio} AS value`, ...from, 'GROUP BY 1'].join('\n');
    unit = 'day';
  }
  return {
    sql,
    params,
    columns: [
      { name: 'unit', type: 'text', meaning: `unit (${unit})` },
      { name: 'value', type: 'numeric', meaning: `${metric.label} per ${unit}` },
    ],
    filters_applied: filtersApplied,
    aggregation_logic: [`${metric.label} per ${unit}`],
    unit,
  };
}

/**
 * A grouped query and, in the same statement, its totals without one of the groups (is_total = true, that group's
 * column null): a decomposition's before and after are then the metric itself, not a sum of groups that may overlap.
 */
export function compileMetricQuery(catalog: Catalog, query: MetricQuery, options: { totalsWithout?: string } = {}): CompiledQuery {
  const without = options.totalsWithout;
  if (!without || !query.group_by.includes(without)) return compileOne(catalog, query);
  // Inside the union neither part is ordered; the statement orders the whole.
  const grouped = compileOne(catalog, { ...query, order: null, limit: null }, false);
  const valueColumns = grouped.columns.filter((c) => !query.group_by.includes(c.name)).map((c) => c.name);
  const meta = {
    columns: [
      ...grouped.columns,
      {
        name: 'is_total',
        type: 'boolean',
        meaning: `true on the rows that total over every ${without} (the metric itself, queried without that group)`,
      },
    ],
    aggregation_logic: [...grouped.aggregation_logic, `and the total over every ${without} in the same statement (is_total)`],
  };
  const withSets = withGroupingSets(catalog, query, without, valueColumns);
  if (withSets) return { ...grouped, ...meta, sql: withSets };
  const totals = compileOne(catalog, { ...query, group_by: query.group_by.filter((g) => g !== without), order: null, limit: null }, false);
  const select = (source: string, isTotal: boolean) =>
    `SELECT ${[...query.group_by.map((g) => (isTotal && g === without ? `NULL::text AS ${g}` : g)), ...valueColumns, `${String(isTotal)} AS is_total`].join(', ')}\nFROM (\n${source}\n) AS ${isTotal ? 'totals' : 'by_group'}`;
  const positions = query.group_by.map((_, i) => String(i + 1)).join(', ');
  return {
    ...grouped,
    ...meta,
    sql: `${select(grouped.sql, false)}\nUNION ALL\n${select(totals.sql, true)}\nORDER BY ${query.group_by.length + valueColumns.length + 1}, ${positions}`,
  };
}

/**
 * The grouped query and its totals without one group as one pass over the rows: GROUP BY GROUPING SETS, the totals'
 * rows told apart by GROUPING() (not by a null group, which the data may have too). Reading the window once instead of
 * twice took the attribution's decomposition at K = 100 from 3.5 to 2.2 s (docs/performance.md, "Time as the data
 * grows"). Only when no join can repeat a row (no fan-out), so both sets read the same rows the two queries of the
 * union would; otherwise null, and the union stays.
 */
function withGroupingSets(catalog: Catalog, query: MetricQuery, without: string, valueColumns: string[]): string | null {
  const { metric, groups, from, fanOut } = metricSource(catalog, { ...query, order: null, limit: null });
  if (fanOut !== null) return null;
  const dropped = groups.find((g) => g.name === without);
  if (!dropped) return null;
  const kept = groups.filter((g) => g !== dropped);
  const sets = (extra: string[]) =>
    `GROUP BY GROUPING SETS ((${[...groups.map((g) => g.sql), ...extra].join(', ')}), (${[...kept.map((g) => g.sql), ...extra].join(', ')}))`;
  const isTotal = `GROUPING(${dropped.sql}) = 1`;
  const order = `ORDER BY ${groups.length + valueColumns.length + 1}, ${groups.map((_, i) => String(i + 1)).join(', ')}`;
  if (metric.per) {
    // Per entity in both sets, then the ratio over the entities of each group (and of each total).
    const inner = [
      `SELECT ${[...groups.map((g) => `${g.sql} AS ${g.name}`), `${metric.per} AS entity`, ...Object.entries(metric.per_entity).map(([n, e]) => `${e} AS ${n}`), `${isTotal} AS is_total`].join(', ')}`,
      ...from,
      sets([metric.per]),
    ];
    return [
      `SELECT ${[...groups.map((g) => g.name), ...valueColumnsSql(metric), 'is_total'].join(', ')}`,
      `FROM (\n  ${inner.join('\n  ')}\n) AS per_entity`,
      `GROUP BY ${[...groups.map((g) => g.name), 'is_total'].join(', ')}`,
      order,
    ].join('\n');
  }
  return [
    `SELECT ${[...groups.map((g) => `${g.sql} AS ${g.name}`), ...valueColumnsSql(metric), `${isTotal} AS is_total`].join(', ')}`,
    ...from,
    sets([]),
    order,
  ].join('\n');
}

/** The value columns of a metric's query: `value`, and for a ratio its `numerator` and `denominator` too. */
function valueColumnsSql(metric: MetricDefinition): string[] {
  if (metric.expression) return [`${metric.expression} AS value`];
  return [
    `(${metric.numerator})::numeric / NULLIF(${metric.denominator}, 0) AS value`,
    `${metric.numerator} AS numerator`,
    `${metric.denominator} AS denominator`,
  ];
}

function compileOne(catalog: Catalog, query: MetricQuery, ordered = true): CompiledQuery {
  const { metric, groups, from, params, filtersApplied, preaggregated } = metricSource(catalog, query);
  const positions = groups.map((_, i) => String(i + 1)).join(', ');

  const valueSelect = valueColumnsSql(metric);
  let lines: string[];
  if (metric.per) {
    // Aggregate per entity first, then the ratio over entity rows.
    const inner = [
      `SELECT ${[...groups.map((g) => `${g.sql} AS ${g.name}`), `${metric.per} AS entity`, ...Object.entries(metric.per_entity).map(([n, e]) => `${e} AS ${n}`)].join(', ')}`,
      ...from,
      `GROUP BY ${[...groups.map((_, i) => String(i + 1)), String(groups.length + 1)].join(', ')}`,
    ];
    lines = [`SELECT ${[...groups.map((g) => g.name), ...valueSelect].join(', ')}`, `FROM (\n  ${inner.join('\n  ')}\n) AS per_entity`];
  } else {
    lines = [`SELECT ${[...groups.map((g) => `${g.sql} AS ${g.name}`), ...valueSelect].join(', ')}`, ...from];
  }
  if (groups.length > 0) lines.push(`GROUP BY ${positions}`);
  if (query.order)
    lines.push(`ORDER BY value ${query.order.toUpperCase()} NULLS LAST${groups.length && !query.limit ? `, ${positions}` : ''}`);
  else if (groups.length > 0 && ordered) lines.push(`ORDER BY ${positions}`);
  if (query.limit) lines.push(query.order ? `FETCH FIRST ${query.limit} ROWS WITH TIES` : `LIMIT ${query.limit}`); // ties named

  const logic = metric.expression
    ? [`${metric.label} = ${metric.expression}`]
    : [
        `${metric.label} = (${metric.numerator}) / (${metric.denominator})${
          metric.per
            ? `, over ${metric.per} after ${Object.entries(metric.per_entity)
                .map(([n, e]) => `${n} = ${e}`)
                .join(', ')}`
            : ''
        }`,
      ];
  if (preaggregated) logic.push(preaggregated);
  logic.push(groups.length > 0 ? `grouped by ${groups.map((g) => g.name).join(', ')}` : 'one total over the whole period');
  if (query.order) logic.push(`sorted by value ${query.order}${query.limit ? `, first ${query.limit}` : ''}`);

  return {
    sql: lines.join('\n'),
    params,
    columns: [
      ...groups.map((g) => ({
        name: g.name,
        type: 'text',
        meaning:
          isTimeGrain(g.name) || g.name === PERIOD_GROUP
            ? `${g.name} of ${metric.time_field}`
            : `${g.name} (${catalog.dimensions[g.name]?.label ?? g.name})`,
      })),
      { name: 'value', type: 'numeric', meaning: `${metric.label}: ${metric.description}` },
      ...(metric.expression
        ? []
        : [
            { name: 'numerator', type: 'numeric', meaning: `numerator of ${metric.label}` },
            { name: 'denominator', type: 'numeric', meaning: `denominator of ${metric.label}` },
          ]),
    ],
    filters_applied: filtersApplied,
    aggregation_logic: logic,
  };
}

/** Names the workflow checks plans against. */
export function catalogIndex(catalog: Catalog): CatalogIndex {
  return {
    name: catalog.name,
    metrics: Object.keys(catalog.metrics),
    dimensions: [...Object.keys(catalog.dimensions), ...TIME_GRAINS, PERIOD_GROUP],
  };
}

/**
 * The slice of the catalog a step needs: its metrics and dimensions (and metrics' related ones are left out),
 * the time fields they use, and the tables and joins on the paths from each metric's table to what it reads
 * (each table without its data-quality checks, which the data-quality agent reads from the whole catalog).
 */
export function catalogFragment(catalog: Catalog, metrics: string[], dimensions: string[]): CatalogFragment {
  const pick = <T>(all: Record<string, T>, names: string[]) =>
    Object.fromEntries(names.filter((n) => n in all).map((n) => [n, all[n] as T]));
  const metricDefs = pick(catalog.metrics, metrics);
  const timeFields = pick(
    catalog.time_fields,
    Object.values(metricDefs).map((m) => m.time_field),
  );
  const dims = pick(catalog.dimensions, dimensions);
  // Drop references to metrics and dimensions outside the fragment, so it stands on its own.
  const trimmed = Object.fromEntries(
    Object.entries(metricDefs).map(([n, m]) => [n, { ...m, related_metrics: [], decompose_by: m.decompose_by.filter((d) => d in dims) }]),
  );
  let tables: Catalog['tables'] = catalog.tables;
  let joins = catalog.joins;
  try {
    const used = new Set<string>();
    const usedJoins = new Set<Catalog['joins'][number]>();
    for (const m of Object.values(metricDefs)) {
      const reads = [
        m.expression ?? '',
        m.numerator ?? '',
        m.denominator ?? '',
        m.per ?? '',
        ...Object.values(m.per_entity),
        ...m.filters.map((f) => f.sql),
        catalog.time_fields[m.time_field]?.column ?? '',
        ...Object.values(dims).map((d) => d.column ?? d.expression ?? ''),
      ].join(' ');
      used.add(m.table);
      for (const step of joinPath(
        catalog,
        m.table,
        tablesReferenced(catalog, reads).filter((t) => t !== m.table),
      )) {
        usedJoins.add(step.join);
        for (const ref of [step.join.from, step.join.to]) used.add(ref.split('.')[0] ?? '');
      }
    }
    tables = Object.fromEntries(
      [...used]
        .filter((t) => t in catalog.tables)
        .map((t) => [t, { ...(catalog.tables[t] as Catalog['tables'][string]), description: '', checks: [] }]),
    );
    joins = catalog.joins.filter((j) => usedJoins.has(j));
  } catch {
    // A dimension its metrics cannot reach: the whole catalog's tables, so the step's own error names it.
  }
  return {
    name: catalog.name,
    description: catalog.description,
    timezone: catalog.timezone,
    tables,
    joins,
    time_fields: timeFields,
    metrics: trimmed,
    dimensions: dims,
  };
}
