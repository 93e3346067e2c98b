/**
 * Blind conversation cases over Chinook, second set (BLIND_CHINOOK_FOLLOWUPS_2): four multi-turn sessions phrased
 * the way business users type — an English finance/executive persona, a Chinese operations analyst in chat, a mixed
 * Chinese–English code-switching analyst, and an English "sloppy chat" user (lowercase, typos, abbreviations).
 *
 * Written blind by a helper session: its writer read only catalogs/chinook.yaml, eval/conversations/types.ts,
 * eval/conversations/sql.ts, eval/blind/chinook-values.ts, the EvalContext/Answer types of eval/cases.ts and
 * scripts/check-conversation-sql.ts, and queried the data with psql; never Baton's source, tests, docs, other case
 * sets or how Baton parses questions. Every expectation is hand-written SQL through the helpers of sql.ts, checked
 * with scripts/check-conversation-sql.ts (no ranking hits a tie across its cut).
 *
 * Reading conventions:
 *   - "Today" is 2026-11-30: "this year" is 2026 (no data), "last year" / "去年" / "last yr" is 2025. The data runs
 *     2021-01-01..2025-12-22. "The year before" / "a year earlier" is relative to the thread's period.
 *   - No period in the first question means all of the data (period omitted).
 *   - Money overall or by country, city or support rep is invoice-level `revenue`; money by genre, artist, album or
 *     media type is line-level `track_revenue`. Invoices/orders/purchases is `orders`; distinct buying customers is
 *     `customers`; tracks/units/songs/qty sold (销量) is `tracks_sold`; average invoice value is `aov`.
 *   - Filters and the period carry over until the user changes them; a new breakdown replaces the previous one
 *     unless the user says to add; a ranking (top/bottom n) carries to a new breakdown and to a new metric; a reset
 *     drops everything; a turn asked back (needs_clarification) leaves the thread as the last answered turn left it.
 *   - A "why" without a named period compares the thread's period with the one just before it (same length),
 *     decomposed by the thread's breakdown dimension (country for revenue with no breakdown), under the thread's
 *     filters; a ranking does not apply to a decomposition. "同比" on a yearly thread is the year just before.
 *   - Metrics Chinook does not have (margin, profit, cost, refunds) are asked back.
 */
import type { EvalContext } from '../cases';
import { clarify, type Conversation } from '../conversations/types';
import { ask, compare, months, quarter, why, year, type Query } from '../conversations/sql';

const q = (query: Query) => (ctx: EvalContext) => ask(ctx, 'chinook', query);

const H1_2025 = months('2025-06', 6);

