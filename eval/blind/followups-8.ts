/**
 * Blind follow-up set 8: five multi-turn analyst conversations (70 turns, 14 each), written without reading how Baton
 * parses language, to test the follow-up reader on the way business users actually type in chat.
 *
 * Personas:
 *   1. chinook-8-head-of-sales (Chinook, en): a head of sales who types fast in lowercase, with abbreviations
 *      (rev, custs, q3, vs, yoy, mom, excl., incl., w/), no question marks, and one-word follow-ups ("2024", "why",
 *      "orders", "custs").
 *   2. chinook-8-regional-director (Chinook, zh): a regional director asking for 同比 and 环比, 为什么 questions,
 *      只看/去掉 filters and 前N/后N rankings, and for a market share (份额) and a margin share (毛利占比) the data
 *      cannot give.
 *   3. chinook-8-team-lead-mixed (Chinook, mixed): a team lead mixing Chinese and English in the same sentence, who
 *      starts over once and asks for a rating and a churn rate the catalog has no data for.
 *   4. demo-8-cfo (demo shop, en): a CFO, formal, who asks for a comparison and drills in ("What drove that?",
 *      "Exclude East China", "Now only new customers", "How does that compare with the prior month?").
 *   5. demo-8-ops-lead (demo shop, zh): an operations lead typing very short messages (那上个月呢, 按区域, 只看华南,
 *      换成订单数, 倒数三个, 为啥), whose very first message is a follow-up.
 *
 * How it was written: blind. The only files read were catalogs/chinook.yaml, catalogs/demo.yaml,
 * eval/conversations/types.ts, eval/conversations/sql.ts, eval/blind/chinook-values.ts, the EvalContext and Answer
 * types of eval/cases.ts and scripts/check-conversation-sql.ts; values and ties were checked with psql against
 * baton_chinook and baton_test. Nothing under src/, test/, docs/ or any other case set was read, so the wording
 * follows the personas, not a parser.
 *
 * Reading conventions (each turn's `note` states its reading):
 *   - Chinook: "today" is 2026-11-30: "this year" is 2026 (no data), "last year" 2025, "the year before"/前年 2024.
 *     Data runs 2021-01-01 to 2025-12-22. Quarters and halves are calendar ones. "Last month" is avoided on Chinook.
 *     Demo shop: dates come from the EvalContext; "last month" is ctx.last, the month before it ctx.previous.
 *   - A first question that names no period means all of the data. A later question that names no period keeps the
 *     conversation's period (after a reset, none means all of the data).
 *   - Filters and the period carry over until the user changes them. A new breakdown replaces the previous one unless
 *     the user says to add it. A reset drops everything. A turn that ends needs_clarification leaves the thread as it
 *     was.
 *   - A ranking (top/bottom n) carries over with its breakdown until the user changes it; a new breakdown says
 *     whether all members or a top n are wanted, or has no more members than the ranking's n.
 *   - A why compares the thread's period with the one just before it (same length) unless the user names the other
 *     period, decomposed by the thread's breakdown dimension or the one the user names (country if none on Chinook,
 *     region on the demo). After a why the thread keeps the why's metric, filters and period; every turn after a why
 *     names its breakdown or keeps one that is also the why's dimension. A message after a why that names a figure
 *     ("break the 2024 number down by rep") returns to figures.
 *   - Chinook money: revenue by country, city or support rep is invoice totals; by genre, artist, album or media type
 *     it is track revenue. "Customers who bought" is distinct buying customers; 销量 is tracks sold; AOV is the
 *     average invoice total.
 *   - Shares (占比, 份额): sql.ts has no helper for a member's part of a total, so no turn expects a share as a number;
 *     份额 and 占比 appear only where the data cannot give them at all: a market share (needs the whole market) and a
 *     margin share (needs costs), both clarify.
 *   - A comparison ("vs", "mom", 同比, 环比, "compare with the prior month") is keyed by its two periods and asked with
 *     no breakdown; the turn after one names its period, or is a why of the comparison's change ("What drove
 *     that?": the later period against the earlier one).
 */
