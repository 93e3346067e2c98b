/**
 * Schedules on Temporal (client.schedule): create one for a checked config, and the operations `baton schedule` offers.
 * The schedule's action starts scheduledAnalysisWorkflow with the config as its argument and the BatonSchedule
 * search attribute; the overlap policy (skip by default) and the catch-up window are the schedule's own policies.
 */
import { ScheduleOverlapPolicy, type Client, type ScheduleDescription } from '@temporalio/client';
import { SCHEDULE_ATTRIBUTE } from '../temporal/search-attributes';
import type { ScheduleConfig } from './contract';

export const OVERLAP_POLICIES = ['skip', 'buffer_one', 'buffer_all', 'cancel_other', 'terminate_other', 'allow_all'] as const;
export type OverlapName = (typeof OVERLAP_POLICIES)[number];

const overlapPolicy = (name: OverlapName): ScheduleOverlapPolicy =>
  ScheduleOverlapPolicy[name.toUpperCase() as keyof typeof ScheduleOverlapPolicy] ?? ScheduleOverlapPolicy.SKIP;

export interface CreateOptions {
  config: ScheduleConfig;
  taskQueue: string;
  cron?: string;
  everyMs?: number;
  overlap: OverlapName;
  catchupWindowMs: number;
  paused?: boolean;
}

export async function createSchedule(client: Client, o: CreateOptions): Promise<void> {
  const { config } = o;
  await client.schedule.create({
    scheduleId: config.scheduleId,
    spec: {
      ...(o.cron ? { cronExpressions: [o.cron] } : { intervals: [{ every: o.everyMs ?? 604_800_000 }] }),
      timezone: config.timezone,
    },
    action: {
      type: 'startWorkflow',
      workflowType: 'scheduledAnalysisWorkflow',
      workflowId: `${config.scheduleId}-run`,
      taskQueue: o.taskQueue,
      args: [config],
      typedSearchAttributes: [{ key: SCHEDULE_ATTRIBUTE, value: config.scheduleId }],
      staticSummary: config.question,
    },
    policies: { overlap: overlapPolicy(o.overlap), catchupWindow: o.catchupWindowMs },
    state: { paused: o.paused ?? false, note: config.question },
    memo: { question: config.question },
  });
}

/** The config a schedule's action carries. */
export function configOf(d: ScheduleDescription): ScheduleConfig | null {
  const action = d.action;
  if (action.type !== 'startWorkflow') return null;
  return (action.args?.[0] as ScheduleConfig | undefined) ?? null;
}

export async function backfillSchedule(client: Client, id: string, from: Date, to: Date): Promise<void> {
  // In scheduled order, one after another: each run compares with the one before it.
  await client.schedule.getHandle(id).backfill({ start: from, end: to, overlap: ScheduleOverlapPolicy.BUFFER_ALL });
}
