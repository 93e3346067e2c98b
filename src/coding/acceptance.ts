/**
 * What a computed step's code must satisfy, in words (for the coder, the history
 * and the report) and as checks (for the tester). Pure and deterministic, so the
 * workflow can state the requirements without running anything.
 */
import type { PlanStep, Row, StepOutput } from '../contracts';

export interface ScriptResult {
  columns: { name: string; type: string; meaning: string }[];
  rows: Row[];
  summary: StepOutput['data_summary'];
}

export interface InputResult {
  rows: Row[];
  summary: StepOutput['data_summary'];
}

const SHAPE = 'returns { columns, rows, summary }: columns a list of { name, type, meaning }, rows a list of flat records of strings, numbers, booleans or null, summary a flat record';

export function acceptanceCriteria(step: PlanStep): string[] {
  const op = step.operation;
  switch (op.kind) {
    case 'top_n':
      return [SHAPE, `at most ${op.n} rows, every one a row of ${op.source}`, `rows sorted by ${op.column}, ${op.order === 'desc' ? 'largest' : 'smallest'} first`];
    case 'compare':
      return [SHAPE, `one row per row of ${op.source}, in the same order`, 'diff_vs_first is 0 on the first row and value − first value on the others'];
    case 'trend':
      return [SHAPE, 'one row per series, with direction up, down or flat and run_length a whole number no larger than the number of month-over-month changes', 'months flagged as partial periods are not part of any series'];
    case 'rank_contributors':
      return [
        SHAPE,
        `at most ${op.n} rows ranked 1, 2, 3, …, each a (dimension, segment) found in ${op.sources.join(', ')}`,
        'effects sorted by size in the direction of the overall change',
        'share_of_change = effect / change on every row, and summary.change equals the change of the decompositions',
      ];
    default:
      return [SHAPE];
  }
}

const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

/** The criteria the output fails, each with what was wrong. Empty means accepted. */
export function checkAcceptance(step: PlanStep, output: unknown, inputs: Record<string, InputResult>, partialPeriods: string[]): { criterion: string; detail: string }[] {
  const criteria = acceptanceCriteria(step);
  const fail = (i: number, detail: string) => [{ criterion: criteria[i] ?? criteria[0] ?? 'output', detail }];
  const o = output as Partial<ScriptResult> | null;
  if (!o || typeof o !== 'object' || !Array.isArray(o.columns) || !Array.isArray(o.rows) || !o.summary || typeof o.summary !== 'object') {
    return fail(0, `got ${output === null ? 'null' : Array.isArray(output) ? 'an array' : typeof output}${o && typeof o === 'object' ? ` with keys ${Object.keys(o).join(', ') || '(none)'}` : ''}`);
  }
  if (!o.columns.every((c) => c && typeof c.name === 'string' && typeof c.type === 'string' && typeof c.meaning === 'string')) return fail(0, 'a column lacks a name, type or meaning');
  const badRow = o.rows.findIndex((r) => !r || typeof r !== 'object' || !Object.values(r).every(isScalar));
  if (badRow >= 0) return fail(0, `row ${badRow + 1} is not a flat record`);
  if (!Object.values(o.summary).every((v) => v === null || typeof v === 'string' || typeof v === 'number')) return fail(0, 'summary values must be strings, numbers or null');
  const rows = o.rows;
  const op = step.operation;
  switch (op.kind) {
    case 'top_n': {
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
    }
    case 'compare': {
      const source = inputs[op.source]?.rows ?? [];
      if (rows.length !== source.length) return fail(1, `${rows.length} rows for ${source.length} input rows`);
      const first = num(source[0]?.value);
      for (let i = 0; i < rows.length; i++) {
        const expected = num(source[i]?.value) - first;
        if (Math.abs(num(rows[i]?.diff_vs_first) - expected) > 1e-6 * Math.max(1, Math.abs(expected))) return fail(2, `row ${i + 1}: diff_vs_first ${String(rows[i]?.diff_vs_first)}, expected ${expected}`);
      }
      return [];
    }
    case 'trend': {
      const source = inputs[op.source]?.rows ?? [];
      const months = new Set(source.map((r) => String(r.month)).filter((m) => !partialPeriods.includes(m)));
      for (const r of rows) {
        if (!['up', 'down', 'flat'].includes(String(r.direction))) return fail(1, `direction "${String(r.direction)}"`);
        if (!Number.isInteger(r.run_length) || num(r.run_length) < 0 || num(r.run_length) > Math.max(0, months.size - 1)) return fail(1, `run_length ${String(r.run_length)} with ${months.size} months`);
        const used = [String(r.first_month), String(r.last_month)].filter((m) => partialPeriods.includes(m));
        if (used.length > 0) return fail(2, `series ${String(r.series)} uses the partial period ${used.join(', ')}`);
      }
      return [];
    }
    case 'rank_contributors': {
      const decompositions = op.sources.map((id) => inputs[id]);
      const change = num(decompositions[0]?.summary.change);
      if (rows.length > op.n) return fail(1, `${rows.length} rows`);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i] as Row;
        if (r.rank !== i + 1) return fail(1, `row ${i + 1} has rank ${String(r.rank)}`);
        const found = op.sources.some((id) => (inputs[id]?.rows ?? []).some((d) => String(d[String(r.dimension)]) === String(r.segment)));
        if (!found) return fail(1, `${String(r.dimension)}=${String(r.segment)} is not in the decompositions`);
        if (i > 0 && Math.sign(change || 1) * (num(r.effect) - num(rows[i - 1]?.effect)) > 1e-12) return fail(2, `rank ${i + 1} (${String(r.effect)}) is larger in the direction of the change than rank ${i} (${String(rows[i - 1]?.effect)})`);
        if (change !== 0 && Math.abs(num(r.share_of_change) - num(r.effect) / change) > 1e-3) return fail(3, `rank ${i + 1}: share_of_change ${String(r.share_of_change)}, effect / change = ${num(r.effect) / change}`);
      }
      if (Math.abs(num(o.summary.change) - change) > 1e-9 * Math.max(1, Math.abs(change))) return fail(3, `summary.change ${String(o.summary.change)}, decompositions say ${change}`);
      return [];
    }
    default:
      return [];
  }
}
