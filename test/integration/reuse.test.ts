/**
 * Reuse of step results across a conversation's turns (src/storage/reuse.ts), on Chinook: a turn offers its SQL steps'
 * and data quality's results keyed by the compiled (unranked) SQL and the data's extent; a re-slicing turn ("top 5
 * instead" after "top 3") given them reads the stored groups instead of querying, and its answer is the fresh run's,
 * verified by the independent verifier from the database. On a copy of Chinook with one more invoice the key's extent
 * differs: the turn queries again and says so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { CHINOOK_AS_OF, chinookDatabaseUrl } from '../../eval/chinook-cases';
import type { AnalysisRequest } from '../../src/contracts';
import { agentCalls, runAnalysis, withWorker } from '../helpers';

const harness = withWorker('reuse');
const CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml');
const chinookUrl = chinookDatabaseUrl(harness.config.databaseUrl);
const copyUrl = (() => {
  const url = new URL(chinookUrl);
  url.pathname = `${url.pathname}_reuse_copy`;
  return url.toString();
})();
const copyName = new URL(copyUrl).pathname.slice(1);
let admin: Pool;

beforeAll(async () => {
  admin = new Pool({ connectionString: chinookUrl, max: 1 });
  await admin.query(`DROP DATABASE IF EXISTS ${copyName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${copyName} TEMPLATE ${new URL(chinookUrl).pathname.slice(1)}`);
});
afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${copyName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
});

/** The queries each agent ran against the analysed database during one run (BATON_SQL_LOG, src/storage/read-only.ts). */
async function ask(question: string, databaseUrl: string, extra: Partial<AnalysisRequest> = {}) {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reuse-')), 'sql.jsonl');
  process.env.BATON_SQL_LOG = log;
  try {
    const run = await runAnalysis(harness.client, harness.config.taskQueue, question, {
      asOf: CHINOOK_AS_OF,
      catalogPath: CATALOG,
      databaseUrl,
      ...extra,
    });
    const lines = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : [];
    // The queries that read the data, by agent. A reused turn's checks that the data is as it was are not among them:
    // its count of the tables' rows, and data quality's read of where "the future" begins (quality/rules.ts futureEdges).
    const byAgent: Record<string, number> = {};
    const checks: Record<string, number> = {};
    for (const l of lines) {
      const { activity, sql } = JSON.parse(l) as { activity: string | null; sql: string };
      const isCheck = sql.startsWith('SELECT (SELECT count(*) FROM') || sql.startsWith('SELECT (SELECT min(');
      const into = isCheck ? checks : byAgent;
      into[activity ?? 'none'] = (into[activity ?? 'none'] ?? 0) + 1;
    }
    return { ...run, queries: byAgent, checks };
  } finally {
    delete process.env.BATON_SQL_LOG;
  }
}

/** Line revenue by genre in 2024, hand-written, the first n by revenue. */
async function topGenres(databaseUrl: string, n: number): Promise<[string, number][]> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ g: string; v: string }>(
      `SELECT g.name AS g, sum(l.unit_price * l.quantity) AS v FROM invoice_line l JOIN invoice i ON i.invoice_id = l.invoice_id
       JOIN track t ON t.track_id = l.track_id JOIN genre g ON g.genre_id = t.genre_id
       WHERE i.invoice_date >= '2024-01-01' AND i.invoice_date < '2025-01-01' GROUP BY 1 ORDER BY 2 DESC LIMIT $1`,
      [n],
    );
    return rows.map((r) => [r.g, Number(r.v)]);
  } finally {
    await pool.end();
  }
}

const money = (v: number) => `$${v.toFixed(2)}`;

