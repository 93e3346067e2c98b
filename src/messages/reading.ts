/**
 * How a question was read, said back: the answer's first line (src/model/reading.ts), the refusals of the rules
 * model (src/model/rules/refusals.ts), the assumption a reading makes when it implies a metric, and the planner's
 * asking back with questions it can answer (src/activities/planner.ts).
 */
import { defineMessages } from './message';

export const READING_MESSAGES = defineMessages({
  // ------------------------------------------------------------ the first line
  'reading.window.all-time': { zh: '全部时间（{dates}）', en: 'all time ({dates})' },
  'reading.window.default': { zh: '{label}（问题未给出期间）', en: '{label} (the question named no period)' },
  'reading.window.dated': { zh: '{label}（{dates}）', en: '{label} ({dates})' },
  'reading.compared-with': { zh: '对比 {window}', en: 'compared with {window}' },
  /** One filter: 国家为美国、巴西 / country = USA or Brazil. */
  'reading.filter': { zh: '{dimension}为{values}', en: '{dimension} = {values}' },
  /** Between the values of one filter. */
  'reading.filter.or': { zh: '、', en: ' or ' },
  'reading.by': { zh: '按{dimensions}', en: 'by {dimensions}' },
  /** A share of the total: each group's part of it. */
  'reading.share': { zh: '{metrics}占比', en: 'share of {metrics}' },
  'reading.grain.year': { zh: '按年', en: 'by year' },
  'reading.grain.quarter': { zh: '按季度', en: 'by quarter' },
  'reading.grain.month': { zh: '按月', en: 'by month' },
  'reading.grain.week': { zh: '按周', en: 'by week' },
  'reading.grain.day': { zh: '按天', en: 'by day' },
  /** A grain as what a ranking ranks: 最高的 1 个月 / top 1 month. */
  'reading.unit.year': { zh: '年', en: 'year' },
  'reading.unit.quarter': { zh: '季度', en: 'quarter' },
  'reading.unit.month': { zh: '月', en: 'month' },
  'reading.unit.week': { zh: '周', en: 'week' },
  'reading.unit.day': { zh: '天', en: 'day' },
  'reading.ranking.top': { zh: '最高的 {n} 个{by}', en: 'top {n} {by}' },
  'reading.ranking.bottom': { zh: '最低的 {n} 个{by}', en: 'bottom {n} {by}' },
  /** The line: its parts, then a colon. */
  'reading.line': { zh: '{parts}：', en: '{parts}:' },
  'reading.not-used': { zh: '（未使用：{words}）', en: ' (not used: {words})' },

  // ------------------------------------------------------------ an implied metric
  /** "who is our best customer?": the ranking is by the catalog's main metric. */
  'reading.implied.highest': {
    zh: '“{word}”理解为{metric}最高（目录的主要指标）',
    en: '"{word}" read as the highest {metric}, the catalog\'s primary metric',
  },
  'reading.worse_when_higher.highest': {
    zh: '“{word}”理解为{metric}最高：{metric}越高越差',
    en: '"{word}" read as the highest {metric}: the higher it is, the worse',
  },
  'reading.worse_when_higher.lowest': {
    zh: '“{word}”理解为{metric}最低：{metric}越低越好',
    en: '"{word}" read as the lowest {metric}: the lower it is, the better',
  },
  'reading.implied.measure': {
    zh: '“{word}”理解为{metric}（目录的主要指标）',
    en: '"{word}" read as {metric}, the catalog\'s primary metric',
  },
  'reading.implied.lowest': {
    zh: '“{word}”理解为{metric}最低（目录的主要指标）',
    en: '"{word}" read as the lowest {metric}, the catalog\'s primary metric',
  },

  // ------------------------------------------------------------ refusals
  'reading.refusal.no-dimension': {
    zh: '目录中没有维度“{words}”；可用维度：{dimensions}',
    en: 'the catalog has no dimension "{words}"; it offers: {dimensions}',
  },
  'reading.refusal.no-metric': {
    zh: '问题中没有可识别的指标；目录“{catalog}”提供：{metrics}',
    en: 'no metric in the question matches the catalog "{catalog}"; it offers: {metrics}',
  },
  /** A catalog term close to a word of the question, offered after a refusal. */
  'reading.value.two-dimensions': {
    zh: '“{word}”在目录中是两个不同维度的取值',
    en: '"{word}" names values of two dimensions in the catalog',
  },
  'reading.value.of-dimension': { zh: '{dimension}为{value}', en: '{dimension} {value}' },
  'reading.did-you-mean': { zh: '您是想问“{term}”吗？', en: 'did you mean "{term}"?' },
  'reading.did-you-mean.either': { zh: '您是想问“{first}”还是“{second}”？', en: 'did you mean "{first}" or "{second}"?' },
  /** Between a refusal's reason and what it offers. */
  'reading.refusal.offer': { zh: '{reason}；{offer}', en: '{reason}; {offer}' },
  'reading.dimension.entry': { zh: '{label} ({id})', en: '{label} ({id})' },

  // ------------------------------------------------------------ asking back (the planner)
  'reading.blocked': {
    zh: '计划无法表达问题中的 {words}；按现有计划只能回答：{statement}',
    en: 'the plan cannot express {words} from the question; as planned it would only answer: {statement}',
  },
  /** A name the catalog lists no value for, found in the data as a member (src/catalog/members.ts). */
  'reading.member': { zh: '“{text}”是数据中的{dimension}“{value}”', en: '“{text}” is the {dimension} {value}, found in the data' },
  /** A member found that holds another dimension's member of the same name (the artist Iron Maiden, their album Iron Maiden). */
  'reading.member.holds': {
    zh: '{found}（数据中同名的{other}也是它的，包含在内；只看那个{other}请说“{alone}”）',
    en: '{found} (the {other} of that name is theirs and counted in; say "{alone}" for it alone)',
  },
  'reading.member.one': { zh: '名为“{value}”的{dimension}', en: 'the {dimension} {value}' },
  /** The name in a question suggested back, with its dimension before it: 名为Iron Maiden的艺术家 / the artist Iron Maiden. */
  'reading.member.named': { zh: '名为{value}的{dimension}', en: 'the {dimension} {value}' },
  'reading.member.ambiguous': {
    zh: '数据中的“{text}”不止一个：{found}，问题没有说是哪一个',
    en: 'the data has more than one “{text}”: {found}; the question does not say which',
  },
  'reading.member.which': { zh: '请说明是哪一个，例如：“{example}”。', en: 'Say which, for example: "{example}".' },
  'reading.member.suggested': {
    zh: '问题中有未读懂的词，而数据中有同名的成员：{found}；请说明它是什么再问一次',
    en: 'the question has a word that was not read, and the data has a member of that name: {found}; ask again saying what it is',
  },
  /** After a name asked back: the dimensions whose members were looked up, none of that name. */
  'reading.member.none': { zh: '数据中没有这个名字的{dimensions}', en: 'no {dimensions} in the data has that name' },
  'reading.quoted': { zh: '“{word}”', en: '“{word}”' },
  'reading.rephrase.one': { zh: '可以这样问：“{first}”。', en: 'You could ask: "{first}".' },
  'reading.rephrase.two': { zh: '可以这样问：“{first}”，或“{second}”。', en: 'You could ask: "{first}" or "{second}".' },
  'reading.rephrase.none': { zh: '请换一种问法，说明指标和维度。', en: 'Please ask again naming a metric and a dimension.' },
  /** Suggested questions: the metric in the period read (or of all time), by a grain, or ranked by a dimension. */
  'reading.suggest.total': { zh: '{period}{metric}', en: '{metric}{period}' },
  'reading.suggest.by-grain': { zh: '{period}{grain}统计{metric}', en: '{metric} {grain}{period}' },
  'reading.suggest.by-grain.all-time': { zh: '{grain}统计{metric}（全部时间）', en: '{metric} {grain}, all time' },
  'reading.suggest.by-year': { zh: '按年统计{metric}（全部时间）', en: '{metric} by year, all time' },
  'reading.suggest.top': { zh: '{period}{metric}最高的 {n} 个{dimension}', en: '{metric} by {dimension}{period}, top {n}' },
  'reading.suggest.bottom': { zh: '{period}{metric}最低的 {n} 个{dimension}', en: '{metric} by {dimension}{period}, bottom {n}' },
  'reading.suggest.by': { zh: '{period}按{dimension}统计{metric}', en: '{metric} by {dimension}{period}' },
  'reading.suggest.filtered': { zh: '{period}{value}的{metric}', en: '{metric} for {value}{period}' },
  /** The period of a suggestion: 2024年 / in 2024; empty when it is all of the data. */
  'reading.suggest.period': { zh: '{label}', en: ' in {label}' },
  'reading.suggest.all-time': { zh: '全部时间', en: ', all time' },
  'reading.partial.reason': {
    zh: '数据截至 {last}；{month}只有 {first_day} 至 {last_day} 的数据（共 {days} 天），其中的下降或上升不作为业务变化解读',
    en: 'the data ends {last}; {month} has data only from {first_day} to {last_day} (of {days} days), so a drop or a rise there is not read as a business change',
  },
  'reading.partial.question': {
    zh: '可以比较完整的月份，例如“为什么{latest}与{before}相比有变化”。',
    en: 'You could compare full months instead, for example "why did it change between {before} and {latest}".',
  },
  'reading.partial.no-month': { zh: '请换一个数据完整的期间。', en: 'Please ask about periods the data covers in full.' },
});
