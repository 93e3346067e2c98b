/**
 * Blind conversations over Chinook typed the way busy analysts and managers type: terse fragments ("h2?", "ok by
 * quarter", "and canada?"), polite long requests, filler ("could you pull…", "帮我看一下…"), numbers as words ("top
 * three"), Chinese numerals (前三, 前五, 倒数三个), lowercase names, and a language switched mid-sentence. Written from
 * the catalog (catalogs/chinook.yaml), the case format (eval/conversations/types.ts), the SQL helper
 * (eval/conversations/sql.ts) and the data only, never from the parser. "Today" is 2026-11-30 (last year = 2025); the
 * data runs 2021-01-01..2025-12-22; no period means all of the data. Money overall or by country or support rep is
 * invoice level (revenue); money by genre, artist, album or media type is line level (track_revenue).
 *
 * Filters and the period carry over until changed; a reset drops everything; a turn that is asked back leaves the
 * thread as the last answered turn left it. A left-out value is written as the list of the values kept. A why without
 * a named period compares the thread's period with the one just before it, decomposed by the thread's breakdown (or by
 * the dimension the user names), under the thread's filters; a ranking does not apply to a decomposition. Every
 * ranking below was checked with psql for a tie across its cut, and every query returns rows.
 */
import type { EvalContext } from '../cases';
import { ask, months, quarter, why, year, type Query } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';
import { ALL_GENRES, allBut } from './chinook-values';

const q = (query: Query) => (ctx: EvalContext) => ask(ctx, 'chinook', query);

const y2021 = year(2021);
const y2022 = year(2022);
const y2023 = year(2023);
const y2025 = year(2025);
/** January to June 2023, and July to December 2023. */
const h1of2023 = months('2023-06', 6);
const h2of2023 = months('2023-12', 6);
/** January to June 2024, and July to December 2024. */
const h1of2024 = months('2024-06', 6);
const h2of2024 = months('2024-12', 6);
const q3of2022 = quarter(2022, 3);
const q3of2025 = quarter(2025, 3);
const q4of2025 = quarter(2025, 4);

const noRock = allBut(ALL_GENRES, 'Rock');
const brazilCanada = ['Brazil', 'Canada'];
const brazilGermany = ['Brazil', 'Germany'];
const brazilFrance = ['Brazil', 'France'];
/** "mp3" is the catalog's alias of the MPEG audio file media type. */
const mp3 = ['MPEG audio file'];

