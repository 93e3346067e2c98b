/** The plans for a comparison: two periods, two segments (with the dimension that explains their gap), or a month against the one before. */
import type { PlanStep, TimeWindow } from '../../contracts';
import { MAX_PLAN_STEPS } from '../../settings/limits';
import { previousMonth, previousPeriod, wholeMonths } from '../time-window';
import { dimLabel, labelOf, period, query, scopeText, step, twoPeriods, valueText, zh, type Context } from './steps';

/** A period against another (year over year, period over period, or two named ones): both values, then the change. */
export function planPeriodComparison(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  const before = ctx.compareWith as TimeWindow;
  const after = ctx.window;
  const scope = scopeText(ctx, reading.filters);
  const steps: PlanStep[] = [];
  const pair = twoPeriods(before, after);
  for (const metric of reading.metrics.slice(0, Math.floor(MAX_PLAN_STEPS / 2))) {
    const id = steps.length + 1;
    steps.push(
      step(
        id,
        zh(
          ctx,
          `${labelOf(ctx, metric)}：${before.label_zh} 与 ${after.label_zh}${scope ? ` · ${scope}` : ''}`,
          `${labelOf(ctx, metric)}: ${before.label_en} and ${after.label_en}${scope ? ` · ${scope}` : ''}`,
        ),
        [],
        `one row per ${pair.column}${reading.groupBy.length ? ` and ${reading.groupBy.join(' × ')}` : ''}`,
        [metric],
        [...reading.filters.map((f) => f.dimension), ...reading.groupBy],
        { kind: 'metric', query: pair.query(metric, reading.filters, reading.groupBy) },
      ),
    );
    if (reading.groupBy.length === 0) {
      steps.push(
        step(
          id + 1,
          zh(
            ctx,
            `${labelOf(ctx, metric)}的变化：${after.label_zh} 对比 ${before.label_zh}`,
            `change in ${labelOf(ctx, metric)}: ${after.label_en} against ${before.label_en}`,
          ),
          [id],
          'the change between the two periods',
          [metric],
          [],
          { kind: 'compare', source: `s${id}`, key_columns: [pair.column] },
        ),
      );
    }
  }
  return steps;
}

/** Two segments to compare: two values named in the question, or a mentioned two-valued dimension (new vs returning). */
function segments(ctx: Context): { dimension: string; values: [string, string] } | null {
  const named = ctx.reading.filters.find((f) => f.values.length >= 2);
  if (named) return { dimension: named.dimension, values: [named.values[0] as string, named.values[1] as string] };
  for (const dim of ctx.reading.mentionedDimensions) {
    const values = Object.keys(ctx.catalog.dimensions[dim]?.values ?? {});
    if (values.length === 2 && !ctx.reading.groupBy.includes(dim))
      return { dimension: dim, values: [values[0] as string, values[1] as string] };
  }
  return null;
}

