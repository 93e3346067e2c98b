/**
 * npm run bench:orchestration [-- --quick] [--runs R] [--no-knobs] [--no-docs]
 *
 * The same pipeline on three engines, in one run, on this machine: a chain of N agents (N = 5, 10, 20), each doing
 * fixed stub work (0 ms, and 50 ms of sleep) and passing a 2 KB hand-off (scripts/bench/stub.ts), on
 *   (a) temporal:  Temporal activities in a workflow, on a dev server the bench starts (scripts/temporal-server.sh,
 *                  headless, port BENCH_TEMPORAL_PORT = 7322, history in .data/bench/temporal-baton) with the dynamic
 *                  config Baton's dev server gets;
 *   (b) langgraph: LangGraph.js StateGraph + PostgresSaver on the local PostgreSQL (database baton_bench,
 *                  BENCH_DATABASE_URL), a checkpoint written after every node;
 *   (c) file:      a JSON state file written with fsync after every agent, resumed from the file.
 * For each: orchestration overhead per hop ((end-to-end − stub work) / N, median and p95 over every run), the
 * end-to-end time at N = 10, bytes of durable state per run, throughput at 1, 8 and 32 concurrent runs, and
 * recovery (the pipeline's process SIGKILLed mid-agent and started again: time to resume, agents redone).
 * Before that, the dev server's latency knobs and the worker's options (engine a, N = 10, no stub work): one dev
 * server per configuration (ports 7322–7327), all up at once, the configurations taking turns run by run.
 *
 * Prints the tables, and (unless --quick or --no-docs) rewrites the marked section of docs/performance.md and
 * writes docs/performance-orchestration.svg and docs/performance-knobs.svg.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, Runtime } from '@temporalio/worker';
import { Command } from 'commander';
import { Pool } from 'pg';
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';
import type { Client } from '@temporalio/client';
import { quantile } from './bench/quantile';
import { machineLine, postgresVersion, temporalCliVersion } from './bench/machine';
import {
  fileEngine,
  langGraphEngine,
  temporalEngine,
  type Engine,
  type EngineName,
  type TemporalBreakdown,
  type TemporalSettings,
} from './bench/engines';
import { initialHandoff, takeAgentTime } from './bench/stub';
import { benchChain } from './bench/workflows';

const ROOT = path.resolve(__dirname, '..', '..');
const DATA = path.join(ROOT, '.data', 'bench');
const BUNDLE = path.join(ROOT, 'dist', 'bench-workflow-bundle.js');
const PORT = Number(process.env.BENCH_TEMPORAL_PORT ?? 7322);
const ADDRESS = `127.0.0.1:${PORT}`;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/baton_bench';
const DOC = path.join(ROOT, 'docs', 'performance.md');
const MARK_START = '<!-- bench:orchestration:start -->';
const MARK_END = '<!-- bench:orchestration:end -->';
const ENGINES: EngineName[] = ['temporal', 'langgraph', 'file'];
const LABEL: Record<EngineName, string> = {
  temporal: '(a) Temporal activities',
  langgraph: '(b) LangGraph + PostgresSaver',
  file: '(c) state file + fsync',
};

/** Baton's dev server (scripts/temporal-server.sh LATENCY_DYNAMIC_CONFIG): the knobs below that help, together. */
const BATON_DYNAMIC_CONFIG = [
  'history.transferProcessorMaxPollRPS=1000',
  'history.timerProcessorMaxPollRPS=1000',
  'system.enableActivityEagerExecution=true',
];

/** A dev server of the knob comparison: each runs at the same time as the others, on its own port. */
interface ServerConfig {
  port: number;
  dynamicConfig: string[];
  /** --sqlite-pragma values for the history database file. */
  sqlitePragmas: string[];
}
/** Baton's history database pragmas (scripts/temporal-server.sh LATENCY_SQLITE_PRAGMAS). */
const BATON_SQLITE_PRAGMAS = ['journal_mode=wal', 'synchronous=normal'];
const SERVERS: Record<string, ServerConfig> = {
  baton: { port: PORT, dynamicConfig: BATON_DYNAMIC_CONFIG, sqlitePragmas: BATON_SQLITE_PRAGMAS },
  defaults: { port: PORT + 1, dynamicConfig: [], sqlitePragmas: [] },
  transfer: { port: PORT + 2, dynamicConfig: BATON_DYNAMIC_CONFIG.slice(0, 1), sqlitePragmas: [] },
  timer: { port: PORT + 3, dynamicConfig: BATON_DYNAMIC_CONFIG.slice(0, 2), sqlitePragmas: [] },
  eagerActivity: { port: PORT + 4, dynamicConfig: BATON_DYNAMIC_CONFIG, sqlitePragmas: [] },
  eagerStart: {
    port: PORT + 5,
    dynamicConfig: [...BATON_DYNAMIC_CONFIG, 'system.enableEagerWorkflowStart=true'],
    sqlitePragmas: BATON_SQLITE_PRAGMAS,
  },
  partitions: {
    port: PORT + 6,
    dynamicConfig: [...BATON_DYNAMIC_CONFIG, 'matching.numTaskqueueReadPartitions=1', 'matching.numTaskqueueWritePartitions=1'],
    sqlitePragmas: BATON_SQLITE_PRAGMAS,
  },
};

