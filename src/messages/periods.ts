/**
 * How the rules model words the period it chose and the plans it made (src/model/rules/): the period a question
 * was answered for when it named none, why a period cannot be answered, and the plans' questions back.
 */
import { defineMessages } from './message';

export const PERIOD_MESSAGES = defineMessages({
  'analysis.period.all_time': { zh: '全部时间', en: 'all time' },
  'analysis.period.invalid': { zh: '时间范围有误：{problem}', en: 'the period is not valid: {problem}' },
  'analysis.period.no_rows': { zh: '{metric}没有任何数据（{column} 为空）', en: 'there is no {metric} data at all ({column} is empty)' },
  'analysis.period.covers': { zh: '数据覆盖 {first} 至 {last}', en: 'the data covers {first} – {last}' },
  'analysis.period.no_data_in': { zh: '{period}没有{metric}数据；{covers}', en: 'there is no {metric} data in {period}; {covers}' },
  'analysis.period.partly_covered': {
    zh: '{period}只有部分期间有数据（{covers}）',
    en: '{period} is only partly covered by the data ({covers})',
  },
  'analysis.period.suggest': {
    zh: '请问一个有数据的期间，例如“{month}的{metric}”或“累计{metric}”。',
    en: 'Ask about a period the data covers, for example "{metric} in {month}" or "{metric}, all time".',
  },
  'analysis.period.suggest.any': { zh: '请换一个有数据的期间再问。', en: 'Please ask about a period the data covers.' },
  'analysis.period.assume.six_months_to': {
    zh: '按截至{named}的六个完整月（{period}）观察变化',
    en: 'looked at the six full months {period}',
  },
  'analysis.period.assume.six_calendar_months': {
    zh: '按最近六个完整月（{period}）观察变化',
    en: 'looked at the six full months {period}',
  },
  'analysis.period.assume.calendar_month': {
    zh: '问题未给出时间范围，按最近一个完整月（{period}）计算',
    en: 'no period given; used the last full month ({period})',
  },
  'analysis.period.assume.six_latest_months': {
    zh: '问题未给出时间范围，按有数据的最近六个完整月（{period}）观察变化',
    en: 'no period given; looked at the six latest full months with data ({period})',
  },
  'analysis.period.assume.latest_month': {
    zh: '问题未给出时间范围，按有数据的最近一个完整月（{period}）计算',
    en: 'no period given; used the latest full month with data ({period})',
  },
  'analysis.period.assume.all_time': {
    zh: '问题未给出时间范围，按全部数据（{dates}）计算',
    en: 'no period given; used all of the data ({dates})',
  },
});

/** The share planner's wording (src/model/rules/plan-share.ts). */
export const SHARE_MESSAGES = defineMessages({
  'analysis.share.step': {
    zh: '{metric}中各{dimension}的占比 · {period}{scope}',
    en: 'share of {metric} by {dimension} · {period}{scope}',
  },
  'analysis.share.step.value': {
    zh: '{values}占{metric}的比例（与其他{dimension}并列）· {period}{scope}',
    en: 'share of {metric} from {values} (beside the other {dimension} values) · {period}{scope}',
  },
  'analysis.share.expected': { zh: '每个{dimension}一行，含值与占比', en: 'one row per {dimension} with its value and share' },
  'analysis.share.no_dimension': {
    zh: '问题问的是占比，但没有说明按什么划分：目录里没有“{words}”',
    en: 'the question asks for a share, but of what: the catalog has no value "{words}"',
  },
  'analysis.share.no_dimension.any': {
    zh: '问题问的是占比，但没有说明是哪个值或哪个维度',
    en: 'the question asks for a share, but names no value or dimension to take it of',
  },
  'analysis.share.which': { zh: '想看哪一部分的占比？目录中有：{values}。', en: 'A share of which part? The catalog has: {values}.' },
  'analysis.share.which.dimension': { zh: '{dimension}：{values}', en: '{dimension}: {values}' },
  'analysis.share.which.separator': { zh: '；', en: '; ' },
  'analysis.share.ratio': {
    zh: '{metric}是比率，没有“占总体的比例”；可以问其分子指标的占比',
    en: '{metric} is a ratio, which has no share of a total; ask for the share of the metric it divides',
  },
  'analysis.share.ratio.question': {
    zh: '想看哪个可相加指标的占比？例如：{metrics}。',
    en: 'A share of which additive metric? For example: {metrics}.',
  },
});

