/**
 * Blind follow-up conversations over PawCare (a chain of 8 veterinary clinics in Berlin, Potsdam, Hamburg and Munich;
 * baton_pawcare): four personas, 40 turns in all. A clinic manager who types short lowercase English with
 * abbreviations; a Chinese 运营 who types only colloquial Chinese; a finance person who mixes Chinese and English in one
 * line; an owner who writes full, polite English sentences and often changes two things in one message.
 *
 * How it was written: blind. The writer read only eval/conversations/types.ts, the Answer and EvalContext types and the
 * `scalar` / `keyed` helpers of eval/cases.ts, the header and first conversation of eval/blind/courses-followups-2.ts
 * (for the style; another database), lines 1-60 of docs/follow-ups.md (the kinds of follow-ups), the opening of
 * docs/catalog.md, the PawCare data dictionary (test/fixtures/pawcare/README.md) and catalogs/pawcare.yaml (which
 * measures and dimensions exist, each metric's expression, filters and time field, how values are written), and
 * queried the PawCare tables with psql to pick periods with data, months where the figure really moved, and rankings
 * with no tie across their cut. Nothing else under src/, test/, docs/ or eval/ (no other case or conversation set, no
 * parser code, not eval/conversations/sql.ts) was read, and the assistant was not run: the turns are written as the
 * personas type, not to fit the assistant's parser. The conversation SQL helpers do not know PawCare, so the SQL here
 * is written out in this file: one FROM clause per fact table (joined as the catalog joins it), each metric's
 * expression and filters as the catalog writes them, the catalog's dimension expressions, and the period as a
 * half-open window of Berlin local dates on the metric's own time field. The value above each turn is what that SQL
 * returned on the loaded fixture (a record, not the expectation); the totals that the data dictionary's reference
 * table gives (2026 revenue 1,755,243.36, new clients 1,589, plan sign-ups 561 and 194) were checked against it.
 *
 * Reading conventions (each turn's `note` states its reading):
 *   - "Today" is 2026-12-01; the extract ends 2026-12-01 00:00 Europe/Berlin. "Last month" / "last mo" / "上个月" is
 *     November 2026; "last quarter" / "上个季度" and "q3" / "Q3" are 2026-Q3 (July–September 2026); "this year" / "今年"
 *     is 2026-01-01 up to the extract; "last year" is calendar 2025; a month named without a year ("aug", "5月",
 *     "11月", "October", "November") is the latest such month in the past, so 2026. A fresh question that names no
 *     period is over all the data (none here does).
 *   - Periods are half-open windows of Berlin local dates on each metric's own time field: revenue and average
 *     invoice value by the invoice's issue time, visits, appointments and no-show rate by the scheduled appointment
 *     time, payments collected by payment time, new clients by registration time (timestamptz columns compared with
 *     'YYYY-MM-DD'::timestamp AT TIME ZONE 'Europe/Berlin'); wellness-plan sign-ups by the plan's start date (a date).
 *     A breakdown by month is keyed by the Berlin month, 'YYYY-MM'.
 *   - Every metric follows catalogs/pawcare.yaml exactly: "rev" / revenue is the net sub-total of issued, non-voided
 *     invoices (ISS, PRT, PD) in EUR (cents / 100), counter sales included; 预约数 is appointments of any status;
 *     就诊次数 / visits are completed appointments; soft-deleted appointments are never counted; the no-show rate is
 *     NSH / (CMP + NSH); payments collected are successful payments, gross; "avg invoice value" is revenue per
 *     invoice; "wellness plans sold" are plan sign-ups; new clients leave out counter-sale accounts. Test and internal
 *     clients (COALESCE(cl_typ, 'PRV') IN ('TST', 'INT')) are excluded everywhere.
 *   - Species is the pet's (the invoice's or appointment's pet; legacy German codes merged: HUND → Dog, KATZE → Cat);
 *     a species filter drops invoices without a pet (counter sales). Clinic, city and region are the fact's own clinic
 *     (for payments, the invoice's clinic). Keys are the catalog's values as written there (clinic names such as
 *     'PawCare Hamburg Altona', regions 'North', species 'Cat', payment methods 'Girocard (EC)', booking channels
 *     'Walk-in', visit reasons 'Illness or injury').
 *   - Filters and the period carry over until the user changes them; a filter on the same dimension is replaced, one
 *     on another dimension added; "all species again", 不限物种了, "all regions, no filter" lift it. A new breakdown
 *     replaces the previous one. A ranking (top / bottom n, "the lowest 2", "the two weakest") carries over with its
 *     breakdown until changed, also across a change of metric, period or filter; "every clinic" asks for all members.
 *     A reset ("start over", "new question:", 重新开始) drops everything; its question is asked fresh. A turn that ends
 *     needs_clarification leaves the thread as it was.
 *   - A why ("why'd rev dip in aug?", 为什么11月掉了) is the change of an additive metric (revenue or visits) between
 *     the month named and the month just before it, keyed `change` and `<dimension>=<member>` (the catalog's dimension
 *     name, e.g. `clinic=PawCare Hamburg Altona`) for every member present in either month, decomposed by the dimension
 *     the user names or else the thread's breakdown; the thread's filters carry into it. The turn after a why names
 *     its period.
 *   - Must end needs_clarification: a follow-up as the very first turn (按诊所呢); a measure the catalog does not have
 *     (EBITDA, gross margin: there are no costs); a value the catalog gives to two dimensions ("vogel": the species
 *     Bird, German "Vogel", and the vet Dr. Katrin Vogel).
 *   - Every ranking was checked for ties across its cut (the runner-up is recorded above the turn).
 */
