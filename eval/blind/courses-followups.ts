/**
 * Blind follow-up conversations over Learnloop (the online-courses marketplace, baton_courses): three personas (an
 * English head of content, a Chinese 财务 analyst, and a growth marketer who mixes Chinese and English), 36 turns in
 * all.
 *
 * How it was written: blind. The writer read only eval/conversations/types.ts, eval/conversations/sql.ts, the
 * EvalContext and Answer types of eval/cases.ts, scripts/check-conversation-sql.ts, the header and first conversation
 * of eval/blind/rental-followups.ts (for the style), the Learnloop data dictionary (test/fixtures/courses/README.md)
 * and catalogs/courses.yaml (for which measures and dimensions exist, what they mean and how their values are
 * written; the SQL of the COURSES schema in eval/conversations/sql.ts was written from the data dictionary's finance
 * definitions, not copied from the catalog), and queried the Learnloop tables with psql to pick periods with data and
 * rankings with no tie across their cut. Nothing under src/, test/ (beyond the data dictionary) or docs/, and no
 * other case set, was read: the turns are written as business users type, not to fit the assistant's parser. Every
 * expectation is hand-written SQL through the helpers of eval/conversations/sql.ts (or `clarify`).
 *
 * Reading conventions (each turn's `note` states its reading):
 *   - "Today" is 2026-12-01. The data runs from 2023-01-01 to 2026-11-30 (extract 2026-11-30 23:59:59 UTC).
 *     "Last month" / "上个月" is 2026-11, "10月" / "October" is 2026-10. "This year", "YTD", "今年", "so far this
 *     year" is 2026-01-01 to 2026-11-30 (all of 2026 that has data). "Last year" is 2025. "Q3" / "last quarter" is
 *     2026-Q3 (July–September 2026; Q4 is not over), "Q2" 2026-Q2, "the same quarter last year" 2025-Q3. Quarters are
 *     calendar ones; months are UTC months.
 *   - Every measure here is one of the catalog's sales measures, dated by the PAYMENT time (orders.paid_ts) and
 *     counting sales only (checkouts PAID or REFUNDED; a later refund is booked separately), test learners excluded,
 *     money in USD ex-tax: "revenue", "收入", "rev" is gross bookings (order subtotals); "course revenue" the same one
 *     course at a time (line prices; asked when the breakdown is by course category, language, level or
 *     instructor); "订单数" paid orders (subtotal above zero); "客单价" / "AOV" revenue per paid order; "paying
 *     learners" distinct buyers with a paid order; "courses sold" course lines with a price above zero.
 *   - Category is the top-level category (a subcategory rolled up to its parent). Country, sign-up channel and
 *     customer type are the BUYER's; platform and payment method the checkout's.
 *   - Filters and the period carry over until the user changes them. A new breakdown replaces the previous one
 *     (the query shape has one). A reset drops everything and its question is asked fresh. A turn that ends
 *     needs_clarification leaves the thread as it was.
 *   - A ranking (top n) carries over with its breakdown until the user changes it. Where a new breakdown is asked
 *     for, all its members are wanted unless the user says top n.
 *   - A "why" compares the thread's period with the one just before it (same length) unless the user names both
 *     periods (all three here name both), and is decomposed by the dimension the user names; only additive measures
 *     (revenue, course revenue) are asked why. After a why, the thread keeps the why's metric, filters and later
 *     period; the turn after a why names its breakdown.
 *   - Words the catalog has no measure for (NPS, 毛利率 / profit margin, CAC) and a follow-up with nothing before it
 *     must end needs_clarification.
 */
import { ask, months, quarter, why } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

const NOV_2026 = months('2026-11');
const OCT_2026 = months('2026-10');
/** This year so far: 2026-01-01 to 2026-11-30, the last day with data. */
const YTD_2026 = months('2026-11', 11);
const Q2_2026 = quarter(2026, 2);
const Q3_2026 = quarter(2026, 3);
const Q3_2025 = quarter(2025, 3);

const BEGINNER = { level: ['Beginner'] };
const ADVANCED = { level: ['Advanced'] };

