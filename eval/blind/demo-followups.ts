/**
 * Blind follow-up conversations over the demo shop (database 'demo'): four business users, each typing the way they
 * would in a chat tool, at least 11 turns each.
 *
 * How this was written: blind. The writer read only catalogs/demo.yaml, eval/conversations/types.ts,
 * eval/conversations/sql.ts, the EvalContext and Answer types of eval/cases.ts and scripts/check-conversation-sql.ts;
 * nothing under src/, test/ or docs/, no README, and no other case set. The data was looked at through psql only to
 * choose questions whose answers are interesting and have no tie across a ranking's cut. Every expectation is
 * hand-written SQL through the helpers of sql.ts (or `clarify`).
 *
 * Reading conventions (the expectations are written to these):
 *   - Periods are relative to the EvalContext: "last month" is ctx.last (the last full month), "the month before" is
 *     ctx.previous; "the last three / six months" are the three / six full months ending with ctx.last. "Last
 *     quarter" is the last full calendar quarter before the month after ctx.last (the demo's "today"), computed
 *     below from ctx.last with sql.ts's `quarter`. No fixed dates anywhere.
 *   - A first question that names no period: types.ts and sql.ts say nothing for the demo database, so it is read as
 *     the last full month (ctx.last).
 *   - Filters and the period carry over until the user changes them. A new breakdown replaces the previous one
 *     unless the user says to add one. A ranking (top / bottom n) carries over while the breakdown does; a metric
 *     change on a ranked thread ranks by the new metric. A reset drops everything and its own question is asked
 *     fresh. A turn that ends needs_clarification leaves the thread as it was.
 *   - A "why" compares the thread's period with the one just before it, of the same length, unless the user names
 *     the other period, and is decomposed by the thread's breakdown dimension or the one the user names; it is
 *     keyed `change` and `<dimension>=<member>` as types.ts says (the null category, where present, is the member
 *     '(missing)' as sql.ts writes it). A why ignores the thread's top / bottom n.
 *   - After a why, a follow-up that asks to "do the same / split it the same way" with one thing changed is the same
 *     why with that change; a follow-up that asks for a plain figure, breakdown or ranking leaves the why.
 *   - Metrics and dimensions are the catalog's: GMV / 销售额 = paid orders' amount by pay time; 单量 / order count =
 *     paid orders; AOV / 客单价 = GMV / paid orders; buyers = distinct paying users; new customers = the catalog's
 *     new_customers; units = items_sold (by the order lines' item category); channel = the user's registration
 *     channel; 新客 / 老客 = customer_type. Anything the catalog lacks (refunds, returns, profit, margin, cost, CAC,
 *     LTV, marketing spend, city) must be asked back, as must a follow-up with nothing to resolve against.
 */
import type { EvalContext } from '../cases';
import { ask, months, quarter, shiftMonth, why, type Period } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

const DB = 'demo' as const;

/** The last full month. */
const lastMonth = (ctx: EvalContext): Period => months(ctx.last);
/** The month before the last full month. */
const monthBefore = (ctx: EvalContext): Period => months(ctx.previous);
/** The n full months ending with the last full month. */
const lastN = (ctx: EvalContext, n: number): Period => months(ctx.last, n);
/** The n months just before those. */
const priorN = (ctx: EvalContext, n: number): Period => months(shiftMonth(ctx.last, -n), n);

/** The calendar quarter `back` quarters before the one holding "today" (the month after the last full month). */
function quarterBack(ctx: EvalContext, back: number): Period {
  const [y, m] = shiftMonth(ctx.last, 1).split('-').map(Number) as [number, number];
  const index = y * 4 + Math.floor((m - 1) / 3) - back;
  return quarter(Math.floor(index / 4), (index % 4) + 1);
}
/** The last full quarter, and the one before it. */
const lastQuarter = (ctx: EvalContext): Period => quarterBack(ctx, 1);
const quarterBefore = (ctx: EvalContext): Period => quarterBack(ctx, 2);

