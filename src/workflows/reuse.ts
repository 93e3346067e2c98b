/**
 * A conversation's turn and the step results of earlier turns (src/storage/reuse.ts): what a turn offers the next one,
 * and which agents a turn given earlier results runs as local activities. Workflow code: pure.
 */
import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';
import type { CarriedQuality, DataQualityOutput, ReusableResult, RunResult, StepRecord, VerificationOutput } from '../contracts';
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

/** What data quality was asked in a turn and on which data: what its outcome is offered with (CarriedQuality). */
export interface QualityAsked {
  asked: CarriedQuality['asked'] | null;
  dataVersion: string | null;
}

/**
 * What a conversation's turn offers the next one (each SQL step's stored result by key, data quality's with its outcome
 * while its counts hold) and whether it reused any.
 */
export function reuseOf(
  records: StepRecord[],
  quality: DataQualityOutput | null,
  verification?: VerificationOutput | null,
  qualityAsked?: QualityAsked | null,
): Pick<RunResult, 'reusable' | 'reused'> {
  const reuse = [
    ...(quality?.reuse ? [quality.reuse] : []),
    ...records.flatMap((r) => (r.status === 'passed' && r.result?.reuse ? [r.result.reuse] : [])),
  ];
  // The verifier's own results come after the steps': a later turn's verifier reads them, no step does.
  const reusable: ReusableResult[] = [
    ...reuse.flatMap((r) => (r.result_ref ? [{ key: r.key, result_ref: r.result_ref, ...carriedOf(r, quality, qualityAsked) }] : [])),
    ...(verification?.reusable ?? []),
  ];
  return { reusable: reusable.filter((r, i) => reusable.findIndex((o) => o.key === r.key) === i), reused: reuse.some((r) => r.reused) };
}

/** On data quality's entry, its outcome as the next turn may take it; nothing on a step's entry, or when not known. */
function carriedOf(
  record: NonNullable<DataQualityOutput['reuse']>,
  quality: DataQualityOutput | null,
  qualityAsked: QualityAsked | null | undefined,
): { quality?: CarriedQuality } {
  if (!quality || record !== quality.reuse || record.holds_until === undefined) return {};
  const { asked, dataVersion } = qualityAsked ?? { asked: null, dataVersion: null };
  if (!asked || !dataVersion) return {};
  const { reuse: _reuse, ...output } = quality;
  return { quality: { asked, data_version: dataVersion, holds_until: record.holds_until, output } };
}

/**
 * Data quality's outcome as an earlier turn offers it, when this turn would ask the same (`asked`) on the same data and
 * no dated row has passed "now" since (`now`: the workflow's time, ms): the counts would come out the same, and the
 * verifier re-verifies them as it does every number. Null otherwise: the agent is asked (and may still read back a
 * stored outcome under its own key, src/activities/data-quality.ts).
 */
export function carriedQuality(
  offered: ReusableResult[] | undefined,
  asked: CarriedQuality['asked'],
  dataVersion: string | null | undefined,
  now: number,
): DataQualityOutput | null {
  if (!dataVersion) return null;
  const same = canonical(asked);
  const entry = [...(offered ?? [])]
    .reverse()
    .find((e) => e.quality && e.quality.data_version === dataVersion && canonical(e.quality.asked) === same);
  const carried = entry?.quality;
  if (!entry || !carried || (carried.holds_until !== null && now >= carried.holds_until)) return null;
  const reuse = { key: entry.key, result_ref: entry.result_ref, reused: true, data_changed: false, holds_until: carried.holds_until };
  return { ...carried.output, reuse };
}

/** Whether two values are the same as JSON, whatever the order of their keys (what a turn read against what an earlier one did). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/**
 * A value as JSON with every object's keys in order: what was asked compares equal however it travelled (a run's record
 * comes back from PostgreSQL's jsonb with its keys reordered).
 */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The results offered as the agents take them: keys and references, without data quality's carried outcome. */
export function offeredToAgents(offered: ReusableResult[] | undefined): { key: string; result_ref: string }[] {
  return (offered ?? []).map(({ key, result_ref }) => ({ key, result_ref }));
}
