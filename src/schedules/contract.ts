/**
 * What a schedule is (the scheduled workflow's argument, set once by `baton schedule add`), what one of its runs
 * decides, and the alert it sends. Pure types and helpers: the workflow, the activities and the CLI share them.
 */
import type { RunStatus } from '../contracts/answer';

/** Where an alert goes: an HTTP(S) webhook (signed POST) or a file (one JSON line per alert). */
export type AlertSink = { kind: 'webhook'; url: string } | { kind: 'file'; path: string };

/** A threshold set on the schedule: `<metric> < 0.2` (the metric's latest value) or `change > 10%` (relative change). */
export type WhenRule =
  | { kind: 'metric'; metric: string; op: '<' | '<=' | '>' | '>='; value: number; text: string }
  | { kind: 'change'; op: '<' | '<=' | '>' | '>='; percent: number; text: string };

export interface ScheduleConfig {
  scheduleId: string;
  question: string;
  /** The schedule's time zone (IANA): each run's "today" is its scheduled time's date there. */
  timezone: string;
  catalogPath?: string;
  databaseUrl?: string;
  alerts: AlertSink[];
  when: WhenRule[];
  /** Significance level for the statistics agent's test (0.05 by default). */
  level: number;
  /** The Web UI's base URL, for the alert's link. */
  webUi?: string;
}

/** One run of the schedule as kept in baton.schedule_runs: what it found and what it decided. */
export interface ScheduledRunSummary {
  status: RunStatus | 'failed';
  answer: string;
  metric: string | null;
  metricLabel: string | null;
  before: number | null;
  after: number | null;
  /** after − before, and relative to before. */
  change: number | null;
  changeRatio: number | null;
  unit: string | null;
  /** The citations of before and after in the report ([n]); null when not cited. */
  citations: { before: number | null; after: number | null };
  pValue: number | null;
  mainContributor: { dimension: string; segment: string; effect: number; share: number | null } | null;
  /** The report's executive summary, with its citation markers. */
  reportSummary: string | null;
  reportRef: string | null;
}

export type Decision = 'significant_change' | 'threshold' | 'broken' | 'no_material_change';

export interface AlertBody {
  /** Idempotency key: the scheduled workflow's id and scheduled time. */
  key: string;
  scheduleId: string;
  scheduledTime: string;
  asOf: string;
  question: string;
  decision: Decision;
  /** Why, in words (the question's language). */
  headline: string;
  text: string;
  runId: string;
  status: ScheduledRunSummary['status'];
  metric: string | null;
  before: number | null;
  after: number | null;
  change: number | null;
  changeRatio: number | null;
  pValue: number | null;
  mainContributor: ScheduledRunSummary['mainContributor'];
  reportSummary: string | null;
  reportCommand: string;
  link: string | null;
  previousRun: string | null;
}

export type RecordRunInput = {
  config: ScheduleConfig;
  workflowId: string;
  scheduledTime: string;
  asOf: string;
  /** The child analysis run: its id, and its result (null when the run failed, with the failure's message). */
  runId: string;
  result: { status: RunStatus; record_ref: string | null; answer: string } | null;
  failure: string | null;
};

export interface RecordRunOutput {
  decision: Decision;
  summary: string;
  alert: AlertBody | null;
}

export type DeliverInput = {
  scheduleId: string;
  sink: AlertSink;
  alert: AlertBody;
};

/** The idempotency key of a schedule run. */
export function alertKey(workflowId: string, scheduledTime: string): string {
  return `${workflowId}@${scheduledTime}`;
}
