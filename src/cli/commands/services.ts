/**
 * `baton up` / `baton down` / `baton worker`: a local Temporal (the dev server, or with --cluster a Temporal cluster on PostgreSQL) and
 * a background worker and the web page (`baton web`, unless --no-web), with pid and log files. `baton up` writes which Temporal it started to <data dir>/up.json, so
 * that `baton down` stops that one. `baton worker` runs a worker in the foreground instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT, WORKFLOW_BUNDLE, type BatonConfig } from '../../settings/config';
import { ensureSystemSchema } from '../../storage/db';
import { mergeSettings, parseCount, WorkerSettingsError, workerSettingsFromEnv, type WorkerSettings } from '../../temporal/worker-settings';
import { CliError } from '../temporal';
import type * as WorkerModule from '../../worker';

const SERVER_SCRIPT = path.join(PROJECT_ROOT, 'scripts', 'temporal-server.sh');
const CLUSTER_SCRIPT = path.join(PROJECT_ROOT, 'scripts', 'temporal-cluster.sh');
const WORKER_ENTRY = path.join(PROJECT_ROOT, 'dist', 'src', 'worker.js');
const CLIENT_ENTRY = path.join(PROJECT_ROOT, 'dist', 'src', 'client.js');

/** Which Temporal `baton up` runs: the dev server (SQLite, one process) or the cluster (PostgreSQL, scripts/temporal-cluster.sh). */
export type TemporalKind = 'dev' | 'cluster';

/** Server-side mTLS of the cluster's frontend: its certificate and key, and the CA its clients' certificates must be signed by. */
export interface ClusterTls {
  cert?: string;
  key?: string;
  ca?: string;
}

export interface UpOptions {
  cluster?: boolean;
  tls?: ClusterTls;
  /** Start `baton web` in the background too (default true; `--no-web` skips it). */
  web?: boolean;
}

function serverScript(kind: TemporalKind, action: 'start' | 'stop', config: BatonConfig, tls: ClusterTls = {}): void {
  const port = config.temporalAddress.split(':').pop() ?? '7233';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BATON_DATA_DIR: config.dataDir,
    TEMPORAL_PORT: port,
    TEMPORAL_NAMESPACE: config.temporalNamespace,
  };
  if (tls.cert) env.TEMPORAL_CLUSTER_TLS_CERT = path.resolve(tls.cert);
  if (tls.key) env.TEMPORAL_CLUSTER_TLS_KEY = path.resolve(tls.key);
  if (tls.ca) env.TEMPORAL_CLUSTER_TLS_CA = path.resolve(tls.ca);
  const result = spawnSync('bash', [kind === 'cluster' ? CLUSTER_SCRIPT : SERVER_SCRIPT, action], { stdio: 'inherit', env });
  if (result.status !== 0) {
    const log = kind === 'cluster' ? path.join(config.dataDir, 'cluster', 'server.log') : path.join(config.dataDir, 'temporal.log');
    throw new CliError(`the Temporal ${kind === 'cluster' ? 'cluster' : 'dev server'} did not ${action} (see ${log})`);
  }
}

const upFile = (config: BatonConfig) => path.join(config.dataDir, 'up.json');