import { keyed, scalar, type EvalContext } from '../cases';
import { clarify, type Conversation } from '../conversations/types';

// ------------------------------------------------------------------ hand-written SQL over the PawCare tables

/** A period: a half-open window [from, to) of Berlin local dates. */
interface Period {
  from: string;
  to: string;
}
const period = (from: string, to: string): Period => ({ from, to });

const NOV_2026 = period('2026-11-01', '2026-12-01');
const OCT_2026 = period('2026-10-01', '2026-11-01');
const AUG_2026 = period('2026-08-01', '2026-09-01');
const JUL_2026 = period('2026-07-01', '2026-08-01');
const MAY_2026 = period('2026-05-01', '2026-06-01');
const APR_2026 = period('2026-04-01', '2026-05-01');
/** Last quarter from 2026-12-01: July to September 2026. */
const Q3_2026 = period('2026-07-01', '2026-10-01');
/** This year to date: 2026-01-01 up to the extract (2026-12-01 00:00 Berlin). */
const YTD_2026 = period('2026-01-01', '2026-12-01');
const Y2025 = period('2025-01-01', '2026-01-01');

/**
 * The fact tables, each joined the way catalogs/pawcare.yaml joins them: the client is the fact's own client (the
 * invoice's payer for payments), the clinic the fact's clinic, the pet and the vet the fact's pet and vet.
 */
const INVOICES = `inv_hdr h
  JOIN client c ON c.cl_id = h.cl_id
  JOIN clinic_mst k ON k.clinic_id = h.clinic_id
  JOIN region_lkp r ON r.rgn_cd = k.rgn_cd
  LEFT JOIN patient p ON p.pat_id = h.pat_id
  LEFT JOIN staff s ON s.stf_id = h.att_vet_id`;
const APPOINTMENTS = `appt a
  JOIN client c ON c.cl_id = a.cl_id
  JOIN clinic_mst k ON k.clinic_id = a.clinic_id
  JOIN region_lkp r ON r.rgn_cd = k.rgn_cd
  LEFT JOIN patient p ON p.pat_id = a.pat_id
  LEFT JOIN staff s ON s.stf_id = a.vet_id`;
const PAYMENTS = `pmt y
  JOIN inv_hdr h ON h.inv_id = y.inv_id
  JOIN client c ON c.cl_id = h.cl_id
  JOIN clinic_mst k ON k.clinic_id = h.clinic_id
  JOIN region_lkp r ON r.rgn_cd = k.rgn_cd`;
const PLANS = `wellness_sub w
  JOIN client c ON c.cl_id = w.cl_id
  JOIN clinic_mst k ON k.clinic_id = w.clinic_id
  JOIN region_lkp r ON r.rgn_cd = k.rgn_cd
  LEFT JOIN patient p ON p.pat_id = w.pat_id`;
const CLIENTS = `client c`;

const NOT_TEST = `COALESCE(c.cl_typ, 'PRV') NOT IN ('TST', 'INT')`;

interface MetricSql {
  from: string;
  /** The metric's time column and whether it is a timestamptz (else a date). */
  time: string;
  instant: boolean;
  value: string;
  where: string;
}

