/**
 * The Baton worker: registers the analysis workflow (from the prebuilt bundle)
 * and every agent activity on one task queue. SIGINT and SIGTERM shut it down
 * gracefully: it stops polling and lets running activities finish.
 */
import { NativeConnection, Worker } from '@temporalio/worker';
import type { WorkerOptions as SdkWorkerOptions } from '@temporalio/worker';
import fs from 'node:fs';
import * as activities from './activities';
import { withFormerNames } from './agents/table';
import { dataConverterFromEnv } from './temporal/codec';
import { loadConfig, WORKFLOW_BUNDLE, type BatonConfig } from './settings/config';
import { ensureSystemSchema } from './storage/db';
import { activityInterceptors } from './temporal/execution-ledger';
import { installMetrics, shutdownTracing, workerTracing } from './temporal/telemetry';
import { describeConnectionSecurity, TemporalConnectionSettingsError, temporalConnectionOptions } from './temporal/connection';
import { sdkWorkerOptions, workerSettingsFromEnv, type WorkerSettings } from './temporal/worker-settings';

export interface WorkerOptions {
  config?: BatonConfig;
  /** Chaos knob: sleep (heartbeating) this long at the start of every activity. */
  activityDelayMs?: number;
  /** Replace some agents, e.g. a scripted model in tests; the rest stay as they are. */
  activityOverrides?: Partial<typeof activities>;
  /** Concurrency, cache and version (`baton worker`'s flags, else the environment: workerSettingsFromEnv). */
  settings?: WorkerSettings;
  /** Another workflow bundle than dist/workflow-bundle.js (the rollout test's version 2). */
  workflowBundle?: SdkWorkerOptions['workflowBundle'];
}

/** One line saying what a started worker runs with: its task queue, concurrency, cache and version. */
export function describeWorker(worker: Worker, address: string): string {
  const o = worker.options;
  const slots = (supplier: (typeof o.tuner)['activityTaskSlotSupplier'], what: string) =>
    supplier.type === 'fixed-size' ? `${supplier.numSlots} ${what}` : `${what}: ${supplier.type}`;
  const deployment = o.workerDeploymentOptions;
  const version = deployment?.useWorkerVersioning
    ? `version ${deployment.version.deploymentName}.${deployment.version.buildId} (runs pinned to it)`
    : 'unversioned';
  return (
    `polling task queue "${o.taskQueue}" on ${address}, namespace ${o.namespace}; ` +
    `${slots(o.tuner.activityTaskSlotSupplier, 'activities')}, ${slots(o.tuner.localActivityTaskSlotSupplier, 'local activities')}, ` +
    `${slots(o.tuner.workflowTaskSlotSupplier, 'workflow tasks')}, ${o.maxCachedWorkflows} cached workflows; ${version}`
  );
}

export async function createWorker(options: WorkerOptions = {}): Promise<{ worker: Worker; connection: NativeConnection }> {
  const config = options.config ?? loadConfig();
  const tracing = workerTracing(); // null unless OTEL_EXPORTER_OTLP_ENDPOINT is set (src/temporal/telemetry.ts)
  const bundle = tracing?.workflowBundle ?? WORKFLOW_BUNDLE;
  if (!options.workflowBundle && !fs.existsSync(bundle)) {
    throw new Error(`workflow bundle ${bundle} is missing; run "npm run build" first`);
  }
  await ensureSystemSchema(config.databaseUrl);
  const connectionOptions = temporalConnectionOptions(config); // a bad TLS setting fails here, and is not retried
  let connection: NativeConnection;
  try {
    connection = await NativeConnection.connect(connectionOptions);
  } catch (err) {
    throw new Error(`cannot reach Temporal at ${config.temporalAddress}: ${(err as Error).message}`, { cause: err });
  }
  const ledger = activityInterceptors(config.databaseUrl, options.activityDelayMs ?? 0);
  const worker = await Worker.create({
    ...sdkWorkerOptions(options.settings ?? {}),
    connection,
    namespace: config.temporalNamespace,
    taskQueue: options.settings?.taskQueue ?? config.taskQueue,
    workflowBundle: options.workflowBundle ?? { codePath: bundle },
    dataConverter: dataConverterFromEnv(),
    activities: withFormerNames({ ...activities, ...options.activityOverrides }),
    interceptors: { activity: tracing?.activityInterceptors(ledger) ?? [ledger] },
    sinks: tracing?.sinks,
    shutdownGraceTime: '10 seconds',
    // Heartbeats (every second, src/temporal/execution-ledger.ts) go out unthrottled, so a cancel reaches an activity within about a second.
    maxHeartbeatThrottleInterval: '500 ms',
  });
  return { worker, connection };
}

