/**
 * The report's words for people rather than for the pipeline: one name per quantity (a segment, its mix and rate
 * effects, its total contribution, a share of the change), the plain sentence each finding opens with, what a share
 * above the whole change means, and the internal references (table.column, dimension=value) said in the catalog's
 * words. Used by src/report/names.ts, src/report/leads.ts and the sections.
 */
import { defineMessages } from './message';

export const REPORT_PROSE_MESSAGES = defineMessages({
  /** A segment: a dimension's value, with the dimension it belongs to. */
  'report.name.segment': { zh: '{value}（{dimension}）', en: '{value} ({dimension})' },
  /** A segment's effects on a change, as the decomposition splits them, and their sum. */
  'report.name.mix-effect': { zh: '{segment}的结构效应', en: 'mix effect of {segment}' },
  'report.name.rate-effect': { zh: '{segment}的比率效应', en: 'rate effect of {segment}' },
  'report.name.own-effect': { zh: '{segment}的自身变化', en: 'own change of {segment}' },
  'report.name.total-contribution': { zh: '{segment}对变化的总贡献', en: 'total contribution of {segment} to the change' },
  'report.name.share-of-change': { zh: '{effect}占变化的比例', en: '{effect} as a share of the change' },
  /** A key column (orders.user_id) as the unit something is counted per. */
  'report.name.noun.user': { zh: '用户', en: 'user' },
  'report.name.noun.customer': { zh: '客户', en: 'customer' },
  'report.name.noun.order': { zh: '订单', en: 'order' },
  'report.name.noun.invoice': { zh: '发票', en: 'invoice' },
  /** How a table's rows are placed in the period when they are reached from another table's rows in it. */
  'report.name.placed-through-rows': {
    zh: '期间内引用它们的 {table} 记录（按{field}）',
    en: 'the {table} rows in the period that reference them (by {field})',
  },

  // A calculation's expression in words, for the citations list (src/report/formulas.ts).
  'report.formula.this-step': { zh: '本步骤', en: 'this step' },
  'report.formula.field.value_after': { zh: '后一期的值', en: 'value after' },
  'report.formula.field.value_before': { zh: '前一期的值', en: 'value before' },
  'report.formula.field.mean_after': { zh: '后一期的均值', en: 'mean after' },
  'report.formula.field.mean_before': { zh: '前一期的均值', en: 'mean before' },
  'report.formula.field.mix_effect': { zh: '结构效应', en: 'mix effect' },
  'report.formula.field.rate_effect': { zh: '比率效应', en: 'rate effect' },
  'report.formula.field.total_effect': { zh: '各组的总贡献', en: "each group's total contribution" },
  'report.formula.field.share_of_change': { zh: '占变化的比例', en: 'share of the change' },
  'report.formula.field.value_a': { zh: '甲的值', en: 'first value' },
  'report.formula.field.value_b': { zh: '乙的值', en: 'second value' },
  'report.formula.field.share_a': { zh: '甲的占比', en: 'first share' },
  'report.formula.field.share_b': { zh: '乙的占比', en: 'second share' },

  /** A share of the change above the whole change: the rest moved the other way. */
  /** The summary's main contributor: the segment's total contribution and, of it, the ranked effect. */
  'report.summary.contributor-total': {
    zh: '主要原因是{segment}：对变化的总贡献 {total}，其中{effect} {value}{share}。',
    en: 'The main contributor is {segment}: a total contribution of {total} to the change, of which the {effect} is {value}{share}.',
  },
  'report.summary.contributor': { zh: '主要原因是{name} {value}{share}。', en: 'The main contributor is the {name}: {value}{share}.' },
  'report.name.effect-word.mix': { zh: '结构效应', en: 'mix effect' },
  'report.name.effect-word.rate': { zh: '比率效应', en: 'rate effect' },
  'report.name.effect-word.own': { zh: '自身变化', en: 'own change' },

  'report.share.over-whole': {
    zh: '，超过整个变化：其余部分朝相反方向变动，抵消了超出的部分{example}',
    en: ', more than the whole change, because the other parts moved the other way and offset the excess{example}',
  },
  'report.share.over-whole-example': { zh: '（例如{name} {value}）', en: ' (for example the {name}: {value})' },

  // The plain sentence each finding opens with: what it means, before its numbers.
  'report.lead.level.rose': { zh: '{subject}在这段时间里上升了。', en: '{subject} rose over these months.' },
  'report.lead.level.fell': { zh: '{subject}在这段时间里下降了。', en: '{subject} fell over these months.' },
  'report.lead.level.flat': { zh: '{subject}在这段时间里没有变化。', en: '{subject} held level over these months.' },
  'report.lead.level.one': { zh: '这是{subject}在所问期间的数值。', en: 'This is {subject} over the period asked about.' },
  'report.lead.highest': { zh: '{subject}最高的是{top}。', en: '{top} has the highest {subject}.' },
  'report.lead.lowest': { zh: '{subject}最低的是{top}。', en: '{top} has the lowest {subject}.' },
  'report.lead.first': { zh: '排在第一的是{top}。', en: '{top} comes first.' },
  'report.lead.largest-share': { zh: '{top}在{subject}中占比最大。', en: '{top} has the largest share of {subject}.' },
  'report.lead.decomposition.most': { zh: '{segment}解释了这次变化的大部分。', en: 'Most of the change comes from {segment}.' },
  'report.lead.decomposition.more': {
    zh: '{segment}的影响超过了整个变化，其他部分朝相反方向变动。',
    en: 'More than the whole change comes from {segment}; the other parts moved the other way.',
  },
  'report.lead.decomposition.largest': {
    zh: '{segment}是这次变化中最大的一部分。',
    en: 'The largest part of the change comes from {segment}.',
  },
  'report.lead.rank.most': {
    zh: '最大的因素是{effect}，它解释了变化的大部分。',
    en: 'The largest factor is the {effect}: it explains most of the change.',
  },
  'report.lead.rank.more': {
    zh: '最大的因素是{effect}，它超过了整个变化，其他因素朝相反方向变动。',
    en: 'The largest factor is the {effect}: it is more than the whole change, and other factors moved the other way.',
  },
  'report.lead.rank.largest': { zh: '最大的因素是{effect}。', en: 'The largest factor is the {effect}.' },
  'report.lead.largest-contribution': { zh: '差距主要来自{top}。', en: 'The gap comes mostly from {top}.' },
  'report.lead.trend.rose': { zh: '{subject}在这段时间里总体上升。', en: '{subject} rose over the period as a whole.' },
  'report.lead.trend.fell': { zh: '{subject}在这段时间里总体下降。', en: '{subject} fell over the period as a whole.' },
  'report.lead.trend.flat': { zh: '{subject}在这段时间里首尾持平。', en: '{subject} ended the period where it began.' },
  /** The subject of a lead when no metric is named. */
  'report.lead.subject': { zh: '该指标', en: 'the metric' },
  'report.lead.other': { zh: '以下是这一步经过复核的数值。', en: 'The verified figures of this step follow.' },
});
