/** The plan for a trend: each metric's series on the grain asked for (monthly by default), then its direction and change points. */
import type { PlanStep } from '../../contracts';
import { labelOf, period, query, scopeText, step, zh, type Context } from './steps';

export function planTrend(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  const grain = reading.grain?.grain ?? 'month';
  const steps: PlanStep[] = [];
  reading.metrics.forEach((metric, i) => {
    const groupBy = [grain, ...reading.groupBy];
    const scope = scopeText(ctx, reading.filters);
    const seriesId = 2 * i + 1;
    const unit = zh(
      ctx,
      { year: '按年', quarter: '按季度', month: '按月', week: '按周', day: '按天' }[grain],
      { year: 'yearly', quarter: 'quarterly', month: 'monthly', week: 'weekly', day: 'daily' }[grain],
    );
    steps.push(
      step(
        seriesId,
        zh(
          ctx,
          `${labelOf(ctx, metric)}${unit}序列 · ${period(ctx, ctx.window)}${scope ? ` · ${scope}` : ''}`,
          `${unit} ${labelOf(ctx, metric)} · ${period(ctx, ctx.window)}${scope ? ` · ${scope}` : ''}`,
        ),
        [],
        `one row per ${grain}${reading.groupBy.length ? ` and ${reading.groupBy.join(' × ')}` : ''} with the ${metric} value`,
        [metric],
        [...reading.filters.map((f) => f.dimension), ...groupBy],
        { kind: 'metric', query: query(metric, ctx.window, reading.filters, groupBy) },
      ),
      step(
        seriesId + 1,
        zh(
          ctx,
          `${labelOf(ctx, metric)}的走势：方向、连续变化期数、拐点`,
          `${labelOf(ctx, metric)} trend: direction, consecutive ${grain}s, change points`,
        ),
        [seriesId],
        'direction of the latest change, its consecutive run length and change points',
        [metric],
        reading.groupBy,
        { kind: 'trend', source: `s${seriesId}`, key_columns: reading.groupBy },
      ),
    );
  });
  return steps;
}
