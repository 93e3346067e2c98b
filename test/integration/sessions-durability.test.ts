/**
 * A session's turn survives its worker (issue 26): a worker process is SIGKILLed while a turn's child run has an
 * activity in flight, a new worker takes over, and the caller's Update returns the same answer as an uninterrupted
 * turn; the turn ran once (one child run, each of its finished activities executed once, counted in
 * baton.activity_executions). Worker processes on a task queue of this test's own, on the suite's server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { sessionWorkflowId } from '../../src/contracts/session-messages';
import { todayIn } from '../../src/settings/config';
import { askInSession, describeSession, startSession } from '../../src/sessions/client';
import { closeDb, connectClient, db, testConfig, uniqueTaskQueue } from '../helpers';

const WORKER = path.resolve(__dirname, '../..', 'dist', 'src', 'worker.js');
const config = testConfig({ taskQueue: uniqueTaskQueue('session-kill') });
const children: ChildProcess[] = [];
let client: Client;

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

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

async function ledger(workflowId: string) {
  const { rows } = await db().query<{ activity_id: string; activity_type: string; outcome: string | null }>(
    'SELECT activity_id, activity_type, outcome FROM baton.activity_executions WHERE workflow_id = $1 ORDER BY id',
    [workflowId],
  );
  return rows;
}

beforeAll(async () => {
  client = await connectClient(config);
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await client.connection.close();
  await closeDb();
});

test('a turn in flight when its worker is killed gives the same answer once a new worker takes over, and runs once', async () => {
  const question = 'What was GMV last month?';
  const asOf = todayIn(config.timeZone);
  const ask = (sessionId: string) => askInSession(client, sessionId, question, { config, asOf });

  const first = await startWorkerProcess();
  const baseline = await ask((await startSession(client, { config })).sessionId);
  first.kill('SIGTERM');
  await exited(first);
  expect(baseline.status).toBe('completed');

  // A slow worker (every activity held 1.5 s), killed while the turn's SQL step is in flight.
  const doomed = await startWorkerProcess({ BATON_ACTIVITY_DELAY_MS: '1500' });
  const { sessionId } = await startSession(client, { config });
  const turn = ask(sessionId);
  const childId = `${sessionWorkflowId(sessionId)}-turn-1`;
  for (let i = 0; i < 600; i++) {
    if ((await ledger(childId)).some((r) => r.activity_type === 'runSqlStep' && r.outcome === null)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  doomed.kill('SIGKILL');
  await exited(doomed);
  const finishedBeforeKill = (await ledger(childId)).filter((r) => r.outcome === 'completed');
  expect(finishedBeforeKill.length).toBeGreaterThan(2);

  await startWorkerProcess();
  const result = await turn;
  expect([result.turn, result.status, result.workflowId]).toEqual([1, 'completed', childId]);
  expect(result.answer).toBe(baseline.answer);
  expect(result.headline).toBe(baseline.headline);

  // Once: one turn, one child run, every activity that finished before the kill not run again.
  expect((await describeSession(client, sessionId)).turns).toHaveLength(1);
  const runs: string[] = [];
  for await (const w of client.workflow.list({ query: `BatonSession = '${sessionId}'` })) runs.push(w.workflowId);
  expect(runs.sort()).toEqual([sessionWorkflowId(sessionId), childId].sort());
  const after = await ledger(childId);
  for (const done of finishedBeforeKill) expect(after.filter((r) => r.activity_id === done.activity_id)).toHaveLength(1);
  const completed = after.filter((r) => r.outcome === 'completed').map((r) => r.activity_id);
  expect(new Set(completed).size).toBe(completed.length);
});
