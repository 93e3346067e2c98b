/**
 * The independent verifier's own earlier results, across a conversation's turns: the rows of one of its queries (the
 * second path's, src/verify/second-path.ts, and the recipes it re-runs: data quality's counts, a significance test's
 * samples, a step the second path cannot express), keyed by that query's SQL and parameters and by the data's version the
 * run read at its start (the extent and every table's row count, src/storage/reuse.ts): `verify:<query hash>.<data hash>`.
 * A later turn whose second path builds the same query on the same data reads those
 * rows back and re-verifies from them (ranking, reconciliations and comparisons are made again); a changed count or
 * extent is another key, and the query runs again.
 *
 * A query that reads the clock (data quality's "not in the future": `invoice.invoice_date > now()`) answers the same
 * later only if no row's time has passed "now" since: its rows are stored with the clock as it read before the query,
 * and read back only when no row of the compared column lies between that reading and the clock now (one probe of the
 * column per comparison, an index range scan where the column has an index); otherwise it runs again. A query that
 * reads the clock in any other way always runs.
 *
 * Only the verifier's own rows are stored and read here, never the producing path's (the SQL step's stored groups):
 * a number the user sees stays verified by a path that shares no code with the one that produced it.
 */
import { createHash } from 'node:crypto';
import { tableSql, type Catalog } from '../catalog/catalog';
import type { Row } from '../contracts';
import { queryRows } from '../analysis/recompute';
import { loadArtifact, storeArtifact } from '../storage/artifacts';
import { matchReuse, queryHash } from '../storage/reuse';

/** A comparison with "now" as the verifier's queries write it: `<table>.<column> > now()`, or its wall time in a zone. */
export interface ClockComparison {
  table: string;
  column: string;
  /** `now()` (an instant) or `(now() AT TIME ZONE '<zone>')` (a wall time). */
  now: string;
}

const NOW = /now\(\)/gi;
// The comparison whole: not part of a longer expression on either side (`… - x.t > now()`, `x.t > now() - interval …`).
const COMPARISON =
  /(?<![-+*/%|&]\s*)(?<=^|[\s(])([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*) > (now\(\)|\(now\(\) AT TIME ZONE '[A-Za-z0-9_/+-]+'\))(?=\s*(?:$|\)|AND\b|OR\b))/gi;

/**
 * The comparisons with "now" in a query: none for a query that does not read the clock, null for one that reads it
 * otherwise than in such comparisons (which is then never read back).
 */
export function clockComparisons(sql: string): ClockComparison[] | null {
  const found = [...sql.matchAll(COMPARISON)].map((m) => ({ table: m[1] as string, column: m[2] as string, now: m[3] as string }));
  if ((sql.match(NOW) ?? []).length !== found.length) return null;
  const seen = new Set<string>();
  return found.filter((c) => {
    const key = `${c.table}.${c.column} ${c.now}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** The SQL type of a "now" expression: an instant, or a wall time. */
const typeOf = (now: string) => (now === 'now()' ? 'timestamptz' : 'timestamp');

/** What is stored under a key: the rows, and for a query that reads the clock, each "now" as it read before the query. */
type Stored = Row[] | { rows: Row[]; clock: Record<string, string> };

const LIMITS = { statementTimeoutMs: 25_000, rowCap: 1 };

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** What a verification is given to reuse: the offered results (any kind; only `verify:` keys can match) and the data's version. */
export interface OwnReuseInput {
  workflowId: string;
  /** The database and catalog the clock is probed in (a query that reads the clock). */
  db: string;
  catalog: Catalog;
  offered: { key: string; result_ref: string }[];
  dataVersion: string | null;
}

export class OwnResults {
  /** The keys this verification computed or read, for the next turn (RunResult.reusable). */
  readonly made: { key: string; result_ref: string }[] = [];
  /** How many second-path queries were read back instead of run. */
  reused = 0;
  constructor(private readonly input: OwnReuseInput) {}

  /** The verifier's rows of one query: read back under its key when offered (and, reading the clock, still the same), else run and stored. */
  async rows(sql: string, params: (string | number)[], run: () => Promise<Row[]>): Promise<Row[]> {
    const data = this.input.dataVersion;
    const clocks = clockComparisons(sql);
    if (!data || clocks === null) return run();
    const key = `verify:${queryHash(sql, params)}.${hash(data)}`;
    const match = matchReuse(key, this.input.offered);
    if (match.kind === 'hit') {
      const stored = await loadArtifact<Stored>(match.result_ref).catch(() => null);
      const rows = stored && (await this.stillSame(stored, clocks));
      if (rows) {
        this.reused += 1;
        this.note(key, match.result_ref);
        return rows;
      }
    }
    const clock = clocks.length > 0 ? await this.clockNow(clocks) : null;
    const rows = await run();
    this.note(key, await storeArtifact(this.input.workflowId, 'verification', 'reusable', clock ? { rows, clock } : rows));
    return rows;
  }

  /** The stored rows when they still hold: no clock read, or no row of a compared column has passed "now" since. */
  private async stillSame(stored: Stored, clocks: ClockComparison[]): Promise<Row[] | null> {
    if (Array.isArray(stored)) return clocks.length === 0 ? stored : null;
    const then = clocks.map((c) => stored.clock[c.now]);
    if (then.some((t) => t === undefined)) return null;
    const { db, catalog } = this.input;
    if (clocks.some((c) => !(c.table in catalog.tables))) return null;
    // Per comparison: the clock has not gone back, and no row's time lies in (then, now].
    const unchanged = clocks.map((c, i) => {
      const at = `$${i + 1}::${typeOf(c.now)}`;
      const col = `${c.table}.${c.column}`;
      return `${c.now} >= ${at} AND NOT EXISTS (SELECT 1 FROM ${tableSql(catalog, c.table)} WHERE ${col} > ${at} AND ${col} <= ${c.now})`;
    });
    const { rows } = await queryRows(db, `SELECT ${unchanged.map((u) => `(${u})`).join(' AND ')} AS unchanged`, then, LIMITS);
    return rows[0]?.unchanged === true ? stored.rows : null;
  }

  /** Each "now" of the comparisons, as text, read before the query runs (so a later probe covers every row it could have missed). */
  private async clockNow(clocks: ClockComparison[]): Promise<Record<string, string>> {
    const nows = [...new Set(clocks.map((c) => c.now))];
    const { rows } = await queryRows(this.input.db, `SELECT ${nows.map((n, i) => `${n}::text AS c${i}`).join(', ')}`, [], LIMITS);
    return Object.fromEntries(nows.map((n, i) => [n, String(rows[0]?.[`c${i}`] ?? '')]));
  }

  /** `made` in the order of its keys, whatever order the queries ended in (they may run at once). */
  madeByKey(): { key: string; result_ref: string }[] {
    return [...this.made].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  private note(key: string, result_ref: string): void {
    if (!this.made.some((m) => m.key === key)) this.made.push({ key, result_ref });
  }
}