export function planComparison(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  const metric = reading.metrics[0] as string;
  const seg = segments(ctx);
  if (ctx.compareWith && !seg) return planPeriodComparison(ctx);
  const scope = reading.filters.filter((f) => f.dimension !== seg?.dimension);
  const scopeLabel = scopeText(ctx, scope);
  const across = reading.groupBy.find((d) => d !== seg?.dimension);
  const changeOverTime = /变化|走势|趋势|change|over time/i.test(ctx.text);

  if (seg) {
    const [a, b] = seg.values;
    const segDim = seg.dimension;
    const [aText, bText] = [valueText(ctx, segDim, a), valueText(ctx, segDim, b)];
    const dimDef = ctx.catalog.dimensions[segDim];
    const segFilter = [...scope, { dimension: segDim, values: [a, b] }];
    const steps: PlanStep[] = [
      step(
        1,
        zh(
          ctx,
          `划分${aText}与${bText}（${dimDef?.description_zh ?? dimLabel(ctx, segDim)}）· ${period(ctx, ctx.window)}`,
          `split into ${a} and ${b} (${dimDef?.description ?? segDim}) · ${period(ctx, ctx.window)}`,
        ),
        [],
        `one row per ${segDim} (${a}, ${b}) with its size and ${metric}`,
        [metric],
        [segDim, ...scope.map((f) => f.dimension)],
        { kind: 'metric', query: query(metric, ctx.window, segFilter, [segDim]) },
      ),
    ];
    if (changeOverTime) {
      steps.push(
        step(
          2,
          zh(ctx, `各月${aText}与${bText}的${labelOf(ctx, metric)}`, `monthly ${labelOf(ctx, metric)} by ${segDim}`),
          [1],
          `one row per month and ${segDim}`,
          [metric],
          [segDim, ...scope.map((f) => f.dimension)],
          { kind: 'metric', query: query(metric, ctx.window, segFilter, ['month', segDim]) },
        ),
      );
    }
    if (across) {
      const gapId = steps.length + 1;
      steps.push(
        step(
          gapId,
          zh(
            ctx,
            `各${dimLabel(ctx, across)}对${aText}与${bText}${labelOf(ctx, metric)}差异的贡献`,
            `each ${across}'s contribution to the ${labelOf(ctx, metric)} gap between ${a} and ${b}`,
          ),
          [1],
          `one row per ${across} with its contribution to the gap`,
          [metric],
          [segDim, across, ...scope.map((f) => f.dimension)],
          {
            kind: 'gap_contribution',
            query: query(metric, ctx.window, segFilter, [segDim, across]),
            segment: { dimension: segDim, a, b },
            across,
          },
        ),
      );
      const n = reading.topN?.n ?? 3;
      steps.push(
        step(
          gapId + 1,
          zh(ctx, `贡献最大的 ${n} 个${dimLabel(ctx, across)}`, `the ${n} ${across} values contributing most`),
          [gapId],
          `${n} rows, largest contribution first`,
          [metric],
          [across],
          { kind: 'top_n', source: `s${gapId}`, column: 'contribution', n, order: 'desc' },
        ),
      );
    } else if (!changeOverTime) {
      steps.push(
        step(
          2,
          zh(ctx, `比较${aText}与${bText}的${labelOf(ctx, metric)}`, `compare ${labelOf(ctx, metric)}: ${a} vs ${b}`),
          [1],
          'the difference between the segments',
          [metric],
          [segDim],
          { kind: 'compare', source: 's1', key_columns: [segDim] },
        ),
      );
    }
    return steps;
  }

  // No segments: compare the period with the one before: a month with the month before, any longer period
  // (a quarter, a year, a range) with the period of the same length before it.
  if (wholeMonths(ctx.window) !== 1) return planPeriodComparison({ ...ctx, compareWith: previousPeriod(ctx.window) });
  const before = previousMonth(ctx.window);
  const both: TimeWindow = {
    ...ctx.window,
    start: before.start,
    label_zh: `${before.label_zh}与${ctx.window.label_zh}`,
    label_en: `${before.label_en} and ${ctx.window.label_en}`,
  };
  return [
    step(
      1,
      zh(
        ctx,
        `${labelOf(ctx, metric)} · ${before.label_zh}与${ctx.window.label_zh}${scopeLabel ? ` · ${scopeLabel}` : ''}`,
        `${labelOf(ctx, metric)} · ${before.label_en} and ${ctx.window.label_en}${scopeLabel ? ` · ${scopeLabel}` : ''}`,
      ),
      [],
      'one row per month',
      [metric],
      scope.map((f) => f.dimension),
      { kind: 'metric', query: query(metric, both, scope, ['month']) },
    ),
    step(
      2,
      zh(ctx, `比较两个月的${labelOf(ctx, metric)}`, `compare ${labelOf(ctx, metric)} between the two months`),
      [1],
      'the change between the months',
      [metric],
      [],
      { kind: 'compare', source: 's1', key_columns: ['month'] },
    ),
  ];
}
