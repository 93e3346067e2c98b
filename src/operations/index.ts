/**
 * The registry of plan operations: one module per kind, each implementing
 * Operation (src/operations/operation.ts). The mapped type makes a kind of
 * StepOperation without an entry a compile error.
 *
 * Adding an operation: its zod schema in StepOperation (src/contracts/), its
 * module here, and its line in OPERATIONS.
 */
import type { MetricQuery, StepOperation } from '../contracts';
import { change_decomposition } from './change-decomposition';
import { compare } from './compare';
import { gap_contribution } from './gap-contribution';
import { metric } from './metric';
import type { Operation, OperationKind } from './operation';
import { rank_contributors } from './rank-contributors';
import { top_n } from './top-n';
import { trend } from './trend';

export type { Operation, OperationKind, OperationOf } from './operation';

export const OPERATIONS: { [K in OperationKind]: Operation<K> } = {
  metric,
  gap_contribution,
  change_decomposition,
  top_n,
  compare,
  trend,
  rank_contributors,
};

/** The module of an operation, typed for any kind (call its members with the same operation). */
export function operationOf(op: StepOperation): Operation<OperationKind> {
  return OPERATIONS[op.kind] as Operation<OperationKind>;
}

/** The module of a kind given as text (a chart's source), or undefined for a kind that is not one. */
export function operationNamed(kind: string): Operation<OperationKind> | undefined {
  return Object.prototype.hasOwnProperty.call(OPERATIONS, kind) ? OPERATIONS[kind as OperationKind] as Operation<OperationKind> : undefined;
}

/** An operation the SQL agent answers with one compiled query. */
export type SqlOperation = Extract<StepOperation, { query: MetricQuery }>;

export function isSqlOperation(op: StepOperation): op is SqlOperation {
  return operationOf(op).agent === 'sql';
}
