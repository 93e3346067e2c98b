/** `baton ask`: start a run, follow its progress (and a plan review, when asked for), print the answer. */
import type { WorkflowHandle } from '@temporalio/client';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import pc from 'picocolors';
import { loadCatalog } from '../../catalog/catalog';
import type { AnalysisResult, Plan, ReviewDecision } from '../../contracts';
import { MAX_QUESTION_LENGTH } from '../../settings/limits';
import { redactUrl, runDate } from '../../settings/config';
import { ping } from '../../storage/db';
import { fullResult } from '../../storage/run-record';
import { STATUS_ATTRIBUTE } from '../../temporal/search-attributes';
import type { analysisWorkflow } from '../../workflows';
import { progressQuery, reviewPlanUpdate } from '../../contracts/workflow-messages';
import { config, withTemporal } from '../context';
import { planText, printAnswer, printJson, resultJson } from '../output';
import { askTurn, printTurn, progressPrinter, turnJson } from '../chat-turn';
import { describeSession, startSession } from '../../sessions/client';
import { CliError, webUiLink } from '../temporal';

/** Asks the person at the terminal what to do with a plan waiting for review. */
async function reviewInteractively(handle: WorkflowHandle<typeof analysisWorkflow>, plan: Plan): Promise<void> {
  process.stderr.write(`\n${pc.bold('plan for review')}\n${planText(plan)}\n`);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    for (;;) {
      const answer = (await rl.question('[a]pprove, [r]evise, re[j]ect? ')).trim().toLowerCase();
      let decision: ReviewDecision | null = null;
      if (answer === 'a' || answer === 'approve') decision = { action: 'approve' };
      else if (answer === 'j' || answer === 'reject')
        decision = { action: 'reject', feedback: (await rl.question('reason (optional): ')).trim() || undefined };
      else if (answer === 'r' || answer === 'revise') {
        const feedback = (await rl.question('what should change? ')).trim();
        if (!feedback) {
          process.stderr.write('revise needs feedback\n');
          continue;
        }
        decision = { action: 'revise', feedback };
      }
      if (!decision) continue;
      await handle.executeUpdate(reviewPlanUpdate, { args: [decision] });
      return;
    }
  } finally {
    rl.close();
  }
}

async function followRun(
  handle: WorkflowHandle<typeof analysisWorkflow>,
  showProgress: boolean,
  interactiveReview = false,
): Promise<AnalysisResult> {
  const print = progressPrinter();
  let done = false;
  let reviewed = 0;
  const polling = (async () => {
    while (!done && (showProgress || interactiveReview)) {
      try {
        const progress = await handle.query(progressQuery);
        if (showProgress) print(progress);
        const waiting = progress.phase === 'awaiting_approval' && progress.plan;
        if (waiting && interactiveReview && progress.reviews.length === reviewed) {
          await reviewInteractively(handle, progress.plan as Plan);
          reviewed = progress.reviews.length + 1;
        } else if (waiting && !interactiveReview && reviewed === 0) {
          process.stderr.write(
            `\n${pc.bold('plan waiting for review')}\n${planText(progress.plan as Plan)}\n` +
              `decide with: baton approve ${handle.workflowId} | baton revise ${handle.workflowId} "<feedback>" | baton reject ${handle.workflowId}\n`,
          );
          reviewed = 1;
        }
      } catch {
        // No worker has picked the run up yet, or it just finished.
      }
      await new Promise((r) => setTimeout(r, 400));
    }
  })();
  try {
    const result = await fullResult(await handle.result());
    done = true;
    await polling;
    // Fast runs finish between polls: show the final state of every step from the result itself.
    if (showProgress) {
      print({
        question: result.question,
        phase: 'done',
        stages: [],
        intent: result.intent,
        plan: result.plan,
        planRejections: result.planRejections,
        reviews: result.reviews,
        activitiesExecuted: result.activitiesExecuted,
        steps: result.steps.map((s) => ({
          step_id: s.step.step_id,
          description: s.step.description,
          status: s.status,
          attempts: s.attempts,
          note: s.status === 'passed' ? `${s.result?.result_shape[0] ?? 0} row(s)` : s.error,
        })),
      });
    }
    return result;
  } finally {
    done = true;
  }
}

