/** `baton up` / `baton down`: the local Temporal dev server and a background worker, with pid and log files. */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT, type BatonConfig } from '../config';
import { ensureSystemSchema } from '../db';
import { WORKFLOW_BUNDLE } from '../worker';
import { CliError } from './temporal';

const SERVER_SCRIPT = path.join(PROJECT_ROOT, 'scripts', 'temporal-server.sh');
const WORKER_ENTRY = path.join(PROJECT_ROOT, 'dist', 'src', 'worker.js');

function serverScript(action: 'start' | 'stop', config: BatonConfig): void {
  const port = config.temporalAddress.split(':').pop() ?? '7233';
  const result = spawnSync('bash', [SERVER_SCRIPT, action], {
    stdio: 'inherit',
    env: { ...process.env, BATON_DATA_DIR: config.dataDir, TEMPORAL_PORT: port },
  });
  if (result.status !== 0) throw new CliError(`the Temporal dev server did not ${action} (see ${path.join(config.dataDir, 'temporal.log')})`);
}

function livePid(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return check();
}

export async function up(config: BatonConfig): Promise<void> {
  if (!fs.existsSync(WORKFLOW_BUNDLE)) throw new CliError('Baton is not built yet; run "npm run build" first');
  fs.mkdirSync(config.dataDir, { recursive: true });
  serverScript('start', config);
  await ensureSystemSchema(config.databaseUrl);

  const pidFile = path.join(config.dataDir, 'worker.pid');
  const logFile = path.join(config.dataDir, 'worker.log');
  const running = livePid(pidFile);
  if (running !== null) {
    console.log(`worker already running (pid ${running}, log ${logFile})`);
    return;
  }
  const logStart = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [WORKER_ENTRY], { detached: true, stdio: ['ignore', log, log], env: process.env });
  child.unref();
  fs.writeFileSync(pidFile, String(child.pid));
  const ready = await waitFor(() => {
    const text = fs.readFileSync(logFile, 'utf8').slice(logStart);
    return text.includes('polling task queue') || livePid(pidFile) === null;
  }, 30_000);
  if (!ready || livePid(pidFile) === null) {
    throw new CliError(`the worker did not start; last lines of ${logFile}:\n${fs.readFileSync(logFile, 'utf8').slice(logStart).split('\n').slice(-10).join('\n')}`);
  }
  console.log(`worker started (pid ${child.pid}, log ${logFile})`);
}

export async function down(config: BatonConfig): Promise<void> {
  const pidFile = path.join(config.dataDir, 'worker.pid');
  const pid = livePid(pidFile);
  if (pid !== null) {
    process.kill(pid, 'SIGTERM');
    const stopped = await waitFor(() => livePid(pidFile) === null, 15_000);
    if (!stopped) process.kill(pid, 'SIGKILL');
    console.log(`worker stopped (pid ${pid})`);
  } else {
    console.log('worker was not running');
  }
  fs.rmSync(pidFile, { force: true });
  serverScript('stop', config);
}
