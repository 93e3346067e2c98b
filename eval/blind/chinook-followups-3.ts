/**
 * Blind follow-up conversations over Chinook, set 3: four personas (a marketing manager, a finance controller, a
 * Chinese-speaking label/catalogue manager, a team lead who mixes Chinese and English), 58 turns in all.
 *
 * How it was written: blind. The writer read only catalogs/chinook.yaml, eval/conversations/types.ts,
 * eval/conversations/sql.ts, eval/blind/chinook-values.ts, the EvalContext and Answer types of eval/cases.ts and
 * scripts/check-conversation-sql.ts, and queried the Chinook tables with psql to pick questions whose answers are
 * interesting and whose rankings have no tie across their cut. Nothing under src/, test/ or docs/, no other case set
 * and no README was read: the turns are written as business users type, not to fit the assistant's parser. Every
 * expectation is hand-written SQL through the helpers of eval/conversations/sql.ts (or `clarify`).
 *
 * Reading conventions (each turn's `note` states its reading):
 *   - "Today" is 2026-11-30: "this year" is 2026 (no data), "last year" is 2025, "the year before" / "前年" is 2024.
 *     The data runs from 2021-01-01 to 2025-12-22. Quarters and halves are calendar ones; "FY2025" is calendar 2025.
 *     "YTD through September 2025" is 2025-01-01 to 2025-09-30; "H1" after a 2025 question is H1 2025.
 *     "The same period last year" / "the same quarter a year earlier" is the thread's period one year earlier.
 *   - A first question that names no period means all of the data.
 *   - Filters and the period carry over until the user changes them. A new breakdown replaces the previous one
 *     unless the user says to add it. A reset drops everything. A turn that ends needs_clarification leaves the
 *     thread as it was.
 *   - A ranking (top / bottom n) carries over with its breakdown until the user changes it; where a new breakdown is
 *     asked for, the user says whether all members or a top n are wanted (or there are no more members than n).
 *   - A "why" compares the thread's period with the one just before it (same length) unless the user names the
 *     other period, and is decomposed by the thread's breakdown dimension, or by the one the user names (country
 *     if none). After a why, the thread keeps the why's metric, filters and (later) period; every turn after a why
 *     either names its breakdown or keeps one that is also the why's dimension.
 *   - Money: "revenue", "sales", "turnover" is revenue (invoice totals) by country, city or support rep; by genre,
 *     artist, album or media type it is track revenue, as chinook.yaml says. "Customers who bought" is distinct
 *     buying customers; "销量" is tracks sold; "平均单价" is the average price per track sold; AOV is the average
 *     invoice total.
 *   - Words the catalog has no metric for (repeat buyers, marketing spend, margin, refunds, COGS, returns,
 *     commission) and a follow-up with nothing before it must end needs_clarification.
 */
import { ask, months, quarter, why, year } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

const Y2023 = year(2023);
const Y2024 = year(2024);
const Y2025 = year(2025);
const Q3_2025 = quarter(2025, 3);
const Q4_2024 = quarter(2024, 4);
const Q4_2025 = quarter(2025, 4);
const YTD_SEP_2025 = months('2025-09', 9);
const H1_2025 = months('2025-06', 6);
const EUROPE_3 = ['Germany', 'France', 'United Kingdom'];

