/**
 * The conversation cases' shape (eval/conversations): long enough conversations, every follow-up kind covered as
 * often as issue 26's suite needs, both languages and mixed on each database, constraints set before they are
 * lifted, and no two turns typed alike. The answers themselves are checked against the databases by
 * scripts/check-conversation-sql.ts.
 */
import { CHINOOK_CONVERSATIONS } from '../../eval/conversations/chinook';
import { DEMO_CONVERSATIONS } from '../../eval/conversations/demo';
import { TURN_KINDS, answers, type Conversation, type Turn, type TurnKind } from '../../eval/conversations/types';

const ALL: Conversation[] = [...CHINOOK_CONVERSATIONS, ...DEMO_CONVERSATIONS];
const turns = (list: Conversation[]) => list.flatMap((c) => c.turns);
const CJK = /[\u4e00-\u9fff]/;
const LATIN = /[a-z]{2}/i;

function countKinds(list: Turn[]): Record<TurnKind, number> {
  const counts = Object.fromEntries(TURN_KINDS.map((k) => [k, 0])) as Record<TurnKind, number>;
  for (const t of list) counts[t.kind]++;
  return counts;
}

test('each database has enough conversations of at least 10 turns, 70 turns in all', () => {
  for (const c of ALL) expect({ id: c.id, turns: c.turns.length >= 10 }).toEqual({ id: c.id, turns: true });
  expect(CHINOOK_CONVERSATIONS.length).toBeGreaterThanOrEqual(4);
  expect(DEMO_CONVERSATIONS.length).toBeGreaterThanOrEqual(3);
  expect(turns(CHINOOK_CONVERSATIONS).length).toBeGreaterThanOrEqual(40);
  expect(turns(DEMO_CONVERSATIONS).length).toBeGreaterThanOrEqual(30);
  expect(turns(ALL).length).toBeGreaterThanOrEqual(70);
  expect(CHINOOK_CONVERSATIONS.every((c) => c.database === 'chinook')).toBe(true);
  expect(DEMO_CONVERSATIONS.every((c) => c.database === 'demo')).toBe(true);
  expect(new Set(ALL.map((c) => c.id)).size).toBe(ALL.length);
});

test('every follow-up kind is covered: at least 4 each, 3 whys, 2 resets', () => {
  const counts = countKinds(turns(ALL));
  const floors: Record<TurnKind, number> = {
    fresh: 4,
    add_breakdown: 4,
    replace_period: 4,
    replace_filter: 4,
    add_filter: 4,
    lift_filter: 4,
    replace_metric: 4,
    change_ranking: 4,
    ask_why: 3,
    reset: 2,
    needs_clarification: 4,
  };
  for (const kind of TURN_KINDS) expect({ kind, enough: counts[kind] >= floors[kind] }).toEqual({ kind, enough: true });
});

test('at least two follow-ups have nothing to resolve against (a first turn, or right after a reset) and must ask back', () => {
  const unresolved = ALL.flatMap((c) =>
    c.turns.filter(
      (t, i) => t.kind === 'needs_clarification' && (i === 0 || (c.turns[i - 1]?.kind === 'reset' && !answers(c.turns[i - 1] as Turn))),
    ),
  );
  expect(unresolved.length).toBeGreaterThanOrEqual(2);
  for (const c of ALL) {
    // A conversation opens with a fresh question or a follow-up that must be refused.
    expect(['fresh', 'needs_clarification']).toContain(c.turns[0]?.kind);
    for (const t of c.turns) {
      expect({ say: t.say, clarify: !answers(t) }).toEqual({ say: t.say, clarify: t.kind === 'needs_clarification' });
      expect(t.note.length).toBeGreaterThan(10);
    }
  }
});

test('English, Chinese and mixed conversations on both databases, each written in its language', () => {
  for (const list of [CHINOOK_CONVERSATIONS, DEMO_CONVERSATIONS]) {
    expect(new Set(list.map((c) => c.language))).toEqual(new Set(['en', 'zh', 'mixed']));
  }
  for (const c of ALL) {
    const said = c.turns.map((t) => t.say);
    if (c.language === 'en') expect(said.filter((s) => CJK.test(s))).toEqual([]);
    if (c.language === 'zh') expect(said.filter((s) => !CJK.test(s))).toEqual([]);
    if (c.language === 'mixed') {
      expect(said.some((s) => CJK.test(s) && LATIN.test(s))).toBe(true);
      expect(said.some((s) => !CJK.test(s))).toBe(true);
    }
  }
});

test('a constraint is lifted only after the user set one, and some carry into a later fresh question', () => {
  let carriedIntoFresh = 0;
  for (const c of ALL) {
    let constrained = false;
    for (const t of c.turns) {
      if (t.kind === 'lift_filter')
        expect({ conversation: c.id, say: t.say, constrained }).toEqual({ conversation: c.id, say: t.say, constrained: true });
      if (t.kind === 'fresh' && constrained) carriedIntoFresh++;
      if (t.kind === 'add_filter' || t.kind === 'replace_filter') constrained = true;
      if (t.kind === 'reset' || t.kind === 'lift_filter') constrained = false;
    }
  }
  expect(carriedIntoFresh).toBeGreaterThanOrEqual(2);
});

test('no two turns are typed alike', () => {
  const said = turns(ALL).map((t) => t.say.trim().toLowerCase());
  const repeated = said.filter((s, i) => said.indexOf(s) !== i);
  expect(repeated).toEqual([]);
});
