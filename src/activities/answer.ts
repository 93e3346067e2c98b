/** Answer agent: turns validated step results into the final answer, in the question's language. */
import { defineAgent } from '../agent';
import type { Catalog, MetricDefinition } from '../catalog/catalog';
import { AnswerInput, AnswerOutput, type AnswerMetric, type Language, type Row, type StepRecord } from '../contracts';
import { catalogFor } from '../sources';

export function formatValue(value: number | null | undefined, metric: MetricDefinition | undefined, language: Language): string {
  if (value === null || value === undefined || Number.isNaN(value)) return language === 'zh' ? '无数据' : 'no data';
  switch (metric?.format) {
    case 'currency':
      return `¥${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    case 'integer':
      return Math.round(value).toLocaleString('en-US');
    case 'ratio':
      return `${(value * 100).toFixed(2)}%`;
    default:
      return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
  }
}

/** A change or effect in the metric's unit: percentage points for ratios. */
function formatDelta(value: number, metric: MetricDefinition | undefined, language: Language): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  if (metric?.format === 'ratio') return `${sign}${Math.abs(value * 100).toFixed(2)}${language === 'zh' ? ' 个百分点' : ' pp'}`;
  return `${sign}${formatValue(Math.abs(value), metric, language)}`;
}

const num = (v: Row[string] | undefined): number => (typeof v === 'number' ? v : Number(v));

interface Writer {
  catalog: Catalog;
  language: Language;
  records: Map<string, StepRecord>;
  t: (zh: string, en: string) => string;
  /** The filter values that scope the run (for example 华东), from the first SQL step. */
  scope: string;
}

function metricOf(w: Writer, record: StepRecord): MetricDefinition | undefined {
  const op = record.step.operation;
  const name = 'query' in op ? op.query.metric : record.step.metrics[0];
  return name ? w.catalog.metrics[name] : undefined;
}

function labelOf(w: Writer, metric: MetricDefinition | undefined, fallback: string): string {
  return metric ? w.t(metric.label_zh, metric.label) : fallback;
}

/** A dimension's name for people. */
function dimensionLabel(w: Writer, dimension: string): string {
  const dim = w.catalog.dimensions[dimension];
  return dim ? w.t(dim.label_zh, dim.label) : dimension;
}

/** A dimension value for people: its first Chinese alias in Chinese answers, its first longer English alias in English ones. */
function valueLabel(w: Writer, dimension: string, value: string): string {
  const aliases = w.catalog.dimensions[dimension]?.values[value] ?? [];
  const pick = w.language === 'zh' ? aliases.find((a) => /[\u4e00-\u9fff]/.test(a)) : aliases.find((a) => /^[\x20-\x7e]+$/.test(a) && a.includes(' '));
  return pick ?? value;
}

/** The metric a compute step ultimately works on: follow its sources back to an SQL step. */
function sourceMetric(w: Writer, record: StepRecord): MetricDefinition | undefined {
  const op = record.step.operation;
  if ('query' in op) return metricOf(w, record);
  const source = op.kind === 'rank_contributors' ? op.sources[0] : op.source;
  const upstream = source ? w.records.get(source) : undefined;
  return upstream ? sourceMetric(w, upstream) : undefined;
}

function describe(w: Writer, record: StepRecord): string | null {
  const { step, result } = record;
  const op = step.operation;
  if (record.status !== 'passed' || !result) {
    const why = record.status === 'skipped' ? w.t('依赖的步骤未能完成', 'a step it depends on could not be computed') : (record.error ?? w.t('校验未通过', 'validation failed'));
    return w.t(`步骤 ${step.step_id}（${step.description}）无法计算：${why}。`, `Step ${step.step_id} (${step.description}) could not be computed: ${why}.`);
  }
  const metric = sourceMetric(w, record);
  const label = labelOf(w, metric, step.metrics[0] ?? '');
  const rows = result.rows;
  const s = result.data_summary;
  switch (op.kind) {
    case 'metric': {
      const q = op.query;
      const periodLabel = w.t(q.window.label_zh, q.window.label_en);
      const scope = q.filters.map((f) => f.values.join(w.t('、', '/'))).join(w.t('', ', '));
      if (q.group_by.length === 0) {
        const value = formatValue(num(rows[0]?.value), metric, w.language);
        return w.t(`${periodLabel}${scope}的${label}为 ${value}。`, `${label}${scope ? ` in ${scope}` : ''} for ${periodLabel} was ${value}.`);
      }
      const parts = rows.map((r) => `${q.group_by.map((g) => String(r[g] ?? w.t('(缺失)', '(missing)'))).join(' / ')} ${formatValue(num(r.value), metric, w.language)}`);
      const more = result.result_shape[0] > rows.length ? w.t(`（另有 ${result.result_shape[0] - rows.length} 行见附件）`, ` (${result.result_shape[0] - rows.length} more rows in the stored result)`) : '';
      return w.t(`${periodLabel}${scope}按${q.group_by.join('、')}的${label}：${parts.join('；')}${more}。`, `${label}${scope ? ` in ${scope}` : ''} for ${periodLabel} by ${q.group_by.join(', ')}: ${parts.join('; ')}${more}.`);
    }
    case 'trend': {
      const direction = (d: unknown) => (d === 'up' ? w.t('上升', 'rising') : d === 'down' ? w.t('下降', 'falling') : w.t('持平', 'flat'));
      return rows
        .map((r) => {
          const series = r.series && r.series !== 'all' ? `${String(r.series)} ` : '';
          const pct = typeof r.total_change_pct === 'number' ? `${(r.total_change_pct * 100).toFixed(1)}%` : '—';
          const points = r.change_points ? w.t(`；拐点：${String(r.change_points)}`, `; direction changed in ${String(r.change_points)}`) : '';
          return w.t(
            `${series}${label}最近 ${num(r.run_length)} 个月连续${direction(r.direction)}，从 ${formatValue(num(r.first_value), metric, w.language)}（${String(r.first_month)}）到 ${formatValue(num(r.last_value), metric, w.language)}（${String(r.last_month)}），累计变化 ${pct}${points}。`,
            `${series}${label} has been ${direction(r.direction)} for ${num(r.run_length)} consecutive month(s), from ${formatValue(num(r.first_value), metric, w.language)} (${String(r.first_month)}) to ${formatValue(num(r.last_value), metric, w.language)} (${String(r.last_month)}), ${pct} overall${points}.`,
          );
        })
        .join('\n');
    }
    case 'compare': {
      const key = (r: Row) => op.key_columns.map((k) => String(r[k])).join(' / ');
      const [first, ...others] = rows;
      if (!first) return null;
      const parts = others.map((r) => {
        const pct = typeof r.pct_vs_first === 'number' ? ` (${r.pct_vs_first >= 0 ? '+' : ''}${(r.pct_vs_first * 100).toFixed(1)}%)` : '';
        return w.t(`${key(r)} 为 ${formatValue(num(r.value), metric, w.language)}，比 ${key(first)} ${formatDelta(num(r.diff_vs_first), metric, w.language)}${pct}`, `${key(r)} ${formatValue(num(r.value), metric, w.language)}, ${formatDelta(num(r.diff_vs_first), metric, w.language)}${pct} vs ${key(first)}`);
      });
      return w.t(`${label}：${key(first)} 为 ${formatValue(num(first.value), metric, w.language)}；${parts.join('；')}。`, `${label}: ${key(first)} ${formatValue(num(first.value), metric, w.language)}; ${parts.join('; ')}.`);
    }
    case 'gap_contribution':
      return w.t(
        `${label}：${valueLabel(w, op.segment.dimension, String(s.segment_a))} ${formatValue(num(s.value_a), metric, w.language)}，${valueLabel(w, op.segment.dimension, String(s.segment_b))} ${formatValue(num(s.value_b), metric, w.language)}，差距 ${formatDelta(num(s.gap), metric, w.language)}。`,
        `${label}: ${valueLabel(w, op.segment.dimension, String(s.segment_a))} ${formatValue(num(s.value_a), metric, w.language)}, ${valueLabel(w, op.segment.dimension, String(s.segment_b))} ${formatValue(num(s.value_b), metric, w.language)}, a gap of ${formatDelta(num(s.gap), metric, w.language)}.`,
      );
    case 'top_n': {
      const source = w.records.get(op.source);
      const across = source?.step.operation.kind === 'gap_contribution' ? source.step.operation.across : (result.columns.find((c) => c.type === 'text')?.name ?? '');
      const parts = rows.map((r) => `${valueLabel(w, across, String(r[across]))}${w.t('（', ' (')}${formatDelta(num(r[op.column]), metric, w.language)}${w.t('）', ')')}`);
      return w.t(`贡献最大的 ${rows.length} 个${dimensionLabel(w, across)}：${parts.join('、')}。`, `The ${rows.length} ${across} values contributing most: ${parts.join(', ')}.`);
    }
    case 'change_decomposition':
      return null; // reported through the ranking of contributors
    case 'rank_contributors': {
      const change = num(s.change);
      const top = rows[0];
      const scope = w.scope ? w.t(`${w.scope}`, ` in ${w.scope}`) : '';
      const headline = w.t(
        `${scope}${label}从 ${formatValue(num(s.value_before), metric, w.language)} 变为 ${formatValue(num(s.value_after), metric, w.language)}（${formatDelta(change, metric, w.language)}）。`,
        `${label}${scope} moved from ${formatValue(num(s.value_before), metric, w.language)} to ${formatValue(num(s.value_after), metric, w.language)} (${formatDelta(change, metric, w.language)}).`,
      );
      if (!top) return headline;
      const effect = (r: Row) => {
        const kind = r.effect_type === 'mix' ? w.t('占比变化（结构效应）', 'share shift (mix effect)') : r.effect_type === 'rate' ? w.t('自身比率变化（比率效应）', 'own rate change (rate effect)') : w.t('自身变化', 'own change');
        const share = typeof r.share_of_change === 'number' ? w.t(`，占变化的 ${(r.share_of_change * 100).toFixed(0)}%`, `, ${(r.share_of_change * 100).toFixed(0)}% of the change`) : '';
        return `${dimensionLabel(w, String(r.dimension))}=${valueLabel(w, String(r.dimension), String(r.segment))} ${kind} ${formatDelta(num(r.effect), metric, w.language)}${share}`;
      };
      const detail = decompositionDetail(w, op.sources, String(top.dimension), String(top.segment), String(top.effect_type));
      return `${headline}${w.t('主要原因：', 'Main contributor: ')}${effect(top)}${detail}${w.t('。其他因素：', '. Others: ')}${rows.slice(1, 3).map(effect).join(w.t('；', '; '))}${w.t('。', '.')}`;
    }
  }
}

/** For a mix effect: how the segment's share moved; for a rate effect: how its own value moved. */
function decompositionDetail(w: Writer, sources: string[], dimension: string, segment: string, effectType: string): string {
  for (const id of sources) {
    const record = w.records.get(id);
    const op = record?.step.operation;
    if (!record?.result || op?.kind !== 'change_decomposition' || op.dimension !== dimension) continue;
    const row = record.result.rows.find((r) => String(r[dimension]) === segment);
    if (!row) continue;
    if (effectType === 'mix' && row.weight_before !== undefined) {
      const name = valueLabel(w, dimension, segment);
      return w.t(`（${name} 占比从 ${(num(row.weight_before) * 100).toFixed(1)}% 变为 ${(num(row.weight_after) * 100).toFixed(1)}%）`, ` (${name}'s share went from ${(num(row.weight_before) * 100).toFixed(1)}% to ${(num(row.weight_after) * 100).toFixed(1)}%)`);
    }
    const metric = sourceMetric(w, record);
    return w.t(`（${segment} 从 ${formatValue(num(row.value_before), metric, w.language)} 变为 ${formatValue(num(row.value_after), metric, w.language)}）`, ` (${segment} went from ${formatValue(num(row.value_before), metric, w.language)} to ${formatValue(num(row.value_after), metric, w.language)})`);
  }
  return '';
}

