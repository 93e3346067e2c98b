/**
 * The catalog's time zone decides, and data quality speaks about the analysed period.
 *
 * A small shop of its own (database <test database>_tz) stores event times as
 * `timestamp with time zone`; its catalog (written here) says the business runs on
 * Asia/Shanghai time (UTC+8). An event at 2024-03-31T20:00Z is 2024-04-01 04:00 in
 * Shanghai, so it belongs to April: in the SQL compiler's buckets, in the
 * validator's second path, and in a real run. "Last month" is read against today
 * in the catalog's zone. The data-quality counts are made in the analysed period
 * and in the whole table, for a table with its own time column and for one that
 * takes its time through a join (event lines → events).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { checkDataQuality } from '../../src/activities/data-quality';
import { parseCatalog, type Catalog } from '../../src/catalog/catalog';
import { checkCatalog } from '../../src/catalog/check';
import { compileMetricQuery } from '../../src/catalog/sql';
import { runDate } from '../../src/settings/config';
import type { MetricQuery } from '../../src/contracts';
import { ensureDatabase } from '../../src/storage/db';
import { ensureReaderRole } from '../../src/storage/reader-role';
import { findTimeWindow } from '../../src/model/period-text';
import { secondPathRows } from '../../src/verify/second-path';
import { publishedReport, runAnalysis, withWorker } from '../helpers';

const harness = withWorker('timezone');
const tzUrl = (() => {
  const url = new URL(harness.config.databaseUrl);
  url.pathname = `${url.pathname}_tz`;
  return url.toString();
})();

const catalogYaml = (timezone: string) => `
name: tz_shop
description: Events stored as instants (timestamptz); the business runs on ${timezone} time.
timezone: ${timezone}
tables:
  events:
    primary_key: event_id
    time_column: happened_at
    checks:
      - { column: amount, rule: non_negative, description: events with a negative amount, description_zh: 金额为负的事件 }
  event_lines:
    primary_key: line_id
    checks:
      - { column: price, rule: non_negative, description: lines with a negative price, description_zh: 单价为负的明细 }
joins:
  - from: event_lines.event_id
    to: events.event_id
time_fields:
  happened_at:
    column: events.happened_at
    meaning: When the event happened (an instant).
    type: timestamptz
metrics:
  revenue:
    label: revenue
    label_zh: 销售额
    aliases: [revenue, 销售额]
    description: Sum of positive event amounts.
    table: events
    expression: SUM(events.amount)
    time_field: happened_at
    filters: [{ sql: events.amount > 0, description: positive amounts only }]
    format: number
  line_revenue:
    label: line revenue
    label_zh: 明细销售额
    aliases: [line revenue, 明细销售额]
    description: Sum of positive line prices; a line takes its event's time.
    table: event_lines
    expression: SUM(event_lines.price)
    time_field: happened_at
    filters: [{ sql: event_lines.price > 0, description: positive prices only }]
    format: number
`;

const shanghai = parseCatalog(catalogYaml('Asia/Shanghai'), 'tz_shop (Asia/Shanghai)');
const utc = parseCatalog(catalogYaml('UTC'), 'tz_shop (UTC)');
let catalogPath = '';
let pool: Pool;

beforeAll(async () => {
  await ensureDatabase(tzUrl);
  pool = new Pool({ connectionString: tzUrl, max: 1 });
  // Instants in UTC; Shanghai is UTC+8 all year.
  await pool.query(`
    DROP TABLE IF EXISTS event_lines, events;
    CREATE TABLE events (event_id int PRIMARY KEY, happened_at timestamptz, amount numeric NOT NULL);
    CREATE TABLE event_lines (line_id int PRIMARY KEY, event_id int NOT NULL REFERENCES events, price numeric NOT NULL);
    INSERT INTO events VALUES
      (1, '2024-03-15T12:00:00Z', 10),    -- March everywhere
      (2, '2024-03-31T20:00:00Z', 100),   -- March in UTC, 2024-04-01 04:00 in Shanghai
      (3, '2024-04-10T00:00:00Z', 1),     -- April
      (4, '2024-04-30T17:00:00Z', 1000),  -- April in UTC, 2024-05-01 01:00 in Shanghai
      (5, '2024-04-20T00:00:00Z', -5),    -- April, a negative amount
      (6, '2023-06-01T00:00:00Z', -7),    -- outside the period, negative
      (7, '2024-02-10T00:00:00Z', -9);    -- outside the period, negative
    INSERT INTO event_lines VALUES
      (1, 2, 60), (2, 2, 40), (3, 3, 1),  -- April in Shanghai
      (4, 5, -5),                         -- April, negative
      (5, 6, -7), (6, 7, -9), (7, 1, -1); -- outside April, negative
  `);
  await ensureReaderRole(tzUrl);
  catalogPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'baton-tz-')), 'tz_shop.yaml');
  fs.writeFileSync(catalogPath, catalogYaml('Asia/Shanghai'));
});
afterAll(async () => pool.end());

const window = (start: string, end: string) => ({
  start,
  end,
  label_zh: `${start} 至 ${end}`,
  label_en: `${start} to ${end}`,
  source: 'question' as const,
});
const query = (metric: string, start: string, end: string, group_by: string[]): MetricQuery => ({
  metric,
  window: window(start, end),
  filters: [],
  group_by,
  periods: [],
  order: null,
  limit: null,
});

/** The compiler's rows, executed against PostgreSQL, as plain text and numbers. */
async function compiledRows(catalog: Catalog, q: MetricQuery): Promise<Record<string, string | number | null>[]> {
  const compiled = compileMetricQuery(catalog, q);
  const { rows } = await pool.query<Record<string, unknown>>(compiled.sql, compiled.params);
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'value' ? Number(v) : (v as string)])));
}

