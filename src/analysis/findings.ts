/**
 * What a step found, written by the agent that ran it: one-line findings in the
 * question's language, the assumptions the computation rests on, and the entries
 * it proposes for the shared memory pool.
 */
import type { Catalog, MetricDefinition } from '../catalog/catalog';
import type { ColumnInfo, DependencyResult, Finding, Language, MemoryDraft, PlanStep, Row, StepOutput } from '../contracts';
import { INLINE_ROWS } from '../limits';
import { periodTag } from '../memory/pool';
import { PERIOD_COLUMNS, dimensionLabel, formatDelta, formatValue, valueLabel } from './wording';

export { PERIOD_COLUMNS, dimensionLabel, formatDelta, formatValue, valueLabel } from './wording';

const GRAIN_ZH: Record<string, string> = { year: '年', quarter: '季度', month: '月', week: '周', day: '日', period: '期间' };

export interface StepFacts {
  findings: Finding[];
  assumptions: string[];
  memory: MemoryDraft[];
}

interface Written {
  catalog: Catalog;
  language: Language;
  t: (zh: string, en: string) => string;
}

const num = (v: Row[string] | undefined): number => (typeof v === 'number' ? v : Number(v));


/** The canonical scope of a row: the step's single-value filters and the row's group values (months aside). */
function scopeOf(step: PlanStep, row: Row | null): { scope: string; dimensions: string[] } {
  const op = step.operation;
  const parts: string[] = [];
  const dims: string[] = [];
  if ('query' in op) {
    for (const f of op.query.filters) {
      dims.push(f.dimension);
      if (f.values.length === 1) parts.push(`${f.dimension}=${f.values[0]}`);
    }
    for (const g of op.query.group_by) {
      if (PERIOD_COLUMNS.includes(g) || !row) continue;
      dims.push(g);
      parts.push(`${g}=${String(row[g])}`);
    }
  }
  return { scope: parts.sort().join(','), dimensions: [...new Set(dims)] };
}

function metricStep(w: Written, step: PlanStep, rows: Row[], total: number, metric: MetricDefinition | undefined, label: string): StepFacts {
  const op = step.operation;
  if (op.kind !== 'metric') return { findings: [], assumptions: [], memory: [] };
  const q = op.query;
  const periodLabel = w.t(q.window.label_zh, q.window.label_en);
  const scope = q.filters.map((f) => f.values.map((v) => valueLabel(w.catalog, w.language, f.dimension, v)).join(w.t('、', '/'))).join(w.t('', ', '));
  let summary: string;
  if (q.group_by.length === 0) {
    const value = formatValue(num(rows[0]?.value), metric, w.language);
    summary = w.t(`${periodLabel}${scope}的${label}为 ${value}。`, `${label}${scope ? ` in ${scope}` : ''} for ${periodLabel} was ${value}.`);
  } else if (q.group_by.length === 1 && PERIOD_COLUMNS.includes(q.group_by[0] ?? '') && rows.length === 2) {
    const [before, after] = rows;
    const key = q.group_by[0] as string;
    summary = w.t(
      `${scope}${label}：${String(before?.[key])} ${formatValue(num(before?.value), metric, w.language)} → ${String(after?.[key])} ${formatValue(num(after?.value), metric, w.language)}。`,
      `${label}${scope ? ` in ${scope}` : ''}: ${String(before?.[key])} ${formatValue(num(before?.value), metric, w.language)} → ${String(after?.[key])} ${formatValue(num(after?.value), metric, w.language)}.`,
    );
  } else {
    const shown = rows.slice(0, 20);
    const parts = shown.map((r) => `${q.group_by.map((g) => String(r[g] ?? w.t('(缺失)', '(missing)'))).join(' / ')} ${formatValue(num(r.value), metric, w.language)}`);
    const more = total > shown.length ? w.t(`（另有 ${total - shown.length} 行见存储结果）`, ` (${total - shown.length} more rows in the stored result)`) : '';
    const by = q.group_by.map((g) => (g in w.catalog.dimensions ? dimensionLabel(w.catalog, w.language, g) : w.t(GRAIN_ZH[g] ?? g, g)));
    summary = w.t(`${periodLabel}${scope}按${by.join('、')}的${label}：${parts.join('；')}${more}。`, `${label}${scope ? ` in ${scope}` : ''} for ${periodLabel} by ${by.join(', ')}: ${parts.join('; ')}${more}.`);
  }
  const assumptions: string[] = [];
  if (metric?.per) assumptions.push(w.t(`${label}先按 ${metric.per} 汇总，每个对象在一个期间内只计一次`, `${label} is computed per ${metric.per} first, so each counts once per period`));
  for (const d of [...q.group_by, ...q.filters.map((f) => f.dimension)]) {
    const dim = w.catalog.dimensions[d];
    if (dim?.expression) assumptions.push(w.t(dim.description_zh ?? dim.description ?? d, dim.description ?? d));
  }
  // Facts for the rows that travel inline; the rest stay in the stored result.
  const memory: MemoryDraft[] = rows.slice(0, INLINE_ROWS).map((r) => {
    const { scope: s, dimensions } = scopeOf(step, r);
    const periodColumn = q.group_by.find((g) => PERIOD_COLUMNS.includes(g));
    const period = periodColumn ? String(r[periodColumn]) : periodTag(q.window.start, q.window.end);
    return {
      type: 'fact',
      content: `${q.metric}${s ? ` [${s}]` : ''} ${period} = ${String(r.value)}`,
      confidence: 0.95,
      references: [step.step_id],
      tags: { metric: q.metric, dimensions, scope: s, period },
      value: typeof r.value === 'number' ? r.value : null,
      direction: null,
    };
  });
  return { findings: [{ summary, detail: `${total} row(s)`, evidence_refs: [step.step_id] }], assumptions: [...new Set(assumptions)], memory };
}

