/**
 * Blind conversations over Chinook: written from the catalog (catalogs/chinook.yaml), the case format
 * (eval/conversations/types.ts) and the SQL helper (eval/conversations/sql.ts) only, never from the parser, so their
 * phrasings are a business user's, not the product's. "Today" is 2026-11-30 (last year = 2025); the data runs
 * 2021-01-01..2025-12-22; no period means all of the data. Money by genre, artist, album or media type is line level
 * (track_revenue); by country, city, support rep or overall it is invoice level (revenue). A why without a named month
 * compares the thread's period with the one just before it, decomposed by the thread's breakdown (else country).
 * Every ranking below was checked for a tie across its cut.
 */
import type { EvalContext } from '../cases';
import { ask, months, quarter, why, year, type Query } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';
import { ALL_COUNTRIES } from './chinook-values';

const q = (query: Query) => (ctx: EvalContext) => ask(ctx, 'chinook', query);

const y2021 = year(2021);
const y2022 = year(2022);
const y2023 = year(2023);
const y2024 = year(2024);
const y2025 = year(2025);
const q1of2022 = quarter(2022, 1);
/** July to December 2023. */
const h2of2023 = months('2023-12', 6);
/** "Take the US out": every country but the USA. */
const notUsa = ALL_COUNTRIES.filter((c) => c !== 'USA');

