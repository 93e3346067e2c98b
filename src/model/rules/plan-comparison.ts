/** The plans for a comparison: two periods, two segments (with the dimension that explains their gap), or a month against the one before. */
import type { DimensionFilter, PlanStep, TimeWindow } from '../../contracts';
import { catalogText } from '../../format/labels';
import { MAX_PLAN_STEPS } from '../../settings/limits';
import { previousMonth, previousPeriod, wholeMonths } from '../time-window';
import { dimLabel, labelOf, period, query, sayIn, scopeText, step, twoPeriods, valueText, type Context } from './steps';

/** A period against another (year over year, period over period, or two named ones): both values, then the change. */
export function planPeriodComparison(ctx: Context): PlanStep[] {
  const { reading } = ctx;
  const say = sayIn(ctx);
  const before = ctx.compareWith as TimeWindow;
  const after = ctx.window;
  const scope = scopeText(ctx, reading.filters);
  const steps: PlanStep[] = [];
  const pair = twoPeriods(before, after, reading.groupBy.length > 0);
  for (const metric of reading.metrics.slice(0, Math.floor(MAX_PLAN_STEPS / 2))) {
    const id = steps.length + 1;
    const names = { metric: labelOf(ctx, metric), before: period(ctx, before), after: period(ctx, after) };
    steps.push(
      step(
        id,
        say('analysis.step.two_periods', { ...names, scope: scope ? ` · ${scope}` : '' }),
        [],
        `one row per ${pair.column}${reading.groupBy.length ? ` and ${reading.groupBy.join(' × ')}` : ''}`,
        [metric],
        [...reading.filters.map((f) => f.dimension), ...reading.groupBy],
        { kind: 'metric', query: pair.query(metric, reading.filters, reading.groupBy) },
      ),
    );
    if (reading.groupBy.length === 0) {
      steps.push(
        step(id + 1, say('analysis.step.change', names), [id], 'the change between the two periods', [metric], [], {
          kind: 'compare',
          source: `s${id}`,
          key_columns: [pair.column],
        }),
      );
    }
  }
  return steps;
}

/** Two segments to compare: two values named in the question, or a mentioned two-valued dimension (new vs returning). */
function segments(ctx: Context): { dimension: string; values: [string, string] } | null {
  const named = ctx.reading.filters.find((f) => f.values.length >= 2 && !f.exclude);
  if (named) return { dimension: named.dimension, values: [named.values[0] as string, named.values[1] as string] };
  for (const dim of ctx.reading.mentionedDimensions) {
    const values = Object.keys(ctx.catalog.dimensions[dim]?.values ?? {});
    if (values.length === 2 && !ctx.reading.groupBy.includes(dim))
      return { dimension: dim, values: [values[0] as string, values[1] as string] };
  }
  return null;
}

/** The gap between two segments along another dimension: each value's contribution, then the largest few. */
function gapSteps(
  ctx: Context,
  metric: string,
  seg: { dimension: string; values: [string, string] },
  across: string,
  scope: DimensionFilter[],
  first: number,
): PlanStep[] {
  const say = sayIn(ctx);
  const [a, b] = seg.values;
  const segFilter = [...scope, { dimension: seg.dimension, values: [a, b] }];
  const n = ctx.reading.topN?.n ?? 3;
  const names = {
    dimension: dimLabel(ctx, across),
    metric: labelOf(ctx, metric),
    a: valueText(ctx, seg.dimension, a),
    b: valueText(ctx, seg.dimension, b),
  };
  return [
    step(
      first,
      say('analysis.step.gap', names),
      [1],
      `one row per ${across} with its contribution to the gap`,
      [metric],
      [seg.dimension, across, ...scope.map((f) => f.dimension)],
      {
        kind: 'gap_contribution',
        query: query(metric, ctx.window, segFilter, [seg.dimension, across]),
        segment: { dimension: seg.dimension, a, b },
        across,
      },
    ),
    step(
      first + 1,
      say('analysis.step.top_contributors', { n, dimension: names.dimension }),
      [first],
      `${n} rows, largest contribution first`,
      [metric],
      [across],
      {
        kind: 'top_n',
        source: `s${first}`,
        column: 'contribution',
        n,
        order: 'desc',
      },
    ),
  ];
}

