/**
 * PostgreSQL access: one pool per database URL, the database created when
 * missing, and Baton's own bookkeeping tables. The read-only role is src/storage/reader-role.ts's, the read-only
 * path agent SQL takes src/storage/read-only.ts's.
 */
import { Client, Pool } from 'pg';
import type { PoolConfig } from 'pg';
import { redactUrl } from '../settings/config';
import { isConnectionLost, isDatabaseUnreachable } from '../temporal/failures';
import { ensureReaderRole } from './reader-role';

const pools = new Map<string, Pool>();

/**
 * A pool whose lost connections never crash the process. An idle client's loss is the pool's 'error' event. A client
 * is also lost, with no listener of the pool's on it, in the moment a new connection is handed out: pg-pool takes its
 * own listener off before the caller's `await connect()` resumes, and a connection terminated right after it said it
 * was ready (the server's "terminating connection" in the same packet as its "ready") is reported in between. The
 * listener added here is every client's for its whole life; the caller still learns of the loss, since the client is
 * then not queryable and its next query fails (CI, 2026-12-03: faults.test.ts, connections cut every 15 ms).
 */
function newPool(config: PoolConfig): Pool {
  const pool = new Pool(config);
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export function getPool(databaseUrl: string): Pool {
  let pool = pools.get(databaseUrl);
  if (!pool) {
    pool = newPool({ connectionString: databaseUrl, max: 5, connectionTimeoutMillis: 5000 });
    pools.set(databaseUrl, pool);
  }
  return pool;
}

/**
 * A pool for the worker's bookkeeping rows (the execution ledger and token accounting, src/temporal/execution-ledger.ts):
 * its sessions commit with `synchronous_commit = off`, so a row is visible to every reader at once but its commit does
 * not wait for the WAL to reach the disk. Three such rows per agent, each waiting for a disk flush, were most of a
 * re-slicing turn's time (docs/performance.md). A PostgreSQL crash (not a clean restart) can lose the last fraction of a
 * second of these rows, and only these: an attempt then goes uncounted. The analysis's data, the artifacts and the
 * stored results never use this pool.
 */
export function getBookkeepingPool(databaseUrl: string): Pool {
  const key = `bookkeeping:${databaseUrl}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = newPool({ connectionString: databaseUrl, max: 3, connectionTimeoutMillis: 5000, options: '-c synchronous_commit=off' });
    pools.set(key, pool);
  }
  return pool;
}

export async function closePools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.end()));
}

/**
 * Whether a database error may pass if the same work is tried again: the
 * connection was lost or refused (SQLSTATE class 08, admin or crash shutdown,
 * too many connections, a socket error), the statement timed out, or a
 * serialization failure or deadlock. Anything else (a syntax error, a missing
 * column, a permission) fails the same way every time. Which of these are
 * infrastructure and which the agent's own outcome is src/temporal/failures.ts's to say.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  if (isConnectionLost(err) || isDatabaseUnreachable(err)) return true;
  const { code } = err as { code?: unknown };
  return code === '57014';
}

export class DatabaseUnreachableError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`cannot reach PostgreSQL at ${redactUrl(url)}: ${(cause as Error).message || String(cause)}`);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Creates the database named in the URL when it does not exist yet (connecting to "postgres" on the same server). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL ${redactUrl(databaseUrl)} names no database`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw new DatabaseUnreachableError(databaseUrl, err);
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } catch (err) {
        // Another process created it at the same moment.
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
  } finally {
    await client.end();
  }
}

/** Fails with one clear line when the database cannot be reached. */
export async function ping(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    throw new DatabaseUnreachableError(databaseUrl, err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The database (created when missing) and Baton's own tables in it, in schema "baton":
 * the activity execution ledger, token usage, step artifacts and the seed manifest.
 */
export async function ensureSystemSchema(databaseUrl: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  const pool = getPool(databaseUrl);
  await pool.query(`
    CREATE SCHEMA IF NOT EXISTS baton;
    CREATE TABLE IF NOT EXISTS baton.activity_executions (
      id           bigserial PRIMARY KEY,
      workflow_id  text NOT NULL,
      run_id       text NOT NULL,
      activity_id  text NOT NULL,
      activity_type text NOT NULL,
      attempt      integer NOT NULL,
      worker_pid   integer NOT NULL,
      started_at   timestamptz NOT NULL DEFAULT now(),
      finished_at  timestamptz,
      outcome      text
    );
    CREATE INDEX IF NOT EXISTS activity_executions_workflow ON baton.activity_executions (workflow_id);
    -- Each failed try's kind (src/temporal/failures.ts) and reason: the agent's own tries are counted from these.
    ALTER TABLE baton.activity_executions ADD COLUMN IF NOT EXISTS failure_class text;
    ALTER TABLE baton.activity_executions ADD COLUMN IF NOT EXISTS error text;
    CREATE TABLE IF NOT EXISTS baton.artifacts (
      id          text PRIMARY KEY,
      workflow_id text NOT NULL,
      step_id     text NOT NULL,
      kind        text NOT NULL,
      bytes       integer NOT NULL,
      content     jsonb NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE IF NOT EXISTS baton.token_usage (
      id            bigserial PRIMARY KEY,
      workflow_id   text NOT NULL,
      activity_id   text NOT NULL,
      agent         text NOT NULL,
      attempt       integer NOT NULL,
      input_tokens  integer NOT NULL,
      output_tokens integer NOT NULL,
      input_budget  integer NOT NULL,
      output_budget integer NOT NULL,
      recorded_at   timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX IF NOT EXISTS token_usage_workflow ON baton.token_usage (workflow_id);
    CREATE TABLE IF NOT EXISTS baton.model_usage (
      id                bigserial PRIMARY KEY,
      workflow_id       text NOT NULL,
      activity_id       text NOT NULL,
      agent             text NOT NULL,
      attempt           integer NOT NULL,
      model             text NOT NULL,
      prompt_tokens     integer NOT NULL,
      completion_tokens integer NOT NULL,
      cached_tokens     integer NOT NULL,
      recorded_at       timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX IF NOT EXISTS model_usage_workflow ON baton.model_usage (workflow_id);
    CREATE TABLE IF NOT EXISTS baton.seed_manifest (
      id         integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      seeded_at  timestamptz NOT NULL DEFAULT now(),
      manifest   jsonb NOT NULL
    );
  `);
  await ensureReaderRole(databaseUrl);
}
