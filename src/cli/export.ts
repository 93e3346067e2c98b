/**
 * `baton export <id>`: the whole run rebuilt from its Temporal event history:
 * question, intent and how it was decided, every plan with the feedback that
 * produced it, each step's attempts (inputs, outputs, validation records), the
 * reviews, and the final answer. Agents that run as local activities (catalog, intent, validation, analysis, the
 * run record) are markers in the history: their outputs are there, their inputs are not. What the workflow decided
 * itself (plan rejections, each step's final status) comes from the run's record (src/storage/run-record.ts).
 */
import type { Client } from '@temporalio/client';
import type { temporal } from '@temporalio/proto';
import { decodeHistoryPayloads } from '../temporal/codec';
import { stepFragment } from '../storage/fragments';
import { resolveInputs } from '../storage/input-refs';
import { fullResult, type StoredResult } from '../storage/run-record';
import type {
  AnalysisRequest,
  AnalysisResult,
  CodeDraft,
  CoderInput,
  Plan,
  PlannerInput,
  StepInput,
  StepOutput,
  TesterInput,
  TesterOutput,
  ValidationOutput,
  ValidatorInput,
} from '../contracts';

/** A local activity's marker: which agent, which attempt (the SDK's marker data, JSON, written by the SDK's core). */
export function localActivityMarker(
  event: temporal.api.history.v1.IHistoryEvent,
): { type: string; activityId: string; attempt: number } | null {
  const marker = event.markerRecordedEventAttributes;
  if (marker?.markerName !== 'core_local_activity') return null;
  const data = marker.details?.data?.payloads?.[0]?.data;
  if (!data) return null;
  const parsed = JSON.parse(Buffer.from(data).toString('utf8')) as { activity_type?: string; activity_id?: string; attempt?: number };
  return { type: parsed.activity_type ?? '', activityId: parsed.activity_id ?? '', attempt: parsed.attempt ?? 1 };
}

interface ActivityCall {
  activityId: string;
  type: string;
  summary: string | null;
  input: unknown;
  output: unknown;
  failure: string | null;
  attempt: number;
}

/** What the history holds: the request, every agent call (with its last attempt, output or failure), the reviews, how the run closed. */
async function readHistory(client: Client, workflowId: string): Promise<RunHistory> {
  const handle = client.workflow.getHandle(workflowId);
  // With encryption on, the stored payloads are decrypted first (a no-op without codecs).
  const history = await decodeHistoryPayloads(await handle.fetchHistory(), client.options.loadedDataConverter.payloadCodecs);
  const converter = client.options.loadedDataConverter.payloadConverter;
  const decode = (payloads: temporal.api.common.v1.IPayloads | null | undefined): unknown[] =>
    (payloads?.payloads ?? []).map((p) => converter.fromPayload(p));

  let request: AnalysisRequest | null = null;
  let stored: StoredResult | null = null;
  let closed: string | null = null;
  const calls = new Map<string, ActivityCall>();
  const reviews: unknown[] = [];
  for (const event of history.events ?? []) {
    const id = String(event.eventId);
    if (event.workflowExecutionStartedEventAttributes) {
      request = decode(event.workflowExecutionStartedEventAttributes.input)[0] as AnalysisRequest;
    } else if (event.activityTaskScheduledEventAttributes) {
      const a = event.activityTaskScheduledEventAttributes;
      calls.set(id, {
        activityId: a.activityId ?? '',
        type: a.activityType?.name ?? '',
        summary: event.userMetadata?.summary ? converter.fromPayload<string>(event.userMetadata.summary) : null,
        input: decode(a.input)[0],
        output: null,
        failure: null,
        attempt: 1,
      });
    } else if (event.markerRecordedEventAttributes) {
      const local = localActivityMarker(event);
      if (local) {
        const marker = event.markerRecordedEventAttributes;
        calls.set(id, {
          activityId: local.activityId,
          type: local.type,
          summary: event.userMetadata?.summary ? converter.fromPayload<string>(event.userMetadata.summary) : null,
          input: null,
          output: marker.details?.result ? decode(marker.details.result)[0] : null,
          failure: marker.failure?.message ?? null,
          attempt: local.attempt,
        });
      }
    } else if (event.activityTaskStartedEventAttributes) {
      const call = calls.get(String(event.activityTaskStartedEventAttributes.scheduledEventId));
      if (call) call.attempt = event.activityTaskStartedEventAttributes.attempt ?? 1;
    } else if (event.activityTaskCompletedEventAttributes) {
      const call = calls.get(String(event.activityTaskCompletedEventAttributes.scheduledEventId));
      if (call) call.output = decode(event.activityTaskCompletedEventAttributes.result)[0];
    } else if (event.activityTaskFailedEventAttributes) {
      const call = calls.get(String(event.activityTaskFailedEventAttributes.scheduledEventId));
      if (call) call.failure = event.activityTaskFailedEventAttributes.failure?.message ?? 'failed';
    } else if (event.activityTaskTimedOutEventAttributes) {
      const call = calls.get(String(event.activityTaskTimedOutEventAttributes.scheduledEventId));
      if (call) call.failure = `timed out: ${event.activityTaskTimedOutEventAttributes.failure?.message ?? ''}`;
    } else if (event.workflowExecutionUpdateAcceptedEventAttributes) {
      reviews.push(decode(event.workflowExecutionUpdateAcceptedEventAttributes.acceptedRequest?.input?.args)[0]);
    } else if (event.workflowExecutionCompletedEventAttributes) {
      stored = decode(event.workflowExecutionCompletedEventAttributes.result)[0] as StoredResult;
      closed = 'completed';
    } else if (event.workflowExecutionFailedEventAttributes) {
      closed = `failed: ${event.workflowExecutionFailedEventAttributes.failure?.message ?? ''}`;
    } else if (event.workflowExecutionTerminatedEventAttributes) {
      closed = 'terminated';
    }
  }
  return {
    runId: history.events?.[0]?.workflowExecutionStartedEventAttributes?.originalExecutionRunId ?? null,
    request,
    stored,
    closed,
    calls,
    reviews,
  };
}

