/**
 * The words of a data-quality question's answer (src/workflows/quality.ts) and of its reading (src/model/rules/
 * plan-quality.ts): which tables and checks, over which period, each failing check with its count, or that none fails.
 */
import type { DataQualityOutput, Language } from '../contracts';
import { defineMessages } from './message';
import { textIn } from './index';

export const QUALITY_MESSAGES = defineMessages({
  'quality.question.statement.what-is-wrong': {
    zh: '{tables} 表的数据质量：目录声明的 {checks} 项检查，{period}',
    en: 'data quality of {tables}: the catalog’s {checks} check(s), {period}',
  },
  'quality.question.statement.named': {
    zh: '数据质量检查：{checks}（{tables} 表），{period}',
    en: 'data-quality check: {checks} ({tables}), {period}',
  },
  'quality.question.all-data': { zh: '全部数据', en: 'all of the data' },
  'quality.question.no-checks': {
    zh: '目录没有为 {tables} 表声明数据质量检查，无法回答；有检查的表：{with}',
    en: 'the catalog declares no data-quality checks on {tables}; tables with checks: {with}',
  },
  'quality.question.no-checks.none': { zh: '无', en: 'none' },
  'quality.question.failing': { zh: '未通过的检查：', en: 'failing checks:' },
  'quality.question.line': { zh: '- {check}：{count} 行（{table}）{mark}', en: '- {check}: {count} row(s) ({table}){mark}' },
  'quality.question.named-line': { zh: '{check}：{count} 行（{table}）{mark}', en: '{check}: {count} row(s) ({table}){mark}' },
  'quality.question.all-pass': {
    zh: '{tables} 表的 {checks} 项检查全部通过，没有问题行。',
    en: 'all {checks} check(s) on {tables} pass: no failing rows.',
  },
  'quality.question.whole-table': {
    zh: '{table} 表没有时间列，按全表统计',
    en: '{table} has no time column, so it is counted whole',
  },
  'quality.question.failed': { zh: '数据质量检查未完成：{reason}', en: 'the data-quality check did not finish: {reason}' },
});

/**
 * The data-quality stage's one line, rendered from the agent's data where it is shown (the checklist, the report's
 * model summary): the tables, each failing check with its counts in the period and in the whole table, and the
 * partial periods. Runs recorded before it carry the line the agent wrote (`summary`), which is shown as it is.
 */
export function qualitySummary(dq: Omit<DataQualityOutput, 'recipe'>, language: Language): string {
  if (dq.summary) return dq.summary;
  const text = textIn(language);
  const found = dq.checks
    .filter((c) => (c.count_all ?? c.count) > 0)
    .map((c) =>
      text('quality.summary.check', {
        check: c.description,
        rows: c.count,
        whole: c.count_all === undefined ? text('quality.summary.whole-not-counted') : text('quality.summary.whole', { rows: c.count_all }),
      }),
    );
  const periods = dq.partial_periods.map((p) =>
    text('quality.summary.partial-period', { period: p.period, covered: p.days_covered, expected: p.days_expected }),
  );
  return text('quality.summary', {
    tables: dq.tables.map((t) => t.table).join(text('common.list')),
    found: found.join(text('common.comma')) || text('quality.summary.nothing-found'),
    partial: periods.length > 0 ? text('quality.summary.partial', { periods: periods.join(text('common.list')) }) : '',
  });
}