/** Two segments compared: their values, monthly when asked how they changed, and what explains their gap. */
function planSegments(ctx: Context, metric: string, seg: { dimension: string; values: [string, string] }): PlanStep[] {
  const { reading } = ctx;
  const say = sayIn(ctx);
  const scope = reading.filters.filter((f) => f.dimension !== seg.dimension);
  const across = reading.groupBy.find((d) => d !== seg.dimension);
  const changeOverTime = /变化|走势|趋势|change|over time/i.test(ctx.text);
  const [a, b] = seg.values;
  const segDim = seg.dimension;
  const names = { a: valueText(ctx, segDim, a), b: valueText(ctx, segDim, b), metric: labelOf(ctx, metric) };
  const dimDef = ctx.catalog.dimensions[segDim];
  const description = catalogText(ctx.language, dimDef?.description ?? segDim, dimDef?.description_zh ?? dimLabel(ctx, segDim));
  const segFilter = [...scope, { dimension: segDim, values: [a, b] }];
  const dims = [segDim, ...scope.map((f) => f.dimension)];
  const steps: PlanStep[] = [
    step(
      1,
      say('analysis.step.split', { ...names, description, period: period(ctx, ctx.window) }),
      [],
      `one row per ${segDim} (${a}, ${b}) with its size and ${metric}`,
      [metric],
      dims,
      {
        kind: 'metric',
        query: query(metric, ctx.window, segFilter, [segDim]),
      },
    ),
  ];
  if (changeOverTime) {
    steps.push(
      step(
        2,
        say('analysis.step.monthly_segments', { ...names, dimension: dimLabel(ctx, segDim) }),
        [1],
        `one row per month and ${segDim}`,
        [metric],
        dims,
        {
          kind: 'metric',
          query: query(metric, ctx.window, segFilter, ['month', segDim]),
        },
      ),
    );
  }
  if (across) steps.push(...gapSteps(ctx, metric, seg, across, scope, steps.length + 1));
  else if (!changeOverTime)
    steps.push(
      step(2, say('analysis.step.compare_segments', names), [1], 'the difference between the segments', [metric], [segDim], {
        kind: 'compare',
        source: 's1',
        key_columns: [segDim],
      }),
    );
  return steps;
}

/**
 * A comparison: of two segments when the question names them, else of the period with the one before it: a month
 * with the month before, any longer period (a quarter, a year, a range) with the period of the same length before it.
 */
export function planComparison(ctx: Context): PlanStep[] {
  const metric = ctx.reading.metrics[0] as string;
  const seg = segments(ctx);
  if (ctx.compareWith && !seg) return planPeriodComparison(ctx);
  if (seg) return planSegments(ctx, metric, seg);
  if (wholeMonths(ctx.window) !== 1) return planPeriodComparison({ ...ctx, compareWith: previousPeriod(ctx.window) });
  const say = sayIn(ctx);
  const scope = ctx.reading.filters;
  const scopeLabel = scopeText(ctx, scope);
  const before = previousMonth(ctx.window);
  const both: TimeWindow = {
    ...ctx.window,
    start: before.start,
    label_zh: sayIn({ language: 'zh' })('analysis.step.both', { a: before.label_zh, b: ctx.window.label_zh }),
    label_en: sayIn({ language: 'en' })('analysis.step.both', { a: before.label_en, b: ctx.window.label_en }),
  };
  return [
    step(
      1,
      say('analysis.step.months', { metric: labelOf(ctx, metric), months: period(ctx, both), scope: scopeLabel ? ` · ${scopeLabel}` : '' }),
      [],
      'one row per month',
      [metric],
      scope.map((f) => f.dimension),
      { kind: 'metric', query: query(metric, both, scope, ['month']) },
    ),
    step(2, say('analysis.step.compare_months', { metric: labelOf(ctx, metric) }), [1], 'the change between the months', [metric], [], {
      kind: 'compare',
      source: 's1',
      key_columns: ['month'],
    }),
  ];
}
