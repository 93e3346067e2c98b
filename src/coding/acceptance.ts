/**
 * What a computed step's code must satisfy, in words (for the coder, the history
 * and the report) and as checks (for the tester). Pure and deterministic, so the
 * workflow can state the requirements without running anything. Every computed
 * step's output has the common shape; the criteria of each kind and their checks
 * are its operation module's (src/operations).
 */
import type { PlanStep } from '../contracts';
import { operationOf } from '../operations';
import type { AcceptanceFailure, InputResult, ScriptResult } from '../operations/operation';

export type { InputResult } from '../operations/operation';

const SHAPE =
  'returns { columns, rows, summary }: columns a list of { name, type, meaning }, rows a list of flat records of strings, numbers, booleans or null, summary a flat record';

export function acceptanceCriteria(step: PlanStep): string[] {
  const operation = operationOf(step.operation);
  return operation.acceptance ? [SHAPE, ...operation.acceptance.criteria(step.operation)] : [SHAPE];
}

const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The criteria the output fails, each with what was wrong. Empty means accepted. */
export function checkAcceptance(
  step: PlanStep,
  output: unknown,
  inputs: Record<string, InputResult>,
  partialPeriods: string[],
): AcceptanceFailure[] {
  const criteria = acceptanceCriteria(step);
  const fail = (i: number, detail: string) => [{ criterion: criteria[i] ?? criteria[0] ?? 'output', detail }];
  const o = output as Partial<ScriptResult> | null;
  if (!o || typeof o !== 'object' || !Array.isArray(o.columns) || !Array.isArray(o.rows) || !o.summary || typeof o.summary !== 'object') {
    return fail(
      0,
      `got ${output === null ? 'null' : Array.isArray(output) ? 'an array' : typeof output}${o && typeof o === 'object' ? ` with keys ${Object.keys(o).join(', ') || '(none)'}` : ''}`,
    );
  }
  if (!o.columns.every((c) => c && typeof c.name === 'string' && typeof c.type === 'string' && typeof c.meaning === 'string'))
    return fail(0, 'a column lacks a name, type or meaning');
  const badRow = o.rows.findIndex((r) => !r || typeof r !== 'object' || !Object.values(r).every(isScalar));
  if (badRow >= 0) return fail(0, `row ${badRow + 1} is not a flat record`);
  if (!Object.values(o.summary).every((v) => v === null || typeof v === 'string' || typeof v === 'number'))
    return fail(0, 'summary values must be strings, numbers or null');
  const operation = operationOf(step.operation);
  return operation.acceptance
    ? operation.acceptance.check(step.operation, { rows: o.rows, summary: o.summary, inputs, partialPeriods, fail })
    : [];
}
