/**
 * npm run compare:answers -- BASE [HEAD]: asks the demo and Chinook suites' questions of two commits' workers and
 * compares what each answered (status, answer text, reading, key metrics with their verification, intent, the number of agent runs, the report's title). Used to show that a
 * restructuring changes no answer. scripts/compare-answers.sh builds both commits and starts their workers; this
 * script is the asking and comparing half. Each question runs on both workers at once, with the same request.
 *
 *   node dist/scripts/compare-answers.js BASE_QUEUE HEAD_QUEUE [OUT.json]
 */
import { Client, Connection } from '@temporalio/client';
import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { CASES, evalContext } from '../eval/cases';
import { CHINOOK_AS_OF, CHINOOK_CASES, CHINOOK_LAST_MONTH, chinookDatabaseUrl } from '../eval/chinook-cases';
import { loadConfig, todayIn } from '../src/settings/config';
import { readManifest } from '../src/seed/load';
import { temporalConnectionOptions } from '../src/temporal/connection';

interface Asked {
  suite: string;
  question: string;
  request: Record<string, unknown>;
}

/** The parts of a run's result a user sees; ids, timings and references are left out. */
function visible(result: unknown): unknown {
  const r = (result ?? {}) as Record<string, unknown>;
  const report = (r.report ?? null) as Record<string, unknown> | null;
  return {
    status: r.status,
    answer: r.answer,
    reading: r.reading ?? null,
    metrics: r.metrics ?? null,
    intent: r.intent ?? null,
    activitiesExecuted: r.activitiesExecuted ?? null,
    reportTitle: report?.title ?? null,
  };
}

async function questions(): Promise<Asked[]> {
  const config = loadConfig();
  const manifest = await readManifest(config.databaseUrl);
  if (!manifest) throw new Error(`no demo data in ${config.databaseUrl}; run "baton seed" first`);
  const demoDb = new Pool({ connectionString: config.databaseUrl, max: 1 });
  const chinookUrl = chinookDatabaseUrl(config.databaseUrl);
  const chinookDb = new Pool({ connectionString: chinookUrl, max: 1 });
  try {
    const demoCtx = evalContext(demoDb, manifest.last_month);
    const chinookCtx = evalContext(chinookDb, CHINOOK_LAST_MONTH);
    const asOf = todayIn(config.timeZone);
    const catalogPath = path.resolve(__dirname, '..', '..', 'catalogs', 'chinook.yaml');
    return [
      ...CASES.map((c) => ({
        suite: 'demo',
        question: typeof c.question === 'function' ? c.question(demoCtx) : c.question,
        request: { asOf },
      })),
      ...CHINOOK_CASES.map((c) => ({
        suite: 'chinook',
        question: typeof c.question === 'function' ? c.question(chinookCtx) : c.question,
        request: { asOf: CHINOOK_AS_OF, catalogPath, databaseUrl: chinookUrl },
      })),
    ];
  } finally {
    await demoDb.end();
    await chinookDb.end();
  }
}

async function main(): Promise<void> {
  const [baseQueue, headQueue, out] = process.argv.slice(2);
  if (!baseQueue || !headQueue) throw new Error('usage: compare-answers BASE_QUEUE HEAD_QUEUE [OUT.json]');
  const config = loadConfig();
  const connection = await Connection.connect(temporalConnectionOptions(config));
  const client = new Client({ connection, namespace: config.temporalNamespace });
  const asked = await questions();
  const sides: { base: unknown[]; head: unknown[] } = { base: [], head: [] };
  let differ = 0;
  try {
    for (const [i, q] of asked.entries()) {
      const run = async (queue: string) => {
        try {
          return visible(
            await client.workflow.execute('analysisWorkflow', {
              workflowId: `compare-${queue}-${i}-${Date.now()}`,
              taskQueue: queue,
              args: [{ question: q.question, ...q.request }],
            }),
          );
        } catch (err) {
          return { error: (err as Error).message };
        }
      };
      const [base, head] = await Promise.all([run(baseQueue), run(headQueue)]);
      sides.base.push({ ...q, ...(base as object) });
      sides.head.push({ ...q, ...(head as object) });
      const same = JSON.stringify(base) === JSON.stringify(head);
      if (!same) differ += 1;
      console.log(`${same ? 'same' : 'DIFF'}  ${q.suite.padEnd(7)} ${q.question}`);
      if (!same) console.log(`  base: ${JSON.stringify(base)}\n  head: ${JSON.stringify(head)}`);
    }
  } finally {
    await connection.close();
  }
  if (out) fs.writeFileSync(out, JSON.stringify(sides, null, 2));
  console.log(`\n${asked.length - differ} of ${asked.length} questions answered the same`);
  if (differ > 0) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(`compare-answers: ${err.message}`);
  process.exit(1);
});
