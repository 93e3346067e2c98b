/**
 * Who did the most: "who bought the most?", "谁租得最多", "who rented the most days" rank the catalog's customer
 * dimension, by what was bought or done, never by how many people there are.
 */
import type { Catalog } from '../../catalog/catalog';
import { tablesReferenced } from '../../catalog/sql-joins';
import type { Span } from '../reading';
import type { CatalogReading, Hit } from '../rules/terms';
import { lemma } from './lemma';

/**
 * "哪个城市的顾客买得最多", "which country's customers bought the most": who bought the most is ranked by what they
 * bought, never by how many of them there are; the people and the buying then name no metric of their own.
 */
export const BOUGHT_MOST =
  /(?:顾客|客户|用户|买家|消费者|谁|customers?|clients?|buyers?|shoppers?|people)\W{0,3}(?:的)?\s*(?:买|购买|消费|花钱|花)(?:得|了)?\s*最多|\b(?:who|customers?|clients?|buyers?|shoppers?)\s+(?:bought|buy|purchased|spent|spend)\s+(?:\w+\s+){0,2}?(?:the\s+)?most\b/i;

/** "Who bought the most?", "谁买得最多": who is the catalog's customer dimension (the one named "customer" or 客户). */
const WHO = /\bwho\b|谁/i;
/** "Who rented the most days", "who booked the most", "谁租得最多": whoever did the most of anything is ranked too. */
const WHO_MOST =
  /\bwho\s+(?:[a-z']+\s+){1,3}?(?:the\s+)?(?:most|fewest|least|longest|highest|biggest|largest)\b|谁[\u4e00-\u9fff]{0,6}?最(?:多|少|长|高|大)/i;
/** A noun right after "the most", "the fewest", 最多的: what is counted ("the most tracks"), not who did it. */
const COUNTED_AFTER_SUPERLATIVE = /\b(?:most|fewest|least)\s+$|最多的?$/i;

/** The catalog's customer dimension: the one named "customer" or 客户. */
export function customerDimension(catalog: Catalog): string | null {
  const names = (id: string) => {
    const d = catalog.dimensions[id];
    return d ? [id, d.label, d.label_zh, ...d.aliases].map((n) => n.toLowerCase()) : [];
  };
  return Object.keys(catalog.dimensions).find((id) => names(id).includes('customer') || names(id).includes('客户')) ?? null;
}

/**
 * The dimension "who" ranks, or null: only where nothing else says who ("who bought the most, new or returning
 * customers?" asks between two values). What is counted is not who: "who bought the most tracks" names tracks as what
 * was bought.
 */
export function whoDidTheMost(question: string, catalog: Catalog, reading: CatalogReading): string | null {
  const counted = (d: string) =>
    reading.hits.some((h) => h.kind === 'dimension' && h.id === d && COUNTED_AFTER_SUPERLATIVE.test(question.slice(0, h.start)));
  const nobody = reading.groupBy.length === 0 && reading.mentionedDimensions.every(counted) && reading.filters.length === 0;
  return nobody && WHO.test(question) && (BOUGHT_MOST.test(question) || WHO_MOST.test(question)) ? customerDimension(catalog) : null;
}

/**
 * Nouns of people: a dimension named by one (its id, label or an alias; the last word of an English name) lists persons,
 * whom "whose" can ask for. English words are compared as lemmas.
 */
const PERSON_NOUNS = new Set(
  `artist singer band performer musician composer author writer creator instructor teacher tutor trainer coach rep
   representative salesperson seller agent employee staff manager vet veterinarian doctor physician dentist nurse therapist
   stylist driver host owner landlord vendor supplier customer client member user student learner patient guest buyer
   shopper`.split(/\s+/),
);
const PERSON_NOUNS_ZH =
  /^(?:歌手|艺人|艺术家|乐队|作者|作曲家?|讲师|老师|教师|导师|教练|销售(?:代表|员)?|代表|员工|经理|店长|医生|兽医|护士|司机|房东|卖家|商家|供应商|客户|顾客|会员|用户|学员|学生|患者|病人|主播|创作者)$/;

const namesOf = (catalog: Catalog, id: string): string[] => {
  const d = catalog.dimensions[id];
  return d ? [id.replace(/_/g, ' '), d.label, ...(d.label_zh ? [d.label_zh] : []), ...d.aliases] : [];
};

function isPersonDimension(catalog: Catalog, id: string): boolean {
  return namesOf(catalog, id).some((name) => {
    const last = name.trim().toLowerCase().split(/\s+/).pop() ?? '';
    return PERSON_NOUNS.has(lemma(last)) || PERSON_NOUNS_ZH.test(name.trim());
  });
}

/** The table a dimension's values come from: its column's, or the first its expression reads. */
function tableOf(catalog: Catalog, id: string): string | null {
  const d = catalog.dimensions[id];
  if (!d) return null;
  if (d.column) return d.column.split('.')[0] ?? null;
  return d.expression ? (tablesReferenced(catalog, d.expression)[0] ?? null) : null;
}

/** How many joins from `start` each table is, following only joins to the "one" side (a song's album, its artist). */
function ownersReached(catalog: Catalog, start: string): Map<string, number> {
  const distance = new Map([[start, 0]]);
  const queue = [start];
  while (queue.length > 0) {
    const table = queue.shift() as string;
    for (const j of catalog.joins) {
      const [from, to] = [j.from.split('.')[0] ?? '', j.to.split('.')[0] ?? ''];
      const next =
        (from === table && j.relationship !== 'one_to_many') || (to === table && j.relationship === 'one_to_one')
          ? to === table
            ? from
            : to
          : to === table && j.relationship === 'one_to_many'
            ? from
            : null;
      if (next !== null && !distance.has(next)) {
        distance.set(next, (distance.get(table) ?? 0) + 1);
        queue.push(next);
      }
    }
  }
  return distance;
}

/** "whose songs", 谁的歌: the word for the thing and where the phrase ends. */
const WHOSE = /\bwhose\s+(?:([a-z]+)\s+)?([a-z]+)|谁的\s*([\u4e00-\u9fff]{1,6})/gi;

/** The dimension a word of the thing names: an English word by its lemma, Chinese by the longest name the words start with. */
function thingNamed(catalog: Catalog, words: string[], chinese: string | undefined): string | null {
  const ids = Object.keys(catalog.dimensions);
  if (chinese) {
    let longest = 0;
    let found = new Set<string>();
    for (const id of ids)
      for (const name of namesOf(catalog, id)) {
        if (!/[\u4e00-\u9fff]/.test(name) || !chinese.startsWith(name) || name.length < longest) continue;
        if (name.length > longest) found = new Set();
        longest = name.length;
        found.add(id);
      }
    return found.size === 1 ? ([...found][0] as string) : null;
  }
  for (const word of words) {
    const wanted = lemma(word.toLowerCase());
    const found = ids.filter((id) => namesOf(catalog, id).some((n) => !/\s/.test(n.trim()) && lemma(n.trim().toLowerCase()) === wanted));
    if (found.length === 1) return found[0] as string;
  }
  return null;
}

/**
 * Whose: "whose songs sold best", "whose albums made the most money", 谁的歌卖得最好 ask for the person the thing belongs
 * to: the nearest dimension of people the thing's table reaches through joins to the "one" side (a song's album's
 * artist; a customer's support rep). The thing itself is what is sold or counted, not a breakdown: its hit is returned
 * to be dropped. Null when nothing follows "whose" that the catalog names, or no person, or two at the same distance.
 */
function whoseOwner(question: string, catalog: Catalog, hits: Hit[]): { dimension: string; whose: Span; thing: Hit | null } | null {
  for (const m of question.matchAll(WHOSE)) {
    const words = [m[1], m[2]].filter((w): w is string => w !== undefined);
    const thing = thingNamed(catalog, words, m[3]);
    const table = thing ? tableOf(catalog, thing) : null;
    if (!thing || !table) continue;
    const reached = ownersReached(catalog, table);
    const owners = Object.keys(catalog.dimensions)
      .filter((id) => id !== thing && isPersonDimension(catalog, id))
      .flatMap((id) => {
        const at = reached.get(tableOf(catalog, id) ?? '');
        return at === undefined ? [] : [[id, at] as const];
      })
      .sort((a, b) => a[1] - b[1]);
    const [first, second] = owners;
    if (!first || (second && second[1] === first[1])) continue;
    const start = m.index;
    const end = start + m[0].length;
    const thingHit = hits.find((h) => h.kind === 'dimension' && h.id === thing && h.start >= start && h.start < end) ?? null;
    return { dimension: first[0], whose: [start, Math.max(end, thingHit?.end ?? end)], thing: thingHit };
  }
  return null;
}

/**
 * "哪个歌手的歌卖得最多", "which artist's albums sold best": the songs of the artist asked for are what is counted, not
 * a breakdown of their own. A dimension right after a grouped one and its possessive (的, 's) whose table reaches the
 * grouped one's through joins to the "one" side: its hit, to be dropped, and the span from the possessive to its end.
 */
function ownedThings(question: string, catalog: Catalog, hits: Hit[], groupBy: string[]): { thing: Hit; span: Span }[] {
  const owned: { thing: Hit; span: Span }[] = [];
  for (const owner of hits) {
    if (owner.kind !== 'dimension' || !groupBy.includes(owner.id)) continue;
    const thing = hits.find(
      (h) =>
        h.kind === 'dimension' &&
        !groupBy.includes(h.id) &&
        h.start >= owner.end &&
        /^\s*(?:的|'s|’s)\s*$/i.test(question.slice(owner.end, h.start)),
    );
    const [from, to] = [thing ? tableOf(catalog, thing.id) : null, tableOf(catalog, owner.id)];
    if (thing && from && to && from !== to && ownersReached(catalog, from).has(to)) owned.push({ thing, span: [owner.end, thing.end] });
  }
  return owned;
}

/**
 * "Whose" and what an owner asked for sold, applied to a reading's parts (changed in place): the person "whose" asks for
 * grouped (only where the question ranks and groups by nothing yet, `mayRank`), the things owned dropped from the hits
 * and the dimensions mentioned. Returns whether "whose" ranks, and the spans of the words read.
 */
export function readOwners(
  question: string,
  catalog: Catalog,
  parts: { hits: Hit[]; groupBy: string[]; mentionedDimensions: string[] },
  mayRank: boolean,
): { whose: boolean; spans: Span[] } {
  const { hits, groupBy, mentionedDimensions: mentioned } = parts;
  const drop = (thing: Hit) => {
    hits.splice(hits.indexOf(thing), 1);
    if (!hits.some((h) => h.kind === 'dimension' && h.id === thing.id) && mentioned.includes(thing.id))
      mentioned.splice(mentioned.indexOf(thing.id), 1);
  };
  const owner = mayRank && groupBy.length === 0 ? whoseOwner(question, catalog, hits) : null;
  if (owner) {
    groupBy.push(owner.dimension);
    if (owner.thing) drop(owner.thing);
    if (!mentioned.includes(owner.dimension)) mentioned.push(owner.dimension);
  }
  const owned = ownedThings(question, catalog, hits, groupBy);
  for (const { thing } of owned) drop(thing);
  return { whose: owner !== null, spans: [...(owner ? [owner.whose] : []), ...owned.map((o) => o.span)] };
}