export const BLIND_CHINOOK_FOLLOWUPS_2: Conversation[] = [
  {
    id: 'blind2-exec-quarter-review',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: 'Good morning. What was our total revenue for Q1 2025?',
        kind: 'fresh',
        note: 'revenue, 2025-Q1, all countries, no breakdown',
        expect: { sql: q({ metric: 'revenue', period: quarter(2025, 1) }) },
      },
      {
        say: "That's below the previous quarter, isn't it? What drove the decline?",
        kind: 'ask_why',
        note: 'why revenue moved from 2024-Q4 to 2025-Q1; no breakdown in the thread, so decomposed by country',
        expect: {
          sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', by: 'country' }, quarter(2024, 4), quarter(2025, 1)),
        },
      },
      {
        say: 'Please break the Q1 figure down by country.',
        kind: 'add_breakdown',
        note: 'revenue, 2025-Q1, by country (every country with sales)',
        expect: { sql: q({ metric: 'revenue', period: quarter(2025, 1), by: 'country' }) },
      },
      {
        say: 'Top four markets only, thanks.',
        kind: 'change_ranking',
        note: 'revenue, 2025-Q1, by country, top 4 by revenue',
        expect: { sql: q({ metric: 'revenue', period: quarter(2025, 1), by: 'country', top: { n: 4 } }) },
      },
      {
        say: 'Same view for Q1 of the year before.',
        kind: 'replace_period',
        note: 'revenue, 2024-Q1 (Q1 of the year before the thread’s 2025), by country, top 4 carried',
        expect: { sql: q({ metric: 'revenue', period: quarter(2024, 1), by: 'country', top: { n: 4 } }) },
      },
      {
        say: 'Restrict that to the accounts Margaret Park looks after.',
        kind: 'add_filter',
        note: 'revenue, 2024-Q1, support rep = Margaret Park, by country, top 4',
        expect: {
          sql: q({
            metric: 'revenue',
            period: quarter(2024, 1),
            where: { support_rep: ['Margaret Park'] },
            by: 'country',
            top: { n: 4 },
          }),
        },
      },
      {
        say: 'Units rather than dollars, please.',
        kind: 'replace_metric',
        note: 'tracks_sold, 2024-Q1, support rep = Margaret Park, by country, top 4',
        expect: {
          sql: q({
            metric: 'tracks_sold',
            period: quarter(2024, 1),
            where: { support_rep: ['Margaret Park'] },
            by: 'country',
            top: { n: 4 },
          }),
        },
      },
      {
        say: "And what's the gross margin on those accounts?",
        kind: 'needs_clarification',
        note: 'Chinook has no cost, so no margin: asked back; the thread stays tracks_sold, 2024-Q1, Margaret Park, by country, top 4',
        expect: clarify,
      },
      {
        say: "Fine. Show me the same for Jane Peacock's book instead of Margaret's.",
        kind: 'replace_filter',
        note: 'tracks_sold, 2024-Q1, support rep = Jane Peacock (replacing Margaret Park), by country, top 4 (Jane has exactly 4 countries that quarter)',
        expect: {
          sql: q({
            metric: 'tracks_sold',
            period: quarter(2024, 1),
            where: { support_rep: ['Jane Peacock'] },
            by: 'country',
            top: { n: 4 },
          }),
        },
      },
      {
        say: "Let's start fresh. Full-year revenue, 2024 versus 2023 — what's the YoY?",
        kind: 'reset',
        note: 'everything dropped; revenue compared: 2023 vs 2024, all countries',
        expect: { sql: (ctx) => compare(ctx, 'chinook', { metric: 'revenue' }, { '2023': year(2023), '2024': year(2024) }) },
      },
    ],
  },
  {
    id: 'blind2-zh-ops-genre',
    database: 'chinook',
    language: 'zh',
    turns: [
      {
        say: '2023年各个流派的销售额分别是多少？',
        kind: 'fresh',
        note: 'track_revenue (money by genre), 2023, by genre',
        expect: { sql: q({ metric: 'track_revenue', period: year(2023), by: 'genre' }) },
      },
      {
        say: '只看前三名就行',
        kind: 'change_ranking',
        note: 'track_revenue, 2023, by genre, top 3',
        expect: { sql: q({ metric: 'track_revenue', period: year(2023), by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '换成2024年看看',
        kind: 'replace_period',
        note: 'track_revenue, 2024, by genre, top 3 carried',
        expect: { sql: q({ metric: 'track_revenue', period: year(2024), by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '只看美国客户的',
        kind: 'add_filter',
        note: 'track_revenue, 2024, country = USA, by genre, top 3',
        expect: {
          sql: q({ metric: 'track_revenue', period: year(2024), where: { country: ['USA'] }, by: 'genre', top: { n: 3 } }),
        },
      },
      {
        say: '美国换成加拿大',
        kind: 'replace_filter',
        note: 'track_revenue, 2024, country = Canada (replacing USA), by genre, top 3',
        expect: {
          sql: q({ metric: 'track_revenue', period: year(2024), where: { country: ['Canada'] }, by: 'genre', top: { n: 3 } }),
        },
      },
      {
        say: '别看金额了，换成销量',
        kind: 'replace_metric',
        note: 'tracks_sold (销量), 2024, country = Canada, by genre, top 3',
        expect: {
          sql: q({ metric: 'tracks_sold', period: year(2024), where: { country: ['Canada'] }, by: 'genre', top: { n: 3 } }),
        },
      },
      {
        say: '销量同比掉了不少，怎么回事？',
        kind: 'ask_why',
        note: 'why Canada’s tracks_sold moved from 2023 to 2024 (同比 on a yearly thread = the year before), decomposed by genre (the thread’s breakdown), no ranking',
        expect: {
          sql: (ctx) => why(ctx, 'chinook', { metric: 'tracks_sold', where: { country: ['Canada'] }, by: 'genre' }, year(2023), year(2024)),
        },
      },
      {
        say: '把加拿大这个条件去掉',
        kind: 'lift_filter',
        note: 'tracks_sold, 2024, all countries, by genre, top 3 (ranking still carried)',
        expect: { sql: q({ metric: 'tracks_sold', period: year(2024), by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '那退款金额大概有多少？',
        kind: 'needs_clarification',
        note: 'Chinook has no refunds: asked back; the thread stays tracks_sold, 2024, by genre, top 3',
        expect: clarify,
      },
      {
        say: '重新来：去年上半年每个月的订单数',
        kind: 'reset',
        note: 'everything dropped; orders, H1 of last year (2025-01..2025-06), by month',
        expect: { sql: q({ metric: 'orders', period: H1_2025, by: 'month' }) },
      },
      {
        say: '按销售代表拆开看',
        kind: 'add_breakdown',
        note: 'orders, H1 2025, by support rep (replacing the monthly breakdown)',
        expect: { sql: q({ metric: 'orders', period: H1_2025, by: 'support_rep' }) },
      },
    ],
  },
  {
    id: 'blind2-mixed-brazil-genre',
    database: 'chinook',
    language: 'mixed',
    turns: [
      {
        say: '帮我看下 2022 年各个 country 的 revenue',
        kind: 'fresh',
        note: 'revenue, 2022, by country',
        expect: { sql: q({ metric: 'revenue', period: year(2022), by: 'country' }) },
      },
      {
        say: 'top 3 就行',
        kind: 'change_ranking',
        note: 'revenue, 2022, by country, top 3',
        expect: { sql: q({ metric: 'revenue', period: year(2022), by: 'country', top: { n: 3 } }) },
      },
      {
        say: '把 country 换成 genre 拆开看',
        kind: 'add_breakdown',
        note: 'money by genre is track_revenue; 2022, by genre (replacing country), top 3 carried',
        expect: { sql: q({ metric: 'track_revenue', period: year(2022), by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '只看 Brazil',
        kind: 'add_filter',
        note: 'track_revenue, 2022, country = Brazil, by genre, top 3',
        expect: {
          sql: q({ metric: 'track_revenue', period: year(2022), where: { country: ['Brazil'] }, by: 'genre', top: { n: 3 } }),
        },
      },
      {
        say: '那 2024 年的呢？',
        kind: 'replace_period',
        note: 'track_revenue, 2024, country = Brazil, by genre, top 3',
        expect: {
          sql: q({ metric: 'track_revenue', period: year(2024), where: { country: ['Brazil'] }, by: 'genre', top: { n: 3 } }),
        },
      },
      {
        say: '怎么比 2023 年高这么多？主要是哪些 genre 拉上来的？',
        kind: 'ask_why',
        note: 'why Brazil’s track_revenue moved from 2023 to 2024 (the named year is the one just before), decomposed by genre, no ranking',
        expect: {
          sql: (ctx) =>
            why(ctx, 'chinook', { metric: 'track_revenue', where: { country: ['Brazil'] }, by: 'genre' }, year(2023), year(2024)),
        },
      },
      {
        say: 'Brazil 这边的 cost 大概是多少？',
        kind: 'needs_clarification',
        note: 'Chinook has no cost: asked back; the thread stays track_revenue, 2024, Brazil, by genre, top 3',
        expect: clarify,
      },
      {
        say: 'OK，Brazil 的 filter 去掉吧',
        kind: 'lift_filter',
        note: 'track_revenue, 2024, all countries, by genre, top 3',
        expect: { sql: q({ metric: 'track_revenue', period: year(2024), by: 'genre', top: { n: 3 } }) },
      },
      {
        say: '改成 top 5',
        kind: 'change_ranking',
        note: 'track_revenue, 2024, by genre, top 5',
        expect: { sql: q({ metric: 'track_revenue', period: year(2024), by: 'genre', top: { n: 5 } }) },
      },
      {
        say: 'start over，2021 年每个 quarter 的 orders 数量是多少？',
        kind: 'reset',
        note: 'everything dropped; orders, 2021, by quarter',
        expect: { sql: q({ metric: 'orders', period: year(2021), by: 'quarter' }) },
      },
      {
        say: '换成 revenue 看看',
        kind: 'replace_metric',
        note: 'revenue, 2021, by quarter',
        expect: { sql: q({ metric: 'revenue', period: year(2021), by: 'quarter' }) },
      },
    ],
  },
  {
    id: 'blind2-sloppy-country-units',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: 'rev by conutry for 2021 pls',
        kind: 'fresh',
        note: 'revenue, 2021, by country',
        expect: { sql: q({ metric: 'revenue', period: year(2021), by: 'country' }) },
      },
      {
        say: 'just the top three?',
        kind: 'change_ranking',
        note: 'revenue, 2021, by country, top 3',
        expect: { sql: q({ metric: 'revenue', period: year(2021), by: 'country', top: { n: 3 } }) },
      },
      {
        say: 'show qty sold insted',
        kind: 'replace_metric',
        note: 'tracks_sold, 2021, by country, top 3',
        expect: { sql: q({ metric: 'tracks_sold', period: year(2021), by: 'country', top: { n: 3 } }) },
      },
      {
        say: 'only rock',
        kind: 'add_filter',
        note: 'tracks_sold, 2021, genre = Rock, by country, top 3',
        expect: {
          sql: q({ metric: 'tracks_sold', period: year(2021), where: { genre: ['Rock'] }, by: 'country', top: { n: 3 } }),
        },
      },
      {
        say: 'what abt latin',
        kind: 'replace_filter',
        note: 'tracks_sold, 2021, genre = Latin (replacing Rock), by country, top 3',
        expect: {
          sql: q({ metric: 'tracks_sold', period: year(2021), where: { genre: ['Latin'] }, by: 'country', top: { n: 3 } }),
        },
      },
      {
        say: 'same thing for last yr',
        kind: 'replace_period',
        note: 'tracks_sold, 2025 (last year from 2026-11-30), genre = Latin, by country, top 3',
        expect: {
          sql: q({ metric: 'tracks_sold', period: year(2025), where: { genre: ['Latin'] }, by: 'country', top: { n: 3 } }),
        },
      },
      {
        say: 'ok drop the genre filter',
        kind: 'lift_filter',
        note: 'tracks_sold, 2025, all genres, by country, top 3',
        expect: { sql: q({ metric: 'tracks_sold', period: year(2025), by: 'country', top: { n: 3 } }) },
      },
      {
        say: "why'd units go down vs the yr before?",
        kind: 'ask_why',
        note: 'why total tracks_sold moved from 2024 to 2025 (down 5), all genres, decomposed by country (the thread’s breakdown), no ranking',
        expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'tracks_sold', by: 'country' }, year(2024), year(2025)) },
      },
      {
        say: 'whats the profit on that',
        kind: 'needs_clarification',
        note: 'Chinook has no cost, so no profit: asked back; the thread stays tracks_sold, 2025, by country, top 3',
        expect: clarify,
      },
      {
        say: 'nvm start over. how many customers bought somthing in 2023?',
        kind: 'reset',
        note: 'everything dropped; customers (distinct buyers), 2023, no breakdown',
        expect: { sql: q({ metric: 'customers', period: year(2023) }) },
      },
      {
        say: 'split by sales rep?',
        kind: 'add_breakdown',
        note: 'customers, 2023, by support rep',
        expect: { sql: q({ metric: 'customers', period: year(2023), by: 'support_rep' }) },
      },
    ],
  },
];
