/**
 * Values a question leaves out ("excluding the USA", "除了美国以外", "把 USA 去掉"). A filter keeps the values it names,
 * so such a value was read as the one filter kept, and the answer (for the USA only) came back labelled completed: the
 * blind conversations of eval/blind caught it. Now a question that leaves a value out is asked back, a value left out
 * beside one kept ("Canada instead of the USA") is answered with the kept one, and a follow-up that leaves out what the
 * thread keeps lifts that filter. Also the colloquial words the same blind set found unread: 为啥, 各个, 拆一下,
 * "scratch that", "went out", "takings", "same thing", 不限了, 首.
 */
import { classifyIntent, planQuestion } from '../../src/model/rules';
import { extent } from './chinook-extent';
import { AS_OF, chinook, converse, outcomes } from './followup-harness';

const plan = (q: string) => planQuestion(q, classifyIntent(q), chinook, AS_OF, [], extent);

test.each([
  ['revenue by country in 2022 excluding the USA', 'leaving out USA'],
  ['top 5 countries by revenue in 2022 without the USA', 'leaving out USA'],
  ['revenue in 2022 except Brazil', 'leaving out Brazil'],
  ['2022年除了美国以外各国家的营收', '不能去掉某些值（USA）'],
  ['2022年营收，把巴西去掉', '不能去掉某些值（Brazil）'],
])('a question that leaves a value out is asked back, never answered for that value: %s', (q, reason) => {
  const p = plan(q);
  expect(p.kind).toBe('needs_clarification');
  expect(p.kind === 'needs_clarification' ? p.reason : '').toContain(reason);
});

test('a value left out beside one kept is answered with the kept one', () => {
  const p = plan('revenue of Canada instead of the USA in 2022');
  expect(p.kind).toBe('plan');
  const query = p.kind === 'plan' ? p.steps[0]?.operation : null;
  expect(query && 'query' in query ? query.query.filters : null).toEqual([{ dimension: 'country', values: ['Canada'] }]);
});

const Y2022 = '2022-01-01..2023-01-01';
test.each([
  [
    'a follow-up leaving out the one value the thread keeps lifts its filter; any other is asked back',
    [
      ['Revenue by country in 2022', 'fresh', `revenue ${Y2022} [] /country`],
      ['without the USA', 'needs_clarification', 'asked back'],
      ['only the USA', 'follow_up', `revenue ${Y2022} [country=USA] /`],
      ['remove the USA', 'follow_up', `revenue ${Y2022} [] /`],
      ['just Brazil', 'follow_up', `revenue ${Y2022} [country=Brazil] /`],
      ['swap Brazil for Germany', 'follow_up', `revenue ${Y2022} [country=Germany] /`],
      ['fine, drop the Germany filter', 'follow_up', `revenue ${Y2022} [] /`],
      ['把 USA 去掉再看', 'needs_clarification', 'asked back'],
    ],
  ],
  [
    'colloquial words: 各个, 为啥, 拆一下, 首, 不限了',
    [
      ['2024年各个流派的销售额', 'fresh', 'track_revenue 2024-01-01..2025-01-01 [] /genre'],
      ['换成卖了多少首', 'follow_up', 'tracks_sold 2024-01-01..2025-01-01 [] /genre'],
      ['只看美国客户', 'follow_up', 'tracks_sold 2024-01-01..2025-01-01 [country=USA] /genre'],
      ['国家不限了，看全部', 'follow_up', 'tracks_sold 2024-01-01..2025-01-01 [] /genre'],
      ['重新开始。去年营收多少', 'reset', 'revenue 2025-01-01..2026-01-01 [] /'],
      ['按销售代表拆一下', 'follow_up', 'revenue 2025-01-01..2026-01-01 [] /support_rep'],
    ],
  ],
  [
    'colloquial words: scratch that, went out, takings, same thing',
    [
      ['sales by country last year', 'fresh', 'revenue 2025-01-01..2026-01-01 [] /country'],
      ['ok scratch that. how many tracks went out in q1 2022?', 'reset', 'tracks_sold 2022-01-01..2022-04-01 [] /'],
      ['split that by media type', 'follow_up', 'tracks_sold 2022-01-01..2022-04-01 [] /media_type'],
      ['and the takings?', 'follow_up', 'track_revenue 2022-01-01..2022-04-01 [] /media_type'],
      ['same thing for 2024', 'follow_up', 'track_revenue 2024-01-01..2025-01-01 [] /media_type'],
    ],
  ],
] as const)('%s', (_name, turns) => {
  const read = converse(
    turns.map(([say]) => say),
    chinook,
    extent,
  );
  expect(outcomes(read)).toEqual(turns.map((t) => [...t]));
  expect(read.filter((r) => r.differences.length > 0).map((r) => `${r.say}: ${r.differences.join(', ')}`)).toEqual([]);
});

test('a why in colloquial Chinese is a why: 为啥', () => {
  const read = converse(['2024年按国家的营收', '为啥比前一年高'], chinook, extent);
  expect(read[1]?.out.kind).toBe('follow_up');
  // 2024 against the year before, decomposed by the thread's breakdown.
  expect(read[1]?.reading?.decomposed_by).toContain('country');
  expect(read[1]?.reading?.compared_with).toMatchObject({ start: '2023-01-01', end: '2024-01-01' });
});
