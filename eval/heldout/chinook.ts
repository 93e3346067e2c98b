/**
 * HELD-OUT conversations over Chinook (issue 26), written like eval/conversations/chinook.ts, with other phrasings
 * and another order of kinds; kept out of the repository until the final measurement. Copy into eval/heldout/.
 * Readings as in eval/conversations/chinook.ts ("today" 2026-11-30, "last year" = 2025, line-level money by genre,
 * artist, album and media type; a why decomposes by the thread's breakdown dimension, else by country for revenue).
 */
import type { EvalContext } from '../cases';
import { ask, why, year, type Query } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

const q = (query: Query) => (ctx: EvalContext) => ask(ctx, 'chinook', query);

export const HELDOUT_CHINOOK_CONVERSATIONS: Conversation[] = [
  {
    id: 'heldout-chinook-zh',
    database: 'chinook',
    language: 'zh',
    turns: [
      {
        say: '2021年销量最高的5个流派',
        kind: 'fresh',
        note: 'tracks sold, 2021, top 5 genres',
        expect: { sql: q({ metric: 'tracks_sold', period: year(2021), by: 'genre', top: { n: 5 } }) },
      },
      {
        say: '只看加拿大的',
        kind: 'add_filter',
        note: 'tracks sold, 2021, country = Canada, top 5 genres',
        expect: { sql: q({ metric: 'tracks_sold', period: year(2021), where: { country: ['Canada'] }, by: 'genre', top: { n: 5 } }) },
      },
      {
        say: '改成曲目销售额',
        kind: 'replace_metric',
        note: 'track revenue, 2021, Canada, top 5 genres',
        expect: { sql: q({ metric: 'track_revenue', period: year(2021), where: { country: ['Canada'] }, by: 'genre', top: { n: 5 } }) },
      },
      {
        say: '去掉国家的限制',
        kind: 'lift_filter',
        note: 'track revenue, 2021, top 5 genres, all countries',
        expect: { sql: q({ metric: 'track_revenue', period: year(2021), by: 'genre', top: { n: 5 } }) },
      },
      {
        say: '前两名就行',
        kind: 'change_ranking',
        note: 'track revenue, 2021, top 2 genres',
        expect: { sql: q({ metric: 'track_revenue', period: year(2021), by: 'genre', top: { n: 2 } }) },
      },
      {
        say: '改成2025年',
        kind: 'replace_period',
        note: 'track revenue, 2025, top 2 genres',
        expect: { sql: q({ metric: 'track_revenue', period: year(2025), by: 'genre', top: { n: 2 } }) },
      },
      {
        say: '那按艺术家看',
        kind: 'add_breakdown',
        note: 'track revenue, 2025, top 2 artists (the ranking moves)',
        expect: { sql: q({ metric: 'track_revenue', period: year(2025), by: 'artist', top: { n: 2 } }) },
      },
      {
        say: '换成毛利率',
        kind: 'needs_clarification',
        note: 'no margin in Chinook: ask back; the thread stays',
        expect: clarify,
      },
      {
        say: '为什么比2024年少了？',
        kind: 'ask_why',
        note: 'why: track revenue, 2025 against 2024, by artist (the thread breakdown)',
        expect: { sql: (c) => why(c, 'chinook', { metric: 'track_revenue', by: 'artist' }, year(2024), year(2025)) },
      },
      {
        say: '重新开始，2023年每个季度的订单数',
        kind: 'reset',
        note: 'fresh after the reset: orders, 2023, by quarter',
        expect: { sql: q({ metric: 'orders', period: year(2023), by: 'quarter' }) },
      },
      {
        say: '法国的呢',
        kind: 'add_filter',
        note: 'orders, 2023, country = France, by quarter',
        expect: { sql: q({ metric: 'orders', period: year(2023), where: { country: ['France'] }, by: 'quarter' }) },
      },
    ],
  },
  {
    id: 'heldout-chinook-mixed',
    database: 'chinook',
    language: 'mixed',
    turns: [
      {
        say: '那2023年呢？',
        kind: 'needs_clarification',
        note: 'a period change as the first turn: nothing to change',
        expect: clarify,
      },
      {
        say: 'average invoice amount per support rep in 2025',
        kind: 'fresh',
        note: 'average order value, 2025, by support rep',
        expect: { sql: q({ metric: 'aov', period: year(2025), by: 'support_rep' }) },
      },
      {
        say: '2021 instead',
        kind: 'replace_period',
        note: 'average order value, 2021, by support rep',
        expect: { sql: q({ metric: 'aov', period: year(2021), by: 'support_rep' }) },
      },
      {
        say: '按国家分',
        kind: 'add_breakdown',
        note: 'average order value, 2021, by country (replaces support rep)',
        expect: { sql: q({ metric: 'aov', period: year(2021), by: 'country' }) },
      },
      {
        say: 'top 2 only',
        kind: 'change_ranking',
        note: 'average order value, 2021, the top 2 countries',
        expect: { sql: q({ metric: 'aov', period: year(2021), by: 'country', top: { n: 2 } }) },
      },
      {
        say: '换成 total revenue',
        kind: 'replace_metric',
        note: 'revenue, 2021, the top 2 countries',
        expect: { sql: q({ metric: 'revenue', period: year(2021), by: 'country', top: { n: 2 } }) },
      },
      {
        say: "just Jane Peacock's customers",
        kind: 'add_filter',
        note: 'revenue, 2021, support rep = Jane Peacock, the top 2 countries',
        expect: {
          sql: q({ metric: 'revenue', period: year(2021), where: { support_rep: ['Jane Peacock'] }, by: 'country', top: { n: 2 } }),
        },
      },
      {
        say: 'and Steve Johnson?',
        kind: 'replace_filter',
        note: 'revenue, 2021, support rep = Steve Johnson (replaces Jane Peacock), the top 2 countries',
        expect: {
          sql: q({ metric: 'revenue', period: year(2021), where: { support_rep: ['Steve Johnson'] }, by: 'country', top: { n: 2 } }),
        },
      },
      {
        say: '所有销售代表',
        kind: 'lift_filter',
        note: 'support rep lifted: revenue, 2021, the top 2 countries',
        expect: { sql: q({ metric: 'revenue', period: year(2021), by: 'country', top: { n: 2 } }) },
      },
      {
        say: 'forget all that — revenue by media type last year',
        kind: 'reset',
        note: 'fresh after the reset: track revenue (line level), 2025, by media type',
        expect: { sql: q({ metric: 'track_revenue', period: year(2025), by: 'media_type' }) },
      },
      {
        say: 'why is it down on 2024?',
        kind: 'ask_why',
        note: 'why: track revenue, 2025 against 2024, by media type (the thread breakdown)',
        expect: { sql: (c) => why(c, 'chinook', { metric: 'track_revenue', by: 'media_type' }, year(2024), year(2025)) },
      },
    ],
  },
];
