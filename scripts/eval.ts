/**
 * npm run eval: the accuracy suite against the local Temporal server and worker
 * ("baton up") and the seeded demo database. Prints the table, the pass count and
 * the median time per question; exits non-zero when any question fails.
 *
 * npm run eval:chinook (this script with --db chinook): the Chinook suite
 * (eval/chinook-cases.ts) against the database scripts/load-chinook.sh loaded, with
 * catalogs/chinook.yaml and "today" pinned to 2026-11-30. Prints the table, the
 * score, every miss with its status and reason, and the median time per question;
 * exits non-zero below 95 % or when a miss neither asks for clarification nor says it
 * cannot answer (a wrong answer labelled completed or degraded).
 *
 * npm run eval:paraphrases (--db paraphrases): the Chinook questions in the blind writer's other phrasings
 * (eval/paraphrase-cases.ts), scored the same way against a floor of 90 %.
 */
import { Client, Connection } from '@temporalio/client';
import path from 'node:path';
import { Pool } from 'pg';
import { loadConfig, todayIn, type BatonConfig } from '../src/settings/config';
import { readManifest } from '../src/seed/load';
import { closePools } from '../src/storage/db';
import { temporalConnectionOptions } from '../src/temporal/connection';
import { evalContext } from '../eval/cases';
import { CHINOOK_AS_OF, CHINOOK_CASES, CHINOOK_LAST_MONTH, CHINOOK_PASS_SHARE, chinookDatabaseUrl } from '../eval/chinook-cases';
import { PARAPHRASE_PASS_SHARE, paraphraseCases } from '../eval/paraphrase-cases';
import { formatMiss, formatRow, formatScore, HEADER, runEval, runSuite, type EvalRow } from '../eval/run';

async function demo(config: BatonConfig, client: Client): Promise<EvalRow[]> {
  const manifest = await readManifest(config.databaseUrl);
  if (!manifest) throw new Error(`no demo data in ${config.databaseUrl}; run "baton seed" first`);
  const db = new Pool({ connectionString: config.databaseUrl, max: 2 });
  try {
    console.log(HEADER);
    const rows = await runEval(client, config.taskQueue, db, todayIn(config.timeZone), manifest.last_month, (row) =>
      console.log(formatRow(row)),
    );
    if (rows.some((r) => !r.pass)) process.exitCode = 1;
    return rows;
  } finally {
    await db.end();
  }
}

async function chinook(config: BatonConfig, client: Client, paraphrases = false): Promise<EvalRow[]> {
  const databaseUrl = chinookDatabaseUrl(config.databaseUrl);
  const db = new Pool({ connectionString: databaseUrl, max: 2 });
  try {
    console.log(HEADER);
    const rows = await runSuite(
      client,
      config.taskQueue,
      {
        cases: paraphrases ? paraphraseCases() : CHINOOK_CASES,
        ctx: evalContext(db, CHINOOK_LAST_MONTH),
        request: { asOf: CHINOOK_AS_OF, catalogPath: path.resolve(__dirname, '..', '..', 'catalogs', 'chinook.yaml'), databaseUrl },
      },
      (row) => console.log(formatRow(row)),
    );
    const misses = rows.filter((r) => !r.pass);
    if (misses.length > 0) console.log(`\nmisses:\n${misses.map(formatMiss).join('\n')}`);
    const passed = rows.length - misses.length;
    if (
      passed < (paraphrases ? PARAPHRASE_PASS_SHARE : CHINOOK_PASS_SHARE) * rows.length ||
      misses.some((r) => r.status !== 'needs_clarification' && r.status !== 'cannot_answer')
    )
      process.exitCode = 1;
    return rows;
  } finally {
    await db.end();
  }
}

async function run(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--db');
  const suite = at >= 0 ? args[at + 1] : 'demo';
  if (suite !== 'demo' && suite !== 'chinook' && suite !== 'paraphrases')
    throw new Error(`unknown suite "${suite}"; use --db demo, chinook or paraphrases`);
  const config = loadConfig();
  const connection = await Connection.connect(temporalConnectionOptions(config));
  const client = new Client({ connection, namespace: config.temporalNamespace });
  try {
    const rows = suite === 'demo' ? await demo(config, client) : await chinook(config, client, suite === 'paraphrases');
    console.log(`\n${formatScore(rows)}`);
  } finally {
    await connection.close();
    await closePools();
  }
}

run().catch((err: Error) => {
  console.error(`eval: ${err.message}`);
  process.exit(1);
});