/** 1. An e-commerce operations manager, Chinese chat. */
const OPS_ZH: Conversation = {
  id: 'blind4-demo-ops-manager-zh',
  database: DB,
  language: 'zh',
  turns: [
    {
      say: '上个月销售额多少啊',
      kind: 'fresh',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastMonth(ctx) }) },
      note: 'GMV, last full month, no filter, no breakdown.',
    },
    {
      say: '分区域看下',
      kind: 'add_breakdown',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastMonth(ctx), by: 'region' }) },
      note: 'GMV by region, last month (carried).',
    },
    {
      say: '只看app渠道的',
      kind: 'add_filter',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastMonth(ctx), where: { channel: ['app'] }, by: 'region' }) },
      note: 'GMV by region, last month, registration channel = app (added).',
    },
    {
      say: '换成小程序呢',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastMonth(ctx), where: { channel: ['mini_program'] }, by: 'region' }),
      },
      note: 'GMV by region, last month, channel = mini_program (replaces app).',
    },
    {
      say: '那单量呢',
      kind: 'replace_metric',
      expect: {
        sql: (ctx) => ask(ctx, DB, { metric: 'orders', period: lastMonth(ctx), where: { channel: ['mini_program'] }, by: 'region' }),
      },
      note: 'Paid orders by region, last month, channel = mini_program (metric replaced, the rest carried).',
    },
    {
      say: '单量最少的是那个区',
      kind: 'change_ranking',
      expect: {
        sql: (ctx) =>
          ask(ctx, DB, {
            metric: 'orders',
            period: lastMonth(ctx),
            where: { channel: ['mini_program'] },
            by: 'region',
            top: { n: 1, order: 'asc' },
          }),
      },
      note: '"那个" is a typo for 哪个. Paid orders by region, last month, mini_program; the bottom 1 region.',
    },
    {
      say: '这个区退货的多不多，退货率多少',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'Returns / return rate: the catalog has no such metric; ask back. The thread stays at the previous turn.',
    },
    {
      say: '渠道不限了，最少的还是它吗',
      kind: 'lift_filter',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'orders', period: lastMonth(ctx), by: 'region', top: { n: 1, order: 'asc' } }) },
      note: 'The channel filter lifted; paid orders by region, last month, still the bottom 1 region.',
    },
    {
      say: '整体单量比前一个月少了，啥原因',
      kind: 'ask_why',
      expect: { sql: (ctx) => why(ctx, DB, { metric: 'orders', by: 'region' }, monthBefore(ctx), lastMonth(ctx)) },
      note: "Why paid orders changed: last month against the month before, decomposed by region (the thread's breakdown), no filter. The bottom-1 ranking does not apply to a why.",
    },
    {
      say: '销售额也这么拆下看看',
      kind: 'replace_metric',
      expect: { sql: (ctx) => why(ctx, DB, { metric: 'gmv', by: 'region' }, monthBefore(ctx), lastMonth(ctx)) },
      note: 'After the why, "the same split for GMV": the same why with the metric replaced: GMV change last month vs the month before, by region.',
    },
    {
      say: '行 先这样。换个问题：近三个月哪几个品类卖得最好，前三',
      kind: 'reset',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastN(ctx, 3), by: 'category', top: { n: 3 } }) },
      note: 'A reset and a fresh question: "卖得最好" with no metric named ranks by GMV (the catalog\'s primary metric). GMV by category, the last three full months, top 3.',
    },
    {
      say: '前五吧',
      kind: 'change_ranking',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastN(ctx, 3), by: 'category', top: { n: 5 } }) },
      note: 'The same ranking widened to the top 5 categories by GMV, last three months.',
    },
    {
      say: '这几个品类利润咋样',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'Profit: not in the catalog; ask back.',
    },
  ],
};

