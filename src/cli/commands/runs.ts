/**
 * `baton runs` and `baton cancel`.
 *
 *   runs    lists analysis runs from Temporal visibility, filtered through the search attributes every run
 *           carries (BatonStatus, BatonIntent; src/temporal/search-attributes.ts) and its start time.
 *   cancel  stops a running analysis: the reason goes first as the cancelReason signal (a Temporal cancel
 *           request carries none), then the cancel request; the activities stop (SQL cancelled on the
 *           server, model calls aborted) and the run ends `cancelled` with the reason.
 */
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import pc from 'picocolors';
import type { AnalysisResult } from '../../contracts';
import { fullResult, type StoredResult } from '../../storage/run-record';
import { INTENT_ATTRIBUTE, SCHEDULE_ATTRIBUTE, STATUS_ATTRIBUTE } from '../../temporal/search-attributes';
import { cancelReasonSignal } from '../../contracts/workflow-messages';
import { config, withTemporal } from '../context';
import { printJson } from '../output';
import { CliError, webUiLink } from '../temporal';
import { fixed } from '../../format/numbers';

/** How a run stands: `running`, how Baton says it ended, or how Temporal says it ended when Baton could not say. */
export const RUN_STATUSES = [
  'running',
  'completed',
  'degraded',
  'cannot_answer',
  'needs_clarification',
  'rejected',
  'cancelled',
  'failed',
  'terminated',
  'timed_out',
] as const;
export type RunListStatus = (typeof RUN_STATUSES)[number];
export const RUN_INTENTS = ['query', 'trend', 'comparison', 'attribution'] as const;

export interface RunsOptions {
  status?: RunListStatus;
  intent?: string;
  /** How far back: 30m, 12h, 7d, 2w, or a date (YYYY-MM-DD). */
  since?: string;
  /** Only the analysis runs this schedule started (the BatonSchedule search attribute). */
  schedule?: string;
  limit: number;
}

export interface RunRow {
  workflowId: string;
  startTime: string;
  closeTime: string | null;
  question: string | null;
  intent: string | null;
  status: string;
  durationMs: number;
}

