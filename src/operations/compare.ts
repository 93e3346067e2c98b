/**
 * `compare`: each row of a dependency's metric result against its first row.
 * Plan schema: CompareOperation below (a member of StepOperation, through PLAN_SCHEMAS in src/operations/index.ts).
 * Computed by generated code (coder and tester), checked against compare of src/analysis/derive.ts.
 */
import { z } from 'zod';
import type { Calculation, Row } from '../contracts';
import { compare as compareRows } from '../analysis/derive';
import { formatDelta, formatValue, valueLabel } from '../analysis/wording';
import { percent } from '../format/numbers';
import { defineMessages, textOf } from '../messages/message';
import type { Operation } from './operation';
import { json, make, matchOf, num, readDependency, rowKey, rowLabel } from './parts';

/** Differences between the rows of a dependency's metric result. */
export const CompareOperation = z.object({ kind: z.literal('compare'), source: z.string(), key_columns: z.array(z.string()) });

/** Its sentences: the finding (the first row, then each other row against it) and the calculations' descriptions. */
const MESSAGES = defineMessages({
  'operation.compare.finding': { zh: '{label}：{first} 为 {value}；{rows}。', en: '{label}: {first} {value}; {rows}.' },
  'operation.compare.row': { zh: '{key} 为 {value}，比 {first} {diff}{pct}', en: '{key} {value}, {diff}{pct} vs {first}' },
  /** The relative change after a row's difference, in both languages: " (+12.3%)". */
  'operation.compare.pct': { zh: ' ({pct})', en: ' ({pct})' },
  'operation.compare.calc.source': { zh: '来自 {source}', en: 'from {source}' },
  'operation.compare.calc.diff': { zh: '{label} 与第一行之差', en: '{label} minus the first row' },
  'operation.compare.calc.pct': { zh: '{label} 相对第一行的变化', en: '{label} relative to the first row' },
});

export const compare: Operation<'compare'> = {
  kind: 'compare',
  messages: MESSAGES,
  agent: 'code',
  prompt: {
    planner: "differences between the rows of a dependency's metric result (computed from the step it depends on)",
    kit: 'compare(rows, keyColumns)',
  },
  sources: (op) => [op.source],

  deriveFromInputs: (op, input) => compareRows(input(op.source).rows, op.key_columns),

  validation: {
    columns: (op) => [...op.key_columns, 'value', 'diff_vs_first'],
    logic(_op, result) {
      const total = result.result_shape[0];
      return total >= 2 ? null : `a comparison needs at least two rows, got ${total}`;
    },
  },

  acceptance: {
    criteria: (op) => [
      `one row per row of ${op.source}, in the same order`,
      'diff_vs_first is 0 on the first row and value − first value on the others',
    ],
    check(op, { rows, inputs, fail }) {
      const source = inputs[op.source]?.rows ?? [];
      if (rows.length !== source.length) return fail(1, `${rows.length} rows for ${source.length} input rows`);
      const first = num(source[0]?.value);
      for (let i = 0; i < rows.length; i++) {
        const expected = num(source[i]?.value) - first;
        if (Math.abs(num(rows[i]?.diff_vs_first) - expected) > 1e-6 * Math.max(1, Math.abs(expected)))
          return fail(2, `row ${i + 1}: diff_vs_first ${String(rows[i]?.diff_vs_first)}, expected ${expected}`);
      }
      return [];
    },
  },

  code: (op, plantBug) => [
    ...readDependency(op.source),
    `const result = kit.compare(source.rows, ${json(op.key_columns)});`,
    ...(plantBug ? ['for (const row of result.rows) row.diff_vs_first = -row.diff_vs_first + 1;'] : []),
    'return { columns: result.columns, rows: result.rows, summary: result.summary };',
  ],

  findings(op, { catalog, language, metric, label, rows, w, finding }) {
    const text = textOf(MESSAGES, language);
    const key = (r: Row) => op.key_columns.map((k) => valueLabel(catalog, language, k, String(r[k]))).join(' / ');
    const [first, ...others] = rows;
    if (!first) return { findings: [], assumptions: [], memory: [] };
    const parts = others.map((r) => {
      const pct =
        typeof r.pct_vs_first === 'number'
          ? text('operation.compare.pct', { pct: `${r.pct_vs_first >= 0 ? '+' : ''}${percent(r.pct_vs_first, 1)}` })
          : '';
      return text('operation.compare.row', {
        key: key(r),
        value: formatValue(num(r.value), metric, language),
        first: key(first),
        diff: formatDelta(num(r.diff_vs_first), metric, language),
        pct,
      });
    });
    const summary = text('operation.compare.finding', {
      label,
      first: key(first),
      value: formatValue(num(first.value), metric, language),
      rows: parts.join(w.text('common.semicolon')),
    });
    return { findings: finding(summary), assumptions: [], memory: [] };
  },

  calculations(op, ctx, rows) {
    const { display, named } = ctx;
    const text = textOf(MESSAGES, ctx.language);
    const calcs: Calculation[] = [];
    // Every row the finding prints (it lists them all), whatever their number.
    rows.forEach((row, i) => {
      const key = op.key_columns.length > 0 ? rowKey(row, op.key_columns) : `row${i + 1}`;
      const label = rowLabel(ctx, row, op.key_columns);
      const match = matchOf(row, op.key_columns);
      calcs.push(
        ...make(ctx, `${key}.value`, row.value, {
          display,
          delta: false,
          description: named(ctx.label, label),
          formula: text('operation.compare.calc.source', { source: op.source }),
          importance: i < 3 ? 'high' : 'medium',
          pick: { field: 'value', match },
        }),
      );
      if (i > 0) {
        calcs.push(
          ...make(ctx, `${key}.diff`, row.diff_vs_first, {
            display,
            delta: true,
            description: text('operation.compare.calc.diff', { label }),
            formula: 'value − value(first row)',
            importance: 'medium',
            pick: { field: 'diff_vs_first', match },
          }),
          ...make(ctx, `${key}.pct`, row.pct_vs_first, {
            display: 'percent',
            delta: true,
            description: text('operation.compare.calc.pct', { label }),
            formula: '(value − first) / |first|',
            importance: 'medium',
            pick: { field: 'pct_vs_first', match },
          }),
        );
      }
    });
    return calcs;
  },
};
