/**
 * Step results a conversation's later turn may reuse (AnalysisRequest.reuse, RunResult.reusable).
 *
 * A SQL step's result is keyed by its compiled SQL with its parameters and by the data's version the run read at its
 * start (readDataVersion: the extent and each table's row count): `sql:<query hash>.<data hash>`.
 * A ranked query ("top 3 genres") is keyed by its UNRANKED grouped form, so a later turn that only ranks differently
 * ("top 5 instead", "and the lowest?") or groups the same way again reads the stored groups and ranks them here, with
 * FETCH FIRST n ROWS WITH TIES semantics. When a key's query part matches but its extent part does not, the data
 * changed since the earlier turn: the step queries again and says so.
 *
 * The stored rows are the producing step's own rows; the independent verifier never reads them (it recomputes every
 * number from the database by its own path, src/verify/).
 */
import { createHash } from 'node:crypto';
import type { ColumnInfo, Row } from '../contracts';
import { loadArtifact, storeArtifact } from './artifacts';
import { tableSql, type Catalog } from '../catalog/catalog';
import { queryRows } from '../analysis/recompute';

/** What a reusable result holds: the unranked grouped rows of one compiled query. */
export interface StoredResult {
  columns: ColumnInfo[];
  rows: Row[];
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/**
 * What a key says of the data, beside the query: the data's version, read once per turn by the data-extent agent
 * (DataExtent.data_version) and carried by every key the turn makes: the extent (first and last day of each month with
 * data, which a row added inside a month does not move) and the row count of every table the catalog declares, so a
 * change to any table is a new version. A change these miss (an update that moves no row in or out of a table or a
 * month) still cannot pass as verified: the independent verifier recomputes every number from the database and flags
 * the difference (test/integration/reuse.test.ts).
 */
export function dataVersionOf(extentRef: string, rowCounts: string): string {
  return `${extentRef}|${rowCounts}`;
}

/** The row count of every table the catalog declares, in one statement, as the data's version holds them; null when they cannot be read. */
export async function readRowCounts(db: string, catalog: Pick<Catalog, 'tables'>): Promise<string | null> {
  const names = Object.keys(catalog.tables).sort();
  if (names.length === 0) return '';
  const counts = names.map((t, i) => `(SELECT count(*) FROM ${tableSql(catalog, t)}) AS n${i}`);
  try {
    const { rows } = await queryRows(db, `SELECT ${counts.join(', ')}`, [], { statementTimeoutMs: 25_000, rowCap: 1 });
    return `${names.join(',')}|${JSON.stringify(rows[0] ?? {})}`;
  } catch {
    return null;
  }
}

/** The query part of a key: the compiled SQL and its parameters. */
export function queryHash(sql: string, params: unknown[]): string {
  return hash(JSON.stringify([sql, params]));
}

/** A step result's key: its query and the data's version (null without one: then nothing is reused or offered). */
export function reuseKey(sql: string, params: unknown[], dataVersion: string | null | undefined): string | null {
  return dataVersion ? `sql:${queryHash(sql, params)}.${hash(dataVersion)}` : null;
}

/** How a step's key meets the results offered: the same query on the same data, the same query on changed data, or none. */
export type ReuseMatch = { kind: 'hit'; result_ref: string } | { kind: 'stale' } | { kind: 'none' };

export function matchReuse(key: string | null, offered: { key: string; result_ref: string }[] | undefined): ReuseMatch {
  if (!key || !offered?.length) return { kind: 'none' };
  const hit = offered.find((o) => o.key === key);
  if (hit) return { kind: 'hit', result_ref: hit.result_ref };
  const query = key.slice(0, key.indexOf('.') + 1);
  return offered.some((o) => o.key.startsWith(query)) ? { kind: 'stale' } : { kind: 'none' };
}

/** A stage's key (the data-quality counts): its inputs that decide the result, and the data's version. */
export function stageKey(stage: string, inputs: unknown, dataVersion: string | null | undefined): string | null {
  return dataVersion ? `${stage}:${hash(JSON.stringify(inputs))}.${hash(dataVersion)}` : null;
}

/**
 * A stage's output from an earlier turn when its key is offered, else computed and stored for later turns; either way
 * with the stage's reuse record.
 */
export async function withReuse<T extends object>(
  workflowId: string,
  stage: string,
  key: string | null,
  offered: { key: string; result_ref: string }[],
  compute: () => Promise<T>,
): Promise<T & { reuse: ReuseRecord | null }> {
  if (!key) return { ...(await compute()), reuse: null };
  const match = matchReuse(key, offered);
  if (match.kind === 'hit')
    return {
      ...(await loadArtifact<T>(match.result_ref)),
      reuse: { key, result_ref: match.result_ref, reused: true, data_changed: false },
    };
  const value = await compute();
  const ref = await storeArtifact(workflowId, stage, 'reusable', value);
  return { ...value, reuse: { key, result_ref: ref, reused: false, data_changed: match.kind === 'stale' } };
}

/** What a step or stage did with its key. */
export interface ReuseRecord {
  key: string;
  result_ref: string | null;
  reused: boolean;
  data_changed: boolean;
}

export async function storeResult(workflowId: string, stepId: string, result: StoredResult): Promise<string> {
  return storeArtifact(workflowId, stepId, 'reusable', result);
}

export async function loadResult(ref: string): Promise<StoredResult> {
  return loadArtifact<StoredResult>(ref);
}

/**
 * A ranking over stored unranked groups, as the compiler's SQL ranks them: groups with a missing key left out (HAVING
 * … IS NOT NULL), sorted by value (missing values last), the first n and every row tied with the n-th (FETCH FIRST n
 * ROWS WITH TIES). Ties keep the stored order (the groups' order).
 */
export function rankStored(rows: Row[], groupColumns: string[], order: 'asc' | 'desc', limit: number): Row[] {
  const absent = (v: Row[string] | undefined) => v === null || v === undefined;
  const sign = order === 'desc' ? -1 : 1;
  const sorted = rows
    .filter((r) => groupColumns.every((g) => !absent(r[g])))
    .map((row, at) => ({ row, at }))
    .sort((a, b) => {
      const [va, vb] = [a.row.value, b.row.value];
      if (absent(va) || absent(vb)) return absent(va) === absent(vb) ? a.at - b.at : absent(va) ? 1 : -1;
      return sign * (Number(va) - Number(vb)) || a.at - b.at;
    })
    .map((x) => x.row);
  if (sorted.length <= limit) return sorted;
  const cut = sorted[limit - 1]?.value;
  let end = limit;
  const tied = (v: Row[string] | undefined) => (absent(cut) ? absent(v) : !absent(v) && Number(v) === Number(cut));
  while (end < sorted.length && tied(sorted[end]?.value)) end++;
  return sorted.slice(0, end);
}
