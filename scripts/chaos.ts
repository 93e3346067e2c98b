/**
 * npm run chaos -- --workflows 50 --duration 120 --kill-every 5-15
 *
 * A chaos run against real parts: its own Temporal dev server (port 7239, history
 * in .data/chaos), several worker processes, and the PostgreSQL database of
 * DATABASE_URL (seeded when empty).
 *
 * With --cluster, its own Temporal cluster instead (scripts/temporal-cluster.sh: frontend
 * 7239, internal ports 7282-7286, membership 6963-6969), whose persistence lives on a
 * private PostgreSQL (port 5443, data in .data/chaos-cluster/cluster/postgresql) that the
 * run may restart, and the dev server's graceful restart becomes harsher faults the dev
 * server could not take: a SIGKILL of the whole server mid-run, and a restart of the
 * PostgreSQL that holds its history.
 *
 *   1. Baseline: each scenario (a mix of intents, with the code→test rollback, the
 *      report rewrite and the step-retry paths) runs once with no faults.
 *      Every activity is held open --activity-delay ms (500) first, heartbeating, so
 *      that kills land on activities in flight rather than on idle workers.
 *   2. Chaos: the N analyses are submitted over the first half of the duration while,
 *      for the whole duration, a random worker is SIGKILLed every MIN–MAX seconds and
 *      restarted; once the Temporal dev server is stopped and started again on the
 *      same database file; once every PostgreSQL connection to the database is
 *      terminated.
 *   3. Wait: every run must finish; one still open at the deadline is "stuck".
 *   4. Compare: each run's status, answer and report digest (the report artifact's
 *      content hash) against its scenario's baseline; activity re-executions from
 *      the execution ledger; duplicate artifacts.
 *
 * Prints a summary and exits non-zero unless every run completed with the
 * baseline's result and no artifact was duplicated. --json FILE writes the summary.
 */
import { Client, Connection, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Command, InvalidArgumentError, Option } from 'commander';
import pc from 'picocolors';
import { Pool } from 'pg';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { dataConverterFromEnv } from '../src/temporal/codec';
import { loadConfig, PROJECT_ROOT, todayIn } from '../src/settings/config';
import type { AnalysisRequest, AnalysisResult } from '../src/contracts';
import { closePools } from '../src/storage/db';
import { readManifest, seedDatabase } from '../src/seed/load';
import { analysisWorkflow } from '../src/workflows';
import { sessionChaos } from './chaos-sessions';

const run = promisify(execFile);

/** The questions a chaos run mixes: every intent, and the recovery paths. */
export const SCENARIOS: { name: string; question: string; extra?: Partial<AnalysisRequest> }[] = [
  { name: 'query', question: '上个月各区域的GMV' },
  { name: 'query-en', question: 'What was GMV last month?' },
  { name: 'trend', question: 'GMV trend by category over the last 6 months' },
  { name: 'comparison', question: '对比一下新老客的客单价变化并找出贡献最大的三个品类' },
  { name: 'attribution', question: '为什么华东区上个月复购率下降了？' },
  // These two meet planted faults in the chaos workers' agents (scripts/chaos-worker.ts), chosen by the scenario in the run's id.
  { name: 'code-rollback', question: '为什么华东区上个月复购率下降了？' },
  { name: 'report-rewrite', question: '上个月各区域的GMV' },
  {
    name: 'step-retries',
    question: 'What was the AOV of new customers last month?',
    extra: { maxStepRetries: 1, databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere' },
  },
];

export interface Options {
  workflows: number;
  duration: number;
  killEvery: [number, number];
  workers: number;
  activityDelay: number;
  seed: number;
  seeds: number;
  timeout: number;
  json?: string;
  cluster?: boolean;
  sessions?: boolean;
  conversations?: string;
}

/** What a finished run is compared on. */
interface Outcome {
  status: string;
  answer: string;
  reportDigest: string | null;
}

export interface ChaosSummary {
  seed: number;
  workflows: number;
  durationSeconds: number;
  workers: number;
  activityDelayMs: number;
  /** 'dev': the Temporal dev server; 'cluster': the Temporal cluster on its private PostgreSQL. */
  temporal: 'dev' | 'cluster';
  faults: {
    workerKills: number;
    workerRestarts: number;
    unplannedWorkerExits: number;
    temporalRestarts: number;
    databaseConnectionsTerminated: number;
    /** --cluster: SIGKILLs of the whole Temporal server process (each followed by a start). */
    serverKills: number;
    /** --cluster: restarts of the PostgreSQL holding the cluster's persistence. */
    persistenceRestarts: number;
  };
  completed: number;
  failed: number;
  stuck: number;
  identicalToBaseline: number;
  differences: { workflowId: string; scenario: string; field: string; baseline: string; chaos: string }[];
  /** For every run that differs from its baseline: what the faults did to its activities, and where its history departs. */
  diagnoses: Diagnosis[];
  activityExecutions: number;
  /** Executions beyond one per activity. */
  activityReExecutions: number;
  /** Of those, how many the faults caused: beyond what each run's scenario needed in the baseline (step retries). */
  faultReExecutions: number;
  /** Executions that never finished: the worker running them was killed, or their result was lost. */
  interruptedExecutions: number;
  /** Activities that completed more than once (their writes had to be idempotent). */
  completedTwice: number;
  duplicateArtifacts: number;
  wallSeconds: number;
  /** Seconds from the first submission until the last run finished. */
  chaosSeconds: number;
}

/** A differing run, studied from the summary alone: the faults its activities met, and where its history departs from the baseline's. */
export interface Diagnosis {
  workflowId: string;
  scenario: string;
  /** Every try of its activities that did not simply complete: lost with its worker, or failed (with the class and reason). */
  faultsMet: {
    activity: string;
    activityId: string;
    attempt: number;
    workerPid: number;
    startedAt: string;
    outcome: string;
    failureClass: string | null;
    error: string | null;
  }[];
  /** The first activity (in the order the workflow scheduled them) whose type or end differs from the baseline's, or null. */
  departure: string | null;
}

function range(text: string): [number, number] {
  const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(text);
  const [min, max] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || !(min > 0) || max < min) throw new InvalidArgumentError('expected MIN-MAX seconds, e.g. 5-15');
  return [min, max];
}

