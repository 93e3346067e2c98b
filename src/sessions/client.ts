/**
 * The session API the CLI (baton chat, ask --session, sessions, session) and the web page use: start a session,
 * ask a turn (the `ask` Update; a closed session is reopened by id with the memory its last run returned), list the
 * sessions (a visibility query on the workflow type, reading each one's memo) and describe one (the `session`
 * query, or the closed run's result). An id that names no session is a clear error with the command that lists them.
 */
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  isGrpcServiceError,
  type Client,
  type WorkflowExecutionDescription,
} from '@temporalio/client';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { loadCatalog } from '../catalog/catalog';
import type { Language } from '../contracts';
import type { SessionStart, SessionView, TurnRequest, TurnResult } from '../contracts/session';
import type { SessionLimits } from '../contracts/session-limits';
import { askUpdate, sessionQuery, sessionWorkflowId } from '../contracts/session-messages';
import { CliError } from '../cli/temporal';
import { sessionText } from '../messages/sessions';
import { loadConfig, runDate, type BatonConfig } from '../settings/config';
import { SESSION_ATTRIBUTE } from '../temporal/search-attributes';
import type { sessionWorkflow } from '../workflows/session';
import { carriedOf, catalogName, viewOf } from './state';

/** An id that names no session: the CLI prints it and exits 1. */
export class UnknownSession extends CliError {
  constructor(
    readonly sessionId: string,
    language: Language = 'en',
  ) {
    super(sessionText(language)('sessions.unknown', { id: sessionId, command: 'baton sessions' }), 1);
    this.name = 'UnknownSession';
  }
}

export interface StartOptions {
  catalogPath?: string;
  databaseUrl?: string;
  limits?: SessionLimits;
  language?: Language;
  /** A session id of the caller's choosing; a random one by default. */
  sessionId?: string;
  config?: BatonConfig;
}

const SESSION_TYPE = 'sessionWorkflow';

function startOptions(config: BatonConfig, start: SessionStart) {
  const catalog = catalogName(start);
  return {
    workflowId: sessionWorkflowId(start.sessionId),
    taskQueue: config.taskQueue,
    args: [start] as [SessionStart],
    staticSummary: sessionText(start.language ?? 'en')('sessions.summary', { session: start.sessionId, catalog }),
    typedSearchAttributes: [{ key: SESSION_ATTRIBUTE, value: start.sessionId }],
    memo: { startedAt: start.startedAt, catalog, catalogPath: start.catalogPath ?? null, turns: carriedOf(start).turnCount },
  };
}

/** Starts a session bound to a catalog and a database (the worker's defaults when not named); returns its id. */
export async function startSession(client: Client, opts: StartOptions = {}): Promise<{ sessionId: string; workflowId: string }> {
  const config = opts.config ?? loadConfig();
  const sessionId = (opts.sessionId ?? randomBytes(4).toString('hex')).replace(/^session-/, '');
  const start: SessionStart = {
    sessionId,
    startedAt: new Date().toISOString(),
    ...(opts.catalogPath ? { catalogPath: path.resolve(opts.catalogPath) } : {}),
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
    ...(opts.limits ? { limits: opts.limits } : {}),
    ...(opts.language ? { language: opts.language } : {}),
  };
  const handle = await client.workflow.start<typeof sessionWorkflow>(SESSION_TYPE, startOptions(config, start));
  rememberCatalog(sessionId, start.catalogPath ?? null);
  return { sessionId, workflowId: handle.workflowId };
}

async function describe(client: Client, sessionId: string): Promise<WorkflowExecutionDescription> {
  try {
    return await client.workflow.getHandle(sessionWorkflowId(sessionId)).describe();
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw new UnknownSession(sessionId);
    throw err;
  }
}

/** The start of a closed session's next run: what its last run returned (its memory and turns). */
async function closedStart(client: Client, sessionId: string, status: string): Promise<SessionStart> {
  if (status !== 'COMPLETED') throw new CliError(sessionText('en')('sessions.ended', { id: sessionId, status: status.toLowerCase() }));
  return client.workflow.getHandle<typeof sessionWorkflow>(sessionWorkflowId(sessionId)).result();
}

