/**
 * `npm run bench:workers`: how Baton's throughput scales with worker processes.
 *
 * For each N in --workers (1, 2, 4), N `baton worker` processes poll a task queue of their own; after a warm-up (one
 * analysis per worker), --analyses demo analyses (the attribution, comparison and trend questions in turn) are
 * submitted at once and awaited. Per N it reports analyses per minute (analyses / (last close − first start)), the
 * p50 and p95 of the runs' times (start → close, the server's timestamps), how many workers served workflow tasks,
 * the workers' CPU seconds per analysis, and checks every run completed.
 *
 * Temporal: --address (or BENCH_WORKERS_TEMPORAL_ADDRESS) points it at a running server or cluster, with
 * TEMPORAL_NAMESPACE; without one it starts its own dev server (scripts/temporal-server.sh, headless, port
 * BENCH_WORKERS_TEMPORAL_PORT = 7328, history in .data/bench-workers) and stops it at the end; with --cluster it
 * starts its own Temporal cluster on PostgreSQL instead (scripts/temporal-cluster.sh, headless, frontend on
 * BENCH_WORKERS_TEMPORAL_PORT, internal ports from BENCH_WORKERS_CLUSTER_PORT_BASE = 7330, persistence in
 * BENCH_WORKERS_CLUSTER_DATABASE_URL = the local server's baton_bench_temporal). The demo shop is (re)seeded when
 * stale in BENCH_WORKERS_DATABASE_URL. Unless --no-docs, the table replaces the marked section of
 * docs/performance.md ("Workers that scale out"): the dev server's, or with --cluster the cluster's.
 */
import { Client, Connection } from '@temporalio/client';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { Client as PgClient } from 'pg';
import { quantile } from './bench/quantile';
import { machineLine, temporalCliVersion } from './bench/machine';
import { loadCatalog } from '../src/catalog/catalog';
import { dataConverterFromEnv } from '../src/temporal/codec';
import { loadConfig, runDate } from '../src/settings/config';
import { temporalConnectionOptions } from '../src/temporal/connection';
import { analysisWorkflow } from '../src/workflows';

const ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../..' : '..');
const DOC = path.join(ROOT, 'docs', 'performance.md');
const marks = (cluster: boolean) => {
  const name = cluster ? 'bench:workers-cluster' : 'bench:workers';
  return { start: `<!-- ${name}:start -->`, end: `<!-- ${name}:end -->` };
};
const DATA = path.join(ROOT, '.data', 'bench-workers');
const CLUSTER_SCRIPT = path.join(ROOT, 'scripts', 'temporal-cluster.sh');
const CLUSTER_PORT_BASE = Number(process.env.BENCH_WORKERS_CLUSTER_PORT_BASE ?? 7330);
const CLUSTER_DATABASE_URL = process.env.BENCH_WORKERS_CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_bench_temporal';
const BATON = path.join(ROOT, 'bin', 'baton');
const SERVER_SCRIPT = path.join(ROOT, 'scripts', 'temporal-server.sh');
const DATABASE_URL = process.env.BENCH_WORKERS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_bench_workers';
const PORT = Number(process.env.BENCH_WORKERS_TEMPORAL_PORT ?? 7328);

/** The demo questions, one per analysing intent (README, "What you can ask"). */
const QUESTIONS = [
  { intent: 'attribution', question: '为什么华东区上个月复购率下降了？' },
  { intent: 'comparison', question: '对比一下新老客的客单价变化并找出贡献最大的三个品类' },
  { intent: 'trend', question: '最近6个月数码品类销售额的走势' },
];

interface Options {
  workers: number[];
  analyses: number;
  address: string | undefined;
  /** Start a Temporal cluster on PostgreSQL for the bench instead of a dev server. */
  cluster: boolean;
  docs: boolean;
  json: string | undefined;
}

