/**
 * Blind follow-up conversations over Rentwise (the car-rental company, baton_rental), second set: four personas (a
 * German country manager who writes full English sentences, a Chinese 财务 analyst typing Chinese, a fleet manager
 * who mixes Chinese and English in one line, and a very terse revenue-management analyst), 40 turns in all.
 *
 * How it was written: blind. The writer read only eval/conversations/types.ts, eval/conversations/sql.ts, the
 * EvalContext and Answer types of eval/cases.ts, scripts/check-conversation-sql.ts, the header and first conversation
 * of eval/blind/courses-followups.ts (for the style; another database), the Rentwise data dictionary
 * (test/fixtures/rental/README.md) and catalogs/rental.yaml (for which measures and dimensions exist, what they mean
 * and how their values are written; the SQL of the RENTAL schema in eval/conversations/sql.ts follows the data
 * dictionary's finance definitions, not the catalog's SQL), and queried the Rentwise tables with psql to pick periods
 * with data and rankings with no tie across their cut. Nothing under src/, test/ (beyond the data dictionary) or
 * docs/, and no other case set, was read: the turns are written as the personas type, not to fit the assistant's
 * parser. Every expectation is hand-written SQL through the helpers of eval/conversations/sql.ts (or `clarify`).
 *
 * Reading conventions (each turn's `note` states its reading):
 *   - "Today" is 2026-12-01. Completed rentals run to 2026-11-30 (extract 2026-11-30 23:59:59 UTC). "Last month" /
 *     "上个月" is 2026-11; "October" / "oct" / "10月" is 2026-10 and "September" / "sep" / "9月" 2026-09 unless a year
 *     is named. "Last quarter" / "上季度" is 2026-Q3 (July–September 2026; Q4 is not over), read from today, not from
 *     the thread's period; "q3" is 2026-Q3. "2025" / "2025年" is the calendar year 2025; "2026年" is the calendar
 *     year 2026 (data to 2026-11-30). "October of last year" is 2025-10. Quarters are calendar ones; months are UTC
 *     months of the stored timestamps.
 *   - Every measure here is a completed-rental measure of the catalog (status CMP only), dated by the RETURN time
 *     and attributed to the PICKUP branch, money in EUR: "revenue", "收入", "rev" is rental revenue (days × daily
 *     rate plus every extra and fee line of the rental); "rental days", "租赁天数" billable days as booked; "单数",
 *     "rentals" completed rentals (count); "average rental length" rental days per completed rental; "ADR" time &
 *     mileage per rental day (extras excluded, weighted by days). Bookings, cancellations, damage and cash measures
 *     are not asked here.
 *   - Country, region, branch and branch type are the pickup branch's ("airports", "机场网点", "airport 的网点" is
 *     branch type Airport; "rail station" is Rail station). Vehicle class ("class", "车型") is the class booked and
 *     paid for, keyed by the catalog's names (Economy, Compact, Intermediate / Estate, SUV, Premium / Luxury,
 *     Passenger van (7-9 seats)). Channel is the booking channel, keyed by its code (WEB, APP, PHONE, WALKIN, PARTNER).
 *     Customer type is Corporate or Individual.
 *   - Filters and the period carry over until the user changes them. A new breakdown replaces the previous one (the
 *     query shape has one). A reset drops everything and its question is asked fresh. A turn that ends
 *     needs_clarification leaves the thread as it was.
 *   - A ranking (top / bottom n) carries over with its breakdown until the user changes it; a new breakdown asked
 *     for wants all its members unless the user says top n. A ranking keys only the members that have completed
 *     rentals in the period (Rotterdam Centraal closed 2025-10-31 and has none in 2026: it is not a "weakest" branch).
 *   - A "why" names both of its months here (September → October 2026), is decomposed by the dimension the user
 *     names, and is asked of revenue only (additive); the thread's filters carry into it. After a why, the thread
 *     keeps the why's metric, filters and later period; the turn after a why names its breakdown.
 *   - Words the catalog has no measure for (profit margin, 毛利率, fleet utilisation) and a follow-up that has
 *     nothing to act on (a ranking asked of a single number) must end needs_clarification.
 */
