/**
 * Blind follow-up conversations over Learnloop (the online-courses marketplace, baton_courses), second set: four
 * personas (a growth marketer who types short English with abbreviations, a Chinese 运营 who types only colloquial
 * Chinese, a product manager who mixes Chinese and English in one line, and a CFO who writes full, polite English
 * sentences and often changes several things in one message), 40 turns in all.
 *
 * How it was written: blind. The writer read only eval/conversations/types.ts, eval/conversations/sql.ts, the
 * EvalContext and Answer types of eval/cases.ts, scripts/check-conversation-sql.ts, the header and first conversation
 * of eval/blind/rental-followups-2.ts (for the style; another database), the header comment of
 * eval/blind/courses-followups.ts (its reading conventions, not its conversations), the Learnloop data dictionary
 * (test/fixtures/courses/README.md) and catalogs/courses.yaml (for which measures and dimensions exist, what they mean
 * and how their values are written; the SQL of the COURSES schema in eval/conversations/sql.ts follows the data
 * dictionary's finance definitions), and queried the Learnloop tables with psql to pick periods with data, months
 * where the figure really moved, and rankings with no tie across their cut. Nothing under src/, test/ (beyond the
 * data dictionary) or docs/, and no other case set, was read: the turns are written as the personas type, not to fit
 * the assistant's parser. Every expectation is hand-written SQL through the helpers of eval/conversations/sql.ts (or
 * `clarify`).
 *
 * Reading conventions (each turn's `note` states its reading):
 *   - "Today" is 2026-12-01. The data runs from 2023-01-01 to 2026-11-30 (extract 2026-11-30 23:59:59 UTC).
 *     "Last month" / "last mo" / "上个月" is 2026-11. A month named without a year ("sep", "oct", "10月", "9月",
 *     "Jan", "1月", "二月", "Feb") is that month of 2026; "May and June 2025" names its year. "This year", "ytd",
 *     "今年" is 2026-01-01 to 2026-11-30 (all of 2026 that has data). "Last year" / "去年" is the calendar year 2025
 *     when the thread's period is a year; "the same for last year" / "去年同月" moves the thread's period back one
 *     year (2026-Q3 → 2025-Q3, 2026-11 → 2025-11). "Last quarter" / "上个季度" is 2026-Q3 (July–September 2026; Q4
 *     is not over), read from today; "q3" / "the third quarter of this year" is 2026-Q3. Quarters are calendar ones;
 *     months are UTC months.
 *   - Every measure here is one of the catalog's sales measures, dated by the PAYMENT time (orders.paid_ts), counting
 *     sales only (checkouts PAID or REFUNDED; a later refund is booked separately), test learners excluded, money in
 *     USD ex-tax: "rev", "revenue", "gross bookings", "收入" is gross bookings (order subtotals); asked by course
 *     category, course language or level, or with such a filter, it is "course revenue" (the same bookings one course
 *     at a time: line prices), the finer twin whose totals are the same. "# of orders", "订单数", "paid orders" is paid
 *     orders (subtotal above zero); "AOV", "average order value" revenue per paid order; "paying learners" distinct
 *     buyers with a paid order; "courses sold" course lines with a price above zero.
 *   - Country, sign-up ("acq") channel and customer type are the BUYER's; platform and payment method the
 *     checkout's; category (top level), course language and level the course's. "SEO" is the sign-up channel Organic
 *     search; "paid social" Paid social (old code SOC included); "app" / "苹果端" is the platforms iOS and Android /
 *     iOS; "个人和企业学员" is customer type (Individual, Company plan); "设计类" the category Design; "Japanese 的课"
 *     the course language Japanese (not the buyer's country).
 *   - Filters and the period carry over until the user changes them; a filter the user names replaces the one on the
 *     same dimension, and one on another dimension is added. "Excluding X" / "去掉X" keeps only rows whose dimension
 *     is known and not X (as SQL's NOT IN does: buyers with no country are left out too). A new breakdown replaces the
 *     previous one (the query shape has one). A reset ("new q:", "重新开始", "let us start afresh") drops everything
 *     and its question is asked fresh. A turn that ends needs_clarification leaves the thread as it was.
 *   - A ranking (top / bottom n) carries over with its breakdown until the user changes it, also across a change of
 *     metric, period or filter; a new breakdown asked for wants all its members unless the user says top n.
 *   - A "why" here always names both of its months, is decomposed by the dimension the user names, and is asked of
 *     revenue only (additive; course revenue when decomposed by category or course language); the thread's filters
 *     carry into it. After a why, the thread keeps the why's metric, filters and later month; the turn after a why
 *     names its breakdown.
 *   - Words the catalog has no measure for (CAC, profit margin, conversion rate from page views) and a follow-up with
 *     nothing to act on (a ranking asked of a single number) must end needs_clarification.
 */