/** A configuration of engine (a): a server, and the client's and worker's options. */
interface Knobs {
  name: string;
  server: keyof typeof SERVERS;
  eagerStart: boolean;
  worker?: TemporalSettings['worker'];
}
const KNOBS: Knobs[] = [
  { name: 'CLI defaults', server: 'defaults', eagerStart: false },
  { name: '+ history.transferProcessorMaxPollRPS=1000', server: 'transfer', eagerStart: false },
  { name: '+ history.timerProcessorMaxPollRPS=1000', server: 'timer', eagerStart: false },
  { name: '+ system.enableActivityEagerExecution=true', server: 'eagerActivity', eagerStart: false },
  { name: "+ history database in WAL mode, synchronous=normal (= Baton's dev server)", server: 'baton', eagerStart: false },
  {
    name: 'Baton + eager workflow start (system.enableEagerWorkflowStart, client requestEagerStart)',
    server: 'eagerStart',
    eagerStart: true,
  },
  { name: 'Baton + matching.numTaskqueueReadPartitions=1, WritePartitions=1', server: 'partitions', eagerStart: false },
  {
    name: 'Baton, worker without a workflow cache (maxCachedWorkflows 0: no sticky queue)',
    server: 'baton',
    eagerStart: false,
    worker: { maxCachedWorkflows: 0 },
  },
  {
    name: 'Baton, worker with autoscaling pollers',
    server: 'baton',
    eagerStart: false,
    worker: { workflowTaskPollerBehavior: { type: 'autoscaling' }, activityTaskPollerBehavior: { type: 'autoscaling' } },
  },
];

interface Options {
  quick: boolean;
  runs: number;
  knobs: boolean;
  docs: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();

// ---- the dev server ------------------------------------------------------------------------------------------

function serverEnv(port: number, server: Pick<ServerConfig, 'dynamicConfig' | 'sqlitePragmas'>, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    TEMPORAL_PORT: String(port),
    TEMPORAL_HEADLESS: '1',
    BATON_DATA_DIR: dataDir,
    TEMPORAL_DYNAMIC_CONFIG: server.dynamicConfig.join(' '),
    TEMPORAL_SQLITE_PRAGMAS: server.sqlitePragmas.join(' '),
  };
}

interface RunningServer {
  port: number;
  dataDir: string;
  pid: number;
}

