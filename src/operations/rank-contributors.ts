/**
 * `rank_contributors`: the largest contributors across several decompositions,
 * ranked by effect in the direction of the overall change.
 * Plan schema: RankContributorsOperation below (a member of StepOperation, through PLAN_SCHEMAS in src/operations/index.ts).
 * Computed by generated code (coder and tester), checked against rankContributors of src/analysis/derive.ts.
 */
import { z } from 'zod';
import type { MetricDefinition } from '../catalog/catalog';
import type { Calculation, DependencyResult, Row } from '../contracts';
import { rankContributors } from '../analysis/derive';
import { dimensionLabel, formatDelta, formatValue, valueLabel } from '../analysis/wording';
import { percent } from '../format/numbers';
import { defineMessages, textOf } from '../messages/message';
import type { Operation, Written } from './operation';
import { chartBase, joinedBy, json, make, num } from './parts';

/** Its sentences: the finding (the change, its main contributor and the others), the calculations' descriptions, the chart, what it rules out. */
const MESSAGES = defineMessages({
  'operation.rank_contributors.headline': {
    zh: '{scope}{label}从 {before} 变为 {after}（{change}）。',
    en: '{label}{scope} moved from {before} to {after} ({change}). ',
  },
  /** The filters of the decompositions as they follow the metric's label (nothing when there are none). */
  'operation.rank_contributors.scope': { zh: '{scope}', en: ' in {scope}' },
  'operation.rank_contributors.scope.and': { zh: '{scope}{filter}', en: '{scope}, {filter}' },
  'operation.rank_contributors.main': { zh: '主要原因：{effect}{detail}。', en: 'Main contributor: {effect}{detail}.' },
  'operation.rank_contributors.others': { zh: '其他因素：{others}。', en: 'Others: {others}.' },
  'operation.rank_contributors.effect.mix': { zh: '占比变化（结构效应）', en: 'share shift (mix effect)' },
  'operation.rank_contributors.effect.rate': { zh: '自身比率变化（比率效应）', en: 'own rate change (rate effect)' },
  'operation.rank_contributors.effect.other': { zh: '自身变化', en: 'own change' },
  'operation.rank_contributors.share-of-change': { zh: '，占变化的 {share}', en: ', {share} of the change' },
  /** A share above the whole change: the other parts moved the other way. */
  'operation.rank_contributors.share-of-change.over': {
    zh: '，占变化的 {share}（超过整个变化：其余部分朝相反方向变动，抵消了超出的部分）',
    en: ', {share} of the change (more than the whole change: the other parts moved the other way and offset the excess)',
  },
  'operation.rank_contributors.detail.mix': {
    zh: '（{name} 占比从 {before} 变为 {after}）',
    en: ' (the share of {name} went from {before} to {after})',
  },
  'operation.rank_contributors.detail.rate': { zh: '（{name} 从 {before} 变为 {after}）', en: ' ({name} went from {before} to {after})' },
  'operation.rank_contributors.calc.before': { zh: '变化前', en: 'before' },
  'operation.rank_contributors.calc.after': { zh: '变化后', en: 'after' },
  'operation.rank_contributors.calc.value_before': { zh: '分解所用前一个月的值', en: 'value in the month before' },
  'operation.rank_contributors.calc.value_after': { zh: '分解所用后一个月的值', en: 'value in the month after' },
  'operation.rank_contributors.calc.change': { zh: '{label}变化', en: '{label} change' },
  'operation.rank_contributors.calc.mix': { zh: '结构效应', en: 'mix effect' },
  'operation.rank_contributors.calc.rate': { zh: '比率效应', en: 'rate effect' },
  'operation.rank_contributors.calc.other': { zh: '变化', en: 'change' },
  'operation.rank_contributors.calc.effect': { zh: '按贡献排序的分解效应', en: 'decomposition effect, ranked' },
  'operation.rank_contributors.calc.share': { zh: '{contributor} {kind}占变化的比例', en: '{contributor} {kind} as a share of the change' },
  'operation.rank_contributors.chart.axis': { zh: '对变化的影响', en: 'effect on the change' },
  'operation.rank_contributors.ruled-out': {
    zh: '{column}={value}：效应不足变化的百分之五，不作为原因',
    en: '{column}={value}: effect under five percent of the change, ruled out',
  },
});

