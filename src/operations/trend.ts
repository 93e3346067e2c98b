/**
 * `trend`: direction, consecutive run and change points of a dependency's series.
 * Plan schema: TrendOperation below (a member of StepOperation, through PLAN_SCHEMAS in src/operations/index.ts).
 * Run by the trend agent (src/activities/trend.ts) with trend of src/analysis/derive.ts;
 * partial periods are left out. Its acceptance criteria and code template serve a
 * coded trend step.
 */
import { z } from 'zod';
import type { Calculation, MemoryDraft, Row } from '../contracts';
import { trend as trendOf } from '../analysis/derive';
import { formatValue, trendSentence } from '../analysis/wording';
import { INLINE_ROWS } from '../settings/limits';
import { percent } from '../format/numbers';
import { defineMessages, textOf } from '../messages/message';
import type { Operation } from './operation';
import { json, make, num, readDependency } from './parts';

/** Its sentences beyond the trend sentence itself (src/messages/trend-sentence.ts): the series, the assumption, the calculations' descriptions. */
const MESSAGES = defineMessages({
  'operation.trend.subject': { zh: '{series} {label}', en: '{label} of {series}' },
  'operation.trend.more-series': { zh: '其余序列见存储结果。', en: 'The other series are in the stored result.' },
  'operation.trend.assumption': {
    zh: '方向取最近一次环比变化的符号，连续月数为同方向的连续环比次数',
    en: 'direction is the sign of the latest month-over-month change; the run counts consecutive changes in that direction',
  },
  'operation.trend.calc.first': { zh: '序列第一个月的值', en: 'value of the first month' },
  'operation.trend.calc.last': { zh: '序列最后一个月的值', en: 'value of the last month' },
  'operation.trend.calc.run': { zh: '同方向连续变化的月数', en: 'consecutive month-over-month changes in the latest direction' },
  'operation.trend.calc.run.formula': { zh: '最近一次环比方向相同的连续次数', en: 'count of consecutive changes with the latest sign' },
  'operation.trend.calc.change': { zh: '累计变化', en: 'change over the period' },
});

/** Months left out of a series: the partial periods the data-quality agent flagged. */
function withoutPeriods(rows: Row[], excluded: string[]): Row[] {
  return excluded.length === 0 ? rows : rows.filter((r) => !excluded.includes(String(r.month)));
}

/** Direction, consecutive run and change points of a dependency's monthly series. */
export const TrendOperation = z.object({ kind: z.literal('trend'), source: z.string(), key_columns: z.array(z.string()) });

