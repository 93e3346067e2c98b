/**
 * Blind follow-up conversations over Rentwise (the car-rental database, baton_rental): four personas (an English
 * regional operations manager for Iberia, a Chinese finance analyst, a channel manager who mixes Chinese and English,
 * and a terse lowercase English pricing analyst), 48 turns in all.
 *
 * How it was written: blind. The writer read only eval/conversations/types.ts, eval/conversations/sql.ts, the
 * EvalContext and Answer types of eval/cases.ts, scripts/check-conversation-sql.ts, the header and first conversation
 * of eval/blind/chinook-followups-3.ts (for the style), the Rentwise data dictionary (test/fixtures/rental/README.md)
 * and catalogs/rental.yaml (for which measures exist and what they mean; the SQL of the RENTAL schema in
 * eval/conversations/sql.ts was written from the data dictionary, not copied from the catalog), and queried the
 * Rentwise tables with psql to pick periods with data and rankings with no tie across their cut. Nothing under src/,
 * test/ (beyond the data dictionary) or docs/, no other case set and no README at the root was read: the turns are
 * written as business users type, not to fit the assistant's parser. Every expectation is hand-written SQL through
 * the helpers of eval/conversations/sql.ts (or `clarify`).
 *
 * Reading conventions (each turn's `note` states its reading):
 *   - "Today" is 2026-12-01. The data (completed rentals, by return) runs from 2023-01-03 to 2026-11-30.
 *     "Last month" is 2026-11, "the month before" / "10月" is 2026-10. "This year", "YTD", "so far this year",
 *     "今年到目前为止" is 2026-01-01 to 2026-11-30 (all of 2026 that has data). "Last year" / "去年" is 2025,
 *     "前年" / "the year before" is 2024. "Last quarter" is 2026-Q3 (July–September 2026; Q4 is not over);
 *     "the same quarter last year" is 2025-Q3. Quarters are calendar ones.
 *   - Every measure here is one of the catalog's completed-rental measures, dated by the RETURN time (Finance
 *     recognises rental revenue when the agreement closes) and counting completed rentals (status CMP) only:
 *     "revenue", "rental revenue", "收入", "rev" is rental revenue (days × daily rate plus every extra and fee line
 *     of the rental); "基本租金" is time & mileage; "附加收入" / "ancillaries" the extras and fees; "rentals",
 *     "完成的租赁单数" completed rentals; "rental days" billable days; "ADR" / "average daily rate" time & mileage
 *     per rental day; "单均收入" revenue per completed rental; "average rental length" billable days per rental.
 *     The booking-dated measures (bookings, cancellation and no-show rates) are not asked about.
 *   - Branch, city, country and region are those of the PICKUP branch; vehicle class is the class booked.
 *     "UK" is the country United Kingdom (not the UK & Ireland region); "Iberia", "France" after a region question
 *     and "大区" are management regions.
 *   - A first question that names no period means all of the data (none here does).
 *   - Filters and the period carry over until the user changes them. A new breakdown replaces the previous one
 *     (the query shape has one). A reset drops everything and its question is asked fresh. A turn that ends
 *     needs_clarification leaves the thread as it was.
 *   - A ranking (top / bottom n) carries over with its breakdown until the user changes it; "bottom three" ranks
 *     lowest first. Where a new breakdown is asked for, all its members are wanted unless the user says top n.
 *   - A "why" compares the thread's period with the one just before it (same length) unless the user names the
 *     other period (all four here name both), and is decomposed by the dimension the user names, else the thread's
 *     breakdown; only additive measures (revenue, rental days) are asked why. After a why, the thread keeps the
 *     why's metric, filters and later period; the turn after a why names its breakdown.
 *   - Words the catalog has no measure for (fleet utilisation, margin / 毛利率, depreciation) and a follow-up with
 *     nothing before it must end needs_clarification.
 */
import { ask, months, quarter, why, year } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

const NOV_2026 = months('2026-11');
const OCT_2026 = months('2026-10');
/** This year so far: 2026-01-01 to 2026-11-30, the last day with data. */
const YTD_2026 = months('2026-11', 11);
const Y2025 = year(2025);
const Y2024 = year(2024);
const Q2_2026 = quarter(2026, 2);
const Q3_2026 = quarter(2026, 3);
const Q3_2025 = quarter(2025, 3);

const IBERIA = { region: ['Iberia'] };
const FRANCE = { region: ['France'] };