/** Related metrics in an attribution plan: metric steps by month over the same two months. */
function relatedLine(w: Writer, record: StepRecord): string | null {
  const op = record.step.operation;
  if (op.kind !== 'metric' || !record.result || record.result.rows.length !== 2 || op.query.group_by.join() !== 'month') return null;
  const metric = metricOf(w, record);
  const [before, after] = record.result.rows;
  return w.t(
    `${labelOf(w, metric, op.query.metric)}：${String(before?.month)} ${formatValue(num(before?.value), metric, w.language)} → ${String(after?.month)} ${formatValue(num(after?.value), metric, w.language)}。`,
    `${labelOf(w, metric, op.query.metric)}: ${String(before?.month)} ${formatValue(num(before?.value), metric, w.language)} → ${String(after?.month)} ${formatValue(num(after?.value), metric, w.language)}.`,
  );
}

/** The first SQL step's definition: the metric's filters and the time field it is booked on. */
function basis(w: Writer, steps: StepRecord[]): string[] {
  const record = steps.find((s) => s.result && 'query' in s.step.operation);
  const op = record?.step.operation;
  if (!record?.result || !op || !('query' in op)) return [];
  if (w.language === 'en') return record.result.filters_applied;
  const metric = w.catalog.metrics[op.query.metric];
  if (!metric) return record.result.filters_applied;
  const timeField = w.catalog.time_fields[metric.time_field];
  const lastDay = new Date(Date.parse(`${op.query.window.end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return [
    ...metric.filters.map((f) => f.description_zh ?? f.description),
    `按${timeField?.meaning_zh ?? metric.time_field}统计，${op.query.window.start} 至 ${lastDay}`,
    ...op.query.filters.map((f) => `${f.dimension} ${f.values.length === 1 ? '=' : 'in'} ${f.values.join('、')}`),
  ];
}

function metricsOf(w: Writer, steps: StepRecord[]): AnswerMetric[] {
  const out: AnswerMetric[] = [];
  for (const record of steps) {
    const op = record.step.operation;
    if (record.status !== 'passed' || !record.result || op.kind !== 'metric') continue;
    const metric = w.catalog.metrics[op.query.metric];
    for (const row of record.result.rows) {
      const key = op.query.group_by.map((g) => String(row[g])).join(' / ');
      out.push({
        name: op.query.metric,
        label: `${metric?.label ?? op.query.metric}${key ? ` · ${key}` : ''}`,
        value: typeof row.value === 'number' ? row.value : null,
        unit: metric?.unit ?? null,
        period: op.query.group_by.includes('month') ? String(row.month) : op.query.window.label_en,
        filters: record.result.filters_applied,
      });
    }
  }
  return out;
}

export const composeAnswer = defineAgent({
  name: 'answer',
  input: AnswerInput,
  output: AnswerOutput,
  run: ({ intent, assumptions, steps, catalogPath }) => {
    const language = intent.language;
    const w: Writer = {
      catalog: catalogFor(catalogPath),
      language,
      records: new Map(steps.map((s) => [s.step.step_id, s])),
      t: (zh, en) => (language === 'zh' ? zh : en),
      scope: '',
    };
    const firstQuery = steps.map((s) => s.step.operation).find((op) => 'query' in op);
    if (firstQuery && 'query' in firstQuery) {
      w.scope = firstQuery.query.filters.filter((f) => f.values.length === 1).map((f) => valueLabel(w, f.dimension, f.values[0] ?? '')).join(w.t('', ', '));
    }
    const attribution = steps.some((s) => s.step.operation.kind === 'rank_contributors');
    const consumed = new Set(steps.flatMap((s) => s.step.depends_on));
    const lines: string[] = [];
    for (const record of steps) {
      // Intermediate results are reported through the steps that use them; failures always show.
      if (record.status === 'passed' && consumed.has(record.step.step_id) && record.step.operation.kind !== 'gap_contribution') continue;
      const line = attribution && record.status === 'passed' && record.step.operation.kind === 'metric' ? relatedLine(w, record) : describe(w, record);
      if (line) lines.push(line);
    }
    const scope = basis(w, steps);
    if (scope.length > 0) lines.push(w.t(`口径：${scope.join('；')}。`, `Basis: ${scope.join('; ')}.`));
    if (assumptions.length > 0) lines.push(w.t(`假设：${assumptions.join('；')}。`, `Assumptions: ${assumptions.join('; ')}.`));
    const notComputable = steps.some((s) => s.status !== 'passed');
    return {
      status: notComputable ? ('degraded' as const) : ('completed' as const),
      answer: lines.join('\n'),
      metrics: metricsOf(w, steps),
    };
  },
});
