/**
 * `baton catalog init` drafts a catalog a person can keep.
 *
 * A scratch database (<test database>_init) holds a small rental shop written to trip a naive draft: a staff table
 * with a password, its hash, a salt, an API token, a card number, e-mail and phone (each with a planted value), a
 * partitioned payment table, an order-line table with a composite key and a discount rate, ids and years that must
 * never be summed, free text, addresses and postal codes, an enum rating, a boolean, a view and a table without a key.
 * The draft is also measured against the catalogs the suites use (catalogs/chinook.yaml, catalogs/demo.yaml).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Pool } from 'pg';
import { parse as parseYaml } from 'yaml';
import { checkDataQuality } from '../../src/activities/data-quality';
import { parseCatalog } from '../../src/catalog/catalog';
import { DraftError, draftCatalog, draftCatalogWithNotes } from '../../src/catalog/draft';
import { ensureDatabase } from '../../src/storage/db';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';
import { decisionLines, distance } from '../../scripts/measure-draft';
import { testConfig } from '../helpers';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const serverUrl = testConfig().databaseUrl;
const scratch = (suffix: string) => {
  const url = new URL(serverUrl);
  url.pathname = `${url.pathname}_${suffix}`;
  return url.toString();
};
const initUrl = scratch('init');
const emptyUrl = scratch('init_empty');
let pool: Pool;

/** Values planted in sensitive columns: none may ever appear in a draft. */
const SECRETS = [
  'hunter2-planted',
  '$2b$12$plantedhashplantedhashplantedhashXYZ',
  'salt-planted-91',
  'tok_planted_4242',
  '4111111111111111',
  '078-05-1120',
  'mike.hillyer@planted.example',
  '+86 138 0013 8000',
];

beforeAll(async () => {
  await ensureDatabase(initUrl);
  await ensureDatabase(emptyUrl);
  pool = new Pool({ connectionString: initUrl, max: 2 });
  await pool.query(`
    DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;
    DROP TYPE IF EXISTS mpaa_rating; CREATE TYPE mpaa_rating AS ENUM ('G', 'PG', 'PG-13', 'R', 'NC-17');
    CREATE TABLE store (store_id int PRIMARY KEY, name text NOT NULL, address text, postal_code text, phone text, last_update timestamp NOT NULL DEFAULT now());
    CREATE TABLE staff (staff_id int PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL, store_id int REFERENCES store,
      email text, phone text, password text, password_hash text, salt text, api_token text, card_number text, ssn text,
      active boolean NOT NULL DEFAULT true, last_update timestamp NOT NULL DEFAULT now());
    CREATE TABLE customer (customer_id int PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL, company text, email text, phone text, fax text,
      address text, postal_code text, homepage text, notes text, segment text, active boolean NOT NULL, birth_date date, created_at timestamp NOT NULL, last_update timestamp NOT NULL);
    CREATE TABLE film (film_id int PRIMARY KEY, title text NOT NULL, description text, release_year int, rating mpaa_rating, rental_rate numeric(4,2), last_update timestamp NOT NULL);
    CREATE TABLE rental (rental_id int PRIMARY KEY, rental_date timestamp NOT NULL, return_date timestamp, customer_id int NOT NULL REFERENCES customer,
      staff_id int NOT NULL REFERENCES staff, film_id int NOT NULL REFERENCES film, amount numeric(6,2) NOT NULL, last_update timestamp NOT NULL);
    CREATE TABLE payment (payment_id int NOT NULL, payment_date timestamptz NOT NULL, customer_id int NOT NULL REFERENCES customer, staff_id int REFERENCES staff,
      amount numeric(6,2) NOT NULL, PRIMARY KEY (payment_id, payment_date)) PARTITION BY RANGE (payment_date);
    CREATE TABLE payment_2024 PARTITION OF payment FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
    CREATE TABLE payment_2025 PARTITION OF payment FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
    CREATE TABLE product (product_id int PRIMARY KEY, product_name text NOT NULL, category text NOT NULL);
    CREATE TABLE sales_order (order_id int PRIMARY KEY, order_date date NOT NULL, customer_id int NOT NULL REFERENCES customer, order_total numeric(10,2) NOT NULL, created_at timestamp NOT NULL, last_update timestamp NOT NULL);
    CREATE TABLE order_line (order_id int NOT NULL REFERENCES sales_order, line_no int NOT NULL, product_id int NOT NULL REFERENCES product,
      unit_price numeric(8,2) NOT NULL, quantity int NOT NULL, discount numeric(3,2) NOT NULL DEFAULT 0, PRIMARY KEY (order_id, line_no));
    CREATE TABLE web_log (logged_at timestamp, path text, user_agent text);
    CREATE VIEW customer_rentals AS SELECT customer_id, count(*) AS rentals FROM rental GROUP BY customer_id;
    INSERT INTO store VALUES (1, 'Lethbridge', '47 MySakila Drive', 'T1K 5J4', '+1 403 555 0100'), (2, 'Woodridge', '28 MySQL Boulevard', '4114', '+61 7 5555 0100');
    INSERT INTO staff VALUES (1, 'Mike', 'Hillyer', 1, '${SECRETS[6]}', '${SECRETS[7]}', '${SECRETS[0]}', '${SECRETS[1]}', '${SECRETS[2]}', '${SECRETS[3]}', '${SECRETS[4]}', '${SECRETS[5]}', true),
                             (2, 'Jon', 'Stephens', 2, 'jon@planted.example', '+1 555 0101', 'hunter3-planted', 'x', 'y', 'z', '5500000000000004', '219-09-9999', true);
    INSERT INTO customer VALUES
      (1, 'Mary', 'Smith', 'Acme Ltd', 'mary@example.com', '555-0001', '555-0002', '1913 Hanoi Way', '35200', 'http://mary.example', 'likes horror', 'retail', true, '1980-01-01', '2024-01-05', now()),
      (2, 'Patricia', 'Johnson', NULL, 'pat@example.com', '555-0003', NULL, '1121 Loja Avenue', '17886', NULL, 'call after 6', 'wholesale', true, '1975-05-05', '2024-02-05', now()),
      (3, 'Linda', 'Williams', 'Globex', 'linda@example.com', '555-0004', NULL, '692 Joliet Street', '83579', NULL, NULL, 'retail', false, '1990-09-09', '2024-03-05', now());
    INSERT INTO film VALUES (1, 'Academy Dinosaur', 'An epic drama', 2006, 'PG', 0.99, now()), (2, 'Ace Goldfinger', 'A thrilling story', 2006, 'G', 4.99, now());
    INSERT INTO rental VALUES (1, '2024-05-24 22:53', '2024-05-26', 1, 1, 1, 0.99, now()), (2, '2024-05-25 11:30', NULL, 2, 2, 2, 4.99, now()), (3, '2025-06-01 09:00', '2025-06-03', 3, 1, 2, 4.99, now());
    INSERT INTO payment VALUES (1, '2024-05-25 00:00+00', 1, 1, 0.99), (2, '2025-06-03 00:00+00', 3, 1, 4.99);
    INSERT INTO product VALUES (1, 'Popcorn', 'snacks'), (2, 'Poster', 'merchandise');
    INSERT INTO sales_order VALUES (1, '2025-03-01', 1, 10.00, now(), now()), (2, '2025-03-02', 2, 4.50, now(), now());
    INSERT INTO order_line VALUES (1, 1, 1, 2.50, 2, 0), (1, 2, 2, 5.00, 1, 0), (2, 1, 1, 2.50, 2, 0.10);
    INSERT INTO web_log VALUES (now(), '/', 'curl');
  `);
}, 60_000);