/** How long a worker keeps trying to reach its Temporal server before it gives up: BATON_WORKER_RECONNECT_LIMIT_S, 300 s by default. */
export function reconnectLimitMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.BATON_WORKER_RECONNECT_LIMIT_S ?? 300);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 300_000;
}

/**
 * Runs a worker in the foreground until SIGINT or SIGTERM (`activityOverrides`: the chaos run's planted faults).
 *
 * A Temporal server that goes away (a restart, a network cut) is ridden out in the same process: the SDK's
 * Worker.run() rejects when polling fails for good, so the worker and its connection are made again, with a
 * backoff from 1 s to 10 s, for as long as the server stays away up to reconnectLimitMs(); past that the
 * process exits with code 1. A signal ends it at any point. Activities running when a worker is remade are
 * retried by the server (their heartbeats stop), never counted against the agent (src/temporal/failures.ts).
 * `settings`: concurrency, cache, task queue and version (`baton worker`'s flags over the environment).
 */
export async function runWorker(
  activityOverrides?: WorkerOptions['activityOverrides'],
  settings: WorkerSettings = workerSettingsFromEnv(),
): Promise<void> {
  const metrics = installMetrics(); // before the first connection: Prometheus on BATON_METRICS_ADDRESS, when set (src/temporal/telemetry.ts)
  if (metrics !== null) console.log(`baton worker ${process.pid}: Prometheus metrics on http://${metrics}/metrics`);
  const config = loadConfig();
  const activityDelayMs = Number(process.env.BATON_ACTIVITY_DELAY_MS ?? 0);
  const limitMs = reconnectLimitMs();
  let stopping = false;
  const onSignal = () => {
    stopping = true;
  };
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  const pause = async (ms: number) => {
    for (const until = Date.now() + ms; !stopping && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 200));
  };
  let awaySince: number | null = null;
  let delayMs = 1000;
  const away = async (what: string, err: unknown): Promise<void> => {
    if (err instanceof TemporalConnectionSettingsError) throw err; // waiting would not fix a setting
    awaySince ??= Date.now();
    const awayMs = Date.now() - awaySince;
    if (awayMs > limitMs) {
      throw new Error(
        `${what}; Temporal at ${config.temporalAddress} has been away for ${Math.round(awayMs / 1000)} s, over the ${limitMs / 1000} s limit (BATON_WORKER_RECONNECT_LIMIT_S): ${(err as Error).message}`,
        { cause: err },
      );
    }
    console.log(`baton worker ${process.pid}: ${what} (${(err as Error).message}); trying again in ${delayMs / 1000} s`);
    await pause(delayMs);
    delayMs = Math.min(10_000, delayMs * 2);
  };
  try {
    while (!stopping) {
      let made: Awaited<ReturnType<typeof createWorker>>;
      try {
        made = await createWorker({ config, activityDelayMs, activityOverrides, settings });
      } catch (err) {
        await away('cannot start the worker', err);
        continue;
      }
      const { worker, connection } = made;
      if (stopping) {
        // A signal came while the worker was being made: it never polls.
        await connection.close().catch(() => undefined);
        break;
      }
      awaySince = null;
      delayMs = 1000;
      console.log(
        `baton worker ${process.pid} ${describeWorker(worker, `${config.temporalAddress} (${describeConnectionSecurity(temporalConnectionOptions(config))})`)}` +
          (activityDelayMs > 0 ? ` (chaos: ${activityDelayMs} ms delay per activity)` : ''),
      );
      try {
        // The SDK's runtime turns SIGINT/SIGTERM into worker.shutdown(); run() resolves once drained.
        await worker.run();
        stopping = true;
      } catch (err) {
        if (stopping) break;
        await away('the worker stopped polling', err);
      } finally {
        await connection.close().catch(() => undefined);
      }
    }
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    await shutdownTracing();
  }
  console.log(`baton worker ${process.pid} stopped`);
}

if (require.main === module) {
  runWorker().catch((err: Error) => {
    console.error(`baton worker: ${err.message}`);
    process.exit(1);
  });
}
