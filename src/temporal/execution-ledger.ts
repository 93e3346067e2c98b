/**
 * Worker interceptors that every activity passes through:
 *   - the execution ledger: one row per activity execution (workflow id + activity id + attempt)
 *     in baton.activity_executions, so re-executions after a crash can be counted, with each failed
 *     try's class (src/temporal/failures.ts) and reason;
 *   - the two kinds of retry: infrastructure thrown on as retryable and never counted, the agent's own
 *     retryable failures counted from the ledger and given up after AGENT_ATTEMPTS with the agent's reason;
 *   - a heartbeat ticker, so the server notices within the heartbeat timeout when a worker dies, and so a
 *     cancellation reaches the activity within about a second (Temporal delivers it in a heartbeat's reply);
 *   - cancellation: once the activity is cancelled it ends as cancelled at once (its SQL is cancelled on the
 *     server by src/storage/db.ts, its model call aborted by src/model/model.ts), whatever error the cancelled work
 *     ends with;
 *   - token accounting: the tokens of every packet an agent receives and hands on, against its budget,
 *     in baton.token_usage;
 *   - an optional delay (BATON_ACTIVITY_DELAY_MS) for chaos tests that need an activity in flight.
 */
import type { Context, Info } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import type { Pool } from 'pg';
import type { ActivityExecuteInput, ActivityInboundCallsInterceptor, Next } from '@temporalio/worker';
import { budgetFor } from '../agents/budgets';
import { getBookkeepingPool } from '../storage/db';
import { resolveInputs } from '../storage/input-refs';
import { countTokensApart } from './token-thread';
import { AGENT_ATTEMPTS, classifyError, giveUp, INFRASTRUCTURE_FAILURE, type FailureClass, type GaveUp } from './failures';

/** Also the longest a cancellation waits to reach a running activity (the worker's heartbeat throttle is shorter). */
export const HEARTBEAT_EVERY_MS = 1_000;

/** Rejects with a CancelledFailure once the activity is cancelled. */
function whenCancelled(ctx: Context): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    const signal = ctx.cancellationSignal;
    const stop = () =>
      reject(signal.reason instanceof CancelledFailure ? signal.reason : new CancelledFailure(String(signal.reason ?? 'cancelled')));
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * What a failed try throws on (src/temporal/failures.ts): infrastructure as a retryable InfrastructureFault, which Temporal
 * retries without a count; an agent's retryable outcome as it is, until it has used AGENT_ATTEMPTS tries of this
 * activity (its earlier failed tries are read from the ledger; tries lost with their worker are not among them),
 * then non-retryable with the agent's own reason and every try's failure; anything non-retryable as it is.
 */
async function decideRetry(pool: Pool, info: Info, err: unknown, failure: { kind: FailureClass; message: string }): Promise<unknown> {
  if (failure.kind === 'infrastructure') {
    return err instanceof ApplicationFailure
      ? err
      : ApplicationFailure.create({
          type: INFRASTRUCTURE_FAILURE,
          message: failure.message,
          cause: err instanceof Error ? err : undefined,
        });
  }
  if (failure.kind === 'agent_final') {
    // A database error that fails the same way every time (a missing column, say) is not retried either.
    return err instanceof ApplicationFailure || err instanceof CancelledFailure
      ? err
      : ApplicationFailure.create({
          type: (err as Error).name || 'Error',
          message: failure.message,
          nonRetryable: true,
          cause: err instanceof Error ? err : undefined,
        });
  }
  const earlier = await earlierTries(pool, info);
  // Without the ledger every earlier try counts, as if each had been the agent's own failure.
  const attempts: GaveUp['attempts'] =
    earlier === null
      ? Array.from({ length: info.attempt - 1 }, (_, i) => ({
          attempt: i + 1,
          failure: 'agent_retryable' as const,
          message: 'not recorded (the execution ledger was unavailable)',
        }))
      : earlier.map((r) => ({
          attempt: r.attempt,
          failure: r.failure_class ?? 'infrastructure',
          message: r.error ?? (r.failure_class ? '' : 'lost with its worker, or timed out'),
        }));
  attempts.push({ attempt: info.attempt, failure: failure.kind, message: failure.message });
  const own = attempts.filter((a) => a.failure === 'agent_retryable').length;
  return own >= AGENT_ATTEMPTS ? giveUp(err, attempts) : err;
}

/**
 * This activity's earlier tries, from the ledger; null when it cannot be read. Read twice at most: a connection the chaos
 * run (or a failover) terminated is replaced by the pool, and a try that could not read its predecessors would count
 * each of them as its agent's own failure, with no reason recorded.
 */