/** Reopens a closed session by id with its carried memory (a session someone else just reopened is left as it is). */
export async function reopenSession(client: Client, sessionId: string, config: BatonConfig = loadConfig()): Promise<void> {
  const desc = await describe(client, sessionId);
  if (desc.status.name === 'RUNNING') return;
  const next = await closedStart(client, sessionId, desc.status.name);
  const carried = { ...(next.carried as object), closed: false };
  try {
    await client.workflow.start<typeof sessionWorkflow>(SESSION_TYPE, startOptions(config, { ...next, carried }));
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}

export interface AskOptions extends Partial<Omit<TurnRequest, 'question'>> {
  config?: BatonConfig;
}

/** Whether an Update failed because the run it reached is closing, closed or gone (then reopen and ask again). */
function reachedClosedRun(err: unknown): boolean {
  const text = `${(err as Error)?.message ?? ''} ${(err as { cause?: Error })?.cause?.message ?? ''}`;
  return (
    err instanceof WorkflowNotFoundError ||
    /is closed;|已关闭|workflow execution already completed|already completed/i.test(text) ||
    (err instanceof WorkflowUpdateFailedError && /closed/.test(text))
  );
}

/**
 * The catalog each session this process started or described is bound to (a session keeps its catalog for life): a
 * turn whose day is given, or whose session's catalog is known here, is sent without asking Temporal first.
 */
const boundCatalogs = new Map<string, string | null>();
const BOUND_CATALOGS_LIMIT = 10_000;

function rememberCatalog(sessionId: string, catalogPath: string | null): void {
  if (boundCatalogs.size >= BOUND_CATALOGS_LIMIT) boundCatalogs.clear();
  boundCatalogs.set(sessionId, catalogPath);
}

/**
 * Asks one turn and returns its answer; a closed session is reopened first, keeping its memory. The session is
 * described first only when the turn's day needs its catalog's time zone and this process has not seen the session:
 * otherwise the Update goes at once, and one that reaches a closed run (or none) reopens it and asks again below, or
 * ends with the error that names `baton sessions`.
 */
export async function askInSession(client: Client, sessionId: string, question: string, opts: AskOptions = {}): Promise<TurnResult> {
  const config = opts.config ?? loadConfig();
  let catalogPath = boundCatalogs.get(sessionId);
  if (opts.asOf === undefined && catalogPath === undefined) {
    const desc = await describe(client, sessionId);
    if (desc.status.name !== 'RUNNING') await reopenSession(client, sessionId, config);
    catalogPath = ((desc.memo ?? {}) as { catalogPath?: string | null }).catalogPath ?? null;
    rememberCatalog(sessionId, catalogPath);
  }
  const { config: _config, ...rest } = opts;
  const turnId = opts.turnId ?? randomUUID();
  const request: TurnRequest = {
    ...rest,
    question,
    turnId,
    asOf: opts.asOf ?? runDate(loadCatalog(catalogPath ?? config.catalogPath).timezone, config.timeZoneOverride),
  };
  const handle = client.workflow.getHandle<typeof sessionWorkflow>(sessionWorkflowId(sessionId));
  const send = () => untilReachable(() => handle.executeUpdate(askUpdate, { args: [request], updateId: turnId }));
  try {
    return await send();
  } catch (err) {
    if (!reachedClosedRun(err)) throw refusal(err);
    // The session closed between the check and the turn: wait for its last run to end, reopen it, ask again.
    await handle.result().catch(() => undefined);
    await reopenSession(client, sessionId, config);
    return await send().catch((again: unknown) => {
      throw refusal(again);
    });
  }
}

/** How long a turn's call keeps asking while Temporal is out of reach (a server restart, a network cut). */
export const UNREACHABLE_RETRY_MS = 180_000;

/**
 * The call, asked again while Temporal is out of reach: the same Update id each time, so the turn, already admitted
 * or running, is answered once (the server knows it by id; the session by its turn id).
 */
async function untilReachable<T>(call: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + UNREACHABLE_RETRY_MS;
  for (let wait = 500; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await call();
    } catch (err) {
      if (!unreachable(err) || Date.now() + wait > deadline) throw err;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** gRPC status codes (not a dependency of ours to import): UNAVAILABLE, DEADLINE_EXCEEDED. */
const GRPC_UNAVAILABLE = 14;
const GRPC_DEADLINE_EXCEEDED = 4;

function unreachable(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (isGrpcServiceError(e) && [GRPC_UNAVAILABLE, GRPC_DEADLINE_EXCEEDED].includes(Number(e.code))) return true;
    if (/ECONNREFUSED|UNAVAILABLE|connection (?:refused|reset|closed)|transport/i.test((e as Error).message ?? '')) return true;
  }
  return false;
}

/** A turn the session refused (its validator's reason: empty, another catalog or database) as the CLI's error. */
function refusal(err: unknown): unknown {
  if (err instanceof WorkflowUpdateFailedError && err.cause?.message) return new CliError(err.cause.message, 2);
  return err;
}

export interface SessionListing {
  sessionId: string;
  startedAt: string;
  turns: number;
  lastQuestion: string | null;
  catalog: string;
  closed: boolean;
}

/** The latest sessions (newest first): each one's latest run, read from its memo. */
export async function listSessions(client: Client, opts: { limit?: number } = {}): Promise<SessionListing[]> {
  const limit = opts.limit ?? 20;
  const seen = new Map<string, SessionListing & { runStarted: number }>();
  let runs = 0;
  for await (const w of client.workflow.list({ query: `WorkflowType = '${SESSION_TYPE}'`, pageSize: 200 })) {
    // Every run of a session (continued as new, reopened) is listed: the latest run speaks for it.
    const before = seen.get(w.workflowId);
    if (before && before.runStarted >= w.startTime.getTime()) continue;
    const memo = (w.memo ?? {}) as { startedAt?: string; turns?: number; lastQuestion?: string | null; catalog?: string };
    seen.set(w.workflowId, {
      sessionId: w.typedSearchAttributes.get(SESSION_ATTRIBUTE) ?? w.workflowId.replace(/^session-/, ''),
      startedAt: memo.startedAt ?? w.startTime.toISOString(),
      turns: memo.turns ?? 0,
      lastQuestion: memo.lastQuestion ?? null,
      catalog: memo.catalog ?? '',
      closed: w.status.name !== 'RUNNING',
      runStarted: w.startTime.getTime(),
    });
    if (++runs >= 5000) break;
  }
  return [...seen.values()]
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
    .slice(0, limit)
    .map(({ runStarted: _r, ...listing }) => listing);
}

/** The session's turns, constraints, facts and state: the live query, or what its closed run returned. */
export async function describeSession(client: Client, sessionId: string): Promise<SessionView> {
  const desc = await describe(client, sessionId);
  const handle = client.workflow.getHandle<typeof sessionWorkflow>(sessionWorkflowId(sessionId));
  if (desc.status.name === 'RUNNING') return handle.query(sessionQuery);
  const next = await closedStart(client, sessionId, desc.status.name);
  return viewOf(next, carriedOf(next), { running: null, queued: 0, closed: true });
}
