/** Answer agent: turns validated step results into the final answer, in the question's language. */
import { defineAgent } from '../agent';
import { AnswerInput, AnswerOutput, type AnswerMetric, type Language, type StepRecord } from '../contracts';
import type { Catalog, MetricDefinition } from '../catalog/catalog';
import { catalogFor } from '../sources';

export function formatValue(value: number | null, metric: MetricDefinition | undefined, language: Language): string {
  if (value === null) return language === 'zh' ? '无数据' : 'no data';
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

function describeStep(record: StepRecord, metric: MetricDefinition | undefined, language: Language): string {
  const { query } = record.step;
  const label = language === 'zh' ? (metric?.label_zh ?? query.metric) : (metric?.label ?? query.metric);
  const period = language === 'zh' ? query.window.label_zh : query.window.label_en;
  const scope = query.filters.map((f) => f.value).join(language === 'zh' ? '、' : ', ');
  if (record.status === 'failed' || !record.result) {
    return language === 'zh'
      ? `${period}${scope}的${label}无法计算：${record.error ?? '校验未通过'}。`
      : `${label} for ${period}${scope ? ` (${scope})` : ''} could not be computed: ${record.error ?? 'validation failed'}.`;
  }
  const rows = record.result.rows;
  if (query.group_by.length === 0) {
    const value = formatValue(typeof rows[0]?.value === 'number' ? rows[0].value : null, metric, language);
    return language === 'zh'
      ? `${period}${scope ? `${scope}` : ''}的${label}为 ${value}。`
      : `${label}${scope ? ` in ${scope}` : ''} for ${period} was ${value}.`;
  }
  const parts = rows.map((r) => {
    const key = query.group_by.map((g) => String(r[g] ?? (language === 'zh' ? '(缺失)' : '(missing)'))).join(' / ');
    return `${key} ${formatValue(typeof r.value === 'number' ? r.value : null, metric, language)}`;
  });
  return language === 'zh'
    ? `${period}${scope}按${query.group_by.join('、')}的${label}：${parts.join('；')}。`
    : `${label}${scope ? ` in ${scope}` : ''} for ${period} by ${query.group_by.join(', ')}: ${parts.join('; ')}.`;
}

/** The first computed step's definition in Chinese: the metric's filters and the time field it is booked on. */
function chineseBasis(steps: StepRecord[], catalog: Catalog): string[] {
  const step = steps.find((s) => s.result)?.step;
  const metric = step ? catalog.metrics[step.query.metric] : undefined;
  if (!step || !metric) return [];
  const timeField = catalog.time_fields[metric.time_field];
  const lastDay = new Date(Date.parse(`${step.query.window.end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return [
    ...metric.filters.map((f) => f.description_zh ?? f.description),
    `按${timeField?.meaning_zh ?? metric.time_field}统计，${step.query.window.start} 至 ${lastDay}`,
    ...step.query.filters.map((f) => `${f.dimension} = ${f.value}`),
  ];
}

export const composeAnswer = defineAgent({
  name: 'answer',
  input: AnswerInput,
  output: AnswerOutput,
  run: ({ intent, assumptions, steps, catalogPath }) => {
    const catalog = catalogFor(catalogPath);
    const language = intent.language;
    const lines: string[] = [];
    const metrics: AnswerMetric[] = [];
    for (const record of steps) {
      const metric = catalog.metrics[record.step.query.metric];
      lines.push(describeStep(record, metric, language));
      if (record.status === 'passed' && record.result && record.step.query.group_by.length === 0) {
        const value = record.result.rows[0]?.value;
        metrics.push({
          name: record.step.query.metric,
          label: metric?.label ?? record.step.query.metric,
          value: typeof value === 'number' ? value : null,
          unit: metric?.unit ?? null,
          period: record.step.query.window.label_en,
          filters: record.result.filters_applied,
        });
      }
    }
    const scope = steps.find((s) => s.result)?.result?.filters_applied ?? [];
    const basis = language === 'zh' ? `口径：${chineseBasis(steps, catalog).join('；')}。` : `Basis: ${scope.join('; ')}.`;
    const notes = assumptions.length > 0 ? [language === 'zh' ? `假设：${assumptions.join('；')}。` : `Assumptions: ${assumptions.join('; ')}.`] : [];
    const anyFailed = steps.some((s) => s.status === 'failed');
    return {
      status: anyFailed ? ('degraded' as const) : ('completed' as const),
      answer: [...lines, ...(scope.length > 0 ? [basis] : []), ...notes].join('\n'),
      metrics,
    };
  },
});
