/**
 * The scheduled workflow: what a Temporal Schedule starts at each of its times (`baton schedule add`).
 *
 *   1. its own time  - the time it was scheduled for (the TemporalScheduledStartTime search attribute), not the time it
 *                      started: a run delayed by an outage, or started by a backfill, answers for its own week. "Today"
 *                      for the analysis (asOf) is that time's date in the schedule's time zone
 *   2. the analysis  - the question, as a child analysis run (the ordinary pipeline, with its audited report), both
 *                      runs carrying the BatonSchedule search attribute (`baton runs --schedule <id>`)
 *   3. the verdict   - the schedule run agent reads the run's record, compares it with the schedule's previous run
 *                      and decides: a significant change at the schedule's level, a crossed threshold, a run that did
 *                      not answer soundly (alerted as such), or no material change (recorded, no alert)
 *   4. delivery      - each sink gets the alert through the alert delivery agent, retried with backoff; one that keeps
 *                      failing is recorded (`baton schedule show`) and the run still ends
 */
import {
  ActivityFailure,
  ChildWorkflowFailure,
  executeChild,
  proxyActivities,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { RunResult } from '../contracts';
import type { AgentFunctions } from '../agents/table';
import type { Decision, ScheduleConfig } from '../schedules/contract';
import { SCHEDULE_ATTRIBUTE, STATUS_ATTRIBUTE } from '../temporal/search-attributes';
import { AGENT_OPTIONS } from './options';
import { analysisWorkflow } from './analysis';

/** Set by Temporal on every workflow a schedule starts: the time it was scheduled for. */
const SCHEDULED_START = defineSearchAttributeKey('TemporalScheduledStartTime', SearchAttributeType.DATETIME);

const agents = proxyActivities<Pick<AgentFunctions, 'recordScheduledRun'>>(AGENT_OPTIONS);
/** Delivery: retried with backoff (1 s, 2 s, 4 s … up to 30 s), 8 attempts, then recorded as failing. */
const delivery = proxyActivities<Pick<AgentFunctions, 'deliverAlert'>>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 8 },
});

export interface ScheduledOutcome {
  scheduledTime: string;
  asOf: string;
  runId: string;
  decision: Decision;
  summary: string;
  deliveries: { sink: string; delivered: boolean; error: string | null }[];
}

/** The time this run was scheduled for: the schedule's own, else (started by hand) its start. */
export function scheduledTimeOf(): Date {
  const info = workflowInfo();
  const typed = info.typedSearchAttributes.get(SCHEDULED_START);
  if (typed) return typed;
  const legacy = info.searchAttributes?.TemporalScheduledStartTime?.[0];
  if (legacy) return new Date(String(legacy instanceof Date ? legacy.toISOString() : legacy));
  return info.startTime;
}

/** The calendar date (YYYY-MM-DD) of `time` in `timeZone`. */
export function dateIn(time: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(time);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export async function scheduledAnalysisWorkflow(config: ScheduleConfig): Promise<ScheduledOutcome> {
  const info = workflowInfo();
  if (!info.typedSearchAttributes.get(SCHEDULE_ATTRIBUTE)) upsertSearchAttributes([{ key: SCHEDULE_ATTRIBUTE, value: config.scheduleId }]);
  const scheduled = scheduledTimeOf();
  const scheduledTime = scheduled.toISOString();
  const asOf = dateIn(scheduled, config.timezone);
  const runId = `${info.workflowId}-analysis`;

  let result: RunResult | null = null;
  let failure: string | null = null;
  try {
    result = await executeChild(analysisWorkflow, {
      workflowId: runId,
      args: [
        {
          question: config.question,
          asOf,
          ...(config.catalogPath ? { catalogPath: config.catalogPath } : {}),
          ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
        },
      ],
      staticSummary: config.question,
      staticDetails: `schedule ${config.scheduleId} · scheduled ${scheduledTime} · as of ${asOf}`,
      typedSearchAttributes: [
        { key: SCHEDULE_ATTRIBUTE, value: config.scheduleId },
        { key: STATUS_ATTRIBUTE, value: 'running' },
      ],
    });
  } catch (err) {
    if (!(err instanceof ChildWorkflowFailure)) throw err;
    failure = err.cause?.message ?? err.message;
  }

  const verdict = await agents.recordScheduledRun({
    config,
    workflowId: info.workflowId,
    scheduledTime,
    asOf,
    runId,
    result: result ? { status: result.status, record_ref: result.record_ref, answer: result.answer } : null,
    failure,
  });
  const { alert } = verdict;
  const deliveries = alert
    ? await Promise.all(
        config.alerts.map(async (sink) => {
          const name = sink.kind === 'webhook' ? `webhook:${sink.url}` : `file:${sink.path}`;
          try {
            await delivery.deliverAlert({ scheduleId: config.scheduleId, sink, alert });
            return { sink: name, delivered: true, error: null };
          } catch (err) {
            if (!(err instanceof ActivityFailure)) throw err;
            return { sink: name, delivered: false, error: err.cause?.message ?? err.message };
          }
        }),
      )
    : [];
  return { scheduledTime, asOf, runId, decision: verdict.decision, summary: verdict.summary, deliveries };
}
