/**
 * The follow-up reader on varied phrasings (not the blind suite's), on Chinook, the demo shop and a bookshop catalog
 * nobody designed for it: each conversation is read turn by turn as a session reads it (test/unit/followup-harness.ts),
 * and every turn's question, planned by the real rules planner, must give the reading written beside it (metric,
 * window, compared with, filters, breakdown, ranking) with nothing differing from what the reader expected; a turn
 * marked 'asked back' must end needs_clarification, never answered.
 */
import type { Catalog } from '../../src/catalog/catalog';
import type { DataExtent } from '../../src/contracts';
import { readFollowUp } from '../../src/model/followup';
import { extent } from './chinook-extent';
import { AS_OF, chinook, converse, demo, outcomes } from './followup-harness';
import { bookshop } from './words-catalogs';

type Kind = 'fresh' | 'follow_up' | 'reset' | 'needs_clarification';
interface Case {
  catalog: 'chinook' | 'demo' | 'bookshop';
  turns: [string, Kind, string][];
}

const CATALOGS: Record<Case['catalog'], [Catalog, DataExtent | null]> = {
  chinook: [chinook, extent],
  demo: [demo, null],
  bookshop: [bookshop, null],
};

const CASES: Case[] = [
  {
    catalog: 'chinook',
    turns: [
      ['Revenue by genre in 2023', 'fresh', 'track_revenue 2023-01-01..2024-01-01 [] /genre'],
      ['and 2024?', 'follow_up', 'track_revenue 2024-01-01..2025-01-01 [] /genre'],
      ['only Rock and Jazz', 'follow_up', 'track_revenue 2024-01-01..2025-01-01 [genre=Jazz|Rock] /genre'],
      ['by media type instead', 'follow_up', 'track_revenue 2024-01-01..2025-01-01 [genre=Jazz|Rock] /media_type'],
      ['top 2', 'follow_up', 'track_revenue 2024-01-01..2025-01-01 [genre=Jazz|Rock] /media_type desc2:media_type'],
      ['lowest instead?', 'follow_up', 'track_revenue 2024-01-01..2025-01-01 [genre=Jazz|Rock] /media_type asc2:media_type'],
      ['what about the number of invoices?', 'follow_up', 'orders 2024-01-01..2025-01-01 [genre=Jazz|Rock] /media_type asc2:media_type'],
      ['start over', 'reset', 'reset'],
      ['by country?', 'needs_clarification', 'asked back'],
    ],
  },
  {
    catalog: 'chinook',
    turns: [
      ['2024年各国家的订单数', 'fresh', 'orders 2024-01-01..2025-01-01 [] /country'],
      ['那2022年呢？', 'follow_up', 'orders 2022-01-01..2023-01-01 [] /country'],
      ['按月呢', 'follow_up', 'orders 2022-01-01..2023-01-01 [] /month,country'],
      ['只看德国', 'follow_up', 'orders 2022-01-01..2023-01-01 [country=Germany] /month'],
      ['改成客单价', 'follow_up', 'aov 2022-01-01..2023-01-01 [country=Germany] /month'],
      ['哪个月最高？', 'follow_up', 'aov 2022-01-01..2023-01-01 [country=Germany] /month desc1:month'],
      ['重新开始', 'reset', 'reset'],
      ['那2023年呢', 'needs_clarification', 'asked back'],
    ],
  },
  {
    catalog: 'chinook',
    turns: [
      ['How many tracks did we sell per genre in Q1 2024?', 'fresh', 'tracks_sold 2024-01-01..2024-04-01 [] /genre'],
      ['前3名', 'follow_up', 'tracks_sold 2024-01-01..2024-04-01 [] /genre desc3:genre'],
      ['2024年第二季度呢', 'follow_up', 'tracks_sold 2024-04-01..2024-07-01 [] /genre desc3:genre'],
      ['also by media type', 'follow_up', 'tracks_sold 2024-04-01..2024-07-01 [] /genre,media_type desc3:genre'],
      ['average price per track sold instead', 'follow_up', 'avg_track_price 2024-04-01..2024-07-01 [] /genre,media_type desc3:genre'],
      ['why did it drop?', 'follow_up', 'avg_track_price 2024-04-01..2024-07-01 vs 2024-01-01..2024-04-01 [] /'],
    ],
  },
  {
    catalog: 'chinook',
    turns: [
      ['Sales for Brazil in 2024', 'fresh', 'revenue 2024-01-01..2025-01-01 [country=Brazil] /'],
      ['by support rep?', 'follow_up', 'revenue 2024-01-01..2025-01-01 [country=Brazil] /support_rep'],
      ['and last year?', 'follow_up', 'revenue 2025-01-01..2026-01-01 [country=Brazil] /support_rep'],
      ['the bottom 1', 'follow_up', 'revenue 2025-01-01..2026-01-01 [country=Brazil] /support_rep asc1:support_rep'],
      ['just France too', 'follow_up', 'revenue 2025-01-01..2026-01-01 [country=Brazil|France] /support_rep asc1:support_rep'],
      ['show me orders', 'follow_up', 'orders 2025-01-01..2026-01-01 [country=Brazil|France] /support_rep asc1:support_rep'],
      ['compared with 2022?', 'needs_clarification', 'asked back'],
      ['why?', 'follow_up', 'orders 2025-01-01..2026-01-01 vs 2024-01-01..2025-01-01 [country=Brazil|France] /'],
      ['new question', 'reset', 'reset'],
      ['whatever, revenue by artist', 'fresh', 'track_revenue all [] /artist'],
    ],
  },
  {
    catalog: 'chinook',
    turns: [
      ['revenue in March 2024 year over year', 'fresh', 'revenue 2024-03-01..2024-04-01 vs 2023-03-01..2023-04-01 [] /'],
      ['and for the USA?', 'follow_up', 'revenue 2024-03-01..2024-04-01 vs 2023-03-01..2023-04-01 [country=USA] /'],
      ['what about April?', 'follow_up', 'revenue 2024-04-01..2024-05-01 vs 2023-04-01..2023-05-01 [country=USA] /'],
      ['by country as well', 'follow_up', 'revenue 2024-04-01..2024-05-01 vs 2023-04-01..2023-05-01 [] /country'],
      ['why did it go down?', 'follow_up', 'revenue 2024-04-01..2024-05-01 vs 2023-04-01..2023-05-01 [] /'],
    ],
  },
  {
    catalog: 'demo',
    turns: [
      ['2026年10月各品类的销售额', 'fresh', 'gmv 2026-10-01..2026-11-01 [] /category'],
      ['只看新客', 'follow_up', 'gmv 2026-10-01..2026-11-01 [customer_type=new] /category'],
      ['换成老客', 'follow_up', 'gmv 2026-10-01..2026-11-01 [customer_type=returning] /category'],
      ['加上华东', 'follow_up', 'gmv 2026-10-01..2026-11-01 [customer_type=returning,region=华东] /category'],
      ['按周呢', 'follow_up', 'gmv 2026-10-01..2026-11-01 [customer_type=returning,region=华东] /week,category'],
      ['按区域呢', 'follow_up', 'gmv 2026-10-01..2026-11-01 [customer_type=returning] /region'],
      ['最多的2个', 'follow_up', 'gmv 2026-10-01..2026-11-01 [customer_type=returning] /region desc2:region'],
      ['为什么？', 'follow_up', 'gmv 2026-10-01..2026-11-01 vs 2026-09-01..2026-10-01 [customer_type=returning] /'],
      ['不限客户类型', 'follow_up', 'gmv 2026-10-01..2026-11-01 vs 2026-09-01..2026-10-01 [] /'],
    ],
  },
  {
    catalog: 'demo',
    turns: [
      ['What was the repurchase rate by region last month?', 'fresh', 'repurchase_rate 2026-10-01..2026-11-01 [] /region'],
      ['and the conversion rate?', 'follow_up', 'new_customer_conversion 2026-10-01..2026-11-01 [] /region'],
      ['just the app channel', 'follow_up', 'new_customer_conversion 2026-10-01..2026-11-01 [channel=app] /region'],
      ['lowest?', 'follow_up', 'new_customer_conversion 2026-10-01..2026-11-01 [channel=app] /region asc1:region'],
      ['over the last 6 months', 'follow_up', 'new_customer_conversion 2026-05-01..2026-11-01 [channel=app] /region asc1:region'],
      [
        'break it down by customer type',
        'follow_up',
        'new_customer_conversion 2026-05-01..2026-11-01 [channel=app] /customer_type asc1:customer_type',
      ],
      ['remove the filters', 'follow_up', 'new_customer_conversion 2026-05-01..2026-11-01 [] /customer_type asc1:customer_type'],
      ['the trend?', 'follow_up', 'new_customer_conversion 2026-05-01..2026-11-01 [] /month,customer_type'],
    ],
  },
  {
    catalog: 'chinook',
    turns: [
      ['revenue in March 2024 year over year', 'fresh', 'revenue 2024-03-01..2024-04-01 vs 2023-03-01..2023-04-01 [] /'],
      ['那2023年呢', 'follow_up', 'revenue 2023-01-01..2024-01-01 vs 2022-01-01..2023-01-01 [] /'],
      ['and Canada too?', 'follow_up', 'revenue 2023-01-01..2024-01-01 vs 2022-01-01..2023-01-01 [country=Canada] /'],
      ['last quarter instead', 'follow_up', '-'],
      ['换成订单数', 'follow_up', 'orders 2023-01-01..2024-01-01 vs 2022-01-01..2023-01-01 [country=Canada] /'],
      ['show me the average order value for 2023 by quarter', 'follow_up', 'aov 2023-01-01..2024-01-01 [country=Canada] /quarter'],
      ['which quarter was the weakest?', 'follow_up', 'aov 2023-01-01..2024-01-01 [country=Canada] /quarter asc1:quarter'],
      ['the best one?', 'follow_up', 'aov 2023-01-01..2024-01-01 [country=Canada] /quarter desc1:quarter'],
      ['for Germany only', 'follow_up', 'aov 2023-01-01..2024-01-01 [country=Germany] /quarter desc1:quarter'],
      ['ok, forget it', 'reset', 'reset'],
      ['Which 5 artists earned the most in 2022?', 'fresh', 'track_revenue 2022-01-01..2023-01-01 [] /artist desc5:artist'],
      ['bottom 3?', 'follow_up', 'track_revenue 2022-01-01..2023-01-01 [] /artist asc3:artist'],
      ['what about albums?', 'follow_up', 'track_revenue 2022-01-01..2023-01-01 [] /album asc3:album'],
      ['and the number of tracks sold', 'follow_up', 'tracks_sold 2022-01-01..2023-01-01 [] /album asc3:album'],
      ['只看摇滚', 'follow_up', 'tracks_sold 2022-01-01..2023-01-01 [genre=Rock] /album asc3:album'],
      ['why did it fall in June?', 'follow_up', 'tracks_sold 2022-06-01..2022-07-01 vs 2022-05-01..2022-06-01 [genre=Rock] /'],
      ['by genre please', 'follow_up', 'tracks_sold 2022-06-01..2022-07-01 vs 2022-05-01..2022-06-01 [] /'],
      ['give me the profit margin', 'needs_clarification', 'asked back'],
    ],
  },
  {
    catalog: 'chinook',
    turns: [
      ['2025年各媒体类型的销量', 'fresh', 'tracks_sold 2025-01-01..2026-01-01 [] /media_type'],
      ['最少的呢', 'follow_up', 'tracks_sold 2025-01-01..2026-01-01 [] /media_type asc1:media_type'],
      ['换成销售额', 'follow_up', 'track_revenue 2025-01-01..2026-01-01 [] /media_type asc1:media_type'],
      ['只看美国和加拿大', 'follow_up', 'track_revenue 2025-01-01..2026-01-01 [country=Canada|USA] /media_type asc1:media_type'],
      ['2024年12月呢', 'follow_up', 'track_revenue 2024-12-01..2025-01-01 [country=Canada|USA] /media_type asc1:media_type'],
      ['为什么下降了', 'follow_up', 'track_revenue 2024-12-01..2025-01-01 vs 2024-11-01..2024-12-01 [country=Canada|USA] /'],
      ['按国家', 'follow_up', 'revenue 2024-12-01..2025-01-01 vs 2024-11-01..2024-12-01 [country=Canada|USA] /'],
      ['按年呢', 'needs_clarification', 'asked back'],
    ],
  },
  {
    catalog: 'demo',
    turns: [
      ['上个月各区域的客单价', 'fresh', 'aov 2026-10-01..2026-11-01 [] /region'],
      ['同比呢', 'follow_up', 'aov 2026-10-01..2026-11-01 vs 2025-10-01..2025-11-01 [] /region'],
      ['只看数码', 'follow_up', 'aov 2026-10-01..2026-11-01 vs 2025-10-01..2025-11-01 [category=数码] /region'],
      ['换成销售额', 'follow_up', 'gmv 2026-10-01..2026-11-01 vs 2025-10-01..2025-11-01 [category=数码] /region'],
      ['按渠道看看', 'follow_up', 'gmv 2026-10-01..2026-11-01 vs 2025-10-01..2025-11-01 [category=数码] /channel'],
      ['前两名', 'needs_clarification', 'asked back'],
      ['华北呢', 'follow_up', 'gmv 2026-10-01..2026-11-01 vs 2025-10-01..2025-11-01 [category=数码,region=华北] /channel'],
      ['不限区域', 'follow_up', 'gmv 2026-10-01..2026-11-01 vs 2025-10-01..2025-11-01 [category=数码] /channel'],
    ],
  },
  {
    catalog: 'bookshop',
    turns: [
      ['turnover by shop in 2024', 'fresh', 'turnover 2024-01-01..2025-01-01 [] /shop'],
      ['and copies sold?', 'follow_up', 'copies_sold 2024-01-01..2025-01-01 [] /shop'],
      ['only Leith', 'follow_up', 'copies_sold 2024-01-01..2025-01-01 [shop=Leith] /'],
      ['by sub-category instead', 'follow_up', 'copies_sold 2024-01-01..2025-01-01 [shop=Leith] /sub_category'],
      ['top 1', 'follow_up', 'copies_sold 2024-01-01..2025-01-01 [shop=Leith] /sub_category desc1:sub_category'],
      ['what about Stockbridge?', 'follow_up', 'copies_sold 2024-01-01..2025-01-01 [shop=Stockbridge] /sub_category desc1:sub_category'],
      ['why did it drop in March?', 'follow_up', 'copies_sold 2024-03-01..2024-04-01 vs 2024-02-01..2024-03-01 [shop=Stockbridge] /'],
      // The why keeps the dimension it was decomposed by (sub-category), so the metric can change under it,
      ['shoppers instead', 'follow_up', 'shoppers 2024-03-01..2024-04-01 vs 2024-02-01..2024-03-01 [shop=Stockbridge] /'],
      // and asking for that dimension again changes nothing: asked back.
      ['子类呢', 'needs_clarification', 'asked back'],
      ['why is it down on February?', 'follow_up', 'shoppers 2024-03-01..2024-04-01 vs 2024-02-01..2024-03-01 [shop=Stockbridge] /'],
    ],
  },
];

