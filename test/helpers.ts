/**
 * Shared test plumbing. scripts/test.sh has started a real Temporal dev server
 * (TEMPORAL_ADDRESS) and seeded a real PostgreSQL database (DATABASE_URL).
 */
import { Client, Connection } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Pool } from 'pg';
import { dataConverterFromEnv, decodeHistoryPayloads } from '../src/temporal/codec';
import { loadConfig, runDate, type BatonConfig } from '../src/settings/config';
import { loadCatalog } from '../src/catalog/catalog';
import { loadArtifact } from '../src/storage/artifacts';
import { fullResult } from '../src/storage/run-record';
import { localActivityMarker } from '../src/cli/export';
import { resolveInputs } from '../src/storage/input-refs';
import type { AnalysisRequest, AnalysisResult, ReportOutput, RunResult } from '../src/contracts';
import type { SeedManifest } from '../src/seed/shop';
import { createWorker, type WorkerOptions } from '../src/worker';
import { temporalConnectionOptions } from '../src/temporal/connection';
import { analysisWorkflow } from '../src/workflows';

export function testConfig(overrides: Partial<BatonConfig> = {}): BatonConfig {
  return { ...loadConfig(), ...overrides };
}

export function uniqueTaskQueue(name: string): string {
  return `test-${name}-${randomBytes(3).toString('hex')}`;
}

export async function connectClient(config = testConfig()): Promise<Client> {
  const connection = await Connection.connect(temporalConnectionOptions(config));
  return new Client({ connection, namespace: config.temporalNamespace, dataConverter: dataConverterFromEnv() });
}

/** An in-process worker on its own task queue; stop() shuts it down and waits for it. */
export async function startWorker(
  config: BatonConfig,
  options: Omit<WorkerOptions, 'config'> = {},
): Promise<{ worker: Worker; stop: () => Promise<void> }> {
  const { worker, connection } = await createWorker({ config, ...options });
  const running = worker.run();
  return {
    worker,
    stop: async () => {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}

/** The catalog's time zone for "today"; a catalog that does not load is the run's to report (UTC meanwhile). */
function catalogTimeZone(file: string): string {
  try {
    return loadCatalog(file).timezone;
  } catch {
    return 'UTC';
  }
}

export async function runAnalysis(
  client: Client,
  taskQueue: string,
  question: string,
  extra: Partial<AnalysisRequest> = {},
): Promise<{ workflowId: string; result: AnalysisResult; run: RunResult; elapsedMs: number }> {
  const workflowId = `analysis-test-${randomBytes(4).toString('hex')}`;
  const started = Date.now();
  const small = await client.workflow.execute(analysisWorkflow, {
    workflowId,
    taskQueue,
    // "Today" as the client reads it: in the catalog's time zone.
    args: [
      { question, asOf: runDate(catalogTimeZone(extra.catalogPath ?? testConfig().catalogPath), testConfig().timeZoneOverride), ...extra },
    ],
    staticSummary: question,
  });
  const elapsedMs = Date.now() - started;
  // The workflow returns the answer and references; the plan, steps and stages are in the run record (src/storage/run-record.ts).
  return { workflowId, result: await fullResult(small), run: small, elapsedMs };
}

let pool: Pool | null = null;
/** Independent access to the test database, for expected values computed by hand-written SQL. */
export function db(): Pool {
  if (!pool) {
    pool = new Pool({ connectionString: testConfig().databaseUrl, max: 2 });
    // Some tests terminate backends (faults, hostile): a lost connection is the next query's error, never a crash.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
  }
  return pool;
}

export async function closeDb(): Promise<void> {
  await pool?.end();
  pool = null;
}

export async function manifest(): Promise<SeedManifest> {
  const { rows } = await db().query<{ manifest: SeedManifest }>('SELECT manifest FROM baton.seed_manifest WHERE id = 1');
  if (!rows[0]) throw new Error('the test database is not seeded; run the suite through "npm test"');
  return rows[0].manifest;
}

/** The month before the as-of month, as [start, end) dates. */
export function lastMonthRange(m: SeedManifest): [string, string] {
  const [y, mo] = m.last_month.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(y, mo, 1)).toISOString().slice(0, 10);
  return [`${m.last_month}-01`, end];
}

/** Activity types in the order the workflow scheduled them; local activities (markers in the history) included where they finished. */
export async function scheduledActivities(client: Client, workflowId: string): Promise<string[]> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? []).flatMap((e) =>
    e.activityTaskScheduledEventAttributes
      ? [e.activityTaskScheduledEventAttributes.activityType?.name ?? '']
      : localActivityMarker(e)
        ? [localActivityMarker(e)?.type ?? '']
        : [],
  );
}