/** For a mix effect: how the segment's share moved; for a rate effect: how its own value moved. */
function decompositionDetail(
  w: Written,
  deps: Record<string, DependencyResult>,
  dimension: string,
  segment: string,
  effectType: string,
  metric: MetricDefinition | undefined,
): string {
  for (const dep of Object.values(deps)) {
    if (dep.data_summary.dimension !== dimension) continue;
    const row = dep.rows.find((r) => String(r[dimension]) === segment);
    if (!row) continue;
    const text = textOf(MESSAGES, w.language);
    const name = valueLabel(w.catalog, w.language, dimension, segment);
    if (effectType === 'mix' && row.weight_before !== undefined) {
      return text('operation.rank_contributors.detail.mix', {
        name,
        before: percent(num(row.weight_before), 1),
        after: percent(num(row.weight_after), 1),
      });
    }
    return text('operation.rank_contributors.detail.rate', {
      name,
      before: formatValue(num(row.value_before), metric, w.language),
      after: formatValue(num(row.value_after), metric, w.language),
    });
  }
  return '';
}

/** The largest contributors across several decompositions, ranked by effect in the direction of the change. */
export const RankContributorsOperation = z.object({
  kind: z.literal('rank_contributors'),
  sources: z.array(z.string()).min(1),
  n: z.number().int().min(1),
});

