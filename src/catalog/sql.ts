/**
 * Compiles a step's metric query into SQL from the catalog definition, so the
 * same metric is always computed the same way.
 */
import type { Catalog } from './catalog';
import type { ColumnInfo, MetricQuery } from '../contracts';

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

/** Join clauses that reach every needed table from the base table (breadth-first over the declared joins). */
function joinPath(catalog: Catalog, base: string, needed: string[]): string[] {
  const reached = new Map<string, string[]>([[base, []]]);
  const queue = [base];
  while (queue.length > 0) {
    const table = queue.shift() as string;
    for (const join of catalog.joins) {
      const [fromTable] = join.from.split('.');
      const [toTable] = join.to.split('.');
      const next = fromTable === table ? toTable : toTable === table ? fromTable : undefined;
      if (next === undefined || reached.has(next)) continue;
      const clause = `LEFT JOIN ${next} ON ${join.from} = ${join.to}`;
      reached.set(next, [...(reached.get(table) ?? []), clause]);
      queue.push(next);
    }
  }
  const clauses: string[] = [];
  for (const table of needed) {
    const path = reached.get(table);
    if (!path) throw new Error(`catalog ${catalog.name}: no declared join reaches table "${table}" from "${base}"`);
    for (const clause of path) if (!clauses.includes(clause)) clauses.push(clause);
  }
  return clauses;
}

export function compileMetricQuery(catalog: Catalog, query: MetricQuery): CompiledQuery {
  const metric = catalog.metrics[query.metric];
  if (!metric) throw new UnknownCatalogNameError('metric', query.metric, Object.keys(catalog.metrics));
  const timeField = catalog.time_fields[metric.time_field];
  if (!timeField) throw new Error(`catalog ${catalog.name}: metric ${query.metric} names unknown time field ${metric.time_field}`);

  const dimension = (name: string) => {
    const dim = catalog.dimensions[name];
    if (!dim) throw new UnknownCatalogNameError('dimension', name, Object.keys(catalog.dimensions));
    return dim;
  };

  const params: string[] = [query.window.start, query.window.end];
  const where = [
    ...metric.filters.map((f) => f.sql),
    `${timeField.column} >= $1::timestamp`,
    `${timeField.column} < $2::timestamp`,
  ];
  const filtersApplied = [
    ...metric.filters.map((f) => f.description),
    `${metric.time_field} in [${query.window.start}, ${query.window.end}) (${query.window.label_en})`,
  ];
  for (const filter of query.filters) {
    const dim = dimension(filter.dimension);
    params.push(filter.value);
    where.push(`${dim.column} = $${params.length}`);
    filtersApplied.push(`${filter.dimension} = ${filter.value}`);
  }

  const groupColumns = query.group_by.map((name) => ({ name, column: dimension(name).column }));
  const referenced = [
    metric.expression,
    ...metric.filters.map((f) => f.sql),
    timeField.column,
    ...query.filters.map((f) => dimension(f.dimension).column),
    ...groupColumns.map((g) => g.column),
  ].join(' ');
  const joins = joinPath(
    catalog,
    metric.table,
    tablesReferenced(catalog, referenced).filter((t) => t !== metric.table),
  );

  const select = [...groupColumns.map((g) => `${g.column} AS ${g.name}`), `${metric.expression} AS value`];
  const lines = [
    `SELECT ${select.join(', ')}`,
    `FROM ${metric.table}`,
    ...joins,
    `WHERE ${where.join('\n  AND ')}`,
  ];
  if (groupColumns.length > 0) {
    const positions = groupColumns.map((_, i) => String(i + 1)).join(', ');
    lines.push(`GROUP BY ${positions}`, `ORDER BY ${positions}`);
  }

  return {
    sql: lines.join('\n'),
    params,
    columns: [
      ...groupColumns.map((g) => ({ name: g.name, type: 'text', meaning: `${g.name} (${g.column})` })),
      { name: 'value', type: 'numeric', meaning: `${metric.label}: ${metric.description}` },
    ],
    filters_applied: filtersApplied,
    aggregation_logic: [
      `${metric.label} = ${metric.expression}`,
      groupColumns.length > 0 ? `grouped by ${groupColumns.map((g) => g.name).join(', ')}` : 'one total over the whole period',
    ],
  };
}