/**
 * Findings, assumptions and memory entries for one step's result. `rows` are all of
 * the step's rows; `deps` are its dependencies as handed over.
 */
export function describeStep(
  step: PlanStep,
  result: { columns: ColumnInfo[]; rows: Row[]; data_summary: StepOutput['data_summary'] },
  deps: Record<string, DependencyResult>,
  catalog: Catalog,
  language: Language,
): StepFacts {
  const w: Written = { catalog, language, t: (zh, en) => (language === 'zh' ? zh : en) };
  const metricName = 'query' in step.operation ? step.operation.query.metric : step.metrics[0];
  const metric = metricName ? catalog.metrics[metricName] : undefined;
  const label = metric ? w.t(metric.label_zh, metric.label) : (metricName ?? '');
  const op = step.operation;
  const rows = result.rows;
  const s = result.data_summary;
  const finding = (summary: string, detail = ''): Finding[] => [{ summary, detail, evidence_refs: [step.step_id, ...step.depends_on] }];
  switch (op.kind) {
    case 'metric':
      return metricStep(w, step, rows, rows.length, metric, label);
    case 'trend': {
      const direction = (d: unknown) => (d === 'up' ? w.t('上升', 'rising') : d === 'down' ? w.t('下降', 'falling') : w.t('持平', 'flat'));
      const lines = rows.slice(0, INLINE_ROWS).map((r) => {
        const series = r.series && r.series !== 'all' ? `${String(r.series)} ` : '';
        const pct = typeof r.total_change_pct === 'number' ? `${(r.total_change_pct * 100).toFixed(1)}%` : '—';
        const points = r.change_points ? w.t(`；拐点：${String(r.change_points)}`, `; direction changed in ${String(r.change_points)}`) : '';
        return w.t(
          `${series}${label}最近 ${num(r.run_length)} 个月连续${direction(r.direction)}，从 ${formatValue(num(r.first_value), metric, language)}（${String(r.first_month)}）到 ${formatValue(num(r.last_value), metric, language)}（${String(r.last_month)}），累计变化 ${pct}${points}。`,
          `${series}${label} has been ${direction(r.direction)} for ${num(r.run_length)} consecutive month(s), from ${formatValue(num(r.first_value), metric, language)} (${String(r.first_month)}) to ${formatValue(num(r.last_value), metric, language)} (${String(r.last_month)}), ${pct} overall${points}.`,
        );
      });
      if (rows.length > INLINE_ROWS) lines.push(w.t(`另有 ${rows.length - INLINE_ROWS} 个序列见存储结果。`, `${rows.length - INLINE_ROWS} more series in the stored result.`));
      const memory: MemoryDraft[] = rows.slice(0, INLINE_ROWS).map((r) => ({
        type: 'observation',
        content: `${metricName ?? ''} ${String(r.series)} ${String(r.first_month)}..${String(r.last_month)} ${String(r.direction)} for ${num(r.run_length)} month(s)`,
        confidence: 0.9,
        references: [step.step_id, ...step.depends_on],
        tags: { metric: metricName ?? null, dimensions: op.key_columns, scope: op.key_columns.map((k) => `${k}=${String(r[k])}`).join(','), period: `${String(r.first_month)}..${String(r.last_month)}` },
        value: null,
        direction: r.direction === 'up' || r.direction === 'down' || r.direction === 'flat' ? r.direction : null,
      }));
      return {
        findings: [{ summary: lines.join('\n'), detail: `${rows.length} series`, evidence_refs: [step.step_id, ...step.depends_on] }],
        assumptions: [w.t('方向取最近一次环比变化的符号，连续月数为同方向的连续环比次数', 'direction is the sign of the latest month-over-month change; the run counts consecutive changes in that direction')],
        memory,
      };
    }
    case 'compare': {
      const key = (r: Row) => op.key_columns.map((k) => valueLabel(catalog, language, k, String(r[k]))).join(' / ');
      const [first, ...others] = rows;
      if (!first) return { findings: [], assumptions: [], memory: [] };
      const parts = others.map((r) => {
        const pct = typeof r.pct_vs_first === 'number' ? ` (${r.pct_vs_first >= 0 ? '+' : ''}${(r.pct_vs_first * 100).toFixed(1)}%)` : '';
        return w.t(`${key(r)} 为 ${formatValue(num(r.value), metric, language)}，比 ${key(first)} ${formatDelta(num(r.diff_vs_first), metric, language)}${pct}`, `${key(r)} ${formatValue(num(r.value), metric, language)}, ${formatDelta(num(r.diff_vs_first), metric, language)}${pct} vs ${key(first)}`);
      });
      return { findings: finding(w.t(`${label}：${key(first)} 为 ${formatValue(num(first.value), metric, language)}；${parts.join('；')}。`, `${label}: ${key(first)} ${formatValue(num(first.value), metric, language)}; ${parts.join('; ')}.`)), assumptions: [], memory: [] };
    }
    case 'gap_contribution': {
      const a = valueLabel(catalog, language, op.segment.dimension, String(s.segment_a));
      const b = valueLabel(catalog, language, op.segment.dimension, String(s.segment_b));
      const gapFacts = scopeOf(step, null);
      return {
        findings: finding(w.t(
          `${label}：${a} ${formatValue(num(s.value_a), metric, language)}，${b} ${formatValue(num(s.value_b), metric, language)}，差距 ${formatDelta(num(s.gap), metric, language)}。`,
          `${label}: ${a} ${formatValue(num(s.value_a), metric, language)}, ${b} ${formatValue(num(s.value_b), metric, language)}, a gap of ${formatDelta(num(s.gap), metric, language)}.`,
        )),
        assumptions: [w.t(`差距取较高分群减较低分群（${a} − ${b}）；各${dimensionLabel(catalog, language, op.across)}的贡献之和等于差距`, `the gap is the higher segment minus the lower (${a} − ${b}); the ${op.across} contributions add up to it`)],
        memory: [{
          type: 'fact', content: `${metricName ?? ''} gap ${String(s.segment_a)} − ${String(s.segment_b)} = ${String(s.gap)}`, confidence: 0.9, references: [step.step_id],
          tags: { metric: metricName ?? null, dimensions: [op.segment.dimension], scope: `${gapFacts.scope}${gapFacts.scope ? ',' : ''}gap=${String(s.segment_a)}-${String(s.segment_b)}`, period: 'query' in op ? periodTag(op.query.window.start, op.query.window.end) : '' },
          value: num(s.gap), direction: null,
        }],
      };
    }
    case 'top_n': {
      const across = result.columns.find((c) => c.type === 'text')?.name ?? '';
      const parts = rows.map((r) => `${valueLabel(catalog, language, across, String(r[across]))}${w.t('（', ' (')}${formatDelta(num(r[op.column]), metric, language)}${w.t('）', ')')}`);
      return { findings: finding(w.t(`贡献最大的 ${rows.length} 个${dimensionLabel(catalog, language, across)}：${parts.join('、')}。`, `The ${rows.length} ${across} values contributing most: ${parts.join(', ')}.`)), assumptions: [], memory: [] };
    }
    case 'change_decomposition':
      return {
        findings: finding(w.t(`按${dimensionLabel(catalog, language, op.dimension)}分解：${String(s.before)} → ${String(s.after)} 变化 ${formatDelta(num(s.change), metric, language)}`, `decomposed by ${op.dimension}: ${String(s.before)} → ${String(s.after)} change ${formatDelta(num(s.change), metric, language)}`)),
        assumptions: [w.t('结构效应与比率效应用前后两期的平均权重和平均值计算，二者之和恰好等于变化', 'mix and rate effects use the mean of both months\' weights and values, so they add up exactly to the change')],
        memory: [],
      };
    case 'rank_contributors': {
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
      const summary = `${headline}${w.t('主要原因：', 'Main contributor: ')}${effect(top)}${detail}${w.t('。其他因素：', '. Others: ')}${rows.slice(1, 3).map(effect).join(w.t('；', '; '))}${w.t('。', '.')}`;
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
    }
  }
}

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
