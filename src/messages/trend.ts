/** The words of a trend sentence (src/messages/trend-sentence.ts puts them together). */
import { defineMessages } from './message';

export const TREND_MESSAGES = defineMessages({
  'trend.whole.rose': {
    zh: '{subject}在此期间上升{pct}，从 {first}（{firstMonth}）到 {last}（{lastMonth}）',
    en: '{subject} rose{pct} over the period, from {first} ({firstMonth}) to {last} ({lastMonth})',
  },
  'trend.whole.fell': {
    zh: '{subject}在此期间下降{pct}，从 {first}（{firstMonth}）到 {last}（{lastMonth}）',
    en: '{subject} fell{pct} over the period, from {first} ({firstMonth}) to {last} ({lastMonth})',
  },
  'trend.whole.flat': {
    zh: '{subject}在此期间首尾持平，从 {first}（{firstMonth}）到 {last}（{lastMonth}）',
    en: '{subject} ended the period where it began, from {first} ({firstMonth}) to {last} ({lastMonth})',
  },
  'trend.latest.flat.single': { zh: '最近一个月环比持平', en: 'the latest month was flat' },
  'trend.latest.flat.run': { zh: '最近 {run} 个月环比持平', en: 'flat for the last {run} months' },
  'trend.latest.agrees.single.up': { zh: '最近一个月上升', en: 'the latest month rose too' },
  'trend.latest.agrees.single.down': { zh: '最近一个月下降', en: 'the latest month fell too' },
  'trend.latest.agrees.run.up': { zh: '最近连续 {run} 个月上升', en: 'rising for the last {run} months in a row' },
  'trend.latest.agrees.run.down': { zh: '最近连续 {run} 个月下降', en: 'falling for the last {run} months in a row' },
  'trend.latest.against.single.up': { zh: '但最近一个月环比上升', en: 'but the latest month rose' },
  'trend.latest.against.single.down': { zh: '但最近一个月环比下降', en: 'but the latest month fell' },
  'trend.latest.against.run.up': { zh: '但最近 {run} 个月环比上升', en: 'but it has risen for the last {run} months in a row' },
  'trend.latest.against.run.down': { zh: '但最近 {run} 个月环比下降', en: 'but it has fallen for the last {run} months in a row' },
  'trend.change-points': { zh: '；拐点：{points}', en: '; the direction changed in {points}' },
  'trend.partial-left-out': {
    zh: '{month} 数据不完整（部分期间），未计入趋势，不视为下降',
    en: '{month} left out of the trend: the data covers it only partly, so it is not read as a drop',
  },
  'trend.sentence': { zh: '{whole}；{latest}{points}。', en: '{whole}; {latest}{points}.' },
});
