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
import { defineMessages, textOf } from '../messages/message';
import type { Operation } from './operation';
import { addsUp, effectBars, make, num, numOrNaN, scopeOf } from './parts';

/** How much each value of `across` adds to the metric's gap between two segments (segment_a minus segment_b). */
export const GapContributionOperation = z.object({
  kind: z.literal('gap_contribution'),
  query: MetricQuery,
  segment: z.object({ dimension: z.string(), a: z.string(), b: z.string() }),
  across: z.string(),
});

/** Its sentences: the finding, the assumptions, the calculations' descriptions, the chart's axis, what it rules out. */
const MESSAGES = defineMessages({
  'operation.gap_contribution.finding': {
    zh: '{label}：{a} {value_a}，{b} {value_b}，差距 {gap}。',
    en: '{label}: {a} {value_a}, {b} {value_b}, a gap of {gap}.',
  },
  'operation.gap_contribution.assumption.overlap': {
    zh: '差距取较高分群减较低分群（{a} − {b}）；同一单位可属于多个{dimension}，各组贡献解释 {explained}，其余 {residual} 来自分组重叠',
    en: 'the gap is the higher segment minus the lower ({a} − {b}); a unit can sit in several {dimension} groups, so the contributions explain {explained} and the remaining {residual} comes from the overlap',
  },
  'operation.gap_contribution.assumption.exact': {
    zh: '差距取较高分群减较低分群（{a} − {b}）；各{dimension}的贡献之和等于差距',
    en: 'the gap is the higher segment minus the lower ({a} − {b}); the {column} contributions add up to it',
  },
  'operation.gap_contribution.calc.value_a': { zh: '分群 a 的指标值', en: 'the metric for segment a' },
  'operation.gap_contribution.calc.value_b': { zh: '分群 b 的指标值', en: 'the metric for segment b' },
  'operation.gap_contribution.calc.gap': { zh: '{label}差距（{a} − {b}）', en: '{label} gap ({a} − {b})' },
  'operation.gap_contribution.calc.contribution': { zh: '{value}对差距的贡献', en: 'contribution of {value} to the gap' },
  'operation.gap_contribution.chart.axis': { zh: '对差距的贡献', en: 'contribution to the gap' },
  'operation.gap_contribution.ruled-out': {
    zh: '{column}={value}：贡献不足差距的百分之一，不作为原因',
    en: '{column}={value}: contributes under one percent of the gap, ruled out',
  },
});