test('an event at 2024-03-31T20:00Z is April in Asia/Shanghai: monthly buckets of the compiler and of the second path', async () => {
  const monthly = query('revenue', '2024-03-01', '2024-06-01', ['month']);
  const expected = [
    { month: '2024-03', value: 10 },
    { month: '2024-04', value: 101 },
    { month: '2024-05', value: 1000 },
  ];
  expect(await compiledRows(shanghai, monthly)).toEqual(expected);
  expect(await secondPathRows(tzUrl, shanghai, monthly)).toEqual(expected);
  // The same data under a UTC catalog: the event stays in March (the zone decides, not the server's session).
  const inUtc = [
    { month: '2024-03', value: 110 },
    { month: '2024-04', value: 1001 },
  ];
  expect(await compiledRows(utc, monthly)).toEqual(inUtc);
  expect(await secondPathRows(tzUrl, utc, monthly)).toEqual(inUtc);

  // The window's bounds are Shanghai midnights too: April holds events 2 and 3.
  const april = query('revenue', '2024-04-01', '2024-05-01', []);
  expect(await compiledRows(shanghai, april)).toEqual([{ value: 101 }]);
  expect(await secondPathRows(tzUrl, shanghai, april)).toEqual([{ value: 101 }]);
  // Days: the event falls on 2024-04-01.
  const days = await compiledRows(shanghai, query('revenue', '2024-03-31', '2024-04-02', ['day']));
  expect(days).toEqual([{ day: '2024-04-01', value: 100 }]);
  expect(await secondPathRows(tzUrl, shanghai, query('revenue', '2024-03-31', '2024-04-02', ['day']))).toEqual([
    { day: '2024-04-01', value: 100 },
  ]);
  // A metric of a table without a time column of its own takes its event's time through the join.
  const lines = query('line_revenue', '2024-03-01', '2024-06-01', ['month']);
  expect(await compiledRows(shanghai, lines)).toEqual([{ month: '2024-04', value: 101 }]);
  expect(await secondPathRows(tzUrl, shanghai, lines)).toEqual([{ month: '2024-04', value: 101 }]);
});