import { ask, compare, months, quarter, why, year } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';
import { ALL_COUNTRIES, allBut } from './chinook-values';

/** The demo shop's five regions. */
const ALL_REGIONS = ['华东', '华北', '华南', '西南', '东北'];

const headOfSales: Conversation = {
  id: 'chinook-8-head-of-sales',
  database: 'chinook',
  language: 'en',
  turns: [
    {
      say: 'rev 2025 by country top 5',
      kind: 'fresh',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2025), by: 'country', top: { n: 5 } }) },
      note: 'revenue (invoice totals), 2025, by country, top 5',
    },
    {
      say: '2024',
      kind: 'replace_period',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2024), by: 'country', top: { n: 5 } }) },
      note: 'revenue, period replaced by 2024, by country, top 5 kept',
    },
    {
      say: 'why',
      kind: 'ask_why',
      expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', by: 'country' }, year(2023), year(2024)) },
      note: 'why of revenue: 2024 against the year just before (2023), decomposed by the thread breakdown, country',
    },
    {
      say: 'ok break the 2024 number down by rep',
      kind: 'add_breakdown',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2024), by: 'support_rep' }) },
      note: 'names a figure after the why, so back to figures: revenue, 2024, by support rep (all 3, the old top 5 is moot)',
    },
    {
      say: 'excl. usa',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'revenue',
            period: year(2024),
            where: { country: allBut(ALL_COUNTRIES, 'USA') },
            by: 'support_rep',
          }),
      },
      note: 'revenue, 2024, countries other than the USA, by support rep',
    },
    {
      say: 'q3 2024',
      kind: 'replace_period',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'revenue',
            period: quarter(2024, 3),
            where: { country: allBut(ALL_COUNTRIES, 'USA') },
            by: 'support_rep',
          }),
      },
      note: 'revenue, Q3 2024, excluding the USA (kept), by support rep (kept)',
    },
    {
      say: 'orders',
      kind: 'replace_metric',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'orders',
            period: quarter(2024, 3),
            where: { country: allBut(ALL_COUNTRIES, 'USA') },
            by: 'support_rep',
          }),
      },
      note: 'orders (invoices), Q3 2024, excluding the USA, by support rep',
    },
    {
      say: 'incl usa again',
      kind: 'lift_filter',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'orders', period: quarter(2024, 3), by: 'support_rep' }) },
      note: 'orders, Q3 2024, the USA exclusion lifted (all countries), by support rep',
    },
    {
      say: 'custs',
      kind: 'replace_metric',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'customers', period: quarter(2024, 3), by: 'support_rep' }) },
      note: 'buying customers (distinct customers with an invoice), Q3 2024, all countries, by support rep',
    },
    {
      say: 'profit margin per rep',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'no cost data in Chinook: a margin cannot be computed; the thread stays on buying customers, Q3 2024, by rep',
    },
    {
      say: 'ok scratch all that. q4 rev 2025 vs 2024 yoy',
      kind: 'reset',
      expect: {
        sql: (ctx) => compare(ctx, 'chinook', { metric: 'revenue' }, { '2025-Q4': quarter(2025, 4), '2024-Q4': quarter(2024, 4) }),
      },
      note: 'reset; revenue, Q4 2025 against Q4 2024 (year over year), no filter, no breakdown',
    },
    {
      say: 'dec mom',
      kind: 'replace_period',
      expect: {
        sql: (ctx) => compare(ctx, 'chinook', { metric: 'revenue' }, { '2025-12': months('2025-12'), '2025-11': months('2025-11') }),
      },
      note: 'revenue, December 2025 (the year of the thread) against November 2025 (month over month), no breakdown',
    },
    {
      say: 'q4 2025 rev by genre top 5',
      kind: 'add_breakdown',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: quarter(2025, 4), by: 'genre', top: { n: 5 } }),
      },
      note: 'revenue by genre is track revenue; Q4 2025, by genre, top 5',
    },
    {
      say: 'same w/ only usa',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'track_revenue',
            period: quarter(2025, 4),
            where: { country: ['USA'] },
            by: 'genre',
            top: { n: 5 },
          }),
      },
      note: 'track revenue, Q4 2025, USA only, by genre, top 5 kept (exactly 5 genres sold there)',
    },
  ],
};

