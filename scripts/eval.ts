/**
 * The accuracy suites against a Temporal server and the suite's database, through a worker of this process's own
 * (on a task queue of its own, so it runs beside any other worker or server). Prints every case, the score, every
 * miss with its status and reason, the median time per question and the suite's wall time.
 *
 *   --db demo (npm run eval)                  the demo suite (eval/cases.ts) on the seeded demo database; every question passes
 *   --db chinook (npm run eval:chinook)       the Chinook suite (eval/chinook-cases.ts), "today" pinned to 2026-11-30; floor 95 %
 *   --db paraphrases (npm run eval:paraphrases) the Chinook questions in the blind writer's phrasings; floor 90 %
 *   --db as-users-ask (npm run eval:as-users-ask) the demo shop as users ask (eval/as-users-ask-cases.ts); floor 90 %
 *   --db rental (npm run eval:rental)         Rentwise as users ask (eval/as-users-ask/rental.ts), on the car-rental
 *                                             database test/fixtures/rental/, "today" pinned to 2026-12-01; floor 90 %
 *   --db courses (npm run eval:courses)       Learnloop as users ask (eval/as-users-ask/courses.ts), on the online-courses
 *                                             database test/fixtures/courses/, "today" pinned to 2026-12-01; floor 90 %
 *   --model rules | openai | both             which model the worker runs on (default rules); both: the suite twice,
 *                                             the scores side by side (openai reads OPENAI_BASE_URL, OPENAI_API_KEY, BATON_MODEL)
 *   --concurrency N                           questions at once (default 5, or BATON_EVAL_CONCURRENCY)
 *
 * Temporal is TEMPORAL_ADDRESS (or 127.0.0.1:TEMPORAL_PORT); the databases are DATABASE_URL, CHINOOK_DATABASE_URL,
 * RENTAL_DATABASE_URL and COURSES_DATABASE_URL.
 * Exits non-zero when a run falls below its floor, or when a miss of the Chinook, paraphrase or as-users-ask suite
 * neither asks for clarification nor says it cannot answer (a wrong answer labelled completed or degraded).
 */
import { Client, Connection } from '@temporalio/client';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Pool } from 'pg';
import { loadConfig, todayIn, type BatonConfig } from '../src/settings/config';
import { readManifest } from '../src/seed/load';
import { closePools } from '../src/storage/db';
import { temporalConnectionOptions } from '../src/temporal/connection';
import { createWorker } from '../src/worker';
import { AS_USERS_ASK_PASS_SHARE, asUsersAskCases } from '../eval/as-users-ask-cases';
import { CASES, evalContext } from '../eval/cases';
import { RENTAL_AS_USERS_ASK } from '../eval/as-users-ask/rental';
import { RENTAL_AS_OF, RENTAL_LAST_MONTH } from '../eval/rental-cases';
import { COURSES_AS_USERS_ASK } from '../eval/as-users-ask/courses';
import { COURSES_AS_OF, COURSES_LAST_MONTH } from '../eval/courses-cases';
import { fixtureDatabaseUrl } from '../eval/fixture-databases';
import { CHINOOK_AS_OF, CHINOOK_CASES, CHINOOK_LAST_MONTH, CHINOOK_PASS_SHARE, chinookDatabaseUrl } from '../eval/chinook-cases';
import { PARAPHRASE_PASS_SHARE, paraphraseCases } from '../eval/paraphrase-cases';
import {
  claimedMisses,
  evalConcurrency,
  formatByModel,
  formatMiss,
  formatSuite,
  runSuiteByModel,
  type EvalModel,
  type EvalRow,
  type Suite,
} from '../eval/run';

const SUITES = ['demo', 'chinook', 'paraphrases', 'as-users-ask', 'rental', 'courses'] as const;

