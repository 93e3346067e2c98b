/**
 * `top_n`: the first n rows of a dependency's result, sorted by a column.
 * Plan schema: TopNOperation below (a member of StepOperation, through PLAN_SCHEMAS in src/operations/index.ts).
 * Computed by generated code (coder and tester), checked against topN of src/analysis/derive.ts.
 */
import { z } from 'zod';
import type { Calculation } from '../contracts';
import { topN } from '../analysis/derive';
import { countWord, dimensionLabel, formatDelta, valueLabel } from '../analysis/wording';
import { defineMessages, textOf } from '../messages/message';
import type { Operation } from './operation';
import { json, make, matchOf, num, numOrNaN, readDependency, rowKey, rowLabel } from './parts';

/** The first n rows of a dependency's result, sorted by a column. */
export const TopNOperation = z.object({
  kind: z.literal('top_n'),
  source: z.string(),
  column: z.string(),
  n: z.number().int().min(1),
  order: z.enum(['asc', 'desc']),
});

/** Its sentences: the finding and the calculations' formula. */
const MESSAGES = defineMessages({
  'operation.top_n.part': { zh: '{name}（{value}）', en: '{name} ({value})' },
  'operation.top_n.finding': { zh: '贡献最大的{dimension}：{parts}。', en: 'The {column} values contributing most: {parts}.' },
  'operation.top_n.finding.counted': {
    zh: '贡献最大的{count}个{dimension}：{parts}。',
    en: 'The {count} {column} values contributing most: {parts}.',
  },
  'operation.top_n.formula': { zh: '{source} 中按 {column} 排序', en: '{source} sorted by {column}' },
});

export const top_n: Operation<'top_n'> = {
  kind: 'top_n',
  messages: MESSAGES,
  agent: 'code',
  prompt: {
    planner: "the first n rows of a dependency's result, sorted by a column (computed from the step it depends on)",
    kit: 'topN(rows, columns, column, n, order)',
  },
  sources: (op) => [op.source],

  deriveFromInputs(op, input) {
    const source = input(op.source);
    return topN(source.rows, source.columns, op.column, op.n, op.order);
  },

  validation: {
    columns: (op) => [op.column],
    logic(op, result) {
      const total = result.result_shape[0];
      if (total > op.n) return `expected at most ${op.n} rows, got ${total}`;
      const values = result.rows.map((r) => numOrNaN(r[op.column]));
      const sorted = values.every(
        (v, i) => i === 0 || (op.order === 'desc' ? v <= (values[i - 1] as number) : v >= (values[i - 1] as number)),
      );
      return sorted ? null : `rows are not sorted by ${op.column} ${op.order}`;
    },
  },

  acceptance: {
    criteria: (op) => [
      `at most ${op.n} rows, every one a row of ${op.source}`,
      `rows sorted by ${op.column}, ${op.order === 'desc' ? 'largest' : 'smallest'} first`,
    ],
    check(op, { rows, inputs, fail }) {
      const source = inputs[op.source]?.rows ?? [];
      if (rows.length > op.n) return fail(1, `${rows.length} rows`);
      const known = new Set(source.map((r) => JSON.stringify(r)));
      const stranger = rows.find((r) => !known.has(JSON.stringify(r)));
      if (stranger) return fail(1, `row ${JSON.stringify(stranger)} is not in ${op.source}`);
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [num(rows[i - 1]?.[op.column]), num(rows[i]?.[op.column])];
        if (op.order === 'desc' ? a < b : a > b) return fail(2, `row ${i + 1} (${b}) is out of order after ${a}`);
      }
      return [];
    },
  },

  code: (op, plantBug) => [
    ...readDependency(op.source),
    `const result = kit.topN(source.rows, source.columns, ${json(op.column)}, ${op.n}, ${json(op.order)});`,
    ...(plantBug ? ['result.rows.reverse();'] : []),
    'return { columns: result.columns, rows: result.rows, summary: result.summary };',
  ],

  findings(op, { catalog, language, metric, columns, rows, w, finding }) {
    const text = textOf(MESSAGES, language);
    const across = columns.find((c) => c.type === 'text')?.name ?? '';
    const parts = w.list(
      rows.map((r) =>
        text('operation.top_n.part', {
          name: valueLabel(catalog, language, across, String(r[across])),
          value: formatDelta(num(r[op.column]), metric, language),
        }),
      ),
    );
    // How many are listed is a tally, not a measured value: spelled out, like every setting in the text.
    const count = countWord(rows.length, language);
    const dimension = dimensionLabel(catalog, language, across);
    const summary = count
      ? text('operation.top_n.finding.counted', { count, dimension, column: across, parts })
      : text('operation.top_n.finding', { dimension, column: across, parts });
    return { findings: finding(summary), assumptions: [], memory: [] };
  },

  calculations(op, ctx, rows) {
    const { display, named } = ctx;
    const text = textOf(MESSAGES, ctx.language);
    const calcs: Calculation[] = [];
    // Rows are found again by all their text columns (month × region rows repeat either alone).
    const keys = Object.keys(rows[0] ?? {}).filter((k) => typeof rows[0]?.[k] === 'string');
    // Every row the finding lists (all n of them), whatever n is.
    rows.forEach((row, i) => {
      const key = keys.length > 0 ? rowKey(row, keys) : `row${i + 1}`;
      calcs.push(
        ...make(ctx, `${key}.${op.column}`, row[op.column], {
          display,
          delta: /effect|diff|contribution|change/.test(op.column),
          description: named(ctx.label, keys.length > 0 ? rowLabel(ctx, row, keys) : '', op.column),
          formula: text('operation.top_n.formula', { source: op.source, column: op.column }),
          importance: i === 0 ? 'high' : 'medium',
          pick: { field: op.column, match: keys.length > 0 ? matchOf(row, keys) : { [op.column]: Number(row[op.column]) } },
        }),
      );
    });
    return calcs;
  },
};
