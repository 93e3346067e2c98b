/**
 * Blind conversations over Chinook that LEAVE VALUES OUT and PUT THEM BACK ("excluding the US", "take Canada out too",
 * "put Canada back in", 剔除, 除了…以外, 恢复, 把…加回来, ...), mixed with the ordinary follow-up kinds. Written from the
 * catalog (catalogs/chinook.yaml), the case format (eval/conversations/types.ts), the SQL helper
 * (eval/conversations/sql.ts) and the data only, never from the parser. "Today" is 2026-11-30 (last year = 2025); the
 * data runs 2021-01-01..2025-12-22; no period means all of the data. Money by genre, artist, album or media type is
 * line level (track_revenue); by country, city, support rep or overall it is invoice level (revenue).
 *
 * A left-out value is written as the list of the values kept: every value of the dimension in the data but the ones
 * left out (the lists below are the data's, checked with psql). A value left out stays out until it is put back or the
 * conversation is reset; putting one of two back keeps the other out. A why without a named period compares the
 * thread's period with the one just before it, decomposed by the thread's breakdown, under the thread's filters.
 * Every ranking below was checked for a tie across its cut, and every query returns rows.
 */
import type { EvalContext } from '../cases';
import { ask, why, year, type Query } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';
import { ALL_COUNTRIES, ALL_GENRES, ALL_MEDIA_TYPES, ALL_REPS, allBut } from './chinook-values';

const q = (query: Query) => (ctx: EvalContext) => ask(ctx, 'chinook', query);

const y2021 = year(2021);
const y2022 = year(2022);
const y2023 = year(2023);
const y2024 = year(2024);
const y2025 = year(2025);

const noUsa = allBut(ALL_COUNTRIES, 'USA');
const noUsaCanada = allBut(ALL_COUNTRIES, 'USA', 'Canada');
const noGermanyFrance = allBut(ALL_COUNTRIES, 'Germany', 'France');
const noGermany = allBut(ALL_COUNTRIES, 'Germany');
const noRock = allBut(ALL_GENRES, 'Rock');
const noRockLatin = allBut(ALL_GENRES, 'Rock', 'Latin');
const noRockMetal = allBut(ALL_GENRES, 'Rock', 'Metal');
const noLatinMetal = allBut(ALL_GENRES, 'Latin', 'Metal');
const noMetal = allBut(ALL_GENRES, 'Metal');
/** "视频" is the video media type. */
const noVideo = allBut(ALL_MEDIA_TYPES, 'Protected MPEG-4 video file');
const noSteve = allBut(ALL_REPS, 'Steve Johnson');

