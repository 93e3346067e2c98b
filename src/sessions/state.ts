/**
 * What a session carries from one run of its workflow to the next (continue-as-new, and reopening a closed session
 * by id): the memory, the turns so far, the answers by turn id (a retried turn is answered once), and the step
 * results later turns may reuse. With the session's view (the query, `baton session <id>`) and its turns as the
 * Web UI's current details lists them. Pure and sandbox-safe.
 */
import type { EarlierReads, ReusableResult } from '../contracts/request';
import type { SessionStart, SessionView, TurnResult, TurnSummary } from '../contracts/session';
import type { Language } from '../contracts';
import { sessionText } from '../messages/sessions';
import { emptyMemory, type SessionMemory } from './memory';
import { filterLine } from '../contracts/query';

export interface SessionCarried {
  memory: SessionMemory;
  turns: TurnSummary[];
  /** The answers of the latest turns by turn id (oldest first). */
  answered: [string, TurnResult][];
  reuse: ReusableResult[];
  /** Turns the session has taken in all its runs (the next is turnCount + 1). */
  turnCount: number;
  /** What the latest child run read before it planned: the next child's planner starts from it (AnalysisRequest.earlierReads). */
  reads?: EarlierReads;
  closed?: boolean;
}

/** How much a session carries: answers by turn id, reusable step results, turn summaries. */
export const CARRY_LIMITS = { answered: 10, reuse: 50, turns: 200 } as const;

/** The carried state in a SessionStart (absent on a new session); tolerant of a missing part. */
export function carriedOf(start: Pick<SessionStart, 'carried'>): SessionCarried {
  const c = (start.carried ?? {}) as Partial<SessionCarried>;
  return {
    memory: { ...emptyMemory(), ...(c.memory ?? {}) },
    turns: c.turns ?? [],
    answered: c.answered ?? [],
    reuse: c.reuse ?? [],
    turnCount: c.turnCount ?? c.turns?.length ?? 0,
    ...(c.reads ? { reads: c.reads } : {}),
  };
}

/**
 * The reusable results after a turn: the newest entry for each key last, at most CARRY_LIMITS.reuse. Only the newest
 * turn's entries keep data quality's carried outcome (a few kilobytes): older ones keep their key and reference, which
 * the agent still reads back by (src/workflows/reuse.ts), so the session's history does not grow with every turn's.
 */
export function mergeReuse(reuse: ReusableResult[], offered: ReusableResult[] | undefined): ReusableResult[] {
  if (!offered?.length) return reuse;
  const keys = new Set(offered.map((r) => r.key));
  const older = reuse.filter((r) => !keys.has(r.key)).map(({ key, result_ref }) => ({ key, result_ref }));
  return [...older, ...offered].slice(-CARRY_LIMITS.reuse);
}

/** The catalog a session names: its path, or the worker's default. */
export function catalogName(start: Pick<SessionStart, 'catalogPath'>, language: Language = 'en'): string {
  return start.catalogPath ?? sessionText(language)('sessions.worker-default');
}

export interface ViewExtras {
  running: SessionView['running'];
  queued: number;
  closed: boolean;
}

export function viewOf(start: SessionStart, carried: SessionCarried, extras: ViewExtras): SessionView {
  return {
    sessionId: start.sessionId,
    startedAt: start.startedAt,
    catalog: catalogName(start),
    databaseUrl: start.databaseUrl ?? null,
    turns: carried.turns,
    running: extras.running,
    queued: extras.queued,
    constraints: carried.memory.constraints,
    facts: carried.memory.facts.map((f) => ({ turn: f.turn, content: f.content, value: f.value, confidence: f.confidence })),
    contradictions: carried.memory.contradictions,
    choices: carried.memory.choices ?? [],
    closed: extras.closed,
  };
}

/** A line short enough for a list: the first line, at most `max` characters. */
export function shortLine(text: string, max = 90): string {
  const line = (text.split('\n')[0] ?? '').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The session's current details for the Web UI (Markdown): a title line, the turns (number, short summary, status,
 * a link to the child run at /namespaces/<ns>/workflows/<id>), the turn running now and the kept filters.
 */
export function detailsOf(view: SessionView, namespace: string, language: Language): string {
  const text = sessionText(language);
  const lines = [text('sessions.details.title', { session: view.sessionId, turns: view.turns.length, catalog: view.catalog }), ''];
  for (const t of view.turns.slice(-50)) {
    const link = t.workflowId ? text('sessions.details.link', { path: `/namespaces/${namespace}/workflows/${t.workflowId}` }) : '';
    lines.push(text('sessions.details.turn', { n: t.turn, summary: shortLine(t.headline || t.question), status: t.status, link }));
  }
  if (view.running) lines.push('', text('sessions.details.running', { question: shortLine(view.running.question), queued: view.queued }));
  if (view.constraints.length) {
    const list = view.constraints.map((c) => filterLine(c)).join(text('sessions.list'));
    lines.push('', text('sessions.details.constraints', { list }));
  }
  return lines.join('\n');
}