test('"last month" near midnight UTC is read against today in the catalog\'s zone; BATON_TIMEZONE only overrides', () => {
  const now = new Date('2024-03-31T20:00:00Z');
  // 04:00 on 1 April in Shanghai: last month is March.
  const asOf = runDate(shanghai.timezone, undefined, now);
  expect(asOf).toBe('2024-04-01');
  expect(findTimeWindow('last month', asOf)).toMatchObject({ start: '2024-03-01', end: '2024-04-01' });
  expect(findTimeWindow('上个月销售额', asOf)).toMatchObject({ start: '2024-03-01', end: '2024-04-01' });
  // A UTC catalog at the same instant is still on 31 March: last month is February.
  expect(runDate(utc.timezone, undefined, now)).toBe('2024-03-31');
  expect(findTimeWindow('last month', runDate(utc.timezone, undefined, now))).toMatchObject({ start: '2024-02-01', end: '2024-03-01' });
  // An explicit override wins over the catalog.
  expect(runDate(shanghai.timezone, 'UTC', now)).toBe('2024-03-31');
});

test('a catalog with an unknown time zone is refused when it is loaded', () => {
  expect(() => parseCatalog(catalogYaml('Mars/Olympus_Mons'), 'bad.yaml')).toThrow(/timezone: not a time zone/);
});

test('a real run buckets by the catalog zone, and data quality counts the period beside the whole table', async () => {
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'revenue by month from March 2024 to May 2024', {
    databaseUrl: tzUrl,
    catalogPath,
  });
  expect(result.status).toBe('completed');
  const series = result.steps[0]!.result!.rows.map((r) => ({ month: r.month, value: Number(r.value) }));
  expect(series).toEqual([
    { month: '2024-03', value: 10 },
    { month: '2024-04', value: 101 },
    { month: '2024-05', value: 1000 },
  ]);

  // March to May in Shanghai holds events 1 to 5; one of them (5) is negative, as are 6 and 7 outside it.
  const dq = result.dataQuality!;
  expect(dq.tables).toEqual([{ table: 'events', rows: 5, rows_all: 7, period: 'events.happened_at' }]);
  expect(dq.checks).toEqual([
    expect.objectContaining({ id: 'events.amount.non_negative', count: 1, count_all: 3, excluded_by_metrics: true }),
  ]);
  expect([dq.dirty_rows, dq.dirty_rows_all]).toEqual([1, 3]);
  expect(result.verification!.mismatches).toEqual([]);
  for (const id of [
    'dq.events.rows',
    'dq.events.amount.non_negative',
    'dq.events.amount.non_negative.all',
    'dq.events.dirty_rows',
    'dq.events.dirty_rows.all',
  ])
    expect(result.verification!.verified).toContain(id);
  expect(result.report!.audit.clean).toBe(true);
  const section = (await publishedReport(result)).sections.find((s) => s.id === 'data-quality')!.body;
  expect(section).toMatch(/events: 5\[\d+\] rows in the analysed period \(placed in it by when the event happened \(an instant\)\)/);
  expect(section).toMatch(
    /events with a negative amount: 1\[\d+\] of 5\[\d+\] rows in the period; 3\[\d+\] in the whole table, kept out by the metric filters/,
  );
});

test('a table without a time column of its own is placed in the period through its join', async () => {
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'line revenue in April 2024', {
    databaseUrl: tzUrl,
    catalogPath,
  });
  expect(result.status).toBe('completed');
  expect(Number(result.steps[0]!.result!.rows[0]!.value)).toBe(101);
  const dq = result.dataQuality!;
  // April in Shanghai: events 2, 3 and 5, and their four lines; negative: event 5 and its line.
  expect(dq.tables).toEqual([
    { table: 'event_lines', rows: 4, rows_all: 7, period: 'events.happened_at through event_lines.event_id' },
    { table: 'events', rows: 3, rows_all: 7, period: 'events.happened_at' },
  ]);
  const counts = Object.fromEntries(dq.checks.map((c) => [c.id, [c.count, c.count_all]]));
  expect(counts).toEqual({ 'event_lines.price.non_negative': [1, 4], 'events.amount.non_negative': [1, 3] });
  expect(result.verification!.mismatches).toEqual([]);
  expect(result.verification!.verified).toEqual(
    expect.arrayContaining(['dq.event_lines.price.non_negative', 'dq.event_lines.price.non_negative.all', 'dq.event_lines.rows']),
  );
  const section = (await publishedReport(result)).sections.find((s) => s.id === 'data-quality')!.body;
  expect(section).toMatch(/lines with a negative price: 1\[\d+\] of 4\[\d+\] rows in the period; 4\[\d+\] in the whole table/);
});

