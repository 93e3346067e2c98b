/**
 * `baton worker`: a worker in the foreground with its settings from flags over the environment, a startup line that
 * says what it runs with, a run served, and a graceful stop on SIGTERM (exit code 0). Bad settings exit 2 at once.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { closeDb, connectClient, runAnalysis, runCli, testConfig, uniqueTaskQueue } from '../helpers';

const BATON = path.resolve(__dirname, '../..', 'bin', 'baton');

test('flags over the environment set concurrency and cache; it serves a run and stops gracefully on SIGTERM', async () => {
  const taskQueue = uniqueTaskQueue('worker-command');
  const child = spawn(
    process.execPath,
    [BATON, 'worker', '--task-queue', taskQueue, '--max-activities', '7', '--max-workflow-tasks', '4'],
    {
      env: {
        ...process.env,
        NO_COLOR: '1',
        BATON_WORKER_MAX_ACTIVITIES: '50',
        BATON_WORKER_MAX_LOCAL_ACTIVITIES: '9',
        BATON_WORKER_MAX_CACHED_WORKFLOWS: '12',
      },
    },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const client = await connectClient(testConfig({ taskQueue }));
  try {
    for (let i = 0; i < 300 && !output.includes('polling task queue'); i++) await new Promise((r) => setTimeout(r, 100));
    const line = output.split('\n').find((l) => l.includes('polling task queue')) ?? output;
    expect(line).toMatch(
      new RegExp(
        `^baton worker \\d+ polling task queue "${taskQueue}" on ${testConfig().temporalAddress.replace(/\./g, '\\.')} \\(plaintext\\), namespace default; 7 activities, 9 local activities, 4 workflow tasks, 12 cached workflows; unversioned$`,
      ),
    );

    const { result } = await runAnalysis(client, taskQueue, '上个月 GMV 是多少？');
    expect(result.status).toBe('completed');
  } finally {
    child.kill('SIGTERM');
    await client.connection.close();
    await closeDb();
  }
  expect(await exited).toBe(0);
  expect(output).toMatch(/baton worker \d+ stopped/);
});

test('bad settings are refused before anything starts, naming the flag or variable', async () => {
  const flag = await runCli(['worker', '--max-activities', '0']);
  expect(flag.code).toBe(2);
  expect(flag.stderr).toContain('--max-activities must be a whole number ≥ 1, not "0"');
  const variable = await runCli(['worker'], { BATON_WORKER_MAX_CACHED_WORKFLOWS: 'lots' });
  expect(variable.code).toBe(2);
  expect(variable.stderr).toContain('BATON_WORKER_MAX_CACHED_WORKFLOWS must be a whole number ≥ 0, not "lots"');
  const orphan = await runCli(['worker', '--deployment-name', 'baton']);
  expect(orphan.code).toBe(2);
  expect(orphan.stderr).toContain('a deployment name (baton) needs a build id too');
});
