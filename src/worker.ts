/**
 * The Baton worker: registers the analysis workflow (from the prebuilt bundle)
 * and every agent activity on one task queue. SIGINT and SIGTERM shut it down
 * gracefully: it stops polling and lets running activities finish.
 */
import { NativeConnection, Worker } from '@temporalio/worker';
import fs from 'node:fs';
import path from 'node:path';
import * as activities from './activities';
import { dataConverterFromEnv } from './codec';
import { loadConfig, PROJECT_ROOT, type BatonConfig } from './config';
import { ensureSystemSchema } from './db';
import { activityInterceptors } from './execution-ledger';

export const WORKFLOW_BUNDLE = path.join(PROJECT_ROOT, 'dist', 'workflow-bundle.js');

export interface WorkerOptions {
  config?: BatonConfig;
  /** Chaos knob: sleep (heartbeating) this long at the start of every activity. */
  activityDelayMs?: number;
  /** Replace some agents, e.g. a scripted model in tests; the rest stay as they are. */
  activityOverrides?: Partial<typeof activities>;
}

export async function createWorker(options: WorkerOptions = {}): Promise<{ worker: Worker; connection: NativeConnection }> {
  const config = options.config ?? loadConfig();
  if (!fs.existsSync(WORKFLOW_BUNDLE)) {
    throw new Error(`workflow bundle ${WORKFLOW_BUNDLE} is missing; run "npm run build" first`);
  }
  await ensureSystemSchema(config.databaseUrl);
  let connection: NativeConnection;
  try {
    connection = await NativeConnection.connect({ address: config.temporalAddress });
  } catch (err) {
    throw new Error(`cannot reach Temporal at ${config.temporalAddress}: ${(err as Error).message}`, { cause: err });
  }
  const worker = await Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: config.taskQueue,
    workflowBundle: { codePath: WORKFLOW_BUNDLE },
    dataConverter: dataConverterFromEnv(),
    activities: { ...activities, ...options.activityOverrides },
    interceptors: { activity: [activityInterceptors(config.databaseUrl, options.activityDelayMs ?? 0)] },
    shutdownGraceTime: '10 seconds',
    // Heartbeats (every second, src/execution-ledger.ts) go out unthrottled, so a cancel reaches an activity within about a second.
    maxHeartbeatThrottleInterval: '500 ms',
  });
  return { worker, connection };
}

/** Runs a worker in the foreground until SIGINT or SIGTERM (`activityOverrides`: the chaos run's planted faults). */
export async function runWorker(activityOverrides?: WorkerOptions['activityOverrides']): Promise<void> {
  const config = loadConfig();
  const activityDelayMs = Number(process.env.BATON_ACTIVITY_DELAY_MS ?? 0);
  const { worker, connection } = await createWorker({ config, activityDelayMs, activityOverrides });
  console.log(
    `baton worker ${process.pid} polling task queue "${config.taskQueue}" on ${config.temporalAddress}` +
      (activityDelayMs > 0 ? ` (chaos: ${activityDelayMs} ms delay per activity)` : ''),
  );
  // The SDK's runtime turns SIGINT/SIGTERM into worker.shutdown(); run() resolves once drained.
  await worker.run();
  await connection.close();
  console.log(`baton worker ${process.pid} stopped`);
}

if (require.main === module) {
  runWorker().catch((err: Error) => {
    console.error(`baton worker: ${err.message}`);
    process.exit(1);
  });
}