export const BLIND_CHINOOK_FOLLOWUPS_3: Conversation[] = [
  {
    id: 'blind3-marketing-markets',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: "Hi! I'm putting together a market overview for next week's planning meeting. Could you show me our top 5 countries by revenue for last year?",
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Y2025, by: 'country', top: { n: 5 } }) },
        note: 'revenue, 2025 (last year), by country, top 5',
      },
      {
        say: "Hmm, interesting — what if we rank them by the number of customers who actually bought something instead? I'm curious whether it's the same five.",
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'customers', period: Y2025, by: 'country', top: { n: 5 } }) },
        note: 'buying customers (distinct customers with an invoice), 2025, by country, top 5 (period, breakdown and ranking carried)',
      },
      {
        say: 'Could you also tell me how many of those were repeat buyers — people who came back for a second purchase?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'the catalog has no repeat-buyer metric: must ask, not answer buying customers; the thread stays buying customers 2025 by country top 5',
      },
      {
        say: 'Ah, okay, no worries. How did that top five look the year before?',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'customers', period: Y2024, by: 'country', top: { n: 5 } }) },
        note: 'buying customers, 2024 (the year before 2025), by country, top 5',
      },
      {
        say: 'And on the revenue side, what drove the change in 2024 compared with the year before? Which markets?',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', by: 'country' }, Y2023, Y2024) },
        note: 'why of revenue, 2024 (the thread period) against 2023, decomposed by country (the thread breakdown, and "markets")',
      },
      {
        say: 'Interesting — so the US is the biggest plus. Could you zoom in on the US and split that by city? All the cities, please, not just a top five.',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Y2024, where: { country: ['USA'] }, by: 'city' }) },
        note: 'after the why: revenue, 2024 (carried), country = USA (added), by city (replaces country), all cities',
      },
      {
        say: 'And what does the same picture look like for Canada?',
        kind: 'replace_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Y2024, where: { country: ['Canada'] }, by: 'city' }) },
        note: 'revenue, 2024, country = Canada (replaces USA), by city, all cities',
      },
      {
        say: "Okay, now let's take the country restriction off and look at cities worldwide — which five brought in the most?",
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Y2024, by: 'city', top: { n: 5 } }) },
        note: 'revenue, 2024, no country filter, by city, top 5',
      },
      {
        say: 'Could you make that just the top two? I only have room for two on the slide.',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Y2024, by: 'city', top: { n: 2 } }) },
        note: 'revenue, 2024, by city, top 2',
      },
      {
        say: 'Brilliant. Could you put our marketing spend next to those cities too, so I can see the return on it?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no marketing spend (nor return on it) in the catalog: must ask; the thread stays revenue 2024 by city top 2',
      },
      {
        say: "Okay, let's start from scratch on something else: how many orders did we get from each country in the fourth quarter of last year?",
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Q4_2025, by: 'country' }) },
        note: 'reset: orders, 2025-Q4, by country, all countries',
      },
      {
        say: 'Hmm, and what did the same quarter look like a year earlier?',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Q4_2024, by: 'country' }) },
        note: 'orders, 2024-Q4 (the same quarter a year earlier than 2025-Q4), by country',
      },
      {
        say: "Could you keep only the European markets I'm responsible for — Germany, France and the UK?",
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Q4_2024, where: { country: EUROPE_3 }, by: 'country' }) },
        note: 'orders, 2024-Q4, country in (Germany, France, United Kingdom), by country',
      },
      {
        say: 'Lovely. And could you show those same orders by support rep rather than by country?',
        kind: 'add_breakdown',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Q4_2024, where: { country: EUROPE_3 }, by: 'support_rep' }),
        },
        note: 'orders, 2024-Q4, country in (Germany, France, United Kingdom) kept, by support rep (replaces country)',
      },
    ],
  },
  {
    id: 'blind3-finance-periods',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: 'Revenue by quarter, FY2025 (calendar).',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Y2025, by: 'quarter' }) },
        note: 'revenue, 2025, by quarter',
      },
      {
        say: 'Same for FY2024.',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Y2024, by: 'quarter' }) },
        note: 'revenue, 2024, by quarter',
      },
      {
        say: 'Invoice count instead.',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Y2024, by: 'quarter' }) },
        note: 'orders (invoices), 2024, by quarter',
      },
      {
        say: 'Split by account manager, not by quarter.',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Y2024, by: 'support_rep' }) },
        note: 'orders, 2024, by support rep (replaces quarter)',
      },
      {
        say: 'Restate YTD through September 2025.',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: YTD_SEP_2025, by: 'support_rep' }) },
        note: 'orders, 2025-01-01 to 2025-09-30, by support rep',
      },
      {
        say: 'Now turnover.',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: YTD_SEP_2025, by: 'support_rep' }) },
        note: 'revenue, 2025-01-01 to 2025-09-30, by support rep',
      },
      {
        say: 'Q4 2025 only.',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Q4_2025, by: 'support_rep' }) },
        note: 'revenue, 2025-Q4, by support rep',
      },
      {
        say: 'Up QoQ. Drivers?',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', by: 'support_rep' }, Q3_2025, Q4_2025) },
        note: 'why of revenue, 2025-Q4 against 2025-Q3 (the quarter before), decomposed by support rep (the thread breakdown)',
      },
      {
        say: 'Restrict to USA.',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Q4_2025, where: { country: ['USA'] }, by: 'support_rep' }),
        },
        note: 'after the why: revenue, 2025-Q4, country = USA, by support rep',
      },
      {
        say: 'Variance vs the same period last year — by rep?',
        kind: 'ask_why',
        expect: {
          sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', where: { country: ['USA'] }, by: 'support_rep' }, Q4_2024, Q4_2025),
        },
        note: 'why of revenue, USA, 2025-Q4 against 2024-Q4 (the same quarter a year earlier, named), decomposed by support rep',
      },
      {
        say: 'Net of refunds?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no refunds in the catalog: must ask; the thread stays revenue 2025-Q4 USA by support rep',
      },
      {
        say: 'Drop the USA filter.',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Q4_2025, by: 'support_rep' }) },
        note: 'revenue, 2025-Q4, all countries, by support rep',
      },
      {
        say: 'New query. AOV by quarter, 2023.',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'aov', period: Y2023, by: 'quarter' }) },
        note: 'reset: average order value (average invoice total), 2023, by quarter',
      },
      {
        say: 'Weakest quarter?',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'aov', period: Y2023, by: 'quarter', top: { n: 1, order: 'asc' } }) },
        note: 'average order value, 2023, by quarter, the lowest one',
      },
      {
        say: 'COGS for that quarter?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no cost of goods sold in the catalog: must ask',
      },
    ],
  },
  {
    id: 'blind3-catalogue-zh',
    database: 'chinook',
    language: 'zh',
    turns: [
      {
        say: '去年各流派的销售额，前五名给我看下',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2025, by: 'genre', top: { n: 5 } }) },
        note: 'revenue by genre is track revenue; 2025, by genre, top 5',
      },
      {
        say: '换成销量',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2025, by: 'genre', top: { n: 5 } }) },
        note: 'tracks sold, 2025, by genre, top 5',
      },
      {
        say: '那前年呢',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2024, by: 'genre', top: { n: 5 } }) },
        note: '前年 = 2024; tracks sold, by genre, top 5',
      },
      {
        say: '只看mp3格式的',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'tracks_sold',
              period: Y2024,
              where: { media_type: ['MPEG audio file'] },
              by: 'genre',
              top: { n: 5 },
            }),
        },
        note: 'tracks sold, 2024, media type = MPEG audio file, by genre, top 5',
      },
      {
        say: '换成视频的看看',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'tracks_sold',
              period: Y2024,
              where: { media_type: ['Protected MPEG-4 video file'] },
              by: 'genre',
              top: { n: 5 },
            }),
        },
        note: 'tracks sold, 2024, media type = Protected MPEG-4 video file (视频), by genre, top 5 (only five genres sold video)',
      },
      {
        say: '格式的条件去掉吧，所有格式一起看',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2024, by: 'genre', top: { n: 5 } }) },
        note: 'tracks sold, 2024, no media type filter, by genre, top 5',
      },
      {
        say: '不按流派了，按媒体类型分',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: Y2024, by: 'media_type' }) },
        note: 'tracks sold, 2024, by media type (replaces genre; four media types sold, so a top 5 is all of them)',
      },
      {
        say: '每种格式的退货率呢',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no returns in the catalog: must ask; the thread stays tracks sold 2024 by media type',
      },
      {
        say: '2024年销售额为什么比2023年高？按流派拆开看看',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'track_revenue', by: 'genre' }, Y2023, Y2024) },
        note: 'why of revenue (by genre: track revenue), 2024 against 2023, decomposed by genre (named)',
      },
      {
        say: '只看摇滚，按艺术家排前五',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2024, where: { genre: ['Rock'] }, by: 'artist', top: { n: 5 } }),
        },
        note: 'after the why: track revenue, 2024 (carried), genre = Rock, by artist, top 5',
      },
      {
        say: '前两名就行',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2024, where: { genre: ['Rock'] }, by: 'artist', top: { n: 2 } }),
        },
        note: 'track revenue, 2024, genre = Rock, by artist, top 2',
      },
      {
        say: '金属乐呢',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', { metric: 'track_revenue', period: Y2024, where: { genre: ['Metal'] }, by: 'artist', top: { n: 2 } }),
        },
        note: 'track revenue, 2024, genre = Metal (replaces Rock), by artist, top 2',
      },
      {
        say: '换个问题，从头开始：所有数据里，各媒体类型的平均单价',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'avg_track_price', by: 'media_type' }) },
        note: 'reset: average price per track sold, all of the data, by media type',
      },
      {
        say: '只要最高的那个',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'avg_track_price', by: 'media_type', top: { n: 1 } }) },
        note: 'average price per track sold, all data, by media type, top 1',
      },
      {
        say: '那利润率最高的专辑呢',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no profit margin in the catalog: must ask',
      },
    ],
  },
  {
    id: 'blind3-team-lead-mixed',
    database: 'chinook',
    language: 'mixed',
    turns: [
      {
        say: 'Margaret 那边的 numbers 呢？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'a follow-up with nothing before it: no metric or period to resolve against, must ask',
      },
      {
        say: 'OK 先看 overall：每个 support rep 去年的 revenue 分别是多少？',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Y2025, by: 'support_rep' }) },
        note: 'revenue, 2025, by support rep',
      },
      {
        say: '换成 number of orders',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Y2025, by: 'support_rep' }) },
        note: 'orders, 2025, by support rep',
      },
      {
        say: '只看 USA 的 accounts',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Y2025, where: { country: ['USA'] }, by: 'support_rep' }) },
        note: 'orders, 2025, country = USA, by support rep',
      },
      {
        say: 'Canada 的呢？',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Y2025, where: { country: ['Canada'] }, by: 'support_rep' }),
        },
        note: 'orders, 2025, country = Canada (replaces USA), by support rep',
      },
      {
        say: 'period 换成 2024 full year',
        kind: 'replace_period',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Y2024, where: { country: ['Canada'] }, by: 'support_rep' }),
        },
        note: 'orders, 2024, country = Canada, by support rep',
      },
      {
        say: '把 Canada 这个 filter 拿掉，all countries together',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Y2024, by: 'support_rep' }) },
        note: 'orders, 2024, all countries, by support rep',
      },
      {
        say: '谁是 the lowest？只要 bottom one',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: Y2024, by: 'support_rep', top: { n: 1, order: 'asc' } }) },
        note: 'orders, 2024, by support rep, the lowest one',
      },
      {
        say: 'Steve 的 revenue 为什么 2025 比 2024 低？break down by country',
        kind: 'ask_why',
        expect: {
          sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', where: { support_rep: ['Steve Johnson'] }, by: 'country' }, Y2024, Y2025),
        },
        note: 'why of revenue, support rep = Steve Johnson, 2025 against 2024 (named), decomposed by country (named)',
      },
      {
        say: 'Got it. 去年他 revenue 最高的 top 3 countries 是哪几个？',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'revenue',
              period: Y2025,
              where: { support_rep: ['Steve Johnson'] },
              by: 'country',
              top: { n: 3 },
            }),
        },
        note: 'after the why: revenue, 2025, support rep = Steve Johnson (他, carried), by country, top 3',
      },
      {
        say: '改成 by city 看，全部列出来',
        kind: 'add_breakdown',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Y2025, where: { support_rep: ['Steve Johnson'] }, by: 'city' }),
        },
        note: 'revenue, 2025, support rep = Steve Johnson, by city (replaces country), all cities',
      },
      {
        say: '他这些 accounts 的 commission 一共多少？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no commission in the catalog: must ask; the thread stays revenue 2025 Steve Johnson by city',
      },
      {
        say: '换个话题，从头来：Q4 2025 每个 rep 的 average order value',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'aov', period: Q4_2025, by: 'support_rep' }) },
        note: 'reset: average order value, 2025-Q4, by support rep',
      },
      {
        say: 'H1 的呢？',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'aov', period: H1_2025, by: 'support_rep' }) },
        note: 'average order value, H1 2025 (2025-01-01 to 2025-06-30, the half of the thread year), by support rep',
      },
    ],
  },
];
