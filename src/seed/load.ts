/**
 * `baton seed`: (re)creates the demo shop's tables and loads the generated rows,
 * then stores the manifest of what was planted in baton.seed_manifest.
 */
import { ensureSystemSchema, getPool } from '../db';
import { CATEGORIES, generateShop, type SeedManifest } from './generate';

const SCHEMA = `
  DROP TABLE IF EXISTS order_items, orders, users, categories CASCADE;
  CREATE TABLE categories (
    category_id integer PRIMARY KEY,
    name        text NOT NULL UNIQUE,
    name_en     text NOT NULL
  );
  CREATE TABLE users (
    user_id        integer PRIMARY KEY,
    registered_at  timestamp NOT NULL,
    channel        text NOT NULL,
    region         text NOT NULL,
    first_order_at timestamp
  );
  CREATE TABLE orders (
    order_id    bigint PRIMARY KEY,
    user_id     integer NOT NULL REFERENCES users (user_id),
    category_id integer REFERENCES categories (category_id),
    amount      numeric(12, 2) NOT NULL,
    order_time  timestamp NOT NULL,
    pay_time    timestamp,
    status      text NOT NULL CHECK (status IN ('paid', 'cancelled', 'refunded'))
  );
  CREATE TABLE order_items (
    order_id    bigint NOT NULL REFERENCES orders (order_id),
    line_no     smallint NOT NULL,
    category_id integer REFERENCES categories (category_id),
    quantity    integer NOT NULL,
    amount      numeric(12, 2) NOT NULL,
    PRIMARY KEY (order_id, line_no)
  );
  COMMENT ON TABLE order_items IS 'The lines of an order, one per category in the basket; they add up to the order''s amount';
  COMMENT ON COLUMN orders.pay_time IS 'When the order was paid (business-local time); revenue is booked here';
  COMMENT ON COLUMN orders.order_time IS 'When the order was placed (business-local time)';
  COMMENT ON COLUMN users.first_order_at IS 'Order time of the user''s first paid order; null if never converted';
`;

const INDEXES = `
  CREATE INDEX orders_pay_time ON orders (pay_time);
  CREATE INDEX orders_order_time ON orders (order_time);
  CREATE INDEX orders_user ON orders (user_id);
  CREATE INDEX users_region ON users (region);
  CREATE INDEX order_items_category ON order_items (category_id);
  ANALYZE categories; ANALYZE users; ANALYZE orders; ANALYZE order_items;
`;

const BATCH = 10_000;

export interface SeedReport {
  manifest: SeedManifest;
  elapsedMs: number;
}

export async function seedDatabase(
  databaseUrl: string,
  anchorDate: string,
  onProgress: (message: string) => void = () => undefined,
): Promise<SeedReport> {
  const started = Date.now();
  await ensureSystemSchema(databaseUrl);
  onProgress(`generating the shop for the 13 months before ${anchorDate}`);
  const { users, orders, items, manifest } = generateShop(anchorDate);

  const client = await getPool(databaseUrl).connect();
  try {
    await client.query('BEGIN');
    await client.query(SCHEMA);
    await client.query(
      'INSERT INTO categories SELECT * FROM unnest($1::int[], $2::text[], $3::text[])',
      [CATEGORIES.map((c) => c.id), CATEGORIES.map((c) => c.name), CATEGORIES.map((c) => c.name_en)],
    );
    for (let i = 0; i < users.length; i += BATCH) {
      const part = users.slice(i, i + BATCH);
      await client.query(
        `INSERT INTO users SELECT * FROM unnest($1::int[], $2::timestamp[], $3::text[], $4::text[], $5::timestamp[])`,
        [
          part.map((u) => u.user_id),
          part.map((u) => u.registered_at),
          part.map((u) => u.channel),
          part.map((u) => u.region),
          part.map((u) => u.first_order_at),
        ],
      );
      onProgress(`users ${Math.min(i + BATCH, users.length)}/${users.length}`);
    }
    for (let i = 0; i < orders.length; i += BATCH) {
      const part = orders.slice(i, i + BATCH);
      await client.query(
        `INSERT INTO orders SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::numeric[], $5::timestamp[], $6::timestamp[], $7::text[])`,
        [
          part.map((o) => o.order_id),
          part.map((o) => o.user_id),
          part.map((o) => o.category_id),
          part.map((o) => (o.amount_fen / 100).toFixed(2)),
          part.map((o) => o.order_time),
          part.map((o) => o.pay_time),
          part.map((o) => o.status),
        ],
      );
      onProgress(`orders ${Math.min(i + BATCH, orders.length)}/${orders.length}`);
    }
    for (let i = 0; i < items.length; i += BATCH) {
      const part = items.slice(i, i + BATCH);
      await client.query(
        'INSERT INTO order_items SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::int[], $4::int[], $5::numeric[])',
        [part.map((x) => x.order_id), part.map((x) => x.line_no), part.map((x) => x.category_id), part.map((x) => x.quantity), part.map((x) => (x.amount_fen / 100).toFixed(2))],
      );
      onProgress(`order lines ${Math.min(i + BATCH, items.length)}/${items.length}`);
    }
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
  await getPool(databaseUrl).query(INDEXES);
  return { manifest, elapsedMs: Date.now() - started };
}

export async function readManifest(databaseUrl: string): Promise<SeedManifest | null> {
  const result = await getPool(databaseUrl).query<{ manifest: SeedManifest }>(
    'SELECT manifest FROM baton.seed_manifest WHERE id = 1',
  );
  return result.rows[0]?.manifest ?? null;
}