const regionalDirector: Conversation = {
  id: 'chinook-8-regional-director',
  database: 'chinook',
  language: 'zh',
  turns: [
    {
      say: '2025年总销售额同比怎么样？',
      kind: 'fresh',
      expect: { sql: (ctx) => compare(ctx, 'chinook', { metric: 'revenue' }, { '2025': year(2025), '2024': year(2024) }) },
      note: '销售额 = revenue (invoice totals); 2025 against 2024 (同比), no breakdown',
    },
    {
      say: '为什么比2024年少了？按国家拆开看看',
      kind: 'ask_why',
      expect: { sql: (ctx) => why(ctx, 'chinook', { metric: 'revenue', by: 'country' }, year(2024), year(2025)) },
      note: 'why of revenue, 2024 → 2025, decomposed by country (named)',
    },
    {
      say: '2025年销售额前五的国家是哪些',
      kind: 'change_ranking',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: year(2025), by: 'country', top: { n: 5 } }) },
      note: 'back to figures: revenue, 2025, by country (the why dimension), top 5',
    },
    {
      say: '去掉美国',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'revenue',
            period: year(2025),
            where: { country: allBut(ALL_COUNTRIES, 'USA') },
            by: 'country',
            top: { n: 5 },
          }),
      },
      note: 'revenue, 2025, countries other than the USA, by country, top 5 kept',
    },
    {
      say: '后三名呢',
      kind: 'change_ranking',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'revenue',
            period: year(2025),
            where: { country: allBut(ALL_COUNTRIES, 'USA') },
            by: 'country',
            top: { n: 3, order: 'asc' },
          }),
      },
      note: 'revenue, 2025, excluding the USA, by country, bottom 3 (of the countries with sales in 2025)',
    },
    {
      say: '那我们在这几个国家的市场份额有多少',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'market share needs the whole market, which the data does not have (only our own invoices): clarify',
    },
    {
      say: '好，换个话题。2024年各流派的销量前五',
      kind: 'reset',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: year(2024), by: 'genre', top: { n: 5 } }),
      },
      note: 'reset; 销量 = tracks sold, 2024, by genre, top 5, no country filter',
    },
    {
      say: '只看美国',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'tracks_sold',
            period: year(2024),
            where: { country: ['USA'] },
            by: 'genre',
            top: { n: 5 },
          }),
      },
      note: 'tracks sold, 2024, USA only, by genre, top 5 kept',
    },
    {
      say: '换成葡萄牙',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'tracks_sold',
            period: year(2024),
            where: { country: ['Portugal'] },
            by: 'genre',
            top: { n: 5 },
          }),
      },
      note: 'tracks sold, 2024, Portugal instead of the USA, by genre, top 5 kept',
    },
    {
      say: '换成销售额看',
      kind: 'replace_metric',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', {
            metric: 'track_revenue',
            period: year(2024),
            where: { country: ['Portugal'] },
            by: 'genre',
            top: { n: 5 },
          }),
      },
      note: '销售额 by genre is track revenue; 2024, Portugal, by genre, top 5 kept',
    },
    {
      say: '各流派的毛利占比呢',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'a margin share needs costs, which Chinook does not have: clarify; the thread stays on Portugal 2024 by genre',
    },
    {
      say: '加拿大2025年第四季度的总销售额环比呢',
      kind: 'replace_period',
      expect: {
        sql: (ctx) =>
          compare(
            ctx,
            'chinook',
            { metric: 'revenue', where: { country: ['Canada'] } },
            {
              '2025-Q4': quarter(2025, 4),
              '2025-Q3': quarter(2025, 3),
            },
          ),
      },
      note: 'names Canada (replacing Portugal) and the total: revenue, Canada, Q4 2025 against Q3 2025 (环比), no breakdown',
    },
    {
      say: '为什么跌了这么多？按销售代表看',
      kind: 'ask_why',
      expect: {
        sql: (ctx) =>
          why(ctx, 'chinook', { metric: 'revenue', where: { country: ['Canada'] }, by: 'support_rep' }, quarter(2025, 3), quarter(2025, 4)),
      },
      note: 'why of revenue, Canada, Q3 → Q4 2025, decomposed by support rep (named)',
    },
    {
      say: '不限国家，2025年第四季度各销售代表的销售额',
      kind: 'lift_filter',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'revenue', period: quarter(2025, 4), by: 'support_rep' }) },
      note: 'a figure after the why: revenue, Q4 2025, Canada filter lifted (all countries), by support rep (all 3)',
    },
  ],
};

