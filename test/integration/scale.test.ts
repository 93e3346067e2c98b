/**
 * Time as the data grows (issue 16, part 4): `baton seed --scale K` keeps the planted signals at their rates and
 * writes a manifest that matches its rows; data quality and the extent probes read the analysed windows through
 * indexes, never a whole table (EXPLAIN of every query they send, logged by BATON_SQL_LOG).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { checkDataQuality } from '../../src/activities/data-quality';
import { monthProbes } from '../../src/analysis/month-probes';
import { loadCatalog } from '../../src/catalog/catalog';
import { closePools } from '../../src/storage/db';
import { generateRows, generateShop } from '../../src/seed/generate';
import { DIRTY_COUNTS } from '../../src/seed/shop';
import { seedDatabase } from '../../src/seed/load';
import { describeTally, emptyTally, tallyShard } from '../../src/seed/scale';
import { testConfig } from '../helpers';
import { qualitySummary } from '../../src/messages/quality';

/** A fixed anchor: the shop's 13 months are 2025-05 to 2026-05, whatever the day the test runs. */
const ANCHOR = '2026-06-15';
const SCALE = 2;
const url = testConfig().databaseUrl.replace(/\/([^/?]+)(\?|$)/, `/$1_scale${SCALE}$2`);
const catalogPath = testConfig().catalogPath;
let pool: Pool;
let manifest: Awaited<ReturnType<typeof seedDatabase>>['manifest'];

beforeAll(async () => {
  ({ manifest } = await seedDatabase(url, ANCHOR, () => undefined, { scale: SCALE }));
  pool = new Pool({ connectionString: url, max: 2 });
  // An idle connection of this checking pool closed by the server (once, 57P01 "terminating connection due to
  // administrator command", with other suites running beside it) must not fail the suite as an unhandled 'error'
  // event: the pool opens a new one for the next query, and a query that loses its connection still fails.
  pool.on('error', () => undefined);
}, 120_000);