/** The suites on a database nobody on the project designed (eval/fixture-databases.ts): questions, "today", last month. */
const FIXTURE_SUITES = {
  rental: { questions: RENTAL_AS_USERS_ASK, asOf: RENTAL_AS_OF, lastMonth: RENTAL_LAST_MONTH },
  courses: { questions: COURSES_AS_USERS_ASK, asOf: COURSES_AS_OF, lastMonth: COURSES_LAST_MONTH },
} as const;
type SuiteName = (typeof SUITES)[number];

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** The suite's cases, the context its SQL runs in, its request fields, and its floor (1: every question). */
async function suiteOf(name: SuiteName, config: BatonConfig): Promise<{ suite: Suite; floor: number; strictMisses: boolean; db: Pool }> {
  if (name === 'demo' || name === 'as-users-ask') {
    const manifest = await readManifest(config.databaseUrl);
    if (!manifest) throw new Error(`no demo data in ${config.databaseUrl}; run "baton seed" first`);
    const db = new Pool({ connectionString: config.databaseUrl, max: 4 });
    const suite = {
      cases: name === 'demo' ? CASES : asUsersAskCases(),
      ctx: evalContext(db, manifest.last_month),
      request: { asOf: todayIn(config.timeZone) },
    };
    return name === 'demo'
      ? { suite, floor: 1, strictMisses: false, db }
      : { suite, floor: AS_USERS_ASK_PASS_SHARE, strictMisses: true, db };
  }
  if (name === 'rental' || name === 'courses') {
    const fixture = FIXTURE_SUITES[name];
    const databaseUrl = fixtureDatabaseUrl(name, config.databaseUrl);
    const db = new Pool({ connectionString: databaseUrl, max: 4 });
    const suite = {
      cases: asUsersAskCases(fixture.questions, `${name}.yaml`),
      ctx: evalContext(db, fixture.lastMonth),
      request: { asOf: fixture.asOf, catalogPath: path.resolve(__dirname, '..', '..', 'catalogs', `${name}.yaml`), databaseUrl },
    };
    return { suite, floor: AS_USERS_ASK_PASS_SHARE, strictMisses: true, db };
  }
  const databaseUrl = chinookDatabaseUrl(config.databaseUrl);
  const db = new Pool({ connectionString: databaseUrl, max: 4 });
  const suite = {
    cases: name === 'paraphrases' ? paraphraseCases() : CHINOOK_CASES,
    ctx: evalContext(db, CHINOOK_LAST_MONTH),
    request: { asOf: CHINOOK_AS_OF, catalogPath: path.resolve(__dirname, '..', '..', 'catalogs', 'chinook.yaml'), databaseUrl },
  };
  return { suite, floor: name === 'paraphrases' ? PARAPHRASE_PASS_SHARE : CHINOOK_PASS_SHARE, strictMisses: true, db };
}

function report(name: string, rows: EvalRow[], wallMs: number, floor: number, strictMisses: boolean): boolean {
  console.log(`\n${formatSuite(name, rows, wallMs)}`);
  const misses = rows.filter((r) => !r.pass);
  if (misses.length > 0) console.log(`\nmisses:\n${misses.map(formatMiss).join('\n')}`);
  const passed = rows.length - misses.length;
  return passed >= Math.ceil(floor * rows.length) && !(strictMisses && claimedMisses(rows).length > 0);
}

async function run(): Promise<void> {
  const args = process.argv.slice(2);
  const name = (option(args, '--db') ?? 'demo') as SuiteName;
  if (!SUITES.includes(name)) throw new Error(`unknown suite "${name}"; use --db ${SUITES.join(', ')}`);
  const modelArg = option(args, '--model') ?? 'rules';
  if (!['rules', 'openai', 'both'].includes(modelArg)) throw new Error(`unknown model "${modelArg}"; use --model rules, openai or both`);
  const models: EvalModel[] = modelArg === 'both' ? ['rules', 'openai'] : [modelArg as EvalModel];
  const concurrency = Number(option(args, '--concurrency') ?? evalConcurrency());
  const config = { ...loadConfig(), taskQueue: `eval-${randomBytes(3).toString('hex')}` };
  const { worker, connection: workerConnection } = await createWorker({ config });
  const running = worker.run();
  const connection = await Connection.connect(temporalConnectionOptions(config));
  const client = new Client({ connection, namespace: config.temporalNamespace });
  const { suite, floor, strictMisses, db } = await suiteOf(name, config);
  try {
    console.log(
      `suite ${name}: ${suite.cases.length} questions, ${concurrency} at a time, on ${models.join(' and ')}; Temporal ${config.temporalAddress}`,
    );
    const byModel = await runSuiteByModel(client, config.taskQueue, suite, models, concurrency);
    let ok = true;
    for (const [model, { rows, wallMs }] of byModel) ok = report(`${name} on ${model}`, rows, wallMs, floor, strictMisses) && ok;
    if (byModel.size > 1) console.log(`\n${formatByModel(byModel)}`);
    if (!ok) process.exitCode = 1;
  } finally {
    await db.end();
    await connection.close();
    worker.shutdown();
    await running;
    await workerConnection.close();
    await closePools();
  }
}

run().catch((err: Error) => {
  console.error(`eval: ${err.message}`);
  process.exit(1);
});
