/**
 * A conversation's turn and the step results of earlier turns (src/storage/reuse.ts): what a turn offers the next one,
 * and which agents a turn given earlier results runs as local activities. Workflow code: pure.
 */
import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';
import type { DataQualityOutput, RunResult, StepRecord } from '../contracts';
import type { AgentName, TimeoutProfile } from '../agents/table';
import { LOCAL_OPTIONS, PROFILES } from './options';

/** The agents a turn given earlier turns' results runs locally (AnalysisRun.reuseLocally). */
export const REUSE_LOCALLY: ReadonlySet<AgentName> = new Set(['readDataExtent', 'planAnalysis', 'checkDataQuality', 'runSqlStep']);

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
export function reuseOf(records: StepRecord[], quality: DataQualityOutput | null): Pick<RunResult, 'reusable' | 'reused'> {
  const reuse = [
    ...(quality?.reuse ? [quality.reuse] : []),
    ...records.flatMap((r) => (r.status === 'passed' && r.result?.reuse ? [r.result.reuse] : [])),
  ];
  const reusable = reuse.flatMap((r) => (r.result_ref ? [{ key: r.key, result_ref: r.result_ref }] : []));
  return { reusable: reusable.filter((r, i) => reusable.findIndex((o) => o.key === r.key) === i), reused: reuse.some((r) => r.reused) };
}