export const BLIND_CHINOOK_ANALYST: Conversation[] = [
  {
    id: 'blind-chinook-analyst-en',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: 'Hi, could you pull our total revenue for 2023 when you get a sec? Thanks!',
        kind: 'fresh',
        note: 'revenue (invoice level), 2023, one total',
        expect: { sql: q({ metric: 'revenue', period: y2023 }) },
      },
      {
        say: 'split by sales rep pls',
        kind: 'add_breakdown',
        note: 'revenue, 2023, by support rep (Jane Peacock, Margaret Park, Steve Johnson)',
        expect: { sql: q({ metric: 'revenue', period: y2023, by: 'support_rep' }) },
      },
      {
        say: 'h2?',
        kind: 'replace_period',
        note: 'the second half of the thread year: revenue, July-December 2023, by support rep',
        expect: { sql: q({ metric: 'revenue', period: h2of2023, by: 'support_rep' }) },
      },
      {
        say: 'just brazil and canada',
        kind: 'add_filter',
        note: 'revenue, July-December 2023, country in (Brazil, Canada), by support rep',
        expect: { sql: q({ metric: 'revenue', period: h2of2023, where: { country: brazilCanada }, by: 'support_rep' }) },
      },
      {
        say: 'orders instead',
        kind: 'replace_metric',
        note: 'orders (invoice count), July-December 2023, country in (Brazil, Canada), by support rep (Jane 4, Margaret 1, Steve 2)',
        expect: { sql: q({ metric: 'orders', period: h2of2023, where: { country: brazilCanada }, by: 'support_rep' }) },
      },
      {
        say: 'vs budget?',
        kind: 'needs_clarification',
        note: 'Chinook records no budget or target to compare against: ask back; the thread stays at orders, H2 2023, Brazil and Canada, by support rep',
        expect: clarify,
      },
      {
        say: "why's it down on the first half?",
        kind: 'ask_why',
        note: 'why of orders, H1 2023 -> H2 2023 (8 -> 7), country in (Brazil, Canada), decomposed by support rep (the thread breakdown)',
        expect: {
          sql: (ctx) => why(ctx, 'chinook', { metric: 'orders', where: { country: brazilCanada }, by: 'support_rep' }, h1of2023, h2of2023),
        },
      },
      {
        say: 'New question - which three genres brought in the most money in 2022 from mp3 files?',
        kind: 'reset',
        note: 'a reset, asked fresh (Brazil/Canada dropped): money by genre, so track revenue (line level), 2022, media type = MPEG audio file, top 3 genres (Rock, Latin, Metal)',
        expect: { sql: q({ metric: 'track_revenue', period: y2022, where: { media_type: mp3 }, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: 'q3?',
        kind: 'replace_period',
        note: 'Q3 of the thread year: track revenue, 2022-Q3, MPEG audio file only, top 3 genres (Rock 34.65, Latin, Alternative & Punk)',
        expect: { sql: q({ metric: 'track_revenue', period: q3of2022, where: { media_type: mp3 }, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: 'all formats',
        kind: 'lift_filter',
        note: 'the media type filter lifted: track revenue, 2022-Q3, top 3 genres over every media type (Rock 44.55, Latin, Alternative & Punk)',
        expect: { sql: q({ metric: 'track_revenue', period: q3of2022, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: 'bottom three',
        kind: 'change_ranking',
        note: 'track revenue, 2022-Q3, the bottom 3 genres among those sold, lowest first (Easy Listening, Soundtrack 1.98, Heavy Metal 2.97; Jazz next at 3.96)',
        expect: { sql: q({ metric: 'track_revenue', period: q3of2022, by: 'genre', top: { n: 3, order: 'asc' } }) },
      },
    ],
  },
  {
    id: 'blind-chinook-analyst-zh',
    database: 'chinook',
    language: 'zh',
    turns: [
      {
        say: '帮我看一下2024年下半年的销售额',
        kind: 'fresh',
        note: 'revenue (invoice level), July-December 2024, one total',
        expect: { sql: q({ metric: 'revenue', period: h2of2024 }) },
      },
      {
        say: '按媒体类型分一下',
        kind: 'add_breakdown',
        note: 'money by media type, so track revenue (line level), July-December 2024, by media type',
        expect: { sql: q({ metric: 'track_revenue', period: h2of2024, by: 'media_type' }) },
      },
      {
        say: '只看巴西和德国的客户',
        kind: 'add_filter',
        note: 'track revenue, July-December 2024, country in (Brazil, Germany), by media type',
        expect: { sql: q({ metric: 'track_revenue', period: h2of2024, where: { country: brazilGermany }, by: 'media_type' }) },
      },
      {
        say: '换成销量',
        kind: 'replace_metric',
        note: 'tracks sold, July-December 2024, country in (Brazil, Germany), by media type',
        expect: { sql: q({ metric: 'tracks_sold', period: h2of2024, where: { country: brazilGermany }, by: 'media_type' }) },
      },
      {
        say: '德国换成法国',
        kind: 'replace_filter',
        note: 'Germany replaced by France, Brazil kept: tracks sold, July-December 2024, country in (Brazil, France), by media type',
        expect: { sql: q({ metric: 'tracks_sold', period: h2of2024, where: { country: brazilFrance }, by: 'media_type' }) },
      },
      {
        say: '再按年龄段拆一下',
        kind: 'needs_clarification',
        note: 'Chinook records no customer age: ask back; the thread stays at tracks sold, H2 2024, Brazil and France, by media type',
        expect: clarify,
      },
      {
        say: '为什么比上半年多了这么多？',
        kind: 'ask_why',
        note: 'why of tracks sold, H1 2024 -> H2 2024 (32 -> 56), country in (Brazil, France), decomposed by media type (the thread breakdown)',
        expect: {
          sql: (ctx) =>
            why(ctx, 'chinook', { metric: 'tracks_sold', where: { country: brazilFrance }, by: 'media_type' }, h1of2024, h2of2024),
        },
      },
      {
        say: '换个问题，去年销售额前五的艺人有哪些',
        kind: 'reset',
        note: 'a reset, asked fresh (the countries dropped): money by artist, so track revenue, 2025, top 5 artists (Iron Maiden, U2, Metallica, Lost, Led Zeppelin)',
        expect: { sql: q({ metric: 'track_revenue', period: y2025, by: 'artist', top: { n: 5 } }) },
      },
      {
        say: '换成第三季度看看',
        kind: 'replace_period',
        note: 'Q3 of the thread year: track revenue, 2025-Q3, top 5 artists (Metallica first; Pearl Jam 5th at 6.93, R.E.M. next at 5.94)',
        expect: { sql: q({ metric: 'track_revenue', period: q3of2025, by: 'artist', top: { n: 5 } }) },
      },
      {
        say: '不算摇滚的话呢',
        kind: 'add_filter',
        note: 'Rock left out: track revenue, 2025-Q3, every genre but Rock, top 5 artists (their non-Rock tracks only; 5th at 3.96, next 2.97)',
        expect: { sql: q({ metric: 'track_revenue', period: q3of2025, where: { genre: noRock }, by: 'artist', top: { n: 5 } }) },
      },
      {
        say: '倒数三个呢',
        kind: 'change_ranking',
        note: 'track revenue, 2025-Q3, every genre but Rock, the bottom 3 artists among those sold, lowest first (three at 0.99; next at 1.98)',
        expect: {
          sql: q({ metric: 'track_revenue', period: q3of2025, where: { genre: noRock }, by: 'artist', top: { n: 3, order: 'asc' } }),
        },
      },
    ],
  },
  {
    id: 'blind-chinook-analyst-mixed',
    database: 'chinook',
    language: 'mixed',
    turns: [
      {
        say: '2022 tracks sold by genre 帮我拉一下',
        kind: 'fresh',
        note: 'tracks sold, 2022, by genre, every genre sold in 2022',
        expect: { sql: q({ metric: 'tracks_sold', period: y2022, by: 'genre' }) },
      },
      {
        say: '只要前三',
        kind: 'change_ranking',
        note: 'tracks sold, 2022, top 3 genres (Rock 157, Latin 78, Metal 54)',
        expect: { sql: q({ metric: 'tracks_sold', period: y2022, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: 'rock 不算',
        kind: 'add_filter',
        note: 'Rock left out: tracks sold, 2022, every genre but Rock, top 3 genres (Latin, Metal, Alternative & Punk)',
        expect: { sql: q({ metric: 'tracks_sold', period: y2022, where: { genre: noRock }, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '换成 revenue 看',
        kind: 'replace_metric',
        note: 'money by genre, so track revenue (line level), 2022, every genre but Rock, top 3 genres',
        expect: { sql: q({ metric: 'track_revenue', period: y2022, where: { genre: noRock }, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: 'the year before 呢',
        kind: 'replace_period',
        note: 'the year before 2022: track revenue, 2021, every genre but Rock, top 3 genres (Latin, Alternative & Punk 62.37, Metal 61.38)',
        expect: { sql: q({ metric: 'track_revenue', period: y2021, where: { genre: noRock }, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '把 rock 加回来',
        kind: 'lift_filter',
        note: 'Rock put back: track revenue, 2021, every genre, top 3 genres (Rock, Latin, Alternative & Punk)',
        expect: { sql: q({ metric: 'track_revenue', period: y2021, by: 'genre', top: { n: 3 } }) },
      },
      {
        say: 'ok 换个问题. usa revenue last year 多少',
        kind: 'reset',
        note: 'a reset, asked fresh (genre ranking dropped): revenue (invoice level), 2025, country = USA, one total',
        expect: { sql: q({ metric: 'revenue', period: y2025, where: { country: ['USA'] } }) },
      },
      {
        say: 'ok by quarter',
        kind: 'add_breakdown',
        note: 'revenue, 2025, country = USA, by quarter (2025-Q1..2025-Q4)',
        expect: { sql: q({ metric: 'revenue', period: y2025, where: { country: ['USA'] }, by: 'quarter' }) },
      },
      {
        say: 'and canada?',
        kind: 'replace_filter',
        note: '"what about Canada": the same view for Canada instead of the USA: revenue, 2025, country = Canada, by quarter',
        expect: { sql: q({ metric: 'revenue', period: y2025, where: { country: ['Canada'] }, by: 'quarter' }) },
      },
      {
        say: '退款率多少?',
        kind: 'needs_clarification',
        note: 'Chinook records no refunds or returns: ask back; the thread stays at revenue, 2025, Canada, by quarter',
        expect: clarify,
      },
      {
        say: 'q4 怎么掉这么多? 按 sales rep 拆开看看',
        kind: 'ask_why',
        note: 'why of revenue, 2025-Q3 -> 2025-Q4 (24.75 -> 5.94), country = Canada, decomposed by support rep (named in the question)',
        expect: {
          sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', where: { country: ['Canada'] }, by: 'support_rep' }, q3of2025, q4of2025),
        },
      },
    ],
  },
];