export const gap_contribution: Operation<'gap_contribution'> = {
  kind: 'gap_contribution',
  messages: MESSAGES,
  agent: 'sql',
  prompt: {
    planner: "how much each value of `across` adds to the metric's gap between two segments (a query plus its derivation)",
    kit: 'gapContribution(...)',
  },
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

  findings(op, { step, catalog, language, metricName, metric, label, summary: s, finding }) {
    const text = textOf(MESSAGES, language);
    const a = valueLabel(catalog, language, op.segment.dimension, String(s.segment_a));
    const b = valueLabel(catalog, language, op.segment.dimension, String(s.segment_b));
    const delta = (value: number) => formatDelta(value, metric, language);
    const dimension = dimensionLabel(catalog, language, op.across);
    const gapFacts = scopeOf(step, null);
    return {
      findings: finding(
        text('operation.gap_contribution.finding', {
          label,
          a,
          b,
          value_a: formatValue(num(s.value_a), metric, language),
          value_b: formatValue(num(s.value_b), metric, language),
          gap: delta(num(s.gap)),
        }),
      ),
      assumptions: [
        s.groups_overlap === 'yes'
          ? text('operation.gap_contribution.assumption.overlap', {
              a,
              b,
              dimension,
              explained: delta(num(s.gap) - num(s.residual)),
              residual: delta(num(s.residual)),
            })
          : text('operation.gap_contribution.assumption.exact', { a, b, dimension, column: op.across }),
      ],
      memory: [
        {
          type: 'fact',
          content: `${metricName ?? ''} gap ${String(s.segment_a)} − ${String(s.segment_b)} = ${String(s.gap)}`,
          confidence: 0.9,
          references: [step.step_id],
          tags: {
            metric: metricName ?? null,
            dimensions: [op.segment.dimension],
            scope: `${gapFacts.scope}${gapFacts.scope ? ',' : ''}gap=${String(s.segment_a)}-${String(s.segment_b)}`,
            period: periodTag(op.query.window.start, op.query.window.end),
          },
          value: num(s.gap),
          direction: null,
        },
      ],
    };
  },

  calculations(op, ctx, rows, summary) {
    const { catalog, language, display, named } = ctx;
    const text = textOf(MESSAGES, language);
    const calcs: Calculation[] = [];
    const a = valueLabel(catalog, language, op.segment.dimension, String(summary.segment_a));
    const b = valueLabel(catalog, language, op.segment.dimension, String(summary.segment_b));
    calcs.push(
      ...make(ctx, 'value_a', summary.value_a, {
        display,
        delta: false,
        description: named(ctx.label, a),
        formula: text('operation.gap_contribution.calc.value_a'),
        importance: 'high',
        pick: { field: 'value_a', match: null },
      }),
      ...make(ctx, 'value_b', summary.value_b, {
        display,
        delta: false,
        description: named(ctx.label, b),
        formula: text('operation.gap_contribution.calc.value_b'),
        importance: 'high',
        pick: { field: 'value_b', match: null },
      }),
      ...make(ctx, 'gap', summary.gap, {
        display,
        delta: true,
        description: text('operation.gap_contribution.calc.gap', { label: ctx.label, a, b }),
        formula: 'value_a − value_b',
        importance: 'high',
        pick: { field: 'gap', match: null },
      }),
    );
    [...rows]
      .sort((p, q) => Math.abs(num(q.contribution)) - Math.abs(num(p.contribution)))
      .slice(0, 8)
      .forEach((row, i) => {
        calcs.push(
          ...make(ctx, `${String(row[op.across])}.contribution`, row.contribution, {
            display,
            delta: true,
            description: text('operation.gap_contribution.calc.contribution', {
              value: valueLabel(catalog, language, op.across, String(row[op.across])),
            }),
            formula: 'share_a·value_a − share_b·value_b',
            importance: i < 3 ? 'medium' : 'low',
            pick: { field: 'contribution', match: { [op.across]: String(row[op.across]) } },
          }),
        );
      });
    return calcs;
  },

  chart: (ctx) => effectBars(ctx, 'contribution', MESSAGES['operation.gap_contribution.chart.axis']),

  /** Values of the across dimension whose contribution is under 1% of the gap: not worth pursuing (the contributions themselves are calculations). */
  ruledOut(op, { derived, language }) {
    const across = op.across;
    const gap = Math.abs(Number(derived.summary.gap));
    return derived.rows
      .filter((r) => Math.abs(Number(r.contribution)) < 0.01 * gap)
      .map((r) => textOf(MESSAGES, language)('operation.gap_contribution.ruled-out', { column: across, value: String(r[across]) }));
  },

  // A comparison: the two segments, each as its own sample.
  samples(op, { step, intent, catalog, zh }) {
    if (intent !== 'comparison') return undefined;
    const seg = (v: string) => ({
      ...op.query,
      group_by: [],
      filters: [...op.query.filters.filter((f) => f.dimension !== op.segment.dimension), { dimension: op.segment.dimension, values: [v] }],
    });
    return {
      metric: op.query.metric,
      step,
      ids: { before: `${step.step_id}.value_b`, after: `${step.step_id}.value_a` },
      before: { label: valueLabel(catalog, languageOf(zh), op.segment.dimension, op.segment.b), query: seg(op.segment.b) },
      after: { label: valueLabel(catalog, languageOf(zh), op.segment.dimension, op.segment.a), query: seg(op.segment.a) },
    };
  },
};
