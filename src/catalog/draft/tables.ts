/**
 * Table detection for the draft: which tables are facts (a business event with its own time, or the lines of
 * one), which tables they reach through joins, and the catalog's tables, joins and time fields for them.
 */
import type { Col, Rel } from '../introspect';
import { LATER_TIME, meant, PAID_TIME, plural, singular, timeScore, words } from './names';
import type { DraftSchema } from './schema';
import type { Noted } from './types';

export interface Facts {
  /** Fact tables with their own business time (orders, invoices, payments, rentals). */
  headers: Set<string>;
  /** line table → its header (the fact table whose time it takes). */
  lines: Map<string, string>;
  /** headers, then lines. */
  facts: string[];
  /** The tables a fact reaches through many-to-one joins, with how many joins away they are. */
  hops: Map<string, number>;
  /** The tables the draft writes: those a fact reaches, or all of them when there is no fact. */
  included: string[];
  /** The tables left out: no fact reaches them. */
  left: string[];
}

/** The sensitive columns of every table: never proposed and never read. */
export function sensitiveColumns(s: DraftSchema): string[] {
  const sensitive: string[] = [];
  for (const rel of s.rels.values()) for (const c of rel.columns) if (s.isSensitive(c.name)) sensitive.push(`${rel.name}.${c.name}`);
  return sensitive;
}

/** Fact tables: a business event with its own time (an order, an invoice, a payment, a rental), or the lines of one. */
export function findFacts(s: DraftSchema, notes: string[]): Facts {
  for (const f of s.fks.filter((x) => x.fromColumns.length > 1))
    notes.push(
      `${f.from}(${f.fromColumns.join(', ')}) → ${f.to}: a composite foreign key; a join has one column on each side, so it is not drafted`,
    );
  const headers = new Set<string>();
  for (const rel of s.rels.values()) {
    const best = s.timeCols(rel)[0];
    if (!best) continue;
    const hasMeasure = s.moneyCols(rel).length + s.qtyCols(rel).length > 0;
    if (best.score >= 5 || (best.score >= 2 && s.outgoing(rel.name).length > 0 && hasMeasure)) headers.add(rel.name);
  }
  // What a fact refers to (the vehicle a rental names, the product of an order) is a dimension of it, however it is
  // dated (acquired_date) and priced (its cost), unless its own time is a business event's (a payment's paid_time).
  for (const t of [...headers]) {
    const score = s.timeCols(s.rel(t))[0]?.score ?? 0;
    const referredBy = [...headers].filter((h) => h !== t && s.outgoing(h).some((j) => j.to === t));
    if (score < 5 && referredBy.length > 0) {
      headers.delete(t);
      notes.push(`${t}: referred to by ${referredBy.join(', ')}, so drafted as what they refer to rather than as a fact of its own`);
    }
  }
  // A table dated only by when its row was created (rental_extra.created_at) that belongs to a fact dated by its
  // event (the rental's booked_time) holds the lines of that fact: it takes the fact's time.
  const createdOnly = (rel: Rel) => (s.timeCols(rel)[0]?.score ?? 0) < 3;
  for (const t of [...headers])
    if (createdOnly(s.rel(t)) && s.outgoing(t).some((j) => j.to !== t && headers.has(j.to) && !createdOnly(s.rel(j.to)))) headers.delete(t);
  const lines = new Map<string, string>();
  for (const rel of s.rels.values()) {
    if (headers.has(rel.name) || (s.timeColumnOf(rel) && !createdOnly(rel))) continue;
    const header = s.outgoing(rel.name).find((j) => headers.has(j.to));
    if (header && s.moneyCols(rel).length + s.qtyCols(rel).length > 0) lines.set(rel.name, header.to);
  }
  const facts = [...headers, ...lines.keys()];

  const hops = new Map<string, number>(facts.map((f) => [f, 0]));
  const queue = [...facts];
  while (queue.length > 0) {
    const t = queue.shift() as string;
    for (const j of s.outgoing(t))
      if (!hops.has(j.to)) {
        hops.set(j.to, (hops.get(t) ?? 0) + 1);
        queue.push(j.to);
      }
  }
  const included = facts.length > 0 ? [...s.rels.keys()].filter((t) => hops.has(t)) : [...s.rels.keys()];
  const left = [...s.rels.keys()].filter((t) => !included.includes(t));
  for (const t of left) {
    const rel = s.rel(t);
    if (rel.kind === 'view')
      notes.push(
        `${t}: a view, left out (no fact table reaches it); views are allowed as tables: add it under tables with the primary_key that identifies a row`,
      );
    else if (rel.pk.length === 0)
      notes.push(`${t}: no primary key, left out (no fact table reaches it); to use it, add it under tables and declare its primary_key`);
  }
  return { headers, lines, facts, hops, included, left };
}