function startServer(name: string, server: ServerConfig): RunningServer {
  const dataDir = path.join(DATA, `temporal-${name}`);
  const env = serverEnv(server.port, server, dataDir);
  execFileSync('bash', [path.join(ROOT, 'scripts', 'temporal-server.sh'), 'stop'], { env, stdio: 'ignore' });
  fs.rmSync(dataDir, { recursive: true, force: true });
  execFileSync('bash', [path.join(ROOT, 'scripts', 'temporal-server.sh'), 'start'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  return { port: server.port, dataDir, pid: Number(fs.readFileSync(path.join(dataDir, 'temporal.pid'), 'utf8')) };
}

function stopServer(server: RunningServer): void {
  execFileSync('bash', [path.join(ROOT, 'scripts', 'temporal-server.sh'), 'stop'], {
    env: serverEnv(server.port, { dynamicConfig: [], sqlitePragmas: [] }, server.dataDir),
    stdio: 'ignore',
  });
}

// ---- measurements --------------------------------------------------------------------------------------------

let runCounter = 0;
const newRunId = (engine: string) => `bench-${engine}-${process.pid}-${Date.now().toString(36)}-${runCounter++}`;

/**
 * One run: its end-to-end milliseconds, and its overhead per hop: (end-to-end − the agents' own time) / N, where the
 * agents' own time is what they took (a 50 ms sleep takes 50–55 ms on a busy machine), measured inside them.
 */
async function timedRun(engine: Engine, agents: number, workMs: number): Promise<{ runId: string; ms: number; perHop: number }> {
  const runId = newRunId(engine.name);
  const started = now();
  await engine.run(runId, agents, workMs);
  const ms = now() - started;
  const work = takeAgentTime(runId) ?? agents * workMs;
  return { runId, ms, perHop: (ms - work) / agents };
}

interface OverheadCell {
  agents: number;
  workMs: number;
  /** Per-hop overhead of each run, ms. */
  perHop: number[];
  endToEnd: number[];
}

async function warmUp(engine: Engine, runs: number): Promise<void> {
  for (let i = 0; i < runs; i++) await timedRun(engine, 5, 0);
}

/** Throughput at `concurrency` runs in flight: each of `concurrency` lanes runs `perLane` pipelines (N = 10, no stub work) one after another. */
async function throughput(engine: Engine, concurrency: number, perLane: number): Promise<number> {
  const started = now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = 0; i < perLane; i++) {
        const runId = newRunId(engine.name);
        await engine.run(runId, 10, 0);
        takeAgentTime(runId);
      }
    }),
  );
  return (concurrency * perLane) / ((now() - started) / 1000);
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU milliseconds (user + system) each process has used, from /proc; a process that is gone counts 0. */
function cpuMsOf(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    } catch {
      used.set(pid, 0);
    }
  }
  return used;
}

/**
 * CPU milliseconds per hop, over 8 lanes of 2 runs (N = 10, no stub work): this process (the Temporal worker, or
 * LangGraph, or the file loop, and the bench) plus the engine's other processes: the Temporal dev server, or the
 * PostgreSQL backends serving the checkpointer (PostgreSQL's background writers are not counted).
 */
async function cpuPerHop(engine: Engine, helpers: () => Promise<number[]>): Promise<{ total: number; own: number; helpers: number }> {
  const before = cpuMsOf(await helpers());
  const self = process.cpuUsage();
  await throughput(engine, 8, 2);
  const own = process.cpuUsage(self);
  const after = cpuMsOf(await helpers());
  let helpersMs = 0;
  for (const [pid, ms] of after) helpersMs += ms - (before.get(pid) ?? 0);
  const hops = 8 * 2 * 10;
  const ownMs = (own.user + own.system) / 1000;
  return { total: (ownMs + helpersMs) / hops, own: ownMs / hops, helpers: helpersMs / hops };
}

interface Recovery {
  /** From the restarted process's spawn to the redone agent's start. */
  resumeMs: number;
  /** From the restart to the end of the run. */
  restartToDoneMs: number;
  redone: number;
  /** Whether the kill landed while the agent was running (its end line missing). */
  midAgent: boolean;
}

interface LogLine {
  at: number;
  pid: number;
  what: string;
  runId: string;
  step: number;
}

function readLog(file: string): LogLine[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [at, pid, what, runId, step] = line.split(' ');
      return { at: Number(at), pid: Number(pid), what: what ?? '', runId: runId ?? '', step: Number(step) };
    });
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 120_000, everyMs = 2): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/**
 * Recovery: the pipeline (N = 10, 50 ms of stub work) runs in a child process (for Temporal: the worker; the
 * workflow is started from here), which is SIGKILLed when agent 5 starts; then a new process is started.
 */