/** Every agent call in the history, in order: scheduled activities and local activities (markers), with their summaries. */
export async function agentCalls(client: Client, workflowId: string): Promise<{ type: string; summary: string | null; local: boolean }[]> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const converter = client.options.loadedDataConverter.payloadConverter;
  return (history.events ?? []).flatMap((e): { type: string; summary: string | null; local: boolean }[] => {
    const summary = e.userMetadata?.summary ? converter.fromPayload<string>(e.userMetadata.summary) : null;
    if (e.activityTaskScheduledEventAttributes)
      return [{ type: e.activityTaskScheduledEventAttributes.activityType?.name ?? '', summary, local: false }];
    const local = localActivityMarker(e);
    return local ? [{ type: local.type, summary, local: true }] : [];
  });
}

/**
 * The usual test-file setup: a client and an in-process worker on a task queue of
 * its own, started before the file's tests and stopped after them.
 */
export function withWorker(name: string, options: Omit<WorkerOptions, 'config'> = {}): { config: BatonConfig; readonly client: Client } {
  const config = testConfig({ taskQueue: uniqueTaskQueue(name) });
  let client: Client | null = null;
  let stop: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    client = await connectClient(config);
    stop = (await startWorker(config, options)).stop;
  });
  afterAll(async () => {
    await stop?.();
    await client?.connection.close();
    await closeDb();
  });
  return {
    config,
    get client(): Client {
      if (!client) throw new Error('the worker harness is not started yet');
      return client;
    },
  };
}

/** Runs the `baton` command line as a user would: a child process, without colours. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.resolve(__dirname, '..', 'bin', 'baton'), ...args], {
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A run's history with its payloads decrypted when encryption is on. */
async function decodedHistory(client: Client, workflowId: string): ReturnType<ReturnType<Client['workflow']['getHandle']>['fetchHistory']> {
  return decodeHistoryPayloads(
    await client.workflow.getHandle(workflowId).fetchHistory(),
    client.options.loadedDataConverter.payloadCodecs,
  );
}

/** The inputs the workflow scheduled for one activity type, decoded from the history (and read back when by reference), in order. */
export async function activityInputs<T>(client: Client, workflowId: string, type: string): Promise<T[]> {
  const history = await decodedHistory(client, workflowId);
  const inputs = (history.events ?? [])
    .filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === type)
    .map((e) =>
      client.options.loadedDataConverter.payloadConverter.fromPayload<unknown>(
        e.activityTaskScheduledEventAttributes!.input!.payloads![0]!,
      ),
    );
  // Bulky inputs are in the artifact store, the history holds their reference (src/storage/input-refs.ts).
  return (await resolveInputs(inputs)) as T[];
}

/** The results of one activity type's completed executions, decoded from the history, in order. */
export async function activityResults<T>(client: Client, workflowId: string, type: string): Promise<T[]> {
  const history = await decodedHistory(client, workflowId);
  const events = history.events ?? [];
  const scheduled = new Set(
    events.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === type).map((e) => String(e.eventId)),
  );
  return events
    .filter((e) => e.activityTaskCompletedEventAttributes && scheduled.has(String(e.activityTaskCompletedEventAttributes.scheduledEventId)))
    .map((e) =>
      client.options.loadedDataConverter.payloadConverter.fromPayload<T>(e.activityTaskCompletedEventAttributes!.result!.payloads![0]!),
    );
}

/** The full published report of a run (an artifact; the result carries its reference). */
export async function publishedReport(result: AnalysisResult): Promise<ReportOutput> {
  if (!result.report) throw new Error(`the run has no report (status ${result.status})`);
  return loadArtifact<ReportOutput>(result.report.report_ref);
}
