/**
 * `change_decomposition`: the metric's change from period `before` to period
 * `after`, split over the values of `dimension` (mix and rate effects for ratios).
 * Plan schema: ChangeDecompositionOperation below (a member of StepOperation, through PLAN_SCHEMAS in src/operations/index.ts).
 * Run by the SQL agent, which derives the effects from its own rows.
 */
import { z } from 'zod';
import { MetricQuery } from '../contracts/query';
import type { Calculation, Row } from '../contracts';
import { changeDecomposition } from '../analysis/derive';
import { dimensionLabel, formatDelta, valueLabel } from '../analysis/wording';
import { defineMessages, textOf } from '../messages/message';
import type { CalculationContext, Operation } from './operation';
import { addsUp, effectBars, make, num, numOrNaN } from './parts';

/**
 * The metric's change from period `before` to period `after` (keys of the column `period_column`: month,
 * quarter, year or period), split over the values of `dimension` (mix and rate effects for ratios).
 */
export const ChangeDecompositionOperation = z.object({
  kind: z.literal('change_decomposition'),
  query: MetricQuery,
  dimension: z.string(),
  before: z.string(),
  after: z.string(),
  period_column: z.string().default('month'),
});
type ChangeDecompositionOperation = z.infer<typeof ChangeDecompositionOperation>;

/** Its sentences: the finding, the assumptions, the calculations' descriptions and the chart's axis. */
const MESSAGES = defineMessages({
  'operation.change_decomposition.finding': {
    zh: '按{dimension}分解：{before} → {after} 变化 {change}',
    en: 'decomposed by {column}: {before} → {after} change {change}',
  },
  // No amounts here: the report's auditor reads every number of an assumption as a claim to cite, and the part the
  // overlap leaves is a calculation of its own (calc.residual), cited where the report states it.
  'operation.change_decomposition.assumption.overlap': {
    zh: '同一单位可属于多个{dimension}（例如一笔订单含多个分组的明细），各组之和不等于整体：前后两期取整体指标本身，分组重叠带来的差额单独列出，不归因于任何分组',
    en: 'a unit can sit in several {dimension} groups (an order with lines in several of them), so the groups do not add up to the whole: before and after are the metric itself, and what the overlap leaves is shown on its own, attributed to no group',
  },
  'operation.change_decomposition.assumption.exact': {
    zh: '结构效应与比率效应用前后两期的平均权重和平均值计算，二者之和恰好等于变化',
    en: "mix and rate effects use the mean of both periods' weights and values, so they add up exactly to the change",
  },
  'operation.change_decomposition.calc.change': {
    zh: '{label}变化（{before} → {after}，按{dimension}分解）',
    en: '{label} change ({before} → {after}, by {dimension})',
  },
  'operation.change_decomposition.calc.residual': {
    zh: '{label}变化中分组重叠的部分（不归因于任何{dimension}）',
    en: '{label} change left by overlapping {dimension} groups (attributed to none)',
  },
  'operation.change_decomposition.calc.effect': {
    zh: '{dimension}={value} 对变化的贡献',
    en: 'effect of {dimension}={value} on the change',
  },
  'operation.change_decomposition.calc.weight': {
    zh: '{dimension}={value} 在 {period} 的占比',
    en: 'share of {dimension}={value} in {period}',
  },
  'operation.change_decomposition.calc.value': {
    zh: '{dimension}={value} 在 {period} 的{label}',
    en: '{label} of {dimension}={value} in {period}',
  },
  'operation.change_decomposition.chart.axis': { zh: '对变化的贡献', en: 'contribution to the change' },
});

/**
 * Each segment's share and own value before and after: the numbers a ranked contributor's detail prints ("the share
 * of new customers went from 28.2% to 11.4%"), so the answer states them as verified calculations.
 */
function segmentLevels(op: ChangeDecompositionOperation, ctx: CalculationContext, rows: Row[]): Calculation[] {
  const text = textOf(MESSAGES, ctx.language);
  const dimension = dimensionLabel(ctx.catalog, ctx.language, op.dimension);
  return rows.flatMap((row) => {
    const segment = String(row[op.dimension]);
    const value = valueLabel(ctx.catalog, ctx.language, op.dimension, segment);
    const match = { [op.dimension]: segment };
    return (['before', 'after'] as const).flatMap((when) => {
      const period = when === 'before' ? op.before : op.after;
      return [
        ...make(ctx, `${segment}.weight_${when}`, numOrNaN(row[`weight_${when}`]), {
          display: 'percent',
          delta: false,
          description: text('operation.change_decomposition.calc.weight', { dimension, value, period }),
          formula: `share of the denominator of ${op.query.metric} in ${period}`,
          importance: 'low',
          pick: { field: `weight_${when}`, match },
        }),
        ...make(ctx, `${segment}.value_${when}`, numOrNaN(row[`value_${when}`]), {
          display: ctx.display,
          delta: false,
          description: text('operation.change_decomposition.calc.value', { dimension, value, period, label: ctx.label }),
          formula: `${op.query.metric} of the segment in ${period}`,
          importance: 'low',
          pick: { field: `value_${when}`, match },
        }),
      ];
    });
  });
}