/** 2. A category manager, brisk business English. */
const CATEGORY_EN: Conversation = {
  id: 'blind4-demo-category-manager-en',
  database: DB,
  language: 'en',
  turns: [
    {
      say: 'Top 3 categories by GMV last month?',
      kind: 'fresh',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastMonth(ctx), by: 'category', top: { n: 3 } }) },
      note: 'GMV by category, last full month, top 3.',
    },
    {
      say: 'Same ranking on order count.',
      kind: 'replace_metric',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'orders', period: lastMonth(ctx), by: 'category', top: { n: 3 } }) },
      note: 'Paid orders by category, last month, top 3 (metric replaced, ranking kept).',
    },
    {
      say: 'Refund rate for each of those?',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'Refunds: the catalog has no refund metric; ask back. The thread stays at the order-count ranking.',
    },
    {
      say: 'Fine. Show me that for last quarter instead.',
      kind: 'replace_period',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'orders', period: lastQuarter(ctx), by: 'category', top: { n: 3 } }) },
      note: 'Paid orders by category, top 3, over the last full calendar quarter (replaces last month).',
    },
    {
      say: 'East China only.',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, DB, { metric: 'orders', period: lastQuarter(ctx), where: { region: ['华东'] }, by: 'category', top: { n: 3 } }),
      },
      note: 'The same, region = 华东 added.',
    },
    {
      say: 'Swap East for South China.',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, DB, { metric: 'orders', period: lastQuarter(ctx), where: { region: ['华南'] }, by: 'category', top: { n: 3 } }),
      },
      note: 'Region = 华南 replaces 华东; paid orders by category, last quarter, top 3.',
    },
    {
      say: 'Extend to top 5.',
      kind: 'change_ranking',
      expect: {
        sql: (ctx) =>
          ask(ctx, DB, { metric: 'orders', period: lastQuarter(ctx), where: { region: ['华南'] }, by: 'category', top: { n: 5 } }),
      },
      note: 'Top 5 instead of top 3; paid orders by category, last quarter, 华南.',
    },
    {
      say: 'South China GMV was up on the quarter before, right? What drove it, category-wise?',
      kind: 'ask_why',
      expect: {
        sql: (ctx) => why(ctx, DB, { metric: 'gmv', where: { region: ['华南'] }, by: 'category' }, quarterBefore(ctx), lastQuarter(ctx)),
      },
      note: 'Why GMV (named) changed in 华南 (carried): the last quarter against the quarter before it, decomposed by category. The null category, if present in either quarter, is the member (missing).',
    },
    {
      say: 'Same split for the whole business, not just South China.',
      kind: 'lift_filter',
      expect: { sql: (ctx) => why(ctx, DB, { metric: 'gmv', by: 'category' }, quarterBefore(ctx), lastQuarter(ctx)) },
      note: 'After the why: the same why with the region filter lifted: GMV change, last quarter vs the quarter before, by category, all regions.',
    },
    {
      say: "What's the average order value by region for that quarter?",
      kind: 'replace_metric',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'aov', period: lastQuarter(ctx), by: 'region' }) },
      note: 'A plain breakdown (leaves the why): AOV by region over the last quarter, no filter.',
    },
    {
      say: 'Which region comes in lowest?',
      kind: 'change_ranking',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'aov', period: lastQuarter(ctx), by: 'region', top: { n: 1, order: 'asc' } }) },
      note: 'AOV by region, last quarter, the bottom 1.',
    },
    {
      say: 'And the gross margin there?',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'Gross margin: not in the catalog (no cost); ask back.',
    },
    {
      say: "Let's start over. Total units sold?",
      kind: 'reset',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'items_sold', period: lastMonth(ctx) }) },
      note: 'A reset; a fresh question with no period named: items sold over the last full month (the stated convention).',
    },
    {
      say: 'Split that by item category, just the top three.',
      kind: 'add_breakdown',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'items_sold', period: lastMonth(ctx), by: 'item_category', top: { n: 3 } }) },
      note: 'Items sold by item (order-line) category, last month, top 3.',
    },
  ],
};

