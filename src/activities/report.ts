/**
 * Report agent: the last runner of the relay. It receives the analysis output, the
 * SQL steps' data scope (filters, result shapes, anomalies) and the user's intent,
 * and writes the report and the answer in the question's language.
 */
import { defineAgent } from '../agent';
import type { Catalog } from '../catalog/catalog';
import { ReportInput, ReportOutput, type DataScope } from '../contracts';
import { catalogFor } from '../sources';

/** The definition the numbers follow: the metric's filters and time field, in Chinese from the catalog. */
function basis(scope: DataScope, catalog: Catalog, zh: boolean): string[] {
  const query = scope.primary_query;
  if (!zh || !query) return scope.filters;
  const metric = catalog.metrics[query.metric];
  if (!metric) return scope.filters;
  const timeField = catalog.time_fields[metric.time_field];
  const lastDay = new Date(Date.parse(`${query.window.end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return [
    ...metric.filters.map((f) => f.description_zh ?? f.description),
    `按${timeField?.meaning_zh ?? metric.time_field}统计，${query.window.start} 至 ${lastDay}`,
    ...query.filters.map((f) => `${f.dimension} ${f.values.length === 1 ? '=' : 'in'} ${f.values.join('、')}`),
  ];
}

export const writeReport = defineAgent({
  name: 'report',
  input: ReportInput,
  output: ReportOutput,
  run: ({ task_id, analysis, data_scope, user_intent, catalogPath }) => {
    const zh = user_intent.intent.language === 'zh';
    const t = (c: string, e: string) => (zh ? c : e);
    const scopeLines = basis(data_scope, catalogFor(catalogPath), zh);
    const findings = analysis.findings.map((f) => f.summary);
    const sections = [
      { heading: t('结论', 'Findings'), body: findings.join('\n') },
      { heading: t('数据范围', 'Data scope'), body: [...scopeLines, ...data_scope.result_shapes.map((r) => `${r.task_id}: ${r.shape[0]} × ${r.shape[1]}`)].join('\n') },
      { heading: t('假设', 'Assumptions'), body: analysis.assumptions_made.join('\n') },
      { heading: t('排除的路径', 'Paths excluded'), body: analysis.paths_excluded.join('\n') },
      { heading: t('下一步建议', 'Suggested next steps'), body: analysis.next_steps_suggested.join('\n') },
    ].filter((s) => s.body.length > 0);
    const limitations = [
      ...(analysis.complete ? [] : [t('部分步骤未能计算，结论不完整', 'some steps could not be computed; the conclusions are partial')]),
      ...(analysis.statistical_tests.length === 0 ? [t('未做显著性检验', 'no significance tests were run')] : []),
      ...(analysis.context_note ? [analysis.context_note] : []),
      ...data_scope.anomalies,
    ];
    const chart = { attribution: 'waterfall of effects', comparison: 'grouped bar', trend: 'line', distribution: 'bar' }[analysis.analysis_type];
    const answer = [
      ...findings,
      ...(scopeLines.length > 0 ? [t(`口径：${scopeLines.join('；')}。`, `Basis: ${scopeLines.join('; ')}.`)] : []),
      ...(analysis.assumptions_made.length > 0 ? [t(`假设：${analysis.assumptions_made.join('；')}。`, `Assumptions: ${analysis.assumptions_made.join('; ')}.`)] : []),
    ].join('\n');
    return {
      task_id,
      input_task_id: analysis.task_id,
      title: t(`分析：${user_intent.question}`, `Analysis: ${user_intent.question}`),
      sections,
      key_metrics: analysis.key_metrics.slice(0, 12).map((m) => ({ name: m.label, value: m.value })),
      visualizations_needed: analysis.findings.length > 0 ? [{ kind: chart, title: user_intent.question, data_ref: analysis.input_task_id }] : [],
      limitations,
      status: analysis.complete ? ('completed' as const) : ('degraded' as const),
      answer: answer || t('没有可报告的结论。', 'Nothing to report.'),
    };
  },
});
