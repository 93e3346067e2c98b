/**
 * The session workflow: one long-lived workflow per conversation (id `session-<id>`), bound to one catalog and
 * database. Each turn is the `ask` Update, which returns the turn's answer (src/workflows/session-turn.ts):
 *
 *   - the validator refuses an empty question, a turn naming another catalog or database, a closed session;
 *   - turns are taken strictly in order: two sent at once, the second waits for the first and gets its own answer;
 *   - a turn is answered once: the same turn id (or Update id) sent again gets the same answer, not a second run;
 *   - between turns (never mid-turn), after `turnsPerRun` turns or once the history passes `historyBytesPerRun`, the
 *     workflow continues as new, carrying its memory and turns; idle for `idleTimeoutSeconds`, it completes closed,
 *     returning the start of its next run, which a client uses to reopen it by id with its memory.
 *
 * The `session` query gives its turns, constraints, facts and contradictions; the Web UI's current details list the
 * turns, each linking its child run; the memo holds what `baton sessions` lists.
 */
import {
  allHandlersFinished,
  condition,
  continueAsNew,
  currentUpdateInfo,
  patched,
  setCurrentDetails,
  setHandler,
  upsertMemo,
  workflowInfo,
} from '@temporalio/workflow';
import type { SessionStart, TurnRequest, TurnResult } from '../contracts/session';
import { SessionLimits } from '../contracts/session-limits';
import { askUpdate, closeSessionSignal, sessionQuery } from '../contracts/session-messages';
import { sessionText } from '../messages/sessions';
import { CARRY_LIMITS, carriedOf, catalogName, detailsOf, viewOf, type SessionCarried } from '../sessions/state';
import { runTurn, type TurnContext } from './session-turn';

/** The state of one run of a session workflow: the carried state, the queue of turns, and whether it is closing. */
class SessionRun {
  readonly carried: SessionCarried;
  readonly ctx: TurnContext;
  /** Turns taken in this run of the workflow (continue-as-new after limits.turnsPerRun). */
  turnsThisRun = 0;
  /** Bumped when a turn arrives or ends: the idle timer starts again. */
  activity = 0;
  /** When a turn last arrived or ended (workflow time, ms since the epoch): the session is idle from then. */
  lastActiveAt = new Date().getTime();
  closeRequested = false;
  closed = false;
  private nextTicket = 0;
  private serving = 0;
  private readonly inFlight = new Set<string>();
  running: { question: string; workflowId: string | null } | null = null;
  /** Since the patch 'memo-when-changed', the memo is written only when what it holds changed (one event per turn, not three). */
  private readonly memoWhenChanged = patched('memo-when-changed');
  private memoWritten: string | null = null;

  constructor(readonly start: SessionStart) {
    this.carried = carriedOf(start);
    this.ctx = {
      sessionId: start.sessionId,
      ...(start.catalogPath ? { catalogPath: start.catalogPath } : {}),
      ...(start.databaseUrl ? { databaseUrl: start.databaseUrl } : {}),
      ...(start.language ? { language: start.language } : {}),
      carried: this.carried,
    };
  }

  /** No turn running or waiting. */
  idle(): boolean {
    return this.serving === this.nextTicket && this.inFlight.size === 0;
  }

  queued(): number {
    return Math.max(0, this.nextTicket - this.serving - (this.running ? 1 : 0));
  }

  answered(key: string): TurnResult | undefined {
    return this.carried.answered.find(([k]) => k === key)?.[1];
  }

  /** The `ask` Update's validator: an empty question, another catalog or database, a closed session are refused. */
  validate(request: TurnRequest): void {
    const language = this.start.language ?? (/[\u4e00-\u9fff]/.test(request.question ?? '') ? 'zh' : 'en');
    const text = sessionText(language);
    const session = this.start.sessionId;
    if (!request.question?.trim()) throw new Error(text('sessions.refuse.empty'));
    if (this.closed || this.closeRequested) throw new Error(text('sessions.refuse.closed', { session }));
    const bound = catalogName(this.start, language);
    if (request.catalogPath !== undefined && request.catalogPath !== this.start.catalogPath)
      throw new Error(text('sessions.refuse.catalog', { session, bound, asked: request.catalogPath }));
    if (request.databaseUrl !== undefined && request.databaseUrl !== this.start.databaseUrl) {
      const boundDb = this.start.databaseUrl ? redact(this.start.databaseUrl) : text('sessions.worker-default');
      throw new Error(text('sessions.refuse.database', { session, bound: boundDb, asked: redact(request.databaseUrl) }));
    }
  }