async function earlierTries(
  pool: Pool,
  info: Info,
): Promise<{ attempt: number; failure_class: FailureClass | null; error: string | null }[] | null> {
  const workflow = info.workflowExecution;
  for (let read = 1; read <= 2; read++) {
    try {
      const { rows } = await pool.query<{ attempt: number; failure_class: FailureClass | null; error: string | null }>(
        `SELECT attempt, failure_class, error FROM baton.activity_executions
          WHERE workflow_id = $1 AND run_id = $2 AND activity_id = $3 AND attempt < $4 ORDER BY attempt`,
        [workflow?.workflowId ?? '', workflow?.runId ?? '', ledgerId(info), info.attempt],
      );
      return rows;
    } catch {
      // read again on a new connection
    }
  }
  return null;
}

/** Local activities number their ids apart from the others (1, 2, … each): in the ledger they are `local:<id>`. */
export function ledgerId(info: { activityId: string; isLocal: boolean }): string {
  return info.isLocal ? `local:${info.activityId}` : info.activityId;
}

/** The ledger's row for this try, written as the try starts; null when the ledger is unavailable. */
function startRow(pool: Pool, ctx: Context): Promise<string | null> {
  const info = ctx.info;
  return pool
    .query<{ id: string }>(
      `INSERT INTO baton.activity_executions (workflow_id, run_id, activity_id, activity_type, attempt, worker_pid)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        info.workflowExecution?.workflowId ?? '',
        info.workflowExecution?.runId ?? '',
        ledgerId(info),
        info.activityType,
        info.attempt,
        process.pid,
      ],
    )
    .then((r) => r.rows[0]?.id ?? null)
    .catch((err: Error) => {
      ctx.log.warn('execution ledger unavailable', { error: err.message });
      return null;
    });
}

/**
 * A completed try: its outcome in the ledger, then its tokens against the agent's budget (counted on the token thread,
 * src/temporal/token-thread.ts). Both are written after the result has gone back: the next agent does not wait for
 * bookkeeping. A worker that dies in between loses that try's outcome (the ledger then shows it unfinished, as a try
 * lost with its worker) and its token row.
 */
async function recordCompletion(pool: Pool, ctx: Context, row: Promise<string | null>, input: unknown, result: unknown): Promise<void> {
  const info = ctx.info;
  const rowId = await row;
  if (rowId !== null) {
    await pool
      .query(`UPDATE baton.activity_executions SET finished_at = now(), outcome = 'completed' WHERE id = $1`, [rowId])
      .catch((err: Error) => {
        ctx.log.warn('execution ledger unavailable', { error: err.message });
      });
  }
  const budget = budgetFor(info.activityType);
  await countTokensApart([input, result])
    .then(([inputTokens, outputTokens]) =>
      pool.query(
        `INSERT INTO baton.token_usage (workflow_id, activity_id, agent, attempt, input_tokens, output_tokens, input_budget, output_budget)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          info.workflowExecution?.workflowId ?? '',
          ledgerId(info),
          info.activityType,
          info.attempt,
          inputTokens,
          outputTokens,
          budget.input,
          budget.output,
        ],
      ),
    )
    .catch((err: Error) => {
      ctx.log.warn('token accounting unavailable', { error: err.message });
    });
}

export function activityInterceptors(databaseUrl: string, delayMs = 0): (ctx: Context) => { inbound: ActivityInboundCallsInterceptor } {
  return (ctx) => ({
    inbound: {
      async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
        const info = ctx.info;
        const pool = getBookkeepingPool(databaseUrl);
        // The ledger is bookkeeping: if the database is away, the activity still runs (and says so in the log). Its row is
        // written while the work starts, not before: the work never waits for it; the outcome below does.
        const row = startRow(pool, ctx);
        const ticker = setInterval(() => ctx.heartbeat(), HEARTBEAT_EVERY_MS);
        let outcome = 'failed';
        let failure: { kind: FailureClass; message: string } | null = null;
        try {
          if (delayMs > 0) await ctx.sleep(delayMs);
          // A bulky input comes by reference (src/storage/input-refs.ts): the agent and the accounting see the input itself.
          const args = await resolveInputs(input.args);
          const work = next({ ...input, args });
          // The work's own end after a cancellation (a cancelled query's error) is not reported twice.
          work.catch(() => undefined);
          const result: unknown = await Promise.race([work, whenCancelled(ctx)]);
          outcome = 'completed';
          // Bookkeeping after the result: not awaited (recordCompletion never rejects).
          void recordCompletion(pool, ctx, row, args[0], result);
          return result;
        } catch (err) {
          if (ctx.cancellationSignal.aborted) {
            outcome = 'cancelled';
            throw err;
          }
          failure = { kind: classifyError(err), message: (err as Error).message || String(err) };
          throw await decideRetry(pool, info, err, failure);
        } finally {
          clearInterval(ticker);
          const rowId = outcome === 'completed' ? null : await row;
          if (rowId !== null) {
            await pool
              .query(
                'UPDATE baton.activity_executions SET finished_at = now(), outcome = $2, failure_class = $3, error = $4 WHERE id = $1',
                [rowId, outcome, failure?.kind ?? null, failure?.message.slice(0, 2000) ?? null],
              )
              .catch(() => undefined);
          }
        }
      },
    },
  });
}
