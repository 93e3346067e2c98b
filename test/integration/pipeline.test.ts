/** Single-metric questions end to end: real worker, real Temporal server, real PostgreSQL. */
import { Client } from 'pg';
import { isTransientDatabaseError } from '../../src/storage/db';
import { MAX_ROW_BYTES, queryReadOnly, runReadOnly } from '../../src/storage/read-only';
import { readerUrl } from '../../src/storage/reader-role';
import { RefusedSqlError } from '../../src/storage/sql-guard';
import { INTENT_ATTRIBUTE, STATUS_ATTRIBUTE } from '../../src/temporal/search-attributes';
import { agentCalls, db, lastMonthRange, manifest, runAnalysis, testConfig, withWorker } from '../helpers';

const harness = withWorker('pipeline');

async function lastMonthGmv(region?: string): Promise<number> {
  const [start, end] = lastMonthRange(await manifest());
  const { rows } = await db().query<{ gmv: string }>(
    `SELECT sum(o.amount) AS gmv FROM orders o JOIN users u USING (user_id)
     WHERE o.status = 'paid' AND o.amount > 0 AND o.pay_time >= $1 AND o.pay_time < $2 AND ($3::text IS NULL OR u.region = $3)`,
    [start, end, region ?? null],
  );
  return Number(rows[0]?.gmv);
}

