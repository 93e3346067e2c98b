/**
 * PostgreSQL access: one pool per database URL, the database created when
 * missing, Baton's own bookkeeping tables, and the read-only path agent SQL takes.
 */
import { Client, Pool, type PoolClient, type QueryConfig, type QueryResultRow } from 'pg';
import { loadConfig, redactUrl } from './config';
import { guardSql, type SqlGuardOptions } from './sql-guard';

const pools = new Map<string, Pool>();

export function getPool(databaseUrl: string): Pool {
  let pool = pools.get(databaseUrl);
  if (!pool) {
    pool = new Pool({ connectionString: databaseUrl, max: 5, connectionTimeoutMillis: 5000 });
    // An idle client that loses its connection (server restart, admin kill) must not crash the process.
    pool.on('error', () => undefined);
    pools.set(databaseUrl, pool);
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
 * column, a permission) fails the same way every time.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  if (err instanceof DatabaseUnreachableError) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return true;
  if (/^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '57014', '40001', '40P01'].includes(code);
  // Node's socket errors: ECONNRESET, ECONNREFUSED, EPIPE, ETIMEDOUT, …
  return code.startsWith('E');
}

export class DatabaseUnreachableError extends Error {
  constructor(readonly url: string, cause: unknown) {
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

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The role agent SQL runs as: NOLOGIN, SELECT on the tables of schema public
 * (now and, through default privileges, those created later by the same owner)
 * and nothing else, so not Baton's own schema. Created when missing; run by the
 * worker at start, by `baton seed` and by `baton catalog init|check` for a
 * database of one's own. Safe to run concurrently and repeatedly.
 */
export async function ensureReaderRole(databaseUrl: string, role = loadConfig().readerRole): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new DatabaseUnreachableError(databaseUrl, err);
  }
  const ident = quoteIdent(role);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query('BEGIN');
        // Grants on one database from two processes at once fail with "tuple concurrently updated".
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`baton reader role ${role}`]);
        const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
        if (exists.rowCount === 0) await client.query(`CREATE ROLE ${ident} NOLOGIN`);
        const me = await client.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
        // SET ROLE needs membership unless one is a superuser.
        if (!me.rows[0]?.rolsuper) await client.query(`GRANT ${ident} TO CURRENT_USER`);
        await client.query(`GRANT USAGE ON SCHEMA public TO ${ident}`);
        await client.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${ident}`);
        await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO ${ident}`);
        await client.query('COMMIT');
        return;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        const code = (err as { code?: string }).code;
        // Roles are shared by all databases of a server: another database's setup may have created it just now.
        if ((code === '42710' || code === '23505' || code === 'XX000') && attempt < 3) continue;
        if (code === '42501') {
          throw new Error(
            `cannot set up the read-only role ${role} in ${redactUrl(databaseUrl)} (${(err as Error).message}); ` +
              `ask an administrator to run: CREATE ROLE ${ident} NOLOGIN; GRANT ${ident} TO <the user Baton connects as>; ` +
              `GRANT USAGE ON SCHEMA public TO ${ident}; GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${ident};`,
            { cause: err },
          );
        }
        throw err;
      }
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface ReadOnlyLimits {
  statementTimeoutMs: number;
  /** Rows beyond this are not fetched; the result says it was capped. */
  rowCap: number;
}

export interface ReadOnlyResult<R extends QueryResultRow> {
  rows: R[];
  fields: { name: string; dataTypeID: number }[];
  capped: boolean;
}

/** What the database said when agent SQL was refused there, in words that say what to do. */
function explainRefusal(err: unknown, role: string): unknown {
  const code = (err as { code?: string }).code;
  if (code === '42704' && /role/.test((err as Error).message)) {
    return new Error(`the read-only role ${role} is missing in this database; run "baton seed" or "baton catalog check" once to create it`, { cause: err });
  }
  if (code === '42501') {
    return new Error(`${(err as Error).message}: agent SQL runs as the read-only role ${role}; run "baton catalog check" once to grant it SELECT on the catalog's tables`, { cause: err });
  }
  return err;
}

/**
 * Runs one query an agent wrote (or the catalog compiled): the SQL guard reads it
 * first (src/sql-guard.ts); then it runs as the read-only role, inside a READ ONLY
 * transaction with a statement timeout, fetching at most rowCap rows. The
 * transaction is always rolled back.
 */
export async function queryReadOnly<R extends QueryResultRow = QueryResultRow>(
  databaseUrl: string,
  sql: string,
  params: unknown[],
  limits: ReadOnlyLimits,
  guard: SqlGuardOptions = {},
): Promise<ReadOnlyResult<R>> {
  return runReadOnly<R>(databaseUrl, await guardSql(sql, guard), params, limits);
}

/**
 * The database's own walls without the guard in front: the read-only role, the
 * READ ONLY transaction, the statement timeout and the row cap. Agents never call
 * this directly; tests do, to show each wall holds by itself.
 */
export async function runReadOnly<R extends QueryResultRow = QueryResultRow>(
  databaseUrl: string,
  checked: string,
  params: unknown[],
  limits: ReadOnlyLimits,
): Promise<ReadOnlyResult<R>> {
  const role = loadConfig().readerRole;
  let client: PoolClient;
  try {
    client = await getPool(databaseUrl).connect();
  } catch (err) {
    throw new DatabaseUnreachableError(databaseUrl, err);
  }
  let broken = false;
  // A connection cut while the client is checked out (server shutdown, pg_terminate_backend) is also
  // emitted as an 'error' event; unheard, it would crash the worker. The failing query reports it.
  const onLost = () => {
    broken = true;
  };
  client.on('error', onLost);
  try {
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(limits.statementTimeoutMs))}`);
    await client.query(`SET LOCAL ROLE ${quoteIdent(role)}`);
    const capped = `SELECT * FROM (${checked}\n) AS capped_result LIMIT ${limits.rowCap + 1}`;
    // The extended protocol takes exactly one statement, so "…; COMMIT; DELETE …" cannot end the READ ONLY transaction.
    // (queryMode is in node-postgres since 8.11; its type definitions do not list it yet.)
    const result = await client.query<R>({ text: capped, values: params, queryMode: 'extended' } as QueryConfig);
    return {
      rows: result.rows.slice(0, limits.rowCap),
      fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      capped: result.rows.length > limits.rowCap,
    };
  } catch (err) {
    broken = (err as { code?: string }).code === undefined;
    throw explainRefusal(err, role);
  } finally {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    client.off('error', onLost);
    client.release(broken);
  }
}
