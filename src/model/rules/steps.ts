/**
 * What every planner shares: the planning context, labels in the question's language, a metric query, a plan
 * step, whether a metric reaches some dimensions, and how two periods are told apart in one query.
 */
import type { Catalog } from '../../catalog/catalog';
import type { DimensionFilter, Language, MetricQuery, PlanStep, StepOperation, TimeWindow } from '../../contracts';
import { valueLabel } from '../../analysis/findings';
import { catalogText, filterValuesText } from '../../format/labels';
import { textIn } from '../../messages';
import { textOf } from '../../messages/message';
import { STEP_MESSAGES } from '../../messages/periods';
import { compileMetricQuery, fanOutHandling, FanOutError } from '../../catalog/sql';
import { lastDayOf, spanning, wholeMonths } from '../time-window';
import type { CatalogReading } from './terms';

export function metricList(catalog: Catalog, language: Language): string[] {
  return Object.entries(catalog.metrics).map(([id, m]) => `${catalogText(language, m.label, m.label_zh)} (${id})`);
}

export interface Context {
  catalog: Catalog;
  language: Language;
  reading: CatalogReading;
  /** The period asked about (the later one when two are compared). */
  window: TimeWindow;
  /** The period it is compared with: the one before, the same one a year earlier, or a second named one. */
  compareWith: TimeWindow | null;
  text: string;
}

/** The planners' wording in the question's language (src/messages/periods.ts). */
export const sayIn = (ctx: { language: Language }) => textOf(STEP_MESSAGES, ctx.language);
export const labelOf = (ctx: Context, metric: string) => {
  const m = ctx.catalog.metrics[metric];
  return catalogText(ctx.language, m?.label ?? metric, m?.label_zh ?? metric);
};
const GRAIN_KEYS = {
  year: 'analysis.grain.year',
  quarter: 'analysis.grain.quarter',
  month: 'analysis.grain.month',
  week: 'analysis.grain.week',
  day: 'analysis.grain.day',
  period: 'analysis.grain.period',
} as const;
const isGrainKey = (dim: string): dim is keyof typeof GRAIN_KEYS => dim in GRAIN_KEYS;
export const dimLabel = (ctx: Context, dim: string) => {
  const d = ctx.catalog.dimensions[dim];
  if (d) return catalogText(ctx.language, d.label, d.label_zh);
  return isGrainKey(dim) ? sayIn(ctx)(GRAIN_KEYS[dim]) : dim;
};
export const period = (ctx: { language: Language }, w: TimeWindow) => catalogText(ctx.language, w.label_en, w.label_zh);
/** A dimension value for step descriptions: as answers show it in Chinese; the value itself in English. */
export const valueText = (ctx: Context, dimension: string, value: string) =>
  ({ zh: valueLabel(ctx.catalog, 'zh', dimension, value), en: value })[ctx.language];
export const scopeText = (ctx: Context, filters: DimensionFilter[]) =>
  filters.map((f) => filterValuesText(ctx.language, f, (d: string, v: string) => valueText(ctx, d, v))).join(', ');
/** Items joined as a list in the language: 华东、华北 / East, North. */
export const listIn = (language: Language, items: string[]) => items.join(textIn(language)('common.list'));

export function query(
  metric: string,
  window: TimeWindow,
  filters: DimensionFilter[],
  groupBy: string[],
  extra: Partial<MetricQuery> = {},
): MetricQuery {
  return { metric, window, filters, group_by: groupBy, periods: [], order: null, limit: null, ...extra };
}

export function step(
  id: number,
  description: string,
  dependsOn: number[],
  expected: string,
  metrics: string[],
  dimensions: string[],
  operation: StepOperation,
): PlanStep {
  return {
    step_id: `s${id}`,
    description,
    depends_on: dependsOn.map((d) => `s${d}`),
    expected_output: expected,
    metrics,
    dimensions: [...new Set(dimensions.filter((d) => !isGrainKey(d)))],
    operation,
  };
}

/** How a metric grouped or filtered by these dimensions meets a one-to-many join: handled (and how), or refused. */
export function fanOutOf(
  catalog: Catalog,
  metric: string,
  dimensions: string[],
  leftOut: string[] = [],
): ReturnType<typeof fanOutHandling> | FanOutError {
  try {
    return fanOutHandling(catalog, metric, dimensions, leftOut);
  } catch (err) {
    if (err instanceof FanOutError) return err;
    return null;
  }
}