import { ask, months, quarter, why, year } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

const NOV_2026 = months('2026-11');
const OCT_2026 = months('2026-10');
const SEP_2026 = months('2026-09');
const FEB_2026 = months('2026-02');
const JAN_2026 = months('2026-01');
const NOV_2025 = months('2025-11');
const JUN_2025 = months('2025-06');
const MAY_2025 = months('2025-05');
/** This year so far: 2026-01-01 to 2026-11-30, the last day with data. */
const YTD_2026 = months('2026-11', 11);
const Q3_2026 = quarter(2026, 3);
const Q3_2025 = quarter(2025, 3);
const Y2025 = year(2025);

const PAID_SOCIAL = { signup_channel: ['Paid social'] };
const SEO = { signup_channel: ['Organic search'] };
const NOT_US_INDIA = { country: ['United States', 'India'] };
const NOT_INDIA = { country: ['India'] };
const NOT_WEB = { platform: ['Web'] };
const UK = { country: ['United Kingdom'] };

export const BLIND_COURSES_FOLLOWUPS_2: Conversation[] = [
  {
    id: 'blind-courses2-growth-marketer',
    database: 'courses',
    language: 'en',
    turns: [
      {
        say: 'top 5 acq channels by rev last mo',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: NOV_2026, by: 'signup_channel', top: { n: 5 } }) },
        note: 'revenue (gross bookings), 2026-11 (last month), by the buyer’s sign-up channel, top 5 by revenue',
      },
      {
        say: 'split by platform instead',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: NOV_2026, by: 'platform' }) },
        note: 'revenue, 2026-11, by platform (replaces sign-up channel; a new breakdown: all three platforms, no ranking)',
      },
      {
        say: 'paid social only',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: NOV_2026, where: PAID_SOCIAL, by: 'platform' }) },
        note: 'revenue, 2026-11, sign-up channel = Paid social (added; old code SOC included), by platform',
      },
      {
        say: '# of orders?',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'paid_orders', period: NOV_2026, where: PAID_SOCIAL, by: 'platform' }) },
        note: 'paid orders (subtotal above zero), 2026-11, Paid social, by platform',
      },
      {
        say: 'q3 instead',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'paid_orders', period: Q3_2026, where: PAID_SOCIAL, by: 'platform' }) },
        note: 'paid orders, 2026-Q3 (July–September 2026), Paid social, by platform',
      },
      {
        say: 'what abt SEO',
        kind: 'replace_filter',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'paid_orders', period: Q3_2026, where: SEO, by: 'platform' }) },
        note: 'paid orders, 2026-Q3, sign-up channel = Organic search (SEO; replaces Paid social), by platform',
      },
      {
        say: 'AOV pls',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'aov', period: Q3_2026, where: SEO, by: 'platform' }) },
        note: 'AOV (revenue per paid order), 2026-Q3, Organic search, by platform',
      },
      {
        say: 'CAC by platform?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no acquisition-cost (CAC) measure in the catalog (no marketing spend): must ask back; the thread stays AOV 2026-Q3 Organic search by platform',
      },
      {
        say: "why'd SEO rev dip sep -> oct? break it down by platform",
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'courses', { metric: 'revenue', where: SEO, by: 'platform' }, SEP_2026, OCT_2026) },
        note: 'why of revenue (named), 2026-09 → 2026-10 (both named), sign-up channel = Organic search, decomposed by platform (Android rose, Web and iOS fell)',
      },
      {
        say: 'new q: top 5 countries by paying learners ytd',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'paying_learners', period: YTD_2026, by: 'country', top: { n: 5 } }) },
        note: 'reset: paying learners (distinct buyers with a paid order), 2026-01-01 to 2026-11-30, by buyer country, top 5; no channel filter',
      },
    ],
  },
  {
    id: 'blind-courses2-ops-zh',
    database: 'courses',
    language: 'zh',
    turns: [
      {
        say: '今年收入最高的10个国家是哪些？',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: YTD_2026, by: 'country', top: { n: 10 } }) },
        note: 'revenue, 2026 so far (2026-01-01 to 2026-11-30), by buyer country, top 10',
      },
      {
        say: '那去年呢',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: Y2025, by: 'country', top: { n: 10 } }) },
        note: 'revenue, 2025 (去年 after 今年: the calendar year), by country, top 10 (carried)',
      },
      {
        say: '换成订单数',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'paid_orders', period: Y2025, by: 'country', top: { n: 10 } }) },
        note: 'paid orders, 2025, by country, top 10 by paid orders',
      },
      {
        say: '去掉美国和印度',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'courses', { metric: 'paid_orders', period: Y2025, exclude: NOT_US_INDIA, by: 'country', top: { n: 10 } }),
        },
        note: 'paid orders, 2025, country not United States and not India (added exclusion), by country, top 10 of the rest',
      },
      {
        say: '按平台拆开看看',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'paid_orders', period: Y2025, exclude: NOT_US_INDIA, by: 'platform' }) },
        note: 'paid orders, 2025, excluding United States and India (carried), by platform (replaces country; all three, no ranking)',
      },
      {
        say: '换成上个月的',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'paid_orders', period: NOV_2026, exclude: NOT_US_INDIA, by: 'platform' }) },
        note: 'paid orders, 2026-11 (last month), excluding United States and India, by platform',
      },
      {
        say: '只看苹果端的，个人和企业学员分开看',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', {
              metric: 'paid_orders',
              period: NOV_2026,
              where: { platform: ['iOS'] },
              exclude: NOT_US_INDIA,
              by: 'customer_type',
            }),
        },
        note: 'paid orders, 2026-11, platform = iOS (added), excluding United States and India, by customer type (Individual, Company plan)',
      },
      {
        say: '苹果端10月的收入为什么比9月降了？按类目拆一下',
        kind: 'ask_why',
        expect: {
          sql: (ctx) =>
            why(
              ctx,
              'courses',
              { metric: 'line_revenue', where: { platform: ['iOS'] }, exclude: NOT_US_INDIA, by: 'category' },
              SEP_2026,
              OCT_2026,
            ),
        },
        note: 'why of revenue (course revenue, as it is decomposed by category), 2026-09 → 2026-10, iOS (named again), excluding United States and India (carried), decomposed by top-level category',
      },
      {
        say: '只看设计类的，按难度分一下',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', {
              metric: 'line_revenue',
              period: OCT_2026,
              where: { platform: ['iOS'], category: ['Design'] },
              exclude: NOT_US_INDIA,
              by: 'level',
            }),
        },
        note: 'course revenue (the why’s metric), 2026-10 (the why’s later month), iOS, excluding United States and India, category = Design (added), by level',
      },
      {
        say: '重新开始。上个季度收入最高的5位讲师是谁？',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'line_revenue', period: Q3_2026, by: 'instructor', top: { n: 5 } }) },
        note: 'reset: course revenue, 2026-Q3 (last quarter), by instructor, top 5; no platform, country or category filter',
      },
    ],
  },
  {
    id: 'blind-courses2-pm-mixed',
    database: 'courses',
    language: 'mixed',
    turns: [
      {
        say: '上个月的 revenue 按 platform 拆一下',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: NOV_2026, by: 'platform' }) },
        note: 'revenue, 2026-11 (last month), by platform (Web, iOS, Android)',
      },
      {
        say: '把 Web 去掉，只看 app',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: NOV_2026, exclude: NOT_WEB, by: 'platform' }) },
        note: 'revenue, 2026-11, platform not Web (iOS and Android), by platform',
      },
      {
        say: '换成 courses sold，by course language',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => ask(ctx, 'courses', { metric: 'courses_sold', period: NOV_2026, exclude: NOT_WEB, by: 'course_language' }),
        },
        note: 'courses sold (course lines priced above zero), 2026-11, app only (Web excluded, carried), by course language (replaces platform), all languages',
      },
      {
        say: 'top 3 就行',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', { metric: 'courses_sold', period: NOV_2026, exclude: NOT_WEB, by: 'course_language', top: { n: 3 } }),
        },
        note: 'courses sold, 2026-11, app only, by course language, top 3',
      },
      {
        say: 'bottom 3 呢?',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', {
              metric: 'courses_sold',
              period: NOV_2026,
              exclude: NOT_WEB,
              by: 'course_language',
              top: { n: 3, order: 'asc' },
            }),
        },
        note: 'courses sold, 2026-11, app only, by course language, bottom 3 (fewest sold among languages with sales)',
      },
      {
        say: 'Web 也算进来吧',
        kind: 'lift_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', { metric: 'courses_sold', period: NOV_2026, by: 'course_language', top: { n: 3, order: 'asc' } }),
        },
        note: 'courses sold, 2026-11, platform exclusion lifted (all platforms), by course language, bottom 3 (carried)',
      },
      {
        say: '去年同月呢',
        kind: 'replace_period',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', { metric: 'courses_sold', period: NOV_2025, by: 'course_language', top: { n: 3, order: 'asc' } }),
        },
        note: 'courses sold, 2025-11 (the same month last year), all platforms, by course language, bottom 3',
      },
      {
        say: '1月到2月 revenue 为什么掉了这么多? 按 course language 拆',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'courses', { metric: 'line_revenue', by: 'course_language' }, JAN_2026, FEB_2026) },
        note: 'why of revenue (course revenue, decomposed by course language), 2026-01 → 2026-02 (months without a year: 2026), no filter, decomposed by course language',
      },
      {
        say: 'ok，二月只看 Japanese 的课, by level',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'courses', { metric: 'line_revenue', period: FEB_2026, where: { course_language: ['Japanese'] }, by: 'level' }),
        },
        note: 'course revenue (the why’s metric), 2026-02, course language = Japanese (added), by level',
      },
      {
        say: '那这几个 level 的 conversion rate 呢？就是从 course page 浏览到下单的比例',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no page-view or conversion measure in the catalog: must ask back; the thread stays course revenue 2026-02 Japanese by level',
      },
    ],
  },
  {
    id: 'blind-courses2-cfo',
    database: 'courses',
    language: 'en',
    turns: [
      {
        say: 'Good afternoon. Could you tell me what our gross bookings were for the third quarter of this year, please?',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: Q3_2026 }) },
        note: 'revenue (gross bookings), 2026-Q3, one number',
      },
      {
        say: 'Thank you. And which were the top three?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'a ranking asked of a single number with no breakdown named: nothing to rank, must ask back; the thread stays revenue 2026-Q3',
      },
      {
        say: 'Apologies, I should have been clearer. Please break that quarter down by month, and leave out sales to buyers in India.',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: Q3_2026, exclude: NOT_INDIA, by: 'month' }) },
        note: 'revenue, 2026-Q3, buyer country not India (added), by month (2026-07, 2026-08, 2026-09)',
      },
      {
        say: 'Thank you. Could I have the same for last year, please?',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: Q3_2025, exclude: NOT_INDIA, by: 'month' }) },
        note: 'revenue, 2025-Q3 (the same quarter last year), excluding India, by month',
      },
      {
        say: 'Now I would like to see the United Kingdom on its own, split by customer type rather than by month.',
        kind: 'replace_filter',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'revenue', period: Q3_2025, where: UK, by: 'customer_type' }) },
        note: 'revenue, 2025-Q3, country = United Kingdom (replaces the India exclusion, which it implies anyway), by customer type',
      },
      {
        say: 'Would you also be able to show me the profit margin for each customer type?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no profit or margin measure in the catalog (no costs; instructor shares are not a measure): must ask back; the thread stays revenue 2025-Q3 UK by customer type',
      },
      {
        say: 'Very well. Please switch to average order value, and move the period to the third quarter of this year.',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'aov', period: Q3_2026, where: UK, by: 'customer_type' }) },
        note: 'AOV, 2026-Q3 (replaces 2025-Q3), United Kingdom, by customer type',
      },
      {
        say: 'Could you please remove the country restriction and show me paid orders by payment method instead — the top five only?',
        kind: 'lift_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'courses', { metric: 'paid_orders', period: Q3_2026, by: 'payment_method', top: { n: 5 } }),
        },
        note: 'paid orders, 2026-Q3, country filter lifted, by payment method, top 5',
      },
      {
        say: 'One more question about last year: why did revenue fall between May and June 2025? I would appreciate it broken down by payment method.',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'courses', { metric: 'revenue', by: 'payment_method' }, MAY_2025, JUN_2025) },
        note: 'why of revenue (named), 2025-05 → 2025-06 (both named; the card-processor outage), no filter, decomposed by payment method',
      },
      {
        say: 'Let us start afresh. Which five countries had the highest average order value last month?',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'courses', { metric: 'aov', period: NOV_2026, by: 'country', top: { n: 5 } }) },
        note: 'reset: AOV, 2026-11 (last month), by buyer country, top 5 by AOV',
      },
    ],
  },
];
