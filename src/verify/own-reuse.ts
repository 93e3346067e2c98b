/**
 * The independent verifier's own earlier results, across a conversation's turns: the rows of one of its queries (the
 * second path's, src/verify/second-path.ts, and the recipes it re-runs: data quality's counts, a significance test's
 * samples, a step the second path cannot express), keyed by that query's SQL and parameters and by the data they read (the extent
 * the run read at its start and the row count of each table, dataVersion in src/storage/reuse.ts):
 * `verify:<query hash>.<data hash>`. The counts are read once per verification, of every table the catalog declares (one
 * statement; a change to any table is then a new key, which is only more cautious). A later turn whose second path builds the same query on the same data reads those
 * rows back and re-verifies from them (ranking, reconciliations and comparisons are made again); a changed count or
 * extent is another key, and the query runs again.
 *
 * Only the verifier's own rows are stored and read here, never the producing path's (the SQL step's stored groups):
 * a number the user sees stays verified by a path that shares no code with the one that produced it.
 */
import { createHash } from 'node:crypto';
import type { Catalog } from '../catalog/catalog';
import type { Row } from '../contracts';
import { loadArtifact, storeArtifact } from '../storage/artifacts';
import { dataVersion, matchReuse, queryHash } from '../storage/reuse';

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** What a verification is given to reuse: the offered results (any kind; only `verify:` keys can match) and the extent. */
export interface OwnReuseInput {
  workflowId: string;
  offered: { key: string; result_ref: string }[];
  extentRef: string | null;
}

export class OwnResults {
  /** The keys this verification computed or read, for the next turn (RunResult.reusable). */
  readonly made: { key: string; result_ref: string }[] = [];
  /** How many second-path queries were read back instead of run. */
  reused = 0;
  private version: Promise<string | null> | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly catalog: Catalog,
    private readonly input: OwnReuseInput,
  ) {}

  /** The second path's rows of one query: read back under its key when offered, else run (and stored under it). */
  async rows(sql: string, params: (string | number)[], run: () => Promise<Row[]>): Promise<Row[]> {
    if (!this.input.extentRef) return run();
    this.version ??= dataVersion(this.databaseUrl, this.catalog, Object.keys(this.catalog.tables), this.input.extentRef);
    const data = await this.version;
    if (!data) return run();
    const key = `verify:${queryHash(sql, params)}.${hash(data)}`;
    const match = matchReuse(key, this.input.offered);
    if (match.kind === 'hit') {
      const stored = await loadArtifact<Row[]>(match.result_ref).catch(() => null);
      if (stored) {
        this.reused += 1;
        this.note(key, match.result_ref);
        return stored;
      }
    }
    const rows = await run();
    this.note(key, await storeArtifact(this.input.workflowId, 'verification', 'reusable', rows));
    return rows;
  }

  private note(key: string, result_ref: string): void {
    if (!this.made.some((m) => m.key === key)) this.made.push({ key, result_ref });
  }
}