async function recovery(name: EngineName, temporal: (Engine & { client: Client }) | null): Promise<Recovery> {
  const agents = 10;
  const workMs = 50;
  const killAt = 5;
  const runId = newRunId(`recovery-${name}`);
  const log = path.join(DATA, `${runId}.log`);
  const taskQueue = `bench-recovery-${runId}`;
  const env = {
    ...process.env,
    BENCH_EXEC_LOG: log,
    BENCH_TEMPORAL_ADDRESS: ADDRESS,
    BENCH_TASK_QUEUE: taskQueue,
    BENCH_BUNDLE: BUNDLE,
    BENCH_DATABASE_URL: DATABASE_URL,
    BENCH_STATE_DIR: path.join(DATA, 'state-files'),
  };
  const childScript = path.join(__dirname, 'bench', 'child.js');
  const args = (mode: string) => (name === 'temporal' ? ['temporal'] : [name, runId, String(agents), String(workMs), mode]);
  const launch = (mode: string) => spawn(process.execPath, [childScript, ...args(mode)], { env, stdio: ['ignore', 'pipe', 'inherit'] });

  const first = launch('start');
  let result: Promise<unknown> | null = null;
  if (name === 'temporal' && temporal) {
    await new Promise<void>((resolve) => first.stdout?.once('data', () => resolve()));
    const handle = await temporal.client.workflow.start(benchChain, {
      taskQueue,
      workflowId: runId,
      args: [{ runId, agents, workMs, handoff: initialHandoff(runId) }],
    });
    result = handle.result();
  }
  await waitFor(`agent ${killAt} to start`, () => (readLog(log).some((l) => l.what === 'start' && l.step === killAt) ? true : undefined));
  first.kill('SIGKILL');
  await exited(first);
  const beforeKill = readLog(log);
  const midAgent = !beforeKill.some((l) => l.what === 'end' && l.step === killAt);

  const restartedAt = Date.now();
  const second = launch('resume');
  const resumedAt = await waitFor(
    'the restarted process to run an agent',
    () => readLog(log).find((l) => l.pid === second.pid && l.what === 'start')?.at,
    300_000,
    5,
  );
  if (result) {
    await result;
    second.kill('SIGTERM');
    await exited(second);
  } else {
    const code = await exited(second);
    if (code !== 0) throw new Error(`the restarted ${name} pipeline exited with ${code}`);
  }
  const doneAt = Date.now();
  const lines = readLog(log);
  const starts = lines.filter((l) => l.what === 'start').length;
  fs.rmSync(log, { force: true });
  return { resumeMs: resumedAt - restartedAt, restartToDoneMs: doneAt - restartedAt, redone: starts - agents, midAgent };
}

interface EngineResult {
  engine: EngineName;
  cells: OverheadCell[];
  perHopMedian: number;
  perHopP95: number;
  endToEndN10: number;
  endToEndN10Work0: number;
  stateBytes: number;
  throughput: Record<number, number>;
  cpuPerHop: number;
  recovery: Recovery;
}

// ---- the run -------------------------------------------------------------------------------------------------

interface KnobResult {
  name: string;
  perHopMedian: number;
  perHopP95: number;
  endToEnd: number;
  throughput8: number;
  /** Medians from the last run's history. */
  breakdown: TemporalBreakdown;
}

/**
 * Every configuration of engine (a) at once, each with its own server (started here; Baton's stays up for the
 * engine comparison) or worker: after a warm-up, the configurations take turns run by run (N = 10, no stub work),
 * so a busy moment of the machine falls on all of them; then each one's throughput at 8 concurrent runs.
 */
async function measureKnobs(runs: number, servers: Map<string, RunningServer>): Promise<KnobResult[]> {
  for (const name of new Set(KNOBS.map((k) => k.server))) {
    const config = SERVERS[name];
    if (config && !servers.has(name)) servers.set(name, startServer(name, config));
  }
  const engines = await Promise.all(
    KNOBS.map((k, i) =>
      temporalEngine({
        address: `127.0.0.1:${SERVERS[k.server]?.port ?? PORT}`,
        taskQueue: `bench-knobs-${i}`,
        bundlePath: BUNDLE,
        eagerStart: k.eagerStart,
        worker: k.worker,
      }),
    ),
  );
  try {
    for (const engine of engines) await warmUp(engine, 3);
    const perHop: number[][] = KNOBS.map(() => []);
    const endToEnd: number[][] = KNOBS.map(() => []);
    const last: string[] = KNOBS.map(() => '');
    for (let r = 0; r < runs; r++) {
      for (const [i, engine] of engines.entries()) {
        const { runId, ms, perHop: hop } = await timedRun(engine, 10, 0);
        perHop[i]?.push(hop);
        endToEnd[i]?.push(ms);
        last[i] = runId;
      }
    }
    const results: KnobResult[] = [];
    for (const [i, engine] of engines.entries()) {
      const mine = perHop[i] ?? [];
      const breakdown = await engine.breakdown(last[i] ?? '');
      const throughput8 = await throughput(engine, 8, 2);
      const result = {
        name: KNOBS[i]?.name ?? '',
        perHopMedian: quantile(mine, 0.5),
        perHopP95: quantile(mine, 0.95),
        endToEnd: quantile(endToEnd[i] ?? [], 0.5),
        throughput8,
        breakdown,
      };
      console.log(
        `knobs: ${result.name}: ${fmt(result.perHopMedian, 2)} ms/hop median, p95 ${fmt(result.perHopP95, 2)}, activity dispatch ${fmt(breakdown.dispatchMs)} ms, workflow task dispatch ${fmt(breakdown.workflowTaskDispatchMs)} ms, workflow task ${fmt(breakdown.workflowTaskMs)} ms, ${fmt(throughput8)} runs/s at 8`,
      );
      results.push(result);
    }
    return results;
  } finally {
    for (const engine of engines) await engine.close().catch(() => undefined);
    for (const [name, server] of servers) {
      if (name !== 'baton') {
        stopServer(server);
        servers.delete(name);
      }
    }
  }
}

