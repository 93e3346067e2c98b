/**
 * Safe rollouts with worker versioning (worker deployments and build ids; docs/architecture.md, "Rolling out a
 * new version"): a run started on version 1 finishes on version 1 after version 2, whose workflow change would
 * break v1's replay, has become current; new runs go to version 2. Real dev server, real workers, real PostgreSQL.
 */
import type { Client, WorkflowHandle } from '@temporalio/client';
import { bundleWorkflowCode, DefaultLogger, Worker } from '@temporalio/worker';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fullResult } from '../../src/storage/run-record';
import { dataConverterFromEnv } from '../../src/temporal/codec';
import { createWorker, type WorkerOptions } from '../../src/worker';
import { analysisWorkflow } from '../../src/workflows';
import { progressQuery, reviewPlanUpdate } from '../../src/contracts/workflow-messages';
import { todayIn } from '../../src/settings/config';
import { closeDb, connectClient, db, lastMonthRange, manifest, testConfig, uniqueTaskQueue } from '../helpers';

const config = testConfig({ taskQueue: uniqueTaskQueue('rollout') });
const deploymentName = `baton-rollout-${randomBytes(3).toString('hex')}`;
const QUESTION = '上个月 GMV 是多少？';

async function lastMonthGmv(): Promise<number> {
  const [start, end] = lastMonthRange(await manifest());
  const { rows } = await db().query<{ gmv: string }>(
    `SELECT sum(amount) AS gmv FROM orders WHERE status = 'paid' AND amount > 0 AND pay_time >= $1 AND pay_time < $2`,
    [start, end],
  );
  return Number(rows[0]?.gmv);
}

/** Makes a build id the deployment's current version, as a deploy script would; retried while its worker has not polled yet. */
async function setCurrentVersion(client: Client, buildId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.workflowService.setWorkerDeploymentCurrentVersion({
        namespace: config.temporalNamespace,
        deploymentName,
        buildId,
        identity: 'rollout-test',
      });
      return;
    } catch (err) {
      if (attempt >= 60) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The build ids that completed the run's workflow tasks, in order, and the version describe reports for it. */
async function versionsOf(
  handle: WorkflowHandle,
): Promise<{ completedBy: string[]; pinnedTo: string | null | undefined; behavior: unknown }> {
  const events = (await handle.fetchHistory()).events ?? [];
  const completedBy = events.flatMap((e) =>
    e.workflowTaskCompletedEventAttributes ? [e.workflowTaskCompletedEventAttributes.deploymentVersion?.buildId ?? '(none)'] : [],
  );
  const info = (await handle.describe()).raw.workflowExecutionInfo?.versioningInfo;
  return { completedBy, pinnedTo: info?.deploymentVersion?.buildId, behavior: info?.behavior };
}

/** Whether the run's first command was v2's one-second timer (v1's first command is an agent: a marker or an activity). */
async function startsWithTimer(handle: WorkflowHandle): Promise<boolean> {
  const events = (await handle.fetchHistory()).events ?? [];
  const firstCompletion = events.findIndex((e) => e.workflowTaskCompletedEventAttributes);
  return Boolean(events[firstCompletion + 1]?.timerStartedEventAttributes);
}

test('a run held at review on v1 finishes on v1 after v2 (a change that breaks its replay) becomes current; a new run goes to v2', async () => {
  const client = await connectClient(config);
  const stops: (() => Promise<void>)[] = [];
  // Without a workflow cache, no workflow task goes to a worker's sticky queue: every one is routed by the server,
  // which is what this test is about (and what happens to a run whose worker restarted).
  const start = async (buildId: string, workflowBundle?: WorkerOptions['workflowBundle']) => {
    const { worker, connection } = await createWorker({
      config,
      settings: { deploymentName, buildId, maxCachedWorkflows: 0 },
      workflowBundle,
    });
    const running = worker.run();
    stops.push(async () => {
      worker.shutdown();
      await running;
      await connection.close();
    });
  };
  try {
    // Version 1: today's workflow bundle. It becomes current, so new runs start on it.
    await start('v1');
    await setCurrentVersion(client, 'v1');
    const held = await client.workflow.start(analysisWorkflow, {
      workflowId: `analysis-rollout-v1-${randomBytes(3).toString('hex')}`,
      taskQueue: config.taskQueue,
      args: [{ question: QUESTION, asOf: todayIn(config.timeZone), review: { timeoutSeconds: 600 } }],
    });
    let phase = '';
    for (let i = 0; i < 300 && phase !== 'awaiting_approval'; i++) {
      phase = (await held.query(progressQuery)).phase;
      if (phase !== 'awaiting_approval') await new Promise((r) => setTimeout(r, 100));
    }
    expect(phase).toBe('awaiting_approval');

    // Version 2: a workflow change made without patched(). The held run's history does not replay on it.
    const v2Bundle = await bundleWorkflowCode({
      workflowsPath: path.join(__dirname, '..', 'fixtures', 'workflow-changes', 'rollout-v2.ts'),
      logger: new DefaultLogger('WARN'),
    });
    await expect(
      Worker.runReplayHistory(
        { workflowBundle: v2Bundle, dataConverter: dataConverterFromEnv() },
        await held.fetchHistory(),
        held.workflowId,
      ),
    ).rejects.toMatchObject({ name: 'DeterminismViolationError' });
    await start('v2', v2Bundle);
    await setCurrentVersion(client, 'v2');

    // The held run is approved after the switch and completes on v1 with the right number.
    await held.executeUpdate(reviewPlanUpdate, { args: [{ action: 'approve' }] });
    const result = await fullResult(await held.result());
    expect(result.status).toBe('completed');
    expect(result.metrics[0]?.value).toBeCloseTo(await lastMonthGmv(), 2);
    const v1 = await versionsOf(held);
    expect(v1.completedBy.length).toBeGreaterThan(2);
    expect(new Set(v1.completedBy)).toEqual(new Set(['v1']));
    expect(v1.pinnedTo).toBe('v1');
    expect(await startsWithTimer(held)).toBe(false);

    // A new run is served by v2: its workflow tasks carry v2's build id and it took v2's timer.
    const fresh = await client.workflow.start(analysisWorkflow, {
      workflowId: `analysis-rollout-v2-${randomBytes(3).toString('hex')}`,
      taskQueue: config.taskQueue,
      args: [{ question: QUESTION, asOf: todayIn(config.timeZone) }],
    });
    const freshResult = await fullResult(await fresh.result());
    expect(freshResult.status).toBe('completed');
    expect(freshResult.metrics[0]?.value).toBeCloseTo(await lastMonthGmv(), 2);
    const v2 = await versionsOf(fresh);
    expect(new Set(v2.completedBy)).toEqual(new Set(['v2']));
    expect(v2.pinnedTo).toBe('v2');
    expect(await startsWithTimer(fresh)).toBe(true);
  } finally {
    for (const stop of stops.reverse()) await stop();
    await client.connection.close();
    await closeDb();
  }
});
