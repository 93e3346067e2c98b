/**
 * `change_decomposition`: the metric's change from period `before` to period
 * `after`, split over the values of `dimension` (mix and rate effects for ratios).
 * Plan schema: the `change_decomposition` member of StepOperation in src/contracts.ts.
 * Run by the SQL agent, which derives the effects from its own rows.
 */
import type { Calculation } from '../contracts';
import { changeDecomposition } from '../analysis/derive';
import { dimensionLabel, formatDelta, valueLabel } from '../analysis/wording';
import type { Operation } from './operation';
import { addsUp, effectBars, make, num, numOrNaN } from './parts';

export const change_decomposition: Operation<'change_decomposition'> = {
  kind: 'change_decomposition',
  agent: 'sql',
  dimensions: (op) => [op.dimension],

  deriveFromRows: (op, rows) => changeDecomposition(rows, op.dimension, op.before, op.after, op.period_column),

  validation: {
    columns: (op) => [op.dimension, 'value_before', 'value_after', 'total_effect'],
    logic(op, result) {
      const rows = result.rows;
      const total = result.result_shape[0];
      const { value_before: before, value_after: after, change } = result.data_summary;
      if (before === 0 && after === 0) return `no data for ${op.before} or ${op.after}`;
      if (!addsUp(rows.map((r) => numOrNaN(r.total_effect)), numOrNaN(change)) && total <= rows.length) return `effects do not add up to the change ${String(change)}`;
      return null;
    },
  },

  findings: (op, { catalog, language, metric, summary: s, w, finding }) => ({
    findings: finding(w.t(`按${dimensionLabel(catalog, language, op.dimension)}分解：${String(s.before)} → ${String(s.after)} 变化 ${formatDelta(num(s.change), metric, language)}`, `decomposed by ${op.dimension}: ${String(s.before)} → ${String(s.after)} change ${formatDelta(num(s.change), metric, language)}`)),
    assumptions: [w.t('结构效应与比率效应用前后两期的平均权重和平均值计算，二者之和恰好等于变化', 'mix and rate effects use the mean of both months\' weights and values, so they add up exactly to the change')],
    memory: [],
  }),

  calculations(op, ctx, rows, summary) {
    const { catalog, language, t, display } = ctx;
    const calcs: Calculation[] = [];
    const dim = dimensionLabel(catalog, language, op.dimension);
    calcs.push(...make(ctx, 'change', summary.change, { display, delta: true, description: t(`${ctx.label}变化（${op.before} → ${op.after}，按${dim}分解）`, `${ctx.label} change (${op.before} → ${op.after}, by ${dim})`), formula: 'value_after − value_before', importance: 'medium', pick: { field: 'change', match: null } }));
    [...rows].sort((p, q) => Math.abs(num(q.total_effect)) - Math.abs(num(p.total_effect))).slice(0, 8).forEach((row, i) => {
      const segment = String(row[op.dimension]);
      calcs.push(...make(ctx, `${segment}.total_effect`, row.total_effect, {
        display, delta: true, description: t(`${dim}=${valueLabel(catalog, language, op.dimension, segment)} 对变化的贡献`, `effect of ${dim}=${valueLabel(catalog, language, op.dimension, segment)} on the change`),
        formula: row.mix_effect !== undefined ? 'mix_effect + rate_effect = (w1−w0)·(v0+v1)/2 + (v1−v0)·(w0+w1)/2' : 'value_after − value_before',
        importance: i < 3 ? 'medium' : 'low', pick: { field: 'total_effect', match: { [op.dimension]: segment } },
      }));
    });
    return calcs;
  },

  chart: (ctx) => effectBars(ctx, 'total_effect'),
};