test("上个月 GMV 是多少？ answers last month's GMV in Chinese", async () => {
  const expected = await lastMonthGmv();
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, '上个月 GMV 是多少？');
  expect(result.status).toBe('completed');
  expect(result.intent).toMatchObject({ intent: 'query', decided_by: 'model', language: 'zh' });
  expect(result.metrics).toHaveLength(1);
  expect(result.metrics[0]?.name).toBe('gmv');
  expect(result.metrics[0]?.value).toBeCloseTo(expected, 2);
  expect(result.answer).toContain(`¥${expected.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  expect(result.answer).toMatch(/^[^\n]*\n\d{4}年\d{1,2}月的销售额为/);
});

test('What was GMV last month? gives the same number in English', async () => {
  const expected = await lastMonthGmv();
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'What was GMV last month?');
  expect(result.status).toBe('completed');
  expect(result.intent.language).toBe('en');
  expect(result.metrics[0]?.value).toBeCloseTo(expected, 2);
  expect(result.answer).toMatch(/^[^\n]*\nGMV for \w+ \d{4} was ¥/);
});

test('a region filter and other metrics come from the catalog definitions', async () => {
  const m = await manifest();
  const east = await runAnalysis(harness.client, harness.config.taskQueue, '上个月华东的销售额是多少');
  expect(east.result.metrics[0]?.value).toBeCloseTo(await lastMonthGmv('华东'), 2);
  expect(east.result.steps[0]?.result?.filters_applied).toContain('region = 华东');

  const orders = await runAnalysis(harness.client, harness.config.taskQueue, 'How many orders last month?');
  expect(orders.result.metrics[0]).toMatchObject({ name: 'orders', value: m.last_month_totals.orders });

  const aov = await runAnalysis(harness.client, harness.config.taskQueue, '上个月客单价是多少？');
  expect(aov.result.metrics[0]?.value).toBeCloseTo(m.last_month_totals.aov, 4);
});

test('a question the catalog cannot map ends with "cannot answer", not a failed run', async () => {
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, 'What will the weather be tomorrow?');
  expect(result.status).toBe('cannot_answer');
  expect(result.answer).toMatch(/^cannot answer: no metric in the question matches the catalog "demo"; it offers: GMV \(gmv\)/);
  const description = await harness.client.workflow.getHandle(workflowId).describe();
  expect(description.status.name).toBe('COMPLETED');
  expect(description.typedSearchAttributes.get(STATUS_ATTRIBUTE)).toBe('cannot_answer');
});

test('the history names every agent activity, with a summary per call and search attributes', async () => {
  const { workflowId } = await runAnalysis(harness.client, harness.config.taskQueue, 'What was GMV last month?');
  const handle = harness.client.workflow.getHandle(workflowId);
  const calls = await agentCalls(harness.client, workflowId);
  // Bulky inputs are stored first (storeInput, a local activity named after the call it serves), then the agent runs.
  const stored = calls.filter((c) => c.type === 'storeInput');
  for (const store of stored) {
    const next = calls[calls.indexOf(store) + 1];
    expect(store.summary).toBe(`${next?.summary ?? ''} · input`);
  }
  const agents = calls.filter((c) => c.type !== 'storeInput');
  // The catalog, intent, validation and analysis agents and the run record run as local activities (markers in the history).
  // Agents that start together (the data extent with the catalog and the intent; the verifier with the analysis agent)
  // are recorded with the remote one first: its scheduling is a command of the task, the local ones' markers follow, in
  // the order they finished (the catalog and the intent take about a millisecond each: either may finish first).
  const together = (xs: [string, boolean][]) => [xs[0], ...xs.slice(1, 3).sort(), ...xs.slice(3)];
  expect(together(agents.map((c) => [c.type, c.local]))).toEqual([
    ['readDataExtent', false],
    ['classifyIntent', true],
    ['describeCatalog', true],
    ['planAnalysis', false],
    ['checkDataQuality', false],
    ['runSqlStep', false],
    ['checkStep', true],
    ['testSignificance', false],
    ['recomputeNumbers', false],
    ['analyzeResults', true],
    ['writeReport', false],
    ['auditReport', false],
    ['storeRunRecord', true],
  ]);
  const summaries = agents.map((c) => c.summary);
  expect([summaries[0], ...summaries.slice(1, 3).sort(), ...summaries.slice(3, 5)]).toEqual([
    'data extent',
    'catalog',
    'intent',
    'planner',
    'data quality',
  ]);
  expect(summaries[5]).toMatch(/^step 1\/1 · sql · GMV · \w+ \d{4}$/);
  expect(summaries.slice(6)).toEqual([
    'step 1/1 · validate',
    'statistics',
    'recompute numbers',
    'analysis',
    'report',
    'audit',
    'run record',
  ]);
  const description = await handle.describe();
  expect(description.typedSearchAttributes.get(INTENT_ATTRIBUTE)).toBe('query');
  expect(description.typedSearchAttributes.get(STATUS_ATTRIBUTE)).toBe('completed');
  expect(await description.staticSummary()).toBe('What was GMV last month?');
});

describe('agent SQL logs in as the read-only role and runs in a READ ONLY transaction with a timeout and row caps', () => {
  // runReadOnly: the database's walls alone, without the SQL guard in front (test/integration/hostile.test.ts covers the guard).
  const url = testConfig().databaseUrl;
  test('as the read-only role, inside a READ ONLY transaction with the statement timeout set', async () => {
    const result = await runReadOnly(
      url,
      `SELECT current_user AS role, current_setting('transaction_read_only') AS ro, current_setting('statement_timeout') AS timeout`,
      [],
      {
        statementTimeoutMs: 1500,
        rowCap: 10,
      },
    );
    expect(result.rows[0]).toEqual({ role: 'baton_reader', ro: 'on', timeout: '1500ms' });
  });
  test('a slow statement is cancelled', async () => {
    await expect(runReadOnly(url, 'SELECT pg_sleep(5)', [], { statementTimeoutMs: 200, rowCap: 10 })).rejects.toMatchObject({
      code: '57014',
    });
  });
  test('a write is refused', async () => {
    await expect(
      runReadOnly(url, `SELECT * FROM (SELECT 1) x, LATERAL (SELECT nextval('baton.activity_executions_id_seq')) y`, [], {
        statementTimeoutMs: 1000,
        rowCap: 10,
      }),
    ).rejects.toThrow(/permission denied for schema baton: agent SQL runs as the read-only role baton_reader/);
  });
  test('the role alone may not write, even outside a READ ONLY transaction', async () => {
    const reader = new Client({ connectionString: readerUrl(url) });
    await reader.connect();
    try {
      await expect(reader.query("INSERT INTO categories VALUES (99, 'x', 'x')")).rejects.toThrow('permission denied for table categories');
      await expect(reader.query('SELECT count(*) FROM baton.artifacts')).rejects.toThrow('permission denied for schema baton');
    } finally {
      await reader.end();
    }
  });
  test('the role cannot switch to a privileged one: its session starts as the role itself', async () => {
    await expect(
      runReadOnly(url, "SELECT set_config('role', 'postgres', true) AS r", [], { statementTimeoutMs: 1000, rowCap: 10 }),
    ).rejects.toThrow('permission denied to set role "postgres"');
    await expect(
      runReadOnly(url, "SELECT pg_read_file('/etc/hostname') AS f", [], { statementTimeoutMs: 1000, rowCap: 10 }),
    ).rejects.toThrow('permission denied for function pg_read_file');
  });
  test('a row over the size limit stops the query, naming its size', async () => {
    await expect(
      runReadOnly(url, "SELECT repeat('x', 40000) AS big FROM generate_series(1, 3)", [], { statementTimeoutMs: 5000, rowCap: 10 }),
    ).rejects.toThrow(`a result row is 40002 bytes, over the ${MAX_ROW_BYTES}-byte limit for agent SQL`);
    const ordered = await runReadOnly(url, 'SELECT n FROM generate_series(1, 50) n ORDER BY n DESC', [], {
      statementTimeoutMs: 1000,
      rowCap: 100,
    });
    expect(ordered.rows.map((r) => r.n)).toEqual(Array.from({ length: 50 }, (_, i) => 50 - i));
  });
  test('a session advisory lock taken by agent SQL does not outlive the query', async () => {
    const taken = await runReadOnly(url, 'SELECT pg_try_advisory_lock(987654321) AS got', [], { statementTimeoutMs: 1000, rowCap: 10 });
    expect(taken.rows).toEqual([{ got: true }]);
    const held = await db().query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 987654321");
    expect(held.rows).toEqual([{ n: 0 }]);
  });
  test('lost connections and timeouts are retried; refusals and wrong queries are not', () => {
    expect(
      [
        { code: '57P01' },
        { code: '08006' },
        { code: '57014' },
        { code: 'ECONNRESET' },
        new Error('Connection terminated unexpectedly'),
      ].map(isTransientDatabaseError),
    ).toEqual([true, true, true, true, true]);
    expect(
      [new RefusedSqlError('refused: x'), { code: '42501' }, { code: '42703' }, { code: '22P02' }, new TypeError('x is undefined')].map(
        isTransientDatabaseError,
      ),
    ).toEqual([false, false, false, false, false]);
  });
  test('rows past the cap are not fetched', async () => {
    const result = await queryReadOnly(url, 'SELECT generate_series(1, 100) AS n', [], { statementTimeoutMs: 1000, rowCap: 10 });
    expect(result.rows).toHaveLength(10);
    expect(result.capped).toBe(true);
  });
  test('a trailing semicolon or line comment does not break the wrapping', async () => {
    const result = await queryReadOnly(url, 'SELECT count(*) AS n FROM orders; -- all of them', [], {
      statementTimeoutMs: 1000,
      rowCap: 10,
    });
    expect(Number(result.rows[0]?.n)).toBeGreaterThan(10_000);
  });
});
