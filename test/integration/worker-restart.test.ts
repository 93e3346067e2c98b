/**
 * A worker rides out a Temporal server restart (issue 14): its own dev server is stopped under a live worker
 * process in the middle of a run, kept away for 60 s and started again on the same history file; the same
 * worker process, which never exited, finishes the run. A worker started while the server is away waits for it
 * and then polls. BATON_WORKER_RECONNECT_LIMIT_S bounds how long they wait.
 */
import { Client, Connection } from '@temporalio/client';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { dataConverterFromEnv } from '../../src/temporal/codec';
import { todayIn } from '../../src/settings/config';
import { analysisWorkflow } from '../../src/workflows';
import { closeDb, db, testConfig, uniqueTaskQueue } from '../helpers';

const ROOT = path.resolve(__dirname, '../..');
// A dev server of this test's own, two ports above the suite's (the suite's server is not disturbed).
const PORT = Number(process.env.TEMPORAL_PORT ?? 7233) + 2;
const SERVER_ENV = {
  ...process.env,
  TEMPORAL_PORT: String(PORT),
  TEMPORAL_UI_PORT: String(PORT + 1000),
  BATON_DATA_DIR: path.join(process.env.BATON_DATA_DIR ?? path.join(ROOT, '.data', 'test'), 'worker-restart'),
};
const ADDRESS = `127.0.0.1:${PORT}`;
const AWAY_MS = 60_000;

const server = (command: 'start' | 'stop') =>
  promisify(execFile)('bash', [path.join(ROOT, 'scripts', 'temporal-server.sh'), command], { env: SERVER_ENV });

let worker: ChildProcess | null = null;
let latecomer: ChildProcess | null = null;
afterAll(async () => {
  for (const w of [worker, latecomer]) if (w && w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await server('stop').catch(() => undefined);
  await closeDb();
});

test('a worker whose Temporal server restarts (60 s away) keeps polling and finishes the run in the same process', async () => {
  fs.rmSync(SERVER_ENV.BATON_DATA_DIR, { recursive: true, force: true });
  await server('start');
  const taskQueue = uniqueTaskQueue('restart');
  let output = '';
  worker = spawn(process.execPath, [path.join(ROOT, 'dist', 'src', 'worker.js')], {
    // Every activity held open 1.5 s (heartbeating), so the run is still in flight when the server goes.
    env: {
      ...process.env,
      TEMPORAL_ADDRESS: ADDRESS,
      BATON_TASK_QUEUE: taskQueue,
      BATON_ACTIVITY_DELAY_MS: '1500',
      BATON_WORKER_RECONNECT_LIMIT_S: '180',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exits: (number | string | null)[] = [];
  worker.on('exit', (code, signal) => exits.push(code ?? signal));
  worker.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  worker.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  for (let i = 0; i < 300 && !output.includes('polling task queue'); i++) await new Promise((r) => setTimeout(r, 100));
  expect(output).toContain(`baton worker ${worker.pid} polling task queue "${taskQueue}" on ${ADDRESS}`);

  const connect = () => Connection.connect({ address: ADDRESS });
  let connection = await connect();
  const workflowId = `analysis-restart-${Date.now().toString(36)}`;
  await new Client({ connection, dataConverter: dataConverterFromEnv() }).workflow.start(analysisWorkflow, {
    workflowId,
    taskQueue,
    args: [{ question: 'What was GMV last month?', asOf: todayIn(testConfig().timeZone) }],
  });
  await connection.close();
  // The run is under way (its first activities done) when the server goes.
  for (let i = 0; i < 300; i++) {
    const { rows } = await db().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM baton.activity_executions WHERE workflow_id = $1 AND outcome = 'completed'",
      [workflowId],
    );
    if ((rows[0]?.n ?? 0) >= 2) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await server('stop');
  // A worker started while the server is away (the chaos run restarts killed workers at any time) waits for it too.
  let lateOutput = '';
  const lateExits: (number | string | null)[] = [];
  latecomer = spawn(process.execPath, [path.join(ROOT, 'dist', 'src', 'worker.js')], {
    env: { ...process.env, TEMPORAL_ADDRESS: ADDRESS, BATON_TASK_QUEUE: `${taskQueue}-late`, BATON_WORKER_RECONNECT_LIMIT_S: '180' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  latecomer.on('exit', (code, signal) => lateExits.push(code ?? signal));
  latecomer.stdout?.on('data', (d: Buffer) => (lateOutput += d.toString()));
  latecomer.stderr?.on('data', (d: Buffer) => (lateOutput += d.toString()));
  await new Promise((r) => setTimeout(r, AWAY_MS));
  expect(exits).toEqual([]);
  expect(lateExits).toEqual([]);
  expect(lateOutput).toMatch(/cannot start the worker \(cannot reach Temporal at 127\.0\.0\.1:\d+: .*\); trying again in/);
  await server('start');

  connection = await connect();
  const result = await new Client({ connection, dataConverter: dataConverterFromEnv() }).workflow
    .getHandle<typeof analysisWorkflow>(workflowId)
    .result();
  await connection.close();
  expect(result.status).toBe('completed');
  // One worker process did all of it, and it is still running.
  const { rows } = await db().query<{ worker_pid: number }>(
    'SELECT DISTINCT worker_pid FROM baton.activity_executions WHERE workflow_id = $1',
    [workflowId],
  );
  expect(rows.map((r) => r.worker_pid)).toEqual([worker.pid]);
  expect(exits).toEqual([]);
  // What the worker said while the server was away (the SDK's Worker.run() rejecting, and the worker remade).
  console.log(
    output
      .split('\n')
      .filter((l) => /trying again|polling task queue/.test(l))
      .join('\n'),
  );

  // The latecomer polls now that the server is back, in the process that started while it was away.
  for (let i = 0; i < 300 && !lateOutput.includes('polling task queue'); i++) await new Promise((r) => setTimeout(r, 100));
  expect(lateOutput).toContain(`baton worker ${latecomer.pid} polling task queue "${taskQueue}-late"`);
  expect(lateExits).toEqual([]);
  latecomer.kill('SIGTERM');

  // A signal still ends it at once, cleanly.
  worker.kill('SIGTERM');
  for (let i = 0; i < 300 && exits.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(exits).toEqual([0]);
  expect(output).toContain(`baton worker ${worker.pid} stopped`);
}, 300_000);