/** The plan's own checks (src/model/rules/index.ts): fan-out, a ranking's count, the number of steps. */
export const PLAN_MESSAGES = defineMessages({
  'analysis.plan.finer': {
    zh: '按{dimensions}时，{metric}按更细的{finer}计算（否则一行会被重复计数）',
    en: 'by {dimensions}, {metric} is computed as {finer} (the finer table), so no row is counted twice',
  },
  'analysis.plan.counted_once': {
    zh: '按{dimensions}时，每条{table}记录在它涉及的每个分组里各计一次（不按明细重复计数）；一条记录可属于多个分组，各组之和可能大于总数',
    en: 'by {dimensions}, each {table} row counts once in every group it has lines in (never once per line); a row can belong to several groups, so the groups can add up to more than the total',
  },
  'analysis.plan.distinct': {
    zh: '按{dimensions}时，{metric}在其出现的每个分组里各计一次；各组之和可能大于总数',
    en: 'by {dimensions}, {metric} counts each one once in every group it appears in, so the groups can add up to more than the total',
  },
  'analysis.plan.filtered_once': {
    zh: '筛选{dimensions}时，统计至少有一条匹配明细的{table}记录，每条只计一次',
    en: 'filtered by {dimensions}, {metric} counts each {table} row with at least one matching line once',
  },
  'analysis.plan.rank_count': {
    zh: '排名数量 {n} 无效：应在 1 到 1000 之间',
    en: 'a ranking of {n} is not possible: ask for between 1 and 1000',
  },
  'analysis.plan.rank_count.question': {
    zh: '想看{dimensions}的前几名？例如“前 5 名”。',
    en: 'How many {dimensions} should the ranking show? For example "top 5".',
  },
  'analysis.plan.a_dimension': { zh: '一个维度', en: 'a dimension' },
  'analysis.plan.too_many_steps': {
    zh: '回答这个问题需要 {steps} 步，超过上限 {limit} 步',
    en: 'answering this would take {steps} steps, more than the limit of {limit}',
  },
  'analysis.plan.too_many_steps.question': {
    zh: '问题涉及 {count} 个指标（{metrics}），请拆成几个更小的问题，或告诉我最关心哪几个指标。',
    en: 'The question covers {count} metrics ({metrics}). Could you split it into smaller questions, or say which metrics matter most?',
  },
  'analysis.plan.ranking_only.many': {
    zh: '{dimension}的值太多，无法全部列出；这个维度只用于排名',
    en: '{dimension} has too many values to list; it is offered for rankings only',
  },
  'analysis.plan.ranking_only.count': {
    zh: '{dimension}有 {count} 个值，无法全部列出；这个维度只用于排名',
    en: '{dimension} has {count} values, too many to list; it is offered for rankings only',
  },
  'analysis.plan.ranking_only.question': {
    zh: '要看{metric}最高的前 10 个{dimension}吗？例如“{metric}最高的前10个{dimension}”。',
    en: 'Would the top 10 {dimension} by {metric} do? For example "top 10 {dimension} by {metric}".',
  },
});

/** The plans' step descriptions (src/model/rules/plan-*.ts) and the names of the time grains in them. */
export const STEP_MESSAGES = defineMessages({
  'analysis.grain.year': { zh: '年', en: 'year' },
  'analysis.grain.quarter': { zh: '季度', en: 'quarter' },
  'analysis.grain.month': { zh: '月份', en: 'month' },
  'analysis.grain.week': { zh: '周', en: 'week' },
  'analysis.grain.day': { zh: '日', en: 'day' },
  'analysis.grain.period': { zh: '期间', en: 'period' },
  'analysis.series.year': { zh: '按年', en: 'yearly' },
  'analysis.series.quarter': { zh: '按季度', en: 'quarterly' },
  'analysis.series.month': { zh: '按月', en: 'monthly' },
  'analysis.series.week': { zh: '按周', en: 'weekly' },
  'analysis.series.day': { zh: '按天', en: 'daily' },
  'analysis.step.by': { zh: '，按{dimensions}', en: ', by {dimensions}' },
  'analysis.step.top': { zh: '，最高的 {n} 个', en: ', top {n}' },
  'analysis.step.bottom': { zh: '，最低的 {n} 个', en: ', bottom {n}' },
  'analysis.step.series': { zh: '{metric}{unit}序列 · {period}{scope}', en: '{unit} {metric} · {period}{scope}' },
  'analysis.step.trend': {
    zh: '{metric}的走势：方向、连续变化期数、拐点',
    en: '{metric} trend: direction, consecutive {grain}s, change points',
  },
  'analysis.step.two_periods': { zh: '{metric}：{before} 与 {after}{scope}', en: '{metric}: {before} and {after}{scope}' },
  'analysis.step.change': { zh: '{metric}的变化：{after} 对比 {before}', en: 'change in {metric}: {after} against {before}' },
  'analysis.step.split': { zh: '划分{a}与{b}（{description}）· {period}', en: 'split into {a} and {b} ({description}) · {period}' },
  'analysis.step.monthly_segments': { zh: '各月{a}与{b}的{metric}', en: 'monthly {metric} by {dimension}' },
  'analysis.step.gap': {
    zh: '各{dimension}对{a}与{b}{metric}差异的贡献',
    en: "each {dimension}'s contribution to the {metric} gap between {a} and {b}",
  },
  'analysis.step.top_contributors': { zh: '贡献最大的 {n} 个{dimension}', en: 'the {n} {dimension} values contributing most' },
  'analysis.step.compare_segments': { zh: '比较{a}与{b}的{metric}', en: 'compare {metric}: {a} vs {b}' },
  'analysis.step.both': { zh: '{a}与{b}', en: '{a} and {b}' },
  'analysis.step.months': { zh: '{metric} · {months}{scope}', en: '{metric} · {months}{scope}' },
  'analysis.step.compare_months': { zh: '比较两个月的{metric}', en: 'compare {metric} between the two months' },
  'analysis.step.change_of': { zh: '{metric}：{before} 与 {after}', en: '{metric}: {before} vs {after}' },
  'analysis.step.change_of.scoped': { zh: '{scope}{metric}：{before} 与 {after}', en: '{metric} in {scope}: {before} vs {after}' },
  'analysis.step.decompose': {
    zh: '按{dimension}分解变化（结构效应与比率效应）',
    en: 'decompose the change by {dimension} (mix and rate effects)',
  },
  'analysis.step.rank': { zh: '排序贡献最大的因素', en: 'rank the largest contributors' },
  'analysis.step.related': { zh: '相关指标{metric}：{before} 与 {after}', en: 'related metric {metric}: {before} vs {after}' },
});

/** Every message of the rules model, for the catalog (src/messages/catalog.ts). */
export const RULES_MESSAGES = { ...PERIOD_MESSAGES, ...SHARE_MESSAGES, ...PLAN_MESSAGES, ...STEP_MESSAGES } as const;
