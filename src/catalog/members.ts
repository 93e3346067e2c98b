/**
 * Members found in the data: the names a question uses that the catalog lists no values for. A dimension of more
 * than 30 values (a city, an artist, an album, a customer) lists none, so "revenue from Iron Maiden" has no term for
 * its name; the planner looks up in the data the words its reading could not place, and a name found there is read as
 * that dimension's member ("artist = Iron Maiden"), spelled as the data spells it.
 *
 * What is found is taken only where it cannot be a word of the question's own:
 *   - a span written as a name is taken: two words or more ("iron maiden", "São Paulo"), quoted, capitalised where
 *     no sentence starts ("from Metallica"), or with capitals, digits or signs inside (AC/DC, U2, R.E.M.);
 *   - one word written in lower case ("from metallica") is only suggested: the data has artists called Lost and
 *     Heroes and albums called Load and Green, so the run asks back with the name spelled as the data spells it;
 *   - a ranking-only dimension (thousands of tracks: Bad, Again, Believe) is matched by spans written as names only;
 *   - a name found in two dimensions (Iron Maiden is an artist and an album) is the one the question names next to
 *     it ("the album Iron Maiden"), else the run asks which; a ranking-only dimension's member of the same name (a
 *     track called Iron Maiden) gives way to the other's.
 */
import type { Catalog } from './catalog';
import { tableSql } from './catalog';
import { joinPath } from './sql-joins';
import { isEnglishWord } from '../model/words/lemma';
import { runReadOnly } from '../storage/read-only';

/** A span of the question found as a member of a dimension. */
export interface FoundMember {
  /** The span as the question writes it. */
  text: string;
  dimension: string;
  /** The member as the data spells it. */
  value: string;
  /** Dimensions whose members of the same name it holds (the artist Iron Maiden holds the album Iron Maiden). */
  also?: string[];
}

export interface MembersFound {
  /** Spans read as members. */
  members: FoundMember[];
  /** One word in lower case that is a member's name: asked back, spelled as the data spells it. */
  suggested: FoundMember[];
  /** A span that names members of two dimensions or more, with nothing in the question to say which. */
  ambiguous: { text: string; found: FoundMember[] }[];
  /** The dimensions whose members were read (a statement that failed or timed out leaves its dimension out). */
  searched: string[];
}

interface Candidate {
  text: string;
  start: number;
  end: number;
  nameLike: boolean;
}

