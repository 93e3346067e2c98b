/**
 * Sessions on the real stack (issue 26): a short Chinook conversation through the session API, each turn a child
 * analysis run whose verified numbers are checked against hand-written SQL; a reset; the catalog and database a
 * session is bound to; the error for an id that names no session; and the session's listing and view.
 */
import path from 'node:path';
import { Pool } from 'pg';
import type { RunResult } from '../../src/contracts';
import { sessionWorkflowId } from '../../src/contracts/session-messages';
import { CHINOOK_AS_OF, chinookDatabaseUrl } from '../../eval/chinook-cases';
import { askInSession, describeSession, listSessions, startSession } from '../../src/sessions/client';
import { withWorker } from '../helpers';

const harness = withWorker('sessions');
const databaseUrl = chinookDatabaseUrl(harness.config.databaseUrl);
const CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml');
let chinook: Pool;

beforeAll(() => {
  chinook = new Pool({ connectionString: databaseUrl, max: 2 });
});
afterAll(async () => chinook.end());

const revenue = async (where: string, params: unknown[] = []) =>
  Number(
    (await chinook.query<{ v: string }>(`SELECT sum(total)::numeric(12,2)::text AS v FROM invoice WHERE ${where}`, params)).rows[0]?.v,
  );
const childResult = (workflowId: string | null) => harness.client.workflow.getHandle(workflowId as string).result() as Promise<RunResult>;
const verified = (r: RunResult) => r.metrics.filter((m) => m.verified);

