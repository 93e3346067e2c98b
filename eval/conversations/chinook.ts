/**
 * Conversations over Chinook (catalogs/chinook.yaml), read as eval/chinook-cases.ts reads single questions: "today"
 * is 2026-11-30, the data runs 2021-01-01..2025-12-22, no period means all of the data, money by genre, artist,
 * album or media type is line-level (unit_price × quantity), and a why without a named month compares the thread's
 * period with the one just before it. A why decomposes by the thread's breakdown dimension, else by the metric's
 * first decompose_by dimension (revenue: country).
 */
import type { EvalContext } from '../cases';
import { ask, compare, months, quarter, share, why, year, type Query } from './sql';
import { clarify, type Conversation } from './types';

const q = (query: Query) => (ctx: EvalContext) => ask(ctx, 'chinook', query);
const shares = (query: Query & { by: string }) => (ctx: EvalContext) => share(ctx, 'chinook', query);
const y2024 = year(2024);
const y2023 = year(2023);
const y2022 = year(2022);

export const CHINOOK_CONVERSATIONS: Conversation[] = [
  {
    id: 'chinook-genres-en',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: 'What was our revenue by country in 2024?',
        kind: 'fresh',
        note: 'revenue, 2024, by country (every country with invoices)',
        expect: { sql: q({ metric: 'revenue', period: y2024, by: 'country' }) },
      },
      {
        say: 'just the top 5',
        kind: 'change_ranking',
        note: 'revenue, 2024, top 5 countries',
        expect: { sql: q({ metric: 'revenue', period: y2024, by: 'country', top: { n: 5 } }) },
      },
      {
        say: 'and by genre?',
        kind: 'add_breakdown',
        note: 'track revenue (line level), 2024, top 5 genres: the ranking moves to the new dimension',
        expect: { sql: q({ metric: 'track_revenue', period: y2024, by: 'genre', top: { n: 5 } }) },
      },
      {
        say: 'what about 2022?',
        kind: 'replace_period',
        note: 'track revenue, 2022, top 5 genres',
        expect: { sql: q({ metric: 'track_revenue', period: y2022, by: 'genre', top: { n: 5 } }) },
      },
      {
        say: 'and tracks sold?',
        kind: 'replace_metric',
        note: 'tracks sold, 2022, top 5 genres',
        expect: { sql: q({ metric: 'tracks_sold', period: y2022, by: 'genre', top: { n: 5 } }) },
      },
      {
        say: 'only the USA',
        kind: 'add_filter',
        note: 'tracks sold, 2022, country = USA, top 5 genres',
        expect: { sql: q({ metric: 'tracks_sold', period: y2022, where: { country: ['USA'] }, by: 'genre', top: { n: 5 } }) },
      },
      {
        say: 'what about canada',
        kind: 'replace_filter',
        note: 'tracks sold, 2022, country = Canada (replaces USA), top 5 genres',
        expect: { sql: q({ metric: 'tracks_sold', period: y2022, where: { country: ['Canada'] }, by: 'genre', top: { n: 5 } }) },
      },
      {
        say: 'Top 3 artists by track revenue in 2023',
        kind: 'fresh',
        note: 'a fresh question, but the user constraint country = Canada carries: track revenue, 2023, Canada, top 3 artists',
        expect: { sql: q({ metric: 'track_revenue', period: y2023, where: { country: ['Canada'] }, by: 'artist', top: { n: 3 } }) },
      },
      {
        say: 'all countries again',
        kind: 'lift_filter',
        note: 'the country constraint lifted: track revenue, 2023, top 3 artists',
        expect: { sql: q({ metric: 'track_revenue', period: y2023, by: 'artist', top: { n: 3 } }) },
      },
      {
        say: 'show profit instead',
        kind: 'needs_clarification',
        note: 'Chinook has no cost, so no profit metric: ask back, never answer another metric',
        expect: clarify,
      },
      {
        say: 'ok start over — how many invoices did we have in 2023?',
        kind: 'reset',
        note: 'thread dropped; fresh: orders (invoices), 2023, one number',
        expect: { sql: q({ metric: 'orders', period: y2023 }) },
      },
    ],
  },
  {
    id: 'chinook-reps-zh',
    database: 'chinook',
    language: 'zh',
    turns: [
      {
        say: '按流派呢？',
        kind: 'needs_clarification',
        note: 'a follow-up as the first turn: nothing to resolve against',
        expect: clarify,
      },
      {
        say: '2023年各销售代表的销售额是多少',
        kind: 'fresh',
        note: 'revenue, 2023, by support rep',
        expect: { sql: q({ metric: 'revenue', period: y2023, by: 'support_rep' }) },
      },
      {
        say: '只看美国',
        kind: 'add_filter',
        note: 'revenue, 2023, country = USA, by support rep',
        expect: { sql: q({ metric: 'revenue', period: y2023, where: { country: ['USA'] }, by: 'support_rep' }) },
      },
      {
        say: '换成订单数',
        kind: 'replace_metric',
        note: 'orders, 2023, USA, by support rep',
        expect: { sql: q({ metric: 'orders', period: y2023, where: { country: ['USA'] }, by: 'support_rep' }) },
      },
      {
        say: '那2024年呢',
        kind: 'replace_period',
        note: 'orders, 2024, USA, by support rep',
        expect: { sql: q({ metric: 'orders', period: y2024, where: { country: ['USA'] }, by: 'support_rep' }) },
      },
      {
        say: '最多的是谁？',
        kind: 'change_ranking',
        note: 'orders, 2024, USA, the highest support rep (n = 1)',
        expect: { sql: q({ metric: 'orders', period: y2024, where: { country: ['USA'] }, by: 'support_rep', top: { n: 1 } }) },
      },
      {
        say: '加上加拿大',
        kind: 'add_filter',
        note: 'orders, 2024, country in (USA, Canada), the highest support rep',
        expect: {
          sql: q({ metric: 'orders', period: y2024, where: { country: ['USA', 'Canada'] }, by: 'support_rep', top: { n: 1 } }),
        },
      },
      {
        say: '换成销售额',
        kind: 'replace_metric',
        note: 'revenue, 2024, USA or Canada, the highest support rep',
        expect: {
          sql: q({ metric: 'revenue', period: y2024, where: { country: ['USA', 'Canada'] }, by: 'support_rep', top: { n: 1 } }),
        },
      },
      {
        say: '按媒体类型看呢',
        kind: 'add_breakdown',
        note: 'track revenue (line level), 2024, USA or Canada, the highest media type (the ranking moves)',
        expect: {
          sql: q({ metric: 'track_revenue', period: y2024, where: { country: ['USA', 'Canada'] }, by: 'media_type', top: { n: 1 } }),
        },
      },
      {
        say: '不限国家',
        kind: 'lift_filter',
        note: 'country constraint lifted: track revenue, 2024, the highest media type',
        expect: { sql: q({ metric: 'track_revenue', period: y2024, by: 'media_type', top: { n: 1 } }) },
      },
      {
        say: '为什么比前一年多了？',
        kind: 'ask_why',
        note: 'why: track revenue, 2024 against 2023, by media type (the thread breakdown); change and each member',
        expect: { sql: (c) => why(c, 'chinook', { metric: 'track_revenue', by: 'media_type' }, y2023, y2024) },
      },
    ],
  },
  {
    id: 'chinook-monthly-mixed',
    database: 'chinook',
    language: 'mixed',
    turns: [
      {
        say: '2025 revenue by month',
        kind: 'fresh',
        note: 'revenue, 2025, by month',
        expect: { sql: q({ metric: 'revenue', period: year(2025), by: 'month' }) },
      },
      {
        say: '只看USA',
        kind: 'add_filter',
        note: 'revenue, 2025, country = USA, by month (months with USA invoices)',
        expect: { sql: q({ metric: 'revenue', period: year(2025), where: { country: ['USA'] }, by: 'month' }) },
      },
      {
        say: 'what about Brazil?',
        kind: 'replace_filter',
        note: 'revenue, 2025, country = Brazil, by month',
        expect: { sql: q({ metric: 'revenue', period: year(2025), where: { country: ['Brazil'] }, by: 'month' }) },
      },
      {
        say: '按季度呢',
        kind: 'add_breakdown',
        note: 'a grain replaces the grain: revenue, 2025, Brazil, by quarter',
        expect: { sql: q({ metric: 'revenue', period: year(2025), where: { country: ['Brazil'] }, by: 'quarter' }) },
      },
      {
        say: 'and 2023?',
        kind: 'replace_period',
        note: 'revenue, 2023, Brazil, by quarter',
        expect: { sql: q({ metric: 'revenue', period: y2023, where: { country: ['Brazil'] }, by: 'quarter' }) },
      },
      {
        say: '客单价呢？',
        kind: 'replace_metric',
        note: 'average order value, 2023, Brazil, by quarter',
        expect: { sql: q({ metric: 'aov', period: y2023, where: { country: ['Brazil'] }, by: 'quarter' }) },
      },
      {
        say: 'remove the country filter',
        kind: 'lift_filter',
        note: 'average order value, 2023, by quarter, all countries',
        expect: { sql: q({ metric: 'aov', period: y2023, by: 'quarter' }) },
      },
      {
        say: '重新开始：top 3 artists by revenue in 2024',
        kind: 'reset',
        note: 'fresh after the reset: track revenue (line level), 2024, top 3 artists',
        expect: { sql: q({ metric: 'track_revenue', period: y2024, by: 'artist', top: { n: 3 } }) },
      },
      {
        say: 'top 5 instead',
        kind: 'change_ranking',
        note: 'track revenue, 2024, top 5 artists',
        expect: { sql: q({ metric: 'track_revenue', period: y2024, by: 'artist', top: { n: 5 } }) },
      },
      {
        say: '只要 Rock',
        kind: 'add_filter',
        note: 'track revenue, 2024, genre = Rock, top 5 artists',
        expect: { sql: q({ metric: 'track_revenue', period: y2024, where: { genre: ['Rock'] }, by: 'artist', top: { n: 5 } }) },
      },
      {
        say: 'what drove that?',
        kind: 'ask_why',
        note: 'why: track revenue, genre = Rock, 2024 against 2023, by artist (the thread breakdown)',
        expect: { sql: (c) => why(c, 'chinook', { metric: 'track_revenue', where: { genre: ['Rock'] }, by: 'artist' }, y2023, y2024) },
      },
    ],
  },
  {
    id: 'chinook-compare-en',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: 'why did it drop in march?',
        kind: 'needs_clarification',
        note: 'a why as the first turn: no metric to explain',
        expect: clarify,
      },
      {
        say: 'How did revenue in 2024 compare with 2023?',
        kind: 'fresh',
        note: 'comparison: revenue, 2024 against 2023',
        expect: { sql: (c) => compare(c, 'chinook', { metric: 'revenue' }, { '2024': y2024, '2023': y2023 }) },
      },
      {
        say: 'and 2022?',
        kind: 'replace_period',
        note: 'the comparison keeps its kind: revenue, 2022 against 2021',
        expect: { sql: (c) => compare(c, 'chinook', { metric: 'revenue' }, { '2022': y2022, '2021': year(2021) }) },
      },
      {
        say: 'only Germany',
        kind: 'add_filter',
        note: 'revenue, country = Germany, 2022 against 2021',
        expect: {
          sql: (c) => compare(c, 'chinook', { metric: 'revenue', where: { country: ['Germany'] } }, { '2022': y2022, '2021': year(2021) }),
        },
      },
      {
        say: 'what about average order value?',
        kind: 'replace_metric',
        note: 'average order value, Germany, 2022 against 2021',
        expect: {
          sql: (c) => compare(c, 'chinook', { metric: 'aov', where: { country: ['Germany'] } }, { '2022': y2022, '2021': year(2021) }),
        },
      },
      {
        say: 'and for every country?',
        kind: 'lift_filter',
        note: 'the Germany filter lifted: average order value, 2022 against 2021',
        expect: { sql: (c) => compare(c, 'chinook', { metric: 'aov' }, { '2022': y2022, '2021': year(2021) }) },
      },
      {
        say: 'Show me revenue by month in 2024',
        kind: 'fresh',
        note: 'revenue, 2024, by month',
        expect: { sql: q({ metric: 'revenue', period: y2024, by: 'month' }) },
      },
      {
        say: 'hmm why did it fall in september',
        kind: 'ask_why',
        note: 'why: revenue, September 2024 against August 2024, by country (revenue decomposes by country first)',
        expect: { sql: (c) => why(c, 'chinook', { metric: 'revenue', by: 'country' }, months('2024-08'), months('2024-09')) },
      },
      {
        say: 'new question: which city brought in the most revenue overall?',
        kind: 'reset',
        note: 'fresh after the reset: revenue, all time, the highest city',
        expect: { sql: q({ metric: 'revenue', by: 'city', top: { n: 1 } }) },
      },
      {
        say: 'just in the US',
        kind: 'add_filter',
        note: 'revenue, all time, country = USA, the highest city',
        expect: { sql: q({ metric: 'revenue', where: { country: ['USA'] }, by: 'city', top: { n: 1 } }) },
      },
      {
        say: 'and Q4 2023 only?',
        kind: 'replace_period',
        note: 'revenue, 2023-Q4, USA, the highest city',
        expect: { sql: q({ metric: 'revenue', period: quarter(2023, 4), where: { country: ['USA'] }, by: 'city', top: { n: 1 } }) },
      },
      {
        say: 'top 3 then',
        kind: 'change_ranking',
        note: 'revenue, 2023-Q4, USA, top 3 cities (exactly three US cities bought that quarter)',
        expect: { sql: q({ metric: 'revenue', period: quarter(2023, 4), where: { country: ['USA'] }, by: 'city', top: { n: 3 } }) },
      },
    ],
  },
  {
    // Shares carried through a conversation: each turn keeps the share until the amounts are asked for.
    id: 'chinook-shares',
    database: 'chinook',
    language: 'mixed',
    turns: [
      {
        say: '2023年各媒体类型的销量占比',
        kind: 'fresh',
        note: 'the share of tracks sold by media type, 2023',
        expect: { sql: shares({ metric: 'tracks_sold', period: year(2023), by: 'media_type' }) },
      },
      {
        say: 'just US customers please',
        kind: 'add_filter',
        note: 'the share of tracks sold by media type, 2023, country = USA',
        expect: { sql: shares({ metric: 'tracks_sold', period: year(2023), where: { country: ['USA'] }, by: 'media_type' }) },
      },
      {
        say: 'and for 2024?',
        kind: 'replace_period',
        note: 'the share of tracks sold by media type, 2024, USA',
        expect: { sql: shares({ metric: 'tracks_sold', period: year(2024), where: { country: ['USA'] }, by: 'media_type' }) },
      },
      {
        say: '换成 track revenue 看占比',
        kind: 'replace_metric',
        note: 'the share of track revenue by media type, 2024, USA',
        expect: { sql: shares({ metric: 'track_revenue', period: year(2024), where: { country: ['USA'] }, by: 'media_type' }) },
      },
      {
        say: 'show me the actual amounts',
        kind: 'replace_metric',
        note: 'track revenue by media type, 2024, USA: the amounts',
        expect: { sql: q({ metric: 'track_revenue', period: year(2024), where: { country: ['USA'] }, by: 'media_type' }) },
      },
      {
        say: 'as a share of the total, by genre',
        kind: 'add_breakdown',
        note: 'the share of track revenue by genre, 2024, USA',
        expect: { sql: shares({ metric: 'track_revenue', period: year(2024), where: { country: ['USA'] }, by: 'genre' }) },
      },
      {
        say: '去掉美国这个条件',
        kind: 'lift_filter',
        note: 'the share of track revenue by genre, 2024, every country',
        expect: { sql: shares({ metric: 'track_revenue', period: year(2024), by: 'genre' }) },
      },
      {
        say: 'and Canada only',
        kind: 'add_filter',
        note: 'the share of track revenue by genre, 2024, country = Canada',
        expect: { sql: shares({ metric: 'track_revenue', period: year(2024), where: { country: ['Canada'] }, by: 'genre' }) },
      },
      {
        say: 'same again for 2022',
        kind: 'replace_period',
        note: 'the share of track revenue by genre, 2022, Canada',
        expect: { sql: shares({ metric: 'track_revenue', period: year(2022), where: { country: ['Canada'] }, by: 'genre' }) },
      },
      {
        say: 'back to the raw numbers',
        kind: 'replace_metric',
        note: 'track revenue by genre, 2022, Canada: the amounts',
        expect: { sql: q({ metric: 'track_revenue', period: year(2022), where: { country: ['Canada'] }, by: 'genre' }) },
      },
    ],
  },
];
