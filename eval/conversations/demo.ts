/**
 * Conversations over the demo shop (catalogs/demo.yaml; docs/data.md). Its data ends with the month before the
 * suite's anchor (BATON_TODAY), so every period is relative: "last month"/上个月 is ctx.last, "the month before"/
 * 上上个月 ctx.previous, "the last 3 months" the three months ending with ctx.last. Money and counts are of paid
 * orders with a positive amount, booked at pay time. Category is the order's own category. A why decomposes by the
 * thread's breakdown dimension, else by the metric's first decompose_by dimension (GMV: region).
 */
import type { EvalContext } from '../cases';
import { ask, months, why, type Query } from './sql';
import { clarify, type Conversation } from './types';

type Window = 'last' | 'previous' | 'last3' | 'last6';
/** A query whose period is one of the suite's relative windows. */
const q =
  (window: Window, query: Omit<Query, 'period'>) =>
  (ctx: EvalContext): ReturnType<typeof ask> =>
    ask(ctx, 'demo', { ...query, period: period(ctx, window) });
function period(ctx: EvalContext, window: Window) {
  if (window === 'previous') return months(ctx.previous);
  return months(ctx.last, window === 'last3' ? 3 : window === 'last6' ? 6 : 1);
}

export const DEMO_CONVERSATIONS: Conversation[] = [
  {
    id: 'demo-regions-zh',
    database: 'demo',
    language: 'zh',
    turns: [
      {
        say: '上个月各区域的销售额',
        kind: 'fresh',
        note: 'GMV, last month, by region',
        expect: { sql: q('last', { metric: 'gmv', by: 'region' }) },
      },
      {
        say: '换成订单量',
        kind: 'replace_metric',
        note: 'paid orders, last month, by region',
        expect: { sql: q('last', { metric: 'orders', by: 'region' }) },
      },
      {
        say: '最少的呢',
        kind: 'change_ranking',
        note: 'paid orders, last month, the lowest region (n = 1)',
        expect: { sql: q('last', { metric: 'orders', by: 'region', top: { n: 1, order: 'asc' } }) },
      },
      {
        say: '那上上个月呢',
        kind: 'replace_period',
        note: 'paid orders, the month before last, the lowest region',
        expect: { sql: q('previous', { metric: 'orders', by: 'region', top: { n: 1, order: 'asc' } }) },
      },
      {
        say: '最多的前三个呢',
        kind: 'change_ranking',
        note: 'paid orders, the month before last, top 3 regions (highest)',
        expect: { sql: q('previous', { metric: 'orders', by: 'region', top: { n: 3 } }) },
      },
      {
        say: '按品类呢',
        kind: 'add_breakdown',
        note: 'paid orders, the month before last, top 3 categories (the ranking moves to the new dimension)',
        expect: { sql: q('previous', { metric: 'orders', by: 'category', top: { n: 3 } }) },
      },
      {
        say: '只看华南',
        kind: 'add_filter',
        note: 'paid orders, the month before last, region = 华南, top 3 categories',
        expect: { sql: q('previous', { metric: 'orders', where: { region: ['华南'] }, by: 'category', top: { n: 3 } }) },
      },
      {
        say: '华北呢？',
        kind: 'replace_filter',
        note: 'paid orders, the month before last, region = 华北 (replaces 华南), top 3 categories',
        expect: { sql: q('previous', { metric: 'orders', where: { region: ['华北'] }, by: 'category', top: { n: 3 } }) },
      },
      {
        say: '再加上东北',
        kind: 'add_filter',
        note: 'paid orders, the month before last, region in (华北, 东北), top 3 categories',
        expect: { sql: q('previous', { metric: 'orders', where: { region: ['华北', '东北'] }, by: 'category', top: { n: 3 } }) },
      },
      {
        say: '不限区域了',
        kind: 'lift_filter',
        note: 'region constraint lifted: paid orders, the month before last, top 3 categories',
        expect: { sql: q('previous', { metric: 'orders', by: 'category', top: { n: 3 } }) },
      },
      {
        say: '换个问题：过去6个月图书每个月的销售额',
        kind: 'reset',
        note: 'fresh after the reset: GMV, the last 6 months, category = 图书, by month',
        expect: { sql: q('last6', { metric: 'gmv', where: { category: ['图书'] }, by: 'month' }) },
      },
      {
        say: '为什么上个月又降了？',
        kind: 'ask_why',
        note: 'why: GMV of 图书, last month against the month before, by region (GMV decomposes by region first)',
        expect: {
          sql: (c) => why(c, 'demo', { metric: 'gmv', where: { category: ['图书'] }, by: 'region' }, months(c.previous), months(c.last)),
        },
      },
    ],
  },
  {
    id: 'demo-aov-en',
    database: 'demo',
    language: 'en',
    turns: [
      {
        say: 'and by channel?',
        kind: 'needs_clarification',
        note: 'a breakdown as the first turn: nothing to break down',
        expect: clarify,
      },
      {
        say: 'What was AOV by customer type last month?',
        kind: 'fresh',
        note: 'AOV, last month, by customer type (new / returning)',
        expect: { sql: q('last', { metric: 'aov', by: 'customer_type' }) },
      },
      {
        say: 'what about the month before?',
        kind: 'replace_period',
        note: 'AOV, the month before last, by customer type',
        expect: { sql: q('previous', { metric: 'aov', by: 'customer_type' }) },
      },
      {
        say: 'just east china',
        kind: 'add_filter',
        note: 'AOV, the month before last, region = 华东, by customer type',
        expect: { sql: q('previous', { metric: 'aov', where: { region: ['华东'] }, by: 'customer_type' }) },
      },
      {
        say: 'and the number of buyers?',
        kind: 'replace_metric',
        note: 'buyers (distinct users), the month before last, 华东, by customer type',
        expect: { sql: q('previous', { metric: 'buyers', where: { region: ['华东'] }, by: 'customer_type' }) },
      },
      {
        say: 'split it by category',
        kind: 'add_breakdown',
        note: 'buyers, the month before last, 华东, by category (replaces customer type)',
        expect: { sql: q('previous', { metric: 'buyers', where: { region: ['华东'] }, by: 'category' }) },
      },
      {
        say: 'last 3 months instead',
        kind: 'replace_period',
        note: 'buyers (distinct over the window), the last 3 months, 华东, by category',
        expect: { sql: q('last3', { metric: 'buyers', where: { region: ['华东'] }, by: 'category' }) },
      },
      {
        say: 'top 3?',
        kind: 'change_ranking',
        note: 'buyers, the last 3 months, 华东, top 3 categories',
        expect: { sql: q('last3', { metric: 'buyers', where: { region: ['华东'] }, by: 'category', top: { n: 3 } }) },
      },
      {
        say: 'How much GMV did apparel do last month?',
        kind: 'fresh',
        note: 'a fresh question; the user constraint region = 华东 carries: GMV, last month, 华东, category = 服饰',
        expect: { sql: q('last', { metric: 'gmv', where: { region: ['华东'], category: ['服饰'] } }) },
      },
      {
        say: 'include all regions again',
        kind: 'lift_filter',
        note: 'region lifted: GMV, last month, category = 服饰',
        expect: { sql: q('last', { metric: 'gmv', where: { category: ['服饰'] } }) },
      },
      {
        say: 'why did it change from the month before?',
        kind: 'ask_why',
        note: 'why: GMV of 服饰, last month against the month before, by region',
        expect: {
          sql: (c) => why(c, 'demo', { metric: 'gmv', where: { category: ['服饰'] }, by: 'region' }, months(c.previous), months(c.last)),
        },
      },
    ],
  },
  {
    id: 'demo-channels-mixed',
    database: 'demo',
    language: 'mixed',
    turns: [
      {
        say: 'last month GMV 按渠道',
        kind: 'fresh',
        note: 'GMV, last month, by registration channel',
        expect: { sql: q('last', { metric: 'gmv', by: 'channel' }) },
      },
      {
        say: '只看 new customers',
        kind: 'add_filter',
        note: 'GMV, last month, customer type = new, by channel',
        expect: { sql: q('last', { metric: 'gmv', where: { customer_type: ['new'] }, by: 'channel' }) },
      },
      {
        say: 'what about 老客?',
        kind: 'replace_filter',
        note: 'GMV, last month, customer type = returning, by channel',
        expect: { sql: q('last', { metric: 'gmv', where: { customer_type: ['returning'] }, by: 'channel' }) },
      },
      {
        say: '换成 order count',
        kind: 'replace_metric',
        note: 'paid orders, last month, returning, by channel',
        expect: { sql: q('last', { metric: 'orders', where: { customer_type: ['returning'] }, by: 'channel' }) },
      },
      {
        say: 'by region instead',
        kind: 'add_breakdown',
        note: 'paid orders, last month, returning, by region (replaces channel)',
        expect: { sql: q('last', { metric: 'orders', where: { customer_type: ['returning'] }, by: 'region' }) },
      },
      {
        say: '换成利润',
        kind: 'needs_clarification',
        note: 'the shop has no profit metric: ask back; the thread stays as it was',
        expect: clarify,
      },
      {
        say: 'top 2 regions then',
        kind: 'change_ranking',
        note: 'paid orders, last month, returning, top 2 regions',
        expect: { sql: q('last', { metric: 'orders', where: { customer_type: ['returning'] }, by: 'region', top: { n: 2 } }) },
      },
      {
        say: '上上个月呢',
        kind: 'replace_period',
        note: 'paid orders, the month before last, returning, top 2 regions',
        expect: { sql: q('previous', { metric: 'orders', where: { customer_type: ['returning'] }, by: 'region', top: { n: 2 } }) },
      },
      {
        say: '不分新老客了',
        kind: 'lift_filter',
        note: 'customer type lifted: paid orders, the month before last, top 2 regions',
        expect: { sql: q('previous', { metric: 'orders', by: 'region', top: { n: 2 } }) },
      },
      {
        say: 'and the bottom 2?',
        kind: 'change_ranking',
        note: 'n kept, order flipped: paid orders, the month before last, the lowest 2 regions',
        expect: { sql: q('previous', { metric: 'orders', by: 'region', top: { n: 2, order: 'asc' } }) },
      },
      {
        say: 'start over. 上个月客单价最高的区域是哪个?',
        kind: 'reset',
        note: 'fresh after the reset: AOV, last month, the highest region (n = 1)',
        expect: { sql: q('last', { metric: 'aov', by: 'region', top: { n: 1 } }) },
      },
      {
        say: 'only mini program users',
        kind: 'add_filter',
        note: 'AOV, last month, channel = mini_program, the highest region',
        expect: { sql: q('last', { metric: 'aov', where: { channel: ['mini_program'] }, by: 'region', top: { n: 1 } }) },
      },
    ],
  },
];