export const BLIND_COURSES_FOLLOWUPS: Conversation[] = [
  {
    id: 'blind-courses-content-head',
    database: 'courses',
    language: 'en',
    turns: [
      {
        say: "Hi! I run content at Learnloop. Can you show me course revenue by category for Q3 this year? I'm prepping the catalogue review.",
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'line_revenue', period: Q3_2026, by: 'category' }) },
        note: 'course revenue (line prices of sales, by payment), 2026-Q3, by top-level category, all eight',
      },
      {
        say: 'and the same quarter last year?',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'line_revenue', period: Q3_2025, by: 'category' }) },
        note: 'course revenue, 2025-Q3 (the same quarter a year earlier), by category',
      },
      {
        say: 'Big jump. Why did course revenue grow from Q3 2025 to Q3 2026 — which categories drove it?',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'courses', { metric: 'line_revenue', by: 'category' }, Q3_2025, Q3_2026) },
        note: 'why of course revenue, 2025-Q3 → 2026-Q3 (both named), decomposed by category (named)',
      },
      {
        say: 'Got it. For Q3 this year, break course revenue down by the language the course is taught in instead.',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'line_revenue', period: Q3_2026, by: 'course_language' }) },
        note: 'after the why: course revenue, 2026-Q3 (the why’s later period), by course language (replaces category), all languages',
      },
      {
        say: 'only beginner-level courses pls',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'courses', { metric: 'line_revenue', period: Q3_2026, where: BEGINNER, by: 'course_language' }),
        },
        note: 'course revenue, 2026-Q3, level = Beginner (added), by course language',
      },
      {
        say: 'How many courses did we actually sell there, rather than dollars?',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => ask(ctx, 'courses', { metric: 'courses_sold', period: Q3_2026, where: BEGINNER, by: 'course_language' }),
        },
        note: 'courses sold (priced lines of sales), 2026-Q3, level = Beginner, by course language',
      },
      {
        say: 'Just the top 3 languages.',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', { metric: 'courses_sold', period: Q3_2026, where: BEGINNER, by: 'course_language', top: { n: 3 } }),
        },
        note: 'courses sold, 2026-Q3, level = Beginner, by course language, top 3 (most sold)',
      },
      {
        say: 'Can you put the learner NPS next to each of those?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'the catalog has no NPS measure: must ask back; the thread stays courses sold 2026-Q3 Beginner by language top 3',
      },
      {
        say: 'ok never mind. same thing for advanced courses?',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', { metric: 'courses_sold', period: Q3_2026, where: ADVANCED, by: 'course_language', top: { n: 3 } }),
        },
        note: 'courses sold, 2026-Q3, level = Advanced (replaces Beginner), by course language, top 3 (carried)',
      },
      {
        say: 'And across all levels, no level filter?',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'courses_sold', period: Q3_2026, by: 'course_language', top: { n: 3 } }) },
        note: 'courses sold, 2026-Q3, level filter lifted, by course language, top 3 (carried)',
      },
      {
        say: 'Thanks. New question, forget the above: who were our top 5 instructors by course revenue last month?',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'line_revenue', period: NOV_2026, by: 'instructor', top: { n: 5 } }) },
        note: 'reset: course revenue, 2026-11 (last month), by instructor, top 5; no filter',
      },
      {
        say: 'and for the year so far?',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'line_revenue', period: YTD_2026, by: 'instructor', top: { n: 5 } }) },
        note: 'course revenue, 2026-01-01 to 2026-11-30 (this year to date), by instructor, top 5 (carried)',
      },
    ],
  },
  {
    id: 'blind-courses-finance-zh',
    database: 'courses',
    language: 'zh',
    turns: [
      {
        say: '那按国家拆一下呢？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'a follow-up with nothing before it (no metric, no period): must ask back; no thread yet',
      },
      {
        say: '不好意思，重新问：今年每个月的收入分别是多少？做月报用',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: YTD_2026, by: 'month' }) },
        note: '收入 revenue (gross bookings, ex-tax, by payment), 2026-01..2026-11 (今年), by month',
      },
      {
        say: '换成订单数看看',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'paid_orders', period: YTD_2026, by: 'month' }) },
        note: 'paid orders (subtotal above zero), 2026 YTD, by month',
      },
      {
        say: '客单价呢？',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'aov', period: YTD_2026, by: 'month' }) },
        note: 'AOV (revenue / paid orders), 2026 YTD, by month',
      },
      {
        say: '只看iOS端的',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'aov', period: YTD_2026, where: { platform: ['iOS'] }, by: 'month' }) },
        note: 'AOV, 2026 YTD, platform = iOS (added), by month',
      },
      {
        say: '安卓呢',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'courses', { metric: 'aov', period: YTD_2026, where: { platform: ['Android'] }, by: 'month' }),
        },
        note: 'AOV, 2026 YTD, platform = Android (replaces iOS), by month',
      },
      {
        say: '安卓这边不按月了，分企业学员和个人学员看',
        kind: 'add_breakdown',
        expect: {
          sql: (ctx) => ask(ctx, 'courses', { metric: 'aov', period: YTD_2026, where: { platform: ['Android'] }, by: 'customer_type' }),
        },
        note: 'AOV, 2026 YTD, platform = Android, by customer type (Company plan / Individual; replaces month), both',
      },
      {
        say: '顺便把这两类的毛利率也算一下',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'the catalog has no margin measure (毛利率): must ask back; the thread stays AOV 2026 YTD Android by customer type',
      },
      {
        say: '算了。重新来：上个月收入前五的国家是哪些？',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: NOV_2026, by: 'country', top: { n: 5 } }) },
        note: 'reset: revenue, 2026-11 (上个月), by buyer country, top 5; the Android filter is dropped',
      },
      {
        say: '11月收入比10月高了不少，为什么？按平台拆解一下',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'courses', { metric: 'revenue', by: 'platform' }, OCT_2026, NOV_2026) },
        note: 'why of revenue, 2026-10 → 2026-11 (both named), no filter, decomposed by platform (named)',
      },
      {
        say: '11月只看个人学员，收入前五的国家',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', {
              metric: 'revenue',
              period: NOV_2026,
              where: { customer_type: ['Individual'] },
              by: 'country',
              top: { n: 5 },
            }),
        },
        note: 'revenue, 2026-11, customer type = Individual (added), by country, top 5 (named)',
      },
      {
        say: '把个人学员这个条件去掉吧',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: NOV_2026, by: 'country', top: { n: 5 } }) },
        note: 'revenue, 2026-11, customer type filter lifted, by country, top 5 (carried)',
      },
    ],
  },
  {
    id: 'blind-courses-growth-mixed',
    database: 'courses',
    language: 'mixed',
    turns: [
      {
        say: '上个月哪几个 signup channel 带来的 paying learners 最多？给我 top 5',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'paying_learners', period: NOV_2026, by: 'signup_channel', top: { n: 5 } }) },
        note: 'paying learners (distinct buyers with a paid order), 2026-11, by buyer sign-up channel, top 5',
      },
      {
        say: 'Q3 呢',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'paying_learners', period: Q3_2026, by: 'signup_channel', top: { n: 5 } }) },
        note: 'paying learners, 2026-Q3, by sign-up channel, top 5 (carried)',
      },
      {
        say: 'just top 3 pls',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'paying_learners', period: Q3_2026, by: 'signup_channel', top: { n: 3 } }) },
        note: 'paying learners, 2026-Q3, by sign-up channel, top 3',
      },
      {
        say: '换成 revenue 看',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: Q3_2026, by: 'signup_channel', top: { n: 3 } }) },
        note: 'revenue (gross bookings), 2026-Q3, by sign-up channel, top 3 (carried)',
      },
      {
        say: '只看 iOS app 下的单',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', { metric: 'revenue', period: Q3_2026, where: { platform: ['iOS'] }, by: 'signup_channel', top: { n: 3 } }),
        },
        note: 'revenue, 2026-Q3, platform = iOS (added), by sign-up channel, top 3',
      },
      {
        say: 'android 呢?',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', {
              metric: 'revenue',
              period: Q3_2026,
              where: { platform: ['Android'] },
              by: 'signup_channel',
              top: { n: 3 },
            }),
        },
        note: 'revenue, 2026-Q3, platform = Android (replaces iOS), by sign-up channel, top 3',
      },
      {
        say: 'ok 去掉 platform 的 filter，all platforms',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: Q3_2026, by: 'signup_channel', top: { n: 3 } }) },
        note: 'revenue, 2026-Q3, platform filter lifted, by sign-up channel, top 3',
      },
      {
        say: 'Q3 revenue 比 Q2 涨了，why？按 platform 拆一下 contribution',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'courses', { metric: 'revenue', by: 'platform' }, Q2_2026, Q3_2026) },
        note: 'why of revenue, 2026-Q2 → 2026-Q3 (both named), no filter, decomposed by platform (named)',
      },
      {
        say: 'Q3 按 payment method 拆, 全部列出来',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: Q3_2026, by: 'payment_method' }) },
        note: 'after the why: revenue, 2026-Q3, by payment method (named), all methods, no ranking',
      },
      {
        say: '再加一列 paid social 的 CAC',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'the catalog has no acquisition-cost (CAC) measure: must ask back; the thread stays revenue 2026-Q3 by payment method',
      },
      {
        say: 'fine. 只看 individual learners (B2C) 的',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', { metric: 'revenue', period: Q3_2026, where: { customer_type: ['Individual'] }, by: 'payment_method' }),
        },
        note: 'revenue, 2026-Q3, customer type = Individual (added), by payment method',
      },
      {
        say: 'reset 一下。今年每个月的 AOV trend?',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'aov', period: YTD_2026, by: 'month' }) },
        note: 'reset: AOV, 2026-01..2026-11 (今年), by month; no filter',
      },
    ],
  },
];
