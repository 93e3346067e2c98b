/**
 * `baton runs` and `baton cancel` against the real Temporal server and PostgreSQL.
 *
 * Runs whose workflow id starts with analysis-slow- get a SQL agent whose query is `SELECT pg_sleep(30)`, run
 * through the real read-only path (runReadOnly: the reader role, READ ONLY transaction, statement timeout), so a
 * cancel lands on a query that is running on the server. Other runs use the real agents.
 */
import { Context } from '@temporalio/activity';
import { randomBytes } from 'node:crypto';
import * as activities from '../../src/activities';
import { cancelRun, type RunRow } from '../../src/cli/commands/runs';
import { todayIn } from '../../src/settings/config';
import type { AnalysisResult } from '../../src/contracts';
import { runReadOnly } from '../../src/storage/read-only';
import { analysisWorkflow } from '../../src/workflows';
import { db, runAnalysis, runCli, testConfig, withWorker } from '../helpers';

const SLOW_PREFIX = 'analysis-slow-';

/** The SQL agent, except in slow runs: a 30 s query marked with the run's id, so the test can find it in pg_stat_activity. */
const slowSqlStep = (async (input: Parameters<typeof activities.runSqlStep>[0]) => {
  const workflowId = Context.current().info.workflowExecution?.workflowId ?? '';
  if (!workflowId.startsWith(SLOW_PREFIX)) return activities.runSqlStep(input);
  await runReadOnly(input.databaseUrl ?? testConfig().databaseUrl, `SELECT pg_sleep(30) AS slept /* ${workflowId} */`, [], {
    statementTimeoutMs: 60_000,
    rowCap: 10,
  });
  throw new Error('the slow query was not cancelled');
}) as typeof activities.runSqlStep;

const harness = withWorker('runs-cancel', { activityOverrides: { runSqlStep: slowSqlStep } });
const baton = (args: string[]) => runCli(args, { BATON_TASK_QUEUE: harness.config.taskQueue });
const QUESTION = '上个月 GMV 是多少？';

/** Backends running the marked query right now. */
async function runningQueries(workflowId: string): Promise<number> {
  const { rows } = await db().query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(30)%' AND query LIKE $1 AND pid <> pg_backend_pid()`,
    [`%${workflowId}%`],
  );
  return Number(rows[0]?.n ?? 0);
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** Starts a slow run and waits until its query is running on the server. */
async function startSlowRun(): Promise<string> {
  const workflowId = `${SLOW_PREFIX}${randomBytes(4).toString('hex')}`;
  await harness.client.workflow.start(analysisWorkflow, {
    workflowId,
    taskQueue: harness.config.taskQueue,
    args: [{ question: QUESTION, asOf: todayIn(harness.config.timeZone) }],
    staticSummary: QUESTION,
  });
  await waitFor(`the slow query of ${workflowId} starts`, async () => (await runningQueries(workflowId)) === 1, 60_000, 100);
  return workflowId;
}

/** `baton runs --json` rows on this file's task queue, once visibility shows what `ready` waits for. */
async function runsJson(args: string[], ready: (rows: RunRow[]) => boolean): Promise<RunRow[]> {
  let rows: RunRow[] = [];
  await waitFor(
    `baton runs ${args.join(' ')}`,
    async () => {
      const { code, stdout, stderr } = await baton(['runs', '--json', ...args]);
      if (code !== 0) throw new Error(stderr);
      rows = JSON.parse(stdout) as RunRow[];
      return ready(rows);
    },
    20_000,
    500,
  );
  return rows;
}

