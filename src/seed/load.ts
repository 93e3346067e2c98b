/**
 * `baton seed`: (re)creates the demo shop's tables and loads the generated rows,
 * then stores the manifest of what was planted in baton.seed_manifest.
 *
 * `--scale K` loads K shards of the shop (src/seed/scale.ts), one at a time: each is generated, streamed into the
 * tables with COPY (pg-copy-streams: PostgreSQL's bulk path, several times faster than batched INSERTs and without
 * building the statement in memory) and dropped, so memory stays at one shard's rows whatever K is. The keys, the
 * foreign keys and the indexes are built once the rows are in (a bulk index build instead of K × rows index
 * insertions and foreign-key lookups), then VACUUM ANALYZE writes the statistics and the visibility map (for
 * index-only scans). K = 1 writes the same rows as before the scale option (shard 0 is the default seed).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { fixed } from '../format/numbers';
import { ensureSystemSchema, getPool } from '../storage/db';
import { seedMonths } from './calendar';
import { generateRows } from './generate';
import { describePlant } from './plant';
import { CATEGORIES, type SeedManifest } from './shop';
import { MAX_SCALE, describeTally, emptyTally, shardSeed, tallyShard, type ShopTally } from './scale';

const SCHEMA = `
  DROP TABLE IF EXISTS order_items, orders, users, categories CASCADE;
  CREATE TABLE categories (
    category_id integer PRIMARY KEY,
    name        text NOT NULL UNIQUE,
    name_en     text NOT NULL
  );
  CREATE TABLE users (
    user_id        integer NOT NULL,
    registered_at  timestamp NOT NULL,
    channel        text NOT NULL,
    region         text NOT NULL,
    first_order_at timestamp
  );
  CREATE TABLE orders (
    order_id    bigint NOT NULL,
    user_id     integer NOT NULL,
    category_id integer,
    amount      numeric(12, 2) NOT NULL,
    order_time  timestamp NOT NULL,
    pay_time    timestamp,
    status      text NOT NULL CHECK (status IN ('paid', 'cancelled', 'refunded'))
  );
  CREATE TABLE order_items (
    order_id    bigint NOT NULL,
    line_no     smallint NOT NULL,
    category_id integer,
    quantity    integer NOT NULL,
    amount      numeric(12, 2) NOT NULL
  );
  COMMENT ON TABLE order_items IS 'The lines of an order, one per category in the basket; they add up to the order''s amount';
  COMMENT ON COLUMN orders.pay_time IS 'When the order was paid (business-local time); revenue is booked here';
  COMMENT ON COLUMN orders.order_time IS 'When the order was placed (business-local time)';
  COMMENT ON COLUMN users.first_order_at IS 'Order time of the user''s first paid order; null if never converted';
`;

/** Keys and foreign keys, once the rows are in (the constraints get the names CREATE TABLE would give them). */
const CONSTRAINTS = `
  ALTER TABLE users ADD PRIMARY KEY (user_id);
  ALTER TABLE orders ADD PRIMARY KEY (order_id);
  ALTER TABLE order_items ADD PRIMARY KEY (order_id, line_no);
  ALTER TABLE orders ADD FOREIGN KEY (user_id) REFERENCES users (user_id);
  ALTER TABLE orders ADD FOREIGN KEY (category_id) REFERENCES categories (category_id);
  ALTER TABLE order_items ADD FOREIGN KEY (order_id) REFERENCES orders (order_id);
  ALTER TABLE order_items ADD FOREIGN KEY (category_id) REFERENCES categories (category_id);
`;

/**
 * The indexes the questions' windows read through: every time column a metric or a data-quality scope filters on
 * (orders.pay_time, orders.order_time, users.registered_at), and the join keys the runs follow (orders.user_id; the
 * lines' order_id leads their primary key). "baton catalog check" recommends the same for a user's database.
 */
export const INDEXES = [
  'CREATE INDEX orders_pay_time ON orders (pay_time)',
  'CREATE INDEX orders_order_time ON orders (order_time)',
  'CREATE INDEX orders_user ON orders (user_id)',
  'CREATE INDEX users_region ON users (region)',
  'CREATE INDEX users_registered_at ON users (registered_at)',
  'CREATE INDEX order_items_category ON order_items (category_id)',
];

export interface SeedReport {
  manifest: SeedManifest;
  elapsedMs: number;
}

/** Rows as COPY text lines, in chunks of about 64 KB. */
function* copyText<T>(rows: readonly T[], line: (row: T) => string): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += `${line(row)}\n`;
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

async function copyInto<T>(client: PoolClient, table: string, rows: readonly T[], line: (row: T) => string): Promise<void> {
  await pipeline(Readable.from(copyText(rows, line)), client.query(copyFrom(`COPY ${table} FROM STDIN`)));
}

