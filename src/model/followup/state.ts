/**
 * The reading a follow-up works on: the thread's planned reading put in plain parts (the kind of question, metrics,
 * periods, filters, the dimensions broken down by apart from the time grain, the ranking), and back to the reading
 * a planned question must get (`expected`, compared by readingDifferences in src/contracts/session.ts).
 */
import type { Catalog } from '../../catalog/catalog';
import type { DimensionFilter, Intent, TimeGrain, TimeWindow } from '../../contracts';
import type { ExpectedReading, ThreadReading } from '../../contracts/session';
import { fanOutOf } from '../rules/steps';

export const GRAINS: readonly string[] = ['year', 'quarter', 'month', 'week', 'day'];
export const isGrain = (g: string): g is TimeGrain => GRAINS.includes(g);

export type Ranking = { n: number; order: 'asc' | 'desc'; by: string };

export interface State {
  kind: Intent;
  metrics: string[];
  window: TimeWindow | null;
  comparedWith: TimeWindow | null;
  grain: TimeGrain | null;
  /** Catalog dimensions broken down by (no grain, no "period"). */
  dims: string[];
  filters: DimensionFilter[];
  ranking: Ranking | null;
  /** Each group's part of the total, not the amounts ("占比", "as a share"). */
  share: boolean;
}

/** The thread's reading as a State; null when it has nothing a follow-up could change (no metric). */
export function stateOf(thread: ThreadReading): State | null {
  const r = thread.reading;
  if (r.metrics.length === 0) return null;
  const kind: Intent = thread.intent === 'attribution' ? 'attribution' : r.compared_with ? 'comparison' : thread.intent;
  const dims = r.group_by.filter((g) => g !== 'period' && !isGrain(g));
  // A comparison's period column is how its two periods are told apart, not a grain asked for.
  const grain = r.compared_with ? null : (r.grain ?? r.group_by.find(isGrain) ?? null);
  return {
    kind: kind === 'comparison' && !r.compared_with ? 'query' : kind,
    metrics: [...r.metrics],
    window: r.window,
    comparedWith: r.compared_with,
    grain: kind === 'attribution' ? null : grain,
    // A why asked of a why keeps the dimension the first was decomposed by first (the one it named or was given).
    dims: kind === 'attribution' ? (r.decomposed_by ?? []).slice(0, 1) : dims,
    filters: r.filters.map((f) => ({ ...f, values: [...f.values] })),
    ranking: r.ranking ? { ...r.ranking } : null,
    share: kind !== 'attribution' && r.share === true,
  };
}

/**
 * The metric the planner answers with for these dimensions: a metric they would multiply (money by genre in Chinook)
 * is answered by its finer twin, as the planner does (src/model/rules/index.ts, fanOutAssumptions).
 */
export function plannedMetric(catalog: Catalog, metric: string, dims: string[], leftOut: string[] = []): string {
  if (!fanOutOf(catalog, metric, dims, leftOut)) return metric;
  const finer = catalog.metrics[metric]?.finer;
  return finer && fanOutOf(catalog, finer, dims, leftOut) === null ? finer : metric;
}

/** The reading the question written for `s` must be planned as. */
export function expectedOf(s: State, catalog: Catalog): ExpectedReading {
  const dims = [...s.dims, ...s.filters.map((f) => f.dimension)];
  const leftOut = s.filters.filter((f) => f.exclude).map((f) => f.dimension);
  const metrics = s.metrics.map((m) => plannedMetric(catalog, m, dims, leftOut));
  const groupBy = s.kind === 'attribution' || s.kind === 'comparison' ? s.dims : [...(s.grain ? [s.grain] : []), ...s.dims];
  return {
    metrics: [...new Set(metrics)],
    window: s.window,
    compared_with: s.comparedWith,
    grain: s.kind === 'attribution' || s.kind === 'comparison' ? null : s.grain,
    group_by: s.kind === 'attribution' ? [] : groupBy,
    filters: s.filters.filter((f) => f.values.length > 0),
    ranking: s.kind === 'attribution' ? null : s.ranking,
    // A why must be decomposed, by the thread's breakdown when it had one (readingDifferences checks it).
    ...(s.kind === 'attribution' ? { decomposed_by: [...s.dims] } : {}),
    ...(s.share ? { share: true } : {}),
  };
}