export const BLIND_CHINOOK_LEFT_OUT: Conversation[] = [
  {
    id: 'blind-chinook-left-out-en',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: '2024 revenue by country excluding the us',
        kind: 'fresh',
        note: 'revenue (invoice level), 2024, by country, every country but the USA',
        expect: { sql: q({ metric: 'revenue', period: y2024, where: { country: noUsa }, by: 'country' }) },
      },
      {
        say: 'leave canada out too',
        kind: 'add_filter',
        note: 'a second value left out: revenue, 2024, by country, every country but the USA and Canada',
        expect: { sql: q({ metric: 'revenue', period: y2024, where: { country: noUsaCanada }, by: 'country' }) },
      },
      {
        say: 'top 5 of whats left',
        kind: 'change_ranking',
        note: 'revenue, 2024, every country but the USA and Canada, top 5 countries (Brazil, France, Portugal, Sweden, Australia)',
        expect: { sql: q({ metric: 'revenue', period: y2024, where: { country: noUsaCanada }, by: 'country', top: { n: 5 } }) },
      },
      {
        say: 'put canada back in',
        kind: 'lift_filter',
        note: 'Canada put back, the USA still out: revenue, 2024, every country but the USA, top 5 countries (Canada 2nd)',
        expect: { sql: q({ metric: 'revenue', period: y2024, where: { country: noUsa }, by: 'country', top: { n: 5 } }) },
      },
      {
        say: 'same thing for 2022',
        kind: 'replace_period',
        note: 'revenue, 2022, every country but the USA, top 5 countries',
        expect: { sql: q({ metric: 'revenue', period: y2022, where: { country: noUsa }, by: 'country', top: { n: 5 } }) },
      },
      {
        say: "why'd it go up vs the year before",
        kind: 'ask_why',
        note: 'why of revenue, 2021 -> 2022, every country but the USA (345.51 -> 378.47), decomposed by country (the thread breakdown); no ranking in a decomposition',
        expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', where: { country: noUsa }, by: 'country' }, y2021, y2022) },
      },
      {
        say: 'ok new question - units sold by genre for 2025, everything but rock',
        kind: 'reset',
        note: 'a reset, asked fresh (the USA exclusion dropped): tracks sold, 2025, by genre, every genre but Rock',
        expect: { sql: q({ metric: 'tracks_sold', period: y2025, where: { genre: noRock }, by: 'genre' }) },
      },
      {
        say: 'ignore latin as well',
        kind: 'add_filter',
        note: 'tracks sold, 2025, by genre, every genre but Rock and Latin',
        expect: { sql: q({ metric: 'tracks_sold', period: y2025, where: { genre: noRockLatin }, by: 'genre' }) },
      },
      {
        say: 'and not counting the indie label releases',
        kind: 'needs_clarification',
        note: 'Chinook records no record label (nor any indie flag): ask back; the thread stays at tracks sold, 2025, by genre, Rock and Latin left out',
        expect: clarify,
      },
      {
        say: 'actually keep latin, take metal out instead',
        kind: 'replace_filter',
        note: 'Latin put back and Metal left out in its place, Rock still out: tracks sold, 2025, by genre, every genre but Rock and Metal',
        expect: { sql: q({ metric: 'tracks_sold', period: y2025, where: { genre: noRockMetal }, by: 'genre' }) },
      },
    ],
  },
  {
    id: 'blind-chinook-left-out-zh',
    database: 'chinook',
    language: 'zh',
    turns: [
      {
        say: '那不算美国呢？',
        kind: 'needs_clarification',
        note: 'a follow-up as the very first turn: no metric, no period, nothing to leave the USA out of, so ask back',
        expect: clarify,
      },
      {
        say: '2025年每个销售代表的订单数',
        kind: 'fresh',
        note: 'orders (invoice count), 2025, by support rep (all three reps)',
        expect: { sql: q({ metric: 'orders', period: y2025, by: 'support_rep' }) },
      },
      {
        say: '剔除Steve Johnson',
        kind: 'add_filter',
        note: 'orders, 2025, by support rep, every rep but Steve Johnson (Jane Peacock, Margaret Park)',
        expect: { sql: q({ metric: 'orders', period: y2025, where: { support_rep: noSteve }, by: 'support_rep' }) },
      },
      {
        say: '换成客单价',
        kind: 'replace_metric',
        note: 'average order value, 2025, by support rep, Steve Johnson still left out',
        expect: { sql: q({ metric: 'aov', period: y2025, where: { support_rep: noSteve }, by: 'support_rep' }) },
      },
      {
        say: '把Steve加回来',
        kind: 'lift_filter',
        note: 'Steve Johnson put back: average order value, 2025, by support rep, all three reps',
        expect: { sql: q({ metric: 'aov', period: y2025, by: 'support_rep' }) },
      },
      {
        say: '哪个最低',
        kind: 'change_ranking',
        note: 'average order value, 2025, the bottom 1 support rep (Jane Peacock, 5.05 vs Steve Johnson 5.47)',
        expect: { sql: q({ metric: 'aov', period: y2025, by: 'support_rep', top: { n: 1, order: 'asc' } }) },
      },
      {
        say: '重新问：2023年除了摇滚以外，各流派卖了多少首',
        kind: 'reset',
        note: 'a reset, asked fresh: tracks sold, 2023, by genre, every genre but Rock',
        expect: { sql: q({ metric: 'tracks_sold', period: y2023, where: { genre: noRock }, by: 'genre' }) },
      },
      {
        say: '视频也去掉',
        kind: 'add_filter',
        note: 'a second dimension left out: tracks sold, 2023, by genre, every genre but Rock, every media type but the video one (Protected MPEG-4 video file); TV Shows, Sci Fi & Fantasy, Drama, Science Fiction and Comedy drop out',
        expect: {
          sql: q({ metric: 'tracks_sold', period: y2023, where: { genre: noRock, media_type: noVideo }, by: 'genre' }),
        },
      },
      {
        say: '恢复摇滚，改成刨除拉丁和金属',
        kind: 'replace_filter',
        note: 'the genre exclusion replaced: Rock put back, Latin and Metal left out; video still out: tracks sold, 2023, by genre',
        expect: {
          sql: q({ metric: 'tracks_sold', period: y2023, where: { genre: noLatinMetal, media_type: noVideo }, by: 'genre' }),
        },
      },
      {
        say: '只看前三',
        kind: 'change_ranking',
        note: 'tracks sold, 2023, every genre but Latin and Metal, no video, top 3 genres (Rock, Alternative & Punk, Blues)',
        expect: {
          sql: q({
            metric: 'tracks_sold',
            period: y2023,
            where: { genre: noLatinMetal, media_type: noVideo },
            by: 'genre',
            top: { n: 3 },
          }),
        },
      },
    ],
  },
  {
    id: 'blind-chinook-left-out-mixed',
    database: 'chinook',
    language: 'mixed',
    turns: [
      {
        say: '2024 营收 without germany 和 france',
        kind: 'fresh',
        note: 'revenue (invoice level), 2024, every country but Germany and France, one total',
        expect: { sql: q({ metric: 'revenue', period: y2024, where: { country: noGermanyFrance } }) },
      },
      {
        say: '按 sales rep 拆一下',
        kind: 'add_breakdown',
        note: 'revenue, 2024, every country but Germany and France, by support rep',
        expect: { sql: q({ metric: 'revenue', period: y2024, where: { country: noGermanyFrance }, by: 'support_rep' }) },
      },
      {
        say: 'france 加回来吧',
        kind: 'lift_filter',
        note: 'France put back, Germany still out: revenue, 2024, every country but Germany, by support rep',
        expect: { sql: q({ metric: 'revenue', period: y2024, where: { country: noGermany }, by: 'support_rep' }) },
      },
      {
        say: '换成去年',
        kind: 'replace_period',
        note: 'last year = 2025: revenue, 2025, every country but Germany, by support rep',
        expect: { sql: q({ metric: 'revenue', period: y2025, where: { country: noGermany }, by: 'support_rep' }) },
      },
      {
        say: 'why 比 2024 少?',
        kind: 'ask_why',
        note: 'why of revenue, 2024 -> 2025, every country but Germany (458.72 -> 440.68), decomposed by support rep (the thread breakdown)',
        expect: {
          sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', where: { country: noGermany }, by: 'support_rep' }, y2024, y2025),
        },
      },
      {
        say: '不含 VIP 客户的话呢',
        kind: 'needs_clarification',
        note: 'Chinook has no customer tier (no VIP): ask back; the thread stays as it was',
        expect: clarify,
      },
      {
        say: 'ok 重新开始. 2021 top 5 artists by track revenue, apart from rock',
        kind: 'reset',
        note: 'a reset, asked fresh (Germany no longer left out): track revenue, 2021, every genre but Rock, top 5 artists (their non-Rock tracks only)',
        expect: { sql: q({ metric: 'track_revenue', period: y2021, where: { genre: noRock }, by: 'artist', top: { n: 5 } }) },
      },
      {
        say: 'metal 也排除掉',
        kind: 'add_filter',
        note: 'track revenue, 2021, every genre but Rock and Metal, top 5 artists',
        expect: {
          sql: q({ metric: 'track_revenue', period: y2021, where: { genre: noRockMetal }, by: 'artist', top: { n: 5 } }),
        },
      },
      {
        say: 'include rock again',
        kind: 'lift_filter',
        note: 'Rock put back, Metal still out: track revenue, 2021, every genre but Metal, top 5 artists (Led Zeppelin first)',
        expect: { sql: q({ metric: 'track_revenue', period: y2021, where: { genre: noMetal }, by: 'artist', top: { n: 5 } }) },
      },
    ],
  },
];
