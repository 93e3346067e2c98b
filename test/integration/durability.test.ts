/**
 * Durability shown, not claimed: a worker process is SIGKILLed while an activity
 * is running, a new worker takes over, and the run completes with the same answer
 * as an uninterrupted run. Activities that completed before the kill are not run
 * again (counted in baton.activity_executions by workflow id + activity id).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { todayIn } from '../../src/settings/config';
import { analysisWorkflow } from '../../src/workflows';
import { closeDb, connectClient, db, runAnalysis, testConfig, uniqueTaskQueue } from '../helpers';

const WORKER = path.resolve(__dirname, '../..', 'dist', 'src', 'worker.js');
const config = testConfig({ taskQueue: uniqueTaskQueue('kill') });
let client: Client;
const children: ChildProcess[] = [];

function startWorkerProcess(env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [WORKER], {
    env: { ...process.env, BATON_TASK_QUEUE: config.taskQueue, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('polling task queue')) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`worker exited early (${code}): ${output}`)));
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

interface LedgerRow {
  activity_id: string;
  activity_type: string;
  attempt: number;
  worker_pid: number;
  outcome: string | null;
}

async function ledger(workflowId: string): Promise<LedgerRow[]> {
  const { rows } = await db().query<LedgerRow>(
    'SELECT activity_id, activity_type, attempt, worker_pid, outcome FROM baton.activity_executions WHERE workflow_id = $1 ORDER BY id',
    [workflowId],
  );
  return rows;
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  client = await connectClient(config);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await client.connection.close();
  await closeDb();
});

test('a run survives SIGKILL of its worker mid-activity, without re-running finished activities', async () => {
  const question = 'What was GMV last month?';

  // Baseline: an uninterrupted run.
  const first = await startWorkerProcess();
  const baseline = await runAnalysis(client, config.taskQueue, question);
  first.kill('SIGTERM');
  await exited(first);

  // A slow worker (every activity takes 1.5 s), killed while the SQL step is in flight.
  const doomed = await startWorkerProcess({ BATON_ACTIVITY_DELAY_MS: '1500' });
  const workflowId = `analysis-kill-${Date.now().toString(36)}`;
  const handle = await client.workflow.start(analysisWorkflow, {
    workflowId,
    taskQueue: config.taskQueue,
    args: [{ question, asOf: todayIn(config.timeZone) }],
  });
  const inFlight = await until(async () => {
    const rows = await ledger(workflowId);
    return rows.find((r) => r.activity_type === 'runSqlStep' && r.outcome === null);
  }, 30_000);
  doomed.kill('SIGKILL');
  expect(await exited(doomed)).toEqual({ code: null, signal: 'SIGKILL' });
  const beforeKill = await ledger(workflowId);
  const finishedBeforeKill = beforeKill.filter((r) => r.outcome === 'completed');
  // The catalog, the intent and the data extent start together, so they may finish in any order.
  const finishedTypes = finishedBeforeKill.map((r) => r.activity_type).filter((t) => t !== 'storeInput');
  expect([...finishedTypes.slice(0, 3)].sort()).toEqual(['classifyIntent', 'describeCatalog', 'readDataExtent']);
  expect(finishedTypes.slice(3)).toEqual(['planAnalysis', 'checkDataQuality']);

  // A fresh worker takes over; the lost attempt is retried once its heartbeat times out.
  const rescuer = await startWorkerProcess();
  const result = await handle.result();
  expect(result.status).toBe('completed');
  expect(result.answer).toBe(baseline.result.answer);
  expect(result.metrics).toEqual(baseline.result.metrics);

  const after = await ledger(workflowId);
  const executions = (activityId: string) => after.filter((r) => r.activity_id === activityId);
  for (const done of finishedBeforeKill) {
    expect(executions(done.activity_id)).toHaveLength(1);
  }
  const sqlRuns = executions(inFlight.activity_id);
  expect(sqlRuns).toHaveLength(2);
  expect(sqlRuns[0]).toMatchObject({ attempt: 1, outcome: null, worker_pid: doomed.pid });
  expect(sqlRuns[1]).toMatchObject({ attempt: 2, outcome: 'completed', worker_pid: rescuer.pid });
  // Local activities are in the ledger too (bulky inputs stored by storeInput are left out here: how many depends on sizes).
  // Agents that start together are written in the order they started: each group is compared as a set.
  const types = after.map((r) => r.activity_type).filter((t) => t !== 'storeInput');
  const startedTogether = [
    ['classifyIntent', 'describeCatalog', 'readDataExtent'],
    ['analyzeResults', 'recomputeNumbers'],
  ];
  const inGroups = types
    .map((t) => startedTogether.find((g) => g.includes(t))?.join('+') ?? t)
    .filter((t, i, all) => !t.includes('+') || t !== all[i - 1]);
  expect(inGroups).toEqual([
    'classifyIntent+describeCatalog+readDataExtent',
    'planAnalysis',
    'checkDataQuality',
    'runSqlStep',
    'runSqlStep',
    'checkStep',
    'testSignificance',
    'analyzeResults+recomputeNumbers',
    'writeReport',
    'auditReport',
    'storeRunRecord',
  ]);
  for (const group of startedTogether) expect(types.filter((t) => group.includes(t)).sort()).toEqual(group);

  rescuer.kill('SIGTERM');
  expect(await exited(rescuer)).toEqual({ code: 0, signal: null });
});

test('SIGTERM shuts a worker down gracefully', async () => {
  const worker = await startWorkerProcess();
  let output = '';
  worker.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  worker.kill('SIGTERM');
  expect(await exited(worker)).toEqual({ code: 0, signal: null });
  expect(output).toContain(`baton worker ${worker.pid} stopped`);
});
