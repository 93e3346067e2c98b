/**
 * What the demo shop's blind conversations (eval/blind/demo.ts) found unread or misread:
 * - a bottom-n said with a counter after the superlative or after 后 ("最差的两个", "后两名", "最低的3个");
 * - "前三个月" / "前两年" read as a top 3 / top 2 (they are the periods before), and "和前三个月比" / "vs the previous
 *   3 months" not read as a comparison with the period before;
 * - a why on a range of months in Chinese ("近三个月" then "为啥单量变多了"): the question written for the planner,
 *   "为什么2026年8月至2026年10月…变化了", read as October against August, so the why was asked back with an empty
 *   list of dimensions.
 * Each failed before the fix.
 */
import { classifyIntent, planQuestion, readingOfPlan } from '../../src/model/rules';
import { converse, demo, outcomes } from './followup-harness';

const OCT = '2026-10-01..2026-11-01';
const AUG_OCT = '2026-08-01..2026-11-01';
const MAY_JUL = '2026-05-01..2026-08-01';

test.each([
  [
    'a bottom two said with a counter after the superlative, then a range of months and a lifted filter keep it',
    [
      ['上个月各渠道的订单量', 'fresh', `orders ${OCT} [] /channel`],
      ['只看华北', 'follow_up', `orders ${OCT} [region=华北] /channel`],
      ['最差的两个', 'follow_up', `orders ${OCT} [region=华北] /channel asc2:channel`],
      ['近三个月呢', 'follow_up', `orders ${AUG_OCT} [region=华北] /channel asc2:channel`],
      ['不限区域了', 'follow_up', `orders ${AUG_OCT} [] /channel asc2:channel`],
    ],
  ],
  [
    '后两名 and 最低的3个 are bottom rankings',
    [
      ['上个月各品类的销售额', 'fresh', `gmv ${OCT} [] /category`],
      ['后两名', 'follow_up', `gmv ${OCT} [] /category asc2:category`],
      ['最低的3个呢', 'follow_up', `gmv ${OCT} [] /category asc3:category`],
    ],
  ],
  [
    'the months before are a comparison, not a top three',
    [
      ['近三个月各渠道的销售额', 'fresh', `gmv ${AUG_OCT} [] /channel`],
      ['和前三个月比呢', 'follow_up', `gmv ${AUG_OCT} vs ${MAY_JUL} [] /channel`],
    ],
  ],
  [
    'the previous 3 months, in English',
    [
      ['GMV by channel over the last 3 months', 'fresh', `gmv ${AUG_OCT} [] /channel`],
      ['vs the previous 3 months?', 'follow_up', `gmv ${AUG_OCT} vs ${MAY_JUL} [] /channel`],
    ],
  ],
] as const)('%s', (_name, turns) => {
  const read = converse(
    turns.map(([say]) => say),
    demo,
    null,
  );
  expect(outcomes(read)).toEqual(turns.map((t) => [...t]));
});

test('a why over a range of months in Chinese sets it against the months before and decomposes by the breakdown', () => {
  const read = converse(['上个月各渠道的订单量', '近三个月呢', '为啥单量变多了'], demo, null);
  expect(read[2]?.out.kind).toBe('follow_up');
  expect(read[2]?.reading?.window).toMatchObject({ start: '2026-08-01', end: '2026-11-01' });
  expect(read[2]?.reading?.compared_with).toMatchObject({ start: '2026-05-01', end: '2026-08-01' });
  expect(read[2]?.reading?.decomposed_by).toEqual(['channel']);
});

test('前两年 and 前三个月 in a question of its own are periods, never a ranking', () => {
  for (const q of ['前三个月各区域的销售额', '前两年各品类的订单量']) {
    const intent = classifyIntent(q);
    const plan = planQuestion(q, intent, demo, '2026-11-30', [], null);
    const reading = plan.kind === 'plan' ? readingOfPlan(q, plan.steps, demo, 'zh', '2026-11-30', intent.matched).reading : null;
    expect(reading?.ranking ?? null).toBeNull();
  }
});