test('a re-slicing turn reads the earlier turn’s groups instead of querying; its answer is the fresh one, verified', async () => {
  const first = await ask('Top 3 genres by revenue in 2024', chinookUrl, { reuse: [] });
  expect(first.result.status).toBe('completed');
  const offered = first.result.reusable ?? [];
  // The steps' results, data quality's, and the verifier's own second-path results (its queries, keyed by its own SQL).
  expect([...new Set(offered.map((o) => o.key.split(':')[0]))].sort()).toEqual(['dq', 'sql', 'verify']);
  expect(first.result.reused).toBe(false);

  const fresh = await ask('Top 5 genres by revenue in 2024', chinookUrl);
  // As a session's next turn is asked: with what the earlier turn read before planning (src/workflows/ahead.ts).
  const again = await ask('Top 5 genres by revenue in 2024', chinookUrl, { reuse: offered, earlierReads: first.run.reads });
  expect(fresh.result.status).toBe('completed');
  expect(again.result.status).toBe('completed');
  expect(again.result.reused).toBe(true);
  // The same answer, word for word and number for number, with every number recomputed from the database.
  expect(again.result.answer).toBe(fresh.result.answer);
  expect(again.result.metrics.map((m) => [m.name, m.value, m.verified])).toEqual(
    fresh.result.metrics.map((m) => [m.name, m.value, m.verified]),
  );
  for (const [genre, value] of await topGenres(chinookUrl, 5)) expect(again.result.answer).toContain(`${genre} ${money(value)}`);
  expect(again.result.verification?.mismatches).toEqual([]);
  expect(again.result.verification?.verified.length).toBe(fresh.result.verification?.verified.length);
  expect(again.result.verification?.verified.length).toBeGreaterThan(0);
  // The same numbers verified, by the same checks: the verifier re-verified them from its own earlier results.
  expect([...(again.result.verification?.verified ?? [])].sort()).toEqual([...(fresh.result.verification?.verified ?? [])].sort());
  expect(again.result.verification?.checked_count).toBe(fresh.result.verification?.checked_count);
  expect(again.result.verification?.reconciliations.map((r) => [r.check, r.ok])).toEqual(
    fresh.result.verification?.reconciliations.map((r) => [r.check, r.ok]),
  );
  // Fewer queries: neither the SQL step nor data quality queried, and the verifier ran fewer: its second path's grouped
  // and total queries were read back from the first turn (the same SQL on the same extent and row counts).
  expect(fresh.queries.runSqlStep).toBeGreaterThan(0);
  expect(fresh.queries.checkDataQuality).toBeGreaterThan(0);
  expect(again.queries.runSqlStep ?? 0).toBe(0);
  expect(again.queries.checkDataQuality ?? 0).toBe(0);
  expect(fresh.queries.recomputeNumbers).toBeGreaterThan(0);
  expect(again.queries.recomputeNumbers ?? 0).toBeLessThan(fresh.queries.recomputeNumbers ?? 0);
  // Its grouped and total queries (2), and its re-runs of data quality's counts, those that read the clock too (no
  // invoice has passed "now" since: src/verify/own-reuse.ts).
  expect(again.result.verification?.reused_queries).toBeGreaterThan(2);
  expect(again.queries.recomputeNumbers ?? 0).toBeLessThan(fresh.queries.recomputeNumbers ?? 0);
  expect(fresh.result.verification?.reused_queries).toBeUndefined();
  // What they did instead: the turn's one count of every table's rows (the data's version every key carries), read
  // by the data-extent agent beside the months. Data quality was not asked at all: the first turn offered its outcome
  // with the data's version and the time its counts hold until (no invoice lies in the future), and this turn asked
  // the same of the same data (src/workflows/reuse.ts).
  expect(again.checks).toEqual({ readDataExtent: 1 });
  expect(fresh.checks).toEqual({});
  expect(offered.find((o) => o.key.startsWith('dq:'))?.quality).toMatchObject({ holds_until: null });
  expect(again.result.dataQuality?.reuse).toMatchObject({ reused: true, data_changed: false });
  expect(again.result.dataQuality?.checks.map((c) => [c.id, c.count])).toEqual(
    fresh.result.dataQuality?.checks.map((c) => [c.id, c.count]),
  );
  // The step is marked, and the turn's quick agents ran in the workflow's worker (no task queue round trip).
  expect(again.result.steps[0]?.result?.reuse).toMatchObject({ reused: true, data_changed: false });
  expect(again.result.checklist).toContain('reused from an earlier turn');
  const calls = await agentCalls(harness.client, again.workflowId);
  expect(calls.filter((c) => c.type === 'runSqlStep').every((c) => c.local)).toBe(true);
  expect(calls.filter((c) => c.type === 'checkDataQuality')).toEqual([]);
  expect(calls.filter((c) => c.type === 'recomputeNumbers').map((c) => c.local)).toEqual([true]);
  // It read the kind of question and the data as the earlier turn had, so its plan was made once, from those reads.
  expect(first.run.reads?.extent?.data_version).toBeTruthy();
  expect(again.run.reads).toEqual(first.run.reads);
  expect(calls.filter((c) => c.type === 'planAnalysis')).toHaveLength(1);
  expect(calls.filter((c) => !c.local).length).toBeLessThan(
    (await agentCalls(harness.client, fresh.workflowId)).filter((c) => !c.local).length,
  );
}, 180_000);

