/**
 * HELD-OUT conversations over the demo shop (issue 26), written like eval/conversations/demo.ts, with other
 * phrasings and another order of kinds; kept out of the repository until the final measurement. Copy into
 * eval/heldout/. Periods are relative to the suite's anchor: "last month" is ctx.last, the month before ctx.previous,
 * "the last 3 months" the three months ending with ctx.last. A why decomposes by the thread's breakdown dimension,
 * else by the metric's first decompose_by dimension (GMV: region).
 */
import type { EvalContext } from '../cases';
import { ask, months, why, type Query } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

type Window = 'last' | 'last3';
const q =
  (window: Window, query: Omit<Query, 'period'>) =>
  (ctx: EvalContext): ReturnType<typeof ask> =>
    ask(ctx, 'demo', { ...query, period: months(ctx.last, window === 'last3' ? 3 : 1) });

export const HELDOUT_DEMO_CONVERSATIONS: Conversation[] = [
  {
    id: 'heldout-demo-en',
    database: 'demo',
    language: 'en',
    turns: [
      {
        say: 'Items sold last month by region?',
        kind: 'fresh',
        note: 'items sold (line quantities), last month, by region',
        expect: { sql: q('last', { metric: 'items_sold', by: 'region' }) },
      },
      {
        say: 'what about item revenue',
        kind: 'replace_metric',
        note: 'item revenue (line amounts), last month, by region',
        expect: { sql: q('last', { metric: 'item_revenue', by: 'region' }) },
      },
      {
        say: 'by line category instead',
        kind: 'add_breakdown',
        note: 'item revenue, last month, by item category (replaces region)',
        expect: { sql: q('last', { metric: 'item_revenue', by: 'item_category' }) },
      },
      {
        say: 'top 4',
        kind: 'change_ranking',
        note: 'item revenue, last month, top 4 item categories',
        expect: { sql: q('last', { metric: 'item_revenue', by: 'item_category', top: { n: 4 } }) },
      },
      {
        say: 'north china only',
        kind: 'add_filter',
        note: 'item revenue, last month, region = 华北, top 4 item categories',
        expect: { sql: q('last', { metric: 'item_revenue', where: { region: ['华北'] }, by: 'item_category', top: { n: 4 } }) },
      },
      {
        say: 'and over the last 3 months?',
        kind: 'replace_period',
        note: 'item revenue, the last 3 months, 华北, top 4 item categories',
        expect: { sql: q('last3', { metric: 'item_revenue', where: { region: ['华北'] }, by: 'item_category', top: { n: 4 } }) },
      },
      {
        say: 'switch to southwest',
        kind: 'replace_filter',
        note: 'item revenue, the last 3 months, region = 西南 (replaces 华北), top 4 item categories',
        expect: { sql: q('last3', { metric: 'item_revenue', where: { region: ['西南'] }, by: 'item_category', top: { n: 4 } }) },
      },
      {
        say: 'show me the margin instead',
        kind: 'needs_clarification',
        note: 'no margin in the shop: ask back; the thread stays',
        expect: clarify,
      },
      {
        say: 'drop the region filter',
        kind: 'lift_filter',
        note: 'region lifted: item revenue, the last 3 months, top 4 item categories',
        expect: { sql: q('last3', { metric: 'item_revenue', by: 'item_category', top: { n: 4 } }) },
      },
      {
        say: "what's behind the change last month?",
        kind: 'ask_why',
        note: 'why: item revenue, last month against the month before, by item category (the thread breakdown)',
        expect: { sql: (c) => why(c, 'demo', { metric: 'item_revenue', by: 'item_category' }, months(c.previous), months(c.last)) },
      },
      {
        say: 'new question — how many new customers did we get last month?',
        kind: 'reset',
        note: 'fresh after the reset: new customers, last month, one number',
        expect: { sql: q('last', { metric: 'new_customers' }) },
      },
    ],
  },
  {
    id: 'heldout-demo-mixed',
    database: 'demo',
    language: 'mixed',
    turns: [
      {
        say: '为啥掉了？',
        kind: 'needs_clarification',
        note: 'a why as the first turn: nothing to explain',
        expect: clarify,
      },
      {
        say: '上个月 orders by customer type',
        kind: 'fresh',
        note: 'paid orders, last month, by customer type',
        expect: { sql: q('last', { metric: 'orders', by: 'customer_type' }) },
      },
      {
        say: '华东 only',
        kind: 'add_filter',
        note: 'paid orders, last month, region = 华东, by customer type',
        expect: { sql: q('last', { metric: 'orders', where: { region: ['华东'] }, by: 'customer_type' }) },
      },
      {
        say: 'also 华南',
        kind: 'add_filter',
        note: 'the value added to the filter: paid orders, last month, region in (华东, 华南), by customer type',
        expect: { sql: q('last', { metric: 'orders', where: { region: ['华东', '华南'] }, by: 'customer_type' }) },
      },
      {
        say: 'GMV 呢',
        kind: 'replace_metric',
        note: 'GMV, last month, 华东 or 华南, by customer type',
        expect: { sql: q('last', { metric: 'gmv', where: { region: ['华东', '华南'] }, by: 'customer_type' }) },
      },
      {
        say: '过去三个月呢',
        kind: 'replace_period',
        note: 'GMV, the last 3 months, 华东 or 华南, by customer type',
        expect: { sql: q('last3', { metric: 'gmv', where: { region: ['华东', '华南'] }, by: 'customer_type' }) },
      },
      {
        say: 'split by channel',
        kind: 'add_breakdown',
        note: 'GMV, the last 3 months, 华东 or 华南, by channel (replaces customer type)',
        expect: { sql: q('last3', { metric: 'gmv', where: { region: ['华东', '华南'] }, by: 'channel' }) },
      },
      {
        say: 'lowest one?',
        kind: 'change_ranking',
        note: 'GMV, the last 3 months, 华东 or 华南, the lowest channel',
        expect: { sql: q('last3', { metric: 'gmv', where: { region: ['华东', '华南'] }, by: 'channel', top: { n: 1, order: 'asc' } }) },
      },
      {
        say: '所有区域',
        kind: 'lift_filter',
        note: 'region lifted: GMV, the last 3 months, the lowest channel',
        expect: { sql: q('last3', { metric: 'gmv', by: 'channel', top: { n: 1, order: 'asc' } }) },
      },
      {
        say: '重新来：last month 数码 GMV',
        kind: 'reset',
        note: 'fresh after the reset: GMV, last month, category = 数码, one number',
        expect: { sql: q('last', { metric: 'gmv', where: { category: ['数码'] } }) },
      },
      {
        say: 'why did it go up?',
        kind: 'ask_why',
        note: 'why: GMV of 数码, last month against the month before, by region (GMV decomposes by region first)',
        expect: {
          sql: (c) => why(c, 'demo', { metric: 'gmv', where: { category: ['数码'] }, by: 'region' }, months(c.previous), months(c.last)),
        },
      },
    ],
  },
];