afterAll(async () => pool.end());

interface DraftShape {
  timezone: string;
  tables: Record<string, { primary_key?: string | string[]; time_column?: string }>;
  joins: { from: string; to: string }[];
  time_fields: Record<string, { column: string; type: string }>;
  metrics: Record<
    string,
    { label: string; label_zh?: string; table: string; expression?: string; numerator?: string; denominator?: string; time_field: string }
  >;
  dimensions: Record<string, { label: string; label_zh?: string; column?: string; expression?: string; values?: Record<string, unknown> }>;
}

let text: string;
let draft: DraftShape;
let notes: string[];

beforeAll(async () => {
  ({ text, notes } = await draftCatalogWithNotes(initUrl, 'rental_shop'));
  draft = parseYaml(text) as DraftShape;
});

test('no sensitive column is proposed and none of their values is in the file', () => {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/hunter3|5500000000000004|219-09-9999|jon@planted/);
  const used = JSON.stringify({
    metrics: draft.metrics,
    dimensions: draft.dimensions,
    time_fields: draft.time_fields,
    tables: draft.tables,
  });
  for (const column of ['password', 'password_hash', 'salt', 'api_token', 'card_number', 'ssn', 'email', 'phone', 'fax'])
    expect(used).not.toMatch(new RegExp(`\\.${column}\\b`));
  // The header says what it left out, by name only.
  expect(text).toMatch(
    /^# Sensitive columns, never proposed and never read: .*staff\.password, staff\.password_hash, staff\.salt, staff\.api_token, staff\.card_number, staff\.ssn/m,
  );
});

