/**
 * The verifier's own results of a query that reads the clock (data quality's "not in the future" counts) are read back
 * in a later turn only while no row has passed "now" since; a row that passes it makes the query run again. On a table
 * of its own, in a database of its own, with one row 2.5 seconds in the future as an instant (timestamptz) and as a
 * wall time in Shanghai (timestamp).
 */
import { Pool } from 'pg';
import type { Catalog } from '../../src/catalog/catalog';
import type { Row } from '../../src/contracts';
import { queryRows } from '../../src/analysis/recompute';
import { closePools } from '../../src/storage/db';
import { ensureReaderRole } from '../../src/storage/reader-role';
import { OwnResults, clockComparisons } from '../../src/verify/own-reuse';
import { testConfig } from '../helpers';

const config = testConfig();
const url = new URL(config.databaseUrl);
url.pathname = '/baton_clock_reuse';
const db = url.toString();
const catalog = { tables: { events: { checks: [] } } } as unknown as Catalog;
const ZONE = `(now() AT TIME ZONE 'Asia/Shanghai')`;
const INSTANT = 'SELECT count(*) FILTER (WHERE events.happened_at > now()) AS future, count(*) AS rows FROM events';
const WALL = `SELECT count(*) FILTER (WHERE events.local_time > ${ZONE}) AS future FROM events`;

beforeAll(async () => {
  const admin = new Pool({ connectionString: config.databaseUrl, max: 1 });
  await admin.query('DROP DATABASE IF EXISTS baton_clock_reuse WITH (FORCE)');
  await admin.query('CREATE DATABASE baton_clock_reuse');
  await admin.end();
  const pool = new Pool({ connectionString: db, max: 1 });
  await pool.query('CREATE TABLE events (id int PRIMARY KEY, happened_at timestamptz, local_time timestamp)');
  await pool.query('CREATE INDEX ON events (happened_at)');
  await pool.query(`INSERT INTO events VALUES (1, now() - interval '1 day', ${ZONE} - interval '1 day'), (3, NULL, NULL)`);
  await pool.end();
  // The verifier's queries read as the read-only role, as every agent's do.
  await ensureReaderRole(db, config);
});
afterAll(() => closePools());

/** Row 2, 2.5 seconds in the future from now on. */
async function plantFutureRow(): Promise<void> {
  const pool = new Pool({ connectionString: db, max: 1 });
  await pool.query('DELETE FROM events WHERE id = 2');
  await pool.query(
    `INSERT INTO events VALUES (2, clock_timestamp() + interval '2.5 seconds', (clock_timestamp() AT TIME ZONE 'Asia/Shanghai') + interval '2.5 seconds')`,
  );
  await pool.end();
}

/** One turn's verifier: the results the earlier turn made are offered, on the same data. */
function turn(offered: OwnResults['made'], dataVersion = 'same data'): OwnResults {
  return new OwnResults({ workflowId: 'clock-reuse-test', db, catalog, offered, dataVersion });
}

/** Rows of `sql` through `own`, counting how often the query itself ran. */
async function read(own: OwnResults, sql: string, runs: { n: number }): Promise<Row[]> {
  return own.rows(sql, [], async () => {
    runs.n += 1;
    return (await queryRows(db, sql, [])).rows;
  });
}

test('the comparisons with "now" are found; any other reading of the clock is not', () => {
  expect(clockComparisons(INSTANT)).toEqual([{ table: 'events', column: 'happened_at', now: 'now()' }]);
  expect(clockComparisons(WALL)).toEqual([{ table: 'events', column: 'local_time', now: ZONE }]);
  expect(clockComparisons('SELECT count(*) FROM events')).toEqual([]);
  expect(clockComparisons("SELECT count(*) FROM events WHERE events.happened_at > now() - interval '1 day'")).toBeNull();
  expect(clockComparisons('SELECT count(*) FROM events WHERE now() < events.happened_at')).toBeNull();
  expect(clockComparisons('SELECT count(*) FROM events WHERE events.id + events.happened_at > now()')).toBeNull();
  // Data quality's own shapes: a FILTER per count, the rows failing any check, a check with a metric's conditions.
  const quality =
    'SELECT count(*) FILTER (WHERE events.happened_at > now()) AS n0, count(*) FILTER (WHERE (events.id < 0) OR (events.happened_at > now())) AS n1, ' +
    'count(*) FILTER (WHERE (events.happened_at > now()) AND (events.id IS NOT NULL)) AS n2 FROM events WHERE events.happened_at >= $1::timestamp';
  expect(clockComparisons(quality)).toEqual([{ table: 'events', column: 'happened_at', now: 'now()' }]);
});

test.each([
  ['an instant (timestamptz)', INSTANT],
  ['a wall time in a zone (timestamp)', WALL],
])('a count of rows in the future, against %s, is read back until a row passes "now", then counted again', async (_, sql) => {
  await plantFutureRow();
  const runs = { n: 0 };
  /** One turn given what an earlier one made: [its count of rows in the future, the query's runs so far, read back]. */
  const ask = async (offered: OwnResults['made'], dataVersion = 'same data') => {
    const own = turn(offered, dataVersion);
    const future = (await read(own, sql, runs))[0]?.future;
    return { made: own.made, seen: [future, runs.n, own.reused] };
  };
  const first = await ask([]);
  expect(first.seen).toEqual([1, 1, 0]);
  expect(first.made).toHaveLength(1);
  // At once: nothing has passed "now", the rows are read back.
  const second = await ask(first.made);
  expect(second.seen).toEqual([1, 1, 1]);
  // Another version of the data is another key: counted again.
  expect((await ask(first.made, 'other data')).seen).toEqual([1, 2, 0]);
  // Once row 2 has passed "now", the stored count is no longer the data's: counted again, and now none is in the future.
  await new Promise((resolve) => setTimeout(resolve, 2_800));
  const third = await ask(second.made);
  expect(third.seen).toEqual([0, 3, 0]);
  // The new count is offered in turn: read back.
  expect((await ask(third.made)).seen).toEqual([0, 3, 1]);
});

test('a query that reads the clock in another way runs every time and is not offered', async () => {
  const sql = "SELECT count(*) AS recent FROM events WHERE events.happened_at > now() - interval '2 days'";
  const runs = { n: 0 };
  const first = turn([]);
  await read(first, sql, runs);
  const second = turn(first.made);
  await read(second, sql, runs);
  expect(runs.n).toBe(2);
  expect(first.made).toEqual([]);
  expect(second.reused).toBe(0);
});