test('BATON_TODAY fixes "today" for runs and the seed, so a suite crossing midnight in the zone asks about the month it seeded', () => {
  const saved = process.env.BATON_TODAY;
  try {
    process.env.BATON_TODAY = '2026-11-30';
    // 16:00 UTC is already 1 December in Shanghai: the clock would move "last month" from October to November.
    expect(runDate(shanghai.timezone, undefined)).toBe('2026-11-30');
    expect(findTimeWindow('上个月销售额', runDate(shanghai.timezone, undefined))).toMatchObject({ start: '2026-10-01', end: '2026-11-01' });
    // An explicit instant is still read in the zone.
    expect(runDate(shanghai.timezone, undefined, new Date('2026-11-30T16:00:00Z'))).toBe('2026-12-01');
    process.env.BATON_TODAY = '30/11/2026';
    expect(() => runDate(shanghai.timezone, undefined)).toThrow(/BATON_TODAY must be a date written YYYY-MM-DD/);
  } finally {
    if (saved === undefined) delete process.env.BATON_TODAY;
    else process.env.BATON_TODAY = saved;
  }
});

test('"in the future" is judged in the catalog\'s zone: wall-time columns against the zone\'s clock, instants against now', async () => {
  // Kiritimati is UTC+14, ahead of any server's session zone: there, a wall time an hour ago is still "later" than a
  // bare now() read in the session's zone. Four visits around now; the ones 2 hours and 3 days ahead are in the future.
  const zone = 'Pacific/Kiritimati';
  await pool.query(`
    DROP TABLE IF EXISTS visits;
    CREATE TABLE visits (visit_id int PRIMARY KEY, visited_at timestamp NOT NULL, logged_at timestamptz NOT NULL, visit_day date NOT NULL);
    INSERT INTO visits
      SELECT id, (now() AT TIME ZONE '${zone}') + shift, now() + shift, ((now() AT TIME ZONE '${zone}') + shift)::date
      FROM (VALUES (1, interval '-1 hour'), (2, interval '-6 hours'), (3, interval '2 hours'), (4, interval '3 days')) AS v(id, shift);
    -- Row 3's day is today unless two hours from now is past midnight there: it is then a future day too.
  `);
  await ensureReaderRole(tzUrl);
  const yaml = `
name: visits
timezone: ${zone}
tables:
  visits:
    primary_key: visit_id
    time_column: visited_at
    checks:
      - { column: visited_at, rule: not_in_future, description: visits in the future (wall time) }
      - { column: logged_at, rule: not_in_future, description: visits logged in the future (instant) }
      - { column: visit_day, rule: not_in_future, description: visits on a future day }
time_fields:
  visited:
    column: visits.visited_at
    meaning: When the visit happened, wall time in ${zone}.
metrics:
  visits:
    label: visits
    label_zh: 访问次数
    aliases: [visits]
    description: Number of visits.
    table: visits
    expression: COUNT(*)
    time_field: visited
    format: integer
`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'baton-visits-')), 'visits.yaml');
  fs.writeFileSync(file, yaml);
  const bounds = (
    await pool.query<{ start: string; end: string; future_days: string }>(`
    SELECT to_char(date_trunc('month', (now() AT TIME ZONE '${zone}') - interval '1 day'), 'YYYY-MM-DD') AS start,
           to_char(date_trunc('month', (now() AT TIME ZONE '${zone}') + interval '4 days') + interval '1 month', 'YYYY-MM-DD') AS end,
           count(*) FILTER (WHERE visit_day > (now() AT TIME ZONE '${zone}')::date) AS future_days FROM visits`)
  ).rows[0]!;
  const dq = await checkDataQuality({
    workflow_id: `visits-${Date.now()}`,
    catalogPath: file,
    databaseUrl: tzUrl,
    metrics: ['visits'],
    windows: [window(bounds.start, bounds.end)],
  });
  const counts = Object.fromEntries(dq.checks.map((c) => [c.column, [c.count, c.count_all]]));
  expect(counts).toEqual({ visited_at: [2, 2], logged_at: [2, 2], visit_day: [Number(bounds.future_days), Number(bounds.future_days)] });
  expect(Number(bounds.future_days)).toBeGreaterThanOrEqual(1);
  expect(dq.tables).toEqual([{ table: 'visits', rows: 4, rows_all: 4, period: 'visits.visited_at' }]);

  // In a conversation's turn, until when these counts hold on this data: the first of the future rows to pass "now",
  // each column read as its check reads it (an instant; a wall time and a day, in the zone), as milliseconds.
  const held = await checkDataQuality({
    workflow_id: `visits-${Date.now()}`,
    catalogPath: file,
    databaseUrl: tzUrl,
    metrics: ['visits'],
    windows: [window(bounds.start, bounds.end)],
    reuse: [],
    data_version: 'visits-v1',
  });
  const edge = (
    await pool.query<{ ms: string }>(`
    SELECT floor(extract(epoch FROM least(
      (SELECT min(visited_at) AT TIME ZONE '${zone}' FROM visits WHERE visited_at > (now() AT TIME ZONE '${zone}')),
      (SELECT min(logged_at) FROM visits WHERE logged_at > now()),
      (SELECT min(visit_day)::timestamp AT TIME ZONE '${zone}' FROM visits WHERE visit_day > (now() AT TIME ZONE '${zone}'))
    )) * 1000) AS ms`)
  ).rows[0]!;
  expect(held.reuse?.holds_until).toBe(Number(edge.ms));
  // Row 3, two hours ahead, is the first (or a day that starts sooner, in the zone).
  expect(held.reuse?.holds_until).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000 + 1000);
  expect(held.reuse?.holds_until).toBeGreaterThan(Date.now());
});