/** Each metric as the catalog defines it: expression, filters, time field. */
const METRICS = {
  revenue: {
    from: INVOICES,
    time: 'h.iss_ts',
    instant: true,
    value: 'SUM(h.sub_tot_cents / 100.0)',
    where: `h.sts_cd IN ('ISS', 'PRT', 'PD') AND ${NOT_TEST}`,
  },
  avg_invoice_value: {
    from: INVOICES,
    time: 'h.iss_ts',
    instant: true,
    value: 'SUM(h.sub_tot_cents / 100.0) / COUNT(*)',
    where: `h.sts_cd IN ('ISS', 'PRT', 'PD') AND ${NOT_TEST}`,
  },
  visits: {
    from: APPOINTMENTS,
    time: 'a.appt_ts',
    instant: true,
    value: 'COUNT(*)',
    where: `a.sts_cd = 'CMP' AND a.deleted_at IS NULL AND ${NOT_TEST}`,
  },
  appointments: {
    from: APPOINTMENTS,
    time: 'a.appt_ts',
    instant: true,
    value: 'COUNT(*)',
    where: `a.deleted_at IS NULL AND ${NOT_TEST}`,
  },
  no_show_rate: {
    from: APPOINTMENTS,
    time: 'a.appt_ts',
    instant: true,
    value: `COUNT(*) FILTER (WHERE a.sts_cd = 'NSH')::numeric / COUNT(*)`,
    where: `a.sts_cd IN ('CMP', 'NSH') AND a.deleted_at IS NULL AND ${NOT_TEST}`,
  },
  payments_collected: {
    from: PAYMENTS,
    time: 'y.pd_ts',
    instant: true,
    value: 'SUM(y.amt_cents / 100.0)',
    where: `y.sts_cd = 'OK' AND ${NOT_TEST}`,
  },
  plan_signups: {
    from: PLANS,
    time: 'w.start_dt',
    instant: false,
    value: 'COUNT(*)',
    where: NOT_TEST,
  },
  new_clients: {
    from: CLIENTS,
    time: 'c.crt_ts',
    instant: true,
    value: 'COUNT(*)',
    where: `COALESCE(c.cl_typ, 'PRV') NOT IN ('TST', 'INT', 'CSH')`,
  },
} satisfies Record<string, MetricSql>;
type Metric = keyof typeof METRICS;

/** The catalog's dimensions, as expressions over the aliases above. */
const DIMENSIONS = {
  clinic: 'k.clinic_nm',
  city: 'k.city_nm',
  region: 'r.rgn_nm',
  species: `CASE p.spc_cd WHEN 'DOG' THEN 'Dog' WHEN 'HUND' THEN 'Dog' WHEN 'CAT' THEN 'Cat' WHEN 'KATZE' THEN 'Cat'
    WHEN 'RBT' THEN 'Rabbit' WHEN 'KANINCHEN' THEN 'Rabbit' WHEN 'BRD' THEN 'Bird' WHEN 'VOGEL' THEN 'Bird'
    WHEN 'EXO' THEN 'Exotic' WHEN 'EXOT' THEN 'Exotic' END`,
  vet: `s.title_txt || ' ' || s.first_nm || ' ' || s.last_nm`,
  payment_method: `CASE y.mthd_cd WHEN 'EC' THEN 'Girocard (EC)' WHEN 'CC' THEN 'Credit card' WHEN 'CASH' THEN 'Cash'
    WHEN 'PP' THEN 'PayPal' WHEN 'INV' THEN 'Bank transfer' WHEN 'INS' THEN 'Pet insurer' END`,
  visit_reason: `CASE a.rsn_cd WHEN 'VAC' THEN 'Vaccination visit' WHEN 'CHK' THEN 'Check-up' WHEN 'ILL' THEN 'Illness or injury'
    WHEN 'FUP' THEN 'Follow-up' WHEN 'DEN' THEN 'Dental visit' WHEN 'SRG' THEN 'Surgery visit' WHEN 'GRM' THEN 'Grooming visit'
    WHEN 'EMG' THEN 'Emergency' END`,
  booking_channel: `CASE a.chnl_cd WHEN 'PHN' THEN 'Phone' WHEN 'TEL' THEN 'Phone' WHEN 'WEB' THEN 'Website' WHEN 'APP' THEN 'App'
    WHEN 'WLK' THEN 'Walk-in' END`,
} as const;
type Dimension = keyof typeof DIMENSIONS;

