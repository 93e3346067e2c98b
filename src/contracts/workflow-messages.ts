/**
 * The analysis workflow's messages: the query, signal and update that clients send and the workflow handles. Their
 * one home, imported by both sides (the workflow's handlers in src/workflows/run.ts, the CLI), so that nothing outside
 * src/workflows imports workflow code. defineQuery and friends only name a message; they are safe in client code.
 */
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { ReviewDecision, RunProgress } from './run';

/** The run's progress: phase, steps, stages, the checklist's source (`baton status`, the tracker). */
export const progressQuery = defineQuery<RunProgress>('progress');

/**
 * Why the run is being cancelled. A Temporal cancel request carries no reason, so `baton cancel`
 * sends this signal with the reason first and then requests cancellation; the run ends `cancelled`
 * with the reason in its answer.
 */
export const cancelReasonSignal = defineSignal<[string]>('cancelReason');

/** A reviewer's decision on the plan of a run started with review on; answers with the decision and the phase it found. */
export const reviewPlanUpdate = defineUpdate<{ accepted: ReviewDecision['action']; phase: RunProgress['phase'] }, [ReviewDecision]>(
  'reviewPlan',
);
