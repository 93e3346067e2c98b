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
import type { Operation, Written } from './operation';
import { chartBase, json, make, num } from './parts';

/** For a mix effect: how the segment's share moved; for a rate effect: how its own value moved. */
function decompositionDetail(w: Written, deps: Record<string, DependencyResult>, dimension: string, segment: string, effectType: string, metric: MetricDefinition | undefined): string {
  for (const dep of Object.values(deps)) {
    if (dep.data_summary.dimension !== dimension) continue;
    const row = dep.rows.find((r) => String(r[dimension]) === segment);
    if (!row) continue;
    const name = valueLabel(w.catalog, w.language, dimension, segment);
    if (effectType === 'mix' && row.weight_before !== undefined) {
      return w.t(`（${name} 占比从 ${(num(row.weight_before) * 100).toFixed(1)}% 变为 ${(num(row.weight_after) * 100).toFixed(1)}%）`, ` (the share of ${name} went from ${(num(row.weight_before) * 100).toFixed(1)}% to ${(num(row.weight_after) * 100).toFixed(1)}%)`);
    }
    return w.t(`（${name} 从 ${formatValue(num(row.value_before), metric, w.language)} 变为 ${formatValue(num(row.value_after), metric, w.language)}）`, ` (${name} went from ${formatValue(num(row.value_before), metric, w.language)} to ${formatValue(num(row.value_after), metric, w.language)})`);
  }
  return '';
}

/** The largest contributors across several decompositions, ranked by effect in the direction of the change. */
export const RankContributorsOperation = z.object({ kind: z.literal('rank_contributors'), sources: z.array(z.string()).min(1), n: z.number().int().min(1) });

