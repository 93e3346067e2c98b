/** The lines of the report's data sections: statistics, data quality and data scope (src/report/sections/*). */
import { defineMessages } from './message';

export const REPORT_DATA_MESSAGES = defineMessages({
  'report.statistics.compared': { zh: '比较：{compared}', en: 'Compared: {compared}' },
  'report.statistics.welch': { zh: 'Welch 双样本 t 检验', en: 'Welch two-sample t-test' },
  'report.statistics.difference-interval': {
    zh: '差值的置信区间：{low} 至 {high}',
    en: 'Confidence interval of the difference: {low} to {high}',
  },
  'report.statistics.effect-size': { zh: "效应量 Cohen's d：{d}", en: "Effect size (Cohen's d): {d}" },
  'report.statistics.interval-of': { zh: '{label} 的置信区间：{low} 至 {high}', en: 'Confidence interval of {label}: {low} to {high}' },
  'report.statistics.sample-sizes': { zh: '样本量：{before} 与 {after}', en: 'Sample sizes: {before} and {after}' },
  'report.statistics.significant': {
    zh: '结论：在常用的百分之五显著性水平下显著',
    en: 'Conclusion: significant at the conventional five percent level',
  },
  'report.statistics.not-significant': {
    zh: '结论：在常用的百分之五显著性水平下不显著',
    en: 'Conclusion: not significant at the conventional five percent level',
  },

  'report.dq.rows-in-period': {
    zh: '{table} 表：分析期间 {rows} 行（按 {placement} 归入期间）',
    en: '{table}: {rows} rows in the analysed period (placed in it by {placement})',
  },
  'report.dq.rows': { zh: '{table} 表共 {rows} 行', en: '{table}: {rows} rows' },
  'report.dq.rows-whole-table': {
    zh: '{table} 表共 {rows} 行（无法按期间划分，按全表计）',
    en: '{table}: {rows} rows (its rows cannot be placed in the period: counted over the whole table)',
  },
  'report.dq.excluded': { zh: '，已被指标口径排除', en: ', kept out by the metric filters' },
  'report.dq.still-counted': {
    zh: '，仍计入指标（按该维度分组时归入“缺失”）',
    en: ', still counted (a "missing" group when grouped by it)',
  },
  /** "3 of 1,204 rows in the period; 17 in the whole table". */
  'report.dq.check-in-period': {
    zh: '{check}：分析期间 {found} 行（共 {rows} 行）；全表 {all} 行{handling}',
    en: '{check}: {found} of {rows} rows in the period; {all} in the whole table{handling}',
  },
  /** A table too large to count whole: the period's count alone, and why. */
  'report.dq.check-in-period-only': {
    zh: '{check}：分析期间 {found} 行（共 {rows} 行；全表过大，未统计）{handling}',
    en: '{check}: {found} of {rows} rows in the period (the whole table is too large to count){handling}',
  },
  'report.dq.check': { zh: '{check}：{all}{handling}', en: '{check}: {all}{handling}' },
  'report.dq.none-found': { zh: '未发现：{checks}', en: 'None found: {checks}' },
  'report.dq.partial': { zh: '{period} 不完整：仅 {days} 天有数据{last}', en: '{period} is partial: data for {days} days{last}' },
  'report.dq.partial-some': { zh: '部分', en: 'some' },
  'report.dq.partial-last': { zh: '，最后一天为 {day}', en: ', the last on {day}' },
  /** How rows are placed in the period, as the data-quality agent writes it (src/activities/quality.ts). */
  'report.dq.placed-by-fallback': { zh: '{field}（为空时按 {fallback}）', en: '{field} ({fallback} where {field} is empty)' },
  'report.dq.placed-through': { zh: '{field}（经由 {through}）', en: '{field} through {through}' },

  'report.scope.period': { zh: '期间：{start} 至 {end}', en: 'Period: {start} to {end}' },
  'report.scope.filter': { zh: '筛选：{filter}', en: 'Filter: {filter}' },
  'report.scope.dirty-in-period': {
    zh: '{table} 中的问题数据：分析期间 {period} 行，全表 {all} 行（见“数据质量”）',
    en: 'Problem rows in {table}: {period} in the analysed period, {all} in the whole table (see "Data quality")',
  },
  'report.scope.dirty': { zh: '{table} 中的问题数据：{all} 行（见“数据质量”）', en: 'Problem rows in {table}: {all} (see "Data quality")' },
  /** A filter on the time field: its meaning and the window. */
  'report.scope.window': { zh: '{field}在 {start} 至 {end} 之间', en: '{field}: {start} to {end}' },
  'report.scope.named-period': { zh: '{name}（{start} 至 {end}）', en: '{name} ({start} to {end})' },
  'report.scope.compared-periods': { zh: '比较的期间：{periods}', en: 'compared periods: {periods}' },
});
