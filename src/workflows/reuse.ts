/**
 * A conversation's turn and the step results of earlier turns (src/storage/reuse.ts): what a turn offers the next one,
 * and which agents a turn given earlier results runs as local activities. Workflow code: pure.
 */
import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';
import type { DataQualityOutput, RunResult, StepRecord, VerificationOutput } from '../contracts';
import type { AgentName, TimeoutProfile } from '../agents/table';
import { LOCAL_OPTIONS, PROFILES } from './options';

/** The agents a turn given earlier turns' results runs locally (AnalysisRun.reuseLocally). */
export const REUSE_LOCALLY: ReadonlySet<AgentName> = new Set(['readDataExtent', 'planAnalysis', 'checkDataQuality', 'runSqlStep']);

/**
 * The agents after the steps a turn given earlier results also runs locally (patched 'verify-reuse'): the verifier, which
 * reads its own earlier results back (src/verify/own-reuse.ts), and the significance test, the report and the audit,
 * whose work on a re-slicing turn (tens of milliseconds each, measured by scripts/bench-reuse.ts) is less than a task-queue
 * round trip. They do the same work as remote activities; none is skipped.
 */
export const REUSE_LOCALLY_AFTER_STEPS: ReadonlySet<AgentName> = new Set([
  'testSignificance',
  'recomputeNumbers',
  'writeReport',
  'auditReport',
]);

/** Whether a turn runs `agent` locally: REUSE_LOCALLY given earlier results, REUSE_LOCALLY_AFTER_STEPS since 'verify-reuse'. */
export function runsLocally(agent: AgentName, reuseLocally: boolean, afterSteps: boolean): boolean {
  return reuseLocally && (REUSE_LOCALLY.has(agent) || (afterSteps && REUSE_LOCALLY_AFTER_STEPS.has(agent)));
}

/** A profile as a local activity, with its own time limits. */
export function localProfile(profile: TimeoutProfile): { local: true; options: LocalActivityOptions } {
  const own = PROFILES[profile];
  if (own.local) return own;
  const options: ActivityOptions = own.options;
  return {
    local: true,
    options: {
      ...LOCAL_OPTIONS,
      startToCloseTimeout: options.startToCloseTimeout,
      scheduleToCloseTimeout: options.scheduleToCloseTimeout,
      retry: options.retry,
    },
  };
}

/** What a conversation's turn offers the next one (each SQL step's stored result by key) and whether it reused any. */
export function reuseOf(
  records: StepRecord[],
  quality: DataQualityOutput | null,
  verification?: VerificationOutput | null,
): Pick<RunResult, 'reusable' | 'reused'> {
  const reuse = [
    ...(quality?.reuse ? [quality.reuse] : []),
    ...records.flatMap((r) => (r.status === 'passed' && r.result?.reuse ? [r.result.reuse] : [])),
  ];
  // The verifier's own results come after the steps': a later turn's verifier reads them, no step does.
  const reusable = [
    ...reuse.flatMap((r) => (r.result_ref ? [{ key: r.key, result_ref: r.result_ref }] : [])),
    ...(verification?.reusable ?? []),
  ];
  return { reusable: reusable.filter((r, i) => reusable.findIndex((o) => o.key === r.key) === i), reused: reuse.some((r) => r.reused) };
}
