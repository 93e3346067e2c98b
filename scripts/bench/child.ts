/**
 * A pipeline in a process of its own, for the recovery measurement (scripts/bench-orchestration.ts SIGKILLs it
 * mid-agent and starts it again):
 *   node dist/scripts/bench/child.js temporal   (a worker on BENCH_TASK_QUEUE; the bench starts the workflow)
 *   node dist/scripts/bench/child.js langgraph RUN_ID AGENTS WORK_MS start|resume
 *   node dist/scripts/bench/child.js file RUN_ID AGENTS WORK_MS
 * Settings from the environment: BENCH_TEMPORAL_ADDRESS, BENCH_TASK_QUEUE, BENCH_BUNDLE, BENCH_DATABASE_URL,
 * BENCH_STATE_DIR, BENCH_EXEC_LOG.
 */
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { fileEngine, langGraphEngine, temporalWorker } from './engines';

async function main(): Promise<void> {
  const [engine, runId = '', agents = '0', workMs = '0', mode = 'start'] = process.argv.slice(2);
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  if (engine === 'temporal') {
    Runtime.install({ logger: new DefaultLogger('WARN') });
    const connection = await NativeConnection.connect({ address: env('BENCH_TEMPORAL_ADDRESS') });
    const worker = await temporalWorker(connection, {
      address: env('BENCH_TEMPORAL_ADDRESS'),
      taskQueue: env('BENCH_TASK_QUEUE'),
      bundlePath: env('BENCH_BUNDLE'),
      eagerStart: false,
    });
    console.log('ready');
    await worker.run();
    await connection.close();
  } else if (engine === 'langgraph') {
    const graph = await langGraphEngine(env('BENCH_DATABASE_URL'));
    if (mode === 'resume') await graph.resume(runId, Number(agents));
    else await graph.run(runId, Number(agents), Number(workMs));
    await graph.close();
  } else if (engine === 'file') {
    await fileEngine(env('BENCH_STATE_DIR')).run(runId, Number(agents), Number(workMs));
  } else {
    throw new Error(`unknown engine ${engine ?? ''}`);
  }
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
