/**
 * What a metric query reads: its FROM, joins and WHERE (the metric's filters, the window, the named periods and the
 * dimension filters, all as bind parameters), its groups, and how a join that fans out is kept from counting a row
 * several times.
 */
import { tableSql, wallTime, type Catalog, type MetricDefinition } from './catalog';
import { FanOutError, fanOutSafe, joinPath, tablesReferenced, type JoinStep } from './sql-joins';
import { GRAIN_KEY_FORMAT, GRAIN_TRUNC, PERIOD_GROUP, TIME_GRAINS, isTimeGrain } from './time-grain';
import type { MetricQueryInput as MetricQuery } from '../contracts';
import { filterApplied, readsEveryRow } from '../contracts/query';

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

/** The WHERE of a metric query, its parameters, what it says it applied, and the SQL of its named periods. */
interface Conditions {
  params: string[];
  where: string[];
  filtersApplied: string[];
  periodSql: string;
}

/** The metric's filters, the window, the named periods (each row falls in one; they may leave gaps) and the dimension filters. */
function conditions(catalog: Catalog, query: MetricQuery, metric: MetricDefinition, timeColumn: string): Conditions {
  const [whole, w] = [readsEveryRow(query), query.window]; // all of the data: no time filter, rows without a time count too
  const params: string[] = whole ? [] : [w.start, w.end];
  const bounds = whole ? ['TRUE'] : [`${timeColumn} >= $1::timestamp`, `${timeColumn} < $2::timestamp`];
  const where = [...metric.filters.map((f) => f.sql), ...bounds];
  const period = `${metric.time_field} ${whole ? 'any or none (all of the data)' : 'in'} [${w.start}, ${w.end}) (${w.label_en})`;
  const filtersApplied = [...metric.filters.map((f) => f.description), period];
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
    // Leaving values out keeps the rows with no value: they are none of the values named.
    if (filter.exclude) where.push(`(${sql} IS NULL OR ${sql} NOT IN (${placeholders.join(', ')}))`);
    else where.push(placeholders.length === 1 ? `${sql} = ${placeholders[0]}` : `${sql} IN (${placeholders.join(', ')})`);
    filtersApplied.push(filterApplied(filter));
  }
  return { params, where, filtersApplied, periodSql };
}

/** FROM, joins and WHERE for a metric query: the metric's filters, the window and the dimension filters, as parameters. */
export function metricSource(catalog: Catalog, query: MetricQuery, extraSql: string[] = []) {
  const metric = metricDefinition(catalog, query.metric);
  const timeField = catalog.time_fields[metric.time_field];
  if (!timeField) throw new Error(`catalog ${catalog.name}: metric ${query.metric} names unknown time field ${metric.time_field}`);
  // The window, the named periods and the calendar buckets read the column as wall time in the catalog's time zone.
  const timeColumn = wallTime(catalog, timeField.column);
  const { params, where, filtersApplied, periodSql } = conditions(catalog, query, metric, timeColumn);
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
  // "Revenue excluding Rock" on an invoice-level metric: an invoice with a Rock line and another is neither kept nor left out.
  const finerLeftOut = query.filters.find(
    (f) => f.exclude && joinPath(catalog, metric.table, otherTables(dimensionSql(catalog, f.dimension, timeColumn))).some((j) => j.fansOut),
  );
  if (finerLeftOut && fanning)
    throw new FanOutError(
      query.metric,
      fanning.text,
      `leaving ${finerLeftOut.dimension} values out is not defined for a row with several of them`,
    );
  const common = { metric, timeColumn, params, filtersApplied };
  if (!fanning || fanOutSafe(metric)) {
    const from = [`FROM ${tableSql(catalog, metric.table)}`, ...joins.map((j) => j.clause), `WHERE ${where.join('\n  AND ')}`];
    const fanOut = fanning ? { join: fanning.text, how: 'distinct' as const } : null;
    return { ...common, groups: rowGroups, from, preaggregated: null, fanOut };
  }
  const aggregateJoins = joinPath(catalog, metric.table, otherTables(aggregateSql));
  return { ...common, ...countedOnce(catalog, query.metric, metric, { joins, aggregateJoins, fanning, where, rowGroups }) };
}

/**
 * A dimension or filter on a finer table: find the metric's rows that match (each once per group, by its primary key),
 * then aggregate those rows alone, so no row is multiplied by its many matches (Cube's "measure multiplication" handled
 * with primary keys; dbt MetricFlow's fan-out join refused unless so handled).
 */
function countedOnce(
  catalog: Catalog,
  name: string,
  metric: MetricDefinition,
  parts: { joins: JoinStep[]; aggregateJoins: JoinStep[]; fanning: JoinStep; where: string[]; rowGroups: { name: string; sql: string }[] },
) {
  const { joins, aggregateJoins, fanning, where, rowGroups } = parts;
  const inside = aggregateJoins.find((j) => j.fansOut);
  if (inside)
    throw new FanOutError(
      name,
      inside.text,
      "the metric's own aggregate reads the finer table, so each of its rows would count several times",
    );
  const pk = catalog.tables[metric.table]?.primary_key;
  if (!pk)
    throw new FanOutError(name, fanning.text, `the table ${metric.table} declares no primary_key, so its rows cannot be counted once each`);
  const base = tableSql(catalog, metric.table);
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
  return { groups, from, preaggregated, fanOut: { join: fanning.text, how: 'counted_once' as const } };
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
  leftOut: string[] = [],
): { join: string; how: 'counted_once' | 'distinct' } | null {
  const filters = dimensions
    .filter((d) => !isTimeGrain(d) && d !== PERIOD_GROUP)
    .map((dimension) => ({ dimension, values: ['x'], ...(leftOut.includes(dimension) ? { exclude: true as const } : {}) }));
  const window = { start: '2000-01-01', end: '2000-02-01', label_zh: '', label_en: '', source: 'question' as const };
  return metricSource(catalog, { metric, window, filters, group_by: [], order: null, limit: null }).fanOut;
}