export const change_decomposition: Operation<'change_decomposition'> = {
  kind: 'change_decomposition',
  messages: MESSAGES,
  agent: 'sql',
  prompt: {
    planner:
      "the metric's change from period `before` to period `after`, split over the values of `dimension` (a query plus its derivation)",
    kit: 'changeDecomposition(rows, dimension, before, after)',
  },
  dimensions: (op) => [op.dimension],

  deriveFromRows: (op, rows) => changeDecomposition(rows, op.dimension, op.before, op.after, op.period_column),
  totalsWithout: (op) => op.dimension,

  validation: {
    columns: (op) => [op.dimension, 'value_before', 'value_after', 'total_effect'],
    logic(op, result) {
      const rows = result.rows;
      const total = result.result_shape[0];
      const { value_before: before, value_after: after, change, residual } = result.data_summary;
      if (before === 0 && after === 0) return `no data for ${op.before} or ${op.after}`;
      // The effects and what the overlap of groups leaves (0 when every unit is in one group) make the change.
      const parts = [...rows.map((r) => numOrNaN(r.total_effect)), typeof residual === 'number' ? residual : 0];
      if (!addsUp(parts, numOrNaN(change)) && total <= rows.length)
        return `effects${typeof residual === 'number' && residual !== 0 ? ' and the residual' : ''} do not add up to the change ${String(change)}`;
      return null;
    },
  },

  findings(op, { catalog, language, metric, summary: s, finding }) {
    const text = textOf(MESSAGES, language);
    const dimension = dimensionLabel(catalog, language, op.dimension);
    const delta = (value: number) => formatDelta(value, metric, language);
    return {
      findings: finding(
        text('operation.change_decomposition.finding', {
          dimension,
          column: op.dimension,
          before: String(s.before),
          after: String(s.after),
          change: delta(num(s.change)),
        }),
      ),
      assumptions: [
        s.groups_overlap === 'yes'
          ? text('operation.change_decomposition.assumption.overlap', { dimension })
          : text('operation.change_decomposition.assumption.exact'),
      ],
      memory: [],
    };
  },

  calculations(op, ctx, rows, summary) {
    const { catalog, language, display } = ctx;
    const text = textOf(MESSAGES, language);
    const calcs: Calculation[] = [];
    const dim = dimensionLabel(catalog, language, op.dimension);
    calcs.push(
      ...make(ctx, 'change', summary.change, {
        display,
        delta: true,
        description: text('operation.change_decomposition.calc.change', {
          label: ctx.label,
          before: op.before,
          after: op.after,
          dimension: dim,
        }),
        formula: 'value_after − value_before',
        importance: 'medium',
        pick: { field: 'change', match: null },
      }),
    );
    if (summary.groups_overlap === 'yes') {
      calcs.push(
        ...make(ctx, 'residual', summary.residual, {
          display,
          delta: true,
          description: text('operation.change_decomposition.calc.residual', { label: ctx.label, dimension: dim }),
          formula: 'change − Σ total_effect',
          importance: 'medium',
          pick: { field: 'residual', match: null },
        }),
      );
    }
    [...rows]
      .sort((p, q) => Math.abs(num(q.total_effect)) - Math.abs(num(p.total_effect)))
      .slice(0, 8)
      .forEach((row, i) => {
        const segment = String(row[op.dimension]);
        calcs.push(
          ...make(ctx, `${segment}.total_effect`, row.total_effect, {
            display,
            delta: true,
            description: text('operation.change_decomposition.calc.effect', {
              dimension: dim,
              value: valueLabel(catalog, language, op.dimension, segment),
            }),
            formula:
              row.mix_effect !== undefined
                ? 'mix_effect + rate_effect = (w1−w0)·(v0+v1)/2 + (v1−v0)·(w0+w1)/2'
                : 'value_after − value_before',
            importance: i < 3 ? 'medium' : 'low',
            pick: { field: 'total_effect', match: { [op.dimension]: segment } },
          }),
        );
      });
    calcs.push(...segmentLevels(op, ctx, rows));
    return calcs;
  },

  chart: (ctx) => effectBars(ctx, 'total_effect', MESSAGES['operation.change_decomposition.chart.axis']),
};
