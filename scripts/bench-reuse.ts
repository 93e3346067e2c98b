/**
 * npm run bench:reuse [-- --rounds R]
 *
 * Issue 26's floor, measured on Chinook: "a re-slicing follow-up answers in at most half the median time of the same
 * question asked fresh". For each of N = 8 pairs (an earlier turn, then a re-slicing turn: another ranking of the same
 * groups, or a grouping asked again) it runs, in turn: the earlier turn (a conversation's turn, `reuse: []`, whose
 * `reusable` it keeps), the re-slicing question asked fresh (a plain run), and the same question as the next turn
 * (given the earlier turn's `reusable` and what it read before planning, as a session's child run gets them). The fresh and re-slicing runs take turns
 * round by round, after one warm-up pair. Every re-slicing answer must equal the fresh one (word for word) and be
 * verified with no mismatch, or the bench fails.
 *
 * Prints both medians (client start to result), their ratio, and where each kind's time went (from the runs' histories:
 * each remote activity's scheduled-to-completed time and the workflow tasks', medians over the runs).
 *
 * `--database rental` asks them of Rentwise (scripts/load-rental.sh), a car-rental company's operational database that
 * a helper who knew nothing of Baton wrote, with tens of thousands of rows per table: a schema not designed around
 * Baton where a query costs what it does on a mid-sized database, unlike Chinook's 412 invoices.
 *
 * `--database shop` asks the same kinds of pairs of the demo shop at DATABASE_URL (seeded by `baton seed`: about 75
 * thousand orders), where a query costs what it does on a real database, not the millisecond of Chinook's 412 invoices.
 *
 * `--sessions` times whole turns of sessions instead, as `baton ask --session` sends them (the `ask` Update, the
 * follow-up reader, the child run): the re-slicing question as the second turn of a session whose first turn is the
 * earlier question, against the same question as the first turn of a new session. The answers must agree below the
 * first line (the reading, which on the follow-up says what was carried over).
 *
 * `--server cluster` measures on the production shape of Baton's Temporal instead of the dev server: the Temporal cluster
 * on PostgreSQL (scripts/temporal-cluster.sh), whose history, matching and persistence each remote activity goes through.
 * The bench prints the persistence store of the server it measured on (the server's GetClusterInfo: sqlite for the dev
 * server, postgres12 for the cluster), whichever answered.
 *
 * Needs PostgreSQL at DATABASE_URL and Chinook at CHINOOK_DATABASE_URL (the npm script loads Chinook). The bench starts
 * the server of `--server` (scripts/temporal-server.sh, or scripts/temporal-cluster.sh) on TEMPORAL_PORT and stops it at
 * the end, unless a server already answers there: that one is used as it is. One in-process worker.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import type { temporal } from '@temporalio/proto';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { Command } from 'commander';
import { CHINOOK_AS_OF, chinookDatabaseUrl } from '../eval/chinook-cases';
import { RENTAL_AS_OF, rentalDatabaseUrl } from '../eval/rental-cases';
import type { AnalysisRequest, AnalysisResult, RunResult } from '../src/contracts';
import { loadConfig, runDate } from '../src/settings/config';
import { loadCatalog } from '../src/catalog/catalog';
import { Pool } from 'pg';
import { dataConverterFromEnv } from '../src/temporal/codec';
import { temporalConnectionOptions } from '../src/temporal/connection';
import { createWorker } from '../src/worker';
import { analysisWorkflow } from '../src/workflows';
import { closePools } from '../src/storage/db';
import * as activities from '../src/activities';
import { Context } from '@temporalio/activity';
import { fullResult } from '../src/storage/run-record';
import { askInSession, startSession } from '../src/sessions/client';
import { closeSessionSignal, sessionWorkflowId } from '../src/contracts/session-messages';

/** The earlier turn, then the re-slicing turn (asked fresh and as the next turn), on Chinook. */
const CHINOOK_PAIRS: [string, string][] = [
  ['Top 3 genres by revenue in 2024', 'Top 5 genres by revenue in 2024'],
  ['Top 5 countries by revenue in 2023', 'Top 3 countries by revenue in 2023'],
  ['Top 5 artists by revenue in 2022', 'Top 10 artists by revenue in 2022'],
  ['Revenue by genre in 2025', 'Top 5 genres by revenue in 2025'],
  ['Top 3 media types by revenue in 2024', 'Revenue by media type in 2024'],
  ['Revenue by country in 2024', 'Revenue by country in 2024'],
  ['Top 5 albums by revenue in 2023', 'Top 10 albums by revenue in 2023'],
  ['Top 3 customers by revenue in 2025', 'Top 5 customers by revenue in 2025'],
];