const teamLeadMixed: Conversation = {
  id: 'chinook-8-team-lead-mixed',
  database: 'chinook',
  language: 'mixed',
  turns: [
    {
      say: '帮我看下 2023 年的 revenue by media type',
      kind: 'fresh',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2023), by: 'media_type' }) },
      note: 'revenue by media type is track revenue; 2023, by media type (all 5)',
    },
    {
      say: '换成 tracks sold',
      kind: 'replace_metric',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: year(2023), by: 'media_type' }) },
      note: 'tracks sold, 2023, by media type',
    },
    {
      say: '只看 Rock 的',
      kind: 'add_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: year(2023), where: { genre: ['Rock'] }, by: 'media_type' }),
      },
      note: 'tracks sold, 2023, genre Rock, by media type',
    },
    {
      say: 'H1 2024 呢',
      kind: 'replace_period',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'tracks_sold', period: months('2024-06', 6), where: { genre: ['Rock'] }, by: 'media_type' }),
      },
      note: 'tracks sold, first half of 2024 (Jan–Jun), Rock kept, by media type',
    },
    {
      say: 'Rock 换成 Metal',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'tracks_sold', period: months('2024-06', 6), where: { genre: ['Metal'] }, by: 'media_type' }),
      },
      note: 'tracks sold, H1 2024, genre Metal instead of Rock, by media type',
    },
    {
      say: '这些 tracks 的 average rating 是多少',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'Chinook has no ratings: clarify; the thread stays on tracks sold, H1 2024, Metal, by media type',
    },
    {
      say: 'genre filter 不要了',
      kind: 'lift_filter',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: months('2024-06', 6), by: 'media_type' }) },
      note: 'tracks sold, H1 2024, all genres, by media type',
    },
    {
      say: '改成按 sales rep 分',
      kind: 'add_breakdown',
      expect: { sql: (ctx) => ask(ctx, 'chinook', { metric: 'tracks_sold', period: months('2024-06', 6), by: 'support_rep' }) },
      note: 'tracks sold, H1 2024, by support rep (replaces media type; 3 members)',
    },
    {
      say: 'ok start over。2025 年 top 3 artists by revenue',
      kind: 'reset',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), by: 'artist', top: { n: 3 } }),
      },
      note: 'reset; revenue by artist is track revenue; 2025, by artist, top 3',
    },
    {
      say: 'top 5 呢',
      kind: 'change_ranking',
      expect: {
        sql: (ctx) => ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), by: 'artist', top: { n: 5 } }),
      },
      note: 'track revenue, 2025, by artist, top 5',
    },
    {
      say: '只看 Canada 的 customers',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'chinook', { metric: 'track_revenue', period: year(2025), where: { country: ['Canada'] }, by: 'artist', top: { n: 5 } }),
      },
      note: 'track revenue, 2025, customers in Canada, by artist, top 5 kept',
    },
    {
      say: '2025 Q4 的 revenue 为什么比 Q3 低这么多？按 genre 拆',
      kind: 'ask_why',
      expect: {
        sql: (ctx) =>
          why(ctx, 'chinook', { metric: 'track_revenue', where: { country: ['Canada'] }, by: 'genre' }, quarter(2025, 3), quarter(2025, 4)),
      },
      note: 'why of revenue (by genre: track revenue), Canada kept, Q3 → Q4 2025 (named), decomposed by genre (named)',
    },
    {
      say: '换成 tracks sold 再解释一下',
      kind: 'replace_metric',
      expect: {
        sql: (ctx) =>
          why(ctx, 'chinook', { metric: 'tracks_sold', where: { country: ['Canada'] }, by: 'genre' }, quarter(2025, 3), quarter(2025, 4)),
      },
      note: 'the same why with tracks sold: Canada, Q3 → Q4 2025, by genre',
    },
    {
      say: '那 churn rate 呢，哪个 genre 流失最多',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'no churn metric or subscription data in the catalog: clarify',
    },
  ],
};

