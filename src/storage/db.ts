/**
 * PostgreSQL access: one pool per database URL, the database created when
 * missing, Baton's own bookkeeping tables, and the read-only path agent SQL takes.
 */
import fs from 'node:fs';
import { Context } from '@temporalio/activity';
import { CancelledFailure } from '@temporalio/common';
import { Client, Pool, type PoolClient, type QueryConfig, type QueryResultRow } from 'pg';
import { loadConfig, redactUrl } from '../settings/config';
import { isConnectionLost, isDatabaseUnreachable } from '../temporal/failures';
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
 * column, a permission) fails the same way every time. Which of these are
 * infrastructure and which the agent's own outcome is src/temporal/failures.ts's to say.
 */
export function isTransientDatabaseError(err: unknown): boolean {
  if (isConnectionLost(err) || isDatabaseUnreachable(err)) return true;
  const { code } = err as { code?: unknown };
  return code === '57014';
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

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * Where agent SQL connects: the same server and database, but logged in as the
 * read-only role (BATON_READER_ROLE, with BATON_READER_PASSWORD when the server
 * wants one). Logging in as the role, rather than switching to it with SET ROLE,
 * matters: a session that started as a privileged user could switch back.
 */
export function readerUrl(databaseUrl: string, config = loadConfig()): string {
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(config.readerRole);
  url.password = config.readerPassword ? encodeURIComponent(config.readerPassword) : '';
  return url.toString();
}

/**
 * The role agent SQL logs in as: LOGIN but nothing else (not a superuser, no
 * CREATEDB, CREATEROLE or replication), SELECT on the tables of schema public and
 * of any other schema the catalog's tables are declared in (now and, through
 * default privileges, those the same owner creates later) and
 * no other privilege, so not Baton's own schema. Created when missing; run by the
 * worker at start, by `baton seed` and by `baton catalog check` for a database of
 * one's own. Safe to run concurrently and repeatedly.
 */
export async function ensureReaderRole(databaseUrl: string, config = loadConfig(), schemas: string[] = ['public']): Promise<void> {
  const role = config.readerRole;
  // The lock below must not wait forever, and a lost connection must not crash the process.
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000, options: '-c lock_timeout=10000' });
  client.on('error', () => undefined);
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
        const found = await client.query<{ rolcanlogin: boolean; rolsuper: boolean }>('SELECT rolcanlogin, rolsuper FROM pg_roles WHERE rolname = $1', [role]);
        const existing = found.rows[0];
        if (!existing) {
          await client.query(`CREATE ROLE ${ident} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION`);
        } else if (existing.rolsuper) {
          throw new Error(`the role ${role} is a superuser; agent SQL needs a role that can only read (set BATON_READER_ROLE to another name)`);
        } else if (!existing.rolcanlogin) {
          await client.query(`ALTER ROLE ${ident} LOGIN`);
        }
        if (config.readerPassword) await client.query(`ALTER ROLE ${ident} PASSWORD ${quoteLiteral(config.readerPassword)}`);
        // The schemas the catalog reads (public, and any a table is declared in), never Baton's own.
        for (const schema of [...new Set(schemas)].filter((x) => x !== 'baton')) {
          const name = quoteIdent(schema);
          await client.query(`GRANT USAGE ON SCHEMA ${name} TO ${ident}`);
          await client.query(`GRANT SELECT ON ALL TABLES IN SCHEMA ${name} TO ${ident}`);
          await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${name} GRANT SELECT ON TABLES TO ${ident}`);
        }
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
              `ask an administrator to run: CREATE ROLE ${ident} LOGIN PASSWORD '…'; ` +
              `GRANT USAGE ON SCHEMA public TO ${ident}; GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${ident}; ` +
              `and set BATON_READER_PASSWORD for the workers`,
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

/** No row of agent SQL may be larger than this (as text), so a result cannot exhaust a worker's memory. */
export const MAX_ROW_BYTES = 16 * 1024;

/** An error with a database code kept, so callers can tell a lasting failure from a passing one. */
function withCode(message: string, code: string | undefined, cause: unknown): Error {
  return Object.assign(new Error(message, { cause }), { code });
}

/** What the database said when agent SQL was refused there, in words that say what to do. */
function explainRefusal(err: unknown, role: string): unknown {
  const { code, message } = err as { code?: string; message?: string };
  if (code === '28000' && /role .* does not exist/.test(message ?? '')) {
    return withCode(`the read-only role ${role} does not exist on this server; run "baton seed" or "baton catalog check" once to create it`, code, err);
  }
  if (code === '42501') {
    return withCode(`${message ?? ''}: agent SQL runs as the read-only role ${role}; run "baton catalog check" once to grant it SELECT on the catalog's tables`, code, err);
  }
  const tooLarge = /row of (\d+) bytes over the limit/.exec(message ?? '');
  if (code === '22P02' && tooLarge) {
    return withCode(`a result row is ${tooLarge[1]} bytes, over the ${MAX_ROW_BYTES}-byte limit for agent SQL`, code, err);
  }
  return err;
}

/**
 * Runs one query an agent wrote (or the catalog compiled): the SQL guard reads it
 * first (src/storage/sql-guard.ts); then it runs on a connection logged in as the
 * read-only role, inside a READ ONLY transaction with a statement timeout,
 * fetching at most rowCap rows of at most MAX_ROW_BYTES each. The transaction is
 * always rolled back.
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

/** The running activity's cancellation signal; undefined outside an activity (the CLI, scripts). */
function activityCancellation(): AbortSignal | undefined {
  try {
    return Context.current().cancellationSignal;
  } catch {
    return undefined;
  }
}

