/**
 * The schema being drafted: its relations and joins, what each column is taken for (business time, money,
 * quantity, key), and the few values the draft reads from it (distinct values, a completed-sale status, negative
 * amounts), in the draft's read-only session.
 */
import type { Client } from 'pg';
import { quoted, type Col, type Fk, type Rel } from '../introspect';
import { DISCOUNT, DONE_STATUS, ID_LIKE, isSensitiveColumn, meant, MONEY, QUANTITY, SIGNED, timeScore, words } from './names';

/** The filters every metric of a fact table gets, and the notes that explain them. */
export interface HeaderFilters {
  filters: { sql: string; description: string }[];
  notes: string[];
}

export class DraftSchema {
  /** Single-column foreign keys become joins (a composite one is named in a note); self-references are left out. */
  readonly joins: Fk[];
  private readonly filterCache = new Map<string, HeaderFilters>();
  private readonly negativeCache = new Map<string, number>();

  constructor(
    private readonly client: Client,
    readonly schema: string,
    readonly rels: Map<string, Rel>,
    readonly fks: Fk[],
    private readonly allowContactColumns: boolean | undefined,
  ) {
    this.joins = fks.filter((f) => f.fromColumns.length === 1 && f.from !== f.to);
  }

  rel(table: string): Rel {
    return this.rels.get(table)!;
  }

  /** The table as SQL names it: schema-qualified outside public. */
  from(table: string): string {
    return this.schema === 'public' ? quoted(table) : `${quoted(this.schema)}.${quoted(table)}`;
  }

  col(rel: Rel, column: string): Col | undefined {
    return rel.columns.find((x) => x.name === column);
  }

  isSensitive(column: string): boolean {
    return isSensitiveColumn(column, this.allowContactColumns);
  }

  /** The primary key and the foreign-key columns: never measures, never dimensions. */
  keyCols(rel: Rel): Set<string> {
    return new Set([...rel.pk, ...this.fks.filter((f) => f.from === rel.name).flatMap((f) => f.fromColumns)]);
  }

  /** Time columns, best first. */
  timeCols(rel: Rel): { c: Col; score: number }[] {
    return rel.columns
      .filter((c) => c.category === 'D' && /^(date|timestamp)/.test(c.type) && timeScore(c.name) > 0)
      .map((c) => ({ c, score: timeScore(c.name) + (c.notNull ? 0.5 : 0) }))
      .sort((a, b) => b.score - a.score);
  }

  /** The row's own time: its best time column that is more than an audit date. */
  timeColumnOf(rel: Rel): Col | undefined {
    return this.timeCols(rel).find((t) => t.score >= 2)?.c;
  }

  private numeric(c: Col): boolean {
    return c.category === 'N' && !ID_LIKE.test(meant(c.name));
  }

  moneyCols(rel: Rel): Col[] {
    return rel.columns.filter(
      (c) =>
        this.numeric(c) &&
        !this.keyCols(rel).has(c.name) &&
        MONEY.test(meant(c.name)) &&
        !QUANTITY.test(meant(c.name)) &&
        !DISCOUNT.test(meant(c.name)) &&
        !this.isSensitive(c.name),
    );
  }

  qtyCols(rel: Rel): Col[] {
    return rel.columns.filter(
      (c) => this.numeric(c) && !this.keyCols(rel).has(c.name) && QUANTITY.test(meant(c.name)) && !this.isSensitive(c.name),
    );
  }

  /** The joins from the table to the tables it refers to (many-to-one). */
  outgoing(table: string): Fk[] {
    return this.joins.filter((j) => j.from === table);
  }

  /** A column's distinct values, sorted; null when there are more than the limit. */
  async distinctValues(t: string, c: string, limit: number): Promise<string[] | null> {
    const { rows } = await this.client.query<{ v: string }>(
      `SELECT DISTINCT ${quoted(c)}::text AS v FROM ${this.from(t)} WHERE ${quoted(c)} IS NOT NULL LIMIT ${limit + 1}`,
    );
    return rows.length > limit ? null : rows.map((r) => r.v).sort((a, b) => a.localeCompare(b));
  }

  /** The money column whose negative values the draft filters out as data errors: the first that is not signed by name. */
  private filteredAmount(rel: Rel): Col | undefined {
    return this.moneyCols(rel).find((c) => !SIGNED.test(meant(c.name)));
  }