const cfo: Conversation = {
  id: 'demo-8-cfo',
  database: 'demo',
  language: 'en',
  turns: [
    {
      say: 'What was our GMV last month?',
      kind: 'fresh',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last) }) },
      note: 'GMV (paid orders), last month (ctx.last), no breakdown',
    },
    {
      say: 'How does that compare with the prior month?',
      kind: 'replace_period',
      expect: {
        sql: (ctx) => compare(ctx, 'demo', { metric: 'gmv' }, { [ctx.last]: months(ctx.last), [ctx.previous]: months(ctx.previous) }),
      },
      note: 'GMV, last month against the month before it (ctx.previous), keyed by the two months',
    },
    {
      say: 'What drove that?',
      kind: 'ask_why',
      expect: { sql: (ctx) => why(ctx, 'demo', { metric: 'gmv', by: 'region' }, months(ctx.previous), months(ctx.last)) },
      note: 'why of GMV, previous month → last month, decomposed by region (the demo default, no breakdown in the thread)',
    },
    {
      say: "Please break last month's figure down by category.",
      kind: 'add_breakdown',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), by: 'category' }) },
      note: 'names a figure after the why: back to figures, GMV, last month, by category (all 8)',
    },
    {
      say: 'Exclude East China.',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), where: { region: allBut(ALL_REGIONS, '华东') }, by: 'category' }),
      },
      note: 'GMV, last month, every region but 华东, by category',
    },
    {
      say: 'Show me the number of orders instead.',
      kind: 'replace_metric',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last), where: { region: allBut(ALL_REGIONS, '华东') }, by: 'category' }),
      },
      note: 'paid orders, last month, excluding 华东, by category',
    },
    {
      say: 'Now only new customers.',
      kind: 'add_filter',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', {
            metric: 'orders',
            period: months(ctx.last),
            where: { region: allBut(ALL_REGIONS, '华东'), customer_type: ['new'] },
            by: 'category',
          }),
      },
      note: 'paid orders, last month, excluding 华东, new customers only (first paid order that month), by category',
    },
    {
      say: 'What was the refund rate on those orders?',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'the shop has no refund data: clarify; the thread stays as it was',
    },
    {
      say: 'And for the month before?',
      kind: 'replace_period',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', {
            metric: 'orders',
            period: months(ctx.previous),
            where: { region: allBut(ALL_REGIONS, '华东'), customer_type: ['new'] },
            by: 'category',
          }),
      },
      note: 'paid orders, the month before last (ctx.previous), excluding 华东, new customers, by category',
    },
    {
      say: 'Only the top three categories, please.',
      kind: 'change_ranking',
      expect: {
        sql: (ctx) =>
          ask(ctx, 'demo', {
            metric: 'orders',
            period: months(ctx.previous),
            where: { region: allBut(ALL_REGIONS, '华东'), customer_type: ['new'] },
            by: 'category',
            top: { n: 3 },
          }),
      },
      note: 'paid orders, ctx.previous, excluding 华东, new customers, by category, top 3',
    },
    {
      say: 'How are our key accounts performing?',
      kind: 'needs_clarification',
      expect: clarify,
      note: '"key accounts" is defined nowhere (top customers by what? a customer list?): any reading is a guess',
    },
    {
      say: 'Let us start afresh. Average order value by registration channel over the last three months.',
      kind: 'reset',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'aov', period: months(ctx.last, 3), by: 'channel' }) },
      note: 'reset; AOV (GMV / paid orders), the three months ending with last month, by channel (all 4)',
    },
    {
      say: 'Now only North China.',
      kind: 'add_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'demo', { metric: 'aov', period: months(ctx.last, 3), where: { region: ['华北'] }, by: 'channel' }),
      },
      note: 'AOV, last three months, region 华北, by channel',
    },
    {
      say: 'Southwest China instead, please.',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'demo', { metric: 'aov', period: months(ctx.last, 3), where: { region: ['西南'] }, by: 'channel' }),
      },
      note: 'AOV, last three months, region 西南 instead of 华北, by channel',
    },
  ],
};

