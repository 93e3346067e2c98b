/**
 * The words of the agents that write for people besides the report: the statistics agent (src/activities/
 * statistics.ts), the data-quality agent (src/activities/quality.ts) and the analysis agent (src/activities/analysis.ts).
 */
import { defineMessages } from './message';

export const AGENT_MESSAGES = defineMessages({
  'stats.no-samples': { zh: '问题没有可比较的两个样本，未做显著性检验', en: 'the question compares no two samples; no significance test' },
  'stats.no-samples-summary': { zh: '无可比较样本，未检验', en: 'nothing to compare; no test' },
  'stats.failed': { zh: '未做显著性检验：{reason}', en: 'no significance test: {reason}' },
  'stats.failed-summary': { zh: '未检验', en: 'no test' },
  // No counts in these: the report's auditor reads every number as a claim to cite (periods are dates, not claims).
  'stats.no-data': {
    zh: '未做显著性检验：{period} 及之前可比较的月份没有数据',
    en: 'no significance test: {period} and the months before it hold no data to compare',
  },
  'stats.too-few': {
    zh: '未做显著性检验：{before} 和 {after} 需各有至少两个取值',
    en: 'no significance test: {before} and {after} each need at least two values',
  },
  'stats.compared': { zh: '{metric}：{after} 对比 {before}', en: '{metric}: {after} vs {before}' },
  'stats.unit.entity': { zh: '每个对象', en: 'per entity' },
  'stats.unit.row': { zh: '每行', en: 'per row' },
  'stats.unit.day': { zh: '每日', en: 'per day' },
  /** Daily totals test the mean day: their intervals are labelled so. */
  'stats.daily-mean': { zh: '日均', en: ' (daily mean)' },
  'stats.calc.p-value': { zh: '{compared} 的 p 值（Welch t 检验）', en: "p-value of {compared} (Welch's t-test)" },
  'stats.calc.cohens-d': { zh: "效应量 Cohen's d", en: "effect size (Cohen's d)" },
  'stats.calc.ci-low': {
    zh: '{daily}差值置信区间下限（置信水平九十五）',
    en: 'lower bound of the difference{daily} (ninety-five percent interval)',
  },
  'stats.calc.ci-high': {
    zh: '{daily}差值置信区间上限（置信水平九十五）',
    en: 'upper bound of the difference{daily} (ninety-five percent interval)',
  },
  'stats.calc.statistic': { zh: 't 统计量', en: 't statistic' },
  'stats.calc.sample-size': { zh: '{sample} 样本量', en: 'sample size, {sample}' },
  'stats.calc.after-ci-low': {
    zh: '{metric}{daily} {sample} 置信区间下限',
    en: '{metric}{daily} {sample}, lower bound (ninety-five percent)',
  },
  'stats.calc.after-ci-high': {
    zh: '{metric}{daily} {sample} 置信区间上限',
    en: '{metric}{daily} {sample}, upper bound (ninety-five percent)',
  },
  'stats.thinned': {
    zh: '{sample} 的样本超过可读取的单位上限：检验基于确定性抽样（按单位键的 hashtext 哈希值保留固定比例的单位，同样的数据得到同样的样本）',
    en: 'the {sample} sample is over the limit of units read: the test is run on a deterministic sample of it (units kept by the hashtext hash of their key, a fixed share, so the same data gives the same sample)',
  },
  'stats.test-unit': {
    zh: '检验单位：{unitWord}（{values}），两样本方差不假设相等',
    en: 'test unit: {unit} ({values}); the two variances are not assumed equal',
  },
  'stats.values.day': { zh: '每日合计', en: 'daily totals' },
  'stats.values.entity': { zh: '每个对象一个值', en: 'one value each' },
  'stats.values.row': { zh: '每行一个值', en: 'one value each' },
  'stats.days-without-data': { zh: '无数据的日期不计入样本', en: 'days without data are not in the samples' },
  'stats.not-significant': {
    zh: '差异在显著性水平下不显著：不能排除随机波动',
    en: 'the difference is not significant at the chosen level: chance is not ruled out',
  },
  'stats.summary': {
    zh: '{compared}：{verdict}（p={p}，d={d}，n={nBefore}/{nAfter}）',
    en: '{compared}: {verdict} (p={p}, d={d}, n={nBefore}/{nAfter})',
  },
  'stats.verdict.significant': { zh: '显著', en: 'significant' },
  'stats.verdict.not-significant': { zh: '不显著', en: 'not significant' },

  'quality.count.whole-table': { zh: '{what}（全表）', en: '{what} (whole table)' },
  'quality.count.in-period': { zh: '{what}（分析期间）', en: '{what} (in the analysed period)' },
  'quality.rows': { zh: '{table} 表行数', en: 'rows in {table}' },
  'quality.dirty-rows': { zh: '{table} 表中至少违反一条规则的行', en: 'rows of {table} failing at least one rule' },
  'quality.days-with-data': { zh: '{period} 有数据的天数', en: 'days of {period} with data' },
  'quality.summary': { zh: '检查 {tables}：{found}{partial}', en: 'checked {tables}: {found}{partial}' },
  'quality.summary.check': { zh: '{check} 分析期间 {rows} 行（{whole}）', en: '{rows} {check} in the period ({whole})' },
  'quality.summary.whole-not-counted': { zh: '全表过大未统计', en: 'the whole table not counted: too large' },
  'quality.summary.whole': { zh: '全表 {rows} 行', en: '{rows} in the whole table' },
  'quality.summary.nothing-found': { zh: '未发现问题行', en: 'no failing rows' },
  'quality.summary.partial': { zh: '；不完整期间：{periods}', en: '; partial periods: {periods}' },
  'quality.summary.partial-period': { zh: '{period}（{covered}/{expected} 天）', en: '{period} ({covered} of {expected} days)' },
  'quality.still-counted': {
    zh: '{check}仍计入指标；按该维度分组时归入“缺失”组',
    en: '{check} still count in the metrics; grouped by that dimension they form a "missing" group',
  },
  'quality.excluded': { zh: '{check}已被指标口径排除', en: '{check} are kept out by the metric filters' },
  'quality.partial': {
    zh: '{period} 数据不完整（最后一天有数据为 {last}），不与完整月份比较',
    en: '{period} is only partly loaded (last day with data: {last}); not compared with full months',
  },
  'quality.partial.no-day': { zh: '无', en: 'none' },

  'analysis.dependency-failed': { zh: '依赖的步骤未能完成', en: 'a step it depends on could not be computed' },
  'analysis.validation-failed': { zh: '校验未通过', en: 'validation failed' },
  'analysis.not-computed': {
    zh: '步骤 {step}（{description}）无法计算：{why}。',
    en: 'Step {step} ({description}) could not be computed: {why}.',
  },
  'analysis.not-concluded': { zh: '{step} 未计算，相关结论不成立', en: '{step} was not computed; nothing is concluded from it' },
  'analysis.contradiction': { zh: '矛盾：{contradiction}', en: 'Contradiction: {contradiction}' },
  'analysis.next.break-down-segment': {
    zh: '按其他维度（渠道、品类）继续拆解主要贡献分群',
    en: 'break the main contributing segment down by further dimensions (channel, category)',
  },
  'analysis.next.test-change': { zh: '检验变化是否显著', en: 'test whether the change is statistically significant' },
  'analysis.next.break-down-gap': { zh: '按其他维度拆解差距', en: 'break the gap down by further dimensions' },
  'analysis.next.test-gap': { zh: '检验分群差异是否显著', en: 'test whether the gap between segments is significant' },
  'analysis.next.attribute-latest': { zh: '对最近一次变化做归因', en: 'attribute the latest month-over-month change' },
  'analysis.next.previous-period': { zh: '与上一周期对比', en: 'compare with the previous period' },
  'analysis.no-rows': {
    zh: '没有符合条件的数据（{where}），无法给出数值；请换一个期间或筛选条件。',
    en: 'no rows match ({where}), so there is no value to give; ask about another period or filter.',
  },
});
