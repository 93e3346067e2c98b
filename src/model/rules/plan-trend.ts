/** The plan for a trend: each metric's series on the grain asked for (monthly by default), then its direction and change points. */
import type { PlanStep } from '../../contracts';
import { dimLabel, labelOf, period, query, sayIn, scopeText, step, type Context } from './steps';

const SERIES = {
  year: 'analysis.series.year',
  quarter: 'analysis.series.quarter',
  month: 'analysis.series.month',
  week: 'analysis.series.week',
  day: 'analysis.series.day',
} as const;

export function planTrend(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  const grain = reading.grain?.grain ?? 'month';
  const steps: PlanStep[] = [];
  reading.metrics.forEach((metric, i) => {
    const groupBy = [grain, ...reading.groupBy];
    const scope = scopeText(ctx, reading.filters);
    const seriesId = 2 * i + 1;
    const say = sayIn(ctx);
    const unit = say(SERIES[grain]);
    const names = { metric: labelOf(ctx, metric), period: period(ctx, ctx.window), scope: scope ? ` · ${scope}` : '' };
    steps.push(
      step(
        seriesId,
        say('analysis.step.series', { ...names, unit }),
        [],
        `one row per ${grain}${reading.groupBy.length ? ` and ${reading.groupBy.join(' × ')}` : ''} with the ${metric} value`,
        [metric],
        [...reading.filters.map((f) => f.dimension), ...groupBy],
        { kind: 'metric', query: query(metric, ctx.window, reading.filters, groupBy) },
      ),
      step(
        seriesId + 1,
        say('analysis.step.trend', { metric: names.metric, grain: dimLabel(ctx, grain) }),
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