/** Words, with the signs that join the parts of a name (AC/DC, R.E.M., O'Brien), and runs of Chinese characters. */
const TOKEN = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+(?:[.'’&/-](?:(?!\p{Script=Han})[\p{L}\p{N}])+)*\.?/gu;
const MAX_WORDS = 6;
/** Signs that end a clause: a name never spans them. */
const CLAUSE_END = /[,;:?!，。；：？！()（）]/;
const SENTENCE_START = /(?:^|[.!?。！？:：;；\n]|^\s*[-*•>])\s*$/;
const QUOTED = /["“”「」『』《》]([^"“”「」『』《》]{2,80})["“”「」『』《》]|(?<![\p{L}\p{N}])['‘]([^'‘’]{2,80})['’](?![\p{L}\p{N}])/gu;

const wordsOf = (token: string) => (token.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.replace(/s$/, ''));

/** Whether one token is written as a name: capitals after its first letter, digits or joining signs, or in capitals. */
const writtenAsName = (token: string) =>
  /^\p{Lu}{2,}\.?$|\p{N}|[.&/]./u.test(token) || /^\p{L}.*\p{Lu}/u.test(token) || /^\p{Script=Han}{2,}$/u.test(token);

/**
 * The spans of the question that could name a member: every run of one to six words holding a word the reading did
 * not use (`notUsed`, lower case), inside one clause, and every quoted span.
 */
export function memberCandidates(question: string, notUsed: string[]): Candidate[] {
  const unused = new Set(notUsed.map((w) => w.toLowerCase().replace(/s$/, '')));
  const tokens = [...question.matchAll(TOKEN)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
  const isUnused = (t: { text: string }) => wordsOf(t.text).some((w) => unused.has(w)) || unused.has(t.text.toLowerCase());
  const found = new Map<string, Candidate>();
  const chinese = /\p{Script=Han}/u.test(question);
  const add = (c: Candidate) => {
    // "Queen's albums": the name without its possessive too.
    for (const text of new Set([c.text.trim(), c.text.replace(/[.]+$/, '').trim(), c.text.replace(/['’]s$/, '').trim()])) {
      const key = `${c.start}:${text.toLowerCase()}`;
      if (text.length >= 2 && !found.has(key)) found.set(key, { ...c, text, end: c.start + text.length });
    }
  };
  for (let i = 0; i < tokens.length; i++) {
    for (let j = i; j < Math.min(tokens.length, i + MAX_WORDS); j++) {
      const first = tokens[i] as (typeof tokens)[number];
      const last = tokens[j] as (typeof tokens)[number];
      const text = question.slice(first.start, last.end);
      if (j > i && CLAUSE_END.test(text)) break;
      if (!tokens.slice(i, j + 1).some(isUnused)) continue;
      // In a Chinese sentence a Latin word is a name wherever it stands.
      const capitalised = /^\p{Lu}/u.test(first.text) && (chinese || !SENTENCE_START.test(question.slice(0, first.start)));
      const notEnglish = /^\p{Script=Latin}+$/u.test(first.text) && first.text.length >= 3 && !isEnglishWord(first.text);
      add({ text, start: first.start, end: last.end, nameLike: j > i || capitalised || notEnglish || writtenAsName(first.text) });
    }
  }
  for (const m of question.matchAll(QUOTED)) {
    const text = (m[1] ?? m[2] ?? '').trim();
    const start = m.index + m[0].indexOf(text);
    add({ text, start, end: start + text.length, nameLike: true });
  }
  return [...found.values()];
}

/** A catalog with members found listed, and the catalog as written: its dimensions that list no values are searched. */
const asWritten = new WeakMap<Catalog, Catalog>();

/** The dimensions whose members are looked up: no values listed, and a column or an expression over one table. */
function searchable(catalog: Catalog): { id: string; table: string; sql: string; rankingOnly: boolean }[] {
  return Object.entries((asWritten.get(catalog) ?? catalog).dimensions).flatMap(([id, dim]) => {
    if (Object.keys(dim.values).length > 0) return [];
    const sql = dim.column ?? dim.expression;
    if (!sql || sql.includes('{time}')) return [];
    const tables = [...new Set([...sql.matchAll(/\b([a-z_][a-z0-9_]*)\.[a-z_][a-z0-9_]*\b/gi)].map((m) => m[1] as string))];
    if (tables.length !== 1 || !((tables[0] as string) in catalog.tables)) return [];
    return [{ id, table: tables[0] as string, sql, rankingOnly: dim.ranking_only }];
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the question names the dimension next to the span: "the album Iron Maiden", "Iron Maiden's albums". */
function namedNextTo(question: string, c: { start: number; end: number }, catalog: Catalog, dimension: string): boolean {
  const dim = catalog.dimensions[dimension];
  if (!dim) return false;
  const before = question.slice(Math.max(0, c.start - 24), c.start).toLowerCase();
  const after = question.slice(c.end, c.end + 16).toLowerCase();
  return [dim.label, dim.label_zh, ...dim.aliases].some((name) => {
    const n = escape(name.toLowerCase());
    // A Latin name is a whole word; a Chinese one stands between any characters ("Iron Maiden乐队的").
    const [edge, end] = /^[\x20-\x7e]+$/.test(name) ? ['(?:^|[^\\p{L}])', '(?![\\p{L}])'] : ['', ''];
    // "the album Iron Maiden", "album called X", 专辑《X》; not "albums of Iron Maiden" (the artist's albums).
    return (
      new RegExp(`${edge}${n}\\s*(?:(?:called|named|titled)\\s+)?(?:the\\s+)?["“《「']?$`, 'u').test(before) ||
      new RegExp(`^["”》」']?\\s*(?:的)?${n}${end}`, 'u').test(after)
    );
  });
}

/** A name compared without case or accents: "sao paulo" is São Paulo. */
const folded = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
const ACCENTED = 'àáâãäåāèéêëēěìíîïīòóôõöōùúûüūůýÿçćčñńňšśžźżřďťľĺł';
const PLAIN = 'aaaaaaaeeeeeeiiiiioooooouuuuuuyycccnnnsszzzrdtllł';

export type Searchable = ReturnType<typeof searchable>[number];
export interface Hit {
  dimension: string;
  value: string;
  rankingOnly: boolean;
}

/**
 * What the lookup reads of the data: the members of each dimension named by one of the keys (folded), and whether
 * every row of one dimension's member reaches the other's member (null: the tables are not joined many to one).
 */
export interface MemberReader {
  members(dims: Searchable[], keys: string[]): Promise<({ id: string; rows: Hit[] } | null)[]>;
  holds(coarse: { dim: Searchable; value: string }, fine: { dim: Searchable; value: string }): Promise<boolean>;
}

/** The reader on the run's database: one read-only statement per dimension, at once. */
function databaseReader(catalog: Catalog, databaseUrl: string): MemberReader {
  return { members: (dims, keys) => readMembers(catalog, dims, keys, databaseUrl), holds: (a, b) => holds(catalog, a, b, databaseUrl) };
}

async function readMembers(catalog: Catalog, dims: Searchable[], keys: string[], databaseUrl: string) {
  return Promise.all(
    dims.map(async (d) => {
      try {
        const { rows } = await runReadOnly<{ v: string }>(
          databaseUrl,
          `SELECT DISTINCT v FROM (SELECT (${d.sql})::text AS v FROM ${tableSql(catalog, d.table)}) AS members
           WHERE translate(lower(v), '${ACCENTED}', '${PLAIN}') = ANY($1::text[])`,
          [keys],
          { statementTimeoutMs: 5_000, rowCap: 100 },
        );
        return { id: d.id, rows: rows.map((r): Hit => ({ dimension: d.id, value: r.v, rankingOnly: d.rankingOnly })) };
      } catch {
        return null;
      }
    }),
  );
}

/**
 * Of members of the same name in several dimensions, the one that holds all the others: every row of each other's
 * table named so reaches, through declared many-to-one joins, a row of its table named so (the album Iron Maiden is
 * the artist Iron Maiden's). Null when none does, or a statement fails.
 */
async function holdingAll(found: Hit[], dims: Searchable[], data: MemberReader): Promise<Hit | null> {
  const at = (h: Hit) => ({ dim: dims.find((d) => d.id === h.dimension) as Searchable, value: h.value });
  for (const coarse of found) {
    const held = await Promise.all(found.filter((h) => h !== coarse).map((fine) => data.holds(at(coarse), at(fine))));
    if (held.every(Boolean)) return coarse;
  }
  return null;
}

/** Whether every row named `fine` of its table reaches, many to one, a row named `coarse` of the other's. */
async function holds(
  catalog: Catalog,
  coarse: { dim: Searchable; value: string },
  fine: { dim: Searchable; value: string },
  databaseUrl: string,
): Promise<boolean> {
  const [a, b] = [coarse.dim, fine.dim];
  try {
    const path = joinPath(catalog, b.table, [a.table]);
    if (path.some((step) => step.fansOut)) return false;
    const { rows } = await runReadOnly<{ n: string }>(
      databaseUrl,
      `SELECT count(*) AS n FROM ${tableSql(catalog, b.table)} ${path.map((step) => step.clause).join(' ')}
       WHERE (${b.sql})::text = $1 AND (${a.sql})::text IS DISTINCT FROM $2`,
      [fine.value, coarse.value],
      { statementTimeoutMs: 5_000, rowCap: 1 },
    );
    return Number(rows[0]?.n) === 0;
  } catch {
    return false;
  }
}

/**
 * Looks up the question's candidate spans among the members of every dimension that lists none, one statement per
 * dimension (the whole member, without case or accents), through the read-only path. A dimension whose statement
 * fails or times out is not searched: its names stay unplaced, as before.
 */
export async function findMembers(
  question: string,
  notUsed: string[],
  catalog: Catalog,
  databaseUrl: string,
  data: MemberReader = databaseReader(catalog, databaseUrl),
): Promise<MembersFound> {
  const candidates = memberCandidates(question, notUsed);
  const dims = searchable(catalog);
  if (candidates.length === 0 || dims.length === 0) return { members: [], suggested: [], ambiguous: [], searched: [] };
  const hits = await data.members(dims, [...new Set(candidates.map((c) => folded(c.text)))]);
  const byText = new Map<string, Hit[]>();
  for (const h of hits.flatMap((d) => d?.rows ?? [])) byText.set(folded(h.value), [...(byText.get(folded(h.value)) ?? []), h]);
  const out: MembersFound = { members: [], suggested: [], ambiguous: [], searched: hits.flatMap((d) => (d ? [d.id] : [])) };
  // Longest spans first: a name inside a longer name found ("Maiden" of "Iron Maiden") is not read again.
  const taken: [number, number][] = [];
  for (const c of [...candidates].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)) {
    if (taken.some(([s, e]) => c.start < e && s < c.end)) continue;
    const all = (byText.get(folded(c.text)) ?? []).filter((h) => c.nameLike || !h.rankingOnly);
    // A track named after its band: the name of a member of a dimension of thousands is the other dimension's.
    const found = all.some((h) => !h.rankingOnly) ? all.filter((h) => !h.rankingOnly) : all;
    if (found.length === 0) continue;
    taken.push([c.start, c.end]);
    const member = (h: Hit, also: string[] = []): FoundMember => ({ text: c.text, dimension: h.dimension, value: h.value, also });
    const named = found.filter((h) => namedNextTo(question, c, catalog, h.dimension));
    const holding = found.length > 1 && named.length !== 1 ? await holdingAll(found, dims, data) : null;
    const chosen =
      found.length === 1
        ? member(found[0] as Hit)
        : named.length === 1
          ? member(named[0] as Hit)
          : holding
            ? member(
                holding,
                found.filter((h) => h !== holding).map((h) => h.dimension),
              )
            : null;
    if (!chosen) out.ambiguous.push({ text: c.text, found: found.map((h) => member(h)) });
    else (c.nameLike ? out.members : out.suggested).push(chosen);
  }
  return out;
}

/** The catalog with the members found listed as its dimensions' values (the span as an alias where it is spelled otherwise). */
export function withMembers(catalog: Catalog, members: FoundMember[]): Catalog {
  if (members.length === 0) return catalog;
  const dimensions = { ...catalog.dimensions };
  for (const m of members) {
    const dim = dimensions[m.dimension];
    if (!dim) continue;
    const aliases = m.text.toLowerCase() === m.value.toLowerCase() ? [] : [m.text];
    dimensions[m.dimension] = { ...dim, values: { ...dim.values, [m.value]: [...(dim.values[m.value] ?? []), ...aliases] } };
  }
  const extended = { ...catalog, dimensions };
  asWritten.set(extended, asWritten.get(catalog) ?? catalog);
  return extended;
}