/** 3. A growth analyst, Chinese and English mixed. */
const GROWTH_MIXED: Conversation = {
  id: 'blind4-demo-growth-analyst-mixed',
  database: DB,
  language: 'mixed',
  turns: [
    {
      say: '上个月 new customers 有多少?',
      kind: 'fresh',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'new_customers', period: lastMonth(ctx) }) },
      note: 'New customers (the catalog metric), last full month.',
    },
    {
      say: 'split by channel 看看',
      kind: 'add_breakdown',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'new_customers', period: lastMonth(ctx), by: 'channel' }) },
      note: 'New customers by registration channel, last month.',
    },
    {
      say: '拉长到最近 6 个月',
      kind: 'replace_period',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'new_customers', period: lastN(ctx, 6), by: 'channel' }) },
      note: 'New customers by channel over the last six full months (one figure per channel for the whole window).',
    },
    {
      say: '只要 top 2 的 channel',
      kind: 'change_ranking',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'new_customers', period: lastN(ctx, 6), by: 'channel', top: { n: 2 } }) },
      note: 'New customers by channel, last six months, top 2.',
    },
    {
      say: '换成 GMV',
      kind: 'replace_metric',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastN(ctx, 6), by: 'channel', top: { n: 2 } }) },
      note: 'GMV by channel, last six months, top 2 (metric replaced, ranking kept).',
    },
    {
      say: '只看新客贡献的 GMV',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, DB, { metric: 'gmv', period: lastN(ctx, 6), where: { customer_type: ['new'] }, by: 'channel', top: { n: 2 } }),
      },
      note: 'GMV of new customers (customer_type = new added as a filter; the metric stays GMV), by channel, last six months, top 2.',
    },
    {
      say: '换成老客呢',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, DB, { metric: 'gmv', period: lastN(ctx, 6), where: { customer_type: ['returning'] }, by: 'channel', top: { n: 2 } }),
      },
      note: 'customer_type = returning replaces new; GMV by channel, last six months, top 2.',
    },
    {
      say: '老客 GMV 比之前那 6 个月涨了不少, why? 按 channel 拆一下',
      kind: 'ask_why',
      expect: {
        sql: (ctx) =>
          why(ctx, DB, { metric: 'gmv', where: { customer_type: ['returning'] }, by: 'channel' }, priorN(ctx, 6), lastN(ctx, 6)),
      },
      note: "Why returning customers' GMV changed: the last six months against the six months before them, decomposed by channel (all channels; the top-2 cut does not apply).",
    },
    {
      say: '不分新老客, 同样的拆解再做一遍',
      kind: 'lift_filter',
      expect: { sql: (ctx) => why(ctx, DB, { metric: 'gmv', by: 'channel' }, priorN(ctx, 6), lastN(ctx, 6)) },
      note: 'After the why: the same why with the customer-type filter lifted: GMV change, last six months vs the six before, by channel.',
    },
    {
      say: '各 channel 的 CAC 多少?',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'Customer acquisition cost: no cost or spend in the catalog; ask back.',
    },
    {
      say: 'OK 换个问题, 从头来: 最近 6 个月每个月的 new customers, 按月列一下',
      kind: 'reset',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'new_customers', period: lastN(ctx, 6), by: 'month' }) },
      note: "A reset; fresh: new customers per month (each month's cohort of first-time buyers), the last six full months.",
    },
    {
      say: '只看 referral 渠道来的',
      kind: 'add_filter',
      expect: {
        sql: (ctx) => ask(ctx, DB, { metric: 'new_customers', period: lastN(ctx, 6), where: { channel: ['referral'] }, by: 'month' }),
      },
      note: 'The same monthly series with channel = referral added.',
    },
    {
      say: '这几个 cohort 的 LTV 呢?',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'Lifetime value: not in the catalog; ask back.',
    },
  ],
};

