/**
 * `baton catalog init` on a flat table nobody on the project designed: one row per invoice line of the public Chinook
 * database, copied into a scratch database (<test database>_flat) with the invoice id repeated on each of its lines,
 * the customer's and the track's names (the tracks sold: over 1,000), quantity, unit price, and a margin that is
 * negative on the cheaper lines. The draft must count invoices, average per invoice (not per line), keep the track
 * names for rankings, leave the signed margin without min: 0, propose the revenue as primary metric with the verbs
 * people use, and pass `catalog check`. On the demo shop, a not_before across the orders → users join is proposed.
 */
import { Pool } from 'pg';
import { parse as parseYaml } from 'yaml';
import { parseCatalog, type Catalog } from '../../src/catalog/catalog';
import { checkCatalog } from '../../src/catalog/check';
import { draftCatalog } from '../../src/catalog/draft';
import { compileMetricQuery } from '../../src/catalog/sql';
import type { MetricQuery } from '../../src/contracts';
import { ensureDatabase } from '../../src/storage/db';
import { ensureReaderRole } from '../../src/storage/reader-role';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';
import { testConfig } from '../helpers';

const serverUrl = testConfig().databaseUrl;
const flatUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `${url.pathname}_flat`;
  return url.toString();
})();
const chinook = new Pool({ connectionString: chinookDatabaseUrl(serverUrl), max: 1 });
const flat = new Pool({ connectionString: flatUrl, max: 1 });
/** What the margin subtracts from each line's price × quantity: 0.99 lines lose money, 1.99 lines make it. */
const COST_PER_LINE = 1.2;

let text: string;
let catalog: Catalog;
type Drafted = {
  primary_metric?: string;
  tables: Record<string, { checks?: { column: string; rule: string; other?: string }[] }>;
  metrics: Record<string, { expression?: string; numerator?: string; denominator?: string; rules?: { min?: number }; aliases?: string[] }>;
  dimensions: Record<string, { column?: string; ranking_only?: boolean }>;
};
let drafted: Drafted;

beforeAll(async () => {
  await ensureDatabase(flatUrl);
  const { rows } = await chinook.query<Record<string, string | number>>(
    `SELECT il.invoice_line_id, il.invoice_id, i.invoice_date::text AS invoice_date, c.first_name || ' ' || c.last_name AS customer,
            i.billing_country, t.name AS track_name, g.name AS genre, il.quantity, il.unit_price::text AS unit_price,
            (il.unit_price * il.quantity - $1)::text AS margin
     FROM invoice_line il JOIN invoice i ON i.invoice_id = il.invoice_id JOIN customer c ON c.customer_id = i.customer_id
     JOIN track t ON t.track_id = il.track_id LEFT JOIN genre g ON g.genre_id = t.genre_id ORDER BY il.invoice_line_id`,
    [COST_PER_LINE],
  );
  const column = (name: string) => rows.map((r) => r[name]);
  await flat.query(`DROP TABLE IF EXISTS sales_lines;
    CREATE TABLE sales_lines (line_id int PRIMARY KEY, invoice_id int NOT NULL, invoice_date timestamp NOT NULL, customer text NOT NULL,
      billing_country text, track_name text NOT NULL, genre text, quantity int NOT NULL, unit_price numeric(10,2) NOT NULL, margin numeric(10,2) NOT NULL)`);
  await flat.query(
    `INSERT INTO sales_lines SELECT * FROM unnest($1::int[], $2::int[], $3::timestamp[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::numeric[], $10::numeric[])`,
    [
      'invoice_line_id',
      'invoice_id',
      'invoice_date',
      'customer',
      'billing_country',
      'track_name',
      'genre',
      'quantity',
      'unit_price',
      'margin',
    ].map(column),
  );
  await ensureReaderRole(flatUrl);
  text = await draftCatalog(flatUrl, 'flat_sales', 'public', { currency: 'USD' });
  catalog = parseCatalog(text, 'flat_sales (draft)');
  drafted = parseYaml(text) as Drafted;
}, 120_000);
afterAll(async () => {
  await chinook.end();
  await flat.end();
});

/** Baton's catalog SQL for a metric over all of the data, run on the flat table. */
async function batonValue(metric: string): Promise<number> {
  const query: MetricQuery = {
    metric,
    window: { start: '2000-01-01', end: '2100-01-01', label_zh: '全部', label_en: 'all time', source: 'question' },
    filters: [],
    group_by: [],
    periods: [],
    order: null,
    limit: null,
  };
  const compiled = compileMetricQuery(catalog, query);
  const { rows } = await flat.query<{ value: string }>(compiled.sql, compiled.params);
  return Number(rows[0]!.value);
}

test('the fixture is what it claims: invoice ids repeat, over 1,000 track names, a margin negative on some lines', async () => {
  const { rows } = await flat.query<{ lines: string; invoices: string; tracks: string; losses: string }>(
    `SELECT count(*) AS lines, count(DISTINCT invoice_id) AS invoices, count(DISTINCT track_name) AS tracks, count(*) FILTER (WHERE margin < 0) AS losses FROM sales_lines`,
  );
  expect(Number(rows[0]!.lines)).toBeGreaterThan(Number(rows[0]!.invoices));
  expect(Number(rows[0]!.tracks)).toBeGreaterThan(1000);
  expect(Number(rows[0]!.losses)).toBeGreaterThan(0);
});

