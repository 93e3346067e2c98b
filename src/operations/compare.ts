/**
 * `compare`: each row of a dependency's metric result against its first row.
 * Plan schema: CompareOperation below (a member of StepOperation, through PLAN_SCHEMAS in src/operations/index.ts).
 * Computed by generated code (coder and tester), checked against compare of src/analysis/derive.ts.
 */
import { z } from 'zod';
import type { Calculation, Row } from '../contracts';
import { compare as compareRows } from '../analysis/derive';
import { formatDelta, formatValue, valueLabel } from '../analysis/wording';
import type { Operation } from './operation';
import { json, make, matchOf, num, readDependency, rowKey, rowLabel } from './parts';

/** Differences between the rows of a dependency's metric result. */
export const CompareOperation = z.object({ kind: z.literal('compare'), source: z.string(), key_columns: z.array(z.string()) });

export const compare: Operation<'compare'> = {
  kind: 'compare',
  agent: 'code',
  prompt: { planner: 'differences between the rows of a dependency\'s metric result (computed from the step it depends on)', kit: 'compare(rows, keyColumns)' },
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
    criteria: (op) => [`one row per row of ${op.source}, in the same order`, 'diff_vs_first is 0 on the first row and value − first value on the others'],
    check(op, { rows, inputs, fail }) {
      const source = inputs[op.source]?.rows ?? [];
      if (rows.length !== source.length) return fail(1, `${rows.length} rows for ${source.length} input rows`);
      const first = num(source[0]?.value);
      for (let i = 0; i < rows.length; i++) {
        const expected = num(source[i]?.value) - first;
        if (Math.abs(num(rows[i]?.diff_vs_first) - expected) > 1e-6 * Math.max(1, Math.abs(expected))) return fail(2, `row ${i + 1}: diff_vs_first ${String(rows[i]?.diff_vs_first)}, expected ${expected}`);
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
    const key = (r: Row) => op.key_columns.map((k) => valueLabel(catalog, language, k, String(r[k]))).join(' / ');
    const [first, ...others] = rows;
    if (!first) return { findings: [], assumptions: [], memory: [] };
    const parts = others.map((r) => {
      const pct = typeof r.pct_vs_first === 'number' ? ` (${r.pct_vs_first >= 0 ? '+' : ''}${(r.pct_vs_first * 100).toFixed(1)}%)` : '';
      return w.t(`${key(r)} 为 ${formatValue(num(r.value), metric, language)}，比 ${key(first)} ${formatDelta(num(r.diff_vs_first), metric, language)}${pct}`, `${key(r)} ${formatValue(num(r.value), metric, language)}, ${formatDelta(num(r.diff_vs_first), metric, language)}${pct} vs ${key(first)}`);
    });
    return { findings: finding(w.t(`${label}：${key(first)} 为 ${formatValue(num(first.value), metric, language)}；${parts.join('；')}。`, `${label}: ${key(first)} ${formatValue(num(first.value), metric, language)}; ${parts.join('; ')}.`)), assumptions: [], memory: [] };
  },

  calculations(op, ctx, rows) {
    const { t, display, named } = ctx;
    const calcs: Calculation[] = [];
    rows.slice(0, 8).forEach((row, i) => {
      const key = op.key_columns.length > 0 ? rowKey(row, op.key_columns) : `row${i + 1}`;
      const label = rowLabel(ctx, row, op.key_columns);
      const match = matchOf(row, op.key_columns);
      calcs.push(...make(ctx, `${key}.value`, row.value, { display, delta: false, description: named(ctx.label, label), formula: t(`来自 ${op.source}`, `from ${op.source}`), importance: i < 3 ? 'high' : 'medium', pick: { field: 'value', match } }));
      if (i > 0) {
        calcs.push(
          ...make(ctx, `${key}.diff`, row.diff_vs_first, { display, delta: true, description: t(`${label} 与第一行之差`, `${label} minus the first row`), formula: 'value − value(first row)', importance: 'medium', pick: { field: 'diff_vs_first', match } }),
          ...make(ctx, `${key}.pct`, row.pct_vs_first, { display: 'percent', delta: true, description: t(`${label} 相对第一行的变化`, `${label} relative to the first row`), formula: '(value − first) / |first|', importance: 'medium', pick: { field: 'pct_vs_first', match } }),
        );
      }
    });
    return calcs;
  },
};