function positive(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number above 0');
  return n;
}

function whole(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number, 0 or more');
  return n;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A seeded random source, so a chaos run can be repeated with --seed. */
function randomSource(seed: number): () => number {
  const rng = xoroshiro128plus(seed);
  return () => uniformFloat64(rng);
}

/** Retries a call while Temporal is away (during its restart). */
async function persist<T>(what: () => Promise<T>, deadline: number): Promise<T> {
  for (;;) {
    try {
      return await what();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(500);
    }
  }
}

export class Chaos {
  readonly env: NodeJS.ProcessEnv;
  /** The name the workers' PostgreSQL connections carry (PGAPPNAME): the run's database faults cut those alone. */
  readonly applicationName: string;
  readonly dataDir: string;
  private readonly workers: (ChildProcess | null)[] = [];
  /** Set once the run is winding down: no kill, restart or respawn after it. */
  stopping = false;
  readonly faults = {
    workerKills: 0,
    workerRestarts: 0,
    unplannedWorkerExits: 0,
    temporalRestarts: 0,
    databaseConnectionsTerminated: 0,
    serverKills: 0,
    persistenceRestarts: 0,
  };
  readonly cluster: boolean;

  constructor(options: Options, databaseUrl: string) {
    const port = Number(process.env.BATON_CHAOS_TEMPORAL_PORT ?? 7239);
    this.cluster = options.cluster === true;
    this.dataDir = path.resolve(PROJECT_ROOT, process.env.BATON_CHAOS_DATA_DIR ?? (this.cluster ? '.data/chaos-cluster' : '.data/chaos'));
    const pgPort = Number(process.env.BATON_CHAOS_CLUSTER_PG_PORT ?? 5443);
    const queue = `chaos-${randomBytes(3).toString('hex')}`;
    this.applicationName = `baton-${queue}`;
    this.env = {
      ...process.env,
      BATON_DATA_DIR: this.dataDir,
      TEMPORAL_PORT: String(port),
      TEMPORAL_UI_PORT: String(port + 1000),
      TEMPORAL_ADDRESS: `127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      BATON_TASK_QUEUE: queue,
      // The workers' PostgreSQL connections carry the run's name, so its database faults cut theirs and no one else's
      // (npm test runs other files beside it on the same database).
      PGAPPNAME: this.applicationName,
      // Most agents finish in milliseconds; held open a little (heartbeating), they are in flight when a kill lands.
      BATON_ACTIVITY_DELAY_MS: String(options.activityDelay),
      ...(this.cluster
        ? {
            // The cluster's own ports (docs/reference.md, "The Temporal cluster") and its private PostgreSQL, which this run restarts.
            TEMPORAL_CLUSTER_PORT_BASE: process.env.BATON_CHAOS_CLUSTER_PORT_BASE ?? '7280',
            TEMPORAL_CLUSTER_MEMBERSHIP_PORT_BASE: process.env.BATON_CHAOS_CLUSTER_MEMBERSHIP_PORT_BASE ?? '6960',
            TEMPORAL_CLUSTER_DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/temporal`,
            TEMPORAL_CLUSTER_PG_DIR: path.join(this.dataDir, 'cluster', 'postgresql'),
            TEMPORAL_HEADLESS: '1',
          }
        : {}),
    };
  }

  get address(): string {
    return this.env.TEMPORAL_ADDRESS ?? '';
  }

  /** Starts, stops or (cluster only) SIGKILLs Temporal. */
  async temporal(command: 'start' | 'stop' | 'kill'): Promise<void> {
    await run('bash', [path.join(PROJECT_ROOT, 'scripts', this.cluster ? 'temporal-cluster.sh' : 'temporal-server.sh'), command], {
      env: this.env,
    });
  }

  /** The cluster's private PostgreSQL. */
  async postgres(command: 'start' | 'stop' | 'restart'): Promise<void> {
    await run('bash', [path.join(PROJECT_ROOT, 'scripts', 'temporal-cluster.sh'), 'pg', command], { env: this.env });
  }

  /** Starts worker slot i (again), resolving once it polls. */
  startWorker(i: number): Promise<void> {
    const log = fs.openSync(path.join(this.dataDir, `worker-${i}.log`), 'a');
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'dist', 'scripts', 'chaos-worker.js')], {
      env: this.env,
      stdio: ['ignore', 'pipe', log],
    });
    this.workers[i] = child;
    // Read all of the worker's output (into its log), or a full pipe would stall it.
    child.stdout?.on('data', (d: Buffer) => fs.writeSync(log, d));
    child.on('close', () => fs.closeSync(log));
    child.on('error', (err) => console.log(pc.red(`  worker ${i} could not be started: ${err.message}`)));
    child.on('exit', (code, signal) => {
      if (this.workers[i] !== child) return;
      this.workers[i] = null;
      if (this.stopping || signal === 'SIGKILL') return;
      // A worker that gave up on its own (say, while Temporal was away) is started again too, after a pause.
      this.faults.unplannedWorkerExits++;
      console.log(pc.yellow(`  worker ${i} exited by itself (${code ?? signal}); starting it again in 2 s`));
      void sleep(2000).then(() => (this.stopping ? undefined : this.startWorker(i)));
    });
    return new Promise((resolve) => {
      child.stdout?.on('data', (d: Buffer) => {
        if (d.toString().includes('polling task queue')) resolve();
      });
      child.on('exit', () => resolve());
    });
  }

  /** SIGKILLs worker slot i and starts it again a second later (not awaited, so kills keep their pace). */
  kill(i: number): void {
    const child = this.workers[i];
    if (!child || this.stopping) return;
    child.kill('SIGKILL');
    this.faults.workerKills++;
    void sleep(1000).then(async () => {
      if (this.stopping) return;
      this.faults.workerRestarts++;
      await this.startWorker(i);
    });
  }

  /** SIGTERM to every worker; SIGKILL to any still running 15 s later. */
  async stopWorkers(): Promise<void> {
    this.stopping = true;
    const live = this.workers.filter((w): w is ChildProcess => w !== null && w.exitCode === null && w.signalCode === null);
    await Promise.all(
      live.map(
        (w) =>
          new Promise((resolve) => {
            const force = setTimeout(() => w.kill('SIGKILL'), 15_000);
            w.once('exit', () => {
              clearTimeout(force);
              resolve(undefined);
            });
            w.kill('SIGTERM');
          }),
      ),
    );
  }
}

