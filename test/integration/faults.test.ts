/**
 * Faults never change an answer (issue 14): the two kinds of retry kept apart.
 *   - every class of failure (src/temporal/failures.ts) shown on a real error of that class;
 *   - a connection cut under verification is retried, never recorded as a mismatch;
 *   - an agent's attempts are counted without the tries the infrastructure lost, and the step's
 *     reason is the agent's own ("cannot reach PostgreSQL at …"), not the infrastructure's last word.
 */
import { ActivityFailure, ApplicationFailure, RetryState, ServerFailure, TimeoutFailure } from '@temporalio/common';
import { Context } from '@temporalio/activity';
import { Client as PgClient } from 'pg';
import * as activities from '../../src/activities';
import { checkContract } from '../../src/agents/contract';
import { loadConfig } from '../../src/settings/config';
import { DatabaseUnreachableError, ping } from '../../src/storage/db';
import { AGENT_ATTEMPTS, classifyError, giveUp, INFRASTRUCTURE_FAILURE, mostTellingReason } from '../../src/temporal/failures';
import { db, runAnalysis, withWorker } from '../helpers';
import { z } from 'zod';

const UNREACHABLE = 'postgres://postgres@127.0.0.1:1/nowhere';

/** The error node-postgres gives a query whose connection is terminated under it (pg_terminate_backend, as the chaos run does). */
async function terminatedMidQuery(): Promise<unknown> {
  const victim = new PgClient({ connectionString: loadConfig().databaseUrl });
  victim.on('error', () => undefined);
  await victim.connect();
  const pid = (victim as unknown as { processID: number }).processID;
  const running = victim.query('SELECT pg_sleep(5)').then(
    () => null,
    (err: unknown) => err,
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  await db().query('SELECT pg_terminate_backend($1)', [pid]);
  const err = await running;
  await victim.end().catch(() => undefined);
  return err;
}

/** Where the pipeline's agents ran: their tries in the execution ledger, with each failed try's class and reason. */
async function tries(
  workflowId: string,
  type: string,
): Promise<{ activity_id: string; attempt: number; outcome: string | null; failure_class: string | null; error: string | null }[]> {
  const { rows } = await db().query<{
    activity_id: string;
    attempt: number;
    outcome: string | null;
    failure_class: string | null;
    error: string | null;
  }>(
    'SELECT activity_id, attempt, outcome, failure_class, error FROM baton.activity_executions WHERE workflow_id = $1 AND activity_type = $2 ORDER BY id',
    [workflowId, type],
  );
  return rows;
}

describe('every failure has one class', () => {
  test('infrastructure: a connection terminated mid-query, a heartbeat or start-to-close timeout, a server failure', async () => {
    const cut = await terminatedMidQuery();
    expect((cut as { code?: string }).code).toBe('57P01');
    expect(classifyError(cut)).toBe('infrastructure');
    expect(classifyError(new Error('Connection terminated unexpectedly'))).toBe('infrastructure');
    expect(classifyError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe('infrastructure');
    const heartbeat = new ActivityFailure(
      'activity task failed',
      'runSqlStep',
      '7',
      RetryState.TIMEOUT,
      'worker',
      new TimeoutFailure('activity Heartbeat timeout', undefined, 'HEARTBEAT'),
    );
    expect(classifyError(heartbeat)).toBe('infrastructure');
    expect(classifyError(new TimeoutFailure('activity StartToClose timeout', undefined, 'START_TO_CLOSE'))).toBe('infrastructure');
    expect(classifyError(new ServerFailure('namespace is not found', false))).toBe('infrastructure');
    expect(classifyError(ApplicationFailure.create({ type: INFRASTRUCTURE_FAILURE, message: 'terminating connection' }))).toBe(
      'infrastructure',
    );
  });

  test("the agent's own, may pass on another try: its database unreachable, a statement timeout, an error nobody classified", async () => {
    const away = await ping(UNREACHABLE).then(
      () => null,
      (err: unknown) => err,
    );
    expect(away).toBeInstanceOf(DatabaseUnreachableError);
    expect(classifyError(away)).toBe('agent_retryable');
    const client = new PgClient({ connectionString: loadConfig().databaseUrl });
    await client.connect();
    const timeout = await client
      .query('SET statement_timeout = 50')
      .then(() => client.query('SELECT pg_sleep(1)'))
      .then(
        () => null,
        (err: unknown) => err,
      );
    await client.end();
    expect((timeout as { code?: string }).code).toBe('57014');
    expect(classifyError(timeout)).toBe('agent_retryable');
    expect(classifyError(ApplicationFailure.create({ type: 'DatabaseUnreachable', message: 'cannot reach PostgreSQL at …' }))).toBe(
      'agent_retryable',
    );
    expect(classifyError(new TypeError('x is undefined'))).toBe('agent_retryable');
  });

  test("the agent's own, fails the same way every time: a contract violation, a wrong query, any non-retryable failure", async () => {
    const violation = (() => {
      try {
        checkContract('sql', 'output', z.object({ rows: z.array(z.unknown()) }), {});
      } catch (err) {
        return err;
      }
    })();
    expect(classifyError(violation)).toBe('agent_final');
    const wrong = await db()
      .query('SELECT no_such_column FROM orders')
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect((wrong as { code?: string }).code).toBe('42703');
    expect(classifyError(wrong)).toBe('agent_final');
    expect(classifyError(ApplicationFailure.nonRetryable('unknown metric', 'UnknownCatalogName'))).toBe('agent_final');
  });

  test("the most telling reason is the agent's, not the infrastructure's last word", async () => {
    const away = await ping(UNREACHABLE).then(
      () => null,
      (err: unknown) => err,
    );
    const gaveUp = giveUp(away, [
      { attempt: 1, failure: 'agent_retryable', message: (away as Error).message },
      { attempt: 2, failure: 'infrastructure', message: 'activity Heartbeat timeout' },
      { attempt: 3, failure: 'agent_retryable', message: (away as Error).message },
      { attempt: 4, failure: 'agent_retryable', message: (away as Error).message },
    ]);
    const failed = new ActivityFailure('activity task failed', 'runSqlStep', '7', RetryState.NON_RETRYABLE_FAILURE, 'worker', gaveUp);
    expect(mostTellingReason(failed)).toMatch(/^cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/nowhere: /);
    // The infrastructure's last word is what Temporal would have said.
    expect(
      mostTellingReason(
        new ActivityFailure(
          'activity task failed',
          'runSqlStep',
          '7',
          RetryState.TIMEOUT,
          'worker',
          new TimeoutFailure('activity Heartbeat timeout', undefined, 'HEARTBEAT'),
        ),
      ),
    ).toBe('activity Heartbeat timeout');
    expect(AGENT_ATTEMPTS).toBe(3);
  });
});

/** Terminates the read-only role's connections every 15 ms while `work` runs: the chaos run's cut, landing mid-query. */
async function underCuts<T>(work: () => Promise<T>): Promise<T> {
  const role = loadConfig().readerRole;
  let cutting = true;
  const cutter = (async () => {
    while (cutting) {
      await db()
        .query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1 AND datname = current_database()', [role])
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  })();
  try {
    return await work();
  } finally {
    cutting = false;
    await cutter;
  }
}

const harness = withWorker('faults', {
  activityOverrides: {
    // The first try of verification (and of the data-quality scan) meets connection cuts all through.
    recomputeNumbers: (input) =>
      Context.current().info.attempt === 1 ? underCuts(() => activities.recomputeNumbers(input)) : activities.recomputeNumbers(input),
    checkDataQuality: (input) =>
      Context.current().info.attempt === 1 ? underCuts(() => activities.checkDataQuality(input)) : activities.checkDataQuality(input),
    // The SQL step's third try is lost to the infrastructure (a connection terminated mid-query).
    runSqlStep: async (input) => {
      if (Context.current().info.attempt === 3 && input.databaseUrl === UNREACHABLE) throw await terminatedMidQuery();
      return activities.runSqlStep(input);
    },
  },
});

test('a connection cut under verification and data quality is retried, never recorded as a mismatch or a count', async () => {
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, 'What was GMV last month?');
  const verification = await tries(workflowId, 'recomputeNumbers');
  // The cut landed: the first try failed as infrastructure, the second completed.
  expect(verification.map((t) => [t.attempt, t.outcome, t.failure_class])).toEqual([
    [1, 'failed', 'infrastructure'],
    [2, 'completed', null],
  ]);
  expect(result.verification?.mismatches).toEqual([]);
  expect(result.verification?.verified.length).toBe(result.verification?.checked_count);
  expect(result.checklist).not.toMatch(/could not recompute/);
  const quality = await tries(workflowId, 'checkDataQuality');
  expect(quality[0]?.failure_class).toBe('infrastructure');
  expect(quality.at(-1)?.outcome).toBe('completed');
  expect(result.status).toBe('completed');
}, 120_000);

test("an agent's tries are counted without the ones the infrastructure lost; the step gives the agent's reason", async () => {
  const { workflowId, result } = await runAnalysis(
    harness.client,
    harness.config.taskQueue,
    'What was the AOV of new customers last month?',
    {
      maxStepRetries: 1,
      databaseUrl: UNREACHABLE,
    },
  );
  const [step] = result.steps;
  expect(step?.status).toBe('failed');
  expect(step?.attempts).toBe(2);
  expect(step?.error).toMatch(/^cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/nowhere: /);
  // Each try of each step ran its agent four times: three of its own failures, and the one lost to a cut.
  const sql = await tries(workflowId, 'runSqlStep');
  const byActivity = new Map<string, string[]>();
  for (const t of sql) byActivity.set(t.activity_id, [...(byActivity.get(t.activity_id) ?? []), `${t.attempt}:${t.failure_class ?? ''}`]);
  expect(byActivity.size).toBe(2 * result.steps.length);
  for (const attempts of byActivity.values())
    expect(attempts).toEqual(['1:agent_retryable', '2:agent_retryable', '3:infrastructure', '4:agent_retryable']);
  expect(sql.find((t) => t.failure_class === 'infrastructure')?.error).toMatch(/terminating connection due to administrator command/);
  expect(result.status).toBe('degraded');
}, 120_000);