test('a Chinook conversation: each turn a child run of the session, its verified numbers those of the SQL', async () => {
  const started = Date.now();
  const { sessionId } = await startSession(harness.client, { config: harness.config, catalogPath: CATALOG, databaseUrl });
  const ask = (question: string) => askInSession(harness.client, sessionId, question, { config: harness.config, asOf: CHINOOK_AS_OF });
  const times: number[] = [];
  const timed = async (question: string) => {
    const t = Date.now();
    const turn = await ask(question);
    times.push(Date.now() - t);
    return turn;
  };

  const t1 = await timed('What was revenue in 2024?');
  expect(t1).toMatchObject({ turn: 1, status: 'completed', workflowId: `${sessionWorkflowId(sessionId)}-turn-1` });
  const r1 = await childResult(t1.workflowId);
  const total2024 = await revenue(`invoice_date >= '2024-01-01' AND invoice_date < '2025-01-01'`);
  expect(verified(r1).map((m) => m.value)).toContain(total2024);
  expect(t1.answer.split('\n')[0]).toBe(r1.reading?.statement);

  const t2 = await timed('2024年销售额最高的5个国家');
  expect(t2).toMatchObject({ turn: 2, status: 'completed' });
  const r2 = await childResult(t2.workflowId);
  const { rows: top } = await chinook.query<{ country: string; v: string }>(
    `SELECT billing_country AS country, sum(total)::numeric(12,2)::text AS v FROM invoice
      WHERE invoice_date >= '2024-01-01' AND invoice_date < '2025-01-01' GROUP BY 1 ORDER BY sum(total) DESC LIMIT 5`,
  );
  const values = verified(r2).map((m) => m.value);
  expect(values).toContain(Number(top[0]?.v));

  const reset = await timed('start over');
  expect(reset).toMatchObject({ turn: 3, status: 'needs_clarification', workflowId: null });

  const t4 = await timed('How many orders did we get between 2022 and 2024?');
  const r4 = await childResult(t4.workflowId);
  const { rows: orders } = await chinook.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM invoice WHERE invoice_date >= '2022-01-01' AND invoice_date < '2025-01-01'`,
  );
  expect(t4.status).toBe('completed');
  expect(verified(r4).map((m) => m.value)).toContain(orders[0]?.n);

  const view = await describeSession(harness.client, sessionId);
  expect(view.turns.map((t) => [t.turn, t.status])).toEqual([
    [1, 'completed'],
    [2, 'completed'],
    [3, 'needs_clarification'],
    [4, 'completed'],
  ]);
  expect(view.catalog).toBe(CATALOG);
  expect(view.facts.length).toBeGreaterThan(0);
  const listed = (await listSessions(harness.client, { limit: 50 })).find((s) => s.sessionId === sessionId);
  expect(listed).toMatchObject({
    turns: 4,
    lastQuestion: 'How many orders did we get between 2022 and 2024?',
    catalog: CATALOG,
    closed: false,
  });
  console.log(`sessions: 4 turns in ${Date.now() - started} ms; per turn (ms): ${times.join(', ')}`);
});

test('continue-as-new at a small limit keeps the thread: "and by genre?" after it still resolves, numbers as the SQL', async () => {
  const { sessionId } = await startSession(harness.client, {
    config: harness.config,
    catalogPath: CATALOG,
    databaseUrl,
    limits: { turnsPerRun: 2 },
  });
  const ask = (question: string) => askInSession(harness.client, sessionId, question, { config: harness.config, asOf: CHINOOK_AS_OF });
  await ask('Revenue by country in 2024');
  const usa = await ask('only the USA');
  expect(usa).toMatchObject({ status: 'completed', follow_up: ['add_filter'], carried_over: ['metric', 'period'] });
  const usa2024 = await revenue(
    `invoice_date >= '2024-01-01' AND invoice_date < '2025-01-01' AND customer_id IN (SELECT customer_id FROM customer WHERE country = 'USA')`,
  );
  expect(verified(await childResult(usa.workflowId)).map((m) => m.value)).toEqual([usa2024]);
  // The session has continued as new after its second turn; the third turn reads against the carried thread.
  const byGenre = await ask('and by genre?');
  const runs: string[] = [];
  for await (const w of harness.client.workflow.list({ query: `WorkflowId = '${sessionWorkflowId(sessionId)}'` })) runs.push(w.runId);
  expect(runs.length).toBe(2);
  expect(byGenre.status).toBe('completed');
  expect(byGenre.answer.split('\n')[0]).toMatch(/country = United States, by genre \(carried over: metric, period, filter\):$/);
  const { rows } = await chinook.query<{ k: string; v: string }>(
    `SELECT g.name AS k, sum(l.unit_price * l.quantity)::numeric(12,2)::text AS v FROM invoice_line l
       JOIN invoice i ON i.invoice_id = l.invoice_id JOIN customer c ON c.customer_id = i.customer_id
       JOIN track t ON t.track_id = l.track_id JOIN genre g ON g.genre_id = t.genre_id
      WHERE c.country = 'USA' AND i.invoice_date >= '2024-01-01' AND i.invoice_date < '2025-01-01' GROUP BY 1`,
  );
  const got = Object.fromEntries(verified(await childResult(byGenre.workflowId)).map((m) => [m.label.split(' · ')[1], m.value]));
  expect(got).toEqual(Object.fromEntries(rows.map((r) => [r.k, Number(r.v)])));
  expect((await describeSession(harness.client, sessionId)).constraints).toEqual([
    { dimension: 'country', values: ['USA'], set_in_turn: 2 },
  ]);
});

test('a session is bound to its catalog and database: a turn naming another is refused; an unknown id is a clear error', async () => {
  const { sessionId } = await startSession(harness.client, { config: harness.config, catalogPath: CATALOG, databaseUrl });
  const ask = (opts: { catalogPath?: string; databaseUrl?: string }) =>
    askInSession(harness.client, sessionId, 'What was revenue in 2024?', { config: harness.config, asOf: CHINOOK_AS_OF, ...opts });
  const demo = path.resolve(__dirname, '../..', 'catalogs', 'demo.yaml');
  await expect(ask({ catalogPath: demo })).rejects.toThrow(`is bound to the catalog ${CATALOG}; this turn names ${demo}`);
  await expect(ask({ databaseUrl: harness.config.databaseUrl })).rejects.toThrow('Start a new session for another database.');
  await expect(askInSession(harness.client, 'nope-0000', 'What was revenue in 2024?', { config: harness.config })).rejects.toThrow(
    'no session nope-0000; list them with: baton sessions',
  );
  // A turn whose day is given goes to the session without describing it first: the same error.
  await expect(
    askInSession(harness.client, 'nope-0001', 'What was revenue in 2024?', { config: harness.config, asOf: CHINOOK_AS_OF }),
  ).rejects.toThrow('no session nope-0001; list them with: baton sessions');
  expect((await describeSession(harness.client, sessionId)).turns).toEqual([]);
});

test('a turn sent straight to a session that closed when idle reopens it, keeping its memory', async () => {
  const { sessionId } = await startSession(harness.client, {
    config: harness.config,
    catalogPath: CATALOG,
    databaseUrl,
    limits: { idleTimeoutSeconds: 1 },
  });
  const ask = (question: string) => askInSession(harness.client, sessionId, question, { config: harness.config, asOf: CHINOOK_AS_OF });
  expect(await ask('What was revenue in 2023?')).toMatchObject({ turn: 1, status: 'completed' });
  const handle = harness.client.workflow.getHandle(sessionWorkflowId(sessionId));
  await handle.result();
  expect((await handle.describe()).status.name).toBe('COMPLETED');
  const again = await ask('and in 2024?');
  expect(again).toMatchObject({ turn: 2, status: 'completed', follow_up: ['replace_period'] });
  const total2024 = await revenue(`invoice_date >= '2024-01-01' AND invoice_date < '2025-01-01'`);
  expect(verified(await childResult(again.workflowId)).map((m) => m.value)).toContain(total2024);
  expect((await handle.describe()).status.name).toBe('RUNNING');
});