/** The Temporal the last `baton up` started here: the dev server when it left no record. */
export function startedKind(config: BatonConfig): TemporalKind {
  try {
    const kind = (JSON.parse(fs.readFileSync(upFile(config), 'utf8')) as { temporal?: string }).temporal;
    return kind === 'cluster' ? 'cluster' : 'dev';
  } catch {
    return 'dev';
  }
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

export async function up(config: BatonConfig, options: UpOptions = {}): Promise<void> {
  if (!fs.existsSync(WORKFLOW_BUNDLE)) throw new CliError('Baton is not built yet; run "npm run build" first');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const kind: TemporalKind = options.cluster ? 'cluster' : 'dev';
  const running = startedKind(config);
  if (fs.existsSync(upFile(config)) && running !== kind) {
    throw new CliError(`"baton up" started the ${running === 'cluster' ? 'cluster' : 'dev server'} here; run "baton down" first to switch`);
  }
  if (kind === 'dev' && options.tls && Object.values(options.tls).some(Boolean))
    throw new CliError('--tls-cert, --tls-key and --tls-ca need --cluster', 2);
  serverScript(kind, 'start', config, options.tls);
  fs.writeFileSync(upFile(config), JSON.stringify({ temporal: kind }));
  await ensureSystemSchema(config.databaseUrl);

  await startBackground(config, 'worker', [WORKER_ENTRY], 'polling task queue');
  if (options.web !== false) await startBackground(config, 'web', [CLIENT_ENTRY, 'web'], 'baton web listening on');
}

/** Starts a background process (the worker, the web page) with its pid and log files in the data dir; waits for its ready line. */
async function startBackground(config: BatonConfig, name: 'worker' | 'web', args: string[], readyLine: string): Promise<void> {
  const pidFile = path.join(config.dataDir, `${name}.pid`);
  const logFile = path.join(config.dataDir, `${name}.log`);
  const running = livePid(pidFile);
  if (running !== null) {
    console.log(`${name} already running (pid ${running}, log ${logFile})`);
    return;
  }
  const logStart = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', log, log], env: process.env });
  child.unref();
  fs.writeFileSync(pidFile, String(child.pid));
  const ready = await waitFor(() => {
    const text = fs.readFileSync(logFile, 'utf8').slice(logStart);
    return text.includes(readyLine) || livePid(pidFile) === null;
  }, 30_000);
  const text = fs.readFileSync(logFile, 'utf8').slice(logStart);
  if (!ready || livePid(pidFile) === null) {
    throw new CliError(`the ${name} did not start; last lines of ${logFile}:\n${text.split('\n').slice(-10).join('\n')}`);
  }
  const url = /listening on (\S+)/.exec(text)?.[1];
  console.log(`${name} started (pid ${child.pid}, log ${logFile})${url ? ` on ${url}` : ''}`);
}

/** Stops a background process started by `baton up` (SIGTERM, then SIGKILL after 15 s). */
async function stopBackground(config: BatonConfig, name: 'worker' | 'web'): Promise<void> {
  const pidFile = path.join(config.dataDir, `${name}.pid`);
  const pid = livePid(pidFile);
  if (pid !== null) {
    process.kill(pid, 'SIGTERM');
    const stopped = await waitFor(() => livePid(pidFile) === null, 15_000);
    if (!stopped) process.kill(pid, 'SIGKILL');
    console.log(`${name} stopped (pid ${pid})`);
  } else if (name === 'worker') {
    console.log('worker was not running');
  }
  fs.rmSync(pidFile, { force: true });
}

export async function down(config: BatonConfig): Promise<void> {
  await stopBackground(config, 'web');
  await stopBackground(config, 'worker');
  serverScript(startedKind(config), 'stop', config);
  fs.rmSync(upFile(config), { force: true });
}

export interface WorkerFlags {
  taskQueue?: string;
  maxActivities?: string;
  maxLocalActivities?: string;
  maxWorkflowTasks?: string;
  maxCachedWorkflows?: string;
  buildId?: string;
  deploymentName?: string;
}

/** `baton worker`: the flags over the environment, then the worker in the foreground (src/worker.ts's runWorker). */
export async function workerCommand(flags: WorkerFlags): Promise<void> {
  let settings: WorkerSettings;
  try {
    settings = mergeSettings(workerSettingsFromEnv(), {
      taskQueue: flags.taskQueue,
      maxActivities: parseCount(flags.maxActivities, '--max-activities'),
      maxLocalActivities: parseCount(flags.maxLocalActivities, '--max-local-activities'),
      maxWorkflowTasks: parseCount(flags.maxWorkflowTasks, '--max-workflow-tasks', 2),
      maxCachedWorkflows: parseCount(flags.maxCachedWorkflows, '--max-cached-workflows', 0),
      buildId: flags.buildId,
      deploymentName: flags.deploymentName,
    });
  } catch (err) {
    if (err instanceof WorkerSettingsError) throw new CliError(err.message, 2);
    throw err;
  }
  // Loaded here, not at the top: the worker's SDK (its native core among it) takes about a second to load, which every
  // other command, --help included, would pay.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runWorker } = require('../../worker') as typeof WorkerModule;
  await runWorker(undefined, settings);
}