export const rank_contributors: Operation<'rank_contributors'> = {
  kind: 'rank_contributors',
  agent: 'code',
  prompt: { planner: 'the largest contributors across several decompositions, ranked by effect in the direction of the change (computed from the steps it depends on)', kit: 'rankContributors(decompositions, n)' },
  sources: (op) => op.sources,

  deriveFromInputs: (op, input) => rankContributors(op.sources.map((id) => ({ dimension: String(input(id).summary.dimension ?? ''), rows: input(id).rows, summary: input(id).summary })), op.n),

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
        if (i > 0 && Math.sign(change || 1) * (num(r.effect) - num(rows[i - 1]?.effect)) > 1e-12) return fail(2, `rank ${i + 1} (${String(r.effect)}) is larger in the direction of the change than rank ${i} (${String(rows[i - 1]?.effect)})`);
        if (change !== 0 && Math.abs(num(r.share_of_change) - num(r.effect) / change) > 1e-3) return fail(3, `rank ${i + 1}: share_of_change ${String(r.share_of_change)}, effect / change = ${num(r.effect) / change}`);
      }
      if (Math.abs(num(summary.change) - change) > 1e-9 * Math.max(1, Math.abs(change))) return fail(3, `summary.change ${String(summary.change)}, decompositions say ${change}`);
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
    const change = num(s.change);
    const top = rows[0];
    const scopeLabel = Object.values(deps)[0]?.filters_applied.filter((f) => / = /.test(f)).map((f) => {
      const [d, v] = f.split(' = ');
      return valueLabel(catalog, language, d ?? '', v ?? '');
    }).join(w.t('', ', ')) ?? '';
    const headline = w.t(
      `${scopeLabel}${label}从 ${formatValue(num(s.value_before), metric, language)} 变为 ${formatValue(num(s.value_after), metric, language)}（${formatDelta(change, metric, language)}）。`,
      `${label}${scopeLabel ? ` in ${scopeLabel}` : ''} moved from ${formatValue(num(s.value_before), metric, language)} to ${formatValue(num(s.value_after), metric, language)} (${formatDelta(change, metric, language)}). `,
    );
    if (!top) return { findings: finding(headline), assumptions: [], memory: [] };
    const effect = (r: Row) => {
      const kind = r.effect_type === 'mix' ? w.t('占比变化（结构效应）', 'share shift (mix effect)') : r.effect_type === 'rate' ? w.t('自身比率变化（比率效应）', 'own rate change (rate effect)') : w.t('自身变化', 'own change');
      const share = typeof r.share_of_change === 'number' ? w.t(`，占变化的 ${(r.share_of_change * 100).toFixed(0)}%`, `, ${(r.share_of_change * 100).toFixed(0)}% of the change`) : '';
      return `${dimensionLabel(catalog, language, String(r.dimension))}=${valueLabel(catalog, language, String(r.dimension), String(r.segment))} ${kind} ${formatDelta(num(r.effect), metric, language)}${share}`;
    };
    const detail = decompositionDetail(w, deps, String(top.dimension), String(top.segment), String(top.effect_type), metric);
    const others = rows.slice(1, 3).map(effect);
    const summary = w.sentences([
      headline,
      `${w.t('主要原因：', 'Main contributor: ')}${effect(top)}${detail}${w.t('。', '.')}`,
      others.length > 0 ? `${w.t('其他因素：', 'Others: ')}${others.join(w.t('；', '; '))}${w.t('。', '.')}` : null,
    ]);
    return {
      findings: finding(summary, rows.map(effect).join('\n')),
      assumptions: [],
      memory: [{
        type: 'hypothesis',
        content: `${metricName ?? ''} changed by ${change} mainly through ${String(top.dimension)}=${String(top.segment)} (${String(top.effect_type)} effect ${String(top.effect)})`,
        confidence: 0.7,
        references: [step.step_id, ...step.depends_on],
        tags: { metric: metricName ?? null, dimensions: [String(top.dimension)], scope: `${String(top.dimension)}=${String(top.segment)}`, period: `${String(Object.values(deps)[0]?.data_summary.before ?? '')}..${String(Object.values(deps)[0]?.data_summary.after ?? '')}` },
        value: num(top.effect),
        direction: null,
      }],
    };
  },

  calculations(_op, ctx, rows, summary) {
    const { catalog, language, t, display, named } = ctx;
    const calcs: Calculation[] = [];
    calcs.push(
      ...make(ctx, 'value_before', summary.value_before, { display, delta: false, description: named(ctx.label, t('变化前', 'before')), formula: t('分解所用前一个月的值', 'value in the month before'), importance: 'high', pick: { field: 'value_before', match: null } }),
      ...make(ctx, 'value_after', summary.value_after, { display, delta: false, description: named(ctx.label, t('变化后', 'after')), formula: t('分解所用后一个月的值', 'value in the month after'), importance: 'high', pick: { field: 'value_after', match: null } }),
      ...make(ctx, 'change', summary.change, { display, delta: true, description: t(`${ctx.label}变化`, `${ctx.label} change`), formula: 'value_after − value_before', importance: 'high', pick: { field: 'change', match: null } }),
    );
    rows.forEach((row, i) => {
      const who = `${String(row.dimension)}=${String(row.segment)}`;
      const shown = `${dimensionLabel(catalog, language, String(row.dimension))}=${valueLabel(catalog, language, String(row.dimension), String(row.segment))}`;
      const kind = row.effect_type === 'mix' ? t('结构效应', 'mix effect') : row.effect_type === 'rate' ? t('比率效应', 'rate effect') : t('变化', 'change');
      // The rank is part of what is claimed: the validator finds the row again at the same rank, so a mis-sorted ranking does not verify.
      const match = { rank: Number(row.rank), dimension: String(row.dimension), segment: String(row.segment), effect_type: String(row.effect_type) };
      calcs.push(
        ...make(ctx, `${who}.${String(row.effect_type)}.effect`, row.effect, { display, delta: true, description: `${shown} ${kind}`, formula: t('按贡献排序的分解效应', 'decomposition effect, ranked'), importance: i === 0 ? 'high' : 'medium', pick: { field: 'effect', match } }),
        ...make(ctx, `${who}.${String(row.effect_type)}.share`, row.share_of_change, { display: 'percent', delta: false, description: t(`${shown} ${kind}占变化的比例`, `${shown} ${kind} as a share of the change`), formula: 'effect / change', importance: i === 0 ? 'high' : 'medium', pick: { field: 'share_of_change', match } }),
      );
    });
    return calcs;
  },

  chart({ id, title, rows, label, language }) {
    const zh = language === 'zh';
    const effectName = (type: string) => (type === 'mix' ? (zh ? '结构效应' : 'mix effect') : type === 'rate' ? (zh ? '比率效应' : 'rate effect') : type);
    const values = rows.map((r) => ({ contributor: `${label(String(r.dimension), String(r.segment))} · ${effectName(String(r.effect_type))}`, effect: Number(r.effect) }));
    return {
      id, title,
      spec: { ...chartBase(title, values), mark: 'bar', encoding: { y: { field: 'contributor', type: 'nominal', sort: null, title: null }, x: { field: 'effect', type: 'quantitative', title: zh ? '对变化的影响' : 'effect on the change' }, color: { condition: { test: 'datum.effect < 0', value: '#c0392b' }, value: '#2e86c1' } } },
    };
  },

  /** Segments whose effect is under 5% of the change: ruled out as explanations (the effects themselves are calculations). */
  ruledOut: (_op, { inputs, inputRows, language }) => inputs.flatMap((dep) => {
    const dimension = String(dep.data_summary.dimension ?? '');
    const change = Math.abs(Number(dep.data_summary.change));
    return (inputRows.get(dep.step_id) ?? [])
      .filter((row) => Math.abs(Number(row.total_effect)) < 0.05 * change)
      .map((row) => (language === 'zh' ? `${dimension}=${String(row[dimension])}：效应不足变化的百分之五，不作为原因` : `${dimension}=${String(row[dimension])}: effect under five percent of the change, ruled out`));
  }),
};