/** 4. A regional director, polite English with Chinese place names. */
const DIRECTOR_EN: Conversation = {
  id: 'blind4-demo-regional-director-en',
  database: DB,
  language: 'en',
  turns: [
    {
      say: 'Good morning. And how does that compare with 华南?',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'The first message is a follow-up ("that") with nothing to resolve against: no metric, no period; ask back.',
    },
    {
      say: "My apologies. Could you tell me last month's GMV for 华东, please?",
      kind: 'fresh',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastMonth(ctx), where: { region: ['华东'] } }) },
      note: 'GMV, last full month, region = 华东.',
    },
    {
      say: 'And the same figure for 华南, if you would.',
      kind: 'replace_filter',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastMonth(ctx), where: { region: ['华南'] } }) },
      note: 'Region = 华南 replaces 华东; GMV, last month.',
    },
    {
      say: 'Could I see 华南 over the last three months instead?',
      kind: 'replace_period',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastN(ctx, 3), where: { region: ['华南'] } }) },
      note: 'GMV for 华南 over the last three full months (one total).',
    },
    {
      say: 'Please show it month by month.',
      kind: 'add_breakdown',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastN(ctx, 3), where: { region: ['华南'] }, by: 'month' }) },
      note: 'GMV for 华南 by month, the last three months.',
    },
    {
      say: 'Thank you. Now the same for all regions combined, please.',
      kind: 'lift_filter',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'gmv', period: lastN(ctx, 3), by: 'month' }) },
      note: 'The region filter lifted; GMV by month, last three months, all regions together.',
    },
    {
      say: 'I would like to understand what drove the increase over those three months compared with the three months before. Could you decompose it by region?',
      kind: 'ask_why',
      expect: { sql: (ctx) => why(ctx, DB, { metric: 'gmv', by: 'region' }, priorN(ctx, 3), lastN(ctx, 3)) },
      note: 'Why GMV changed: the last three months against the three months before, decomposed by region (named), no filter.',
    },
    {
      say: 'Could you do the same for returning customers only?',
      kind: 'add_filter',
      expect: {
        sql: (ctx) => why(ctx, DB, { metric: 'gmv', where: { customer_type: ['returning'] }, by: 'region' }, priorN(ctx, 3), lastN(ctx, 3)),
      },
      note: 'After the why: the same why with customer_type = returning added: GMV change, last three months vs the three before, by region.',
    },
    {
      say: 'Let us set that aside and start afresh. Which region had the highest average order value last month?',
      kind: 'reset',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'aov', period: lastMonth(ctx), by: 'region', top: { n: 1 } }) },
      note: 'A reset; fresh: AOV by region, last full month, the top 1.',
    },
    {
      say: 'And which two regions were lowest?',
      kind: 'change_ranking',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'aov', period: lastMonth(ctx), by: 'region', top: { n: 2, order: 'asc' } }) },
      note: 'AOV by region, last month, the bottom 2.',
    },
    {
      say: 'How many buyers did each region have?',
      kind: 'replace_metric',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'buyers', period: lastMonth(ctx), by: 'region' }) },
      note: 'Buyers (distinct paying users) for every region, last month; "each region" asks for all of them, so no ranking cut.',
    },
    {
      say: 'What was our marketing spend in 西南 last month?',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'Marketing spend: not in the catalog; ask back. The thread stays at buyers by region.',
    },
    {
      say: 'I see. And for the month before, please?',
      kind: 'replace_period',
      expect: { sql: (ctx) => ask(ctx, DB, { metric: 'buyers', period: monthBefore(ctx), by: 'region' }) },
      note: 'Buyers by region for the month before the last full month (the clarification left the thread at buyers by region).',
    },
    {
      say: 'Could you break that down further by city?',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'City: the catalog has no city dimension (region is the finest place); ask back.',
    },
  ],
};

export const BLIND_DEMO_FOLLOWUPS: Conversation[] = [OPS_ZH, CATEGORY_EN, GROWTH_MIXED, DIRECTOR_EN];