export const trend: Operation<'trend'> = {
  kind: 'trend',
  messages: MESSAGES,
  agent: 'trend',
  prompt: {
    planner: "direction, consecutive run and change points of a dependency's series (computed from the step it depends on)",
    kit: 'trend(rows, keyColumns)',
  },
  sources: (op) => [op.source],

  deriveFromInputs: (op, input, excludedPeriods) => trendOf(withoutPeriods(input(op.source).rows, excludedPeriods), op.key_columns),

  validation: {
    columns: () => ['direction', 'run_length'],
    logic: (_op, result) => (result.rows.every((r) => r.first_month !== r.last_month) ? null : 'a trend needs at least two months'),
  },

  acceptance: {
    criteria: () => [
      'one row per series, with direction up, down or flat and run_length a whole number no larger than the number of month-over-month changes',
      'months flagged as partial periods are not part of any series',
    ],
    check(op, { rows, inputs, partialPeriods, fail }) {
      const source = inputs[op.source]?.rows ?? [];
      const months = new Set(source.map((r) => String(r.month)).filter((m) => !partialPeriods.includes(m)));
      for (const r of rows) {
        if (!['up', 'down', 'flat'].includes(String(r.direction))) return fail(1, `direction "${String(r.direction)}"`);
        if (!Number.isInteger(r.run_length) || num(r.run_length) < 0 || num(r.run_length) > Math.max(0, months.size - 1))
          return fail(1, `run_length ${String(r.run_length)} with ${months.size} months`);
        const used = [String(r.first_month), String(r.last_month)].filter((m) => partialPeriods.includes(m));
        if (used.length > 0) return fail(2, `series ${String(r.series)} uses the partial period ${used.join(', ')}`);
      }
      return [];
    },
  },

  code: (op, plantBug) => [
    ...readDependency(op.source),
    '// Partial periods are left out: a month the data only partly covers is not a drop.',
    `const partial = new Set(input.partial_periods);`,
    `const months = ${plantBug ? 'source.rows' : 'source.rows.filter((row) => !partial.has(String(row.month)))'};`,
    `const result = kit.trend(months, ${json(op.key_columns)});`,
    'return { columns: result.columns, rows: result.rows, summary: result.summary };',
  ],

  findings(op, { step, language, metricName, metric, label, rows }) {
    const text = textOf(MESSAGES, language);
    const lines = rows.slice(0, INLINE_ROWS).map((r) => {
      const series = r.series && r.series !== 'all' ? String(r.series) : '';
      const change = typeof r.total_change_pct === 'number' ? r.total_change_pct : num(r.last_value) - num(r.first_value);
      return trendSentence(language, {
        subject: series ? text('operation.trend.subject', { series, label }) : label,
        first: formatValue(num(r.first_value), metric, language),
        firstMonth: String(r.first_month),
        last: formatValue(num(r.last_value), metric, language),
        lastMonth: String(r.last_month),
        overall: Math.sign(change),
        overallText: typeof r.total_change_pct === 'number' ? percent(Math.abs(r.total_change_pct), 1) : null,
        direction: String(r.direction),
        runText: String(num(r.run_length)),
        single: num(r.run_length) === 1,
        changePoints: r.change_points ? String(r.change_points) : null,
      });
    });
    if (rows.length > INLINE_ROWS) lines.push(text('operation.trend.more-series'));
    const memory: MemoryDraft[] = rows.slice(0, INLINE_ROWS).map((r) => ({
      type: 'observation',
      content: `${metricName ?? ''} ${String(r.series)} ${String(r.first_month)}..${String(r.last_month)} ${String(r.direction)} for ${num(r.run_length)} month(s)`,
      confidence: 0.9,
      references: [step.step_id, ...step.depends_on],
      tags: {
        metric: metricName ?? null,
        dimensions: op.key_columns,
        scope: op.key_columns.map((k) => `${k}=${String(r[k])}`).join(','),
        period: `${String(r.first_month)}..${String(r.last_month)}`,
      },
      value: null,
      direction: r.direction === 'up' || r.direction === 'down' || r.direction === 'flat' ? r.direction : null,
    }));
    return {
      findings: [{ summary: lines.join('\n'), detail: `${rows.length} series`, evidence_refs: [step.step_id, ...step.depends_on] }],
      assumptions: [text('operation.trend.assumption')],
      memory,
    };
  },

  calculations(_op, ctx, rows) {
    const { display, named } = ctx;
    const text = textOf(MESSAGES, ctx.language);
    const calcs: Calculation[] = [];
    const single = rows.length === 1;
    // Every series the finding describes (up to INLINE_ROWS of them).
    rows.slice(0, INLINE_ROWS).forEach((row) => {
      const series = String(row.series);
      const who = series === 'all' ? '' : series;
      const match = { series };
      calcs.push(
        ...make(ctx, `${series}.first_value`, row.first_value, {
          display,
          delta: false,
          description: named(ctx.label, who, String(row.first_month)),
          formula: text('operation.trend.calc.first'),
          importance: single ? 'high' : 'medium',
          pick: { field: 'first_value', match },
        }),
        ...make(ctx, `${series}.last_value`, row.last_value, {
          display,
          delta: false,
          description: named(ctx.label, who, String(row.last_month)),
          formula: text('operation.trend.calc.last'),
          importance: single ? 'high' : 'medium',
          pick: { field: 'last_value', match },
        }),
        ...make(ctx, `${series}.run_length`, row.run_length, {
          display: 'integer',
          delta: false,
          description: named(ctx.label, who, text('operation.trend.calc.run')),
          formula: text('operation.trend.calc.run.formula'),
          importance: single ? 'high' : 'medium',
          pick: { field: 'run_length', match },
        }),
        ...make(ctx, `${series}.total_change_pct`, row.total_change_pct, {
          display: 'percent',
          delta: true,
          description: named(ctx.label, who, text('operation.trend.calc.change')),
          formula: '(last − first) / |first|',
          importance: 'medium',
          pick: { field: 'total_change_pct', match },
        }),
      );
    });
    return calcs;
  },
};