afterAll(async () => {
  await pool.end();
  await closePools();
  // The K = 2 shop is about 70 MB: not left behind.
  const admin = new Pool({ connectionString: url.replace(/\/([^/?]+)(\?|$)/, '/postgres$2'), max: 1 });
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`).finally(() => admin.end());
});

test("one shard's tally gives the K = 1 manifest exactly", () => {
  const rows = generateRows(ANCHOR);
  const fromTally = describeTally(ANCHOR, rows.months, tallyShard(emptyTally(), rows, 0), 1);
  expect(fromTally).toEqual(generateShop(ANCHOR).manifest);
});

test('K = 2: twice the rows, the planted dirt at twice the count, the signals at their rates, the manifest true to the rows', async () => {
  const one = generateShop(ANCHOR).manifest;
  expect(manifest.scale?.factor).toBe(SCALE);
  expect(manifest.last_month).toBe('2026-05');
  // About twice the K = 1 shop (the second shard is another draw from the same rates).
  expect(manifest.counts.orders / one.counts.orders).toBeGreaterThan(1.95);
  expect(manifest.counts.orders / one.counts.orders).toBeLessThan(2.05);
  for (const kind of Object.keys(DIRTY_COUNTS) as (keyof typeof DIRTY_COUNTS)[])
    expect(manifest.dirty[kind].count).toBe(2 * DIRTY_COUNTS[kind]);

  const count = async (sql: string, params: unknown[] = []) => Number((await pool.query<{ n: string }>(sql, params)).rows[0]?.n);
  expect(await count('SELECT count(*) AS n FROM orders')).toBe(manifest.counts.orders);
  expect(await count('SELECT count(*) AS n FROM users')).toBe(manifest.counts.users);
  expect(await count('SELECT count(*) AS n FROM order_items')).toBe(manifest.order_items.lines);
  expect(await count('SELECT count(*) AS n FROM orders WHERE amount < 0')).toBe(manifest.dirty.negative_amount.count);
  expect(await count(`SELECT count(*) AS n FROM orders WHERE status = 'paid' AND pay_time IS NULL`)).toBe(
    manifest.dirty.null_pay_time.count,
  );

  // The planted signal: 华东's repurchase rate falls in the last month, through new-customer conversion (0.45 → 0.15).
  const east = manifest.signals.east_repurchase_drop;
  expect(east.new_customer_conversion.previous).toBeCloseTo(0.45, 1);
  expect(east.new_customer_conversion.last).toBeCloseTo(0.15, 1);
  expect(east.repurchase_rate.previous - east.repurchase_rate.last).toBeGreaterThan(0.05);
  // Elsewhere the rate stays within noise: under half of 华东's drop.
  for (const other of Object.values(east.other_regions_repurchase_rate))
    expect(Math.abs(other.previous - other.last)).toBeLessThan((east.repurchase_rate.previous - east.repurchase_rate.last) / 2);
  // The manifest's rate is the rows' rate, computed here by SQL.
  const rate = async (month: string) =>
    Number(
      (
        await pool.query<{ r: string }>(
          `SELECT avg((n >= 2)::int) AS r FROM (SELECT o.user_id, count(*) AS n FROM orders o JOIN users u USING (user_id)
     WHERE o.status = 'paid' AND o.amount > 0 AND o.pay_time >= $1::date AND o.pay_time < ($1::date + interval '1 month') AND u.region = '华东' GROUP BY 1) x`,
          [`${month}-01`],
        )
      ).rows[0]?.r,
    );
  expect(await rate('2026-05')).toBeCloseTo(east.repurchase_rate.last, 6);
  expect(await rate('2026-04')).toBeCloseTo(east.repurchase_rate.previous, 6);
  const gmv = Number(
    (
      await pool.query<{ v: string }>(
        `SELECT sum(amount) AS v FROM orders WHERE status = 'paid' AND amount > 0 AND pay_time >= '2026-05-01' AND pay_time < '2026-06-01'`,
      )
    ).rows[0]?.v,
  );
  expect(gmv).toBeCloseTo(manifest.last_month_totals.gmv, 2);
  // Electronics rises in each of the last 6 months, books falls in each of the last 5.
  const rising = Object.values(manifest.signals.electronics_rise.monthly_gmv);
  rising.slice(1).forEach((v, i) => expect(v).toBeGreaterThan(rising[i] as number));
  const falling = Object.values(manifest.signals.books_decline.monthly_gmv);
  falling.slice(1).forEach((v, i) => expect(v).toBeLessThan(falling[i] as number));

  const indexes = (await pool.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)).rows.map(
    (r) => r.indexname,
  );
  expect(indexes).toEqual(
    expect.arrayContaining(['orders_pay_time', 'orders_order_time', 'orders_user', 'users_registered_at', 'order_items_pkey']),
  );
});

/** Each logged query's plan: the sequential scans of a demo table, and whether the window bounds them. */
async function plans(log: string): Promise<{ sql: string; seqScans: { table: string; filter: string }[]; indexScans: number }[]> {
  const queries = fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { sql: string; params: unknown[] });
  const out = [];
  for (const q of queries) {
    const plan = (await pool.query<{ 'QUERY PLAN': { Plan: unknown }[] }>(`EXPLAIN (FORMAT JSON) ${q.sql}`, q.params)).rows[0]?.[
      'QUERY PLAN'
    ][0]?.Plan;
    const nodes: { 'Node Type': string; 'Relation Name'?: string; Filter?: string }[] = [];
    const walk = (n: unknown) => {
      const node = n as { 'Node Type': string; Plans?: unknown[] };
      nodes.push(node);
      node.Plans?.forEach(walk);
    };
    walk(plan);
    out.push({
      sql: q.sql,
      seqScans: nodes
        .filter((n) => n['Node Type'] === 'Seq Scan' && ['orders', 'order_items', 'users'].includes(n['Relation Name'] ?? ''))
        .map((n) => ({ table: n['Relation Name'] ?? '', filter: n.Filter ?? '' })),
      indexScans: nodes.filter((n) => /Index/.test(n['Node Type'])).length,
    });
  }
  return out;
}

test('data quality reads the analysed months through indexes; a table over the row limit is counted in the period only', async () => {
  const log = path.join(os.tmpdir(), `baton-scale-dq-${process.pid}.jsonl`);
  fs.rmSync(log, { force: true });
  process.env.BATON_SQL_LOG = log;
  // Below the K = 2 shop's orders (about 150 thousand): orders and their lines are counted in the period alone.
  process.env.BATON_QUALITY_WHOLE_TABLE_ROWS = '100000';
  let dq;
  try {
    dq = await checkDataQuality({
      workflow_id: `scale-dq-${Date.now()}`,
      catalogPath,
      databaseUrl: url,
      metrics: ['repurchase_rate', 'item_revenue'],
      windows: [{ start: '2026-04-01', end: '2026-06-01', label_zh: '近两个月', label_en: 'the last two months', source: 'question' }],
    });
  } finally {
    delete process.env.BATON_SQL_LOG;
    delete process.env.BATON_QUALITY_WHOLE_TABLE_ROWS;
  }
  const orders = dq.tables.find((t) => t.table === 'orders');
  expect(orders?.whole_table_rows_estimate).toBeGreaterThan(100_000);
  expect(orders?.rows_all).toBeUndefined();
  const inWindow = Number(
    (
      await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM orders WHERE (pay_time >= '2026-04-01' AND pay_time < '2026-06-01') OR (pay_time IS NULL AND order_time >= '2026-04-01' AND order_time < '2026-06-01')`,
      )
    ).rows[0]?.n,
  );
  expect(orders?.rows).toBe(inWindow);
  const negative = dq.checks.find((c) => c.id === 'orders.amount.non_negative');
  expect(negative?.count_all).toBeUndefined();
  expect(negative?.count).toBe(
    Number(
      (
        await pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM orders WHERE amount < 0 AND pay_time >= '2026-04-01' AND pay_time < '2026-06-01'`,
        )
      ).rows[0]?.n,
    ),
  );
  // The agent returns data; its stage line is rendered where it is shown (qualitySummary).
  expect(qualitySummary(dq, 'en')).toContain('the whole table not counted: too large');
  // The lines are placed through their orders: the same window, found by key.
  const lines = dq.tables.find((t) => t.table === 'order_items');
  expect(lines?.rows).toBe(
    Number(
      (
        await pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM order_items JOIN orders USING (order_id) WHERE pay_time >= '2026-04-01' AND pay_time < '2026-06-01'`,
        )
      ).rows[0]?.n,
    ),
  );

  const planned = await plans(log);
  fs.rmSync(log, { force: true });
  expect(planned.length).toBeGreaterThan(5);
  // Each table's counts (its rows, every rule, the rows failing any, those the metrics' filters let in) are columns of
  // one statement per scope: orders and its lines, over the row limit, are read once, in the period; users (under it)
  // twice, whole and in the period. Before, each count was a read of its own.
  const readsOf = (table: string) =>
    planned.filter((p) => new RegExp(`^SELECT count\\(\\*\\)[^]*? FROM (\\w+)`).exec(p.sql)?.[1] === table).length;
  expect([readsOf('orders'), readsOf('order_items'), readsOf('users')]).toEqual([1, 1, 2]);
  // No query reads orders or order_items whole; users (about 96 thousand rows, under the limit) may be.
  const unbounded = planned.flatMap((p) =>
    p.seqScans.filter((s) => s.table !== 'users' && !/pay_time|order_time|registered_at/.test(s.filter)).map((s) => `${s.table}: ${p.sql}`),
  );
  expect(unbounded).toEqual([]);
  expect(planned.filter((p) => p.indexScans > 0).length).toBeGreaterThanOrEqual(planned.length - 2);
}, 60_000);

