/**
 * One turn of a session from the command line (`baton chat`, `baton ask --session`): the `ask` Update sent, the live
 * checklist of the turn's child run shown while it runs (its progress query polled, as `baton ask` follows a run), and
 * the answer printed. The session API is src/sessions/client.ts.
 */
import type { Client } from '@temporalio/client';
import pc from 'picocolors';
import type { AnalysisResult, RunProgress } from '../contracts';
import type { TurnResult } from '../contracts/session';
import type { Choice, Language } from '../contracts';
import { sessionText } from '../messages/sessions';
import { sessionQuery, sessionWorkflowId } from '../contracts/session-messages';
import { progressQuery } from '../contracts/workflow-messages';
import { askInSession } from '../sessions/client';
import { fullResult } from '../storage/run-record';
import type { RunResult } from '../contracts';
import { config } from './context';
import { resultJson, STATUS_MARK } from './output';
import { webUiLink } from './temporal';

/** Prints what changed in a run's progress since the last poll (to stderr, so the answer alone is on stdout). */
export function progressPrinter(): (progress: RunProgress) => void {
  const seen = new Set<string>();
  return (progress) => {
    const lines = [`phase ${progress.phase}`];
    if (progress.intent)
      lines.push(
        `intent ${progress.intent.intent} (decided by ${progress.intent.decided_by}${progress.intent.matched ? `: "${progress.intent.matched}"` : ''})`,
      );
    const stage = (s: RunProgress['stages'][number]) =>
      `${STATUS_MARK[s.status] ?? ' '} ${s.label} · ${s.status}${s.note ? ` · ${s.note}` : ''}`;
    for (const s of progress.stages.filter((x) => x.id === 'data_quality' && x.status !== 'pending')) lines.push(stage(s));
    for (const s of progress.steps) {
      lines.push(
        `${STATUS_MARK[s.status] ?? ' '} ${s.step_id} ${s.description} · ${s.status}${s.attempts > 1 ? ` (attempt ${s.attempts})` : ''}${s.note ? ` · ${s.note}` : ''}`,
      );
    }
    for (const s of progress.stages.filter((x) => x.id !== 'data_quality' && x.status !== 'pending' && x.status !== 'running'))
      lines.push(stage(s));
    for (const line of lines) {
      if (seen.has(line) || line === 'phase done') continue;
      seen.add(line);
      process.stderr.write(`${pc.dim('  ')}${line}\n`);
    }
  };
}

/** Follows the session's running turn: finds its child run in the session's view and prints that run's checklist. */
function followTurn(client: Client, sessionId: string, question: string): { stop: (run: string | null) => Promise<void> } {
  const print = progressPrinter();
  let done = false;
  let child: string | null = null;
  const session = client.workflow.getHandle(sessionWorkflowId(sessionId));
  const polling = (async () => {
    while (!done) {
      try {
        if (!child) {
          const view = await session.query(sessionQuery);
          if (view.running?.question === question && view.running.workflowId) child = view.running.workflowId;
        }
        if (child) print(await client.workflow.getHandle(child).query(progressQuery));
      } catch {
        // The turn's run has not started yet, or has just ended.
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  })();
  return {
    // A turn may end between two polls (a re-slicing turn takes a fraction of a second): its run's last checklist is
    // printed once it has ended, whatever the polls caught (the printer leaves out the lines already shown).
    stop: async (run) => {
      done = true;
      await polling;
      const ended = child ?? run;
      // Said rather than left out: a checklist that cannot be read back is the run's worker failing to replay it.
      if (ended)
        await client.workflow
          .getHandle(ended)
          .query(progressQuery)
          .then(print, (err: Error) => process.stderr.write(pc.dim(`  (the run's checklist could not be read: ${err.message})\n`)));
    },
  };
}

/** One turn: asked, followed (unless quiet) and returned with the child run's record when it has one. */
export async function askTurn(
  client: Client,
  sessionId: string,
  question: string,
  opts: { quiet?: boolean } = {},
): Promise<{ turn: TurnResult; record: AnalysisResult | null }> {
  const follower = opts.quiet ? null : followTurn(client, sessionId, question);
  let run: string | null = null;
  try {
    const turn = await askInSession(client, sessionId, question, { config });
    run = turn.workflowId;
    const record = turn.record_ref ? await fullResult({ record_ref: turn.record_ref } as RunResult).catch(() => null) : null;
    return { turn, record };
  } finally {
    await follower?.stop(run);
  }
}

/** The turn's answer as `baton ask` prints a run's: status, the child run, the answer, the Web UI link. */
export function printTurn(turn: TurnResult): void {
  const colour = turn.status === 'completed' ? pc.green : turn.status === 'degraded' ? pc.yellow : pc.red;
  const run = turn.workflowId ? `  ${pc.dim(turn.workflowId)}` : '';
  console.log(`\n${colour(`● ${turn.status}`)}  ${pc.dim(`session ${turn.sessionId} · turn ${turn.turn}`)}${run}`);
  console.log(turn.answer);
  if (turn.choices?.length) console.log(pc.cyan(choicesLine(turn.choices, /[\u4e00-\u9fff]/.test(turn.question) ? 'zh' : 'en')));
  if (turn.workflowId) console.log(pc.dim(`\nWeb UI: ${webUiLink(config, turn.workflowId)}`));
}

/** The answers a question back offers, numbered: "Reply with one (its number or its name): 1. species Bird · 2. …". */
export function choicesLine(choices: Choice[], language: Language): string {
  const text = sessionText(language);
  const list = choices.map((c, i) => text('sessions.choice', { n: i + 1, label: c.label })).join(' · ');
  return text('sessions.choices', { list });
}

/** The turn as one JSON object: the session's fields, and the child run's as `baton ask --json` gives them. */
export function turnJson(turn: TurnResult, record: AnalysisResult | null): Record<string, unknown> {
  const run = record && turn.workflowId ? resultJson(turn.workflowId, record) : {};
  return {
    ...run,
    sessionId: turn.sessionId,
    turn: turn.turn,
    workflowId: turn.workflowId,
    status: turn.status,
    answer: turn.answer,
    headline: turn.headline,
    resolved_question: turn.resolved_question,
    carried_over: turn.carried_over,
    reused: turn.reused,
    duration_ms: turn.duration_ms,
    ...(turn.choices?.length ? { choices: turn.choices } : {}),
  };
}