/**
 * The same kinds of pairs on Rentwise (test/fixtures/rental: a car-rental company's OLTP database written by a helper
 * who knew nothing of Baton, 35 thousand rentals, 66 thousand extras lines, 43 thousand payments; catalogs/rental.yaml).
 */
const RENTAL_PAIRS: [string, string][] = [
  ['Top 3 branches by revenue in 2025', 'Top 5 branches by revenue in 2025'],
  ['Revenue by region in 2024', 'Top 2 regions by revenue in 2024'],
  ['Top 5 vehicle classes by rentals in 2025', 'Top 3 vehicle classes by rentals in 2025'],
  ['Revenue by channel in 2025', 'Revenue by channel in 2025'],
  ['Top 3 countries by bookings in 2024', 'Top 5 countries by bookings in 2024'],
  ['Top 5 cities by revenue in 2023', 'Top 10 cities by revenue in 2023'],
  ['Cancellations by channel in 2025', 'Top 2 channels by cancellations in 2025'],
  ['Top 3 branches by rental days in 2024', 'Top 5 branches by rental days in 2024'],
];

/** The same kinds of pairs on the demo shop (`baton seed`: about 75 thousand orders over 13 months). */
const SHOP_PAIRS: [string, string][] = [
  ['Top 3 regions by GMV last month', 'Top 5 regions by GMV last month'],
  ['Top 5 categories by GMV last quarter', 'Top 3 categories by GMV last quarter'],
  ['GMV by channel last month', 'Top 2 channels by GMV last month'],
  ['Top 3 categories by orders last month', 'Top 5 categories by orders last month'],
  ['Buyers by region last month', 'Buyers by region last month'],
  ['Top 3 regions by items sold last quarter', 'Top 5 regions by items sold last quarter'],
  ['GMV by customer type last month', 'GMV by customer type last month'],
  ['Top 3 channels by orders last quarter', 'Orders by channel last quarter'],
];