export const BLIND_CHINOOK_CONVERSATIONS: Conversation[] = [
  {
    id: 'blind-chinook-en',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: 'sales by country last year',
        kind: 'fresh',
        note: 'revenue (invoice level), 2025, by country, every country with invoices in 2025',
        expect: { sql: q({ metric: 'revenue', period: y2025, by: 'country' }) },
      },
      {
        say: 'just need the top 4',
        kind: 'change_ranking',
        note: 'revenue, 2025, top 4 countries',
        expect: { sql: q({ metric: 'revenue', period: y2025, by: 'country', top: { n: 4 } }) },
      },
      {
        say: 'same for the year before',
        kind: 'replace_period',
        note: 'revenue, 2024 (the year before 2025), top 4 countries',
        expect: { sql: q({ metric: 'revenue', period: y2024, by: 'country', top: { n: 4 } }) },
      },
      {
        say: 'what drove the increase?',
        kind: 'ask_why',
        note: 'why of revenue, 2023 -> 2024 (the thread period vs the one before), decomposed by country (the thread breakdown); the top 4 does not apply to a decomposition',
        expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', by: 'country' }, y2023, y2024) },
      },
      {
        say: 'ok scratch that. how many tracks went out in q1 2022?',
        kind: 'reset',
        note: 'a reset: asked fresh, nothing carried: tracks sold, 2022-Q1, one total',
        expect: { sql: q({ metric: 'tracks_sold', period: q1of2022 }) },
      },
      {
        say: 'split that by media type',
        kind: 'add_breakdown',
        note: 'tracks sold, 2022-Q1, by media type (all four media types sold that quarter)',
        expect: { sql: q({ metric: 'tracks_sold', period: q1of2022, by: 'media_type' }) },
      },
      {
        say: 'only german customers',
        kind: 'add_filter',
        note: 'tracks sold, 2022-Q1, country = Germany, by media type',
        expect: { sql: q({ metric: 'tracks_sold', period: q1of2022, where: { country: ['Germany'] }, by: 'media_type' }) },
      },
      {
        say: 'swap germany for the US',
        kind: 'replace_filter',
        note: 'tracks sold, 2022-Q1, country = USA (replaces Germany), by media type',
        expect: { sql: q({ metric: 'tracks_sold', period: q1of2022, where: { country: ['USA'] }, by: 'media_type' }) },
      },
      {
        say: 'and the takings?',
        kind: 'replace_metric',
        note: 'money ("takings" = sales) by media type, so track revenue (line level), 2022-Q1, country = USA, by media type',
        expect: { sql: q({ metric: 'track_revenue', period: q1of2022, where: { country: ['USA'] }, by: 'media_type' }) },
      },
      {
        say: 'whats the margin on those',
        kind: 'needs_clarification',
        note: 'Chinook records no cost, so there is no margin: ask back; the thread stays at track revenue, 2022-Q1, USA, by media type',
        expect: clarify,
      },
      {
        say: 'fine, drop the US filter - all countries',
        kind: 'lift_filter',
        note: 'read against the last answered turn: track revenue, 2022-Q1, by media type, no country filter',
        expect: { sql: q({ metric: 'track_revenue', period: q1of2022, by: 'media_type' }) },
      },
      {
        say: 'which 2 formats did worst',
        kind: 'change_ranking',
        note: 'track revenue, 2022-Q1, the bottom 2 media types (lowest first)',
        expect: { sql: q({ metric: 'track_revenue', period: q1of2022, by: 'media_type', top: { n: 2, order: 'asc' } }) },
      },
    ],
  },
  {
    id: 'blind-chinook-zh',
    database: 'chinook',
    language: 'zh',
    turns: [
      {
        say: '2024年各个流派的销售额',
        kind: 'fresh',
        note: 'money by genre, so track revenue (line level), 2024, by genre, every genre sold in 2024',
        expect: { sql: q({ metric: 'track_revenue', period: y2024, by: 'genre' }) },
      },
      {
        say: '只看排名前三的',
        kind: 'change_ranking',
        note: 'track revenue, 2024, top 3 genres',
        expect: { sql: q({ metric: 'track_revenue', period: y2024, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '换成卖了多少首',
        kind: 'replace_metric',
        note: 'tracks sold, 2024, top 3 genres',
        expect: { sql: q({ metric: 'tracks_sold', period: y2024, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '只看美国客户',
        kind: 'add_filter',
        note: 'tracks sold, 2024, country = USA, top 3 genres',
        expect: { sql: q({ metric: 'tracks_sold', period: y2024, where: { country: ['USA'] }, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '巴西呢',
        kind: 'replace_filter',
        note: 'tracks sold, 2024, country = Brazil (replaces USA), top 3 genres',
        expect: { sql: q({ metric: 'tracks_sold', period: y2024, where: { country: ['Brazil'] }, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '换成2021年看看',
        kind: 'replace_period',
        note: 'tracks sold, 2021, country = Brazil, top 3 genres',
        expect: { sql: q({ metric: 'tracks_sold', period: y2021, where: { country: ['Brazil'] }, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '国家不限了，看全部',
        kind: 'lift_filter',
        note: 'the country filter lifted: tracks sold, 2021, top 3 genres',
        expect: { sql: q({ metric: 'tracks_sold', period: y2021, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '再按渠道拆开看',
        kind: 'needs_clarification',
        note: 'Chinook has no sales channel dimension: ask back; the thread stays at tracks sold, 2021, top 3 genres',
        expect: clarify,
      },
      {
        say: '重新开始。去年营收多少',
        kind: 'reset',
        note: 'a reset, then asked fresh: revenue (invoice level), 2025, one total',
        expect: { sql: q({ metric: 'revenue', period: y2025 }) },
      },
      {
        say: '按销售代表拆一下',
        kind: 'add_breakdown',
        note: 'revenue, 2025, by support rep (every rep with customers invoiced in 2025)',
        expect: { sql: q({ metric: 'revenue', period: y2025, by: 'support_rep' }) },
      },
      {
        say: '为啥比前一年少了',
        kind: 'ask_why',
        note: 'why of revenue, 2024 -> 2025, decomposed by support rep (the thread breakdown)',
        expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', by: 'support_rep' }, y2024, y2025) },
      },
      {
        say: '新问题：2023下半年每个月的订单数',
        kind: 'reset',
        note: 'a reset, asked fresh: orders (invoice count), July-December 2023, by month',
        expect: { sql: q({ metric: 'orders', period: h2of2023, by: 'month' }) },
      },
    ],
  },
  {
    id: 'blind-chinook-mixed',
    database: 'chinook',
    language: 'mixed',
    turns: [
      {
        say: '那按 genre 呢',
        kind: 'needs_clarification',
        note: 'a follow-up as the very first turn: nothing to break down yet, so ask back',
        expect: clarify,
      },
      {
        say: 'top 5 markets by 营收, 2022',
        kind: 'fresh',
        note: 'revenue (invoice level), 2022, top 5 countries ("markets" = country)',
        expect: { sql: q({ metric: 'revenue', period: y2022, by: 'country', top: { n: 5 } }) },
      },
      {
        say: '把 USA 去掉再看',
        kind: 'add_filter',
        note: 'revenue, 2022, every country but the USA, top 5 countries',
        expect: { sql: q({ metric: 'revenue', period: y2022, where: { country: notUsa }, by: 'country', top: { n: 5 } }) },
      },
      {
        say: 'same thing for 2024',
        kind: 'replace_period',
        note: 'revenue, 2024, every country but the USA, top 5 countries',
        expect: { sql: q({ metric: 'revenue', period: y2024, where: { country: notUsa }, by: 'country', top: { n: 5 } }) },
      },
      {
        say: 'ok 把 US 加回来',
        kind: 'lift_filter',
        note: 'the exclusion lifted: revenue, 2024, top 5 countries, the USA included',
        expect: { sql: q({ metric: 'revenue', period: y2024, by: 'country', top: { n: 5 } }) },
      },
      {
        say: 'bottom 3 呢',
        kind: 'change_ranking',
        note: 'revenue, 2024, the bottom 3 countries among those with invoices (lowest first)',
        expect: { sql: q({ metric: 'revenue', period: y2024, by: 'country', top: { n: 3, order: 'asc' } }) },
      },
      {
        say: '为啥 2024 比前一年高? which markets drove it',
        kind: 'ask_why',
        note: 'why of revenue, 2023 -> 2024, decomposed by country (the thread breakdown); no ranking in a decomposition',
        expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', by: 'country' }, y2023, y2024) },
      },
      {
        say: 'start over 哈. 2021 年 rock 卖了多少首',
        kind: 'reset',
        note: 'a reset, asked fresh: tracks sold, 2021, genre = Rock, one total',
        expect: { sql: q({ metric: 'tracks_sold', period: y2021, where: { genre: ['Rock'] } }) },
      },
      {
        say: '换成 jazz',
        kind: 'replace_filter',
        note: 'tracks sold, 2021, genre = Jazz (replaces Rock), one total',
        expect: { sql: q({ metric: 'tracks_sold', period: y2021, where: { genre: ['Jazz'] } }) },
      },
      {
        say: 'break it down by quarter',
        kind: 'add_breakdown',
        note: 'tracks sold, 2021, genre = Jazz, by quarter (keys 2021-Q1..2021-Q4 with sales)',
        expect: { sql: q({ metric: 'tracks_sold', period: y2021, where: { genre: ['Jazz'] }, by: 'quarter' }) },
      },
      {
        say: 'how about 销售额',
        kind: 'replace_metric',
        note: 'money of a genre, so track revenue (line level), 2021, genre = Jazz, by quarter',
        expect: { sql: q({ metric: 'track_revenue', period: y2021, where: { genre: ['Jazz'] }, by: 'quarter' }) },
      },
    ],
  },
];