test('at least 80 varied messages, in both languages, on three catalogs', () => {
  const turns = CASES.flatMap((c) => c.turns);
  expect(turns.length).toBeGreaterThanOrEqual(80);
  expect(turns.filter(([say]) => /[\u4e00-\u9fff]/.test(say)).length).toBeGreaterThanOrEqual(25);
  expect(new Set(CASES.map((c) => c.catalog)).size).toBe(3);
});

test.each(CASES.map((c, i) => [`${c.catalog} #${i + 1}: ${c.turns[0]?.[0] ?? ''}`, c] as const))('%s', (_name, c) => {
  const [catalog, dataExtent] = CATALOGS[c.catalog];
  const read = converse(
    c.turns.map(([say]) => say),
    catalog,
    dataExtent,
  );
  expect(outcomes(read)).toEqual(c.turns);
  // A follow-up's question plans exactly as the reader expected it to.
  expect(read.filter((r) => r.differences.length > 0).map((r) => `${r.say}: ${r.differences.join(', ')}`)).toEqual([]);
});

const input = (question: string) => ({ question, thread: null, constraints: [], asOf: AS_OF });

test('a reset drops the thread, with the question that follows it asked fresh', () => {
  expect(readFollowUp(input('start over'), chinook)).toEqual({ kind: 'reset', question: null });
  expect(readFollowUp(input('重新开始：2023年各国家的销售额'), chinook)).toEqual({ kind: 'reset', question: '2023年各国家的销售额' });
  expect(readFollowUp(input("Let's start again - revenue by genre"), chinook)).toEqual({ kind: 'reset', question: 'revenue by genre' });
});