test('a catalog of the last release (no type on its timestamptz field) passes catalog check and answers in the zone', async () => {
  // Before: the missing type read as timestamp, so check failed ("declare type: timestamptz (declared timestamp)")
  // and a run bucketed the instants by the server's zone: March 110, April 1.
  const old = catalogYaml('Asia/Shanghai').replace(/\n\s+type: timestamptz/, '');
  expect(old).not.toContain('type:');
  const report = await checkCatalog(old, 'tz_shop (last release)', tzUrl);
  expect(report.problems).toEqual([]);
  // A declared type that differs is still an error, with its line.
  const wrong = await checkCatalog(catalogYaml('Asia/Shanghai').replace('type: timestamptz', 'type: date'), 'tz_shop (wrong type)', tzUrl);
  expect(wrong.problems).toEqual([
    'time_fields.happened_at.type: events.happened_at is timestamp with time zone; declare type: timestamptz (declared date)',
  ]);
  expect(wrong.problemLines[0]).toBe(catalogYaml('Asia/Shanghai').split('\n').indexOf('    type: timestamptz') + 1);

  const oldPath = path.join(path.dirname(catalogPath), 'tz_shop_last_release.yaml');
  fs.writeFileSync(oldPath, old);
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'revenue by month from March 2024 to May 2024', {
    databaseUrl: tzUrl,
    catalogPath: oldPath,
  });
  expect(result.status).toBe('completed');
  const series = result.steps[0]!.result!.rows.map((r) => ({ month: r.month, value: Number(r.value) }));
  // By hand: the positive amounts by month of happened_at as wall time in Shanghai.
  const { rows } = await pool.query<{ month: string; value: string }>(
    `SELECT to_char(happened_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') AS month, sum(amount)::text AS value FROM events
     WHERE amount > 0 AND happened_at AT TIME ZONE 'Asia/Shanghai' >= '2024-03-01' AND happened_at AT TIME ZONE 'Asia/Shanghai' < '2024-06-01'
     GROUP BY 1 ORDER BY 1`,
  );
  expect(series).toEqual(rows.map((r) => ({ month: r.month, value: Number(r.value) })));
  expect(series).toEqual([
    { month: '2024-03', value: 10 },
    { month: '2024-04', value: 101 },
    { month: '2024-05', value: 1000 },
  ]);
  expect(result.verification!.mismatches).toEqual([]);
}, 180_000);
