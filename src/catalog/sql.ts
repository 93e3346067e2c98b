/**
 * Compiles a step's metric query into SQL from the catalog definition, so the
 * same metric is always computed the same way.
 *
 *   additive metric   SELECT <groups>, <expression> AS value ...
 *   ratio metric      SELECT <groups>, <numerator> / <denominator> AS value, numerator, denominator ...
 *   per-entity ratio  the same over a subquery that first aggregates per entity (e.g. per user)
 *
 * Dimension values are bind parameters; joins follow the declared foreign keys (sql-source.ts, sql-joins.ts).
 */
import type { Catalog, MetricDefinition } from './catalog';
import { metricDefinition, metricSource } from './sql-source';
import { PERIOD_GROUP, isTimeGrain } from './time-grain';
import type { ColumnInfo, MetricQueryInput as MetricQuery } from '../contracts';

// The query's source (sql-source.ts), its joins (sql-joins.ts) and the workflow's view of a catalog (fragment.ts) are
// imported from here across the code.
export { dimensionSql, fanOutHandling, metricDefinition, UnknownCatalogNameError } from './sql-source';
export { FanOutError } from './sql-joins';
export { catalogFragment, catalogIndex } from './fragment';

export interface CompiledQuery {
  sql: string;
  params: string[];
  columns: ColumnInfo[];
  filters_applied: string[];
  aggregation_logic: string[];
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
  // The totals row's group is an untyped NULL: the union gives it the group column's type (an id is an integer).
  const select = (source: string, isTotal: boolean) =>
    `SELECT ${[...query.group_by.map((g) => (isTotal && g === without ? `NULL AS ${g}` : g)), ...valueColumns, `${String(isTotal)} AS is_total`].join(', ')}\nFROM (\n${source}\n) AS ${isTotal ? 'totals' : 'by_group'}`;
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
  // GROUPING() tells the totals apart only when the dropped group's expression is not grouped in both sets anyway
  // (a customer dimension on the very column a per-entity metric aggregates by): else the union.
  if (!dropped || dropped.sql === metric.per) return null;
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
  // A ranking ranks values: a group with none (orders without a category) is not one of them. The second path agrees.
  if (query.order && query.limit && groups.length > 0)
    lines.push(`HAVING ${groups.map((g) => `${metric.per ? g.name : g.sql} IS NOT NULL`).join(' AND ')}`);
  if (query.order)
    lines.push(`ORDER BY value ${query.order.toUpperCase()} NULLS LAST${groups.length && !query.limit ? `, ${positions}` : ''}`);
  else if (groups.length > 0 && ordered) lines.push(`ORDER BY ${positions}`);
  if (query.limit) lines.push(query.order ? `FETCH FIRST ${query.limit} ROWS WITH TIES` : `LIMIT ${query.limit}`); // ties named
  // WITH TIES keeps every row tied at the cut, so its ORDER BY can hold the value alone; rows tied on value then come in
  // whatever order the database finds them. Ordered again by value and then by the groups, the same question lists
  // them the same way every time, and as a re-ranking of stored groups does (rankStored in src/storage/reuse.ts).
  if (query.order && query.limit && groups.length > 0)
    lines = [
      `SELECT * FROM (\n  ${lines.join('\n  ')}\n) AS ranked`,
      `ORDER BY value ${query.order.toUpperCase()} NULLS LAST, ${positions}`,
    ];

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