/** One activity of a run, as its history tells it: its type, how it ended, and its result with run-specific values left out. */
interface ActivityStep {
  type: string;
  ended: string;
  result: string;
}

/** A result made comparable across runs: the run's own id, timings and timestamps left out. */
function comparable(value: unknown, workflowId: string): unknown {
  if (typeof value === 'string') return value.split(workflowId).join('<run>');
  if (Array.isArray(value)) return value.map((v) => comparable(v, workflowId));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !/(^|_)(ms|at)$|elapsed|duration|workflow_id|timestamp/i.test(k))
        .map(([k, v]) => [k, comparable(v, workflowId)]),
    );
  }
  return value;
}

/** The run's activities in the order the workflow scheduled them, each with how it ended. */
async function activityPath(client: Client, workflowId: string): Promise<ActivityStep[]> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const steps = new Map<string, ActivityStep>();
  for (const e of history.events ?? []) {
    const id = String(e.eventId ?? '');
    const scheduled = e.activityTaskScheduledEventAttributes;
    if (scheduled) steps.set(id, { type: scheduled.activityType?.name ?? '', ended: 'open', result: '' });
    const completed = e.activityTaskCompletedEventAttributes;
    const failed = e.activityTaskFailedEventAttributes;
    const timedOut = e.activityTaskTimedOutEventAttributes;
    const ref = String(completed?.scheduledEventId ?? failed?.scheduledEventId ?? timedOut?.scheduledEventId ?? '');
    const step = steps.get(ref);
    if (!step) continue;
    if (completed) {
      const data = completed.result?.payloads?.[0]?.data;
      let result: string;
      try {
        result = data ? JSON.stringify(comparable(JSON.parse(Buffer.from(data).toString('utf8')), workflowId)) : '';
      } catch {
        result = '(encoded)';
      }
      Object.assign(step, { ended: 'completed', result });
    } else if (failed) Object.assign(step, { ended: `failed: ${failed.failure?.cause?.message ?? failed.failure?.message ?? ''}` });
    else if (timedOut) Object.assign(step, { ended: 'timed out' });
  }
  return [...steps.values()];
}