  /** The `ask` Update's handler: deduped by turn id, queued behind the turns before it, then run. */
  async ask(request: TurnRequest): Promise<TurnResult> {
    const key = request.turnId ?? currentUpdateInfo()?.id ?? null;
    const done = key ? this.answered(key) : undefined;
    if (done) return done;
    if (key && this.inFlight.has(key)) {
      await condition(() => this.answered(key) !== undefined);
      return this.answered(key) as TurnResult;
    }
    if (key) this.inFlight.add(key);
    const ticket = this.nextTicket++;
    this.activity++;
    this.lastActiveAt = new Date().getTime();
    try {
      // A turn that waits behind another is listed as waiting; one that can start does so in this same task.
      if (!this.memoWhenChanged || this.serving !== ticket) {
        this.show();
        await condition(() => this.serving === ticket);
      }
      this.running = { question: request.question, workflowId: null };
      const n = this.carried.turnCount + 1;
      this.carried.turnCount = n;
      this.running.workflowId = `${workflowInfo().workflowId}-turn-${n}`;
      this.show();
      const result = await runTurn(this.ctx, request, n);
      if (key)
        this.carried.answered = [...this.carried.answered.filter(([k]) => k !== key), [key, result] as [string, TurnResult]].slice(
          -CARRY_LIMITS.answered,
        );
      this.turnsThisRun++;
      return result;
    } finally {
      if (key) this.inFlight.delete(key);
      this.running = null;
      this.serving++;
      this.activity++;
      this.lastActiveAt = new Date().getTime();
      this.show();
    }
  }

  view(closed = this.closed) {
    return viewOf(this.start, this.carried, { running: this.running, queued: this.queued(), closed });
  }

  /**
   * The Web UI's current details and the memo `baton sessions` lists. The details cost no event; the memo does, so
   * since the patch 'memo-when-changed' it is written when it changed, and counts the turns that ended.
   */
  show(): void {
    const view = this.view();
    setCurrentDetails(detailsOf(view, workflowInfo().namespace, this.start.language ?? 'en'));
    const last = this.carried.turns[this.carried.turns.length - 1];
    const memo = {
      startedAt: this.start.startedAt,
      catalog: view.catalog,
      catalogPath: this.start.catalogPath ?? null,
      turns: this.memoWhenChanged && this.running ? this.carried.turnCount - 1 : this.carried.turnCount,
      lastQuestion: last?.question ?? null,
      closed: this.closed,
    };
    const written = JSON.stringify(memo);
    if (this.memoWhenChanged && written === this.memoWritten) return;
    this.memoWritten = written;
    upsertMemo(memo);
  }

  /** What the next run of the workflow starts from. */
  next(): SessionStart {
    return { ...this.start, carried: { ...this.carried, closed: this.closed } };
  }
}

const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');

export async function sessionWorkflow(start: SessionStart): Promise<SessionStart> {
  const limits = SessionLimits.parse(start.limits ?? {});
  const session = new SessionRun(start);
  setHandler(askUpdate, (request: TurnRequest) => session.ask(request), { validator: (request: TurnRequest) => session.validate(request) });
  setHandler(sessionQuery, () => session.view());
  setHandler(closeSessionSignal, () => {
    session.closeRequested = true;
  });
  session.show();
  const idleMs = limits.idleTimeoutSeconds * 1000;
  /** Whether this run has taken what it may: the session continues as new once no turn is running. */
  const full = () => {
    const info = workflowInfo();
    return session.turnsThisRun >= limits.turnsPerRun || info.historySize >= limits.historyBytesPerRun || info.continueAsNewSuggested;
  };
  // Since the patch 'idle-deadline' the idle timer runs to the session's deadline (its last activity plus the idle
  // timeout) and is set again when it fires early; before, every turn cancelled one timer and started another.
  const byDeadline = patched('idle-deadline');
  for (;;) {
    if (byDeadline) {
      await condition(() => session.idle() || session.closeRequested);
      if (session.closeRequested) break;
      const left = idleMs - (new Date().getTime() - session.lastActiveAt);
      if (left <= 0) break;
      const woke = await condition(() => session.closeRequested || (session.idle() && full()), left);
      if (session.closeRequested) break;
      if (!woke) continue; // the deadline as it was when set: read it again
    } else {
      await condition(() => session.idle() || session.closeRequested);
      if (session.closeRequested) break;
    }
    if (full()) {
      await condition(allHandlersFinished);
      if (!session.idle()) continue;
      return await continueAsNew<typeof sessionWorkflow>(session.next());
    }
    if (byDeadline) continue;
    const seen = session.activity;
    const active = await condition(() => session.activity !== seen || session.closeRequested, idleMs);
    if (!active && session.idle()) break;
  }
  session.closeRequested = true;
  await condition(() => session.idle());
  session.closed = true;
  await condition(allHandlersFinished);
  session.show();
  return session.next();
}
