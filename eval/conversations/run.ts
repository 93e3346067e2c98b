/**
 * Runs the conversation cases (eval/conversations) through real sessions: each conversation is one session, its turns
 * sent in order (the `ask` Update), conversations run side by side. Every answered turn's figures are read from the
 * turn's child run and compared with the hand-written SQL (eval/cases.ts `matches`); a turn that must ask back must end
 * needs_clarification. A miss labelled completed is a guess presented as an answer: the suite allows none.
 */
import type { Client } from '@temporalio/client';
import type { AnalysisResult, Row, RunResult } from '../../src/contracts';
import type { TurnResult } from '../../src/contracts/session';
import { askInSession, startSession } from '../../src/sessions/client';
import type { BatonConfig } from '../../src/settings/config';
import { fullResult } from '../../src/storage/run-record';
import { matches, show, type Answer, type EvalContext } from '../cases';
import { withAllRows } from '../run';
import { answers, type Conversation, type Turn } from './types';

export interface TurnRow {
  conversation: string;
  n: number;
  say: string;
  kind: string;
  status: string;
  expected: string;
  actual: string;
  hit: boolean;
  /** Labelled completed with another answer than the SQL's. */
  claimedMiss: boolean;
  /**
   * A miss right after a turn that should have answered but asked back: the hand-written answer assumes that turn's
   * reading, the session's thread is the turn before it. Reported apart (still a miss, never a hit) only when the
   * answer's first line is the run's own reading, so the user was told what was computed.
   */
  afterClarification?: boolean;
  resolved: string | null;
  ms: number;
  reason: string;
}

export interface ConversationSuite {
  conversations: Conversation[];
  /** The EvalContext each database's SQL runs in. */
  ctx: (c: Conversation) => EvalContext;
  /** The session's catalog and database, and the turns' date. */
  session: (c: Conversation) => { catalogPath?: string; databaseUrl?: string; asOf: string };
}

const rowsOf = (r: AnalysisResult, i = 0): Row[] => r.steps[i]?.result?.rows ?? [];
const PERIOD_COLUMNS = ['period', 'year', 'quarter', 'month'];
const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** A why as the SQL writes it: each member's after − before along the dimension, and their sum as `change`. */
function whyAnswer(r: AnalysisResult, dimension: string): Answer {
  const step = r.steps.find(
    (s) => s.step.operation.kind === 'change_decomposition' && 'dimension' in s.step.operation && s.step.operation.dimension === dimension,
  );
  const rows = step?.result?.rows ?? [];
  if (rows.length === 0) return `no decomposition by ${dimension}`;
  const out: Record<string, number> = {};
  let change = 0;
  for (const row of rows) {
    const effect = round(Number(row.value_after ?? 0) - Number(row.value_before ?? 0));
    out[`${dimension}=${String(row[dimension] ?? '(missing)')}`] = effect;
    change += effect;
  }
  out.change = round(change);
  return out;
}

/** The run's answer in the shape of the turn's expected answer: one number, numbers by key, or a why. */
export function actualAnswer(r: AnalysisResult, expected: Answer): Answer {
  const rows = rowsOf(r);
  if (typeof expected === 'number') return rows.length === 1 ? Number(rows[0]?.value) : NaN;
  if (typeof expected !== 'object' || Array.isArray(expected)) return NaN;
  const dimension = Object.keys(expected)
    .find((k) => k.includes('='))
    ?.split('=')[0];
  if ('change' in expected && dimension) return whyAnswer(r, dimension);
  // A share: each member's share of the total, from the share step (the members' amounts are the first step's).
  const share = r.steps.find((s) => s.step.operation.kind === 'share_of_total');
  if (share && 'dimension' in share.step.operation) {
    const by = share.step.operation.dimension;
    const rows = (share.result?.rows ?? []).filter((row) => row.is_total !== true);
    return Object.fromEntries(rows.map((row) => [String(row[by] ?? '(missing)'), Number(row.share)]));
  }
  // The column the first step groups by: its dimension, else its period column (a grain, or "period").
  const op = r.steps[0]?.step.operation;
  const groupBy = op && 'query' in op ? op.query.group_by : [];
  const key = groupBy.find((c) => !PERIOD_COLUMNS.includes(c)) ?? groupBy[0];
  if (!key) return NaN;
  return Object.fromEntries(rows.map((row) => [String(row[key] ?? '(missing)'), Number(row.value)]));
}