/** Whether the metric can be filtered or grouped by these dimensions (its tables reach theirs). */
export function reachable(catalog: Catalog, metric: string, dimensions: string[], window: TimeWindow): boolean {
  try {
    compileMetricQuery(
      catalog,
      query(
        metric,
        window,
        dimensions.map((d) => ({ dimension: d, values: ['x'] })),
        [],
      ),
    );
    return true;
  } catch {
    return false;
  }
}

/** A period's key in results: 2024, 2024-Q3, 2024-H1, 2024-03, 2024-03-15, or start..last day; keys sort in time order. */
export function periodKey(w: TimeWindow): string {
  const months = wholeMonths(w);
  const [y, m] = w.start.split('-').map(Number) as [number, number];
  if (months === 12 && m === 1) return String(y);
  if (months === 6 && (m === 1 || m === 7)) return `${y}-H${m === 1 ? 1 : 2}`;
  if (months === 3 && (m - 1) % 3 === 0) return `${y}-Q${(m - 1) / 3 + 1}`;
  if (months === 1) return w.start.slice(0, 7);
  const last = lastDayOf(w.end);
  return last === w.start ? w.start : `${w.start}..${last}`;
}

/**
 * How two periods are told apart in one query. Neighbours on one grain (two months, two quarters, two years
 * in a row) group by that grain over both; any other pair (March against March a year earlier, two ranges), and any
 * pair broken down by a dimension (`byPeriod`, so the reading tells the two periods from a breakdown by the grain),
 * groups by "period", the two windows named. Keys sort in time order either way: 2025-10, 2025-Q3, 2024.
 */
export function twoPeriods(
  before: TimeWindow,
  after: TimeWindow,
  byPeriod = false,
): { column: string; keys: [string, string]; query: (metric: string, filters: DimensionFilter[], extra: string[]) => MetricQuery } {
  const [b, a] = [periodKey(before), periodKey(after)];
  const grain = /^\d{4}$/.test(a) ? 'year' : /^\d{4}-Q\d$/.test(a) ? 'quarter' : /^\d{4}-\d{2}$/.test(a) ? 'month' : null;
  const both = spanning(before, after);
  if (
    !byPeriod &&
    grain &&
    before.end === after.start &&
    periodKey(before) !== periodKey(after) &&
    (grain === 'year' ? /^\d{4}$/ : grain === 'quarter' ? /^\d{4}-Q\d$/ : /^\d{4}-\d{2}$/).test(b)
  ) {
    return { column: grain, keys: [b, a], query: (metric, filters, extra) => query(metric, both, filters, [grain, ...extra]) };
  }
  return {
    column: 'period',
    keys: [b, a],
    query: (metric, filters, extra) =>
      query(metric, both, filters, ['period', ...extra], {
        periods: [
          { key: b, start: before.start, end: before.end },
          { key: a, start: after.start, end: after.end },
        ],
      }),
  };
}

/** Whether `narrow` counts the same rows of the same table as `wide`, under more filters ("orders never shipped" of "orders"). */
export function narrowedBy(catalog: Catalog, wide: string, narrow: string): boolean {
  const [a, b] = [catalog.metrics[wide], catalog.metrics[narrow]];
  if (!a || !b || a.table !== b.table || !a.expression || a.expression !== b.expression) return false;
  const extra = b.filters.filter((f) => !a.filters.some((g) => g.sql === f.sql));
  return extra.length > 0 && a.filters.every((f) => b.filters.some((g) => g.sql === f.sql));
}

/**
 * Only the metrics the question asks for: a metric whose words qualify another's ("orders" in "orders were never
 * shipped", beside the catalog's "orders never shipped") is that one's noun, not a second question. A metric is
 * dropped when another one found counts the same rows of the same table under more filters, and the question does
 * not join the two with "and", "和", "vs" or a comma. reading.metrics is changed in place.
 */
export function onlyWhatWasAsked(reading: CatalogReading, catalog: Catalog, text: string): void {
  if (reading.metrics.length < 2) return;
  const hitOf = (id: string) => reading.hits.find((h) => h.kind === 'metric' && h.id === id);
  const narrows = (wide: string, narrow: string) => narrowedBy(catalog, wide, narrow);
  const joined = (x: string, y: string): boolean => {
    const [p, q] = [hitOf(x), hitOf(y)];
    if (!p || !q) return true;
    const between = text.slice(Math.min(p.end, q.end), Math.max(p.start, q.start));
    return /\b(?:and|vs\.?|versus|or|with)\b|[,，、和与及或]|以及|对比/i.test(between);
  };
  reading.metrics = reading.metrics.filter(
    (wide) => !reading.metrics.some((narrow) => narrow !== wide && narrows(wide, narrow) && !joined(wide, narrow)),
  );
}