const nullable = (value: string | number | null) => (value === null ? '\\N' : String(value));
const money = (fen: number) => fixed(fen / 100, 2);

export async function seedDatabase(
  databaseUrl: string,
  anchorDate: string,
  onProgress: (message: string) => void = () => undefined,
  options: { scale?: number; plantWeeks?: number[] } = {},
): Promise<SeedReport> {
  const scale = options.scale ?? 1;
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE)
    throw new Error(`the scale must be a whole number from 1 to ${MAX_SCALE}, not ${scale}`);
  const started = Date.now();
  await ensureSystemSchema(databaseUrl);
  onProgress(
    `generating the shop for the 13 months before ${anchorDate}${scale > 1 ? `, ${scale} times larger (${scale} shards of about 75 thousand orders)` : ''}`,
  );
  const months = seedMonths(anchorDate);

  const client = await getPool(databaseUrl).connect();
  let manifest: SeedManifest;
  try {
    await client.query('BEGIN');
    await client.query(SCHEMA);
    await client.query('INSERT INTO categories SELECT * FROM unnest($1::int[], $2::text[], $3::text[])', [
      CATEGORIES.map((c) => c.id),
      CATEGORIES.map((c) => c.name),
      CATEGORIES.map((c) => c.name_en),
    ]);
    const plantWeeks = options.plantWeeks ?? [];
    const tally = await loadShards(client, anchorDate, scale, onProgress, started, plantWeeks);
    onProgress('primary and foreign keys');
    await client.query(CONSTRAINTS);
    manifest = describeTally(anchorDate, months, tally, scale);
    if (plantWeeks.length > 0) manifest.planted_changes = describePlant(plantWeeks);
    await client.query(
      `INSERT INTO baton.seed_manifest (id, manifest) VALUES (1, $1)
       ON CONFLICT (id) DO UPDATE SET manifest = EXCLUDED.manifest, seeded_at = now()`,
      [JSON.stringify(manifest)],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  await indexAndAnalyze(databaseUrl, onProgress);
  return { manifest, elapsedMs: Date.now() - started };
}

/** Generates and copies the shards one at a time (ids of each moved past the ones before), tallying them. */
async function loadShards(
  client: PoolClient,
  anchorDate: string,
  scale: number,
  onProgress: (message: string) => void,
  started: number,
  plantWeeks: number[],
): Promise<ShopTally> {
  const tally = emptyTally();
  let userOffset = 0;
  let orderOffset = 0;
  for (let shard = 0; shard < scale; shard++) {
    const rows = generateRows(anchorDate, shardSeed(shard), plantWeeks);
    const u = userOffset;
    const o = orderOffset;
    await copyInto(
      client,
      'users',
      rows.users,
      (x) => `${x.user_id + u}\t${x.registered_at}\t${x.channel}\t${x.region}\t${nullable(x.first_order_at)}`,
    );
    await copyInto(
      client,
      'orders',
      rows.orders,
      (x) =>
        `${x.order_id + o}\t${x.user_id + u}\t${nullable(x.category_id)}\t${money(x.amount_fen)}\t${x.order_time}\t${nullable(x.pay_time)}\t${x.status}`,
    );
    await copyInto(
      client,
      'order_items',
      rows.items,
      (x) => `${x.order_id + o}\t${x.line_no}\t${nullable(x.category_id)}\t${x.quantity}\t${money(x.amount_fen)}`,
    );
    tallyShard(tally, rows, o);
    userOffset += rows.users.length;
    orderOffset += rows.orders.length;
    const seconds = (Date.now() - started) / 1000;
    onProgress(
      scale > 1
        ? `shard ${shard + 1}/${scale}: ${tally.orders} orders, ${tally.users} users, ${tally.lines} order lines (${fixed(seconds, 0)} s, about ${fixed((seconds / (shard + 1)) * (scale - shard - 1), 0)} s to go)`
        : `${tally.users} users, ${tally.orders} orders, ${tally.lines} order lines`,
    );
  }
  return tally;
}

/** The indexes, built once the rows are in, then the statistics and the visibility map. */
async function indexAndAnalyze(databaseUrl: string, onProgress: (message: string) => void): Promise<void> {
  const pool = getPool(databaseUrl);
  for (const index of INDEXES) {
    onProgress(index);
    await pool.query(index);
  }
  onProgress('VACUUM ANALYZE');
  for (const table of ['categories', 'users', 'orders', 'order_items']) await pool.query(`VACUUM (ANALYZE) ${table}`);
}

export async function readManifest(databaseUrl: string): Promise<SeedManifest | null> {
  const result = await getPool(databaseUrl).query<{ manifest: SeedManifest }>('SELECT manifest FROM baton.seed_manifest WHERE id = 1');
  return result.rows[0]?.manifest ?? null;
}
