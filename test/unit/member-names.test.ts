/**
 * What of a question is looked up as a member's name (src/catalog/members.ts), and how a member found reads. The
 * lookup itself, on Chinook, is in test/integration/members-in-data.test.ts; here, the spans and how each is written
 * (a name, or a word that may be the question's own), and the readings on the catalog with the members listed.
 */
import { findMembers, memberCandidates, withMembers, type FoundMember, type MemberReader } from '../../src/catalog/members';
import { brief, chinook, planned } from './followup-harness';
import { extent } from './chinook-extent';

const spans = (question: string, notUsed: string[]) =>
  memberCandidates(question, notUsed).map((c) => `${c.text}${c.nameLike ? '' : ' (a word)'}`);

test('every run of up to six words holding a word not used is a span, inside one clause', () => {
  expect(spans('revenue from Iron Maiden, by year', ['iron', 'maiden'])).toEqual([
    'revenue from Iron',
    'revenue from Iron Maiden',
    'from Iron',
    'from Iron Maiden',
    'Iron',
    'Iron Maiden',
    'Maiden',
  ]);
});

test.each([
  // Capitalised where no sentence starts, capitals inside, digits, joining signs: a name.
  ['sales for Metallica', ['metallica'], 'Metallica'],
  ['units sold by ac/dc', ['ac', 'dc'], 'ac/dc'],
  ['revenue of u2', ['u2'], 'u2'],
  // A word the English lexicon does not have, in lower case or first.
  ['revenue in berlin', ['berlin'], 'berlin'],
  ['Metallica revenue last year', ['metallica'], 'Metallica'],
  // In a Chinese sentence, a capitalised Latin word wherever it stands.
  ['Queen去年卖了多少', ['queen'], 'Queen'],
  ['top songs by R.E.M. last year', ['r', 'e', 'm'], 'R.E.M'],
  // Chinese text around a Latin name.
  ['2024年Metallica的销售额', ['metallica'], 'Metallica'],
])('"%s": the name is written as one', (question, notUsed, name) => {
  expect(spans(question, notUsed)).toContain(name);
});

test.each([
  // An English word in lower case, or first in an English sentence: it may be a word of the question's own.
  ['sales of heroes in 2024', ['heroes'], 'heroes (a word)'],
  ['Lost customers in 2024', ['lost'], 'Lost (a word)'],
])('"%s": one word that may be the question\'s own is marked so', (question, notUsed, span) => {
  expect(spans(question, notUsed)).toContain(span);
});

test('a quoted title is a span of its own, and a possessive is read without its s', () => {
  expect(spans('revenue of "Let There Be Rock"', ['let'])).toContain('Let There Be Rock');
  expect(spans("revenue of Queen's albums by year", ['queen'])).toContain('Queen');
});

test('nothing is looked up where every word was used', () => {
  expect(memberCandidates('revenue by genre in 2024', [])).toEqual([]);
});

test.each([
  ['revenue from Iron Maiden in 2024', 'artist', 'Iron Maiden', 'artist=Iron Maiden'],
  ['tracks sold in são paulo by genre', 'city', 'São Paulo', 'city=São Paulo'],
  ["Queen's albums revenue by year", 'artist', 'Queen', 'artist=Queen'],
])('"%s" reads the member once it is listed', (question, dimension, value, filter) => {
  // Before: asked back as a name not known, or (in lower case) answered for every city with the name a word not used.
  const before = planned(question, chinook, extent);
  expect(typeof before === 'string' ? before : brief(before)).not.toContain(filter);
  const after = planned(question, withMembers(chinook, [{ dimension, value, text: value }]), extent);
  expect(typeof after === 'string' ? after : brief(after)).toContain(filter);
});

/** A reader of members given as data: the choice between dimensions, without a database (the lookup on Chinook is integration). */
function reader(members: Record<string, string[]>, holding: [string, string][] = []): MemberReader {
  return {
    members: (dims, keys) =>
      Promise.resolve(
        dims.map((d) => ({
          id: d.id,
          rows: (members[d.id] ?? [])
            .filter((v) => keys.includes(v.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')))
            .map((value) => ({ dimension: d.id, value, rankingOnly: d.rankingOnly })),
        })),
      ),
    holds: (coarse, fine) => Promise.resolve(holding.some(([a, b]) => a === coarse.dim.id && b === fine.dim.id)),
  };
}
const find = (question: string, notUsed: string[], data: MemberReader) => findMembers(question, notUsed, chinook, 'unused', data);
const ids = (ms: FoundMember[]) => ms.map((m) => `${m.dimension}=${m.value}${m.also?.length ? ` (holds ${m.also.join(',')})` : ''}`);

test('a name in two dimensions is the one that holds the other, else the one named next to it, else asked', async () => {
  const both = { artist: ['Iron Maiden'], album: ['Iron Maiden'] };
  const held = await find('How much did Iron Maiden sell?', ['iron', 'maiden'], reader(both, [['artist', 'album']]));
  expect(ids(held.members)).toEqual(['artist=Iron Maiden (holds album)']);
  const named = await find('sales of the album Iron Maiden', ['iron', 'maiden'], reader(both));
  expect(ids(named.members)).toEqual(['album=Iron Maiden']);
  const neither = await find('How much did Iron Maiden sell?', ['iron', 'maiden'], reader(both));
  expect(neither.members).toEqual([]);
  expect(neither.ambiguous.map((a) => ids(a.found))).toEqual([['artist=Iron Maiden', 'album=Iron Maiden']]);
});

test('a track of the same name gives way, and a track is matched by a name written as one only', async () => {
  const found = await find('revenue from Iron Maiden', ['iron', 'maiden'], reader({ artist: ['Iron Maiden'], track: ['Iron Maiden'] }));
  expect(ids(found.members)).toEqual(['artist=Iron Maiden']);
  const word = await find('sales of believe in 2024', ['believe'], reader({ track: ['Believe'] }));
  expect([...word.members, ...word.suggested]).toEqual([]);
});

test('the longer name wins, and a name is matched without case or accents', async () => {
  const found = await find(
    'revenue in sao paulo from iron maiden',
    ['sao', 'paulo', 'iron', 'maiden'],
    reader({ city: ['São Paulo'], artist: ['Iron Maiden', 'Maiden'] }),
  );
  expect(ids(found.members).sort()).toEqual(['artist=Iron Maiden', 'city=São Paulo']);
});