/** The databases nobody on the project designed, each with its catalog, where it is, its as-of date and its pairs. */
const DATABASES: Record<string, { catalog: string; url: (server: string) => string; asOf: string; pairs: [string, string][] }> = {
  chinook: { catalog: 'chinook.yaml', url: chinookDatabaseUrl, asOf: CHINOOK_AS_OF, pairs: CHINOOK_PAIRS },
  rental: { catalog: 'rental.yaml', url: (server) => rentalDatabaseUrl(server), asOf: RENTAL_AS_OF, pairs: RENTAL_PAIRS },
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const ms = (t: temporal.api.history.v1.IHistoryEvent) =>
  Number(t.eventTime?.seconds ?? 0) * 1000 + Math.round((t.eventTime?.nanos ?? 0) / 1e6);

/** Where a run's time went: each remote activity's scheduled-to-completed time, and all workflow tasks' together. */
async function breakdown(client: Client, workflowId: string): Promise<Record<string, number>> {
  const { events = [] } = await client.workflow.getHandle(workflowId).fetchHistory();
  const scheduled = new Map<number, { type: string; at: number }>();
  const wftStart = new Map<number, number>();
  const out: Record<string, number> = {};
  const add = (k: string, v: number) => (out[k] = (out[k] ?? 0) + v);
  for (const e of events ?? []) {
    const id = Number(e.eventId);
    if (e.activityTaskScheduledEventAttributes)
      scheduled.set(id, { type: e.activityTaskScheduledEventAttributes.activityType?.name ?? '?', at: ms(e) });
    const done = e.activityTaskCompletedEventAttributes;
    if (done) {
      const s = scheduled.get(Number(done.scheduledEventId));
      if (s) add(s.type, ms(e) - s.at);
    }
    if (e.workflowTaskScheduledEventAttributes) wftStart.set(id, ms(e));
    const wft = e.workflowTaskCompletedEventAttributes;
    if (wft) {
      const at = wftStart.get(Number(wft.scheduledEventId));
      if (at !== undefined) add('workflow tasks (incl. local activities)', ms(e) - at);
    }
  }
  return out;
}

/** What a session's next child run is given by the earlier turn: its reusable results and what it read before it planned. */
function asNextTurn(earlier: RunResult): Partial<AnalysisRequest> {
  return { reuse: earlier.reusable ?? [], ...(earlier.reads ? { earlierReads: earlier.reads } : {}) };
}

async function main(): Promise<void> {
  const opts = new Command()
    .option('--rounds <n>', 'rounds over the pairs', '2')
    .option(
      '--database <name>',
      'chinook, rental (Rentwise, loaded by scripts/load-rental.sh), or shop (the demo shop at DATABASE_URL, seeded by `baton seed`)',
      'chinook',
    )
    .option('--sessions', "whole turns of sessions (the Update, the follow-up reader, the child run) instead of the turns' runs")
    .option(
      '--server <kind>',
      'the Temporal server started when none answers: dev (the dev server on SQLite) or cluster (on PostgreSQL)',
      'dev',
    )
    .parse()
    .opts<{ rounds: string; database: string; sessions?: boolean; server: string }>();
  if (opts.server !== 'dev' && opts.server !== 'cluster') throw new Error(`--server is dev or cluster, not ${opts.server}`);
  const config = { ...loadConfig(), taskQueue: `bench-reuse-${randomBytes(3).toString('hex')}` };
  const shop = opts.database === 'shop';
  const database = DATABASES[opts.database];
  if (!shop && !database) throw new Error(`--database is chinook, rental or shop, not ${opts.database}`);
  const catalogPath = database ? path.resolve(__dirname, '../..', 'catalogs', database.catalog) : config.catalogPath;
  const databaseUrl = database ? database.url(config.databaseUrl) : config.databaseUrl;
  const asOf = database ? database.asOf : runDate(loadCatalog(catalogPath).timezone, process.env.BATON_TODAY);
  const PAIRS = database ? database.pairs : SHOP_PAIRS;
  if (shop)
    await requireLoaded(databaseUrl, {
      name: 'the demo shop',
      table: 'orders',
      rows: 'orders',
      load: 'baton seed',
    });
  if (opts.database === 'rental')
    await requireLoaded(databaseUrl, { name: 'Rentwise', table: 'rental', rows: 'rentals', load: 'bash scripts/load-rental.sh' });
  const server = path.resolve(__dirname, '../..', 'scripts', opts.server === 'cluster' ? 'temporal-cluster.sh' : 'temporal-server.sh');
  const answering = (() => {
    try {
      execFileSync('bash', [server, 'status'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  if (!answering) execFileSync('bash', [server, 'start'], { stdio: 'inherit' });
  const connection = await Connection.connect(temporalConnectionOptions(config));
  const client = new Client({ connection, namespace: config.temporalNamespace, dataConverter: dataConverterFromEnv() });
  const { persistenceStore, serverVersion } = await connection.workflowService.getClusterInfo({});
  if (opts.server === 'cluster' && persistenceStore === 'sqlite') {
    await connection.close();
    throw new Error(
      `--server cluster, but a dev server (SQLite) already answers at ${config.temporalAddress}: stop it ` +
        '(bash scripts/temporal-server.sh stop) or set TEMPORAL_PORT to a free port',
    );
  }
  console.log(
    `Temporal ${serverVersion} at ${config.temporalAddress}, persistence ${persistenceStore}` +
      `${answering ? ' (already answering: used as it is)' : ` (started by the bench: ${path.basename(server)})`}`,
  );
  Runtime.install({ logger: new DefaultLogger('WARN') });
  // Each agent's own time (its function's body, without the worker's bookkeeping), by run: where a run's time goes.
  const bodies = new Map<string, Record<string, number>>();
  const timed = Object.fromEntries(
    Object.entries(activities).map(([name, fn]) => [
      name,
      async (...args: unknown[]) => {
        const started = performance.now();
        try {
          return await (fn as (...a: unknown[]) => Promise<unknown>)(...args);
        } finally {
          const id = Context.current().info.workflowExecution?.workflowId ?? '';
          const own = bodies.get(id) ?? {};
          own[`agent ${name}`] = Math.round((own[`agent ${name}`] ?? 0) + performance.now() - started);
          bodies.set(id, own);
        }
      },
    ]),
  ) as Partial<typeof activities>;
  const { worker, connection: workerConnection } = await createWorker({ config, activityOverrides: timed });
  const running = worker.run();
  const ask = async (question: string, extra: Partial<AnalysisRequest> = {}) => {
    const workflowId = `bench-reuse-${randomBytes(4).toString('hex')}`;
    const started = Date.now();
    const small = await client.workflow.execute(analysisWorkflow, {
      workflowId,
      taskQueue: config.taskQueue,
      args: [{ question, asOf, catalogPath, databaseUrl, ...extra }],
    });
    const elapsed = Date.now() - started;
    const result: AnalysisResult = await fullResult(small);
    return { workflowId, result, small, ms: elapsed };
  };
  /** The worker, the connections and (when the bench started it) the dev server, stopped. */
  const stop = async () => {
    worker.shutdown();
    await running;
    await workerConnection.close();
    await connection.close();
    await closePools();
    if (!answering) execFileSync('bash', [server, 'stop'], { stdio: 'inherit' });
  };
  if (opts.sessions) {
    try {
      await sessionPairs(client, { config, catalogPath, databaseUrl, asOf, pairs: PAIRS, rounds: Number(opts.rounds) });
    } finally {
      await stop();
    }
    return;
  }
  const times = { fresh: [] as number[], reslice: [] as number[] };
  const parts = { fresh: [] as Record<string, number>[], reslice: [] as Record<string, number>[] };
  const reusedQueries: number[] = [];
  try {
    const rounds = Number(opts.rounds);
    for (let round = -1; round < rounds; round++) {
      for (const [earlier, again] of round < 0 ? PAIRS.slice(0, 1) : PAIRS) {
        const first = await ask(earlier, { reuse: [] });
        if (first.result.status !== 'completed') throw new Error(`"${earlier}" ended ${first.result.status}`);
        // Fresh and re-slicing take turns: which goes first alternates by round.
        const order = round % 2 === 0 ? (['fresh', 'reslice'] as const) : (['reslice', 'fresh'] as const);
        const got: Partial<Record<'fresh' | 'reslice', Awaited<ReturnType<typeof ask>>>> = {};
        for (const kind of order) got[kind] = await ask(again, kind === 'fresh' ? {} : asNextTurn(first.small));
        const { fresh, reslice } = got as Record<'fresh' | 'reslice', Awaited<ReturnType<typeof ask>>>;
        const wrong = [
          // Word for word: rows tied on value come in the groups' order both ways (src/catalog/sql.ts).
          reslice.result.answer !== fresh.result.answer ? `answer differs:\n${fresh.result.answer}\n---\n${reslice.result.answer}` : '',
          reslice.result.reused ? '' : 'reused nothing',
          reslice.result.verification?.mismatches.length ? `mismatched: ${reslice.result.verification.mismatches.join(', ')}` : '',
        ].filter(Boolean);
        if (wrong.length > 0) throw new Error(`"${again}" (${reslice.workflowId}): ${wrong.join('; ')}`);
        if (round < 0) continue;
        times.fresh.push(fresh.ms);
        times.reslice.push(reslice.ms);
        parts.fresh.push({ ...(await breakdown(client, fresh.workflowId)), ...bodies.get(fresh.workflowId) });
        parts.reslice.push({ ...(await breakdown(client, reslice.workflowId)), ...bodies.get(reslice.workflowId) });
        reusedQueries.push(reslice.result.verification?.reused_queries ?? 0);
        console.log(`${again.padEnd(40)} fresh ${String(fresh.ms).padStart(5)} ms  re-slicing ${String(reslice.ms).padStart(5)} ms`);
      }
    }
  } finally {
    await stop();
  }
  const f = median(times.fresh);
  const r = median(times.reslice);
  console.log(`\nruns: ${times.fresh.length} pairs over ${PAIRS.length} questions`);
  console.log(`fresh median ${f} ms, re-slicing median ${r} ms, ratio ${(r / f).toFixed(2)} (floor: 0.50)`);
  console.log(`verifier queries read back per re-slicing turn (median): ${median(reusedQueries)}`);
  const keys = [...new Set([...parts.fresh, ...parts.reslice].flatMap((p) => Object.keys(p)))].sort();
  console.log('\nmedian ms per run             fresh  re-slicing');
  for (const k of keys)
    console.log(
      `${k.padEnd(40)} ${String(median(parts.fresh.map((p) => p[k] ?? 0))).padStart(6)} ${String(median(parts.reslice.map((p) => p[k] ?? 0))).padStart(6)}`,
    );
}

/**
 * `--sessions`: per pair, the re-slicing question as the second turn of a session (after the earlier question) and as
 * the first turn of a new one, timed from the client's `ask` to its answer; the sessions are closed at the end.
 */
async function sessionPairs(
  client: Client,
  o: {
    config: ReturnType<typeof loadConfig>;
    catalogPath: string;
    databaseUrl: string;
    asOf: string;
    pairs: [string, string][];
    rounds: number;
  },
): Promise<void> {
  const opened: string[] = [];
  const open = async () => {
    const { sessionId } = await startSession(client, { catalogPath: o.catalogPath, databaseUrl: o.databaseUrl, config: o.config });
    opened.push(sessionId);
    return sessionId;
  };
  const timed = async (sessionId: string, question: string) => {
    const started = Date.now();
    const turn = await askInSession(client, sessionId, question, { asOf: o.asOf, config: o.config });
    return { turn, ms: Date.now() - started, started, sessionId };
  };
  const times = { fresh: [] as number[], reslice: [] as number[] };
  const marks = { fresh: [] as Record<string, number>[], reslice: [] as Record<string, number>[] };
  try {
    for (let round = -1; round < o.rounds; round++) {
      for (const [earlier, again] of round < 0 ? o.pairs.slice(0, 1) : o.pairs) {
        const thread = await open();
        const first = await timed(thread, earlier);
        if (first.turn.status !== 'completed') throw new Error(`"${earlier}" ended ${first.turn.status}`);
        const order = round % 2 === 0 ? (['fresh', 'reslice'] as const) : (['reslice', 'fresh'] as const);
        const got: Partial<Record<'fresh' | 'reslice', Awaited<ReturnType<typeof timed>>>> = {};
        for (const kind of order) got[kind] = await timed(kind === 'fresh' ? await open() : thread, again);
        const { fresh, reslice } = got as Record<'fresh' | 'reslice', Awaited<ReturnType<typeof timed>>>;
        const below = (answer: string) => answer.split('\n').slice(1).join('\n');
        const wrong = [
          fresh.turn.status !== 'completed' || reslice.turn.status !== 'completed'
            ? `ended ${fresh.turn.status} / ${reslice.turn.status}`
            : '',
          below(reslice.turn.answer) !== below(fresh.turn.answer)
            ? `answer differs:\n${fresh.turn.answer}\n---\n${reslice.turn.answer}`
            : '',
          reslice.turn.reused ? '' : 'reused nothing',
        ].filter(Boolean);
        if (wrong.length > 0) throw new Error(`"${again}" (session ${thread}): ${wrong.join('; ')}`);
        if (round < 0) continue;
        times.fresh.push(fresh.ms);
        times.reslice.push(reslice.ms);
        marks.fresh.push(await turnMarks(client, fresh));
        marks.reslice.push(await turnMarks(client, reslice));
        console.log(`${again.padEnd(40)} first turn ${String(fresh.ms).padStart(5)} ms  follow-up ${String(reslice.ms).padStart(5)} ms`);
      }
    }
  } finally {
    await Promise.all(
      opened.map((id) =>
        client.workflow
          .getHandle(sessionWorkflowId(id))
          .signal(closeSessionSignal)
          .catch(() => undefined),
      ),
    );
  }
  const f = median(times.fresh);
  const r = median(times.reslice);
  console.log(`\nsession turns: ${times.fresh.length} pairs over ${o.pairs.length} questions`);
  console.log(`first-turn median ${f} ms, re-slicing follow-up median ${r} ms, ratio ${(r / f).toFixed(2)} (floor: 0.50)`);
  console.log('\nmedian ms from the client sending the turn          first turn  follow-up');
  for (const k of Object.keys(marks.fresh[0] ?? {}))
    console.log(
      `${k.padEnd(52)} ${String(median(marks.fresh.map((m) => m[k] ?? 0))).padStart(10)} ${String(median(marks.reslice.map((m) => m[k] ?? 0))).padStart(10)}`,
    );
}

/**
 * Where a session turn's time went, from the session's and the child run's histories (the server's clock, the same
 * machine's as the client's): ms after the client sent the turn at which each mark was reached.
 */
async function turnMarks(
  client: Client,
  t: { started: number; ms: number; sessionId: string; turn: { workflowId: string | null } },
): Promise<Record<string, number>> {
  const parent = (await client.workflow.getHandle(sessionWorkflowId(t.sessionId)).fetchHistory()).events ?? [];
  const child = t.turn.workflowId ? ((await client.workflow.getHandle(t.turn.workflowId).fetchHistory()).events ?? []) : [];
  const after = (e: temporal.api.history.v1.IHistoryEvent | undefined) => (e ? ms(e) - t.started : Number.NaN);
  // This turn's events in the session: from its Update's acceptance to its completion.
  const accepted = parent.map((e) => Boolean(e.workflowExecutionUpdateAcceptedEventAttributes)).lastIndexOf(true);
  const turn = parent.slice(accepted);
  const childWfts = child.filter((e) => e.workflowTaskStartedEventAttributes);
  return {
    // The Update is accepted in the session's task that reads the follow-up and requests the child.
    'the Update accepted, the child requested': after(turn[0]),
    'the child started': after(child[0]),
    "the child's first task starts": after(childWfts[0]),
    'the child ends': after(child[child.length - 1]),
    'the session sees it end': after(turn.find((e) => e.childWorkflowExecutionCompletedEventAttributes)),
    'the Update completed (session task ends)': after(turn.find((e) => e.workflowExecutionUpdateCompletedEventAttributes)),
    'the client has the answer': t.ms,
  };
}

/** The database must be loaded: how many rows its main table holds, or the command that loads it. */
async function requireLoaded(databaseUrl: string, what: { name: string; table: string; rows: string; load: string }): Promise<void> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${what.table}`);
    console.log(`${what.name} at ${databaseUrl}: ${Number(rows[0]?.n).toLocaleString('en')} ${what.rows}`);
  } catch {
    throw new Error(`${what.name} is not loaded in ${databaseUrl}: run \`${what.load}\` first`);
  } finally {
    await pool.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