/** The first activity whose type, end or result differs between a run and its baseline. */
async function departure(client: Client, workflowId: string, baselineId: string): Promise<string | null> {
  const [chaos, base] = await Promise.all([activityPath(client, workflowId), activityPath(client, baselineId)]);
  for (let i = 0; i < Math.max(chaos.length, base.length); i++) {
    const c = chaos[i];
    const b = base[i];
    if (!c || !b)
      return `activity #${i + 1}: ${b ? `baseline ran ${b.type}, the run ended before it` : `the run ran ${c?.type ?? '?'}, the baseline had ended`}`;
    if (c.type !== b.type) return `activity #${i + 1}: baseline scheduled ${b.type}, the run ${c.type}`;
    if (c.ended !== b.ended) return `activity #${i + 1} ${c.type}: baseline ${b.ended.slice(0, 120)}; the run ${c.ended.slice(0, 120)}`;
    if (c.result !== b.result) {
      const at = [...c.result].findIndex((ch, k) => ch !== b.result[k]);
      return `activity #${i + 1} ${c.type}: its result differs from character ${at}: baseline …${b.result.slice(Math.max(0, at - 40), at + 80)}… the run …${c.result.slice(Math.max(0, at - 40), at + 80)}…`;
    }
  }
  return null;
}

function outcomeOf(result: Pick<AnalysisResult, 'status' | 'answer'> & { report: { report_ref: string } | null }): Outcome {
  return { status: result.status, answer: result.answer, reportDigest: result.report?.report_ref ?? null };
}

