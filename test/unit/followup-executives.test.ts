/**
 * The classes of follow-up the blind set eval/blind/chinook-followups-2.ts (executives, operations analysts, code-
 * switching and sloppy chat) found read wrongly or asked back, each tested here in other words than the set's:
 * what a message says it replaces, a why with no period of its own, a value's filter taken away, one breakdown
 * swapped for another, a part of the year before the thread's, "the previous quarter" against the thread, a person's
 * accounts, chat shorthand, a reset said twice, halves and quarters of a relative year, a grain written in English
 * inside Chinese, a common word holding a concept's character (数据, 条件), and "cost", which is not money earned.
 */
import { extent } from './chinook-extent';
import { brief, chinook, converse, planned } from './followup-harness';

/** What each message was read as: the follow-up's kind and the planned reading in brief. */
function readings(messages: string[]): string[] {
  return converse(messages, chinook, extent).map((t) =>
    t.out.kind === 'needs_clarification'
      ? 'asked back'
      : t.differences.length > 0
        ? `differs: ${t.differences.join(',')}`
        : brief(t.reading),
  );
}

const last = (messages: string[]) => readings(messages).at(-1);

test('the metric a message says it replaces is not the new metric', () => {
  expect(last(['Revenue by genre in 2023', 'quantity sold rather than revenue'])).toBe('tracks_sold 2023-01-01..2024-01-01 [] /genre');
  expect(last(['Revenue by genre in 2023', 'orders instead of money, please'])).toMatch(/^orders 2023-01-01..2024-01-01 \[\] \/genre/);
  expect(last(['2023年各流派的销售额', '不看销售额了，改成订单数'])).toMatch(/^orders 2023-01-01..2024-01-01 \[\] \/genre/);
});

test('a why that names no period of its own asks about the answer before it, not the latest month', () => {
  const [, why] = converse(['2024年各国家的销售额', '订单数同比少了很多，为什么'], chinook, extent);
  expect(why?.out.kind).toBe('follow_up');
  expect(brief(why?.reading ?? null)).toMatch(/^orders 2024-01-01..2025-01-01 vs 2023-01-01..2024-01-01/);
});

test("a value's filter taken away lifts its dimension, in English and in Chinese", () => {
  expect(last(['Revenue by genre in 2024 for Germany', 'remove the Germany filter'])).toBe(
    'track_revenue 2024-01-01..2025-01-01 [] /genre',
  );
  expect(last(['2024年德国各流派的销售额', '把德国这个筛选去掉'])).toBe('track_revenue 2024-01-01..2025-01-01 [] /genre');
  expect(last(['2024年德国各流派的销售额', '德国的条件不要了'])).toBe('track_revenue 2024-01-01..2025-01-01 [] /genre');
});

test('one breakdown swapped for another replaces it, the ranking moving along', () => {
  expect(last(['Top 5 artists by revenue in 2023', 'swap artist for album'])).toBe(
    'track_revenue 2023-01-01..2024-01-01 [] /album desc5:album',
  );
  expect(last(['2023年销售额最高的5个艺术家', '把艺术家换成专辑'])).toBe('track_revenue 2023-01-01..2024-01-01 [] /album desc5:album');
});

test("a quarter of the year before is in the year before the thread's, and the previous quarter is the thread's", () => {
  expect(last(['Revenue in Q3 2024', 'and Q3 of the previous year?'])).toBe('revenue 2023-07-01..2023-10-01 [] /');
  expect(last(['Revenue in Q2 2024', "it's lower than the previous quarter, isn't it? why?"])).toBe(
    'revenue 2024-04-01..2024-07-01 vs 2024-01-01..2024-04-01 [] /',
  );
});

test("a person's accounts are the customers whose support rep they are", () => {
  expect(last(['Revenue by country in 2023', 'only the accounts Steve Johnson handles'])).toBe(
    'revenue 2023-01-01..2024-01-01 [support_rep=Steve Johnson] /country',
  );
});

test('chat shorthand is read as its words, and a reset said twice is one reset', () => {
  expect(last(['rev by media type last yr'])).toBe('track_revenue 2025-01-01..2026-01-01 [] /media_type');
  expect(last(['Revenue by genre in 2022', 'what abt 2021?'])).toBe('track_revenue 2021-01-01..2022-01-01 [] /genre');
  expect(last(['Revenue by genre in 2023', 'tracks sold insted'])).toBe('tracks_sold 2023-01-01..2024-01-01 [] /genre');
  expect(last(['tracks sold insted'])).toBe('asked back');
  const reset = converse(['Revenue by genre in 2022', 'nvm, start over: orders in 2024'], chinook, extent)[1];
  expect(reset?.out).toEqual({ kind: 'reset', question: 'orders in 2024' });
});

test('halves and quarters of a relative year, and a grain written in English inside Chinese', () => {
  const read = (q: string) => {
    const r = planned(q, chinook, extent);
    return typeof r === 'string' ? r : brief(r);
  };
  expect(read('去年下半年每个月的销售额')).toBe('revenue 2025-07-01..2026-01-01 [] /month');
  expect(read('revenue in the first half of last year')).toBe('revenue 2025-01-01..2025-07-01 [] /');
  expect(read('orders in Q4 last year')).toBe('orders 2025-10-01..2026-01-01 [] /');
  expect(read('前年第二季度的订单数')).toBe('orders 2024-04-01..2024-07-01 [] /');
  expect(read('2022 年每个 month 的 orders')).toBe('orders 2022-01-01..2023-01-01 [] /month');
});

test('a common word holding a concept character is not that concept: 数据 is data, not a count', () => {
  const r = planned('2024年各国家的销售数据', chinook, extent);
  expect(typeof r === 'string' ? r : brief(r)).toBe('revenue 2024-01-01..2025-01-01 [] /country');
});

test('cost is not money earned: a catalog without it asks back', () => {
  expect(last(['Revenue by genre in 2023', 'and the cost?'])).toBe('asked back');
});
