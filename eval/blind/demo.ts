/**
 * Blind conversations over the demo shop (catalogs/demo.yaml), written as business users type in chat, without
 * reference to how the product reads language. Every period is relative to the data: "last month"/上个月 is
 * ctx.last, "the month before" ctx.previous, "the last 3 months"/近三个月 the three months ending with ctx.last,
 * "last quarter" the last full calendar quarter before the month after ctx.last ("today"). Money is GMV of paid
 * orders with a positive amount, booked at pay time, unless the user names items (item revenue by item category).
 * A why compares the thread's period with the one just before it, decomposed by the thread's breakdown dimension.
 */
import type { EvalContext } from '../cases';
import { ask, months, quarter, shiftMonth, why, type Period, type Query } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

type When = (ctx: EvalContext) => Period;

const lastMonth: When = (ctx) => months(ctx.last);
const monthBefore: When = (ctx) => months(ctx.previous);
const last3: When = (ctx) => months(ctx.last, 3);
/** The three months before the last three. */
const prior3: When = (ctx) => months(shiftMonth(ctx.last, -3), 3);
/** The last full quarter before "today" (the month after ctx.last). */
const lastQuarter: When = (ctx) => {
  const [y, m] = shiftMonth(ctx.last, 1).split('-').map(Number) as [number, number];
  const current = Math.floor((m - 1) / 3) + 1;
  return current === 1 ? quarter(y - 1, 4) : quarter(y, current - 1);
};

/** A query over one relative period. */
const q =
  (when: When, query: Omit<Query, 'period'>) =>
  (ctx: EvalContext): ReturnType<typeof ask> =>
    ask(ctx, 'demo', { ...query, period: when(ctx) });

/** A why: the change from `before` to `after`, decomposed by `query.by`. */
const w =
  (before: When, after: When, query: Omit<Query, 'period' | 'by' | 'top'> & { by: string }) =>
  (ctx: EvalContext): ReturnType<typeof why> =>
    why(ctx, 'demo', query, before(ctx), after(ctx));

