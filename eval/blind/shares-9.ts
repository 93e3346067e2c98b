/**
 * Blind set 9: shares (a member's part of the total) in multi-turn analyst conversations, asked as questions
 * ("what share of", "as a % of the total", 占比, 比重, 贡献了多少, "mix") and as follow-ups ("and as a share?", 占比呢,
 * "show me the actual dollars"), mixed with the other follow-up kinds (period, filter, metric, breakdown, ranking,
 * why, reset, clarification).
 *
 * Personas:
 *   1. Chinook, English: a label relations manager who thinks in "mix" and "share of wallet" across genres, media
 *      types and countries.
 *   2. Chinook, Chinese: a finance BP asking 占比 / 比重 / 贡献了多少 by country, support rep and genre, with 同比 and
 *      只看 / 去掉 filters.
 *   3. Demo shop, mixed Chinese and English: a category lead asking category and channel shares of GMV, orders and
 *      buyers, with one start over.
 *   4. Demo shop, English: a regional VP asking regional shares, the new vs returning customer mix, and why questions.
 *
 * How it was written: blind. The writer read only catalogs/chinook.yaml, catalogs/demo.yaml,
 * eval/conversations/types.ts, eval/conversations/sql.ts, eval/blind/chinook-values.ts, the EvalContext and Answer
 * types of eval/cases.ts and scripts/check-conversation-sql.ts, and looked values up with psql; never the assistant's
 * source, tests, docs or other case sets. The messages are written as business users type them in chat, not to fit
 * a parser.
 *
 * Reading conventions (each turn's `note` states its reading):
 *   - Chinook: "today" is 2026-11-30, "this year" 2026 (no data), "last year" 2025, "the year before"/前年 2024; data
 *     runs 2021-01-01 to 2025-12-22; quarters and halves are calendar ones. Demo shop: dates from the EvalContext
 *     (ctx.last the last full month, ctx.previous the one before); "last month" is ctx.last.
 *   - A first question with no period means all of the data; a later one with no period keeps the conversation's
 *     period (after a reset, all of the data).
 *   - Filters and the period carry over until changed; a new breakdown replaces the previous one unless the user says
 *     to add it; a reset drops everything; a turn that ends needs_clarification leaves the thread as it was.
 *   - A ranking carries over with its breakdown until changed.
 *   - A why compares the thread's period with the one just before it (same length) unless the user names the other
 *     period, decomposed by the thread's breakdown or the dimension named (country on Chinook, region on the demo if
 *     none). After a why the thread keeps its metric, filters and period; each later turn names its breakdown or keeps
 *     the why's dimension. A message after a why that names a figure returns to figures.
 *   - Chinook money: revenue by country, city or rep is invoice totals; by genre, artist, album or media type it is
 *     track revenue. 销量 is tracks sold.
 *   - A share is each member's part of the total over the same rows and period, as a fraction, built with `share`;
 *     the total is the metric over the same rows without the breakdown. It carries over like the rest; "the actual
 *     amounts" goes back to `ask`. A share of a ratio metric (an average) means nothing: clarify.
 */
import { allBut, ALL_COUNTRIES, ALL_GENRES } from './chinook-values';
import { ask, months, quarter, share, why, year } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

const NOT_USA = allBut(ALL_COUNTRIES, 'USA');
const NOT_ROCK = allBut(ALL_GENRES, 'Rock');

