/**
 * The report's words: section headings, the executive summary's sentences, the key metrics, the notes and the
 * answer. The data sections' lines (statistics, data quality, data scope) are in ./report-data.ts. The sections
 * that use them are src/report/sections/*.
 */
import { defineMessages } from './message';

export const REPORT_MESSAGES = defineMessages({
  'report.title': { zh: '分析报告：{question}', en: 'Analysis: {question}' },
  'report.heading.summary': { zh: '执行摘要', en: 'Executive summary' },
  'report.heading.key-metrics': { zh: '关键指标', en: 'Key metrics' },
  'report.heading.statistics': { zh: '统计检验', en: 'Statistics' },
  'report.heading.data-quality': { zh: '数据质量', en: 'Data quality' },
  'report.heading.data-scope': { zh: '数据范围', en: 'Data scope' },
  'report.heading.assumptions': { zh: '假设', en: 'Assumptions' },
  'report.heading.paths-excluded': { zh: '排除的路径', en: 'Paths excluded' },
  'report.heading.limitations': { zh: '局限', en: 'Limitations' },

  // The executive summary, written by rule.
  /** The segment values the question is about, between two values of one dimension. */
  'report.summary.value-separator': { zh: '、', en: '/' },
  /** Where the change happened; `scope` is empty for the whole business. */
  'report.summary.scope': { zh: '{scope}', en: ' in {scope}' },
  'report.summary.change': {
    zh: '{scope}{metric}从 {before} 变为 {after}（{change}）。',
    en: '{metric}{scope} moved from {before} to {after} ({change}).',
  },
  'report.summary.share-of-change': { zh: '，占变化的 {share}', en: ', {share} of the change' },
  'report.summary.related': { zh: '同期{metric}从 {from} 变为 {to}。', en: 'Over the same months, {metric} went from {from} to {to}.' },
  /** A trend's subject when the series is one segment's. */
  'report.summary.series-subject': { zh: '{series} {metric}', en: '{metric} of {series}' },
  /** What a significance test tested: the gap of a comparison, or the change otherwise. */
  'report.summary.tested.gap': { zh: '差距', en: 'gap' },
  'report.summary.tested.change': { zh: '变化', en: 'change' },
  'report.summary.significant': {
    zh: '{tested}在统计上显著（Welch t 检验 p {p}{effect}）。',
    en: "The {tested} is statistically significant (Welch's t-test p {p}{effect}).",
  },
  'report.summary.effect-size': { zh: "，Cohen's d {d}", en: ", Cohen's d {d}" },
  'report.summary.not-significant': {
    zh: '{tested}在统计上不显著（Welch t 检验 p {p}），不能排除随机波动。',
    en: "The {tested} is not statistically significant (Welch's t-test p {p}); chance is not ruled out.",
  },
  'report.summary.dirty-in-period': {
    zh: '数据质量检查在分析期间发现 {rows} 行问题数据{whole}，处理方式见“数据质量”。',
    en: 'The data-quality check found {rows} problem rows in the analysed period{whole}; see "Data quality" for how they were handled.',
  },
  'report.summary.dirty-whole-table': { zh: '（全表 {rows} 行）', en: ' ({rows} in the whole table)' },
  'report.summary.dirty-whole-tables': { zh: '（全表 {rows} 行）', en: ' ({rows} in the whole tables)' },
  'report.summary.dirty': {
    zh: '数据质量检查发现 {rows} 行问题数据，处理方式见“数据质量”。',
    en: 'The data-quality check found {rows} problem rows; see "Data quality" for how they were handled.',
  },
  'report.summary.partial-periods': {
    zh: '{periods} 数据不完整，未作为下降解读。',
    en: '{periods} is only partly loaded and is not read as a drop.',
  },
  'report.summary.nothing-verified': { zh: '没有通过复核、可以报告的数值。', en: 'No verified numbers to report.' },

  'report.key-metrics.interval': { zh: '（置信区间 {low} 至 {high}）', en: ' (confidence interval {low} to {high})' },

  'report.limitations.incomplete': {
    zh: '部分步骤未能计算，结论不完整',
    en: 'some steps could not be computed; the conclusions are partial',
  },
  'report.limitations.no-test': { zh: '未做显著性检验', en: 'no significance test was run' },
  'report.limitations.mismatched': {
    zh: '复核不一致，未引用：{calculation}',
    en: 'did not match its recomputation and is not cited: {calculation}',
  },

  // The answer the CLI prints.
  'report.answer.basis': { zh: '口径：{lines}。', en: 'Basis: {lines}.' },
  'report.answer.assumptions': { zh: '假设：{lines}。', en: 'Assumptions: {lines}.' },
  /** How the numbers are counted, in the basis of a Chinese answer: the time field and the window. */
  'report.answer.counted-by': { zh: '按{field}统计，{start} 至 {end}', en: 'counted by {field}, {start} to {end}' },
});