/**
 * Stops the statement running on backend `pid`, from a connection of its own: pg_cancel_backend makes the
 * server abandon the query (closing the client's socket would leave it running until it finished). The same
 * role may cancel its own backends, so the read-only role's URL is enough.
 */
async function cancelOnServer(url: string, pid: number): Promise<void> {
  const canceller = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  canceller.on('error', () => undefined);
  try {
    await canceller.connect();
    await canceller.query('SELECT pg_cancel_backend($1)', [pid]);
  } finally {
    await canceller.end().catch(() => undefined);
  }
}

/**
 * BATON_SQL_LOG=file: every read-only query (the agents', data quality's, the verifiers') appended to the file as a
 * JSON line with its parameters, the database, its time and its rows, for `npm run bench:scale` to time and EXPLAIN
 * them. Unset (the default), nothing is written.
 */
function logQuery(databaseUrl: string, sql: string, params: unknown[], ms: number, rows: number): void {
  const file = process.env.BATON_SQL_LOG;
  if (!file) return;
  let activity: string | null = null;
  try {
    activity = Context.current().info.activityType;
  } catch {
    // outside an activity (the CLI, scripts)
  }
  fs.appendFileSync(file, `${JSON.stringify({ database: redactUrl(databaseUrl), activity, ms: Math.round(ms * 100) / 100, rows, sql, params })}\n`);
}

/**
 * The database's own walls without the guard in front: a connection logged in as
 * the read-only role, the READ ONLY transaction, the statement timeout, the row
 * cap and the row size limit. Agents never call this directly; tests do, to show
 * each wall holds by itself.
 */
export async function runReadOnly<R extends QueryResultRow = QueryResultRow>(
  databaseUrl: string,
  checked: string,
  params: unknown[],
  limits: ReadOnlyLimits,
): Promise<ReadOnlyResult<R>> {
  const config = loadConfig();
  const role = config.readerRole;
  const url = readerUrl(databaseUrl, config);
  let client: PoolClient;
  try {
    client = await getPool(url).connect();
  } catch (err) {
    if ((err as { code?: string }).code === '28000') throw explainRefusal(err, role);
    throw new DatabaseUnreachableError(databaseUrl, err);
  }
  let broken = false;
  // A connection cut while the client is checked out (server shutdown, pg_terminate_backend) is also
  // emitted as an 'error' event; unheard, it would crash the worker. The failing query reports it.
  const onLost = () => {
    broken = true;
  };
  client.on('error', onLost);
  // Cancelled with its activity (`baton cancel`): the query running now is cancelled on the server.
  const cancellation = activityCancellation();
  let queryRunning = false;
  let cancelling: Promise<void> = Promise.resolve();
  const backendPid = (client as unknown as { processID: number | null }).processID;
  const onCancel = () => {
    if (queryRunning && backendPid !== null) cancelling = cancelOnServer(url, backendPid).catch(() => undefined);
  };
  cancellation?.addEventListener('abort', onCancel, { once: true });
  try {
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(limits.statementTimeoutMs))}`);
    // No JIT: Baton's queries read a window through an index, and a plan whose estimate crosses jit_above_cost (a
    // correlated lookup per row is enough) spent ~440 ms of a 1.4 s query compiling it (EXPLAIN ANALYZE at K = 10,
    // docs/performance.md "Time as the data grows").
    await client.query('SET LOCAL jit = off');
    // A row over the size limit stops the query with an error that names its size (a failed cast, the one way plain SQL can raise).
    const capped =
      `SELECT * FROM (${checked}\n) AS capped_result ` +
      `WHERE CASE WHEN octet_length(capped_result::text) <= ${MAX_ROW_BYTES} THEN true ` +
      `ELSE ('row of ' || octet_length(capped_result::text) || ' bytes over the limit')::int IS NULL END ` +
      `LIMIT ${limits.rowCap + 1}`;
    // The extended protocol takes exactly one statement, so "…; COMMIT; DELETE …" cannot end the READ ONLY transaction.
    // (queryMode is in node-postgres since 8.11; its type definitions do not list it yet.)
    queryRunning = true;
    if (cancellation?.aborted) throw new CancelledFailure('the activity was cancelled before its query started');
    const started = process.hrtime.bigint();
    const result = await client.query<R>({ text: capped, values: params, queryMode: 'extended' } as QueryConfig);
    queryRunning = false;
    logQuery(databaseUrl, checked, params, Number(process.hrtime.bigint() - started) / 1e6, result.rows.length);
    return {
      rows: result.rows.slice(0, limits.rowCap),
      fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      capped: result.rows.length > limits.rowCap,
    };
  } catch (err) {
    queryRunning = false;
    if (cancellation?.aborted) {
      await cancelling;
      throw err instanceof CancelledFailure ? err : new CancelledFailure('the query was cancelled on the server with its activity');
    }
    broken ||= (err as { code?: string }).code === undefined;
    throw explainRefusal(err, role);
  } finally {
    cancellation?.removeEventListener('abort', onCancel);
    // The cancel, if one was sent, lands before the connection is rolled back and reused.
    await cancelling;
    // Session advisory locks outlive ROLLBACK; the pooled connection must not keep any.
    await client.query('ROLLBACK').then(() => client.query('SELECT pg_advisory_unlock_all()')).catch(() => {
      broken = true;
    });
    client.off('error', onLost);
    client.release(broken);
  }
}