async function chaosRun(options: Options): Promise<ChaosSummary> {
  const started = Date.now();
  const config = loadConfig();
  const asOf = todayIn(config.timeZone);
  const random = randomSource(options.seed);
  const pick = (n: number) => Math.min(n - 1, Math.floor(random() * n));
  const between = ([min, max]: [number, number]) => (min + random() * (max - min)) * 1000;

  if (!(await readManifest(config.databaseUrl).catch(() => null))) {
    console.log(`seeding ${config.databaseUrl}`);
    await seedDatabase(config.databaseUrl, asOf);
  }
  const chaos = new Chaos(options, config.databaseUrl);
  fs.mkdirSync(chaos.dataDir, { recursive: true });
  // A server (and the cluster's PostgreSQL) left by an earlier run is stopped (through its pid file) before its files are cleared.
  await chaos.temporal('stop').catch(() => undefined);
  if (chaos.cluster) await chaos.postgres('stop').catch(() => undefined);
  for (const f of fs.readdirSync(chaos.dataDir)) fs.rmSync(path.join(chaos.dataDir, f), { force: true, recursive: true });
  if (chaos.cluster) await chaos.postgres('start');
  await chaos.temporal('start');
  const cleanUp = async () => {
    await chaos.stopWorkers();
    await chaos.temporal('stop').catch(() => undefined);
    if (chaos.cluster) await chaos.postgres('stop').catch(() => undefined);
  };
  // Ctrl-C or a test's timeout: no worker or server is left behind.
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(pc.yellow(`${signal}: stopping the workers and the dev server`));
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  const temporalName = chaos.cluster ? 'Temporal cluster' : 'Temporal dev server';
  console.log(
    `${temporalName} for the chaos run on ${chaos.address}${chaos.cluster ? ` (persistence ${chaos.env.TEMPORAL_CLUSTER_DATABASE_URL ?? ''})` : ''}; ${options.workers} workers on task queue ${chaos.env.BATON_TASK_QUEUE}`,
  );
  await Promise.all(Array.from({ length: options.workers }, (_, i) => chaos.startWorker(i)));
  const connection = await Connection.connect({ address: chaos.address }).catch(async (err: unknown) => {
    await cleanUp();
    throw err;
  });
  const client = new Client({ connection, dataConverter: dataConverterFromEnv() });
  const db = new Pool({ connectionString: config.databaseUrl, max: 2 });
  // A connection of this process's own lost under it is the next query's error (persist retries), never a crash.
  db.on('error', () => undefined);
  const start = (scenario: (typeof SCENARIOS)[number], id: string) =>
    client.workflow
      .start(analysisWorkflow, {
        workflowId: id,
        taskQueue: chaos.env.BATON_TASK_QUEUE ?? '',
        args: [{ question: scenario.question, asOf, ...scenario.extra }],
        staticSummary: `chaos: ${scenario.name}`,
      })
      // A start retried after Temporal went away mid-call may already have landed.
      .catch((err: unknown) => {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return client.workflow.getHandle<typeof analysisWorkflow>(id);
        throw err;
      });

  try {
    // 1. Baseline, no faults.
    console.log(pc.bold(`baseline: ${SCENARIOS.length} scenarios without faults`));
    const baseline = new Map<string, Outcome & { workflowId: string }>();
    let baselineTimer: NodeJS.Timeout | undefined;
    const baselineLate = new Promise<never>((_, reject) => {
      baselineTimer = setTimeout(
        () => reject(new Error(`the baseline runs did not finish within ${options.timeout} s`)),
        options.timeout * 1000,
      );
    });
    await Promise.race([
      baselineLate,
      Promise.all(
        SCENARIOS.map(async (scenario) => {
          const handle = await start(scenario, `chaos-baseline-${scenario.name}-${randomBytes(3).toString('hex')}`);
          const outcome = outcomeOf(await handle.result());
          baseline.set(scenario.name, { ...outcome, workflowId: handle.workflowId });
          console.log(`  ${scenario.name.padEnd(15)} ${outcome.status}  ${outcome.reportDigest ?? 'no report'}`);
        }),
      ),
    ]).finally(() => clearTimeout(baselineTimer));

    // 2. Chaos: submissions over the first half, faults for the whole duration.
    console.log(
      pc.bold(
        `chaos: ${options.workflows} workflows, ${options.duration} s of faults, a worker killed every ${options.killEvery[0]}-${options.killEvery[1]} s (seed ${options.seed})`,
      ),
    );
    const chaosStarted = Date.now();
    const faultsEnd = chaosStarted + options.duration * 1000;
    const runs: { id: string; scenario: string }[] = [];
    const submitting = (async () => {
      for (let i = 0; i < options.workflows; i++) {
        const scenario = SCENARIOS[i % SCENARIOS.length] as (typeof SCENARIOS)[number];
        const id = `chaos-${String(i).padStart(3, '0')}-${scenario.name}-${randomBytes(3).toString('hex')}`;
        await persist(() => start(scenario, id), faultsEnd + 60_000);
        runs.push({ id, scenario: scenario.name });
        await sleep((options.duration * 500) / options.workflows);
      }
    })();
    const killing = (async () => {
      for (;;) {
        await sleep(between(options.killEvery));
        if (Date.now() >= faultsEnd) return;
        const i = pick(options.workers);
        console.log(`  ${((Date.now() - chaosStarted) / 1000).toFixed(0).padStart(4)} s  SIGKILL worker ${i}`);
        chaos.kill(i);
      }
    })();
    const at = () => `  ${((Date.now() - chaosStarted) / 1000).toFixed(0).padStart(4)} s `;
    const oneOffs = (async () => {
      if (chaos.cluster) {
        // A crash of the whole server mid-run, then a restart of the database under its history.
        await sleep(options.duration * 300);
        if (chaos.stopping) return;
        console.log(`${at()} SIGKILL the Temporal server (frontend, history, matching, worker services)`);
        await chaos.temporal('kill');
        chaos.faults.serverKills++;
        await sleep(1000);
        await chaos.temporal('start');
        chaos.faults.temporalRestarts++;
        console.log(`${at()} Temporal server started again`);
        await sleep(Math.max(0, chaosStarted + options.duration * 450 - Date.now()));
        if (chaos.stopping) return;
        console.log(`${at()} restarting the PostgreSQL that holds the cluster's persistence (pg_ctl restart -m fast)`);
        await chaos.postgres('restart');
        chaos.faults.persistenceRestarts++;
      } else {
        await sleep(options.duration * 400);
        if (chaos.stopping) return;
        console.log(`${at()} restarting the Temporal dev server (same database file)`);
        await chaos.temporal('stop');
        await chaos.temporal('start');
        chaos.faults.temporalRestarts++;
      }
      await sleep(Math.max(0, chaosStarted + options.duration * 600 - Date.now()));
      if (chaos.stopping) return;
      const { rows } = await persist(
        () =>
          db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
            AND application_name = $1) t`,
            [chaos.applicationName],
          ),
        faultsEnd,
      );
      chaos.faults.databaseConnectionsTerminated = rows[0]?.n ?? 0;
      console.log(
        `  ${((Date.now() - chaosStarted) / 1000).toFixed(0).padStart(4)} s  terminated ${chaos.faults.databaseConnectionsTerminated} PostgreSQL connections`,
      );
    })();
    await Promise.all([submitting, killing, oneOffs]);

    // 3. Wait for every run, up to the timeout.
    console.log(pc.bold(`faults over; waiting up to ${options.timeout} s for the runs to finish`));
    const deadline = Date.now() + options.timeout * 1000;
    const finished = new Map<string, { outcome?: Outcome; failure?: string }>();
    let chaosEnded = Date.now();
    while (finished.size < runs.length && Date.now() < deadline) {
      for (const r of runs) {
        if (finished.has(r.id)) continue;
        const description = await persist(() => client.workflow.getHandle(r.id).describe(), deadline).catch(() => null);
        const status = description?.status.name;
        if (status === 'COMPLETED') {
          finished.set(r.id, { outcome: outcomeOf(await client.workflow.getHandle<typeof analysisWorkflow>(r.id).result()) });
          chaosEnded = Date.now();
        } else if (status && status !== 'RUNNING') {
          finished.set(r.id, { failure: status });
          chaosEnded = Date.now();
        }
      }
      if (finished.size < runs.length) await sleep(1000);
    }

    // 4. Compare with the baseline, count re-executions and duplicates.
    const differences: ChaosSummary['differences'] = [];
    let identical = 0;
    for (const r of runs) {
      const outcome = finished.get(r.id)?.outcome;
      const expected = baseline.get(r.scenario);
      if (!outcome || !expected) continue;
      const fields = (['status', 'answer', 'reportDigest'] as const).filter((f) => outcome[f] !== expected[f]);
      for (const field of fields)
        differences.push({
          workflowId: r.id,
          scenario: r.scenario,
          field,
          baseline: String(expected[field]),
          chaos: String(outcome[field]),
        });
      if (fields.length === 0) identical++;
    }
    // Every differing run, diagnosed: the tries of its activities that did not simply complete, and where its history departs.
    const differing = [...new Set(differences.map((d) => d.workflowId))];
    const diagnoses: Diagnosis[] = [];
    for (const id of differing) {
      const scenario = runs.find((r) => r.id === id)?.scenario ?? '';
      const { rows: met } = await db.query<{
        activity_type: string;
        activity_id: string;
        attempt: number;
        worker_pid: number;
        started_at: Date;
        outcome: string | null;
        failure_class: string | null;
        error: string | null;
      }>(
        `SELECT activity_type, activity_id, attempt, worker_pid, started_at, outcome, failure_class, error FROM baton.activity_executions
          WHERE workflow_id = $1 AND (outcome IS DISTINCT FROM 'completed' OR attempt > 1) ORDER BY id`,
        [id],
      );
      diagnoses.push({
        workflowId: id,
        scenario,
        faultsMet: met.map((m) => ({
          activity: m.activity_type,
          activityId: m.activity_id,
          attempt: m.attempt,
          workerPid: m.worker_pid,
          startedAt: m.started_at.toISOString(),
          outcome: m.outcome ?? 'lost (its worker was killed, or its result never reached the server)',
          failureClass: m.failure_class,
          error: m.error,
        })),
        departure: await departure(client, id, baseline.get(scenario)?.workflowId ?? '').catch(
          (err: Error) => `history not read: ${err.message}`,
        ),
      });
    }
    const allIds = [...runs.map((r) => r.id), ...[...baseline.values()].map((b) => b.workflowId)];
    // Re-executions per run: executions beyond one per activity. The faults caused those beyond what the same
    // scenario needed without faults (its baseline run: step retries happen there too).
    const { rows: perRun } = await db.query<{
      workflow_id: string;
      executions: number;
      re_executions: number;
      interrupted: number;
      completed_twice: number;
    }>(
      `SELECT workflow_id, count(*)::int AS executions,
              (count(*) - count(DISTINCT (run_id, activity_id)))::int AS re_executions,
              count(*) FILTER (WHERE finished_at IS NULL)::int AS interrupted,
              (count(*) FILTER (WHERE outcome = 'completed') - count(DISTINCT (run_id, activity_id)) FILTER (WHERE outcome = 'completed'))::int AS completed_twice
         FROM baton.activity_executions WHERE workflow_id = ANY($1) GROUP BY workflow_id`,
      [allIds],
    );
    const ledger = new Map(perRun.map((r) => [r.workflow_id, r]));
    const sum = (field: (r: (typeof perRun)[number]) => number) =>
      runs.reduce((total, r) => {
        const row = ledger.get(r.id);
        return total + (row ? field(row) : 0);
      }, 0);
    // Artifact ids are content hashes, so a second write of the same content is the same row; this counts contents stored twice anyway.
    const duplicates = await db.query<{ n: number }>(
      `SELECT (count(*) - count(DISTINCT (kind, md5(content::text))))::int AS n FROM baton.artifacts WHERE workflow_id = ANY($1)`,
      [allIds],
    );
    const executions = sum((r) => r.executions);
    const reExecutions = sum((r) => r.re_executions);
    const expected = runs.reduce((total, r) => total + (ledger.get(baseline.get(r.scenario)?.workflowId ?? '')?.re_executions ?? 0), 0);
    return {
      seed: options.seed,
      workflows: runs.length,
      durationSeconds: options.duration,
      workers: options.workers,
      activityDelayMs: options.activityDelay,
      temporal: chaos.cluster ? 'cluster' : 'dev',
      faults: chaos.faults,
      completed: [...finished.values()].filter((f) => f.outcome).length,
      failed: [...finished.values()].filter((f) => f.failure).length,
      stuck: runs.length - finished.size,
      identicalToBaseline: identical,
      differences,
      diagnoses,
      activityExecutions: executions,
      activityReExecutions: reExecutions,
      faultReExecutions: reExecutions - expected,
      interruptedExecutions: sum((r) => r.interrupted),
      completedTwice: sum((r) => r.completed_twice),
      duplicateArtifacts: duplicates.rows[0]?.n ?? 0,
      wallSeconds: Math.round((Date.now() - started) / 1000),
      chaosSeconds: Math.round((chaosEnded - chaosStarted) / 1000),
    };
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await connection.close().catch(() => undefined);
    await db.end();
    await closePools();
    await cleanUp();
  }
}

/** A chaos run passes when every run completed with its baseline's result, nothing was stored twice and no worker exited by itself. */
export function passed(s: ChaosSummary): boolean {
  return (
    s.completed === s.workflows &&
    s.identicalToBaseline === s.workflows &&
    s.duplicateArtifacts === 0 &&
    s.faults.unplannedWorkerExits === 0
  );
}

/** One line per seed, for --seeds. */
function seedLine(s: ChaosSummary): string {
  return (
    `seed ${String(s.seed).padEnd(8)} ${passed(s) ? 'PASS' : 'FAIL'}  identical ${s.identicalToBaseline}/${s.workflows}  failed ${s.failed}  stuck ${s.stuck}  ` +
    `duplicates ${s.duplicateArtifacts}  unplanned exits ${s.faults.unplannedWorkerExits}  kills ${s.faults.workerKills}  ` +
    `cut ${s.faults.databaseConnectionsTerminated}  ${s.temporal === 'cluster' ? `server kills ${s.faults.serverKills}  PG restarts ${s.faults.persistenceRestarts}  ` : ''}re-executions ${s.faultReExecutions}  ${s.wallSeconds} s`
  );
}

function printSummary(s: ChaosSummary): boolean {
  const ok = passed(s);
  const pct = (n: number) => `${((100 * n) / Math.max(1, s.workflows)).toFixed(0)} %`;
  console.log(pc.bold('\nchaos summary'));
  console.log(
    `  workflows        ${s.workflows} over ${s.durationSeconds} s of faults, ${s.workers} workers, seed ${s.seed}, activities held ${s.activityDelayMs} ms, ` +
      `${s.temporal === 'cluster' ? 'Temporal cluster on PostgreSQL' : 'Temporal dev server'}`,
  );
  console.log(
    `  faults           ${s.faults.workerKills} worker SIGKILLs (${s.faults.workerRestarts} restarts, ${s.faults.unplannedWorkerExits} unplanned exits), ` +
      (s.temporal === 'cluster'
        ? `${s.faults.serverKills} Temporal server SIGKILL (${s.faults.temporalRestarts} start), ${s.faults.persistenceRestarts} restart of its PostgreSQL, `
        : `${s.faults.temporalRestarts} Temporal restart, `) +
      `${s.faults.databaseConnectionsTerminated} PostgreSQL connections terminated`,
  );
  console.log(`  completed        ${s.completed} (${pct(s.completed)})   failed ${s.failed}   stuck ${s.stuck}`);
  console.log(`  same as baseline ${s.identicalToBaseline} (${pct(s.identicalToBaseline)}): status, answer and report digest`);
  for (const d of s.differences.slice(0, 10))
    console.log(pc.red(`    ${d.workflowId} ${d.field}: baseline ${d.baseline.slice(0, 80)} | chaos ${d.chaos.slice(0, 80)}`));
  for (const d of s.diagnoses) {
    console.log(pc.red(`    ${d.workflowId}: departs at ${d.departure ?? '(no activity differs)'}`));
    for (const f of d.faultsMet)
      console.log(
        pc.red(
          `      ${f.startedAt} ${f.activity} #${f.activityId} attempt ${f.attempt} on worker ${f.workerPid}: ${f.outcome}${f.failureClass ? ` (${f.failureClass}: ${(f.error ?? '').slice(0, 100)})` : ''}`,
        ),
      );
  }
  console.log(
    `  activities       ${s.activityExecutions} executions, ${s.activityReExecutions} re-executions (${s.faultReExecutions} beyond the baseline's; ` +
      `${s.interruptedExecutions} interrupted, ${s.completedTwice} completed twice)`,
  );
  console.log(`  artifacts        ${s.duplicateArtifacts} duplicates`);
  console.log(`  time             ${s.chaosSeconds} s from first submission to last finish; ${s.wallSeconds} s in all`);
  console.log(
    ok
      ? pc.green("  PASS: every run completed with the baseline's result, no duplicate artifacts, no unplanned worker exit")
      : pc.red('  FAIL'),
  );
  return ok;
}