import { ask, months, quarter, why, year } from '../conversations/sql';
import { clarify, type Conversation } from '../conversations/types';

const NOV_2026 = months('2026-11');
const OCT_2026 = months('2026-10');
const SEP_2026 = months('2026-09');
const OCT_2025 = months('2025-10');
const Q3_2026 = quarter(2026, 3);
const Y2025 = year(2025);
const Y2026 = year(2026);

const GERMANY = { country: ['Germany'] };
const NETHERLANDS = { country: ['Netherlands'] };
const SPAIN = { country: ['Spain'] };
const AIRPORTS = { branch_type: ['Airport'] };
const RAIL = { branch_type: ['Rail station'] };
const CORPORATE = { customer_type: ['Corporate'] };
const SUV = { vehicle_class: ['SUV'] };
const VAN = { vehicle_class: ['Passenger van (7-9 seats)'] };

export const BLIND_RENTAL_FOLLOWUPS_2: Conversation[] = [
  {
    id: 'blind-rental2-country-manager-de',
    database: 'rental',
    language: 'en',
    turns: [
      {
        say: 'Good morning. I am the country manager for Germany. Could you please show me the rental revenue of our German branches for October 2026, per branch?',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: OCT_2026, where: GERMANY, by: 'branch' }) },
        note: 'revenue (completed rentals, by return), 2026-10, country = Germany, by branch (the three German branches)',
      },
      {
        say: 'Thank you. Could you break the same figure down by booking channel instead of by branch?',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: OCT_2026, where: GERMANY, by: 'channel' }) },
        note: 'revenue, 2026-10, Germany (carried), by booking channel (replaces branch), all channels',
      },
      {
        say: 'And what about October of last year? I would like to compare.',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: OCT_2025, where: GERMANY, by: 'channel' }) },
        note: 'revenue, 2025-10 (October of last year), Germany, by channel; a plain answer for that month, not a comparison',
      },
      {
        say: 'That is helpful. How does it look for the Netherlands?',
        kind: 'replace_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: OCT_2025, where: NETHERLANDS, by: 'channel' }) },
        note: 'revenue, 2025-10, country = Netherlands (replaces Germany; Rotterdam still traded then), by channel',
      },
      {
        say: 'Please show me the number of rental days instead of the revenue.',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rental_days', period: OCT_2025, where: NETHERLANDS, by: 'channel' }) },
        note: 'rental days (billable days of completed rentals), 2025-10, Netherlands, by channel',
      },
      {
        say: 'Could you also add the profit margin for each channel? I need it for my board report.',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'the catalog has no profit or margin measure (no costs besides damage repairs): must ask back; the thread stays rental days 2025-10 Netherlands by channel',
      },
      {
        say: 'All right. Back to Germany: why did our revenue drop from September to October 2026? Please explain it by branch.',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'rental', { metric: 'revenue', where: GERMANY, by: 'branch' }, SEP_2026, OCT_2026) },
        note: 'why of revenue (named), 2026-09 → 2026-10 (both named), country = Germany (named again), decomposed by branch (named)',
      },
      {
        say: 'I see. Now please show all countries again for October 2026, per branch.',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: OCT_2026, by: 'branch' }) },
        note: 'revenue (the why’s metric), 2026-10, country filter lifted, by branch, every branch with completed rentals (17; Rotterdam closed)',
      },
      {
        say: 'Please show only the top five.',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: OCT_2026, by: 'branch', top: { n: 5 } }) },
        note: 'revenue, 2026-10, all countries, by branch, top 5 by revenue',
      },
      {
        say: 'And which three branches were the weakest?',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: OCT_2026, by: 'branch', top: { n: 3, order: 'asc' } }),
        },
        note: 'revenue, 2026-10, all countries, by branch, bottom 3 (lowest revenue among branches with completed rentals)',
      },
    ],
  },
  {
    id: 'blind-rental2-finance-zh',
    database: 'rental',
    language: 'zh',
    turns: [
      {
        say: '上个月各大区的收入分别是多少？',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: NOV_2026, by: 'region' }) },
        note: 'revenue, 2026-11 (last month), by region, all four',
      },
      {
        say: '好的，那上季度呢',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: Q3_2026, by: 'region' }) },
        note: 'revenue, 2026-Q3 (last quarter, from today), by region (carried)',
      },
      {
        say: '按车型呢',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: Q3_2026, by: 'vehicle_class' }) },
        note: 'revenue, 2026-Q3, by vehicle class (booked; replaces region), all six',
      },
      {
        say: '换成单数',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: Q3_2026, by: 'vehicle_class' }) },
        note: 'rentals (completed rentals, count; 租赁单数), 2026-Q3, by vehicle class',
      },
      {
        say: '只看机场网点',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: Q3_2026, where: AIRPORTS, by: 'vehicle_class' }) },
        note: 'rentals, 2026-Q3, branch type = Airport (added), by vehicle class',
      },
      {
        say: '只要前三名',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: Q3_2026, where: AIRPORTS, by: 'vehicle_class', top: { n: 3 } }),
        },
        note: 'rentals, 2026-Q3, Airport, by vehicle class, top 3 (most rentals)',
      },
      {
        say: '不限网点类型，所有门店一起看',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: Q3_2026, by: 'vehicle_class', top: { n: 3 } }) },
        note: 'rentals, 2026-Q3, branch-type filter lifted, by vehicle class, top 3 (carried)',
      },
      {
        say: '为什么10月的收入比9月少了这么多？按渠道拆一下',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'rental', { metric: 'revenue', by: 'channel' }, SEP_2026, OCT_2026) },
        note: 'why of revenue (named), 2026-09 → 2026-10 (both named), no filter, decomposed by booking channel (named)',
      },
      {
        say: '各渠道的毛利率能算一下吗？',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no gross-margin measure in the catalog: must ask back; the thread stays the why (revenue, 2026-10, by channel)',
      },
      {
        say: '算了，重新开始。2025年企业客户的收入按国家分别是多少？',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: Y2025, where: CORPORATE, by: 'country' }) },
        note: 'reset: revenue, 2025, customer type = Corporate, by country (pickup branch’s), all six',
      },
      {
        say: '不限客户类型呢？',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: Y2025, by: 'country' }) },
        note: 'revenue, 2025, customer-type filter lifted, by country',
      },
    ],
  },
  {
    id: 'blind-rental2-fleet-mixed',
    database: 'rental',
    language: 'mixed',
    turns: [
      {
        say: '上个月的 rental days 按 vehicle class 分一下',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rental_days', period: NOV_2026, by: 'vehicle_class' }) },
        note: 'rental days, 2026-11 (last month), by vehicle class (booked), all six',
      },
      {
        say: '只看 airport 的网点',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rental_days', period: NOV_2026, where: AIRPORTS, by: 'vehicle_class' }) },
        note: 'rental days, 2026-11, branch type = Airport (added), by vehicle class',
      },
      {
        say: '换成 average rental length 看看',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_rental_length', period: NOV_2026, where: AIRPORTS, by: 'vehicle_class' }),
        },
        note: 'average rental length (rental days per completed rental), 2026-11, Airport, by vehicle class',
      },
      {
        say: 'last quarter instead 呢？',
        kind: 'replace_period',
        expect: {
          sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_rental_length', period: Q3_2026, where: AIRPORTS, by: 'vehicle_class' }),
        },
        note: 'average rental length, 2026-Q3 (last quarter), Airport, by vehicle class',
      },
      {
        say: '每个 class 的 fleet utilization rate 也给我看一下',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'the catalog has no fleet utilisation measure: must ask back; the thread stays average rental length 2026-Q3 Airport by class',
      },
      {
        say: 'ok 没有就算了。那 rail station 的网点呢？',
        kind: 'replace_filter',
        expect: {
          sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_rental_length', period: Q3_2026, where: RAIL, by: 'vehicle_class' }),
        },
        note: 'average rental length, 2026-Q3, branch type = Rail station (replaces Airport), by vehicle class',
      },
      {
        say: '换个问题: 2026年 SUV 每个月完成了多少 rentals？',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: Y2026, where: SUV, by: 'month' }) },
        note: 'reset: rentals, 2026 (January–November, all with data), vehicle class = SUV, by month; no branch-type filter',
      },
      {
        say: 'thanks～ what about vans?',
        kind: 'replace_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'rentals', period: Y2026, where: VAN, by: 'month' }) },
        note: 'rentals, 2026, vehicle class = Passenger van (7-9 seats) (replaces SUV), by month',
      },
    ],
  },
  {
    id: 'blind-rental2-revman-terse',
    database: 'rental',
    language: 'en',
    turns: [
      {
        say: 'adr by channel last month',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_daily_rate', period: NOV_2026, by: 'channel' }) },
        note: 'average daily rate (T&M per rental day), 2026-11, by booking channel, all five',
      },
      {
        say: 'thx. and by class?',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_daily_rate', period: NOV_2026, by: 'vehicle_class' }) },
        note: 'ADR, 2026-11, by vehicle class (replaces channel), all six',
      },
      {
        say: 'q3 instead',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_daily_rate', period: Q3_2026, by: 'vehicle_class' }) },
        note: 'ADR, 2026-Q3, by vehicle class',
      },
      {
        say: 'only airports',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'avg_daily_rate', period: Q3_2026, where: AIRPORTS, by: 'vehicle_class' }) },
        note: 'ADR, 2026-Q3, branch type = Airport (added), by vehicle class',
      },
      {
        say: 'bottom 3',
        kind: 'change_ranking',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'rental', {
              metric: 'avg_daily_rate',
              period: Q3_2026,
              where: AIRPORTS,
              by: 'vehicle_class',
              top: { n: 3, order: 'asc' },
            }),
        },
        note: 'ADR, 2026-Q3, Airport, by vehicle class, bottom 3 (lowest ADR)',
      },
      {
        say: 'rev instead',
        kind: 'replace_metric',
        expect: {
          sql: (ctx) =>
            ask(ctx, 'rental', { metric: 'revenue', period: Q3_2026, where: AIRPORTS, by: 'vehicle_class', top: { n: 3, order: 'asc' } }),
        },
        note: 'revenue, 2026-Q3, Airport, by vehicle class, bottom 3 (carried: lowest revenue)',
      },
      {
        say: 'why the drop in oct vs sep by region',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, 'rental', { metric: 'revenue', where: AIRPORTS, by: 'region' }, SEP_2026, OCT_2026) },
        note: 'why of revenue (the thread’s metric), 2026-09 → 2026-10, Airport (carried), decomposed by region (named)',
      },
      {
        say: 'all branch types, by branch',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: OCT_2026, by: 'branch' }) },
        note: 'revenue, 2026-10 (the why’s later period), branch-type filter lifted, by branch, every branch with completed rentals; no ranking',
      },
      {
        say: 'ok interesting. what about spain',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: OCT_2026, where: SPAIN, by: 'branch' }) },
        note: 'revenue, 2026-10, country = Spain (added; all four Spanish branches are airports), by branch',
      },
      {
        say: 'new q: total rev last month',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, 'rental', { metric: 'revenue', period: NOV_2026 }) },
        note: 'reset: revenue, 2026-11, no filter, no breakdown: one number',
      },
      {
        say: 'bottom 3?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'a ranking of a single number (no breakdown in the thread, none named): bottom 3 of what must be asked back',
      },
    ],
  },
];
