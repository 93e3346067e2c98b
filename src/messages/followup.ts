/**
 * The follow-up reader's wording (src/model/followup): the standalone questions it writes for a follow-up (read by
 * the rules planner like any question, so their words are the planner's own: "by", "top", "compared with", 按, 最高的,
 * 相比), and what it asks back when a message has nothing to resolve against or words the catalog cannot map.
 */
import { defineMessages } from './message';

export const FOLLOWUP_MESSAGES = defineMessages({
  // ------------------------------------------------------------ the standalone question's parts
  'followup.q.filter': { zh: '{values}的', en: ' for {values}' },
  /** Values a filter leaves out, as a question names them: 美国以外的 / excluding USA. */
  'followup.q.filter-out': { zh: '{values}以外的', en: ' excluding {values}' },
  'followup.q.or': { zh: '和', en: ' or ' },
  'followup.q.and': { zh: '和', en: ' and ' },
  'followup.q.by': { zh: '按{dimension}', en: ' by {dimension}' },
  'followup.q.period': { zh: '{label}', en: ' in {label}' },
  'followup.q.all-time': { zh: '累计', en: ' in total' },
  'followup.q.grain.year': { zh: '按年', en: ' by year' },
  'followup.q.grain.quarter': { zh: '按季度', en: ' by quarter' },
  'followup.q.grain.month': { zh: '按月', en: ' by month' },
  'followup.q.grain.week': { zh: '按周', en: ' by week' },
  'followup.q.grain.day': { zh: '按天', en: ' by day' },
  'followup.q.unit.year': { zh: '一年', en: 'year' },
  'followup.q.unit.quarter': { zh: '个季度', en: 'quarter' },
  'followup.q.unit.month': { zh: '个月', en: 'month' },
  'followup.q.unit.week': { zh: '一周', en: 'week' },
  'followup.q.unit.day': { zh: '一天', en: 'day' },
  /** A value or breakdown: 2024年美国按流派统计销售额 / revenue for USA by genre in 2024. */
  'followup.q.query': { zh: '{period}{filters}{by}统计{metrics}', en: '{metrics}{filters}{by}{period}' },
  /** Each group's share of the total: 2024年美国按流派的曲目销售额占比 / share of track revenue for USA by genre in 2024. */
  'followup.q.share': { zh: '{period}{filters}{by}的{metrics}占比', en: 'share of {metrics}{filters}{by}{period}' },
  /** A ranking: 2024年美国销售额最高的 5 个流派 / revenue for USA by genre in 2024 (top 5). */
  'followup.q.top': { zh: '{period}{filters}{metrics}最高的 {n} 个{dimension}', en: '{metrics}{filters} by {dimension}{period} (top {n})' },
  'followup.q.bottom': {
    zh: '{period}{filters}{metrics}最低的 {n} 个{dimension}',
    en: '{metrics}{filters} by {dimension}{period} (bottom {n})',
  },
  /** A ranking over the first of several breakdowns: 2024年按流派按媒体类型统计销量（前 3 名）. */
  'followup.q.top-many': {
    zh: '{period}{filters}按{dimension}{others}统计{metrics}（前 {n} 名）',
    en: '{metrics}{filters} by {dimension}{others}{period} (top {n})',
  },
  'followup.q.bottom-many': {
    zh: '{period}{filters}按{dimension}{others}统计{metrics}（倒数 {n} 名）',
    en: '{metrics}{filters} by {dimension}{others}{period} (bottom {n})',
  },
  /** Which period ranks first: 2024年哪个月销售额最高 / which month had the highest revenue in 2024. */
  'followup.q.which-top': { zh: '{period}{filters}哪{unit}{metrics}最高', en: 'which {unit} had the highest {metrics}{filters}{period}' },
  'followup.q.which-bottom': { zh: '{period}{filters}哪{unit}{metrics}最低', en: 'which {unit} had the lowest {metrics}{filters}{period}' },
  /** Two periods: 2024年与2023年相比美国的销售额 / revenue for USA in 2024 compared with 2023. */
  'followup.q.compare': {
    zh: '{period}与{before}相比{filters}{by}{metrics}',
    en: '{metrics}{filters}{by}{period} compared with {before}',
  },
  /** A series: 2024年美国销售额的走势 / revenue trend for USA in 2024. */
  'followup.q.trend': { zh: '{period}{filters}{by}{grain}{metrics}的走势', en: '{metrics} trend{filters}{by}{grain}{period}' },
  /** A why: 为什么2024年9月美国的销售额变化了，按国家 / why did revenue for USA change in September 2024 by country. */
  'followup.q.why': { zh: '为什么{period}{filters}{metrics}变化了{by}', en: 'why did {metrics}{filters} change{period}{by}' },
  'followup.q.why-against': {
    zh: '为什么{period}与{before}相比{filters}{metrics}变化了{by}',
    en: 'why did {metrics}{filters} change{period} compared with {before}{by}',
  },
  'followup.q.why-by': { zh: '，按{dimension}', en: ' by {dimension}' },

  // ------------------------------------------------------------ asked back
  'followup.clarify.no-thread.reason': {
    zh: '“{message}”是接着上一个问题问的，但这个会话还没有可以接着问的回答',
    en: '"{message}" follows up on an earlier answer, but this session has none yet',
  },
  'followup.clarify.no-thread.question': {
    zh: '请先完整地问一个问题，例如：{example}',
    en: 'Please ask a whole question first, for example: {example}',
  },
  'followup.clarify.unmapped.reason': {
    zh: '无法把{words}对应到目录中的指标、维度或取值',
    en: 'cannot map {words} to a metric, dimension or value of the catalog',
  },
  'followup.clarify.unmapped.question': {
    zh: '目录中有这些指标：{metrics}；维度：{dimensions}。您指的是哪一个？{near}',
    en: 'The catalog has these metrics: {metrics}; dimensions: {dimensions}. Which one do you mean?{near}',
  },
  'followup.clarify.near': { zh: '（相近的有：{terms}）', en: ' (close: {terms})' },
  'followup.clarify.quoted': { zh: '“{word}”', en: '"{word}"' },
  'followup.clarify.list': { zh: '、', en: ', ' },
  'followup.clarify.nothing.reason': {
    zh: '看不出“{message}”要改上一个回答（{statement}）的哪一部分',
    en: 'cannot tell what "{message}" changes in the last answer ({statement})',
  },
  'followup.clarify.nothing.question': {
    zh: '要换指标、期间、筛选、分组还是排名？例如：{example}',
    en: 'Should I change the metric, the period, a filter, the breakdown or the ranking? For example: {example}',
  },
  'followup.clarify.no-breakdown.reason': {
    zh: '上一个回答（{statement}）没有按维度分组，“{message}”无从排名',
    en: 'the last answer ({statement}) has no breakdown for "{message}" to rank',
  },
  'followup.clarify.no-breakdown.question': {
    zh: '按哪个维度排名？例如：{example}',
    en: 'Rank by which dimension? For example: {example}',
  },
  'followup.clarify.no-filter.reason': {
    zh: '上一个回答（{statement}）没有按{dimension}筛选，没有可以取消的条件',
    en: 'the last answer ({statement}) has no {dimension} filter to remove',
  },
  'followup.clarify.no-filter.question': {
    zh: '要按{dimension}分组吗？例如：{example}',
    en: 'Did you mean a breakdown by {dimension}? For example: {example}',
  },
  'followup.clarify.no-period.reason': {
    zh: '上一个回答覆盖全部时间，“{message}”没有可比的前一个期间',
    en: 'the last answer covers all of the data, so "{message}" has no period before it to compare with',
  },
  'followup.clarify.no-period.question': {
    zh: '解释哪个期间的变化？例如：{example}',
    en: 'Explain the change in which period? For example: {example}',
  },
  'followup.clarify.unwritable.reason': {
    zh: '无法把“{message}”写成一个能按原意规划的完整问题（{statement}）',
    en: 'cannot write "{message}" as a whole question that plans as meant ({statement})',
  },
  'followup.clarify.no-decomposition.reason': {
    zh: '“{message}”要按{dimension}拆解变化，但{metric}的变化不能按{dimension}拆解（{statement}）',
    en: '"{message}" asks why by {dimension}, but the change in {metric} cannot be decomposed by {dimension} ({statement})',
  },
  'followup.clarify.no-decomposition.question': {
    zh: '{metric}的变化可以按这些维度拆解：{dimensions}。要按哪一个？',
    en: 'The change in {metric} can be decomposed by {dimensions}. Which one?',
  },
  'followup.clarify.unwritable.question': {
    zh: '请完整地问这个问题，例如：{example}',
    en: 'Please ask it as a whole question, for example: {example}',
  },
});