test('invoices are counted by their repeated id, and the average per invoice divides by that count, not by the lines', async () => {
  expect(drafted.metrics.invoices).toMatchObject({ expression: 'COUNT(DISTINCT sales_lines.invoice_id)' });
  expect(drafted.metrics.avg_invoice_value).toMatchObject({
    numerator: 'SUM(sales_lines.unit_price * sales_lines.quantity)',
    denominator: 'COUNT(DISTINCT sales_lines.invoice_id)',
  });
  expect(drafted.metrics.sales_lines).toMatchObject({ expression: 'COUNT(*)' });
  // By hand, on Chinook's own tables: invoices, and the average invoice total (each invoice's total is the sum of its lines).
  const { rows } = await chinook.query<{ invoices: string; per_invoice: string; per_line: string }>(
    `SELECT (SELECT count(*) FROM invoice) AS invoices, (SELECT avg(total) FROM invoice) AS per_invoice,
            (SELECT avg(unit_price * quantity) FROM invoice_line) AS per_line`,
  );
  const [invoices, perInvoice, perLine] = [Number(rows[0]!.invoices), Number(rows[0]!.per_invoice), Number(rows[0]!.per_line)];
  expect(await batonValue('invoices')).toBe(invoices);
  expect(Math.abs((await batonValue('avg_invoice_value')) - perInvoice)).toBeLessThan(1e-9);
  // The per-line average (revenue per unit sold; one unit per line here) is the other number, and far from it.
  expect(Math.abs((await batonValue('avg_unit_price')) - perLine)).toBeLessThan(1e-9);
  expect(perInvoice / perLine).toBeGreaterThan(5);
  process.stdout.write(`flat table: ${invoices} invoices; average per invoice ${perInvoice} against ${perLine} per line\n`);
});

test('the track names (over 1,000) are a ranking-only dimension; the customers (59) a plain one', () => {
  const track = Object.values(drafted.dimensions).find((d) => d.column === 'sales_lines.track_name');
  expect(track).toMatchObject({ ranking_only: true });
  const customer = Object.values(drafted.dimensions).find((d) => d.column === 'sales_lines.customer');
  expect(customer).toBeDefined();
  expect(customer!.ranking_only).toBeUndefined();
  expect(catalog.dimensions.customer!.ranking_only).toBe(false);
});

test('the signed margin gets no min: 0 and no non_negative check; the unit price keeps both', () => {
  expect(drafted.metrics.margin).toMatchObject({ expression: 'SUM(sales_lines.margin)' });
  for (const [id, m] of Object.entries(drafted.metrics))
    if (/margin/.test(`${m.expression ?? ''} ${m.numerator ?? ''}`)) expect([id, m.rules?.min]).toEqual([id, undefined]);
  const checks = drafted.tables.sales_lines!.checks ?? [];
  expect(checks.filter((c) => c.rule === 'non_negative').map((c) => c.column)).toEqual(['unit_price']);
  expect(drafted.metrics.sales_line_revenue!.rules).toEqual({ min: 0 });
});

test('the revenue is proposed as primary_metric, with the verbs people use; no alias is on two metrics', () => {
  expect(drafted.primary_metric).toBe('sales_line_revenue');
  expect(drafted.metrics.sales_line_revenue!.aliases).toEqual(expect.arrayContaining(['sell', 'sold', '卖']));
  const seen = new Map<string, string>();
  for (const [id, m] of Object.entries(drafted.metrics))
    for (const alias of m.aliases ?? []) {
      expect([alias, seen.get(alias.toLowerCase()) ?? id]).toEqual([alias, id]);
      seen.set(alias.toLowerCase(), id);
    }
  expect(seen.size).toBeGreaterThan(10);
});

test('the draft passes catalog check as it is', async () => {
  const report = await checkCatalog(text, 'flat_sales.yaml', flatUrl);
  expect(report.problems).toEqual([]);
  expect(report.checked.metrics).toBe(Object.keys(drafted.metrics).length);
  // A ranking-only dimension is meant for top-N: no warning that it has too many values to group by.
  expect(report.warnings.filter((w) => w.path.startsWith('dimensions.'))).toEqual([]);
}, 60_000);

test("the demo shop's draft proposes not_before across orders → users, counting the orders that break it", async () => {
  const demo = await draftCatalog(serverUrl, 'demo', 'public', { currency: 'CNY' });
  const checks = (parseYaml(demo) as Drafted).tables.orders!.checks ?? [];
  const across = checks.find((c) => c.rule === 'not_before' && c.other?.includes('.'));
  expect(across).toMatchObject({ rule: 'not_before', other: 'users.registered_at' });
  const pool = new Pool({ connectionString: serverUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ joined: string; before: string }>(
      `SELECT count(*) AS joined, count(*) FILTER (WHERE o.${across!.column} < u.registered_at) AS before
       FROM orders o JOIN users u ON u.user_id = o.user_id WHERE o.${across!.column} IS NOT NULL AND u.registered_at IS NOT NULL`,
    );
    expect(demo).toContain(
      `# proposed from the data: ${rows[0]!.before} of ${rows[0]!.joined} orders are dated before their user (users.registered_at) today`,
    );
  } finally {
    await pool.end();
  }
  // Chinook has no pair of joined tables that both carry a time: nothing is proposed across a join there.
  const chinookDraft = parseYaml(await draftCatalog(chinookDatabaseUrl(serverUrl), 'chinook', 'public', { currency: 'USD' })) as Drafted;
  const acrossChinook = Object.values(chinookDraft.tables).flatMap((t) => (t.checks ?? []).filter((c) => c.other?.includes('.')));
  expect(acrossChinook).toEqual([]);
}, 120_000);