/** The primary key a table is drafted with, and the comment and note when it has none. */
function primaryKey(s: DraftSchema, t: string, def: Record<string, unknown>, notes: string[]): string | undefined {
  const rel = s.rel(t);
  if (rel.pk.length > 0) {
    def.primary_key = rel.pk.length === 1 ? rel.pk[0] : rel.pk;
    return undefined;
  }
  const unique = rel.unique.find((u) => u.every((c) => s.col(rel, c)?.notNull));
  if (unique) def.primary_key = unique.length === 1 ? unique[0] : unique;
  const comment =
    rel.kind === 'view'
      ? `a view: views have no primary key; declare the column(s) that identify a row${unique ? ' (drafted from a unique constraint)' : ''}`
      : `no primary key${unique ? '; drafted from a NOT NULL unique constraint' : ': declare the column(s) that identify a row, or a metric joined across it is refused'}`;
  notes.push(`${t}: ${comment}`);
  return comment;
}

/** The data-quality checks of a fact table: no negative money, no future dates, times in order, paid rows with a pay time, references present. */
async function factChecks(s: DraftSchema, facts: Facts, t: string, tc: Col | undefined): Promise<Record<string, unknown>[]> {
  const rel = s.rel(t);
  const checks: Record<string, unknown>[] = [];
  if (facts.facts.includes(t)) {
    // A profit or a balance may be negative: no non_negative check on it.
    for (const m of s.moneyCols(rel))
      if (!(await s.signed(t, m.name)))
        checks.push({
          column: m.name,
          rule: 'non_negative',
          description: `${plural(words(singular(t)))} with a negative ${words(m.name)}`,
        });
  }
  if (tc && facts.headers.has(t)) {
    checks.push({ column: tc.name, rule: 'not_in_future', description: `${plural(words(singular(t)))} dated in the future` });
    const later = rel.columns.find(
      (c) => c !== tc && c.category === 'D' && LATER_TIME.test(meant(c.name)) && !LATER_TIME.test(meant(tc.name)),
    );
    if (later)
      checks.push({
        column: later.name,
        rule: 'not_before',
        other: tc.name,
        description: `${plural(words(singular(t)))} whose ${words(later.name)} precedes their ${words(tc.name)}`,
      });
    const status = await s.statusFilter(t);
    const paidAt = rel.columns.find((c) => c.category === 'D' && PAID_TIME.test(meant(c.name)) && !c.notNull);
    if (status && paidAt)
      checks.push({
        column: paidAt.name,
        rule: 'not_null',
        when: status.sql.replace(`${t}.`, ''),
        description: `${status.sql.split(' = ')[1]?.replace(/'/g, '')} ${words(t)} without a ${words(paidAt.name)}`,
      });
    for (const f of s.outgoing(t)) {
      const c = s.col(rel, f.fromColumns[0] ?? '');
      if (c && !c.notNull) checks.push({ column: c.name, rule: 'not_null', description: `${words(t)} without a ${words(singular(f.to))}` });
    }
  }
  return checks;
}

/** Violations above this share of the joined rows and a not_before across a join is not proposed: the data disagrees. */
const MOST_ROWS_AGREE = 0.05;

/**
 * not_before across each foreign key between two tables that both have their own time (a payment not before its
 * rental), proposed only where the data mostly agrees; each with a comment that counts the rows that break it now.
 */
async function joinedTimeChecks(
  s: DraftSchema,
  t: string,
  included: string[],
): Promise<{ check: Record<string, unknown>; comment: string }[]> {
  const rel = s.rel(t);
  const tc = s.timeColumnOf(rel);
  if (!tc) return [];
  const out: { check: Record<string, unknown>; comment: string }[] = [];
  for (const j of s.outgoing(t)) {
    const other = included.includes(j.to) ? s.timeColumnOf(s.rel(j.to)) : undefined;
    if (!other) continue;
    const fk = j.fromColumns[0] ?? '';
    const { joined, before } = await s.precedes(
      { table: t, fk, time: tc.name },
      { table: j.to, key: j.toColumns[0] ?? '', time: other.name },
    );
    if (joined === 0 || before > joined * MOST_ROWS_AGREE) continue;
    const rows = plural(words(singular(t)));
    out.push({
      check: {
        column: tc.name,
        rule: 'not_before',
        other: `${j.to}.${other.name}`,
        description: `${rows} dated before their ${words(singular(j.to))}'s ${words(other.name)}`,
      },
      comment: `proposed from the data: ${before} of ${joined} ${rows} are dated before their ${words(singular(j.to))} (${j.to}.${other.name}) today${before > 0 ? '; data errors, or drop the check if that is allowed' : ''}`,
    });
  }
  return out;
}