async function turnRow(
  client: Client,
  c: Conversation,
  t: Turn,
  n: number,
  result: TurnResult,
  ctx: EvalContext,
  ms: number,
): Promise<TurnRow> {
  const base = { conversation: c.id, n, say: t.say, kind: t.kind, status: result.status, resolved: result.resolved_question, ms };
  if (!answers(t)) {
    const hit = result.status === 'needs_clarification';
    return {
      ...base,
      expected: 'needs_clarification',
      actual: result.status,
      hit,
      claimedMiss: !hit && result.status === 'completed',
      reason: hit ? '' : (result.answer.split('\n')[0] ?? ''),
    };
  }
  const expected = await t.expect.sql(ctx);
  let actual: Answer = result.status;
  if (result.workflowId && result.status === 'completed') {
    const run = await withAllRows(await fullResult((await client.workflow.getHandle(result.workflowId).result()) as RunResult));
    actual = actualAnswer(run, expected);
  }
  const hit = result.status === 'completed' && matches(actual, expected);
  return {
    ...base,
    expected: show(expected),
    actual: show(actual),
    hit,
    claimedMiss: !hit && result.status === 'completed',
    reason: hit
      ? ''
      : result.status === 'completed'
        ? `answered ${differing(actual, expected)}`
        : result.answer.split('\n').slice(0, 2).join(' '),
  };
}

/** Where an answer differs from the expected one: the keys missing, extra or with another value (a few of them). */
function differing(actual: Answer, expected: Answer): string {
  if (typeof actual !== 'object' || typeof expected !== 'object' || Array.isArray(actual) || Array.isArray(expected)) return show(actual);
  const keys = [...new Set([...Object.keys(actual), ...Object.keys(expected)])].sort();
  const off = keys.filter((k) => !matches(actual[k] ?? NaN, expected[k] ?? NaN));
  return off
    .slice(0, 6)
    .map((k) => `${k}: ${k in actual ? show(actual[k] as number) : '-'} vs ${k in expected ? show(expected[k] as number) : '-'}`)
    .join('; ');
}

/** Whether the answer's first line is the run's own reading statement (with what was carried over), not another's. */
function statesItsReading(result: TurnResult): boolean {
  const statement = result.reading?.statement.replace(/[:：]\s*$/, '').trim();
  const first = result.answer.split('\n')[0]?.trim() ?? '';
  return Boolean(statement) && first.startsWith(statement as string) && result.headline.trim() === first;
}

/** One conversation as one session, turn after turn. */
export async function runConversation(client: Client, config: BatonConfig, c: Conversation, suite: ConversationSuite): Promise<TurnRow[]> {
  const where = suite.session(c);
  const { sessionId } = await startSession(client, {
    config,
    ...(where.catalogPath ? { catalogPath: where.catalogPath } : {}),
    ...(where.databaseUrl ? { databaseUrl: where.databaseUrl } : {}),
    language: c.language === 'zh' ? 'zh' : 'en',
  });
  const rows: TurnRow[] = [];
  for (const [i, t] of c.turns.entries()) {
    const started = Date.now();
    const result = await askInSession(client, sessionId, t.say, { config, asOf: where.asOf });
    const row = await turnRow(client, c, t, i + 1, result, suite.ctx(c), Date.now() - started);
    const before = rows[rows.length - 1];
    const askedBack =
      before !== undefined && !before.hit && before.status === 'needs_clarification' && before.expected !== 'needs_clarification';
    if (row.claimedMiss && askedBack && statesItsReading(result)) {
      row.claimedMiss = false;
      row.afterClarification = true;
    }
    rows.push(row);
  }
  return rows;
}

/** Every conversation, `concurrency` sessions at a time; rows in the conversations' order. */
export async function runConversations(client: Client, config: BatonConfig, suite: ConversationSuite, concurrency = 4): Promise<TurnRow[]> {
  const out: TurnRow[][] = new Array<TurnRow[]>(suite.conversations.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < suite.conversations.length; i = next++)
      out[i] = await runConversation(client, config, suite.conversations[i] as Conversation, suite);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, suite.conversations.length) }, lane));
  return out.flat();
}

const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/** The table of turns: conversation, turn, message, kind, status, hit or miss, and why a miss missed. */
export function formatTurns(rows: TurnRow[]): string {
  const head = ['conversation'.padEnd(22), ' #', 'message'.padEnd(40), 'kind'.padEnd(19), 'status'.padEnd(19), 'hit ', 'reason'].join(
    ' │ ',
  );
  const lines = rows.map((r) =>
    [
      cut(r.conversation, 22).padEnd(22),
      String(r.n).padStart(2),
      cut(r.say, 40).padEnd(40),
      r.kind.padEnd(19),
      r.status.padEnd(19),
      r.hit ? 'hit ' : r.afterClarification ? 'MISS (after a clarification)' : 'MISS',
      r.hit ? '' : cut(`${r.reason} (expected ${r.expected})`.replace(/\s+/g, ' '), 160),
    ].join(' │ '),
  );
  const hits = rows.filter((r) => r.hit).length;
  const share = rows.length ? Math.round((1000 * hits) / rows.length) / 10 : 0;
  const claimed = rows.filter((r) => r.claimedMiss).length;
  const after = rows.filter((r) => r.afterClarification).length;
  return `${head}\n${lines.join('\n')}\n\n${hits}/${rows.length} turns exact (${share}%); ${claimed} misses labelled completed; ${after} misses after a clarification (counted as misses)`;
}