test('when the data changed since the earlier turn, the turn queries again and says so', async () => {
  const first = await ask('Top 3 genres by revenue in 2024', copyUrl, { reuse: [] });
  expect(first.result.status).toBe('completed');
  const pool = new Pool({ connectionString: copyUrl, max: 1 });
  try {
    // One more invoice in June 2024: a Rock track bought 100 times.
    await pool.query(`INSERT INTO invoice (invoice_id, customer_id, invoice_date, billing_country, total)
      VALUES (90001, 1, '2024-06-15', 'Brazil', 99.00)`);
    await pool.query(
      `INSERT INTO invoice_line (invoice_line_id, invoice_id, track_id, unit_price, quantity) VALUES (90001, 90001, 1, 0.99, 100)`,
    );
  } finally {
    await pool.end();
  }
  const again = await ask('Top 5 genres by revenue in 2024', copyUrl, {
    reuse: first.result.reusable ?? [],
    earlierReads: first.run.reads,
  });
  expect(again.result.status).toBe('completed');
  // It ran ahead on the earlier turn's data, found the data's extent changed, and started over without it: what is
  // answered is the second run's, on the data as it is.
  const events = (await harness.client.workflow.getHandle(again.workflowId).fetchHistory()).events ?? [];
  expect(events[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId).toBeTruthy();
  expect(again.run.reads?.extent?.data_version).not.toBe(first.run.reads?.extent?.data_version);
  expect(again.result.reused).toBe(false);
  expect(again.result.answer).toContain('the data changed since the earlier turn; queried again');
  expect(again.queries.runSqlStep).toBeGreaterThan(0);
  expect(again.result.steps[0]?.result?.reuse).toMatchObject({ reused: false, data_changed: true });
  // The verifier's own earlier results were of the old row counts: it queried again, reading nothing back.
  expect(again.result.verification?.reused_queries).toBe(0);
  expect(again.queries.recomputeNumbers).toBeGreaterThan(0);
  const expected = await topGenres(copyUrl, 5);
  expect(expected[0]?.[0]).toBe('Rock');
  expect(expected[0]?.[1]).toBeCloseTo(162.36 + 99, 6);
  for (const [genre, value] of expected) expect(again.result.answer).toContain(`${genre} ${money(value)}`);
  expect(again.result.verification?.mismatches).toEqual([]);
}, 180_000);

test('an invoice that passes "now" between two turns is counted again, by data quality and by the verifier', async () => {
  const pool = new Pool({ connectionString: copyUrl, max: 1 });
  try {
    // An invoice dated twelve seconds from now (Chinook's times are wall times in UTC): in the future for the first turn only.
    await pool.query(`INSERT INTO invoice (invoice_id, customer_id, invoice_date, billing_country, total)
      VALUES (90002, 1, (clock_timestamp() AT TIME ZONE 'UTC') + interval '12 seconds', 'Brazil', 1.00)`);
  } finally {
    await pool.end();
  }
  const future = (run: Awaited<ReturnType<typeof ask>>) =>
    run.result.dataQuality?.checks.find((c) => c.id === 'invoice.invoice_date.not_in_future');
  const first = await ask('Top 3 genres by revenue in 2024', copyUrl, { reuse: [] });
  expect(future(first)?.count_all).toBe(1);
  // Its counts are offered until the invoice's time: past it, the next turn asks data quality again.
  const until = (first.result.reusable ?? []).find((o) => o.key.startsWith('dq:'))?.quality?.holds_until;
  const timePool = new Pool({ connectionString: copyUrl, max: 1 });
  const invoiceTime = await timePool
    .query<{ ms: string }>(`SELECT extract(epoch FROM invoice_date AT TIME ZONE 'UTC') * 1000 AS ms FROM invoice WHERE invoice_id = 90002`)
    .then((r) => Number(r.rows[0]?.ms))
    .finally(() => timePool.end());
  expect(until).toBe(Math.floor(invoiceTime));
  // Until the invoice's time has passed.
  const clock = new Pool({ connectionString: copyUrl, max: 1 });
  const left = await clock
    .query<{ s: string }>(
      `SELECT extract(epoch FROM invoice_date - (clock_timestamp() AT TIME ZONE 'UTC')) AS s FROM invoice WHERE invoice_id = 90002`,
    )
    .finally(() => clock.end());
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(left.rows[0]?.s) * 1000 + 500)));
  // The same data (no row added or removed, the extent is up to the as-of day), but the invoice is no longer in the future.
  const again = await ask('Top 5 genres by revenue in 2024', copyUrl, {
    reuse: first.result.reusable ?? [],
    earlierReads: first.run.reads,
  });
  expect(again.result.status).toBe('completed');
  // It ran ahead on the earlier turn's reads, which came back the same: one run, no start over.
  const events = (await harness.client.workflow.getHandle(again.workflowId).fetchHistory()).events ?? [];
  expect(events[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId ?? '').toBe('');
  expect(again.run.reads).toEqual(first.run.reads);
  expect(again.result.steps[0]?.result?.reuse).toMatchObject({ reused: true, data_changed: false });
  expect(again.result.dataQuality?.reuse).toMatchObject({ reused: false, data_changed: false });
  expect(future(again)?.count_all).toBe(0);
  expect(again.queries.checkDataQuality).toBeGreaterThan(0);
  expect(again.result.verification?.mismatches).toEqual([]);
}, 180_000);