/** --sessions: chaos's own dev server and workers, then the session scenario (scripts/chaos-sessions.ts). */
async function sessionsRun(options: Options): Promise<boolean> {
  const config = loadConfig();
  const chaos = new Chaos({ ...options, cluster: false }, config.databaseUrl);
  fs.mkdirSync(chaos.dataDir, { recursive: true });
  await chaos.temporal('stop').catch(() => undefined);
  for (const f of fs.readdirSync(chaos.dataDir)) fs.rmSync(path.join(chaos.dataDir, f), { force: true, recursive: true });
  await chaos.temporal('start');
  const cleanUp = async () => {
    await chaos.stopWorkers();
    await chaos.temporal('stop').catch(() => undefined);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(pc.yellow(`${signal}: stopping the workers and the dev server`));
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    console.log(
      `Temporal dev server for the session chaos run on ${chaos.address}; ${options.workers} workers on task queue ${chaos.env.BATON_TASK_QUEUE}`,
    );
    await Promise.all(Array.from({ length: options.workers }, (_, i) => chaos.startWorker(i)));
    return await sessionChaos(chaos, options.workers, {
      killEvery: options.killEvery,
      seed: options.seed,
      conversations: options.conversations,
      ...(options.json ? { json: options.json } : {}),
    });
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await cleanUp();
  }
}