/** The catalog's tables: each included table's description, primary key, time column and checks. */
export async function tableSection(s: DraftSchema, facts: Facts, notes: string[]): Promise<Record<string, Noted<Record<string, unknown>>>> {
  const tables: Record<string, Noted<Record<string, unknown>>> = {};
  for (const t of facts.included) {
    const rel = s.rel(t);
    const def: Record<string, unknown> = { description: `One row per ${words(singular(t))}.` };
    let comment = primaryKey(s, t, def, notes);
    if (rel.kind === 'partitioned') comment = 'a partitioned table: its partitions are read through it and not listed';
    const tc = s.timeColumnOf(rel);
    if (tc) def.time_column = tc.name;
    const checks = await factChecks(s, facts, t, tc);
    const across = await joinedTimeChecks(s, t, facts.included);
    const itemComments: Record<number, string> = {};
    for (const a of across) itemComments[checks.push(a.check) - 1] = a.comment;
    if (checks.length > 0) def.checks = checks;
    tables[t] = { value: def, comment, itemComments: Object.keys(itemComments).length > 0 ? itemComments : undefined };
  }
  return tables;
}

/** The catalog's joins between included tables, one-to-one where the referring column is a key. */
export function joinSection(s: DraftSchema, included: string[]): Record<string, string>[] {
  return s.joins
    .filter((j) => included.includes(j.from) && included.includes(j.to))
    .map((j) => {
      const rel = s.rel(j.from);
      const oneToOne =
        (rel.pk.length === 1 && rel.pk[0] === j.fromColumns[0]) || rel.unique.some((u) => u.length === 1 && u[0] === j.fromColumns[0]);
      return {
        from: `${j.from}.${j.fromColumns[0]}`,
        to: `${j.to}.${j.toColumns[0]}`,
        ...(oneToOne ? { relationship: 'one_to_one' } : {}),
      };
    });
}

/** The catalog's time fields, added as tables and metrics need them; a column is one time field, however often asked for. */
export class TimeFields {
  readonly fields: Record<string, Noted<Record<string, string>>> = {};
  private readonly fieldOf = new Map<string, string>();
  private readonly allTimeNames: string[];

  constructor(s: DraftSchema, included: string[]) {
    this.allTimeNames = included.flatMap((t) =>
      s
        .rel(t)
        .columns.filter((c) => c.category === 'D')
        .map((c) => c.name),
    );
  }

  /** The time field's id for the column: its name, or table_name when another included table has a column so named. */
  add(rel: Rel, c: Col, comment?: string): string {
    const key = `${rel.name}.${c.name}`;
    if (this.fieldOf.has(key)) return this.fieldOf.get(key)!;
    const id = this.allTimeNames.filter((n) => n === c.name).length > 1 ? `${rel.name}_${c.name}` : c.name;
    const type = c.type.startsWith('timestamp with time zone') ? 'timestamptz' : c.type === 'date' ? 'date' : 'timestamp';
    this.fields[id] = {
      value: {
        column: key,
        meaning: PAID_TIME.test(meant(c.name))
          ? `When the ${words(singular(rel.name))} was paid.`
          : `The ${words(c.name)} of each ${words(singular(rel.name))}.`,
        type,
      },
      comment,
    };
    this.fieldOf.set(key, id);
    return id;
  }
}

/** Time fields: each included table's own time, and every business time of a fact table. */
export function draftTimeFields(s: DraftSchema, facts: Facts): TimeFields {
  const timeFields = new TimeFields(s, facts.included);
  for (const t of facts.included) {
    const rel = s.rel(t);
    const tc = s.timeColumnOf(rel);
    if (tc) timeFields.add(rel, tc);
    if (facts.headers.has(t)) for (const { c } of s.timeCols(rel).filter((x) => x.score >= 5)) timeFields.add(rel, c);
  }
  return timeFields;
}

/** Dates not drafted as business time: audit dates (updated_at, loaded_at). */
export function auditDates(s: DraftSchema, included: string[]): string[] {
  return included.flatMap((t) =>
    s
      .rel(t)
      .columns.filter((c) => c.category === 'D' && timeScore(c.name) <= 1)
      .map((c) => `${t}.${c.name}`),
  );
}
