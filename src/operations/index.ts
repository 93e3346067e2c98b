/**
 * The registry of plan operations: one module per kind, each implementing
 * Operation (src/operations/operation.ts). The mapped type makes a kind of
 * StepOperation without an entry a compile error.
 *
 * Adding an operation: its module (src/operations/<kind>.ts: plan schema,
 * derivation, checks, its messages, chart, prompt lines), its schema in PLAN_SCHEMAS and
 * its module in OPERATIONS below, and its independent check in
 * src/verify/checks.ts (a Record over the kinds, so a missing one does not compile).
 *
 * src/contracts/plan.ts builds StepOperation from PLAN_SCHEMAS: nothing reachable
 * from here may import src/contracts at run time (types only), or the two would
 * load each other.
 */
import type { MetricQuery, StepOperation } from '../contracts';
import type { Message } from '../messages/message';
import { ChangeDecompositionOperation, change_decomposition } from './change-decomposition';
import { CompareOperation, compare } from './compare';
import { GapContributionOperation, gap_contribution } from './gap-contribution';
import { MetricOperation, metric } from './metric';
import type { Operation, OperationKind } from './operation';
import { RankContributorsOperation, rank_contributors } from './rank-contributors';
import { ShareOfTotalOperation, share_of_total } from './share-of-total';
import { TopNOperation, top_n } from './top-n';
import { TrendOperation, trend } from './trend';

/** The plan schema of every kind, in the order StepOperation lists them. */
export const PLAN_SCHEMAS = [
  MetricOperation,
  GapContributionOperation,
  ChangeDecompositionOperation,
  TopNOperation,
  CompareOperation,
  TrendOperation,
  RankContributorsOperation,
  ShareOfTotalOperation,
] as const;

export const OPERATIONS: { [K in OperationKind]: Operation<K> } = {
  metric,
  gap_contribution,
  change_decomposition,
  top_n,
  compare,
  trend,
  rank_contributors,
  share_of_total,
};

/**
 * Every operation's messages (each module's `messages`, keyed `operation.<kind>.…`), for the catalog
 * (src/messages/catalog.ts) and its test; a module renders its own with `textOf`.
 */
export const OPERATION_MESSAGES: Readonly<Record<string, Message>> = Object.fromEntries(
  Object.values(OPERATIONS).flatMap((o) => Object.entries(o.messages)),
);

/** The module of an operation, typed for any kind (call its members with the same operation). */
export function operationOf(op: StepOperation): Operation<OperationKind> {
  return OPERATIONS[op.kind] as Operation<OperationKind>;
}

/** The module of a kind given as text (a chart's source), or undefined for a kind that is not one. */
export function operationNamed(kind: string): Operation<OperationKind> | undefined {
  return Object.prototype.hasOwnProperty.call(OPERATIONS, kind)
    ? (OPERATIONS[kind as OperationKind] as Operation<OperationKind>)
    : undefined;
}

/** An operation the SQL agent answers with one compiled query. */
export type SqlOperation = Extract<StepOperation, { query: MetricQuery }>;

export function isSqlOperation(op: StepOperation): op is SqlOperation {
  return operationOf(op).agent === 'sql';
}
