/**
 * `gap_contribution`: how much each value of `across` adds to the metric's gap
 * between two segments (segment a minus segment b, oriented so the gap is positive).
 * Plan schema: GapContributionOperation below (a member of StepOperation, through PLAN_SCHEMAS in src/operations/index.ts).
 * Run by the SQL agent, which derives the contributions from its own rows.
 */
import { z } from 'zod';
import { MetricQuery } from '../contracts/query';
import type { Calculation } from '../contracts';
import { gapContribution } from '../analysis/derive';
import { dimensionLabel, formatDelta, formatValue, languageOf, valueLabel } from '../analysis/wording';
import { periodTag } from '../memory/pool';
import type { Operation } from './operation';
import { addsUp, effectBars, make, num, numOrNaN, scopeOf } from './parts';

/** How much each value of `across` adds to the metric's gap between two segments (segment_a minus segment_b). */
export const GapContributionOperation = z.object({
  kind: z.literal('gap_contribution'),
  query: MetricQuery,
  segment: z.object({ dimension: z.string(), a: z.string(), b: z.string() }),
  across: z.string(),
});

export const gap_contribution: Operation<'gap_contribution'> = {
  kind: 'gap_contribution',
  agent: 'sql',
  prompt: { planner: 'how much each value of `across` adds to the metric\'s gap between two segments (a query plus its derivation)', kit: 'gapContribution(...)' },
  dimensions: (op) => [op.segment.dimension, op.across],

  deriveFromRows: (op, rows) => gapContribution(rows, op.segment.dimension, op.segment.a, op.segment.b, op.across),
  totalsWithout: (op) => op.across,

  validation: {
    columns: (op) => [op.across, 'contribution'],
    logic(_op, result) {
      const rows = result.rows;
      const total = result.result_shape[0];
      const gap = numOrNaN(result.data_summary.gap);
      if (!Number.isFinite(gap)) return 'no gap between the segments could be computed (a segment has no rows)';
      const residual = result.data_summary.residual;
      const parts = [...rows.map((r) => numOrNaN(r.contribution)), typeof residual === 'number' ? residual : 0];
      if (!addsUp(parts, gap) && total <= rows.length) return `contributions do not add up to the gap ${gap}`;
      return null;
    },
  },

  findings(op, { step, catalog, language, metricName, metric, label, summary: s, w, finding }) {
    const a = valueLabel(catalog, language, op.segment.dimension, String(s.segment_a));
    const b = valueLabel(catalog, language, op.segment.dimension, String(s.segment_b));
    const gapFacts = scopeOf(step, null);
    return {
      findings: finding(w.t(
        `${label}：${a} ${formatValue(num(s.value_a), metric, language)}，${b} ${formatValue(num(s.value_b), metric, language)}，差距 ${formatDelta(num(s.gap), metric, language)}。`,
        `${label}: ${a} ${formatValue(num(s.value_a), metric, language)}, ${b} ${formatValue(num(s.value_b), metric, language)}, a gap of ${formatDelta(num(s.gap), metric, language)}.`,
      )),
      assumptions: [s.groups_overlap === 'yes'
        ? w.t(`差距取较高分群减较低分群（${a} − ${b}）；同一单位可属于多个${dimensionLabel(catalog, language, op.across)}，各组贡献解释 ${formatDelta(num(s.gap) - num(s.residual), metric, language)}，其余 ${formatDelta(num(s.residual), metric, language)} 来自分组重叠`,
          `the gap is the higher segment minus the lower (${a} − ${b}); a unit can sit in several ${dimensionLabel(catalog, language, op.across)} groups, so the contributions explain ${formatDelta(num(s.gap) - num(s.residual), metric, language)} and the remaining ${formatDelta(num(s.residual), metric, language)} comes from the overlap`)
        : w.t(`差距取较高分群减较低分群（${a} − ${b}）；各${dimensionLabel(catalog, language, op.across)}的贡献之和等于差距`, `the gap is the higher segment minus the lower (${a} − ${b}); the ${op.across} contributions add up to it`)],
      memory: [{
        type: 'fact', content: `${metricName ?? ''} gap ${String(s.segment_a)} − ${String(s.segment_b)} = ${String(s.gap)}`, confidence: 0.9, references: [step.step_id],
        tags: { metric: metricName ?? null, dimensions: [op.segment.dimension], scope: `${gapFacts.scope}${gapFacts.scope ? ',' : ''}gap=${String(s.segment_a)}-${String(s.segment_b)}`, period: periodTag(op.query.window.start, op.query.window.end) },
        value: num(s.gap), direction: null,
      }],
    };
  },

  calculations(op, ctx, rows, summary) {
    const { catalog, language, t, display, named } = ctx;
    const calcs: Calculation[] = [];
    const a = valueLabel(catalog, language, op.segment.dimension, String(summary.segment_a));
    const b = valueLabel(catalog, language, op.segment.dimension, String(summary.segment_b));
    calcs.push(
      ...make(ctx, 'value_a', summary.value_a, { display, delta: false, description: named(ctx.label, a), formula: t('分群 a 的指标值', 'the metric for segment a'), importance: 'high', pick: { field: 'value_a', match: null } }),
      ...make(ctx, 'value_b', summary.value_b, { display, delta: false, description: named(ctx.label, b), formula: t('分群 b 的指标值', 'the metric for segment b'), importance: 'high', pick: { field: 'value_b', match: null } }),
      ...make(ctx, 'gap', summary.gap, { display, delta: true, description: t(`${ctx.label}差距（${a} − ${b}）`, `${ctx.label} gap (${a} − ${b})`), formula: 'value_a − value_b', importance: 'high', pick: { field: 'gap', match: null } }),
    );
    [...rows].sort((p, q) => Math.abs(num(q.contribution)) - Math.abs(num(p.contribution))).slice(0, 8).forEach((row, i) => {
      calcs.push(...make(ctx, `${String(row[op.across])}.contribution`, row.contribution, {
        display, delta: true, description: t(`${valueLabel(catalog, language, op.across, String(row[op.across]))}对差距的贡献`, `contribution of ${valueLabel(catalog, language, op.across, String(row[op.across]))} to the gap`),
        formula: 'share_a·value_a − share_b·value_b', importance: i < 3 ? 'medium' : 'low', pick: { field: 'contribution', match: { [op.across]: String(row[op.across]) } },
      }));
    });
    return calcs;
  },

  chart: (ctx) => effectBars(ctx, 'contribution', { zh: '对差距的贡献', en: 'contribution to the gap' }),

  /** Values of the across dimension whose contribution is under 1% of the gap: not worth pursuing (the contributions themselves are calculations). */
  ruledOut(op, { derived, language }) {
    const across = op.across;
    const gap = Math.abs(Number(derived.summary.gap));
    return derived.rows
      .filter((r) => Math.abs(Number(r.contribution)) < 0.01 * gap)
      .map((r) => (language === 'zh' ? `${across}=${String(r[across])}：贡献不足差距的百分之一，不作为原因` : `${across}=${String(r[across])}: contributes under one percent of the gap, ruled out`));
  },

  // A comparison: the two segments, each as its own sample.
  samples(op, { step, intent, catalog, zh }) {
    if (intent !== 'comparison') return undefined;
    const seg = (v: string) => ({ ...op.query, group_by: [], filters: [...op.query.filters.filter((f) => f.dimension !== op.segment.dimension), { dimension: op.segment.dimension, values: [v] }] });
    return { metric: op.query.metric, step, ids: { before: `${step.step_id}.value_b`, after: `${step.step_id}.value_a` }, before: { label: valueLabel(catalog, languageOf(zh), op.segment.dimension, op.segment.b), query: seg(op.segment.b) }, after: { label: valueLabel(catalog, languageOf(zh), op.segment.dimension, op.segment.a), query: seg(op.segment.a) } };
  },
};