export const BLIND_DEMO_CONVERSATIONS: Conversation[] = [
  {
    id: 'blind-demo-en',
    database: 'demo',
    language: 'en',
    turns: [
      {
        say: 'how much revenue did we do last month',
        kind: 'fresh',
        note: 'GMV, last month, no filter, no breakdown',
        expect: { sql: q(lastMonth, { metric: 'gmv' }) },
      },
      {
        say: 'split by region',
        kind: 'add_breakdown',
        note: 'GMV, last month, by region',
        expect: { sql: q(lastMonth, { metric: 'gmv', by: 'region' }) },
      },
      {
        say: 'just the top 2',
        kind: 'change_ranking',
        note: 'GMV, last month, top 2 regions (highest)',
        expect: { sql: q(lastMonth, { metric: 'gmv', by: 'region', top: { n: 2 } }) },
      },
      {
        say: 'and the month before?',
        kind: 'replace_period',
        note: 'GMV, the month before last, top 2 regions (ranking kept)',
        expect: { sql: q(monthBefore, { metric: 'gmv', by: 'region', top: { n: 2 } }) },
      },
      {
        say: 'app users only',
        kind: 'add_filter',
        note: 'GMV, the month before last, channel = app, top 2 regions',
        expect: { sql: q(monthBefore, { metric: 'gmv', where: { channel: ['app'] }, by: 'region', top: { n: 2 } }) },
      },
      {
        say: 'what about web',
        kind: 'replace_filter',
        note: 'GMV, the month before last, channel = web (replaces app), top 2 regions',
        expect: { sql: q(monthBefore, { metric: 'gmv', where: { channel: ['web'] }, by: 'region', top: { n: 2 } }) },
      },
      {
        say: 'can you split that by sales rep',
        kind: 'needs_clarification',
        note: 'the shop has no sales rep dimension: clarify; the thread stays GMV, month before, web, top 2 regions',
        expect: clarify,
      },
      {
        say: 'ok show order count instead',
        kind: 'replace_metric',
        note: 'paid orders, the month before last, channel = web, top 2 regions (thread from before the clarification)',
        expect: { sql: q(monthBefore, { metric: 'orders', where: { channel: ['web'] }, by: 'region', top: { n: 2 } }) },
      },
      {
        say: 'worst 3?',
        kind: 'change_ranking',
        note: 'paid orders, the month before last, channel = web, bottom 3 regions (lowest first)',
        expect: {
          sql: q(monthBefore, { metric: 'orders', where: { channel: ['web'] }, by: 'region', top: { n: 3, order: 'asc' } }),
        },
      },
      {
        say: 'across all channels',
        kind: 'lift_filter',
        note: 'paid orders, the month before last, no channel filter, bottom 3 regions',
        expect: { sql: q(monthBefore, { metric: 'orders', by: 'region', top: { n: 3, order: 'asc' } }) },
      },
      {
        say: 'start over. gmv by category, last 3 months',
        kind: 'reset',
        note: 'fresh after a reset: GMV, the last 3 months, by (order) category, no filter, no ranking',
        expect: { sql: q(last3, { metric: 'gmv', by: 'category' }) },
      },
      {
        say: 'why did it go up?',
        kind: 'ask_why',
        note: 'why: GMV, the last 3 months vs the 3 months before, decomposed by category (the thread breakdown)',
        expect: { sql: w(prior3, last3, { metric: 'gmv', by: 'category' }) },
      },
    ],
  },
  {
    id: 'blind-demo-zh',
    database: 'demo',
    language: 'zh',
    turns: [
      {
        say: '那华南呢',
        kind: 'needs_clarification',
        note: 'a follow-up as the first turn: nothing to resolve against, clarify',
        expect: clarify,
      },
      {
        say: '上个月各渠道卖了多少钱',
        kind: 'fresh',
        note: 'GMV, last month, by registration channel',
        expect: { sql: q(lastMonth, { metric: 'gmv', by: 'channel' }) },
      },
      {
        say: '只看华南',
        kind: 'add_filter',
        note: 'GMV, last month, region = 华南, by channel',
        expect: { sql: q(lastMonth, { metric: 'gmv', where: { region: ['华南'] }, by: 'channel' }) },
      },
      {
        say: '换华北',
        kind: 'replace_filter',
        note: 'GMV, last month, region = 华北 (replaces 华南), by channel',
        expect: { sql: q(lastMonth, { metric: 'gmv', where: { region: ['华北'] }, by: 'channel' }) },
      },
      {
        say: '换成订单数',
        kind: 'replace_metric',
        note: 'paid orders, last month, region = 华北, by channel',
        expect: { sql: q(lastMonth, { metric: 'orders', where: { region: ['华北'] }, by: 'channel' }) },
      },
      {
        say: '最差的两个',
        kind: 'change_ranking',
        note: 'paid orders, last month, region = 华北, bottom 2 channels (lowest first)',
        expect: {
          sql: q(lastMonth, { metric: 'orders', where: { region: ['华北'] }, by: 'channel', top: { n: 2, order: 'asc' } }),
        },
      },
      {
        say: '近三个月呢',
        kind: 'replace_period',
        note: 'paid orders, the last 3 months, region = 华北, bottom 2 channels',
        expect: {
          sql: q(last3, { metric: 'orders', where: { region: ['华北'] }, by: 'channel', top: { n: 2, order: 'asc' } }),
        },
      },
      {
        say: '不限区域了',
        kind: 'lift_filter',
        note: 'paid orders, the last 3 months, no region filter, bottom 2 channels',
        expect: { sql: q(last3, { metric: 'orders', by: 'channel', top: { n: 2, order: 'asc' } }) },
      },
      {
        say: '为啥单量变多了',
        kind: 'ask_why',
        note: 'why: paid orders, the last 3 months vs the 3 months before, decomposed by channel (thread breakdown)',
        expect: { sql: w(prior3, last3, { metric: 'orders', by: 'channel' }) },
      },
      {
        say: '重新开始，上个月各区域的新客数',
        kind: 'reset',
        note: 'fresh after a reset: new customers, last month, by region',
        expect: { sql: q(lastMonth, { metric: 'new_customers', by: 'region' }) },
      },
      {
        say: '按城市拆一下',
        kind: 'needs_clarification',
        note: 'the shop has no city dimension: clarify; the thread stays new customers, last month, by region',
        expect: clarify,
      },
      {
        say: '客单价呢',
        kind: 'replace_metric',
        note: 'AOV, last month, by region (thread from before the clarification)',
        expect: { sql: q(lastMonth, { metric: 'aov', by: 'region' }) },
      },
    ],
  },
  {
    id: 'blind-demo-mixed',
    database: 'demo',
    language: 'mixed',
    turns: [
      {
        say: 'last quarter 的 GMV 多少',
        kind: 'fresh',
        note: 'GMV, the last full quarter, no breakdown',
        expect: { sql: q(lastQuarter, { metric: 'gmv' }) },
      },
      {
        say: '按 region 拆开看',
        kind: 'add_breakdown',
        note: 'GMV, the last full quarter, by region',
        expect: { sql: q(lastQuarter, { metric: 'gmv', by: 'region' }) },
      },
      {
        say: 'top 3 就行',
        kind: 'change_ranking',
        note: 'GMV, the last full quarter, top 3 regions',
        expect: { sql: q(lastQuarter, { metric: 'gmv', by: 'region', top: { n: 3 } }) },
      },
      {
        say: '只要 mini program 渠道的',
        kind: 'add_filter',
        note: 'GMV, the last full quarter, channel = mini_program, top 3 regions',
        expect: { sql: q(lastQuarter, { metric: 'gmv', where: { channel: ['mini_program'] }, by: 'region', top: { n: 3 } }) },
      },
      {
        say: '换成上个月',
        kind: 'replace_period',
        note: 'GMV, last month, channel = mini_program, top 3 regions',
        expect: { sql: q(lastMonth, { metric: 'gmv', where: { channel: ['mini_program'] }, by: 'region', top: { n: 3 } }) },
      },
      {
        say: '看 buyers',
        kind: 'replace_metric',
        note: 'buyers, last month, channel = mini_program, top 3 regions',
        expect: { sql: q(lastMonth, { metric: 'buyers', where: { channel: ['mini_program'] }, by: 'region', top: { n: 3 } }) },
      },
      {
        say: 'channel 不限了',
        kind: 'lift_filter',
        note: 'buyers, last month, no channel filter, top 3 regions',
        expect: { sql: q(lastMonth, { metric: 'buyers', by: 'region', top: { n: 3 } }) },
      },
      {
        say: 'new question — 上个月 item revenue by item category',
        kind: 'reset',
        note: 'fresh after a reset: item revenue, last month, by item category, no filter, no ranking',
        expect: { sql: q(lastMonth, { metric: 'item_revenue', by: 'item_category' }) },
      },
      {
        say: '只看 east china',
        kind: 'add_filter',
        note: 'item revenue, last month, region = 华东, by item category',
        expect: { sql: q(lastMonth, { metric: 'item_revenue', where: { region: ['华东'] }, by: 'item_category' }) },
      },
      {
        say: 'switch to south china',
        kind: 'replace_filter',
        note: 'item revenue, last month, region = 华南 (replaces 华东), by item category',
        expect: { sql: q(lastMonth, { metric: 'item_revenue', where: { region: ['华南'] }, by: 'item_category' }) },
      },
      {
        say: 'why 涨了?',
        kind: 'ask_why',
        note: 'why: item revenue, region = 华南, last month vs the month before, decomposed by item category',
        expect: { sql: w(monthBefore, lastMonth, { metric: 'item_revenue', where: { region: ['华南'] }, by: 'item_category' }) },
      },
    ],
  },
];