export const BLIND_SHARES_9: Conversation[] = [
  {
    id: 'blind9-chinook-label-mix',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: "Let's look at share of wallet by genre for 2024 - what % of revenue did each genre take?",
        kind: 'fresh',
        expect: { sql: (ctx) => share(ctx, 'chinook', { metric: 'track_revenue', period: year(2024), by: 'genre' }) },
        note: 'share of track revenue by genre (all genres), 2024',
      },
      {
        say: 'just the States',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => share(ctx, 'chinook', { metric: 'track_revenue', period: year(2024), where: { country: ['USA'] }, by: 'genre' }),
        },
        note: 'share of track revenue by genre, 2024, country USA (the share and the period carried over)',
      },
      {
        say: 'how did that mix look last year?',
        kind: 'replace_period',
        expect: {
          sql: (ctx) => share(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), where: { country: ['USA'] }, by: 'genre' }),
        },
        note: 'share of track revenue by genre, 2025 (last year), country USA',
      },
      {
        say: 'swap the US for Canada',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => share(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), where: { country: ['Canada'] }, by: 'genre' }),
        },
        note: 'share of track revenue by genre, 2025, country Canada instead of USA',
      },
      {
        say: 'ok all markets again please',
        kind: 'lift_filter',
        expect: { sql: (ctx) => share(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), by: 'genre' }) },
        note: 'share of track revenue by genre, 2025, country filter dropped',
      },
      {
        say: "and what's the format mix? mp3 vs AAC vs video etc",
        kind: 'add_breakdown',
        expect: { sql: (ctx) => share(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), by: 'media_type' }) },
        note: 'share of track revenue by media type (all five), 2025; the breakdown replaces genre',
      },
      {
        say: 'show me the actual dollars',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), by: 'media_type' }) },
        note: 'track revenue by media type, 2025: back from shares to amounts',
      },
      {
        say: 'why is that down on the year before?',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'track_revenue', by: 'media_type' }, year(2024), year(2025)) },
        note: 'why: track revenue 2025 vs 2024, decomposed by the thread breakdown, media type',
      },
      {
        say: 'What share of units sold did each format account for in 2025?',
        kind: 'replace_metric',
        expect: { sql: (ctx) => share(ctx, 'chinook', { metric: 'tracks_sold', period: year(2025), by: 'media_type' }) },
        note: 'share of tracks sold by media type (the why dimension, named), 2025',
      },
      {
        say: 'and what share of that did we pay out to the labels in royalties?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'royalties / label payouts: the catalog has no cost data; clarify, thread unchanged',
      },
      {
        say: "Let's start fresh. Country mix for Q4 2023 - what % of sales came from each market?",
        kind: 'reset',
        expect: { sql: (ctx) => share(ctx, 'chinook', { metric: 'revenue', period: quarter(2023, 4), by: 'country' }) },
        note: 'reset; share of revenue (invoice totals) by country (all buying countries), 2023-Q4',
      },
      {
        say: 'just give me the top 3 markets in dollars',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: quarter(2023, 4), by: 'country', top: { n: 3 } }),
        },
        note: 'revenue by country, top 3, 2023-Q4: amounts, not shares',
      },
      {
        say: 'Within Rock, what share came from each country that quarter? all countries, not just the top 3',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            share(ctx, 'chinook', { metric: 'track_revenue', period: quarter(2023, 4), where: { genre: ['Rock'] }, by: 'country' }),
        },
        note: 'share of track revenue by country (all countries, the ranking dropped as asked), genre Rock, 2023-Q4',
      },
    ],
  },
  {
    id: 'blind9-chinook-finance-bp',
    database: 'chinook',
    language: 'zh',
    turns: [
      {
        say: '占比呢？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'a follow-up as the very first message: nothing to take the share of; clarify',
      },
      {
        say: '2025年各个国家的销售额占比是多少',
        kind: 'fresh',
        expect: { sql: (ctx) => share(ctx, 'chinook', { metric: 'revenue', period: year(2025), by: 'country' }) },
        note: 'share of revenue (invoice totals) by country, 2025',
      },
      {
        say: '换成2024年看看',
        kind: 'replace_period',
        expect: { sql: (ctx) => share(ctx, 'chinook', { metric: 'revenue', period: year(2024), by: 'country' }) },
        note: 'share of revenue by country, 2024',
      },
      {
        say: '每个销售代表贡献了多少比重？',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => share(ctx, 'chinook', { metric: 'revenue', period: year(2024), by: 'support_rep' }) },
        note: 'share of revenue by support rep (all three), 2024; the breakdown replaces country',
      },
      {
        say: '只看美国客户',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => share(ctx, 'chinook', { metric: 'revenue', period: year(2024), where: { country: ['USA'] }, by: 'support_rep' }),
        },
        note: 'share of revenue by support rep, 2024, country USA',
      },
      {
        say: '去掉美国，看其他国家的',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => share(ctx, 'chinook', { metric: 'revenue', period: year(2024), where: { country: NOT_USA }, by: 'support_rep' }),
        },
        note: 'share of revenue by support rep, 2024, every country but USA (replaces the USA filter)',
      },
      {
        say: '按订单数算的话占比是多少',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => share(ctx, 'chinook', { metric: 'orders', period: year(2024), where: { country: NOT_USA }, by: 'support_rep' }),
        },
        note: 'share of orders (invoices) by support rep, 2024, countries other than USA',
      },
      {
        say: '把具体的订单数给我',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: year(2024), where: { country: NOT_USA }, by: 'support_rep' }),
        },
        note: 'orders by support rep, 2024, countries other than USA: amounts instead of shares',
      },
      {
        say: '不限国家了，全部的',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: year(2024), by: 'support_rep' }) },
        note: 'orders by support rep, 2024, country filter dropped',
      },
      {
        say: '2024年销售额同比为什么涨了？按销售代表拆一下',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', by: 'support_rep' }, year(2023), year(2024)) },
        note: 'why: revenue 2024 vs 2023 (同比), decomposed by support rep',
      },
      {
        say: '各销售代表的毛利占比呢',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'gross profit (毛利): no cost data in the catalog; clarify, thread unchanged',
      },
      {
        say: '那各流派在销量里的比重呢？',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => share(ctx, 'chinook', { metric: 'tracks_sold', period: year(2024), by: 'genre' }) },
        note: 'share of tracks sold (销量) by genre, 2024 (period kept from the why), no filters',
      },
      {
        say: '去掉摇滚再看',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => share(ctx, 'chinook', { metric: 'tracks_sold', period: year(2024), where: { genre: NOT_ROCK }, by: 'genre' }),
        },
        note: 'share of tracks sold by genre, 2024, Rock excluded (the total is over the genres other than Rock)',
      },
    ],
  },
  {
    id: 'blind9-demo-category-lead',
    database: 'demo',
    language: 'mixed',
    turns: [
      {
        say: '上个月各品类 GMV 占比',
        kind: 'fresh',
        expect: { sql: (ctx) => share(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), by: 'category' }) },
        note: 'share of GMV by category (all eight), last month',
      },
      {
        say: 'orders 的 share 呢',
        kind: 'replace_metric',
        expect: { sql: (ctx) => share(ctx, 'demo', { metric: 'orders', period: months(ctx.last), by: 'category' }) },
        note: 'share of paid orders by category, last month',
      },
      {
        say: 'buyers 呢？每个品类的买家占比',
        kind: 'replace_metric',
        expect: { sql: (ctx) => share(ctx, 'demo', { metric: 'buyers', period: months(ctx.last), by: 'category' }) },
        note: 'share of buyers by category, last month; total = distinct buyers overall (the shares can add to more than 1)',
      },
      {
        say: '拉长到 last 3 months',
        kind: 'replace_period',
        expect: { sql: (ctx) => share(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 3), by: 'category' }) },
        note: 'share of buyers by category, the three months ending last month',
      },
      {
        say: '换成 by channel 看 buyers mix',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => share(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 3), by: 'channel' }) },
        note: 'share of buyers by registration channel (all four), last 3 months; replaces category',
      },
      {
        say: '只看数码',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => share(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 3), where: { category: ['数码'] }, by: 'channel' }),
        },
        note: 'share of buyers by channel, last 3 months, category 数码',
      },
      {
        say: '换成 beauty 看看',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => share(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 3), where: { category: ['美妆'] }, by: 'channel' }),
        },
        note: 'share of buyers by channel, last 3 months, category 美妆 instead of 数码',
      },
      {
        say: 'ok show me the actual numbers',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => ask(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 3), where: { category: ['美妆'] }, by: 'channel' }),
        },
        note: 'buyers by channel, last 3 months, category 美妆: counts instead of shares',
      },
      {
        say: '美妆的退款占比多少？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'refunds: the catalog has no refund data; clarify, thread unchanged',
      },
      {
        say: '算了，重新来。上个月 app 渠道的 GMV 里各品类占多少',
        kind: 'reset',
        expect: {
          sql: (ctx) => share(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), where: { channel: ['app'] }, by: 'category' }),
        },
        note: 'reset; share of GMV by category, last month, registration channel app',
      },
      {
        say: 'app 的 GMV 跟 the month before 比为什么变了？',
        kind: 'ask_why',
        expect: {
          sql: (ctx) =>
            why(ctx, 'demo', { metric: 'gmv', where: { channel: ['app'] }, by: 'category' }, months(ctx.previous), months(ctx.last)),
        },
        note: 'why: GMV last month vs the month before, channel app, decomposed by the thread breakdown, category',
      },
      {
        say: 'top 3 categories by GMV in app last month?',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), where: { channel: ['app'] }, by: 'category', top: { n: 3 } }),
        },
        note: 'GMV by category, top 3, last month, channel app: figures',
      },
      {
        say: 'the month before 呢？',
        kind: 'replace_period',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.previous), where: { channel: ['app'] }, by: 'category', top: { n: 3 } }),
        },
        note: 'GMV by category, top 3 (ranking kept), the month before last month, channel app',
      },
    ],
  },
  {
    id: 'blind9-demo-regional-vp',
    database: 'demo',
    language: 'en',
    turns: [
      {
        say: 'What share of GMV did each region bring in last month?',
        kind: 'fresh',
        expect: { sql: (ctx) => share(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), by: 'region' }) },
        note: 'share of GMV by region (all five), last month',
      },
      {
        say: 'and as a share of orders?',
        kind: 'replace_metric',
        expect: { sql: (ctx) => share(ctx, 'demo', { metric: 'orders', period: months(ctx.last), by: 'region' }) },
        note: 'share of paid orders by region, last month',
      },
      {
        say: 'Why did GMV move vs the month before?',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'demo', { metric: 'gmv', by: 'region' }, months(ctx.previous), months(ctx.last)) },
        note: 'why: GMV last month vs the month before, decomposed by the thread breakdown, region',
      },
      {
        say: "Break last month's GMV down by new vs returning customers",
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), by: 'customer_type' }) },
        note: 'GMV by customer type (new / returning), last month: names a figure, so back to figures',
      },
      {
        say: 'as a share?',
        kind: 'replace_metric',
        expect: { sql: (ctx) => share(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), by: 'customer_type' }) },
        note: 'share of GMV by customer type, last month',
      },
      {
        say: 'just South China',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => share(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), where: { region: ['华南'] }, by: 'customer_type' }),
        },
        note: 'share of GMV by customer type, last month, region 华南',
      },
      {
        say: 'same mix but counting buyers instead of GMV',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) =>
            share(ctx, 'demo', { metric: 'buyers', period: months(ctx.last), where: { region: ['华南'] }, by: 'customer_type' }),
        },
        note: 'share of buyers by customer type, last month, region 华南',
      },
      {
        say: 'what did that look like over the last three months?',
        kind: 'replace_period',
        expect: {
          sql: (ctx) =>
            share(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 3), where: { region: ['华南'] }, by: 'customer_type' }),
        },
        note: 'share of buyers by customer type, the three months ending last month, region 华南 (a buyer can be new in one month and returning in another)',
      },
      {
        say: 'What share of our marketing spend goes to South China?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'marketing spend: no such data in the catalog; clarify, thread unchanged',
      },
      {
        say: 'take the South China filter off',
        kind: 'lift_filter',
        expect: { sql: (ctx) => share(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 3), by: 'customer_type' }) },
        note: 'share of buyers by customer type, last 3 months, all regions',
      },
      {
        say: 'Why did GMV change last month compared with the month before? Split it by channel.',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'demo', { metric: 'gmv', by: 'channel' }, months(ctx.previous), months(ctx.last)) },
        note: 'why: GMV last month vs the month before (named), decomposed by registration channel (named)',
      },
      {
        say: "and each channel's share of AOV?",
        kind: 'needs_clarification',
        expect: clarify,
        note: 'a share of an average (AOV) means nothing; clarify, thread unchanged',
      },
      {
        say: 'Forget all that. Share of orders by channel, all time.',
        kind: 'reset',
        expect: { sql: (ctx) => share(ctx, 'demo', { metric: 'orders', by: 'channel' }) },
        note: 'reset; share of paid orders by registration channel, all of the data',
      },
    ],
  },
];
