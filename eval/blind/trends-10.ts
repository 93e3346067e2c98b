/**
 * Blind set 10: figures over time and by rank. Four multi-turn conversations in which analysts look at series by
 * month, quarter and year ("month by month", "逐月", "按季度", "走势", "which month was best", "哪个季度最高/最低",
 * "since March 2025", "二季度到四季度"), mixed with the other follow-up kinds (filter, metric, breakdown, ranking,
 * why, reset) and with questions the catalog cannot answer.
 *
 * Personas:
 *   1. trends10-chinook-mbr (Chinook, English): a sales analyst preparing a monthly business review, precise and polite.
 *   2. trends10-chinook-ops (Chinook, Chinese): 一个运营经理，关心逐月/逐季走势、最好和最差的月份、某个流派或国家的变化。
 *   3. trends10-demo-growth (demo shop, mixed Chinese and English): a growth PM watching monthly GMV, orders and
 *      buyers by channel and region.
 *   4. trends10-demo-finance (demo shop, English): a finance lead who asks quarter by quarter and compares months, terse.
 *
 * How it was written: blind. The writer read only catalogs/chinook.yaml, catalogs/demo.yaml,
 * eval/conversations/types.ts, eval/conversations/sql.ts, eval/blind/chinook-values.ts, the EvalContext and Answer
 * types of eval/cases.ts and scripts/check-conversation-sql.ts, and looked at the data with psql (to pick rankings
 * without ties across the cut, and filters that return rows). Nothing of how the assistant parses language was read;
 * the messages are written as business users type in chat. Every expected answer is built with the helpers of
 * eval/conversations/sql.ts, or is `clarify`.
 *
 * Reading conventions (the assistant's documented conventions for users; the SQL follows them, each turn's `note`
 * states its reading):
 *  - Relative periods are read against today. Chinook: today is 2026-11-30, "this year" is 2026 (no data), "last
 *    year"/去年 2025, "the year before"/前年 2024; data runs 2021-01-01 to 2025-12-22; quarters and halves are
 *    calendar ones; only years, quarters and named months are used. Demo shop: its dates come from the EvalContext;
 *    "last month"/上个月 is ctx.last, "the month before" ctx.previous, "the last n months"/最近n个月 the n full months
 *    ending with ctx.last (months(ctx.last, n)). No calendar names are used on the demo, whose dates move with the seed.
 *  - A first question that names no period means all of the data. A later question that names no period keeps the
 *    conversation's period (after a reset, none means all of the data).
 *  - Filters and the period carry over until the user changes them. A new breakdown replaces the previous one unless
 *    the user says to add it. A reset drops everything. A turn that ends needs_clarification leaves the thread as it
 *    was.
 *  - A ranking (top/bottom n) carries over with its breakdown until the user changes it; a new breakdown says whether
 *    all members or a top n are wanted (or has no more members than n).
 *  - A why compares the thread's period with the one just before it (same length) unless the user names the other
 *    period, decomposed by the thread's breakdown dimension or the one the user names (country if none on Chinook,
 *    region on the demo); a time grain is not a dimension, so where the thread is a series the user names one. After
 *    a why the thread keeps the why's metric, filters and (later) period; the turn after a why names its breakdown
 *    or keeps the why's dimension, and a message that names a figure returns to figures.
 *  - Chinook money: revenue/sales by country, city or support rep is invoice totals; by genre, artist, album or media
 *    type (or filtered to one) it is track revenue. Without such a filter both are the same number. 销量 is tracks
 *    sold, "customers who bought" distinct buying customers, AOV the average invoice total.
 *  - Demo money and counts are of paid orders with a positive amount, booked at pay time. A series on the demo always
 *    names a period (paid orders without a pay time would otherwise form a month of their own).
 *  - Shares are not used here. Profit margin, refunds, marketing spend and similar figures the catalogs have no data
 *    for must end needs_clarification, as must a follow-up sent as the first message of a conversation.
 */
import type { EvalContext } from '../cases';
import { ask, compare, months, quarter, why, year, type Period } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

/** "Since March 2025" on Chinook: March 2025 up to today (2026-11-30); the data ends 2025-12-22. */
const SINCE_MARCH_2025: Period = ['2025-03-01', '2026-12-01'];
/** "二季度到四季度" of 2024: April to December 2024. */
const Q2_TO_Q4_2024: Period = [quarter(2024, 2)[0], quarter(2024, 4)[1]];