function fmt(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en-US');
  return value.toFixed(digits);
}

/** "absolute (×ratio)" against the best engine (the least for costs, the most for throughput). */
function withRatio(values: number[], higherIsBetter: boolean, unit: string, digits = 1): string[] {
  const finite = values.filter(Number.isFinite);
  const best = higherIsBetter ? Math.max(...finite) : Math.min(...finite);
  return values.map((v) => {
    if (!Number.isFinite(v)) return 'n/a';
    const ratio = higherIsBetter ? best / v : v / best;
    return `${fmt(v, digits)}${unit} (×${best === 0 ? 'n/a' : fmt(ratio, ratio < 10 ? 2 : 1)})`;
  });
}

function markdownTable(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function mainTable(results: EngineResult[]): string {
  const col = (pick: (r: EngineResult) => number, higher: boolean, unit: string, digits = 1) =>
    withRatio(results.map(pick), higher, unit, digits);
  const columns = [
    col((r) => r.perHopMedian, false, ' ms', 2),
    col((r) => r.perHopP95, false, ' ms', 2),
    col((r) => r.endToEndN10, false, ' ms'),
    col((r) => r.stateBytes, false, ' B', 0),
    col((r) => r.throughput[1] ?? NaN, true, '/s'),
    col((r) => r.throughput[8] ?? NaN, true, '/s'),
    col((r) => r.throughput[32] ?? NaN, true, '/s'),
    col((r) => r.cpuPerHop, false, ' ms', 2),
    col((r) => r.recovery.resumeMs, false, ' ms', 0),
  ];
  const rows = results.map((r, i) => [
    LABEL[r.engine],
    ...columns.map((c) => c[i] ?? ''),
    `${r.recovery.redone}${r.recovery.midAgent ? '' : ' (kill after the agent ended)'}`,
  ]);
  return markdownTable(
    [
      'engine',
      'overhead/hop median',
      'overhead/hop p95',
      'end-to-end N=10, 50 ms work',
      'durable state, N=10 run',
      'runs/s at 1',
      'runs/s at 8',
      'runs/s at 32',
      'CPU per hop',
      'resume after SIGKILL',
      'agents redone',
    ],
    rows,
  );
}

function detailTable(results: EngineResult[]): string {
  const header = ['N', 'stub work', ...results.map((r) => `${r.engine} median / p95 ms per hop`)];
  const first = results[0];
  if (!first) return '';
  const rows = first.cells.map((cell, i) => [
    String(cell.agents),
    `${cell.workMs} ms`,
    ...results.map((r) => {
      const c = r.cells[i];
      return c ? `${fmt(quantile(c.perHop, 0.5), 2)} / ${fmt(quantile(c.perHop, 0.95), 2)}` : '';
    }),
  ]);
  return markdownTable(header, rows);
}

function recoveryTable(results: EngineResult[]): string {
  return markdownTable(
    ['engine', 'restart → redone agent starts', 'restart → run done', 'agents redone', 'kill landed mid-agent'],
    results.map((r) => [
      LABEL[r.engine],
      `${fmt(r.recovery.resumeMs, 0)} ms`,
      `${fmt(r.recovery.restartToDoneMs, 0)} ms`,
      String(r.recovery.redone),
      r.recovery.midAgent ? 'yes' : 'no',
    ]),
  );
}

function knobTable(knobs: KnobResult[]): string {
  const base = knobs[0];
  return markdownTable(
    [
      'configuration of engine (a)',
      'overhead/hop median',
      'p95',
      'vs CLI defaults',
      'activity dispatch',
      'activity (started → completed)',
      'completed → next scheduled',
      'workflow task dispatch',
      'workflow task (started → completed)',
      'runs/s at 8',
    ],
    knobs.map((k) => [
      k.name,
      `${fmt(k.perHopMedian, 2)} ms`,
      `${fmt(k.perHopP95, 2)} ms`,
      base ? `×${fmt(k.perHopMedian / base.perHopMedian, 2)}` : '',
      ...[
        k.breakdown.dispatchMs,
        k.breakdown.activityMs,
        k.breakdown.turnMs,
        k.breakdown.workflowTaskDispatchMs,
        k.breakdown.workflowTaskMs,
      ].map((v) => `${fmt(v, 1)} ms`),
      fmt(k.throughput8),
    ]),
  );
}

async function svg(spec: vegaLite.TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

async function overheadChart(results: EngineResult[]): Promise<string> {
  const values = results.flatMap((r) =>
    r.cells.map((c) => ({
      engine: LABEL[r.engine],
      agents: `N=${c.agents}, ${c.workMs} ms work`,
      median: Number(quantile(c.perHop, 0.5).toFixed(3)),
    })),
  );
  return svg({
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: 'Orchestration overhead per agent hop (median, ms)',
    data: { values },
    mark: 'bar',
    encoding: {
      x: { field: 'agents', type: 'nominal', title: null, sort: null, axis: { labelAngle: 0 } },
      xOffset: { field: 'engine' },
      y: { field: 'median', type: 'quantitative', title: 'ms per hop' },
      color: { field: 'engine', type: 'nominal', legend: { orient: 'bottom', title: null, labelLimit: 300 } },
      tooltip: [{ field: 'engine' }, { field: 'agents' }, { field: 'median' }],
    },
    width: 720,
    height: 260,
  });
}

async function knobChart(knobs: KnobResult[]): Promise<string> {
  return svg({
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: 'Engine (a): overhead per hop by configuration (N=10, median ms)',
    data: { values: knobs.map((k) => ({ knob: k.name, median: Number(k.perHopMedian.toFixed(3)) })) },
    mark: 'bar',
    encoding: {
      y: { field: 'knob', type: 'nominal', sort: null, title: null, axis: { labelLimit: 640 } },
      x: { field: 'median', type: 'quantitative', title: 'ms per hop' },
      tooltip: [{ field: 'knob' }, { field: 'median' }],
    },
    width: 360,
  });
}

function machine(): string {
  return machineLine([
    `${os.type()} ${os.release()}`,
    `Node ${process.version}`,
    temporalCliVersion(ROOT),
    `PostgreSQL ${postgresVersion(DATABASE_URL)}`,
  ]);
}

async function main(): Promise<void> {
  const program = new Command()
    .name('bench:orchestration')
    .option('--quick', 'a smoke test: fewer runs and concurrency, no knob ladder, docs untouched', false)
    .option('--runs <n>', 'runs per (engine, N, stub work) cell', (v) => Number(v))
    .option('--no-knobs', 'skip the dev server knob ladder')
    .option('--no-docs', 'do not rewrite docs/performance.md and its charts')
    .option('--json <file>', 'also write the measurements as JSON')
    .option('--knobs-only', "only the dev server's knob ladder (engine a)", false)
    .option('--engines <list>', 'comma-separated engines to run (temporal,langgraph,file)', ENGINES.join(','))
    .parse();
  const raw = program.opts<{
    quick: boolean;
    runs?: number;
    knobs: boolean;
    knobsOnly: boolean;
    docs: boolean;
    engines: string;
    json?: string;
  }>();
  const options: Options = {
    quick: raw.quick,
    runs: raw.runs ?? (raw.quick ? 2 : 10),
    knobs: raw.knobsOnly || (raw.knobs && !raw.quick),
    docs: raw.docs && !raw.quick && !raw.knobsOnly,
  };
  const engines = raw.engines
    .split(',')
    .map((e) => e.trim())
    .filter((e): e is EngineName => (ENGINES as string[]).includes(e));
  const sizes = options.quick ? [10] : [5, 10, 20];
  const works = [0, 50];
  const concurrencies = options.quick ? [1, 8] : [1, 8, 32];
  const perLane = options.quick ? 1 : 3;
  const command = `npm run bench:orchestration${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const machineLine = machine();
  console.log(`${command}\n${machineLine}\n`);

  Runtime.install({ logger: new DefaultLogger('WARN') });
  fs.mkdirSync(DATA, { recursive: true });
  fs.rmSync(path.join(DATA, 'state-files'), { recursive: true, force: true });
  if (engines.includes('temporal')) {
    const { code } = await bundleWorkflowCode({ workflowsPath: require.resolve('./bench/workflows'), logger: new DefaultLogger('WARN') });
    fs.writeFileSync(BUNDLE, code);
  }

  const servers = new Map<string, RunningServer>();
  let knobResults: KnobResult[] = [];
  if (options.knobs && engines.includes('temporal')) knobResults = await measureKnobs(options.runs * 2, servers);

  if (raw.knobsOnly) {
    if (knobResults.length) console.log(`\n${knobTable(knobResults)}\n`);
    if (raw.json) fs.writeFileSync(raw.json, JSON.stringify({ machine: machineLine, knobs: knobResults }, null, 2));
    for (const server of servers.values()) stopServer(server);
    return;
  }

  // The three engines, open together on Baton's dev server configuration.
  const open: Engine[] = [];
  const pgAdmin = new Pool({ connectionString: DATABASE_URL, max: 1 });
  let temporal: Awaited<ReturnType<typeof temporalEngine>> | null = null;
  try {
    if (engines.includes('temporal')) {
      if (!servers.has('baton'))
        servers.set(
          'baton',
          startServer('baton', SERVERS.baton ?? { port: PORT, dynamicConfig: BATON_DYNAMIC_CONFIG, sqlitePragmas: BATON_SQLITE_PRAGMAS }),
        );
      temporal = await temporalEngine({ address: ADDRESS, taskQueue: 'bench', bundlePath: BUNDLE, eagerStart: false });
      open.push(temporal);
    }
    if (engines.includes('langgraph')) open.push(await langGraphEngine(DATABASE_URL));
    if (engines.includes('file')) open.push(fileEngine(path.join(DATA, 'state-files')));
    for (const engine of open) await warmUp(engine, options.quick ? 2 : 5);

    // Overhead: the engines take turns, run by run, so a busy moment of the machine falls on all of them.
    const cells = new Map<EngineName, OverheadCell[]>(open.map((e) => [e.name, []]));
    const stateBytes = new Map<EngineName, number>();
    for (const agents of sizes) {
      for (const workMs of works) {
        const cellOf = new Map(
          open.map((e) => {
            const cell: OverheadCell = { agents, workMs, perHop: [], endToEnd: [] };
            cells.get(e.name)?.push(cell);
            return [e.name, cell];
          }),
        );
        for (let i = 0; i < options.runs; i++) {
          for (const engine of open) {
            const { runId, ms, perHop } = await timedRun(engine, agents, workMs);
            const cell = cellOf.get(engine.name);
            cell?.perHop.push(perHop);
            cell?.endToEnd.push(ms);
            if (agents === 10 && workMs === 50 && !stateBytes.has(engine.name)) stateBytes.set(engine.name, await engine.stateBytes(runId));
          }
        }
        console.log(
          `N=${agents}, ${workMs} ms work: ${open.map((e) => `${e.name} ${fmt(quantile(cellOf.get(e.name)?.perHop ?? [], 0.5), 2)} ms/hop`).join(', ')}`,
        );
      }
    }
    if (!sizes.includes(10)) {
      for (const engine of open) stateBytes.set(engine.name, await engine.stateBytes((await timedRun(engine, 10, 50)).runId));
    }

    const results: EngineResult[] = [];
    for (const engine of open) {
      const mine = cells.get(engine.name) ?? [];
      const all = mine.flatMap((c) => c.perHop);
      const n10 = mine.find((c) => c.agents === 10 && c.workMs === 50);
      const n10w0 = mine.find((c) => c.agents === 10 && c.workMs === 0);
      const tput: Record<number, number> = {};
      for (const c of concurrencies) {
        tput[c] = await throughput(engine, c, perLane);
        console.log(`${engine.name}: ${fmt(tput[c] ?? NaN)} runs/s at ${c} concurrent`);
      }
      const helpers = async (): Promise<number[]> => {
        if (engine.name === 'temporal') return [servers.get('baton')?.pid ?? 0];
        if (engine.name === 'langgraph') {
          const { rows } = await pgAdmin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
            new URL(DATABASE_URL).pathname.slice(1),
          ]);
          return rows.map((r) => r.pid);
        }
        return [];
      };
      const split = await cpuPerHop(engine, helpers);
      const cpu = split.total;
      const others =
        engine.name === 'temporal' ? 'the dev server' : engine.name === 'langgraph' ? 'PostgreSQL backends' : 'other processes';
      console.log(
        `${engine.name}: ${fmt(cpu, 2)} ms of CPU per hop (this process ${fmt(split.own, 2)} ms, ${others} ${fmt(split.helpers, 2)} ms)`,
      );
      const rec = await recovery(engine.name, engine.name === 'temporal' ? temporal : null);
      console.log(
        `${engine.name}: recovery ${rec.resumeMs} ms to resume, ${rec.restartToDoneMs} ms to done, ${rec.redone} redone${rec.midAgent ? '' : ' (the kill landed after the agent ended)'}`,
      );
      results.push({
        engine: engine.name,
        cells: mine,
        perHopMedian: quantile(all, 0.5),
        perHopP95: quantile(all, 0.95),
        endToEndN10: n10 ? quantile(n10.endToEnd, 0.5) : NaN,
        endToEndN10Work0: n10w0 ? quantile(n10w0.endToEnd, 0.5) : NaN,
        stateBytes: stateBytes.get(engine.name) ?? NaN,
        throughput: tput,
        cpuPerHop: cpu,
        recovery: rec,
      });
    }

    const main = mainTable(results);
    const detail = detailTable(results);
    const recoveries = recoveryTable(results);
    const knobs = knobResults.length ? knobTable(knobResults) : '';
    console.log(
      `\n${main}\n\nPer-hop overhead by N and stub work:\n${detail}\n\nRecovery:\n${recoveries}${knobs ? `\n\nThe dev server's knobs:\n${knobs}` : ''}\n`,
    );

    const measured = JSON.stringify({ machine: machineLine, command, engines: results, knobs: knobResults }, null, 2);
    fs.writeFileSync(path.join(DATA, 'last-run.json'), measured);
    if (raw.json) fs.writeFileSync(raw.json, measured);
    if (options.docs) {
      fs.writeFileSync(path.join(ROOT, 'docs', 'performance-orchestration.svg'), await overheadChart(results));
      if (knobResults.length) fs.writeFileSync(path.join(ROOT, 'docs', 'performance-knobs.svg'), await knobChart(knobResults));
      const section = [
        MARK_START,
        `_Generated by \`${command}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC._`,
        '',
        `Machine: ${machineLine}.`,
        '',
        `Runs per cell: ${options.runs} per engine for each N in {${sizes.join(', ')}} and stub work in {${works.join(', ')} ms}, after ${options.quick ? 2 : 5} warm-up runs; engines take turns run by run. Throughput: ${perLane} runs of N = 10 (no stub work) per lane, lanes = concurrency. CPU per hop: this process plus the Temporal dev server or the PostgreSQL backends serving the checkpointer, over 8 lanes of 2 runs. Every figure is followed by its ratio to the best engine (×1.00 = best; for runs/s, how many times fewer).`,
        '',
        main,
        '',
        '![Orchestration overhead per hop](performance-orchestration.svg)',
        '',
        '**Per-hop overhead by N and stub work** (median / p95, ms):',
        '',
        detail,
        '',
        "**Recovery** (N = 10, 50 ms stub work, the pipeline's process SIGKILLed when agent 5 starts, then started again):",
        '',
        recoveries,
        ...(knobs
          ? [
              '',
              "**The dev server's knobs** (engine a, N = 10, no stub work; the first five rows add one setting each, the rest try one change on top of Baton's configuration; every configuration has its own server or worker, all running at once and taking turns run by run; the breakdown is the medians of one run's history):",
              '',
              knobs,
              '',
              '![Knobs](performance-knobs.svg)',
            ]
          : []),
        MARK_END,
      ].join('\n');
      const doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : `# Performance\n\n${MARK_START}\n${MARK_END}\n`;
      const start = doc.indexOf(MARK_START);
      const end = doc.indexOf(MARK_END);
      if (start < 0 || end < start) throw new Error(`${DOC} has no ${MARK_START} … ${MARK_END} section to rewrite`);
      fs.writeFileSync(DOC, doc.slice(0, start) + section + doc.slice(end + MARK_END.length));
      console.log(
        `wrote ${path.relative(ROOT, DOC)}, docs/performance-orchestration.svg${knobResults.length ? ', docs/performance-knobs.svg' : ''}`,
      );
    }
  } finally {
    for (const engine of open) await engine.close().catch(() => undefined);
    await pgAdmin.end();
    for (const server of servers.values()) stopServer(server);
  }
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(err.stack ?? err.message);
    process.exit(1);
  },
);