export const BLIND_RENTAL_FOLLOWUPS: Conversation[] = [
  {
    id: 'blind-rental-iberia-ops',
    database: 'rental',
    language: 'en',
    turns: [
      {
        say: 'Morning! I look after operations for Iberia. Could you pull rental revenue for each of our Iberian branches for last quarter?',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: Q3_2026, where: IBERIA, by: 'branch' }) },
        note: 'revenue (completed rentals, by return), 2026-Q3 (last quarter), region = Iberia, by pickup branch, all four branches',
      },
      {
        say: 'Thanks. What did those numbers look like in the same quarter last year?',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: Q3_2025, where: IBERIA, by: 'branch' }) },
        note: 'revenue, 2025-Q3 (the same quarter a year earlier), region = Iberia (carried), by branch',
      },
      {
        say: "That's quite a jump. What drove the increase from Q3 2025 to Q3 this year — which branches account for it?",
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'rental', { metric: 'revenue', where: IBERIA, by: 'branch' }, Q3_2025, Q3_2026) },
        note: 'why of revenue, 2025-Q3 → 2026-Q3 (both named), region = Iberia, decomposed by branch (named and the thread breakdown)',
      },
      {
        say: 'OK, Málaga did most of the work. For Q3 this year, can you break the Iberia revenue down by vehicle class instead? All classes please.',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: Q3_2026, where: IBERIA, by: 'vehicle_class' }) },
        note: 'after the why: revenue, 2026-Q3 (the why’s later period), region = Iberia, by vehicle class (booked; replaces branch), all classes',
      },
      {
        say: 'And what average daily rate did we achieve on each of those classes?',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_daily_rate', period: Q3_2026, where: IBERIA, by: 'vehicle_class' }) },
        note: 'average daily rate (T&M / rental days), 2026-Q3, region = Iberia, by vehicle class',
      },
      {
        say: 'Could you narrow that to corporate accounts only? I want to see what our business customers actually pay in summer.',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'rental', {
              metric: 'avg_daily_rate',
              period: Q3_2026,
              where: { ...IBERIA, customer_type: ['Corporate'] },
              by: 'vehicle_class',
            }),
        },
        note: 'average daily rate, 2026-Q3, region = Iberia and customer type = Corporate (added), by vehicle class',
      },
      {
        say: 'Hm, ok. Take the corporate filter back off please, let’s look at all customers again.',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_daily_rate', period: Q3_2026, where: IBERIA, by: 'vehicle_class' }) },
        note: 'average daily rate, 2026-Q3, region = Iberia (kept), customer type filter lifted, by vehicle class',
      },
      {
        say: 'Next to the rate, could you show fleet utilisation per class? I suspect the vans sat idle a lot.',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'the catalog has no fleet-utilisation measure: must ask back; the thread stays ADR 2026-Q3 Iberia by vehicle class',
      },
      {
        say: 'Fair enough. Could you run the same daily-rate view for the France region, for comparison?',
        kind: 'replace_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_daily_rate', period: Q3_2026, where: FRANCE, by: 'vehicle_class' }) },
        note: 'average daily rate, 2026-Q3, region = France (replaces Iberia), by vehicle class, all classes',
      },
      {
        say: 'Just give me the three priciest classes there.',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'rental', { metric: 'avg_daily_rate', period: Q3_2026, where: FRANCE, by: 'vehicle_class', top: { n: 3 } }),
        },
        note: 'average daily rate, 2026-Q3, region = France, by vehicle class, top 3 (highest ADR)',
      },
      {
        say: "Great, thanks. Let's start over with something different: how many rentals did each region complete last month?",
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: NOV_2026, by: 'region' }) },
        note: 'reset: completed rentals, 2026-11 (last month), by region, all four regions; no filter, no ranking',
      },
      {
        say: 'And for the year so far?',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: YTD_2026, by: 'region' }) },
        note: 'completed rentals, 2026-01-01 to 2026-11-30 (this year to date), by region',
      },
    ],
  },
  {
    id: 'blind-rental-finance-zh',
    database: 'rental',
    language: 'zh',
    turns: [
      {
        say: '你好，麻烦帮我看一下上个月各大区的租赁收入，月报要用',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: NOV_2026, by: 'region' }) },
        note: '租赁收入 revenue (completed rentals, by return), 2026-11 (上个月), by region (大区), all four',
      },
      {
        say: '10月份的呢？',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: OCT_2026, by: 'region' }) },
        note: 'revenue, 2026-10, by region',
      },
      {
        say: '11月比10月少了不少，主要是哪些门店拖下来的？帮我拆解一下原因',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'rental', { metric: 'revenue', by: 'branch' }, OCT_2026, NOV_2026) },
        note: 'why of revenue, 2026-10 → 2026-11 (both named), no filter, decomposed by branch (门店, named)',
      },
      {
        say: '明白了。那11月各门店完成的租赁单数分别是多少？',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: NOV_2026, by: 'branch' }) },
        note: 'after the why: completed rentals, 2026-11, by branch (named), every branch with rentals',
      },
      {
        say: '门店太多了，只看前五名就行',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: NOV_2026, by: 'branch', top: { n: 5 } }) },
        note: 'completed rentals, 2026-11, by branch, top 5',
      },
      {
        say: '换成单均收入看看，还是前五',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue_per_rental', period: NOV_2026, by: 'branch', top: { n: 5 } }) },
        note: 'revenue per completed rental (单均收入), 2026-11, by branch, top 5',
      },
      {
        say: '这几家门店的毛利率大概是多少？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no margin (毛利率) measure in the catalog: must ask back; the thread stays revenue per rental 2026-11 by branch top 5',
      },
      {
        say: '好吧。那只看机场门店的话，单均收入前五是哪几家？',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'rental', {
              metric: 'revenue_per_rental',
              period: NOV_2026,
              where: { branch_type: ['Airport'] },
              by: 'branch',
              top: { n: 5 },
            }),
        },
        note: 'revenue per rental, 2026-11, branch type = Airport (added), by branch, top 5',
      },
      {
        say: '那排在最后的三家机场门店呢？',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'rental', {
              metric: 'revenue_per_rental',
              period: NOV_2026,
              where: { branch_type: ['Airport'] },
              by: 'branch',
              top: { n: 3, order: 'asc' },
            }),
        },
        note: 'revenue per rental, 2026-11, branch type = Airport, by branch, bottom 3 (lowest first)',
      },
      {
        say: '好的，这块先到这里。我们重新来：去年企业客户和个人客户分别贡献了多少租赁收入？',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: Y2025, by: 'customer_type' }) },
        note: 'reset: revenue, 2025 (去年), by customer type (Corporate / Individual), no filter, no ranking',
      },
      {
        say: '附加收入呢？',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'ancillary_revenue', period: Y2025, by: 'customer_type' }) },
        note: 'ancillary revenue (extra and fee lines of completed rentals), 2025, by customer type',
      },
      {
        say: '前年的情况又是怎样？',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'ancillary_revenue', period: Y2024, by: 'customer_type' }) },
        note: 'ancillary revenue, 2024 (前年), by customer type',
      },
    ],
  },
  {
    id: 'blind-rental-channel-mixed',
    database: 'rental',
    language: 'mixed',
    turns: [
      {
        say: 'hi，帮我拉一下今年到目前为止各个 channel 的 completed rentals',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: YTD_2026, by: 'channel' }) },
        note: 'completed rentals, 2026-01-01 to 2026-11-30 (今年到目前为止), by booking channel, all five',
      },
      {
        say: '只看 UK 的门店',
        kind: 'add_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: YTD_2026, where: { country: ['United Kingdom'] }, by: 'channel' }),
        },
        note: 'completed rentals, 2026 YTD, country = United Kingdom (added; UK is the country, not the UK & Ireland region), by channel',
      },
      {
        say: '换成 Germany 看看',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: YTD_2026, where: { country: ['Germany'] }, by: 'channel' }),
        },
        note: 'completed rentals, 2026 YTD, country = Germany (replaces United Kingdom), by channel',
      },
      {
        say: 'ADR 呢？',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_daily_rate', period: YTD_2026, where: { country: ['Germany'] }, by: 'channel' }),
        },
        note: 'average daily rate, 2026 YTD, country = Germany, by channel',
      },
      {
        say: '改成按 vehicle class 看，所有 class 都要',
        kind: 'add_breakdown',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'rental', { metric: 'avg_daily_rate', period: YTD_2026, where: { country: ['Germany'] }, by: 'vehicle_class' }),
        },
        note: 'average daily rate, 2026 YTD, country = Germany, by vehicle class (replaces channel), all classes',
      },
      {
        say: '顺便帮我看下每个 class 的 depreciation per car，想跟 ADR 对比一下',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no depreciation measure in the catalog: must ask back; the thread stays ADR 2026 YTD Germany by vehicle class',
      },
      {
        say: 'ok 那算了。把 Germany 的 filter 去掉，看 all countries',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_daily_rate', period: YTD_2026, by: 'vehicle_class' }) },
        note: 'average daily rate, 2026 YTD, country filter lifted, by vehicle class',
      },
      {
        say: '换成 last year 的数据',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_daily_rate', period: Y2025, by: 'vehicle_class' }) },
        note: 'average daily rate, 2025 (last year), by vehicle class',
      },
      {
        say: '只要 top 3 就行',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_daily_rate', period: Y2025, by: 'vehicle_class', top: { n: 3 } }) },
        note: 'average daily rate, 2025, by vehicle class, top 3',
      },
      {
        say: 'OK 这个先这样，start over。上个月 revenue 最高的 5 个 branch 是哪些？',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: NOV_2026, by: 'branch', top: { n: 5 } }) },
        note: 'reset: revenue, 2026-11 (last month), by branch, top 5; no filter',
      },
      {
        say: 'Heathrow 上个月比 10 月低了不少，why？按 vehicle class 拆一下',
        kind: 'ask_why',
        expect: {
          sql: (ctx) =>
            why(
              ctx,
              'rental',
              { metric: 'revenue', where: { branch: ['London Heathrow Airport'] }, by: 'vehicle_class' },
              OCT_2026,
              NOV_2026,
            ),
        },
        note: 'why of revenue, 2026-10 → 2026-11, branch = London Heathrow Airport, decomposed by vehicle class (named)',
      },
      {
        say: '那上个月 Heathrow 每个 class 的 rentals 各是多少',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'rental', {
              metric: 'rentals',
              period: NOV_2026,
              where: { branch: ['London Heathrow Airport'] },
              by: 'vehicle_class',
            }),
        },
        note: 'after the why: completed rentals, 2026-11, branch = London Heathrow Airport, by vehicle class (named), all classes',
      },
    ],
  },
  {
    id: 'blind-rental-terse-pricing',
    database: 'rental',
    language: 'en',
    turns: [
      {
        say: 'and by city?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'a follow-up with nothing before it: must ask back',
      },
      {
        say: 'rev by country ytd',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: YTD_2026, by: 'country' }) },
        note: 'revenue, 2026-01-01 to 2026-11-30 (ytd), by pickup country, all six',
      },
      {
        say: 'top 3 pls',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: YTD_2026, by: 'country', top: { n: 3 } }) },
        note: 'revenue, 2026 YTD, by country, top 3',
      },
      {
        say: 'rental days instead',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rental_days', period: YTD_2026, by: 'country', top: { n: 3 } }) },
        note: 'rental days (billable days of completed rentals), 2026 YTD, by country, top 3 (carried)',
      },
      {
        say: 'q3 only',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rental_days', period: Q3_2026, by: 'country', top: { n: 3 } }) },
        note: 'rental days, 2026-Q3 (q3 of the thread year), by country, top 3',
      },
      {
        say: 'suvs only',
        kind: 'add_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'rental', { metric: 'rental_days', period: Q3_2026, where: { vehicle_class: ['SUV'] }, by: 'country', top: { n: 3 } }),
        },
        note: 'rental days, 2026-Q3, vehicle class = SUV (added), by country, top 3',
      },
      {
        say: 'vans instead of suvs',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'rental', {
              metric: 'rental_days',
              period: Q3_2026,
              where: { vehicle_class: ['Passenger van (7-9 seats)'] },
              by: 'country',
              top: { n: 3 },
            }),
        },
        note: 'rental days, 2026-Q3, vehicle class = Passenger van (replaces SUV), by country, top 3',
      },
      {
        say: 'ok all classes again',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rental_days', period: Q3_2026, by: 'country', top: { n: 3 } }) },
        note: 'rental days, 2026-Q3, class filter lifted, by country, top 3',
      },
      {
        say: "why'd days jump so much vs q2",
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'rental', { metric: 'rental_days', by: 'country' }, Q2_2026, Q3_2026) },
        note: 'why of rental days, 2026-Q2 → 2026-Q3 (q2 named, and the quarter just before), decomposed by country (the thread breakdown), every country',
      },
      {
        say: 'scratch all that. avg rental length by customer type, last yr',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_rental_length', period: Y2025, by: 'customer_type' }) },
        note: 'reset: average rental length (billable days per completed rental), 2025, by customer type',
      },
      {
        say: 'whats the margin on those',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no margin measure in the catalog: must ask back; the thread stays average rental length 2025 by customer type',
      },
      {
        say: 'fine. split by channel instead',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_rental_length', period: Y2025, by: 'channel' }) },
        note: 'average rental length, 2025, by channel (replaces customer type), all five channels',
      },
    ],
  },
];
