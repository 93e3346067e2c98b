/** The read-only path agent SQL takes: guarded, as the read-only role, in a READ ONLY transaction with a timeout and caps. */
import fs from 'node:fs';
import { Context } from '@temporalio/activity';
import { CancelledFailure } from '@temporalio/common';
import { Client, type PoolClient, type QueryConfig, type QueryResultRow } from 'pg';
import { loadConfig, redactUrl } from '../settings/config';
import { guardSql, type SqlGuardOptions } from './sql-guard';
import { readerUrl } from './reader-role';
import { DatabaseUnreachableError, getPool } from './db';

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
    return withCode(
      `the read-only role ${role} does not exist on this server; run "baton seed" or "baton catalog check" once to create it`,
      code,
      err,
    );
  }
  if (code === '42501') {
    return withCode(
      `${message ?? ''}: agent SQL runs as the read-only role ${role}; run "baton catalog check" once to grant it SELECT on the catalog's tables`,
      code,
      err,
    );
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
  fs.appendFileSync(
    file,
    `${JSON.stringify({ database: redactUrl(databaseUrl), activity, ms: Math.round(ms * 100) / 100, rows, sql, params })}\n`,
  );
}

/** A pooled connection logged in as the read-only role; a refused login says what to do, any other failure that the database is unreachable. */
async function connectAs(databaseUrl: string, url: string, role: string): Promise<PoolClient> {
  try {
    return await getPool(url).connect();
  } catch (err) {
    if ((err as { code?: string }).code === '28000') throw explainRefusal(err, role);
    throw new DatabaseUnreachableError(databaseUrl, err);
  }
}

/**
 * The checked query with the row cap (one row more than the cap, to tell that it was capped) and the row size limit:
 * a row over the size limit stops the query with an error that names its size (a failed cast, the one way plain SQL
 * can raise).
 */
function cappedSql(checked: string, rowCap: number): string {
  return (
    `SELECT * FROM (${checked}\n) AS capped_result ` +
    `WHERE CASE WHEN octet_length(capped_result::text) <= ${MAX_ROW_BYTES} THEN true ` +
    `ELSE ('row of ' || octet_length(capped_result::text) || ' bytes over the limit')::int IS NULL END ` +
    `LIMIT ${rowCap + 1}`
  );
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
  const client = await connectAs(databaseUrl, url, role);
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
    // The transaction and its settings in one round trip (the simple protocol takes several statements; these are ours).
    // No JIT: Baton's queries read a window through an index, and a plan whose estimate crosses jit_above_cost (a
    // correlated lookup per row is enough) spent ~440 ms of a 1.4 s query compiling it (EXPLAIN ANALYZE at K = 10,
    // docs/performance.md "Time as the data grows").
    await client.query(
      `BEGIN TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${Math.max(1, Math.floor(limits.statementTimeoutMs))}; SET LOCAL jit = off`,
    );
    const capped = cappedSql(checked, limits.rowCap);
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
    await client.query('ROLLBACK; SELECT pg_advisory_unlock_all()').catch(() => {
      broken = true;
    });
    client.off('error', onLost);
    client.release(broken);
  }
}
