/** The plan for a query: each metric for the period, filtered, grouped and ranked as asked. */
import type { PlanStep } from '../../contracts';
import { rankingWords } from '../reading';
import { planPeriodComparison } from './plan-comparison';
import { dimLabel, labelOf, listIn, period, query, sayIn, scopeText, step, type Context } from './steps';

export function planQuery(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  if (ctx.compareWith) return planPeriodComparison(ctx);
  const grain = reading.grain;
  return reading.metrics.map((metric, i) => {
    // "Which month was highest": the periods ranked; "top 3 countries": the dimension ranked.
    const top = grain?.ranked
      ? {
          n: reading.topN?.n ?? 1,
          order:
            reading.topN?.order ??
            (rankingWords(ctx.text.toLowerCase()).some((w) => w.value === 'asc') ? ('asc' as const) : ('desc' as const)),
        }
      : reading.topN && reading.groupBy.length > 0
        ? reading.topN
        : null;
    const groupBy = [...(grain ? [grain.grain] : []), ...reading.groupBy];
    const say = sayIn(ctx);
    const dims = listIn(
      ctx.language,
      groupBy.map((d) => dimLabel(ctx, d)),
    );
    const by = groupBy.length > 0 ? say('analysis.step.by', { dimensions: dims }) : '';
    const topText = top ? say(top.order === 'desc' ? 'analysis.step.top' : 'analysis.step.bottom', { n: top.n }) : '';
    const scope = scopeText(ctx, reading.filters);
    return step(
      i + 1,
      `${labelOf(ctx, metric)} · ${period(ctx, ctx.window)}${scope ? ` · ${scope}` : ''}${by}${topText}`,
      [],
      groupBy.length > 0
        ? `one row per ${groupBy.join(' × ')}${top ? ` (${top.n} rows)` : ''} with the ${metric} value`
        : `one row with the ${metric} value for ${ctx.window.label_en}`,
      [metric],
      [...reading.filters.map((f) => f.dimension), ...groupBy],
      { kind: 'metric', query: query(metric, ctx.window, reading.filters, groupBy, top ? { order: top.order, limit: top.n } : {}) },
    );
  });
}