  /** How many rows hold a negative value in the column. */
  async negatives(t: string, c: string): Promise<number> {
    const key = `${t}.${c}`;
    const hit = this.negativeCache.get(key);
    if (hit !== undefined) return hit;
    const { rows } = await this.client.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${this.from(t)} WHERE ${quoted(c)} < 0`);
    const n = Number(rows[0]?.n ?? 0);
    this.negativeCache.set(key, n);
    return n;
  }

  /**
   * A column that may be negative: a profit, margin, change, balance or net by its name, or one that holds negative
   * values in the data (except the amount whose negative rows the draft filters out as data errors). It gets no
   * `min: 0` rule and no non_negative check.
   */
  async signed(t: string, c: string): Promise<boolean> {
    if (SIGNED.test(meant(c))) return true;
    if (this.filteredAmount(this.rel(t))?.name === c) return false;
    return (await this.negatives(t, c)) > 0;
  }

  /** Rows, and distinct non-null values, of a column. */
  async repeats(t: string, c: string): Promise<{ rows: number; distinct: number }> {
    const { rows } = await this.client.query<{ rows: string; distinct: string }>(
      `SELECT count(${quoted(c)})::text AS rows, count(DISTINCT ${quoted(c)})::text AS distinct FROM ${this.from(t)}`,
    );
    return { rows: Number(rows[0]?.rows ?? 0), distinct: Number(rows[0]?.distinct ?? 0) };
  }

  /** Distinct values of an SQL expression over the table, counted up to limit + 1. */
  async distinctCount(t: string, sql: string, limit: number): Promise<number> {
    const { rows } = await this.client.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM (SELECT DISTINCT ${sql} FROM ${this.from(t)} WHERE ${sql} IS NOT NULL LIMIT ${limit + 1}) v`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Rows of `from` joined to `to` by the foreign key, and how many of them are dated before the row they refer to:
   * the evidence for a not_before check across the join.
   */
  async precedes(from: { table: string; fk: string; time: string }, to: { table: string; key: string; time: string }) {
    const { rows } = await this.client.query<{ joined: string; before: string }>(
      `SELECT count(*)::text AS joined, count(*) FILTER (WHERE a.${quoted(from.time)} < b.${quoted(to.time)})::text AS before
       FROM ${this.from(from.table)} a JOIN ${this.from(to.table)} b ON a.${quoted(from.fk)} = b.${quoted(to.key)}
       WHERE a.${quoted(from.time)} IS NOT NULL AND b.${quoted(to.time)} IS NOT NULL`,
    );
    return { joined: Number(rows[0]?.joined ?? 0), before: Number(rows[0]?.before ?? 0) };
  }

  /** The largest value of a column, as text (null for an empty table). */
  async maxValue(t: string, c: string): Promise<string | null | undefined> {
    const { rows } = await this.client.query<{ max: string | null }>(`SELECT max(${quoted(c)})::text AS max FROM ${this.from(t)}`);
    return rows[0]?.max;
  }

  /** A status filter (orders.status = 'paid') when a status column holds a value that marks a completed sale. */
  async statusFilter(t: string): Promise<{ sql: string; values: string[] } | undefined> {
    const rel = this.rel(t);
    for (const c of rel.columns.filter((x) => /(^|_)status(_code)?$/i.test(meant(x.name)) && (x.category === 'S' || x.category === 'E'))) {
      const values = c.enumValues ?? (await this.distinctValues(t, c.name, 20));
      const done = values && DONE_STATUS.find((d) => values.some((v) => v.toLowerCase() === d));
      if (values && done) return { sql: `${t}.${c.name} = '${values.find((v) => v.toLowerCase() === done)}'`, values };
    }
    return undefined;
  }

  /** The filters every metric of a fact table gets: a completed-sale status, and money above zero when some is not. */
  async headerFilters(t: string): Promise<HeaderFilters> {
    const hit = this.filterCache.get(t);
    if (hit) return hit;
    const rel = this.rel(t);
    const filters: { sql: string; description: string }[] = [];
    const notes: string[] = [];
    const status = await this.statusFilter(t);
    if (status) {
      filters.push({ sql: status.sql, description: `${status.sql.split(' = ')[1]} ${words(t)} only` });
      notes.push(`which ${words(t)} count? drafted: ${status.sql} (values: ${status.values.join(', ')})`);
    }
    // The amount, not a profit or a balance: negative amounts are data errors (or refunds), a negative profit is a loss.
    const amount = this.filteredAmount(rel);
    if (amount) {
      const negatives = String(await this.negatives(t, amount.name));
      if (negatives !== '0') {
        filters.push({
          sql: `${t}.${amount.name} > 0`,
          description: `${words(t)} with a non-positive ${words(amount.name)} excluded (data errors)`,
        });
        notes.push(
          `${negatives} ${words(t)} have ${amount.name} < 0: drafted as data errors and filtered out; drop the filter if they are refunds`,
        );
      }
    }
    const result = { filters, notes };
    this.filterCache.set(t, result);
    return result;
  }
}
