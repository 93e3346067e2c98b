/** The plan for an attribution ("why did it drop"): the change, its decomposition, the largest contributors, related metrics. */
import type { PlanStep, TimeWindow } from '../../contracts';
import { MAX_PLAN_STEPS } from '../../settings/limits';
import { previousMonth } from '../time-window';
import { dimLabel, labelOf, period, reachable, sayIn, scopeText, step, twoPeriods, type Context } from './steps';

/** The change's decomposition along up to three of the metric's decompose_by dimensions, and their contributors ranked. */
function decompositionSteps(ctx: Context, metric: string, pair: ReturnType<typeof twoPeriods>, after: TimeWindow): PlanStep[] {
  const { reading, catalog } = ctx;
  const say = sayIn(ctx);
  const scope = reading.filters;
  // A dimension filtered to one value has nothing to split; one filtered to several values (USA or Canada) does.
  const fixed = new Set(scope.filter((f) => f.values.length === 1 && !f.exclude).map((f) => f.dimension));
  const [beforeKey, afterKey] = pair.keys;
  // The dimensions the question names ("why … by artist", 按平台拆解): only those, as asked; else the catalog's.
  const named = reading.groupBy.filter((d) => catalog.dimensions[d]);
  const decomposeBy = named.length > 0 ? named : (catalog.metrics[metric]?.decompose_by ?? []);
  const dims = decomposeBy
    .filter((d) => !fixed.has(d) && reachable(catalog, metric, [...new Set([d, ...scope.map((f) => f.dimension)])], after))
    .slice(0, 3);
  const steps = dims.map((dim, i) =>
    step(
      i + 2,
      say('analysis.step.decompose', { dimension: dimLabel(ctx, dim) }),
      [1],
      `one row per ${dim} with its effect on the change`,
      [metric],
      // Every filtered dimension is in the step's catalog fragment: one kept to several values or with values left out
      // is filtered by as much as one kept to a single value.
      [...new Set([dim, ...scope.map((f) => f.dimension)])],
      {
        kind: 'change_decomposition',
        query: pair.query(metric, scope, [dim]),
        dimension: dim,
        before: beforeKey,
        after: afterKey,
        period_column: pair.column,
      },
    ),
  );
  if (steps.length === 0) return [];
  const sources = steps.map((s) => s.step_id);
  const rank = step(
    steps.length + 2,
    say('analysis.step.rank'),
    sources.map((s) => Number(s.slice(1))),
    'contributors ranked by effect in the direction of the change',
    [metric],
    dims,
    {
      kind: 'rank_contributors',
      sources,
      n: 5,
    },
  );
  return [...steps, rank];
}

/**
 * Why a metric changed: the change, its decomposition along the catalog's dimensions, the largest
 * contributors, and the metrics the catalog relates to it (its explanation, not another answer). Month against
 * the month before groups by month; any other pair of periods (two years, two quarters, a year over year) groups
 * by the two named periods.
 */
export function planAttribution(ctx: Context): PlanStep[] {
  const { reading, catalog } = ctx;
  const say = sayIn(ctx);
  const metric = reading.metrics[0] as string;
  const before = ctx.compareWith ?? previousMonth(ctx.window);
  const after = ctx.window;
  const pair = twoPeriods(before, after);
  const scope = reading.filters;
  const scopeLabel = scopeText(ctx, scope);
  const names = { before: period(ctx, before), after: period(ctx, after) };
  const change = scopeLabel
    ? say('analysis.step.change_of.scoped', { ...names, metric: labelOf(ctx, metric), scope: scopeLabel })
    : say('analysis.step.change_of', { ...names, metric: labelOf(ctx, metric) });
  const steps: PlanStep[] = [
    step(1, change, [], `one row per ${pair.column}: the change to explain`, [metric], [...new Set(scope.map((f) => f.dimension))], {
      kind: 'metric',
      query: pair.query(metric, scope, []),
    }),
    ...decompositionSteps(ctx, metric, pair, after),
  ];
  for (const related of catalog.metrics[metric]?.related_metrics ?? []) {
    if (steps.length >= MAX_PLAN_STEPS) break;
    const relatedScope = scope.filter((f) => reachable(catalog, related, [f.dimension], after));
    steps.push(
      step(
        steps.length + 1,
        say('analysis.step.related', { ...names, metric: labelOf(ctx, related) }),
        [],
        `one row per ${pair.column} for the related metric`,
        [related],
        relatedScope.map((f) => f.dimension),
        { kind: 'metric', query: pair.query(related, relatedScope, []) },
      ),
    );
  }
  return steps;
}
