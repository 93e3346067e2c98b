/**
 * Where a schedule keeps its memory, in the system database's "baton" schema (the worker's DATABASE_URL):
 *
 *   schedule_runs    one row per scheduled time: the run it started, what it found and what it decided. The
 *                    previous run of a schedule is the row with the latest scheduled time before this one, so
 *                    backfills compare in scheduled order, and a crash loses nothing (the row is written by an
 *                    activity, idempotently: the same scheduled time overwrites its own row).
 *   schedule_alerts  one row per alert and sink: the idempotency key, attempts, the last error, when delivered.
 */
import { getPool } from '../storage/db';
import type { AlertBody, AlertSink, Decision, ScheduledRunSummary } from './contract';

const ready = new Set<string>();

export async function ensureScheduleTables(databaseUrl: string): Promise<void> {
  if (ready.has(databaseUrl)) return;
  await getPool(databaseUrl).query(`
    CREATE SCHEMA IF NOT EXISTS baton;
    CREATE TABLE IF NOT EXISTS baton.schedule_runs (
      schedule_id    text NOT NULL,
      scheduled_time timestamptz NOT NULL,
      workflow_id    text NOT NULL,
      run_id         text NOT NULL,
      as_of          date NOT NULL,
      decision       text NOT NULL,
      summary        jsonb NOT NULL,
      finished_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (schedule_id, scheduled_time)
    );
    CREATE TABLE IF NOT EXISTS baton.schedule_alerts (
      key           text NOT NULL,
      sink          text NOT NULL,
      schedule_id   text NOT NULL,
      body          jsonb NOT NULL,
      attempts      integer NOT NULL DEFAULT 0,
      last_error    text,
      delivered_at  timestamptz,
      created_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (key, sink)
    );`);
  ready.add(databaseUrl);
}

export interface StoredRun {
  scheduledTime: string;
  workflowId: string;
  runId: string;
  asOf: string;
  decision: Decision;
  summary: ScheduledRunSummary;
  finishedAt: string;
}

type RunRow = {
  scheduled_time: Date;
  workflow_id: string;
  run_id: string;
  as_of: string;
  decision: Decision;
  summary: ScheduledRunSummary;
  finished_at: Date;
};
const toRun = (r: RunRow): StoredRun => ({
  scheduledTime: r.scheduled_time.toISOString(),
  workflowId: r.workflow_id,
  runId: r.run_id,
  asOf: r.as_of,
  decision: r.decision,
  summary: r.summary,
  finishedAt: r.finished_at.toISOString(),
});

/** The schedule's run scheduled last before `scheduledTime`. */
export async function previousRun(databaseUrl: string, scheduleId: string, scheduledTime: string): Promise<StoredRun | null> {
  await ensureScheduleTables(databaseUrl);
  const { rows } = await getPool(databaseUrl).query<RunRow>(
    `SELECT scheduled_time, workflow_id, run_id, to_char(as_of, 'YYYY-MM-DD') AS as_of, decision, summary, finished_at
       FROM baton.schedule_runs WHERE schedule_id = $1 AND scheduled_time < $2 ORDER BY scheduled_time DESC LIMIT 1`,
    [scheduleId, scheduledTime],
  );
  return rows[0] ? toRun(rows[0]) : null;
}

export async function saveRun(databaseUrl: string, scheduleId: string, run: Omit<StoredRun, 'finishedAt'>): Promise<void> {
  await ensureScheduleTables(databaseUrl);
  await getPool(databaseUrl).query(
    `INSERT INTO baton.schedule_runs (schedule_id, scheduled_time, workflow_id, run_id, as_of, decision, summary)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (schedule_id, scheduled_time) DO UPDATE SET workflow_id = EXCLUDED.workflow_id, run_id = EXCLUDED.run_id,
       as_of = EXCLUDED.as_of, decision = EXCLUDED.decision, summary = EXCLUDED.summary, finished_at = clock_timestamp()`,
    [scheduleId, run.scheduledTime, run.workflowId, run.runId, run.asOf, run.decision, JSON.stringify(run.summary)],
  );
}

export async function scheduleRuns(databaseUrl: string, scheduleId: string, limit = 50): Promise<StoredRun[]> {
  await ensureScheduleTables(databaseUrl);
  const { rows } = await getPool(databaseUrl).query<RunRow>(
    `SELECT scheduled_time, workflow_id, run_id, to_char(as_of, 'YYYY-MM-DD') AS as_of, decision, summary, finished_at
       FROM baton.schedule_runs WHERE schedule_id = $1 ORDER BY scheduled_time DESC LIMIT $2`,
    [scheduleId, limit],
  );
  return rows.map(toRun);
}

export const sinkName = (sink: AlertSink): string => (sink.kind === 'webhook' ? `webhook:${sink.url}` : `file:${sink.path}`);

/** Counts an attempt at delivering `alert` to `sink` (the row is created on the first). */
export async function recordAttempt(databaseUrl: string, sink: AlertSink, alert: AlertBody, error: string | null): Promise<void> {
  await ensureScheduleTables(databaseUrl);
  await getPool(databaseUrl).query(
    `INSERT INTO baton.schedule_alerts (key, sink, schedule_id, body, attempts, last_error, delivered_at)
     VALUES ($1, $2, $3, $4, 1, $5, CASE WHEN $5::text IS NULL THEN clock_timestamp() END)
     ON CONFLICT (key, sink) DO UPDATE SET attempts = baton.schedule_alerts.attempts + 1, last_error = EXCLUDED.last_error,
       delivered_at = COALESCE(baton.schedule_alerts.delivered_at, EXCLUDED.delivered_at)`,
    [alert.key, sinkName(sink), alert.scheduleId, JSON.stringify(alert), error],
  );
}

export interface StoredAlert {
  key: string;
  sink: string;
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
  headline: string;
}

export async function scheduleAlerts(databaseUrl: string, scheduleId: string, limit = 100): Promise<StoredAlert[]> {
  await ensureScheduleTables(databaseUrl);
  const { rows } = await getPool(databaseUrl).query<{
    key: string;
    sink: string;
    attempts: number;
    last_error: string | null;
    delivered_at: Date | null;
    headline: string;
  }>(
    `SELECT key, sink, attempts, last_error, delivered_at, body->>'headline' AS headline FROM baton.schedule_alerts
      WHERE schedule_id = $1 ORDER BY created_at DESC LIMIT $2`,
    [scheduleId, limit],
  );
  return rows.map((r) => ({
    key: r.key,
    sink: r.sink,
    attempts: r.attempts,
    lastError: r.last_error,
    deliveredAt: r.delivered_at?.toISOString() ?? null,
    headline: r.headline,
  }));
}
