/** The plan for an attribution ("why did it drop"): the change, its decomposition, the largest contributors, related metrics. */
import type { PlanStep } from '../../contracts';
import { MAX_PLAN_STEPS } from '../../settings/limits';
import { previousMonth } from '../time-window';
import { dimLabel, labelOf, reachable, scopeText, step, twoPeriods, zh, type Context } from './steps';

/**
 * Why a metric changed: the change, its decomposition along the catalog's dimensions, the largest
 * contributors, and related metrics. Month against the month before groups by month; any other pair
 * of periods (two years, two quarters, a year over year) groups by the two named periods.
 */
export function planAttribution(ctx: Context): PlanStep[] {
  const { reading, catalog } = ctx;
  const metric = reading.metrics[0] as string;
  const def = catalog.metrics[metric];
  const before = ctx.compareWith ?? previousMonth(ctx.window);
  const after = ctx.window;
  const pair = twoPeriods(before, after);
  const periodColumn = pair.column;
  const series = pair.query;
  const [beforeKey, afterKey] = pair.keys;
  const scope = reading.filters;
  const scopeLabel = scopeText(ctx, scope);
  const fixed = new Set(scope.map((f) => f.dimension));
  const steps: PlanStep[] = [
    step(
      1,
      zh(
        ctx,
        `${scopeLabel}${labelOf(ctx, metric)}：${before.label_zh} 与 ${after.label_zh}`,
        `${labelOf(ctx, metric)}${scopeLabel ? ` in ${scopeLabel}` : ''}: ${before.label_en} vs ${after.label_en}`,
      ),
      [],
      `one row per ${periodColumn}: the change to explain`,
      [metric],
      [...fixed],
      { kind: 'metric', query: series(metric, scope, []) },
    ),
  ];
  const dims = (def?.decompose_by ?? []).filter((d) => !fixed.has(d) && reachable(catalog, metric, [d, ...fixed], after)).slice(0, 3);
  for (const dim of dims) {
    steps.push(
      step(
        steps.length + 1,
        zh(ctx, `按${dimLabel(ctx, dim)}分解变化（结构效应与比率效应）`, `decompose the change by ${dim} (mix and rate effects)`),
        [1],
        `one row per ${dim} with its effect on the change`,
        [metric],
        [dim, ...fixed],
        {
          kind: 'change_decomposition',
          query: series(metric, scope, [dim]),
          dimension: dim,
          before: beforeKey,
          after: afterKey,
          period_column: periodColumn,
        },
      ),
    );
  }
  if (dims.length > 0) {
    const sources = steps.slice(1).map((s) => Number(s.step_id.slice(1)));
    steps.push(
      step(
        steps.length + 1,
        zh(ctx, '排序贡献最大的因素', 'rank the largest contributors'),
        sources,
        'contributors ranked by effect in the direction of the change',
        [metric],
        dims,
        { kind: 'rank_contributors', sources: sources.map((n) => `s${n}`), n: 5 },
      ),
    );
  }
  for (const related of def?.related_metrics ?? []) {
    if (steps.length >= MAX_PLAN_STEPS) break;
    const relatedScope = scope.filter((f) => reachable(catalog, related, [f.dimension], after));
    steps.push(
      step(
        steps.length + 1,
        zh(
          ctx,
          `相关指标${labelOf(ctx, related)}：${before.label_zh} 与 ${after.label_zh}`,
          `related metric ${labelOf(ctx, related)}: ${before.label_en} vs ${after.label_en}`,
        ),
        [],
        `one row per ${periodColumn} for the related metric`,
        [related],
        relatedScope.map((f) => f.dimension),
        { kind: 'metric', query: series(related, relatedScope, []) },
      ),
    );
  }
  return steps;
}