interface Row {
  workers: number;
  analyses: number;
  completed: number;
  statuses: Record<string, number>;
  wallS: number;
  perMinute: number;
  p50S: number;
  p95S: number;
  maxS: number;
  workersServing: number;
  cpuSPerAnalysis: number;
  /** The dev server's CPU seconds per analysis, when the bench started it (null against another server). */
  serverCpuSPerAnalysis: number | null;
  /** The PostgreSQL backends connected to the workers' database (those still connected at the end): a lower bound. */
  postgresCpuSPerAnalysis: number;
  /** Share of the machine's CPU that was busy during the batch, every process included. */
  machineBusy: number;
  loadAverage: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds (user + system, with its finished children: the tester's sandboxes) a process has used so far, from /proc; 0 where it cannot be read. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After "pid (comm) ": state is field 0; utime, stime, cutime, cstime are fields 11–14, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/** The machine's CPU time so far from /proc/stat, busy and total, in clock ticks (every process, not only the bench's). */
function machineTicks(): { busy: number; total: number } {
  try {
    const values = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
    const total = values.reduce((a, b) => a + b, 0);
    return { busy: total - (values[3] ?? 0) - (values[4] ?? 0), total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** CPU seconds of the PostgreSQL backends now connected to the workers' database (the server must be on this machine). */
async function postgresCpu(): Promise<Map<number, number>> {
  const admin = new PgClient({ connectionString: DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
  } finally {
    await admin.end().catch(() => undefined);
  }
}

interface RunningWorker {
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** N `baton worker` processes on the task queue, each started and polling before this returns. */
async function startWorkers(n: number, taskQueue: string, address: string): Promise<RunningWorker[]> {
  const workers: RunningWorker[] = [];
  for (let i = 0; i < n; i++) {
    const log = fs.openSync(path.join(DATA, `worker-${n}-${i + 1}.log`), 'w');
    const child = spawn(process.execPath, [BATON, 'worker', '--task-queue', taskQueue], {
      env: { ...process.env, TEMPORAL_ADDRESS: address, DATABASE_URL, NO_COLOR: '1' },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    workers.push({ child, exited: new Promise((resolve) => child.on('close', resolve)) });
  }
  const deadline = Date.now() + 120_000;
  for (let i = 0; i < n; i++) {
    const file = path.join(DATA, `worker-${n}-${i + 1}.log`);
    while (!fs.readFileSync(file, 'utf8').includes('polling task queue')) {
      if (workers[i]?.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`worker ${i + 1} of ${n} did not start; its log ${file}:\n${fs.readFileSync(file, 'utf8').slice(-2000)}`);
      }
      await sleep(200);
    }
  }
  return workers;
}

async function stopWorkers(workers: RunningWorker[]): Promise<void> {
  for (const w of workers) w.child.kill('SIGTERM');
  await Promise.all(
    workers.map(async (w) => {
      const code = await Promise.race([w.exited, sleep(30_000).then(() => 'timeout' as const)]);
      if (code === 'timeout') w.child.kill('SIGKILL');
    }),
  );
}

/** Submits the analyses at once and waits for all; returns each run's start, close, status and the identities that completed its workflow tasks. */
async function runBatch(client: Client, taskQueue: string, count: number, asOf: string, tag: string) {
  const handles = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const { question } = QUESTIONS[i % QUESTIONS.length]!;
      return client.workflow.start(analysisWorkflow, {
        workflowId: `analysis-bench-${tag}-${i + 1}-${randomBytes(3).toString('hex')}`,
        taskQueue,
        args: [{ question, asOf }],
        staticSummary: question,
      });
    }),
  );
  return Promise.all(
    handles.map(async (handle) => {
      // The small result carries the run's status (its record stays in the workers' database).
      const { status } = await handle.result();
      const info = (await handle.describe()).raw.workflowExecutionInfo;
      const seconds = (t: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
        Number(t?.seconds ?? 0) + (t?.nanos ?? 0) / 1e9;
      const events = (await handle.fetchHistory()).events ?? [];
      const identities = events.flatMap((e) =>
        e.workflowTaskCompletedEventAttributes?.identity ? [e.workflowTaskCompletedEventAttributes.identity] : [],
      );
      return { status, start: seconds(info?.startTime), close: seconds(info?.closeTime), identities };
    }),
  );
}

async function measure(client: Client, n: number, options: Options, address: string, asOf: string, serverPid: number | null): Promise<Row> {
  const taskQueue = `bench-workers-${n}-${randomBytes(3).toString('hex')}`;
  const workers = await startWorkers(n, taskQueue, address);
  try {
    // Warm-up: each worker loads its modules, catalog and connections before the measured batch.
    await runBatch(client, taskQueue, n, asOf, `warm${n}`);
    const cpuBefore = workers.map((w) => cpuSeconds(w.child.pid));
    const serverBefore = serverPid === null ? 0 : cpuSeconds(serverPid);
    const postgresBefore = await postgresCpu();
    const ticksBefore = machineTicks();
    const runs = await runBatch(client, taskQueue, options.analyses, asOf, `n${n}`);
    const ticksAfter = machineTicks();
    const postgresAfter = await postgresCpu();
    let postgres = 0;
    for (const [pid, seconds] of postgresAfter) postgres += seconds - (postgresBefore.get(pid) ?? 0);
    const cpu = workers.reduce((sum, w, i) => sum + cpuSeconds(w.child.pid) - (cpuBefore[i] ?? 0), 0);
    const serverCpu = serverPid === null ? null : cpuSeconds(serverPid) - serverBefore;
    const first = Math.min(...runs.map((r) => r.start));
    const last = Math.max(...runs.map((r) => r.close));
    const durations = runs.map((r) => r.close - r.start);
    const statuses: Record<string, number> = {};
    for (const r of runs) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const wallS = last - first;
    return {
      workers: n,
      analyses: runs.length,
      completed: statuses.completed ?? 0,
      statuses,
      wallS,
      perMinute: (runs.length / wallS) * 60,
      p50S: quantile(durations, 0.5),
      p95S: quantile(durations, 0.95),
      maxS: Math.max(...durations),
      workersServing: new Set(runs.flatMap((r) => r.identities)).size,
      cpuSPerAnalysis: cpu / runs.length,
      serverCpuSPerAnalysis: serverCpu === null ? null : serverCpu / runs.length,
      postgresCpuSPerAnalysis: postgres / runs.length,
      machineBusy: (ticksAfter.busy - ticksBefore.busy) / Math.max(1, ticksAfter.total - ticksBefore.total),
      loadAverage: os.loadavg()[0] ?? NaN,
    };
  } finally {
    await stopWorkers(workers);
  }
}

function machine(address: string, startedServer: boolean, cluster: boolean): string {
  const temporal = temporalCliVersion(ROOT);
  const server = !startedServer
    ? `the Temporal server at ${address}`
    : cluster
      ? `the bench's own Temporal cluster (server 1.29.1, scripts/temporal-cluster.sh: four services in one process, persistence in PostgreSQL ${CLUSTER_DATABASE_URL.replace(/\/\/[^@/]*@/, '//')} on the same machine)`
      : `the bench's own dev server (${temporal}, Baton's settings from scripts/temporal-server.sh)`;
  return machineLine([`Node ${process.version}`, server]);
}

const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(rows: Row[]): string {
  const base = rows.find((r) => r.workers === 1);
  const lines = [
    '| worker processes | analyses | completed | wall time | analyses per minute | vs 1 worker | run time p50 | run time p95 | workers that served runs | CPU per analysis: workers | CPU per analysis: Temporal server | CPU per analysis: PostgreSQL | machine CPU busy (all processes) | load average after |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const other = Object.entries(r.statuses)
      .filter(([s]) => s !== 'completed')
      .map(([s, c]) => `${c} ${s}`)
      .join(', ');
    lines.push(
      `| ${r.workers} | ${r.analyses} | ${r.completed}${other ? ` (${other})` : ''} | ${fmt(r.wallS)} s | ${fmt(r.perMinute)} | ${base ? `×${fmt(r.perMinute / base.perMinute, 2)}` : '–'} | ${fmt(r.p50S)} s | ${fmt(r.p95S)} s | ${r.workersServing} of ${r.workers} | ${fmt(r.cpuSPerAnalysis, 2)} s | ${r.serverCpuSPerAnalysis === null ? '–' : `${fmt(r.serverCpuSPerAnalysis, 2)} s`} | ≥ ${fmt(r.postgresCpuSPerAnalysis, 2)} s | ${fmt(r.machineBusy * 100, 0)}% | ${fmt(r.loadAverage, 2)} |`,
    );
  }
  return lines.join('\n');
}

function writeDocs(command: string, machineLine: string, options: Options, rows: Row[]): void {
  const doc = fs.readFileSync(DOC, 'utf8');
  const { start: MARK_START, end: MARK_END } = marks(options.cluster);
  const start = doc.indexOf(MARK_START);
  const end = doc.indexOf(MARK_END);
  if (start < 0 || end < start) throw new Error(`${DOC} has no ${MARK_START} … ${MARK_END} section`);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const body = [
    MARK_START,
    `_Generated by \`${command}\` on ${when} UTC._`,
    '',
    `Machine: ${machineLine}.`,
    '',
    `Each row: ${options.analyses} analyses (the attribution, comparison and trend demo questions in turn) submitted at once to N \`baton worker\` processes with the SDK's default concurrency, after one warm-up analysis per worker.`,
    '',
    table(rows),
    MARK_END,
  ].join('\n');
  fs.writeFileSync(DOC, doc.slice(0, start) + body + doc.slice(end + MARK_END.length));
  console.log(`docs/performance.md: the "Workers that scale out" table${options.cluster ? ' for the cluster' : ''} rewritten`);
}

async function main(): Promise<void> {
  const program = new Command()
    .name('bench:workers')
    .option('--workers <list>', 'worker process counts to measure, comma-separated', '1,2,4')
    .option('--analyses <n>', 'analyses submitted at once for each count', '24')
    .option(
      '--address <host:port>',
      'a running Temporal server or cluster (default: BENCH_WORKERS_TEMPORAL_ADDRESS, else the bench starts its own dev server)',
    )
    .option('--cluster', 'start a Temporal cluster on PostgreSQL for the bench (scripts/temporal-cluster.sh) instead of a dev server')
    .option('--no-docs', 'do not rewrite docs/performance.md')
    .option('--json <file>', 'also write the measurements as JSON')
    .parse();
  const raw = program.opts<{ workers: string; analyses: string; address?: string; cluster?: boolean; docs: boolean; json?: string }>();
  const options: Options = {
    workers: raw.workers.split(',').map((w) => Number(w.trim())),
    analyses: Number(raw.analyses),
    address: raw.address ?? (process.env.BENCH_WORKERS_TEMPORAL_ADDRESS || undefined),
    cluster: raw.cluster === true,
    docs: raw.docs,
    json: raw.json,
  };
  if (options.workers.some((w) => !Number.isInteger(w) || w < 1) || !Number.isInteger(options.analyses) || options.analyses < 1) {
    console.error('error: --workers takes whole numbers ≥ 1 (1,2,4) and --analyses a whole number ≥ 1');
    process.exit(2);
  }
  if (options.cluster && options.address !== undefined) {
    console.error("error: --cluster starts the bench's own cluster; --address points at a running one: give one of them");
    process.exit(2);
  }
  fs.mkdirSync(DATA, { recursive: true });
  const startedServer = options.address === undefined;
  const address = options.address ?? `127.0.0.1:${PORT}`;
  const serverScript = options.cluster ? CLUSTER_SCRIPT : SERVER_SCRIPT;
  const serverEnv = {
    ...process.env,
    TEMPORAL_PORT: String(PORT),
    TEMPORAL_HEADLESS: '1',
    BATON_DATA_DIR: DATA,
    TEMPORAL_CLUSTER_PORT_BASE: String(CLUSTER_PORT_BASE),
    TEMPORAL_CLUSTER_MEMBERSHIP_PORT_BASE: '6980', // membership 6983–6989, clear of baton up's, chaos's and the tests'
    TEMPORAL_CLUSTER_DATABASE_URL: CLUSTER_DATABASE_URL,
  };
  if (startedServer) {
    execFileSync('bash', [serverScript, 'stop'], { env: serverEnv, stdio: 'ignore' });
    if (options.cluster) execFileSync('bash', [CLUSTER_SCRIPT, 'build'], { env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] });
    for (const f of fs.readdirSync(DATA).filter((f) => f.startsWith('temporal.db'))) fs.rmSync(path.join(DATA, f));
    execFileSync('bash', [serverScript, 'start'], { env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  }
  const command = `npm run bench:workers${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const machineLine = machine(address, startedServer, options.cluster);
  console.log(`${command}\n${machineLine}\n`);
  let connection: Connection | null = null;
  try {
    execFileSync(process.execPath, [BATON, 'seed', '--if-stale'], {
      env: { ...process.env, DATABASE_URL, NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const config = loadConfig();
    connection = await Connection.connect(temporalConnectionOptions({ temporalAddress: address }));
    const client = new Client({ connection, namespace: config.temporalNamespace, dataConverter: dataConverterFromEnv() });
    const asOf = runDate(loadCatalog(config.catalogPath).timezone, config.timeZoneOverride);
    const serverPid = startedServer
      ? Number(fs.readFileSync(path.join(DATA, ...(options.cluster ? ['cluster', 'server.pid'] : ['temporal.pid'])), 'utf8'))
      : null;
    const rows: Row[] = [];
    for (const n of options.workers) {
      const row = await measure(client, n, options, address, asOf, serverPid);
      rows.push(row);
      console.log(
        `${n} worker${n > 1 ? 's' : ''}: ${row.completed}/${row.analyses} completed in ${fmt(row.wallS)} s, ${fmt(row.perMinute)} analyses/min, run time p50 ${fmt(row.p50S)} s, p95 ${fmt(row.p95S)} s, served by ${row.workersServing} of ${n}, CPU per analysis ${fmt(row.cpuSPerAnalysis, 2)} s in the workers${row.serverCpuSPerAnalysis === null ? '' : ` and ${fmt(row.serverCpuSPerAnalysis, 2)} s in the Temporal server`}, ≥ ${fmt(row.postgresCpuSPerAnalysis, 2)} s in PostgreSQL; machine ${fmt(row.machineBusy * 100, 0)}% busy`,
      );
    }
    console.log(`\n${table(rows)}\n`);
    if (options.json) fs.writeFileSync(options.json, JSON.stringify({ machine: machineLine, options, rows }, null, 2));
    if (options.docs) writeDocs(command, machineLine, options, rows);
    const incomplete = rows.filter((r) => r.completed !== r.analyses);
    if (incomplete.length > 0) {
      console.error(
        `error: not every analysis completed (${incomplete.map((r) => `${r.workers} workers: ${JSON.stringify(r.statuses)}`).join('; ')})`,
      );
      process.exitCode = 1;
    }
  } finally {
    await connection?.close();
    if (startedServer) execFileSync('bash', [serverScript, 'stop'], { env: serverEnv, stdio: 'ignore' });
  }
}

main().catch((err: Error) => {
  console.error(`bench:workers: ${err.message}`);
  process.exit(1);
});
