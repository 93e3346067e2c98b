/** What the workflow reads of a catalog: the names plans are checked against, and the slice of it a step needs. */
import type { Catalog } from './catalog';
import { joinPath, tablesReferenced } from './sql-joins';
import { PERIOD_GROUP, TIME_GRAINS } from './time-grain';
import type { CatalogFragment, CatalogIndex } from '../contracts';

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