test('the draft loads, keeps composite keys whole, lists a partitioned table once (its parent) and joins it', () => {
  expect(() => parseCatalog(text)).not.toThrow();
  expect(draft.tables.order_line!.primary_key).toEqual(['order_id', 'line_no']);
  expect(draft.tables.payment!.primary_key).toEqual(['payment_id', 'payment_date']);
  expect(Object.keys(draft.tables)).not.toContain('payment_2024');
  expect(text).not.toContain('payment_2025');
  expect(draft.joins).toEqual(
    expect.arrayContaining([
      { from: 'payment.customer_id', to: 'customer.customer_id' },
      { from: 'rental.film_id', to: 'film.film_id' },
      { from: 'order_line.order_id', to: 'sales_order.order_id' },
    ]),
  );
  expect(draft.metrics.payment_amount).toMatchObject({ table: 'payment', expression: 'SUM(payment.amount)' });
});

test('each table gets its business time, never an audit column, and the server zone is written out', async () => {
  expect(draft.tables.rental!.time_column).toBe('rental_date');
  expect(draft.tables.sales_order!.time_column).toBe('order_date');
  expect(draft.tables.payment!.time_column).toBe('payment_date');
  expect(draft.tables.customer!.time_column).toBe('created_at');
  expect(draft.time_fields.payment_date).toEqual(expect.objectContaining({ column: 'payment.payment_date', type: 'timestamptz' }));
  for (const f of Object.values(draft.time_fields)) expect(f.column).not.toMatch(/last_update|birth_date/);
  const { rows } = await pool.query<{ TimeZone: string }>('SHOW TimeZone');
  expect(draft.timezone).toBe(rows[0]!.TimeZone);
  expect(text).toMatch(/# The server's TimeZone setting/);
});

test('metrics: row counts, money sums and averages, line revenue with its discount, distinct customers; never sums of ids or years', () => {
  const m = draft.metrics;
  expect(m.rentals).toMatchObject({ table: 'rental', expression: 'COUNT(*)', time_field: 'rental_date' });
  expect(m.rental_amount).toMatchObject({ expression: 'SUM(rental.amount)' });
  expect(m.avg_rental_amount).toMatchObject({ numerator: 'SUM(rental.amount)', denominator: 'COUNT(*)' });
  expect(
    Object.values(m)
      .filter((x) => x.expression?.startsWith('COUNT(DISTINCT'))
      .map((x) => x.expression)
      .sort(),
  ).toEqual(['COUNT(DISTINCT payment.customer_id)', 'COUNT(DISTINCT rental.customer_id)', 'COUNT(DISTINCT sales_order.customer_id)']);
  expect(m.order_line_revenue).toMatchObject({
    table: 'order_line',
    expression: 'SUM(order_line.unit_price * order_line.quantity * (1 - order_line.discount))',
    time_field: 'order_date',
  });
  expect(m.units_sold).toMatchObject({ expression: 'SUM(order_line.quantity)' });
  const sums = Object.values(m)
    .flatMap((x) => [x.expression, x.numerator, x.denominator])
    .filter((s): s is string => !!s)
    .join('\n');
  expect(sums).not.toMatch(/SUM\([a-z_]+\.(\w*_id|release_year|line_no|staff_id)\)/);
  expect(Object.values(m).map((x) => x.table)).not.toContain('film');
  expect(text).toContain('# which amount is revenue?');
});

test('dimensions: names, enums, low-cardinality text and booleans; never free text, addresses, phones, URLs, postal codes or notes', () => {
  const d = draft.dimensions;
  const columns = Object.values(d).map((x) => x.column ?? x.expression);
  expect(columns).toEqual(
    expect.arrayContaining([
      'customer.company',
      'customer.segment',
      'customer.active',
      'film.rating',
      'film.title',
      'product.category',
      "customer.first_name || ' ' || customer.last_name",
    ]),
  );
  expect(d.rating!.values).toEqual({ G: [], PG: [], 'PG-13': [], R: [], 'NC-17': [] });
  for (const bad of ['address', 'postal_code', 'homepage', 'notes', 'description', 'phone', 'fax', 'email', 'user_agent', 'path'])
    expect(columns.join(' ')).not.toMatch(new RegExp(`\\.${bad}\\b`));
});

test('labels: English from the names, Chinese only where a translation is known, never half-translated', () => {
  expect(draft.metrics.rentals).toMatchObject({ label: 'rentals', label_zh: '租赁次数' });
  expect(draft.metrics.units_sold!.label_zh).toBe('销量');
  expect(draft.dimensions.segment).toMatchObject({ label: 'segment', label_zh: '客户分群' });
  expect(draft.metrics.order_line_revenue!.label_zh).toBeUndefined();
  for (const l of [...Object.values(draft.metrics), ...Object.values(draft.dimensions)].map((x) => x.label_zh).filter(Boolean)) {
    expect(l).not.toMatch(/[A-Za-z_]/);
  }
});

test('a view and a table without a primary key are named in the notes; the draft asks for their keys', () => {
  expect(notes.join('\n')).toMatch(
    /customer_rentals: a view, left out .*views are allowed as tables: add it under tables with the primary_key/,
  );
  expect(notes.join('\n')).toMatch(/web_log: no primary key, left out/);
});

test('bad input: an empty database and a schema that does not exist get a clear message', async () => {
  await expect(draftCatalog(emptyUrl, 'empty')).rejects.toThrow(
    new DraftError(
      `schema "public" of database ${new URL(emptyUrl).pathname.slice(1)} has no tables or views: nothing to draft (load your data first, or name another schema with --schema)`,
    ),
  );
  await expect(draftCatalog(initUrl, 'x', 'salez')).rejects.toThrow(
    'schema "salez" does not exist in this database; schemas with tables: public',
  );
});

test('--no-setup writes nothing to the server; without it the read-only role is created and granted', async () => {
  const role = `${new URL(initUrl).pathname.slice(1)}_probe`;
  const env = { ...process.env, BATON_READER_ROLE: role };
  const out = path.join(ROOT, '.data', 'test', 'init-draft.yaml');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const exists = async () => (await pool.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount === 1;
  const cleanUp = async () => {
    if (await exists()) {
      await pool.query(`DROP OWNED BY "${role}"`);
      await pool.query(`DROP ROLE "${role}"`);
    }
  };
  await cleanUp();
  await run('node', [path.join(ROOT, 'dist/src/client.js'), 'catalog', 'init', '--no-setup', '--database-url', initUrl, '-o', out], {
    env,
  });
  expect(await exists()).toBe(false);
  expect(fs.readFileSync(out, 'utf8')).toBe(await draftCatalog(initUrl, new URL(initUrl).pathname.slice(1)));
  const { stderr } = await run('node', [path.join(ROOT, 'dist/src/client.js'), 'catalog', 'init', '--database-url', initUrl, '-o', out], {
    env,
  });
  expect(stderr).toContain(`granted ${role} SELECT on schema public`);
  expect(await exists()).toBe(true);
  const { rows } = await pool.query<{ ok: boolean }>(`SELECT has_table_privilege($1, 'public.rental', 'SELECT') AS ok`, [role]);
  expect(rows[0]!.ok).toBe(true);
  await cleanUp();
}, 60_000);

test('measured: lines to change from the draft to the catalogs the suites use (chinook ≤ 11, demo ≤ 19)', async () => {
  const measure = async (url: string, name: string, currency: string) => {
    const drafted = await draftCatalog(url, name, 'public', { currency });
    const finished = parseCatalog(fs.readFileSync(path.join(ROOT, 'catalogs', `${name}.yaml`), 'utf8'));
    return distance(decisionLines(parseCatalog(drafted)), decisionLines(finished));
  };
  const chinook = await measure(chinookDatabaseUrl(serverUrl), 'chinook', 'USD');
  const demo = await measure(serverUrl, 'demo', 'CNY');
  process.stdout.write(`draft → chinook.yaml: ${chinook.changed} lines; draft → demo.yaml: ${demo.changed} lines\n`);
  expect(chinook.changed).toBeLessThanOrEqual(11);
  // 19, not 18: the draft now proposes orders not before their user's registration (a check across the orders → users
  // join, which catalogs/demo.yaml leaves out until the data-quality agent runs checks across joins).
  expect(demo.changed).toBeLessThanOrEqual(19);
}, 60_000);

test('a drafted catalog runs through data quality: its not_in_future check asks the column type of the table, not of pg_attribute', async () => {
  // Before: the type was read from pg_attribute, which the SQL guard refuses, so data quality failed for every
  // catalog with a not_in_future check (the drafted ones, catalogs/chinook.yaml, catalogs/demo.yaml).
  const url = chinookDatabaseUrl(serverUrl);
  const file = path.join(ROOT, '.data', 'test', 'chinook-draft.yaml');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, await draftCatalog(url, 'chinook', 'public', { currency: 'USD' }));
  const dq = await checkDataQuality({
    workflow_id: `draft-dq-${Date.now()}`,
    catalogPath: file,
    databaseUrl: url,
    metrics: ['invoice_total'],
    windows: [{ start: '2024-01-01', end: '2025-01-01', label_zh: '2024年', label_en: '2024', source: 'question' }],
  });
  const counts = Object.fromEntries(dq.checks.map((c) => [`${c.table}.${c.column} ${c.kind}`, [c.count, c.count_all]]));
  expect(counts).toEqual({ 'invoice.total negative_value': [0, 0], 'invoice.invoice_date future_date': [0, 0] });
}, 60_000);
