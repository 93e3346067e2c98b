/**
 * npm run eval: the accuracy suite against the local Temporal server and worker
 * ("baton up") and the seeded demo database. Prints the table, the pass count and
 * the median run time; exits non-zero when any question fails.
 */
import { Client, Connection } from '@temporalio/client';
import { Pool } from 'pg';
import { loadConfig, todayIn } from '../src/config';
import { readManifest } from '../src/seed/load';
import { closePools } from '../src/db';
import { formatRow, HEADER, median, runEval } from '../eval/run';

async function run(): Promise<void> {
  const config = loadConfig();
  const manifest = await readManifest(config.databaseUrl);
  if (!manifest) throw new Error(`no demo data in ${config.databaseUrl}; run "baton seed" first`);
  const connection = await Connection.connect({ address: config.temporalAddress });
  const client = new Client({ connection, namespace: config.temporalNamespace });
  const db = new Pool({ connectionString: config.databaseUrl, max: 2 });
  try {
    console.log(HEADER);
    const rows = await runEval(client, config.taskQueue, db, todayIn(config.timeZone), manifest.last_month, (row) => console.log(formatRow(row)));
    const passed = rows.filter((r) => r.pass).length;
    const zh = rows.filter((r) => r.language === 'zh').length;
    console.log(`\n${passed}/${rows.length} passed (${zh} Chinese, ${rows.length - zh} English); median run time ${median(rows.map((r) => r.ms))} ms`);
    if (passed !== rows.length) process.exitCode = 1;
  } finally {
    await db.end();
    await connection.close();
    await closePools();
  }
}

run().catch((err: Error) => {
  console.error(`eval: ${err.message}`);
  process.exit(1);
});