const UNITS_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** The start of the window `--since` names, read against `now`. */
export function sinceTime(since: string, now: Date = new Date()): Date {
  const relative = /^(\d+)\s*([mhdw])$/i.exec(since.trim());
  if (relative) return new Date(now.getTime() - Number(relative[1]) * (UNITS_MS[(relative[2] ?? 'd').toLowerCase()] ?? 0));
  if (/^\d{4}-\d{2}-\d{2}$/.test(since.trim())) {
    const date = new Date(`${since.trim()}T00:00:00Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new CliError(`--since "${since}" is not a period like 30m, 12h, 7d or 2w, nor a date YYYY-MM-DD`, 2);
}

/** The visibility query for the filters (Temporal's SQL-like list filter). */
export function runsQuery(opts: Omit<RunsOptions, 'limit'>, now: Date = new Date()): string {
  const where = [`WorkflowType = 'analysisWorkflow'`];
  const status = opts.status;
  if (status === 'running') where.push(`ExecutionStatus = 'Running'`);
  else if (status === 'failed') where.push(`ExecutionStatus = 'Failed'`);
  else if (status === 'terminated') where.push(`ExecutionStatus = 'Terminated'`);
  else if (status === 'timed_out') where.push(`ExecutionStatus = 'TimedOut'`);
  // Runs from before `baton cancel` end cancelled in Temporal's terms; later ones complete with BatonStatus cancelled.
  else if (status === 'cancelled') where.push(`(${STATUS_ATTRIBUTE.name} = 'cancelled' OR ExecutionStatus = 'Canceled')`);
  else if (status !== undefined) where.push(`ExecutionStatus = 'Completed'`, `${STATUS_ATTRIBUTE.name} = '${status}'`);
  if (opts.intent !== undefined) {
    if (!(RUN_INTENTS as readonly string[]).includes(opts.intent))
      throw new CliError(`--intent must be one of ${RUN_INTENTS.join(', ')}`, 2);
    where.push(`${INTENT_ATTRIBUTE.name} = '${opts.intent}'`);
  }
  if (opts.schedule !== undefined) {
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(opts.schedule)) throw new CliError(`--schedule "${opts.schedule}" is not a schedule id`, 2);
    where.push(`${SCHEDULE_ATTRIBUTE.name} = '${opts.schedule}'`);
  }
  if (opts.since !== undefined) where.push(`StartTime > '${sinceTime(opts.since, now).toISOString()}'`);
  return where.join(' AND ');
}

/** The status a row shows: Temporal's while it runs or when it failed, Baton's when the run gave a result. */
export function shownStatus(temporalStatus: string, batonStatus: string | undefined): string {
  switch (temporalStatus) {
    case 'RUNNING':
      return 'running';
    case 'COMPLETED':
      return batonStatus && batonStatus !== 'running' ? batonStatus : 'completed';
    case 'CANCELLED':
      return 'cancelled';
    case 'TIMED_OUT':
      return 'timed_out';
    default:
      return temporalStatus.toLowerCase();
  }
}

/** The newest runs first, at most `limit`, with the question each was started with (its static summary). */
export async function listRuns(client: Client, opts: RunsOptions, now: Date = new Date()): Promise<RunRow[]> {
  const query = runsQuery(opts, now);
  const infos = [];
  for await (const info of client.workflow.list({ query, pageSize: Math.min(opts.limit, 1000) })) {
    infos.push(info);
    if (infos.length >= opts.limit) break;
  }
  return Promise.all(
    infos.map(async (info) => {
      // The list does not carry the static summary; a describe per run does (decoded, when payloads are encrypted).
      const question = await client.workflow
        .getHandle(info.workflowId, info.runId)
        .describe()
        .then((d) => d.staticSummary())
        .catch(() => undefined);
      const end = info.closeTime ?? now;
      return {
        workflowId: info.workflowId,
        startTime: info.startTime.toISOString(),
        closeTime: info.closeTime?.toISOString() ?? null,
        question: question ?? null,
        intent: info.typedSearchAttributes.get(INTENT_ATTRIBUTE) ?? null,
        status: shownStatus(info.status.name, info.typedSearchAttributes.get(STATUS_ATTRIBUTE)),
        durationMs: Math.max(0, end.getTime() - info.startTime.getTime()),
      };
    }),
  );
}

/** 1.2 s, 47 s, 3 min 5 s, 2 h 4 min. */
export function formatDuration(ms: number): string {
  if (ms < 10_000) return `${fixed(ms / 1000, 1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

export function printRuns(rows: RunRow[]): void {
  if (rows.length === 0) {
    console.log(pc.dim('no runs match'));
    return;
  }
  const table = rows.map((r) => [
    r.workflowId,
    r.startTime.replace('T', ' ').slice(0, 19),
    r.status,
    r.intent ?? '-',
    formatDuration(r.durationMs),
    r.question ?? '',
  ]);
  const header = ['id', 'started (UTC)', 'status', 'intent', 'duration', 'question'];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ');
  console.log(pc.bold(line(header)));
  for (const row of table) console.log(line(row));
}

/**
 * Cancels a running analysis with a reason and waits for it to end (the result says `cancelled: <reason>`).
 * Refused when the run is not running.
 */
export async function cancelRun(client: Client, workflowId: string, reason: string | undefined): Promise<AnalysisResult | null> {
  const handle = client.workflow.getHandle(workflowId);
  let status: string;
  try {
    status = (await handle.describe()).status.name;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw new CliError(`no run with id ${workflowId}`);
    throw err;
  }
  if (status !== 'RUNNING') throw new CliError(`run ${workflowId} is not running (${status.toLowerCase()}); nothing to cancel`);
  if (reason?.trim()) await handle.signal(cancelReasonSignal, reason.trim());
  await handle.cancel();
  try {
    return await fullResult((await handle.result()) as StoredResult);
  } catch {
    // A run started before `baton cancel` existed ends cancelled in Temporal's terms, without a result.
    return null;
  }
}

export async function runsCommand(opts: {
  status?: RunListStatus;
  intent?: string;
  since?: string;
  schedule?: string;
  limit: string;
  json?: boolean;
}): Promise<void> {
  const limit = Number(opts.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new CliError('--limit must be a whole number from 1 to 1000', 2);
  const rows = await withTemporal((client) =>
    listRuns(client, { status: opts.status, intent: opts.intent, since: opts.since, schedule: opts.schedule, limit }),
  );
  if (opts.json) return printJson(rows);
  printRuns(rows);
}

export async function cancelCommand(workflowId: string, reason: string | undefined, opts: { json?: boolean }): Promise<void> {
  const started = Date.now();
  const result = await withTemporal((client) => cancelRun(client, workflowId, reason));
  const status = result?.status ?? 'cancelled';
  if (opts.json) return printJson({ workflowId, status, answer: result?.answer ?? 'cancelled', webUi: webUiLink(config, workflowId) });
  console.log(`${pc.yellow(`● ${status}`)}  ${pc.dim(workflowId)}  ${pc.dim(`(stopped in ${formatDuration(Date.now() - started)})`)}`);
  console.log(result?.answer ?? 'cancelled');
}
