/**
 * One turn of a session: the follow-up agent reads the message against the thread; a reset or a question back ends
 * the turn there; otherwise the analysis runs as a child workflow (`<session workflow id>-turn-<n>`) with the
 * session's catalog and database, the compressed thread and the step results earlier turns offer. A follow-up whose
 * run read it otherwise than the thread implied is asked back, never answered. The turn's answer opens with the
 * reading and what it carried over, and names a number that contradicts an earlier turn's.
 */
import { executeChild, proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import type { AnalysisRequest, Language, RunResult, RunStatus } from '../contracts';
import type { KnownMember } from '../contracts/query';
import type { FollowUpOutput, TurnRequest, TurnResult } from '../contracts/session';
import { readingDifferences } from '../sessions/reading-differences';
import type { AgentFunctions } from '../agents/table';
import { sessionText } from '../messages/sessions';
import { answerWithHeadline, headlineOf, mismatchAnswer } from '../sessions/answer';
import { constraintsAfter, rememberTurn, resetMemory, threadText } from '../sessions/memory';
import { CARRY_LIMITS, mergeReuse, shortLine, type SessionCarried } from '../sessions/state';
import { SESSION_ATTRIBUTE, STATUS_ATTRIBUTE } from '../temporal/search-attributes';
import { failureMessage } from './run';
import { LOCAL_OPTIONS } from './options';
import type { analysisWorkflow } from './analysis';

const { resolveFollowUp } = proxyLocalActivities<AgentFunctions>(LOCAL_OPTIONS);

/** Tokens the compressed thread may take in the planner's input. */
export const THREAD_TOKEN_BUDGET = 1500;

/** What a turn needs from its session. */
export interface TurnContext {
  sessionId: string;
  catalogPath?: string;
  databaseUrl?: string;
  language?: Language;
  carried: SessionCarried;
}

const languageOf = (ctx: TurnContext, question: string, result?: RunResult | null): Language =>
  result?.intent.language ?? ctx.language ?? (/[\u4e00-\u9fff]/.test(question) ? 'zh' : 'en');

interface Ended {
  status: RunStatus;
  answer: string;
  headline: string;
  resolved_question: string | null;
  followUp: FollowUpOutput;
  result: RunResult | null;
  workflowId: string | null;
}

/** Runs turn `n` and records it in `ctx.carried` (memory, turns, reusable results); returns its answer. */
export async function runTurn(ctx: TurnContext, request: TurnRequest, n: number): Promise<TurnResult> {
  const startedAt = new Date().getTime();
  const question = request.question.trim();
  const memory = ctx.carried.memory;
  const followUp = await resolveFollowUp({
    question,
    thread: memory.thread,
    constraints: memory.constraints,
    asOf: request.asOf,
    ...(ctx.catalogPath ? { catalogPath: ctx.catalogPath } : {}),
    ...(ctx.databaseUrl ? { databaseUrl: ctx.databaseUrl } : {}),
    ...(memory.choices?.length ? { choices: memory.choices } : {}),
  });
  const ended = await answerTurn(ctx, request, n, question, followUp);
  // A question back that offered answers keeps them for the next message, which may name one; any other turn drops them.
  const offered =
    ended.status === 'needs_clarification'
      ? followUp.kind === 'needs_clarification'
        ? followUp.choices
        : ended.result?.choices
      : undefined;
  const { choices: _asked, ...rest } = ctx.carried.memory;
  ctx.carried.memory = offered?.length ? { ...rest, choices: offered } : rest;
  const language = languageOf(ctx, question, ended.result);
  let answer = ended.answer;
  // A follow-up's constraints hold once its turn was answered as read (or the thread was reset).
  const taken = followUp.kind === 'reset' || (ended.result !== null && ended.status !== 'needs_clarification');
  if (taken) ctx.carried.memory = { ...ctx.carried.memory, constraints: constraintsAfter(ctx.carried.memory.constraints, followUp, n) };
  if (ended.result && ended.status !== 'needs_clarification') {
    const r = ended.result;
    const { memory: next, found } = rememberTurn(
      ctx.carried.memory,
      {
        turn: n,
        question,
        resolved_question: ended.resolved_question ?? question,
        asOf: request.asOf,
        status: ended.status,
        intent: r.intent.intent,
        reading: r.reading,
        answer,
        metrics: r.metrics,
      },
      language,
    );
    ctx.carried.memory = next;
    if (found.length) answer = [answer, '', ...found].join('\n');
    ctx.carried.reuse = mergeReuse(ctx.carried.reuse, r.reusable);
  }
  if (ended.result?.reads) ctx.carried.reads = ended.result.reads;
  const changes = followUp.kind === 'follow_up' ? followUp : null;
  const summary = {
    turn: n,
    question,
    resolved_question: ended.resolved_question,
    workflowId: ended.workflowId,
    status: ended.status,
    headline: ended.headline,
    follow_up: changes?.changes ?? [],
    carried_over: changes?.carried_over ?? [],
    reused: ended.result?.reused ?? false,
    started_at: new Date(startedAt).toISOString(),
    duration_ms: Math.max(0, new Date().getTime() - startedAt),
  };
  ctx.carried.turns = [...ctx.carried.turns, summary].slice(-CARRY_LIMITS.turns);
  ctx.carried.turnCount = Math.max(ctx.carried.turnCount, n);
  return {
    ...summary,
    sessionId: ctx.sessionId,
    answer,
    reading: ended.result?.reading ?? null,
    record_ref: ended.result?.record_ref ?? null,
    report_ref: ended.result?.report?.report_ref ?? null,
    ...(offered?.length ? { choices: offered } : {}),
  };
}

/** The turn's outcome: ended by the follow-up agent, or the child run's answer (checked against a follow-up's reading). */
async function answerTurn(ctx: TurnContext, request: TurnRequest, n: number, question: string, followUp: FollowUpOutput): Promise<Ended> {
  const language = languageOf(ctx, question);
  const text = sessionText(language);
  const none = { result: null, workflowId: null, followUp };
  if (followUp.kind === 'needs_clarification') {
    const answer = text('sessions.clarify', { question: followUp.question, reason: followUp.reason });
    return { ...none, status: 'needs_clarification', answer, headline: shortLine(answer), resolved_question: null };
  }
  if (followUp.kind === 'reset') {
    ctx.carried.memory = resetMemory(ctx.carried.memory);
    if (!followUp.question) {
      const answer = text('sessions.reset');
      return { ...none, status: 'needs_clarification', answer, headline: answer, resolved_question: null };
    }
  }
  const asked = followUp.kind === 'follow_up' ? followUp.resolved_question : (followUp.question ?? question);
  const workflowId = `${workflowInfo().workflowId}-turn-${n}`;
  let result: RunResult;
  try {
    result = await runChild(ctx, request, n, asked, workflowId, followUp.kind === 'follow_up' ? (followUp.members ?? []) : []);
  } catch (err) {
    const answer = text('sessions.turn.failed', { reason: failureMessage(err) });
    return { ...none, workflowId, status: 'degraded', answer, headline: shortLine(answer), resolved_question: asked };
  }
  const lang = languageOf(ctx, question, result);
  if (followUp.kind === 'follow_up') {
    const differences = result.reading ? readingDifferences(followUp.expected, result.reading) : ['metric'];
    if (differences.length > 0 && result.status !== 'needs_clarification' && result.status !== 'cannot_answer') {
      const answer = mismatchAnswer(followUp.expected, result.reading, differences, lang);
      return { result, workflowId, followUp, status: 'needs_clarification', answer, headline: shortLine(answer), resolved_question: asked };
    }
  }
  const statement = result.reading?.statement ?? null;
  const carried = followUp.kind === 'follow_up' ? followUp.carried_over : [];
  const headline = statement ? headlineOf(statement, carried, lang) : shortLine(result.answer);
  const answer = answerWithHeadline(result.answer, statement, headline);
  return { result, workflowId, followUp, status: result.status, answer, headline, resolved_question: asked };
}

/** The analysis as a child workflow, its request built as `baton ask` builds one, with the thread and reusable results. */
function runChild(
  ctx: TurnContext,
  request: TurnRequest,
  n: number,
  question: string,
  workflowId: string,
  members: KnownMember[],
): Promise<RunResult> {
  const thread = threadText(ctx.carried.memory, THREAD_TOKEN_BUDGET);
  const analysis: AnalysisRequest = {
    question,
    asOf: request.asOf,
    ...(ctx.catalogPath ? { catalogPath: ctx.catalogPath } : {}),
    ...(ctx.databaseUrl ? { databaseUrl: ctx.databaseUrl } : {}),
    ...(request.maxActivities ? { maxActivities: request.maxActivities } : {}),
    ...(request.review ? { review: request.review } : {}),
    ...(thread ? { thread } : {}),
    ...(members.length > 0 ? { members } : {}),
    ...(ctx.carried.reuse.length ? { reuse: ctx.carried.reuse } : {}),
    ...(ctx.carried.reads ? { earlierReads: ctx.carried.reads } : {}),
  };
  const language = languageOf(ctx, question);
  return executeChild<typeof analysisWorkflow>('analysisWorkflow', {
    workflowId,
    args: [analysis],
    staticSummary: sessionText(language)('sessions.child.summary', { session: ctx.sessionId, n, question: shortLine(question, 200) }),
    typedSearchAttributes: [
      { key: SESSION_ATTRIBUTE, value: ctx.sessionId },
      { key: STATUS_ATTRIBUTE, value: 'running' },
    ],
  });
}