const last = (ctx: EvalContext): Period => months(ctx.last);
const previous = (ctx: EvalContext): Period => months(ctx.previous);

export const BLIND_TRENDS_10: Conversation[] = [
  // ------------------------------------------------------------------ 1. Chinook, English: monthly business review
  {
    id: 'trends10-chinook-mbr',
    database: 'chinook',
    language: 'en',
    turns: [
      {
        say: 'Good morning. What was our total revenue for 2025, please?',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2025) }) },
        note: 'revenue (invoice totals), 2025, no filter, no breakdown: one number',
      },
      {
        say: 'Thank you. Could you split that by quarter?',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2025), by: 'quarter' }) },
        note: 'revenue, 2025 kept, by quarter (2025-Q1..Q4)',
      },
      {
        say: 'Could I see 2024 quarter by quarter as well, for comparison?',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2024), by: 'quarter' }) },
        note: 'revenue, period replaced by 2024, by quarter',
      },
      {
        say: 'Which quarter of 2024 was the highest?',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2024), by: 'quarter', top: { n: 1 } }),
        },
        note: 'revenue, 2024, by quarter, top 1 (2024-Q3)',
      },
      {
        say: "What drove that quarter's jump over the one before it? Please break it down by country.",
        kind: 'ask_why',
        expect: {
          sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', by: 'country' }, quarter(2024, 2), quarter(2024, 3)),
        },
        note: 'why of revenue, 2024-Q3 against the quarter before (2024-Q2), decomposed by country (named)',
      },
      {
        say: 'Thanks. Looking only at the USA, how did revenue go month by month through 2024?',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2024), where: { country: ['USA'] }, by: 'month' }),
        },
        note: 'back to figures: revenue, 2024 (named), country = USA, by month, every month with sales',
      },
      {
        say: 'And the same for Canada, please.',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2024), where: { country: ['Canada'] }, by: 'month' }),
        },
        note: 'revenue, 2024, country = Canada instead of USA, by month',
      },
      {
        say: 'Could you show the number of orders instead, still for Canada and month by month?',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: year(2024), where: { country: ['Canada'] }, by: 'month' }),
        },
        note: 'orders (invoices), 2024, Canada, by month',
      },
      {
        say: 'What was our profit margin on those orders each month?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'Chinook has no costs: no profit or margin can be computed; the thread stays orders, 2024, Canada, by month',
      },
      {
        say: 'Understood. Please remove the Canada filter and show orders by month for all countries.',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: year(2024), by: 'month' }) },
        note: 'orders, 2024 kept, country filter lifted, by month',
      },
      {
        say: 'Could we switch back to revenue, please?',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2024), by: 'month' }) },
        note: 'revenue, 2024, all countries, by month',
      },
      {
        say: 'And the monthly revenue since March 2025?',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: SINCE_MARCH_2025, by: 'month' }) },
        note: 'revenue, March 2025 up to today (data ends 2025-12-22: 2025-03..2025-12), by month',
      },
      {
        say: 'Of those months, which one was the best?',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: SINCE_MARCH_2025, by: 'month', top: { n: 1 } }),
        },
        note: 'revenue, since March 2025, by month, top 1 (2025-11)',
      },
    ],
  },

  // ------------------------------------------------------------------ 2. Chinook, Chinese: 运营经理看走势
  {
    id: 'trends10-chinook-ops',
    database: 'chinook',
    language: 'zh',
    turns: [
      {
        say: '那按月份再拆一下呢？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'a follow-up as the first message: nothing to split by month',
      },
      {
        say: '去年每个季度的销量是多少？',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: year(2025), by: 'quarter' }) },
        note: '销量 = tracks sold, 去年 = 2025, by quarter',
      },
      {
        say: '哪个季度最低？',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: year(2025), by: 'quarter', top: { n: 1, order: 'asc' } }),
        },
        note: 'tracks sold, 2025, by quarter, bottom 1 (2025-Q1; the top is a tie of Q3 and Q4, so not asked)',
      },
      {
        say: '只看摇滚呢？',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', {
              metric: 'tracks_sold',
              period: year(2025),
              where: { genre: ['Rock'] },
              by: 'quarter',
              top: { n: 1, order: 'asc' },
            }),
        },
        note: 'tracks sold, 2025, genre = Rock, by quarter, the bottom-1 ranking carried over',
      },
      {
        say: '那摇滚哪个季度最高？',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'chinook', { metric: 'tracks_sold', period: year(2025), where: { genre: ['Rock'] }, by: 'quarter', top: { n: 1 } }),
        },
        note: 'tracks sold, 2025, Rock, by quarter, top 1 instead of bottom 1 (2025-Q4)',
      },
      {
        say: '前年呢？每个月都列出来，看一下走势',
        kind: 'replace_period',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: year(2024), where: { genre: ['Rock'] }, by: 'month' }),
        },
        note: '前年 = 2024 (today 2026-11-30); tracks sold, Rock, by month, every month (the new breakdown replaces quarter and its ranking)',
      },
      {
        say: '换成销售额',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2024), where: { genre: ['Rock'] }, by: 'month' }),
        },
        note: '销售额 filtered to a genre = track revenue; 2024, Rock, by month',
      },
      {
        say: '爵士乐的逐月走势呢？',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2024), where: { genre: ['Jazz'] }, by: 'month' }),
        },
        note: 'track revenue, 2024, genre = Jazz instead of Rock, by month (months with Jazz sales)',
      },
      {
        say: '不分流派了，看全部的，2024年二季度到四季度，按季度列',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: Q2_TO_Q4_2024, by: 'quarter' }) },
        note: 'genre filter lifted: 销售额 without a genre is revenue (the same number as track revenue); April–December 2024, by quarter',
      },
      {
        say: '四季度为什么比三季度少？按国家看看是哪些国家拖累的',
        kind: 'ask_why',
        expect: {
          sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', by: 'country' }, quarter(2024, 3), quarter(2024, 4)),
        },
        note: 'why of revenue, 2024-Q4 against 2024-Q3 (named), decomposed by country (named)',
      },
      {
        say: '把美国单独拿出来，逐月看看销售额',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: quarter(2024, 4), where: { country: ['USA'] }, by: 'month' }),
        },
        note: "back to figures: revenue, the why's later period 2024-Q4 kept, country = USA, by month (2024-10..12)",
      },
      {
        say: '好，换个话题，从头来：哪一年的订单数最少？',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', by: 'year', top: { n: 1, order: 'asc' } }) },
        note: 'reset: orders, all of the data, no filter, by year, bottom 1 (2025)',
      },
      {
        say: '每个月的退款率是多少？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'Chinook records no refunds: no refund rate can be computed',
      },
    ],
  },

  // ------------------------------------------------------------------ 3. Demo shop, mixed: growth PM
  {
    id: 'trends10-demo-growth',
    database: 'demo',
    language: 'mixed',
    turns: [
      {
        say: '最近6个月的 GMV，month by month 给我看一下',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last, 6), by: 'month' }) },
        note: 'GMV, the six full months ending with ctx.last, by month',
      },
      {
        say: 'orders 呢？',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last, 6), by: 'month' }) },
        note: 'paid orders, last 6 months, by month',
      },
      {
        say: '只看 app 渠道的',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last, 6), where: { channel: ['app'] }, by: 'month' }),
        },
        note: 'paid orders, last 6 months, registration channel = app, by month',
      },
      {
        say: 'buyers 的趋势呢，还是 app',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => ask(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 6), where: { channel: ['app'] }, by: 'month' }),
        },
        note: 'buyers (distinct paying users), last 6 months, app, by month',
      },
      {
        say: '换成 mini program 看看',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 6), where: { channel: ['mini_program'] }, by: 'month' }),
        },
        note: 'buyers, last 6 months, channel = mini_program instead of app, by month',
      },
      {
        say: '不按月了，按 region 拆一下，5个大区都要',
        kind: 'add_breakdown',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 6), where: { channel: ['mini_program'] }, by: 'region' }),
        },
        note: 'buyers, last 6 months, mini_program, by region (replaces month), all five regions',
      },
      {
        say: '只要 top 2 的区',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'demo', {
              metric: 'buyers',
              period: months(ctx.last, 6),
              where: { channel: ['mini_program'] },
              by: 'region',
              top: { n: 2 },
            }),
        },
        note: 'buyers, last 6 months, mini_program, by region, top 2',
      },
      {
        say: '这两个区的 marketing spend 分别是多少？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'the shop has no marketing spend data; the thread stays buyers, mini_program, by region, top 2',
      },
      {
        say: 'ok 那去掉渠道筛选，all channels',
        kind: 'lift_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 6), by: 'region', top: { n: 2 } }),
        },
        note: 'buyers, last 6 months, channel filter lifted, by region, top 2 carried over',
      },
      {
        say: '上个月 GMV 跟前一个月比，为什么变了？',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'demo', { metric: 'gmv', by: 'region' }, previous(ctx), last(ctx)) },
        note: "why of GMV, ctx.last against ctx.previous (named), decomposed by the thread's dimension region; no filter",
      },
      {
        say: 'break down 上个月的 GMV by channel，4 个渠道都列出来',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: last(ctx), by: 'channel' }) },
        note: 'back to figures: GMV, ctx.last, by registration channel, all four (ranking dropped)',
      },
      {
        say: '只看华南，还是按 channel 分',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: last(ctx), where: { region: ['华南'] }, by: 'channel' }) },
        note: 'GMV, ctx.last, region = 华南, by channel',
      },
      {
        say: 'ok 重新来：最近3个月每个月的 new customers',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'new_customers', period: months(ctx.last, 3), by: 'month' }) },
        note: 'reset: new customers, the three months ending with ctx.last, by month, no filter',
      },
    ],
  },

  // ------------------------------------------------------------------ 4. Demo shop, English: finance lead
  {
    id: 'trends10-demo-finance',
    database: 'demo',
    language: 'en',
    turns: [
      {
        say: 'Same, but by quarter.',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'a follow-up as the first message: "same" refers to nothing',
      },
      {
        say: 'GMV by quarter, last 12 months.',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last, 12), by: 'quarter' }) },
        note: 'GMV, the twelve full months ending with ctx.last, by calendar quarter (the first and last quarters may be partial)',
      },
      {
        say: 'Best quarter?',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last, 12), by: 'quarter', top: { n: 1 } }),
        },
        note: 'GMV, last 12 months, by quarter, top 1',
      },
      {
        say: 'Orders, same.',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last, 12), by: 'quarter', top: { n: 1 } }),
        },
        note: 'paid orders, last 12 months, by quarter, top 1 carried over',
      },
      {
        say: 'Last 6 months, every month.',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last, 6), by: 'month' }) },
        note: 'paid orders, last 6 months, by month, every month (ranking dropped)',
      },
      {
        say: 'AOV.',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'aov', period: months(ctx.last, 6), by: 'month' }) },
        note: 'AOV (GMV / paid orders), last 6 months, by month',
      },
      {
        say: 'East China only.',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'demo', { metric: 'aov', period: months(ctx.last, 6), where: { region: ['华东'] }, by: 'month' }),
        },
        note: 'AOV, last 6 months, region = 华东, by month',
      },
      {
        say: 'Margin?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'the shop has no cost data: no margin; the thread stays AOV, 华东, by month',
      },
      {
        say: 'North China instead.',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'demo', { metric: 'aov', period: months(ctx.last, 6), where: { region: ['华北'] }, by: 'month' }),
        },
        note: 'AOV, last 6 months, region = 华北 instead of 华东, by month',
      },
      {
        say: 'Last month vs the month before.',
        kind: 'replace_period',
        expect: {
          sql: (ctx) =>
            compare(ctx, 'demo', { metric: 'aov', where: { region: ['华北'] } }, { [ctx.previous]: previous(ctx), [ctx.last]: last(ctx) }),
        },
        note: 'comparison of AOV, 华北 kept: ctx.previous against ctx.last, keyed by the two months',
      },
      {
        say: 'Why did GMV move between those two months? Split new vs returning.',
        kind: 'ask_why',
        expect: {
          sql: (ctx) => why(ctx, 'demo', { metric: 'gmv', where: { region: ['华北'] }, by: 'customer_type' }, previous(ctx), last(ctx)),
        },
        note: 'why of GMV (additive; named), 华北 kept, ctx.last against ctx.previous, decomposed by customer type (named)',
      },
      {
        say: "Last month's GMV by customer type, all regions.",
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: last(ctx), by: 'customer_type' }) },
        note: "back to figures: GMV, ctx.last, region filter lifted, by customer type (the why's dimension)",
      },
      {
        say: 'Start over. Buyers per month, last 3 months.',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'buyers', period: months(ctx.last, 3), by: 'month' }) },
        note: 'reset: buyers, the three months ending with ctx.last, by month, no filter',
      },
    ],
  },
];