test('a follow-up with nothing to resolve against asks back in its own language, with a question the catalog answers', () => {
  const en = readFollowUp(input('and by genre?'), chinook);
  expect(en).toMatchObject({ kind: 'needs_clarification' });
  expect(en.kind === 'needs_clarification' && en.question).toMatch(/revenue by genre/);
  const zh = readFollowUp(input('那2023年呢'), demo);
  expect(zh.kind === 'needs_clarification' && /[\u4e00-\u9fff]/.test(zh.question)).toBe(true);
  // A whole question as the first turn is asked as written.
  expect(readFollowUp(input('What is our total revenue?'), chinook)).toEqual({ kind: 'fresh', question: 'What is our total revenue?' });
});

test('words the catalog cannot map are named, with the catalog terms close to them', () => {
  const [first] = converse(['revenue by country in 2024'], chinook, extent);
  const thread = { turn: 1, question: 'q', resolved_question: 'q', intent: 'query' as const, asOf: AS_OF, reading: first?.reading ?? null };
  if (!thread.reading) throw new Error('the first turn did not plan');
  const out = readFollowUp(
    { question: 'show the genere instead', thread: { ...thread, reading: thread.reading }, constraints: [], asOf: AS_OF },
    chinook,
  );
  expect(out.kind).toBe('needs_clarification');
  if (out.kind !== 'needs_clarification') return;
  expect(out.reason).toContain('"genere"');
  expect(out.question).toContain('genre');
});

test('constraints carry into a fresh question and are lifted by name', () => {
  const constraints = [{ dimension: 'country', values: ['USA'], set_in_turn: 2 }];
  const fresh = readFollowUp({ question: 'Top 3 genres by tracks sold in 2023', thread: null, constraints, asOf: AS_OF }, chinook);
  expect(fresh).toMatchObject({ kind: 'follow_up', changes: ['new_question'], carried_over: ['filter'] });
  expect(fresh.kind === 'follow_up' && fresh.expected.filters).toEqual([{ dimension: 'country', values: ['USA'] }]);
  const [first] = converse(['Top 3 genres by tracks sold in 2023 for USA'], chinook, extent);
  if (!first?.reading) throw new Error('the first turn did not plan');
  const thread = { turn: 1, question: 'q', resolved_question: 'q', intent: 'query' as const, asOf: AS_OF, reading: first.reading };
  const lifted = readFollowUp({ question: 'include all countries again', thread, constraints, asOf: AS_OF }, chinook);
  expect(lifted).toMatchObject({ kind: 'follow_up', changes: ['lift_filter'], lifted: ['country'] });
  expect(lifted.kind === 'follow_up' && lifted.expected.filters).toEqual([]);
});