export interface AskOptions {
  json?: boolean;
  databaseUrl?: string;
  catalog?: string;
  wait: boolean;
  maxActivities?: string;
  review?: boolean;
  reviewTimeout: string;
  onTimeout: 'approve' | 'cancel';
  /** A turn of an existing session (`--session <id>`), or of a new one (`--new-session`). */
  session?: string;
  newSession?: boolean;
}

/** `baton ask --session <id>` / `--new-session`: one turn of a session, printed as `baton ask` prints an answer. */
async function askInASession(question: string, opts: AskOptions): Promise<void> {
  await withTemporal(async (client) => {
    let sessionId = opts.session;
    if (sessionId)
      await describeSession(client, sessionId); // an unknown id: one line naming `baton sessions`
    else {
      sessionId = (
        await startSession(client, {
          config,
          ...(opts.catalog ? { catalogPath: path.resolve(opts.catalog) } : {}),
          ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
        })
      ).sessionId;
      if (!opts.json) process.stderr.write(`session ${pc.bold(sessionId)} started · next turn: baton ask --session ${sessionId} "…"\n`);
    }
    const { turn, record } = await askTurn(client, sessionId, question, { quiet: Boolean(opts.json) });
    if (opts.json) printJson(turnJson(turn, record));
    else printTurn(turn);
  });
}

export async function ask(question: string, opts: AskOptions): Promise<void> {
  const trimmed = question.trim();
  if (!trimmed) {
    throw new CliError('the question is empty; ask something like: baton ask "上个月 GMV 是多少？"', 2);
  }
  if (trimmed.length > MAX_QUESTION_LENGTH) throw new CliError(`the question is longer than ${MAX_QUESTION_LENGTH} characters`, 2);
  if (opts.session && opts.newSession) throw new CliError('--session and --new-session exclude each other', 2);
  if (opts.session || opts.newSession) return askInASession(trimmed, opts);
  const databaseUrl = opts.databaseUrl ?? config.databaseUrl;
  await ping(databaseUrl);
  await withTemporal(async (client) => {
    const workflowId = `analysis-${randomBytes(4).toString('hex')}`;
    // "Today" in the catalog's time zone (BATON_TIMEZONE overrides it), so "last month" is the business's last month.
    const asOf = runDate(loadCatalog(opts.catalog ? path.resolve(opts.catalog) : config.catalogPath).timezone, config.timeZoneOverride);
    const handle = await client.workflow.start<typeof analysisWorkflow>('analysisWorkflow', {
      workflowId,
      taskQueue: config.taskQueue,
      args: [
        {
          question: trimmed,
          asOf,
          ...(opts.catalog ? { catalogPath: path.resolve(opts.catalog) } : {}),
          ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
          ...(opts.maxActivities ? { maxActivities: Number(opts.maxActivities) } : {}),
          ...(opts.review ? { review: { timeoutSeconds: Number(opts.reviewTimeout), onTimeout: opts.onTimeout } } : {}),
        },
      ],
      staticSummary: trimmed,
      staticDetails: `as of ${asOf} · database ${redactUrl(databaseUrl)}`,
      typedSearchAttributes: [{ key: STATUS_ATTRIBUTE, value: 'running' }],
    });
    if (!opts.json) {
      process.stderr.write(`${pc.bold(workflowId)} started · ${pc.dim(webUiLink(config, workflowId))}\n`);
    }
    if (!opts.wait) {
      if (opts.json) printJson({ workflowId, status: 'running', webUi: webUiLink(config, workflowId) });
      return;
    }
    const interactive = Boolean(opts.review && process.stdin.isTTY && !opts.json);
    const result = await followRun(handle, !opts.json, interactive);
    if (opts.json) printJson(resultJson(workflowId, result));
    else printAnswer(workflowId, result);
  });
}