const opsLead: Conversation = {
  id: 'demo-8-ops-lead',
  database: 'demo',
  language: 'zh',
  turns: [
    {
      say: '那上个月呢',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'a follow-up as the very first message: nothing to carry over (no metric): clarify',
    },
    {
      say: '上上个月各品类销售额',
      kind: 'fresh',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.previous), by: 'category' }) },
      note: 'GMV, the month before last (ctx.previous), by category (all, orders without a category as their own member)',
    },
    {
      say: '那上个月呢',
      kind: 'replace_period',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), by: 'category' }) },
      note: 'GMV, last month (ctx.last), by category',
    },
    {
      say: '按区域',
      kind: 'add_breakdown',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'gmv', period: months(ctx.last), by: 'region' }) },
      note: 'GMV, last month, by region (replaces category; all 5)',
    },
    {
      say: '换成订单数',
      kind: 'replace_metric',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last), by: 'region' }) },
      note: 'paid orders, last month, by region',
    },
    {
      say: '倒数三个',
      kind: 'change_ranking',
      expect: {
        sql: (ctx) => ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last), by: 'region', top: { n: 3, order: 'asc' } }),
      },
      note: 'paid orders, last month, by region, bottom 3',
    },
    {
      say: '为啥',
      kind: 'ask_why',
      expect: { sql: (ctx) => why(ctx, 'demo', { metric: 'orders', by: 'region' }, months(ctx.previous), months(ctx.last)) },
      note: 'why of paid orders, previous month → last month, decomposed by the thread breakdown, region (all regions)',
    },
    {
      say: '按品类看为啥',
      kind: 'ask_why',
      expect: { sql: (ctx) => why(ctx, 'demo', { metric: 'orders', by: 'category' }, months(ctx.previous), months(ctx.last)) },
      note: 'the same why, decomposed by category (named)',
    },
    {
      say: '只看华南，上个月各品类单量',
      kind: 'add_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last), where: { region: ['华南'] }, by: 'category' }),
      },
      note: 'figures after the why, naming its breakdown: paid orders, last month, 华南, by category (all)',
    },
    {
      say: '换华北',
      kind: 'replace_filter',
      expect: {
        sql: (ctx) => ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last), where: { region: ['华北'] }, by: 'category' }),
      },
      note: 'paid orders, last month, 华北 instead of 华南, by category',
    },
    {
      say: '不分区域',
      kind: 'lift_filter',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'orders', period: months(ctx.last), by: 'category' }) },
      note: 'paid orders, last month, all regions, by category',
    },
    {
      say: '换成客单价',
      kind: 'replace_metric',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'aov', period: months(ctx.last), by: 'category' }) },
      note: 'AOV, last month, all regions, by category',
    },
    {
      say: '库存还够吗',
      kind: 'needs_clarification',
      expect: clarify,
      note: 'no stock data in the shop: clarify',
    },
    {
      say: '重新来，上个月新客数',
      kind: 'reset',
      expect: { sql: (ctx) => ask(ctx, 'demo', { metric: 'new_customers', period: months(ctx.last) }) },
      note: 'reset; new customers (first paid order in the month), last month, no breakdown',
    },
  ],
};

export const BLIND_FOLLOWUPS_8: Conversation[] = [headOfSales, regionalDirector, teamLeadMixed, cfo, opsLead];