export const rank_contributors: Operation<'rank_contributors'> = {
  kind: 'rank_contributors',
  messages: MESSAGES,
  agent: 'code',
  prompt: {
    planner:
      'the largest contributors across several decompositions, ranked by effect in the direction of the change (computed from the steps it depends on)',
    kit: 'rankContributors(decompositions, n)',
  },
  sources: (op) => op.sources,

  deriveFromInputs: (op, input) =>
    rankContributors(
      op.sources.map((id) => ({ dimension: String(input(id).summary.dimension ?? ''), rows: input(id).rows, summary: input(id).summary })),
      op.n,
    ),

  validation: {
    columns: () => ['rank', 'dimension', 'segment', 'effect'],
  },

  acceptance: {
    criteria: (op) => [
      `at most ${op.n} rows ranked 1, 2, 3, …, each a (dimension, segment) found in ${op.sources.join(', ')}`,
      'effects sorted by size in the direction of the overall change',
      'share_of_change = effect / change on every row, and summary.change equals the change of the decompositions',
    ],
    check(op, { rows, summary, inputs, fail }) {
      const decompositions = op.sources.map((id) => inputs[id]);
      const change = num(decompositions[0]?.summary.change);
      if (rows.length > op.n) return fail(1, `${rows.length} rows`);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] as Row;
        if (r.rank !== i + 1) return fail(1, `row ${i + 1} has rank ${String(r.rank)}`);
        const found = op.sources.some((id) => (inputs[id]?.rows ?? []).some((d) => String(d[String(r.dimension)]) === String(r.segment)));
        if (!found) return fail(1, `${String(r.dimension)}=${String(r.segment)} is not in the decompositions`);
        if (i > 0 && Math.sign(change || 1) * (num(r.effect) - num(rows[i - 1]?.effect)) > 1e-12)
          return fail(
            2,
            `rank ${i + 1} (${String(r.effect)}) is larger in the direction of the change than rank ${i} (${String(rows[i - 1]?.effect)})`,
          );
        if (change !== 0 && Math.abs(num(r.share_of_change) - num(r.effect) / change) > 1e-3)
          return fail(3, `rank ${i + 1}: share_of_change ${String(r.share_of_change)}, effect / change = ${num(r.effect) / change}`);
      }
      if (Math.abs(num(summary.change) - change) > 1e-9 * Math.max(1, Math.abs(change)))
        return fail(3, `summary.change ${String(summary.change)}, decompositions say ${change}`);
      return [];
    },
  },

  code: (op, plantBug) => [
    `const sources = ${json(op.sources)};`,
    'const decompositions = sources.map((id) => {',
    '  const dep = input.dependencies[id];',
    "  if (!dep) throw new Error('dependency ' + id + ' was not handed over');",
    '  return { dimension: String(dep.summary.dimension), rows: dep.rows, summary: dep.summary };',
    '});',
    `const result = kit.rankContributors(decompositions, ${op.n});`,
    ...(plantBug ? ['result.rows.reverse();'] : []),
    '// Every contributor must come from one of the decompositions.',
    'for (const row of result.rows) {',
    '  const source = decompositions.find((d) => d.dimension === row.dimension);',
    "  if (!source || !source.rows.some((r) => String(r[row.dimension]) === row.segment)) throw new Error('unknown contributor ' + row.dimension + '=' + row.segment);",
    '}',
    'return { columns: result.columns, rows: result.rows, summary: result.summary };',
  ],

  findings(_op, { step, catalog, language, metricName, metric, label, rows, summary: s, deps, w, finding }) {
    const text = textOf(MESSAGES, language);
    const change = num(s.change);
    const top = rows[0];
    const filters =
      Object.values(deps)[0]
        ?.filters_applied.filter((f) => / = /.test(f))
        .map((f) => {
          const [d, v] = f.split(' = ');
          return valueLabel(catalog, language, d ?? '', v ?? '');
        }) ?? [];
    const scopeLabel = joinedBy(filters, (scope, filter) => text('operation.rank_contributors.scope.and', { scope, filter }));
    const headline = text('operation.rank_contributors.headline', {
      scope: scopeLabel ? text('operation.rank_contributors.scope', { scope: scopeLabel }) : '',
      label,
      before: formatValue(num(s.value_before), metric, language),
      after: formatValue(num(s.value_after), metric, language),
      change: formatDelta(change, metric, language),
    });
    if (!top) return { findings: finding(headline), assumptions: [], memory: [] };
    const effect = (r: Row) => {
      const kind = text(
        r.effect_type === 'mix'
          ? 'operation.rank_contributors.effect.mix'
          : r.effect_type === 'rate'
            ? 'operation.rank_contributors.effect.rate'
            : 'operation.rank_contributors.effect.other',
      );
      const share =
        typeof r.share_of_change === 'number'
          ? text(
              r.share_of_change > 1 ? 'operation.rank_contributors.share-of-change.over' : 'operation.rank_contributors.share-of-change',
              {
                share: percent(r.share_of_change, 0),
              },
            )
          : '';
      return `${dimensionLabel(catalog, language, String(r.dimension))}=${valueLabel(catalog, language, String(r.dimension), String(r.segment))} ${kind} ${formatDelta(num(r.effect), metric, language)}${share}`;
    };
    const detail = decompositionDetail(w, deps, String(top.dimension), String(top.segment), String(top.effect_type), metric);
    const others = rows.slice(1, 3).map(effect);
    const summary = w.sentences([
      headline,
      text('operation.rank_contributors.main', { effect: effect(top), detail }),
      others.length > 0 ? text('operation.rank_contributors.others', { others: others.join(w.text('common.semicolon')) }) : null,
    ]);
    return {
      findings: finding(summary, rows.map(effect).join('\n')),
      assumptions: [],
      memory: [
        {
          type: 'hypothesis',
          content: `${metricName ?? ''} changed by ${change} mainly through ${String(top.dimension)}=${String(top.segment)} (${String(top.effect_type)} effect ${String(top.effect)})`,
          confidence: 0.7,
          references: [step.step_id, ...step.depends_on],
          tags: {
            metric: metricName ?? null,
            dimensions: [String(top.dimension)],
            scope: `${String(top.dimension)}=${String(top.segment)}`,
            period: `${String(Object.values(deps)[0]?.data_summary.before ?? '')}..${String(Object.values(deps)[0]?.data_summary.after ?? '')}`,
          },
          value: num(top.effect),
          direction: null,
        },
      ],
    };
  },

  calculations(_op, ctx, rows, summary) {
    const { catalog, language, display, named } = ctx;
    const text = textOf(MESSAGES, language);
    const calcs: Calculation[] = [];
    calcs.push(
      ...make(ctx, 'value_before', summary.value_before, {
        display,
        delta: false,
        description: named(ctx.label, text('operation.rank_contributors.calc.before')),
        formula: text('operation.rank_contributors.calc.value_before'),
        importance: 'high',
        pick: { field: 'value_before', match: null },
      }),
      ...make(ctx, 'value_after', summary.value_after, {
        display,
        delta: false,
        description: named(ctx.label, text('operation.rank_contributors.calc.after')),
        formula: text('operation.rank_contributors.calc.value_after'),
        importance: 'high',
        pick: { field: 'value_after', match: null },
      }),
      ...make(ctx, 'change', summary.change, {
        display,
        delta: true,
        description: text('operation.rank_contributors.calc.change', { label: ctx.label }),
        formula: 'value_after − value_before',
        importance: 'high',
        pick: { field: 'change', match: null },
      }),
    );
    rows.forEach((row, i) => {
      const who = `${String(row.dimension)}=${String(row.segment)}`;
      const shown = `${dimensionLabel(catalog, language, String(row.dimension))}=${valueLabel(catalog, language, String(row.dimension), String(row.segment))}`;
      const kind = text(
        row.effect_type === 'mix'
          ? 'operation.rank_contributors.calc.mix'
          : row.effect_type === 'rate'
            ? 'operation.rank_contributors.calc.rate'
            : 'operation.rank_contributors.calc.other',
      );
      // The rank is part of what is claimed: the validator finds the row again at the same rank, so a mis-sorted ranking does not verify.
      const match = {
        rank: Number(row.rank),
        dimension: String(row.dimension),
        segment: String(row.segment),
        effect_type: String(row.effect_type),
      };
      calcs.push(
        ...make(ctx, `${who}.${String(row.effect_type)}.effect`, row.effect, {
          display,
          delta: true,
          description: `${shown} ${kind}`,
          formula: text('operation.rank_contributors.calc.effect'),
          importance: i === 0 ? 'high' : 'medium',
          pick: { field: 'effect', match },
        }),
        ...make(ctx, `${who}.${String(row.effect_type)}.share`, row.share_of_change, {
          display: 'percent',
          delta: false,
          description: text('operation.rank_contributors.calc.share', { contributor: shown, kind }),
          formula: 'effect / change',
          importance: i === 0 ? 'high' : 'medium',
          pick: { field: 'share_of_change', match },
        }),
      );
    });
    return calcs;
  },

  chart({ id, title, rows, label, language }) {
    const text = textOf(MESSAGES, language);
    const effectName = (type: string) =>
      type === 'mix'
        ? text('operation.rank_contributors.calc.mix')
        : type === 'rate'
          ? text('operation.rank_contributors.calc.rate')
          : type;
    const values = rows.map((r) => ({
      contributor: `${label(String(r.dimension), String(r.segment))} · ${effectName(String(r.effect_type))}`,
      effect: Number(r.effect),
    }));
    return {
      id,
      title,
      spec: {
        ...chartBase(title, values),
        mark: 'bar',
        encoding: {
          y: { field: 'contributor', type: 'nominal', sort: null, title: null },
          x: { field: 'effect', type: 'quantitative', title: text('operation.rank_contributors.chart.axis') },
          color: { condition: { test: 'datum.effect < 0', value: '#c0392b' }, value: '#2e86c1' },
        },
      },
    };
  },

  /** Segments whose effect is under 5% of the change: ruled out as explanations (the effects themselves are calculations). */
  ruledOut: (_op, { inputs, inputRows, language }) =>
    inputs.flatMap((dep) => {
      const dimension = String(dep.data_summary.dimension ?? '');
      const change = Math.abs(Number(dep.data_summary.change));
      return (inputRows.get(dep.step_id) ?? [])
        .filter((row) => Math.abs(Number(row.total_effect)) < 0.05 * change)
        .map((row) =>
          textOf(MESSAGES, language)('operation.rank_contributors.ruled-out', { column: dimension, value: String(row[dimension]) }),
        );
    }),
};