interface Ask {
  metric: Metric;
  period: Period;
  /** Filters: a dimension and the one member kept (a literal, no quotes in it). */
  where?: Partial<Record<Dimension, string>>;
  /** A breakdown: a dimension, or 'month' (Berlin months on the metric's own time field, keyed YYYY-MM). */
  by?: Dimension | 'month';
  /** A ranking of the breakdown's members: the n highest or the n lowest. */
  top?: number;
  bottom?: number;
}

/** The WHERE clause of a question: the metric's filters, its period on its own time field, the user's filters. */
function whereOf(q: Omit<Ask, 'period'>, p: Period): string {
  const m: MetricSql = METRICS[q.metric];
  const window = m.instant
    ? `${m.time} >= ('${p.from}'::timestamp AT TIME ZONE 'Europe/Berlin') AND ${m.time} < ('${p.to}'::timestamp AT TIME ZONE 'Europe/Berlin')`
    : `${m.time} >= DATE '${p.from}' AND ${m.time} < DATE '${p.to}'`;
  const filters = Object.entries(q.where ?? {}).map(([d, v]) => `(${DIMENSIONS[d as Dimension]}) = '${v}'`);
  return [m.where, window, ...filters].join('\n  AND ');
}

function keyOf(q: Omit<Ask, 'period'>): string {
  const m: MetricSql = METRICS[q.metric];
  if (q.by === 'month') return m.instant ? `to_char(${m.time} AT TIME ZONE 'Europe/Berlin', 'YYYY-MM')` : `to_char(${m.time}, 'YYYY-MM')`;
  return DIMENSIONS[q.by as Dimension];
}

/** The SQL of one question (column v, and k for a breakdown). */
function sqlOf(q: Ask): string {
  const m: MetricSql = METRICS[q.metric];
  if (!q.by) return `SELECT ${m.value} AS v\nFROM ${m.from}\nWHERE ${whereOf(q, q.period)}`;
  const rank = q.top ? `\nORDER BY v DESC LIMIT ${q.top}` : q.bottom ? `\nORDER BY v ASC LIMIT ${q.bottom}` : '';
  return `SELECT ${keyOf(q)} AS k, ${m.value} AS v\nFROM ${m.from}\nWHERE ${whereOf(q, q.period)}\nGROUP BY 1${rank}`;
}

/** A question's answer: one number, or numbers keyed by the breakdown's members. */
const ask = (ctx: EvalContext, q: Ask) => (q.by ? keyed(ctx, sqlOf(q)) : scalar(ctx, sqlOf(q)));

/**
 * The SQL of a why (additive metrics only): `change` is the metric in `after` minus `before`; `<dimension>=<member>`
 * is each member's own change, for every member present in either period.
 */
function whySqlOf(q: { metric: Metric; where?: Ask['where']; by: Dimension }, before: Period, after: Period): string {
  const m: MetricSql = METRICS[q.metric];
  const dim = DIMENSIONS[q.by];
  const part = (p: Period) => `SELECT ${dim} AS k, ${m.value} AS v FROM ${m.from} WHERE ${whereOf(q, p)} GROUP BY 1`;
  const total = (p: Period) => `(SELECT ${m.value} FROM ${m.from} WHERE ${whereOf(q, p)})`;
  return `WITH aft AS (${part(after)}), bef AS (${part(before)})
SELECT 'change' AS k, COALESCE(${total(after)}, 0) - COALESCE(${total(before)}, 0) AS v
UNION ALL
SELECT '${q.by}=' || COALESCE(aft.k, bef.k), COALESCE(aft.v, 0) - COALESCE(bef.v, 0)
FROM aft FULL JOIN bef ON aft.k = bef.k`;
}

const why = (ctx: EvalContext, q: { metric: Metric; where?: Ask['where']; by: Dimension }, before: Period, after: Period) =>
  keyed(ctx, whySqlOf(q, before, after));

const PAWCARE = 'pawcare' as const;

const DOG = { species: 'Dog' };
const CAT = { species: 'Cat' };
const NORTH = { region: 'North' };
const SOUTH = { region: 'South' };
const ALTONA = { clinic: 'PawCare Hamburg Altona' };

