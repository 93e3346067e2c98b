/**
 * Worker interceptors that every activity passes through:
 *   - the execution ledger: one row per activity execution (workflow id + activity id + attempt)
 *     in baton.activity_executions, so re-executions after a crash can be counted;
 *   - a heartbeat ticker, so the server notices within the heartbeat timeout when a worker dies;
 *   - token accounting: the tokens of every packet an agent receives and hands on, against its budget,
 *     in baton.token_usage;
 *   - an optional delay (BATON_ACTIVITY_DELAY_MS) for chaos tests that need an activity in flight.
 */
import type { Context } from '@temporalio/activity';
import type { ActivityExecuteInput, ActivityInboundCallsInterceptor, Next } from '@temporalio/worker';
import { budgetFor, tokensOf } from './budgets';
import { getPool } from './db';

const HEARTBEAT_EVERY_MS = 2_000;

export function activityInterceptors(databaseUrl: string, delayMs = 0): (ctx: Context) => { inbound: ActivityInboundCallsInterceptor } {
  return (ctx) => ({
    inbound: {
      async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
        const info = ctx.info;
        const pool = getPool(databaseUrl);
        // The ledger is bookkeeping: if the database is away, the activity still runs (and says so in the log).
        const rowId = await pool
          .query<{ id: string }>(
            `INSERT INTO baton.activity_executions (workflow_id, run_id, activity_id, activity_type, attempt, worker_pid)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [info.workflowExecution?.workflowId ?? '', info.workflowExecution?.runId ?? '', info.activityId, info.activityType, info.attempt, process.pid],
          )
          .then((r) => r.rows[0]?.id ?? null)
          .catch((err: Error) => {
            ctx.log.warn('execution ledger unavailable', { error: err.message });
            return null;
          });
        const ticker = setInterval(() => ctx.heartbeat(), HEARTBEAT_EVERY_MS);
        let outcome = 'failed';
        try {
          if (delayMs > 0) await ctx.sleep(delayMs);
          const result: unknown = await next(input);
          outcome = 'completed';
          const budget = budgetFor(info.activityType);
          await pool
            .query(
              `INSERT INTO baton.token_usage (workflow_id, activity_id, agent, attempt, input_tokens, output_tokens, input_budget, output_budget)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
              [info.workflowExecution?.workflowId ?? '', info.activityId, info.activityType, info.attempt, tokensOf(input.args[0]), tokensOf(result), budget.input, budget.output],
            )
            .catch((err: Error) => {
              ctx.log.warn('token accounting unavailable', { error: err.message });
            });
          return result;
        } finally {
          clearInterval(ticker);
          if (rowId !== null) {
            await pool
              .query('UPDATE baton.activity_executions SET finished_at = now(), outcome = $2 WHERE id = $1', [rowId, outcome])
              .catch(() => undefined);
          }
        }
      },
    },
  });
}
