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
  'analysis.period.partly_covered': { zh: '{period}只有部分期间有数据（{covers}）', en: '{period} is only partly covered by the data ({covers})' },
  'analysis.period.suggest': {
    zh: '请问一个有数据的期间，例如“{month}的{metric}”或“累计{metric}”。',
    en: 'Ask about a period the data covers, for example "{metric} in {month}" or "{metric}, all time".',
  },
  'analysis.period.suggest.any': { zh: '请换一个有数据的期间再问。', en: 'Please ask about a period the data covers.' },
  'analysis.period.assume.six_months_to': {
    zh: '按截至{named}的六个完整月（{period}）观察变化',
    en: 'looked at the six full months {period}',
  },
  'analysis.period.assume.six_calendar_months': { zh: '按最近六个完整月（{period}）观察变化', en: 'looked at the six full months {period}' },
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