describe('baton cancel', () => {
  test('cancelling mid-query stops the SQL on the server within 2 s; the run ends cancelled with its reason', async () => {
    const workflowId = await startSlowRun();
    const reason = 'wrong question, asked again';
    const requested = Date.now();
    const ending = cancelRun(harness.client, workflowId, reason);
    const goneAfterMs = await waitFor('the query leaves pg_stat_activity', async () => (await runningQueries(workflowId)) === 0, 10_000);
    const result = (await ending) as AnalysisResult;
    console.log(`cancel → query gone from pg_stat_activity in ${goneAfterMs} ms; run ended in ${Date.now() - requested} ms`);
    expect(goneAfterMs).toBeLessThanOrEqual(2_000);
    expect(result.status).toBe('cancelled');
    expect(result.answer).toBe(`cancelled: ${reason}`);

    // The SQL activity stopped as cancelled (not timed out, not failed), and the ledger says so.
    const history = await harness.client.workflow.getHandle(workflowId).fetchHistory();
    expect((history.events ?? []).filter((e) => e.activityTaskCanceledEventAttributes).length).toBe(1);
    expect((history.events ?? []).filter((e) => e.activityTaskFailedEventAttributes || e.activityTaskTimedOutEventAttributes).length).toBe(
      0,
    );
    const { rows } = await db().query<{ outcome: string }>(
      `SELECT outcome FROM baton.activity_executions WHERE workflow_id = $1 AND activity_type = 'runSqlStep'`,
      [workflowId],
    );
    expect(rows.map((r) => r.outcome)).toEqual(['cancelled']);
  });

  test('baton cancel on the command line; baton runs lists it cancelled, next to a completed run, with the filters', async () => {
    const completed = await runAnalysis(harness.client, harness.config.taskQueue, QUESTION);
    expect(completed.result.status).toBe('completed');

    const workflowId = await startSlowRun();
    const cancelled = await baton(['cancel', workflowId, 'superseded by a later run']);
    expect(cancelled.code).toBe(0);
    expect(cancelled.stdout).toContain('● cancelled');
    expect(cancelled.stdout).toContain('cancelled: superseded by a later run');
    expect(await runningQueries(workflowId)).toBe(0);

    // A run that is not running cannot be cancelled.
    const again = await baton(['cancel', workflowId]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`error: run ${workflowId} is not running (completed); nothing to cancel`);

    const all = await runsJson(['--since', '1h', '--limit', '100'], (rows) =>
      rows.some((r) => r.workflowId === workflowId && r.status === 'cancelled'),
    );
    const mine = all.find((r) => r.workflowId === workflowId) as RunRow;
    expect(mine).toMatchObject({ question: QUESTION, intent: 'query', status: 'cancelled' });
    expect(mine.durationMs).toBeGreaterThan(0);
    expect(mine.closeTime).not.toBeNull();
    const done = all.find((r) => r.workflowId === completed.workflowId) as RunRow;
    expect(done).toMatchObject({ question: QUESTION, intent: 'query', status: 'completed' });

    const onlyCancelled = await runsJson(['--status', 'cancelled', '--limit', '100'], (rows) =>
      rows.some((r) => r.workflowId === workflowId),
    );
    expect(onlyCancelled.every((r) => r.status === 'cancelled')).toBe(true);
    expect(onlyCancelled.some((r) => r.workflowId === completed.workflowId)).toBe(false);
    const onlyCompleted = await runsJson(['--status', 'completed', '--intent', 'query', '--limit', '100'], (rows) =>
      rows.some((r) => r.workflowId === completed.workflowId),
    );
    expect(onlyCompleted.some((r) => r.workflowId === workflowId)).toBe(false);
    expect(onlyCompleted.every((r) => r.status === 'completed' && r.intent === 'query')).toBe(true);
    const none = await runsJson(['--intent', 'trend', '--since', '1h'], () => true);
    expect(none.some((r) => r.workflowId === workflowId || r.workflowId === completed.workflowId)).toBe(false);
    const newest = await runsJson(['--limit', '1'], (rows) => rows.length === 1);
    expect(newest).toHaveLength(1);

    // The table form: a header and the run's line with its status and question.
    const table = await baton(['runs', '--status', 'cancelled', '--limit', '100']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+started \(UTC\)\s+status\s+intent\s+duration\s+question$/);
    expect(table.stdout.split('\n').find((l) => l.startsWith(workflowId))).toMatch(/\scancelled\s+query\s+.+上个月 GMV 是多少？$/);
  });

  test('bad filters are refused with exit 2', async () => {
    const since = await baton(['runs', '--since', 'yesterday']);
    expect(since.code).toBe(2);
    expect(since.stderr.trim()).toBe('error: --since "yesterday" is not a period like 30m, 12h, 7d or 2w, nor a date YYYY-MM-DD');
    const limit = await baton(['runs', '--limit', '0']);
    expect(limit.code).toBe(2);
  });
});