test('the extent is two index probes a month, with the first and last day of each', async () => {
  const log = path.join(os.tmpdir(), `baton-scale-extent-${process.pid}.jsonl`);
  fs.rmSync(log, { force: true });
  process.env.BATON_SQL_LOG = log;
  let months;
  try {
    months = await monthProbes(url, loadCatalog(catalogPath), 'orders.pay_time', `'2026-06-16'::timestamp`);
  } finally {
    delete process.env.BATON_SQL_LOG;
  }
  expect(months.map((m) => m.month)).toEqual(manifest.months);
  const may = months.find((m) => m.month === '2026-05');
  const bounds = (
    await pool.query<{ first: string; last: string }>(
      `SELECT to_char(min(pay_time), 'YYYY-MM-DD') AS first, to_char(max(pay_time), 'YYYY-MM-DD') AS last FROM orders WHERE pay_time >= '2026-05-01' AND pay_time < '2026-06-01'`,
    )
  ).rows[0];
  expect(may).toEqual({ month: '2026-05', rows: 1, first_day: bounds?.first, last_day: bounds?.last });
  const [probe] = await plans(log);
  fs.rmSync(log, { force: true });
  expect(probe?.seqScans).toEqual([]);
  expect(probe?.indexScans).toBeGreaterThan(0);
});