interface RunHistory {
  runId: string | null;
  request: AnalysisRequest | null;
  stored: StoredResult | null;
  closed: string | null;
  /** By the id of the event that scheduled the call (or recorded its marker). */
  calls: Map<string, ActivityCall>;
  reviews: unknown[];
}

/** One attempt at a step: the SQL or trend agent's call, or the coder's with the tester's verdict, and its validation. */
async function exportedAttempt(
  a: ActivityCall,
  i: number,
  stepId: string,
  checks: ActivityCall[],
  verdicts: ActivityCall[],
  validated: { count: number },
): Promise<Record<string, unknown>> {
  if (a.type === 'writeCode') {
    const coder = a.input as CoderInput;
    // Paired by attempt number: a coder call that failed has no tester call.
    const tested = verdicts.find((v) => (v.input as TesterInput).draft.attempt === coder.attempt);
    const verdict = tested?.output as TesterOutput | null | undefined;
    return {
      agent: 'writeCode → testCode',
      summary: a.summary,
      input: {
        acceptance: coder.requirements.acceptance,
        dependencies: Object.keys(coder.requirements.dependencies),
        failures: coder.failures,
      },
      code: a.output as CodeDraft | null,
      test: verdict ?? null,
      output: verdict?.result ?? null,
      failure: a.failure ?? tested?.failure ?? null,
      validation: verdict?.passed ? (checks[validated.count++]?.output ?? null) : null,
    };
  }
  return {
    agent: a.type,
    summary: a.summary,
    input: {
      catalog_fragment: await stepFragment((a.input as StepInput).catalog, (a.input as StepInput).catalog_ref, stepId).catch(() => null),
      dependencies: Object.keys((a.input as StepInput).dependencies ?? {}),
      feedback: (a.input as StepInput).feedback ?? [],
    },
    output: a.output as StepOutput | null,
    failure: a.failure,
    validation: checks[i]?.output ?? null,
  };
}

/** Each step with every attempt at it, in the order the steps first ran. */
async function exportedSteps(all: ActivityCall[], result: AnalysisResult | null): Promise<Record<string, unknown>[]> {
  const of = (type: string) => all.filter((c) => c.type === type);
  // Step attempts: the SQL and trend agents' calls, or for computed steps the coder's (with the tester's verdict).
  const stepCalls = all.filter((c) => c.type === 'runSqlStep' || c.type === 'analyzeTrend' || c.type === 'writeCode');
  const stepOf = (c: ActivityCall) => (c.type === 'writeCode' ? (c.input as CoderInput).requirements.step : (c.input as StepInput).step);
  const validations = [...of('checkStep'), ...of('validateStep')]; // validateStep: runs from before the rename
  const tests = of('testCode');
  const stepIds = [...new Set(stepCalls.map((c) => stepOf(c).step_id))];
  const steps = await Promise.all(
    stepIds.map(async (stepId) => {
      const attempts = stepCalls.filter((c) => stepOf(c).step_id === stepId);
      // A local validation's input is not in the history: its output names the step.
      const checks = validations.filter(
        (v) => (v.input ? (v.input as ValidatorInput).step.step_id : (v.output as ValidationOutput | null)?.step_id) === stepId,
      );
      const verdicts = tests.filter((t) => (t.input as TesterInput).draft.step_id === stepId);
      const step = stepOf(attempts[0] as ActivityCall);
      const validated = { count: 0 };
      return {
        step_id: stepId,
        description: step.description,
        depends_on: step.depends_on,
        operation: step.operation,
        final_status: result?.steps.find((s) => s.step.step_id === stepId)?.status ?? null,
        attempts: await Promise.all(attempts.map((a, i) => exportedAttempt(a, i, stepId, checks, verdicts, validated))),
      };
    }),
  );
  return steps;
}

/** The whole run rebuilt from its history, with the steps' attempts and the run's record. */
export async function exportRun(client: Client, workflowId: string): Promise<Record<string, unknown>> {
  const { runId, request, stored, closed, calls, reviews } = await readHistory(client, workflowId);
  // Bulky inputs are in the artifact store, by reference (src/storage/input-refs.ts).
  for (const call of calls.values()) {
    const [input] = await resolveInputs([call.input]).catch(() => [call.input]);
    call.input = input;
  }
  // The run's record (or, for runs recorded before it existed, the result itself).
  const result: AnalysisResult | null = stored ? await fullResult(stored).catch(() => null) : null;
  const all = [...calls.values()];
  const of = (type: string) => all.filter((c) => c.type === type);
  const steps = await exportedSteps(all, result);

  return {
    exported_from: 'temporal event history',
    workflow_id: workflowId,
    run_id: runId,
    state: closed ?? 'running',
    question: request?.question ?? null,
    as_of: request?.asOf ?? null,
    request,
    intent: of('classifyIntent')[0]?.output ?? null,
    plans: of('planAnalysis').map((p) => ({ feedback: (p.input as PlannerInput).feedback ?? [], plan: p.output as Plan | null })),
    plan_rejections: result?.planRejections ?? null,
    reviews,
    steps,
    answer: stored ? { status: stored.status, text: stored.answer, metrics: stored.metrics } : null,
    record_ref: stored && 'record_ref' in stored ? stored.record_ref : null,
    activities_executed: all.length,
  };
}
