/** The words of scheduled analyses: the alert a schedule run sends and what `baton schedule` says (src/schedules). */
import { defineMessages } from './message';

export const SCHEDULE_MESSAGES = defineMessages({
  'schedules.headline.change': {
    zh: '{metric} 出现显著变化：{before} → {after}（{change}，{percent}），p = {p}',
    en: '{metric} changed significantly: {before} → {after} ({change}, {percent}), p = {p}',
  },
  'schedules.headline.threshold': {
    zh: '{metric} 触发阈值 {rule}：{before} → {after}（{change}，{percent}）',
    en: '{metric} crossed the threshold {rule}: {before} → {after} ({change}, {percent})',
  },
  'schedules.headline.broken': {
    zh: '定时分析未能给出可靠答案（{status}）：{answer}',
    en: 'the scheduled analysis did not give a sound answer ({status}): {answer}',
  },
  'schedules.headline.quiet': { zh: '无实质变化', en: 'no material change' },
  'schedules.contributor': {
    zh: '主要贡献：{dimension}={segment}，{effect}（占变化的 {share}）',
    en: 'main contributor: {dimension}={segment}, {effect} ({share} of the change)',
  },
  'schedules.previous': { zh: '上一次运行：{run}（{decision}）', en: 'previous run: {run} ({decision})' },
  'schedules.previous.none': { zh: '这是该定时分析的第一次运行', en: 'the first run of this schedule' },
  'schedules.report': { zh: '报告：{command} · {link}', en: 'report: {command} · {link}' },
  'schedules.quiet.summary': {
    zh: '无实质变化：{metric} {before} → {after}（p = {p}，显著性水平 {level}）',
    en: 'no material change: {metric} {before} → {after} (p = {p}, level {level})',
  },
});