export const BLIND_PAWCARE_FOLLOWUPS: Conversation[] = [
  {
    id: 'blind-pawcare-clinic-manager',
    database: PAWCARE,
    language: 'en',
    turns: [
      // psql: 165288.38
      {
        say: 'rev last mo?',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: NOV_2026 }) },
        note: 'revenue (net, issued non-voided invoices, test/internal clients excluded), 2026-11 (last month), one figure',
      },
      // psql: Schwabing 38305.10, Mitte 35307.90, Prenzlauer Berg 24922.96, Altona 20723.65, Sendling 20429.90,
      // Eppendorf 14621.18, Potsdam 10977.69
      {
        say: 'by clinic',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: NOV_2026, by: 'clinic' }) },
        note: 'revenue, 2026-11, by clinic (all clinics with invoices: seven, Charlottenburg is closed)',
      },
      // no SQL: must ask back
      {
        say: 'only vogel',
        kind: 'needs_clarification',
        expect: clarify,
        note: '"Vogel" is both a species value (Bird, German "Vogel") and a vet (Dr. Katrin Vogel) in the catalog: ambiguous, must ask back; the thread stays revenue 2026-11 by clinic',
      },
      // psql: Schwabing 38305.10, Mitte 35307.90, Prenzlauer Berg 24922.96 (4th Altona 20723.65: no tie at the cut)
      {
        say: 'top 3',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: NOV_2026, by: 'clinic', top: 3 }) },
        note: 'revenue, 2026-11, by clinic, top 3 by revenue (no filter: the clarification above changed nothing)',
      },
      // psql: Schwabing 118371.95, Mitte 92090.56, Prenzlauer Berg 72023.00 (4th Altona 62716.94)
      {
        say: 'q3 instead',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: Q3_2026, by: 'clinic', top: 3 }) },
        note: 'revenue, 2026-Q3 (July–September 2026), by clinic, top 3 (ranking carried)',
      },
      // psql: Schwabing 52573.40, Mitte 41517.20, Prenzlauer Berg 33449.60 (4th Altona 31204.10)
      {
        say: 'only dogs',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: Q3_2026, where: DOG, by: 'clinic', top: 3 }) },
        note: 'revenue, 2026-Q3, species = Dog (invoice’s pet; HUND and DOG), by clinic, top 3',
      },
      // psql: Schwabing 43570.95, Mitte 31944.80, Prenzlauer Berg 27306.40 (4th Altona 19432.84)
      {
        say: 'what abt cats',
        kind: 'replace_filter',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: Q3_2026, where: CAT, by: 'clinic', top: 3 }) },
        note: 'revenue, 2026-Q3, species = Cat (replaces Dog; KATZE and CAT), by clinic, top 3',
      },
      // psql: Potsdam 12458.97, Eppendorf 15096.85 (3rd lowest Sendling 18789.42)
      {
        say: 'and the lowest 2?',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: Q3_2026, where: CAT, by: 'clinic', bottom: 2 }) },
        note: 'revenue, 2026-Q3, species = Cat, by clinic, bottom 2 (replaces the top 3)',
      },
      // psql: Potsdam 34747.72, Eppendorf 49669.98 (3rd lowest Sendling 52758.97)
      {
        say: 'all species again',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: Q3_2026, by: 'clinic', bottom: 2 }) },
        note: 'revenue, 2026-Q3, no species filter (counter sales without a pet count again), by clinic, bottom 2 (carried)',
      },
      // psql: change −8808.21 (163641.77 → 154833.56); Schwabing −5857.25, Altona −5395.99, Potsdam −1663.35,
      // Prenzlauer Berg +2557.80, Mitte +953.28, Eppendorf +555.10, Sendling +42.20 (the contributions add up to the change)
      {
        say: "why'd rev dip in aug?",
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, { metric: 'revenue', by: 'clinic' }, JUL_2026, AUG_2026) },
        note: 'why of revenue, 2026-08 against the month before (2026-07), decomposed by clinic (the thread’s breakdown), no filter; every clinic with revenue in either month, not just the bottom 2',
      },
    ],
  },
  {
    id: 'blind-pawcare-yunying',
    database: PAWCARE,
    language: 'zh',
    turns: [
      // no SQL: must ask back
      {
        say: '按诊所呢',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'a follow-up as the very first turn: no metric, no thread to act on; must ask back',
      },
      // psql: Schwabing 206, Mitte 192, Prenzlauer Berg 144, Altona 136, Sendling 102, Eppendorf 102, Potsdam 71
      {
        say: '上个月各诊所的预约数是多少',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, { metric: 'appointments', period: NOV_2026, by: 'clinic' }) },
        note: 'appointments (any status, soft-deleted duplicates and test/internal clients excluded), 2026-11 by appointment time, by clinic',
      },
      // psql: Schwabing 75, Mitte 59, Prenzlauer Berg 58, Altona 38, Eppendorf 29, Sendling 26, Potsdam 23
      {
        say: '只看猫',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, { metric: 'appointments', period: NOV_2026, where: CAT, by: 'clinic' }) },
        note: 'appointments, 2026-11, species = Cat (the appointment’s pet), by clinic',
      },
      // psql: Schwabing 68, Mitte 55, Prenzlauer Berg 51, Altona 31, Eppendorf 26, Sendling 24, Potsdam 21
      {
        say: '换成就诊次数',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, { metric: 'visits', period: NOV_2026, where: CAT, by: 'clinic' }) },
        note: 'visits (completed appointments), 2026-11, species = Cat, by clinic',
      },
      // psql: Schwabing 200, Mitte 184, Prenzlauer Berg 131, Altona 117, Eppendorf 96, Sendling 94, Potsdam 73
      {
        say: '上个季度呢',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, { metric: 'visits', period: Q3_2026, where: CAT, by: 'clinic' }) },
        note: 'visits, 2026-Q3 (last quarter: July–September 2026), species = Cat, by clinic',
      },
      // psql: Schwabing 200, Mitte 184, Prenzlauer Berg 131 (4th Altona 117)
      {
        say: '只要前三',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, { metric: 'visits', period: Q3_2026, where: CAT, by: 'clinic', top: 3 }) },
        note: 'visits, 2026-Q3, species = Cat, by clinic, top 3',
      },
      // psql: Schwabing 583, Mitte 516, Prenzlauer Berg 390 (4th Altona 369)
      {
        say: '不限物种了',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, { metric: 'visits', period: Q3_2026, by: 'clinic', top: 3 }) },
        note: 'visits, 2026-Q3, species filter lifted, by clinic, top 3 (carried)',
      },
      // psql: change −88 (909 → 821); Altona −20, Schwabing −17, Eppendorf −15, Prenzlauer Berg −14, Mitte −9,
      // Sendling −9, Potsdam −4
      {
        say: '为什么11月掉了',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, { metric: 'visits', by: 'clinic' }, OCT_2026, NOV_2026) },
        note: 'why of visits (the thread’s metric, additive), 2026-11 against 2026-10, decomposed by clinic (the thread’s breakdown), no filter; every clinic',
      },
      // psql: Phone 301, Website 248, Walk-in 144, App 128 (821 in all)
      {
        say: '那11月按预约渠道分一下',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, { metric: 'visits', period: NOV_2026, by: 'booking_channel' }) },
        note: 'visits, 2026-11 (named), by booking channel (TEL merged into Phone), no filter, no ranking (a new breakdown: all four channels)',
      },
      // psql: 2026-01 147, 02 150, 03 127, 04 132, 05 151, 06 153, 07 149, 08 141, 09 168, 10 124, 11 147 (1589 in all,
      // as the data dictionary’s reference table)
      {
        say: '重新开始，今年每个月新增了多少客户',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, { metric: 'new_clients', period: YTD_2026, by: 'month' }) },
        note: 'reset: new clients (registrations, test/internal/counter-sale accounts excluded), 2026-01-01 to 2026-11-30, by Berlin month of registration',
      },
    ],
  },
  {
    id: 'blind-pawcare-finance-mixed',
    database: PAWCARE,
    language: 'mixed',
    turns: [
      // psql: Berlin-Brandenburg 725779.48, South 621059.75, North 408404.13 (1755243.36 in all, as the data
      // dictionary’s reference table)
      {
        say: '今年的 revenue by region 看一下',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: YTD_2026, by: 'region' }) },
        note: 'revenue, 2026-01-01 to 2026-11-30 (this year to date), by region',
      },
      // psql: Berlin-Brandenburg 198861.28, South 171130.92, North 112386.92
      {
        say: '只看 Q3 呢',
        kind: 'replace_period',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: Q3_2026, by: 'region' }) },
        note: 'revenue, 2026-Q3, by region',
      },
      // psql: Berlin-Brandenburg 240405.69, South 202922.99, North 134260.91
      {
        say: '换成 payments collected',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, { metric: 'payments_collected', period: Q3_2026, by: 'region' }) },
        note: 'payments collected (successful payments, gross incl. VAT, by payment time), 2026-Q3, by region (of the invoice’s clinic)',
      },
      // no SQL: must ask back
      {
        say: 'EBITDA 按 region 有吗?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no EBITDA (no costs) in the catalog: must ask back; the thread stays payments collected 2026-Q3 by region',
      },
      // psql: Girocard (EC) 197500.78, Credit card 149899.45, Bank transfer 95330.42, Pet insurer 58893.99,
      // Cash 52505.81, PayPal 23459.14
      {
        say: 'by payment method 拆一下',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, { metric: 'payments_collected', period: Q3_2026, by: 'payment_method' }) },
        note: 'payments collected, 2026-Q3, by payment method (replaces region as the breakdown)',
      },
      // psql: Girocard (EC) 45346.05, Credit card 34186.64, Bank transfer 23464.51, Pet insurer 12948.18,
      // Cash 11199.92, PayPal 7115.61
      {
        say: '只看 North region 的',
        kind: 'add_filter',
        expect: { sql: (ctx) => ask(ctx, { metric: 'payments_collected', period: Q3_2026, where: NORTH, by: 'payment_method' }) },
        note: 'payments collected, 2026-Q3, region = North (Hamburg clinics), by payment method',
      },
      // psql: Girocard (EC) 69261.53, Credit card 56328.33, Bank transfer 32972.40, Pet insurer 20176.16,
      // Cash 18937.33, PayPal 5247.24
      {
        say: 'South 呢?',
        kind: 'replace_filter',
        expect: { sql: (ctx) => ask(ctx, { metric: 'payments_collected', period: Q3_2026, where: SOUTH, by: 'payment_method' }) },
        note: 'payments collected, 2026-Q3, region = South (replaces North), by payment method',
      },
      // psql: as turn 5: Girocard (EC) 197500.78, Credit card 149899.45, Bank transfer 95330.42, Pet insurer 58893.99,
      // Cash 52505.81, PayPal 23459.14
      {
        say: 'ok all regions 吧, 不要 filter 了',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, { metric: 'payments_collected', period: Q3_2026, by: 'payment_method' }) },
        note: 'payments collected, 2026-Q3, region filter lifted, by payment method',
      },
      // psql: change −22083.66 (175990.25 → 153906.59); Prenzlauer Berg −9947.89, Mitte −6110.88, Schwabing −3276.10,
      // Altona −2382.94, Eppendorf −910.15, Sendling −34.53, Potsdam +578.83
      {
        say: '另外 why revenue 5月 drop 这么多? 按 clinic 拆',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, { metric: 'revenue', by: 'clinic' }, APR_2026, MAY_2026) },
        note: 'why of revenue (named), 2026-05 against 2026-04, decomposed by clinic (named), no filter',
      },
      // psql: Schwabing 163.72, Eppendorf 158.95, Charlottenburg 157.72 (4th Altona 149.83); Charlottenburg was open
      // until 2025-09-30 and counts in 2025
      {
        say: 'new question: 2025 年 avg invoice value by clinic, top 3',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, { metric: 'avg_invoice_value', period: Y2025, by: 'clinic', top: 3 }) },
        note: 'reset: average invoice value (revenue / invoices, counter sales included), calendar 2025, by clinic, top 3',
      },
    ],
  },
  {
    id: 'blind-pawcare-owner',
    database: PAWCARE,
    language: 'en',
    turns: [
      // psql: Berlin-Brandenburg 198861.28, South 171130.92, North 112386.92
      {
        say: 'Good morning. Could you tell me how much revenue each of our three regions brought in last quarter?',
        kind: 'fresh',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: Q3_2026, by: 'region' }) },
        note: 'revenue, 2026-Q3 (last quarter), by region',
      },
      // psql: Schwabing 52573.40, Mitte 41517.20, Prenzlauer Berg 33449.60, Altona 31204.10, Eppendorf 25131.80,
      // Sendling 24506.54, Potsdam 17566.75
      {
        say: 'Thank you. Could you break that down by clinic instead, and only count dogs?',
        kind: 'add_breakdown',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: Q3_2026, where: DOG, by: 'clinic' }) },
        note: 'revenue, 2026-Q3, species = Dog (added), by clinic (replaces region); two changes',
      },
      // psql: Schwabing 21037.84, Mitte 16536.20, Prenzlauer Berg 10889.60 (4th Eppendorf 8412.45)
      {
        say: 'Which were the top three clinics in October, rather than over the whole quarter?',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, { metric: 'revenue', period: OCT_2026, where: DOG, by: 'clinic', top: 3 }) },
        note: 'revenue, 2026-10 (replaces Q3), species = Dog, by clinic, top 3; two changes (ranking and period)',
      },
      // psql: Schwabing 64, Mitte 59, Altona 55 (4th Prenzlauer Berg 46)
      {
        say: 'And how did that look for cats, in terms of visits rather than revenue?',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, { metric: 'visits', period: OCT_2026, where: CAT, by: 'clinic', top: 3 }) },
        note: 'visits, 2026-10, species = Cat (replaces Dog), by clinic, top 3 (carried); two changes (metric and filter)',
      },
      // no SQL: must ask back
      {
        say: 'What was our gross margin over the same period?',
        kind: 'needs_clarification',
        expect: clarify,
        note: 'no cost data, so no gross margin in the catalog: must ask back; the thread stays visits 2026-10 Cat by clinic top 3',
      },
      // psql: Potsdam 68, Sendling 98 (3rd lowest Eppendorf 101)
      {
        say: 'Please include all species again, and show me the two weakest clinics instead.',
        kind: 'lift_filter',
        expect: { sql: (ctx) => ask(ctx, { metric: 'visits', period: OCT_2026, by: 'clinic', bottom: 2 }) },
        note: 'visits, 2026-10, species filter lifted, by clinic, bottom 2 (replaces the top 3); two changes',
      },
      // psql: Altona 0.2000, Sendling 0.0632, Schwabing 0.0308, Prenzlauer Berg 0.0308, Mitte 0.0229,
      // Eppendorf 0.0227, Potsdam 0.0000 (no ranking, so the tie of Schwabing and Prenzlauer Berg does not matter)
      {
        say: 'I would like to see the no-show rate for every clinic in November instead, please.',
        kind: 'replace_metric',
        expect: { sql: (ctx) => ask(ctx, { metric: 'no_show_rate', period: NOV_2026, by: 'clinic' }) },
        note: 'no-show rate (NSH / (CMP + NSH)), 2026-11, by clinic, every clinic (the ranking dropped: "every clinic"); two changes (metric and period)',
      },
      // psql: change −20 (116 → 96); Illness or injury −16, Check-up −6, Vaccination visit −5, Dental visit −1,
      // Surgery visit −1, Follow-up +1, Emergency +3, Grooming visit +5
      {
        say: 'Why did the number of visits at Hamburg Altona fall in November? Please break it down by visit reason.',
        kind: 'ask_why',
        expect: { sql: (ctx) => why(ctx, { metric: 'visits', where: ALTONA, by: 'visit_reason' }, OCT_2026, NOV_2026) },
        note: 'why of visits (named, additive), 2026-11 against 2026-10, clinic = PawCare Hamburg Altona, decomposed by visit reason (named)',
      },
      // psql: Schwabing 114, Mitte 112, Prenzlauer Berg 99, Altona 98, Eppendorf 68, Potsdam 50, Sendling 20 (561 in all)
      {
        say: 'Thank you, that is helpful. Let us start over: how many wellness plans did we sell at each clinic this year?',
        kind: 'reset',
        expect: { sql: (ctx) => ask(ctx, { metric: 'plan_signups', period: YTD_2026, by: 'clinic' }) },
        note: 'reset: wellness-plan sign-ups (by plan start date, test/internal clients excluded), 2026-01-01 to 2026-11-30, by selling clinic; no Altona filter',
      },
      // psql: Mitte 51, Altona 42, Schwabing 33 (4th Eppendorf 22); 194 in all for 2025
      {
        say: 'Could you show me only the top three, and for last year instead?',
        kind: 'change_ranking',
        expect: { sql: (ctx) => ask(ctx, { metric: 'plan_signups', period: Y2025, by: 'clinic', top: 3 }) },
        note: 'wellness-plan sign-ups, calendar 2025 (last year), by clinic, top 3; two changes (ranking and period)',
      },
    ],
  },
];