async function main(): Promise<void> {
  const program = new Command('chaos')
    .description('kill workers, restart Temporal and cut database connections under load; compare every result with a fault-free baseline')
    .option('--workflows <n>', 'analyses to submit', positive, 50)
    .option('--duration <seconds>', 'how long faults are injected', positive, 120)
    .addOption(new Option('--kill-every <min-max>', 'seconds between worker SIGKILLs').argParser(range).default([5, 15], '5-15'))
    .option('--workers <n>', 'worker processes', positive, 3)
    .option('--activity-delay <ms>', 'every activity stays open this long first (so kills land mid-activity)', whole, 500)
    .addOption(
      new Option('--seed <n>', 'random seed (printed, to repeat a run)')
        .argParser(positive)
        .default(Math.floor(Date.now() % 1_000_000) + 1, 'from the clock'),
    )
    .option('--seeds <n>', 'run this many seeds in turn (--seed, --seed + 1, …), one summary line each and a total', positive, 1)
    .option('--timeout <seconds>', 'how long to wait for the runs after the faults end', positive, 600)
    .option('--json <file>', 'also write the summary as JSON')
    .option(
      '--cluster',
      'against a Temporal cluster on a private PostgreSQL (scripts/temporal-cluster.sh), with a SIGKILL of the whole server and a restart of that PostgreSQL mid-run',
    )
    .option(
      '--sessions',
      'the conversations of eval/conversations through real sessions, with worker kills and a Temporal restart (scripts/chaos-sessions.ts)',
    )
    .option('--conversations <ids>', 'with --sessions: the conversations to run, comma-separated ids', 'all')
    .showHelpAfterError();
  program.parse();
  const options = program.opts<Options>();
  if (options.sessions) {
    if (!(await sessionsRun(options))) process.exitCode = 1;
    return;
  }
  // --seeds N: N chaos runs in turn, with seeds S, S+1, …, S+N-1; one line per seed and a total.
  const summaries: ChaosSummary[] = [];
  for (let i = 0; i < options.seeds; i++) {
    const seed = options.seed + i;
    const summary = await chaosRun({ ...options, seed });
    printSummary(summary);
    summaries.push(summary);
    if (options.seeds > 1) console.log(pc.bold(`\n${summaries.map(seedLine).join('\n')}\n`));
  }
  if (options.seeds > 1) {
    const total = (f: (s: ChaosSummary) => number) => summaries.reduce((sum, s) => sum + f(s), 0);
    console.log(
      pc.bold(
        `total: ${summaries.filter(passed).length}/${summaries.length} seeds passed; identical ${total((s) => s.identicalToBaseline)}/${total((s) => s.workflows)}, ` +
          `duplicates ${total((s) => s.duplicateArtifacts)}, unplanned exits ${total((s) => s.faults.unplannedWorkerExits)}, failed ${total((s) => s.failed)}, stuck ${total((s) => s.stuck)}`,
      ),
    );
  }
  if (options.json) fs.writeFileSync(options.json, JSON.stringify(options.seeds > 1 ? summaries : summaries[0], null, 2));
  if (!summaries.every(passed)) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((err: Error) => {
    console.error(`chaos: ${err.message}`);
    process.exit(1);
  });
}
