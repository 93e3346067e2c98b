/**
 * Hand-written SQL for the conversation cases, over the raw tables (never the catalog): each database's joins,
 * its metrics as SQL aggregates, its dimensions as SQL expressions, and a small query shape (metric, half-open
 * period, filters, breakdown, ranking) the turns fill in. A ranking refuses a tie across its cut, so no case can
 * quietly expect one of two equal members.
 */
import type { EvalContext } from '../cases';

/** A half-open window [from, to) of dates 'YYYY-MM-DD'. */
export type Period = readonly [string, string];
export type Grain = 'year' | 'quarter' | 'month';

interface Schema {
  /** FROM clause per grain of metric: invoice/order level and line level. */
  from: { header: string; line: string };
  time: string;
  /** Always applied (the demo's paid orders with a positive amount). */
  base: string;
  metrics: Record<string, { level: 'header' | 'line'; expr: string }>;
  dims: Record<string, string>;
}

const CHINOOK: Schema = {
  from: {
    header: `FROM invoice i JOIN customer c ON c.customer_id = i.customer_id LEFT JOIN employee e ON e.employee_id = c.support_rep_id`,
    line: `FROM invoice_line l JOIN invoice i ON i.invoice_id = l.invoice_id JOIN customer c ON c.customer_id = i.customer_id
      LEFT JOIN employee e ON e.employee_id = c.support_rep_id JOIN track t ON t.track_id = l.track_id
      JOIN album al ON al.album_id = t.album_id JOIN artist ar ON ar.artist_id = al.artist_id
      JOIN genre g ON g.genre_id = t.genre_id JOIN media_type mt ON mt.media_type_id = t.media_type_id`,
  },
  time: 'i.invoice_date',
  base: 'TRUE',
  metrics: {
    revenue: { level: 'header', expr: 'sum(i.total)' },
    orders: { level: 'header', expr: 'count(*)' },
    aov: { level: 'header', expr: 'avg(i.total)' },
    customers: { level: 'header', expr: 'count(DISTINCT i.customer_id)' },
    track_revenue: { level: 'line', expr: 'sum(l.unit_price * l.quantity)' },
    tracks_sold: { level: 'line', expr: 'sum(l.quantity)' },
    avg_track_price: { level: 'line', expr: 'sum(l.unit_price * l.quantity) / sum(l.quantity)' },
  },
  dims: {
    country: 'c.country',
    city: 'c.city',
    support_rep: `e.first_name || ' ' || e.last_name`,
    genre: 'g.name',
    media_type: 'mt.name',
    artist: 'ar.name',
    album: 'al.title',
  },
};

const DEMO: Schema = {
  from: {
    header: `FROM orders o JOIN users u ON u.user_id = o.user_id LEFT JOIN categories c ON c.category_id = o.category_id`,
    line: `FROM order_items oi JOIN orders o ON o.order_id = oi.order_id JOIN users u ON u.user_id = o.user_id
      LEFT JOIN categories ic ON ic.category_id = oi.category_id`,
  },
  time: 'o.pay_time',
  base: `o.status = 'paid' AND o.amount > 0`,
  metrics: {
    gmv: { level: 'header', expr: 'sum(o.amount)' },
    orders: { level: 'header', expr: 'count(*)' },
    aov: { level: 'header', expr: 'sum(o.amount) / count(*)' },
    buyers: { level: 'header', expr: 'count(DISTINCT o.user_id)' },
    new_customers: {
      level: 'header',
      expr: `count(DISTINCT o.user_id) FILTER (WHERE date_trunc('month', u.first_order_at) = date_trunc('month', o.pay_time))`,
    },
    item_revenue: { level: 'line', expr: 'sum(oi.amount)' },
    items_sold: { level: 'line', expr: 'sum(oi.quantity)' },
  },
  dims: {
    region: 'u.region',
    category: 'c.name',
    channel: 'u.channel',
    customer_type: `CASE WHEN date_trunc('month', u.first_order_at) = date_trunc('month', o.pay_time) THEN 'new' ELSE 'returning' END`,
    item_category: 'ic.name',
  },
};

/**
 * Rentwise (car rental), written from its data dictionary (test/fixtures/rental/README.md). Only the completed-rental
 * measures, which the catalog dates by the RETURN time (revenue is recognised when the agreement closes), are here:
 * the booking measures (bookings, cancellations, cancellation and no-show rates) are dated by the booking time and
 * the damage and cash measures by their own tables' times, so a query shape with one time column cannot hold them.
 * A rental row is a booking: every measure here counts completed rentals only (status CMP). The header level is one
 * row per rental, with its extras summed beside it (revenue = days × rate + every extra line of the rental); the
 * line level is one row per extra line of a completed rental, dated by its rental's return.
 */
const RENTAL: Schema = {
  from: {
    header: `FROM rental r JOIN branch b ON b.branch_id = r.pickup_branch_id JOIN veh_class vc ON vc.veh_class = r.veh_class
      JOIN customer cu ON cu.cust_id = r.cust_id
      LEFT JOIN (SELECT rental_id, sum(line_amt) AS amt FROM rental_extra GROUP BY rental_id) rx ON rx.rental_id = r.rental_id`,
    line: `FROM rental_extra re JOIN rental r ON r.rental_id = re.rental_id JOIN branch b ON b.branch_id = r.pickup_branch_id
      JOIN veh_class vc ON vc.veh_class = r.veh_class JOIN customer cu ON cu.cust_id = r.cust_id`,
  },
  time: 'r.return_ts',
  base: `r.status_cd = 'CMP'`,
  metrics: {
    /** Rental revenue: days × daily rate plus the rental's extra and fee lines. */
    revenue: { level: 'header', expr: 'sum(r.rental_days * r.daily_rate_amt + coalesce(rx.amt, 0))' },
    /** Time & mileage: days × daily rate, no extras. */
    tm_revenue: { level: 'header', expr: 'sum(r.rental_days * r.daily_rate_amt)' },
    /** Extras and fees of completed rentals. */
    ancillary_revenue: { level: 'line', expr: 'sum(re.line_amt)' },
    rentals: { level: 'header', expr: 'count(*)' },
    rental_days: { level: 'header', expr: 'sum(r.rental_days)' },
    avg_rental_length: { level: 'header', expr: 'sum(r.rental_days)::numeric / count(*)' },
    /** Time & mileage per rental day (weighted by days). */
    avg_daily_rate: { level: 'header', expr: 'sum(r.rental_days * r.daily_rate_amt) / sum(r.rental_days)' },
    revenue_per_rental: { level: 'header', expr: 'sum(r.rental_days * r.daily_rate_amt + coalesce(rx.amt, 0)) / count(*)' },
    customers: { level: 'header', expr: 'count(DISTINCT r.cust_id)' },
  },
  dims: {
    /** The pickup branch (revenue belongs to it). */
    branch: 'b.branch_nm',
    city: 'b.city',
    country: `CASE b.country_cd WHEN 'GB' THEN 'United Kingdom' WHEN 'IE' THEN 'Ireland' WHEN 'DE' THEN 'Germany'
      WHEN 'NL' THEN 'Netherlands' WHEN 'FR' THEN 'France' WHEN 'ES' THEN 'Spain' END`,
    region: 'b.region_nm',
    branch_type: `CASE b.branch_type WHEN 'AIRPORT' THEN 'Airport' WHEN 'RAIL' THEN 'Rail station' WHEN 'CITY' THEN 'City centre' END`,
    /** The class booked and paid for (not the car handed over). */
    vehicle_class: 'vc.class_nm',
    channel: 'r.channel_cd',
    customer_type: `CASE cu.cust_type WHEN 'CORP' THEN 'Corporate' WHEN 'IND' THEN 'Individual' END`,
  },
};

/**
 * Learnloop (online courses), written from its data dictionary (test/fixtures/courses/README.md). Only the sales
 * measures, which Finance dates by the PAYMENT time (orders.paid_ts), are here: refunds (by rfnd_ts), learners (by
 * sign-up), activity, completion and reviews have their own times, so a query shape with one time column cannot hold
 * them. A sale is a checkout whose payment was captured (stat_cd PAID or REFUNDED: a later full refund is booked
 * separately), bought by a learner who is not a test account. Money is ex-tax USD: the order subtotal (the sum of its
 * lines' prices after discount), never amt_usd (tax and FX rounding). Paid orders, AOV and paying learners count only
 * orders with a subtotal above zero; courses sold counts only lines with a price above zero. The header level is one
 * row per sale (with its buyer); the line level one row per course of a sale, with its course, category (rolled up
 * to the top level: parent if it has one, else itself) and instructor. Course, category and instructor dimensions
 * exist at the line level only. The above-zero conditions are aggregate FILTERs (the schema has one base), so a member
 * with no such order (the payment method 'None (100% coupon)') comes back 0 rather than absent: no case breaks the
 * counted measures down by it.
 */
const COURSES: Schema = {
  from: {
    header: `FROM orders o JOIN learners ln ON ln.lrnr_id = o.lrnr_id`,
    line: `FROM order_lines ol JOIN orders o ON o.order_id = ol.order_id JOIN learners ln ON ln.lrnr_id = o.lrnr_id
      JOIN courses co ON co.course_id = ol.course_id JOIN course_categories cc ON cc.cat_id = co.cat_id
      LEFT JOIN course_categories pc ON pc.cat_id = cc.parent_cat_id JOIN instructors ins ON ins.instr_id = co.instr_id`,
  },
  time: 'o.paid_ts',
  base: `o.stat_cd IN ('PAID', 'REFUNDED') AND NOT ln.is_test`,
  metrics: {
    /** Gross bookings: the ex-tax subtotal of every sale (zero-value coupon orders add nothing). */
    revenue: { level: 'header', expr: 'sum(o.sub_tot_usd)' },
    paid_orders: { level: 'header', expr: 'count(*) FILTER (WHERE o.sub_tot_usd > 0)' },
    aov: {
      level: 'header',
      expr: 'sum(o.sub_tot_usd) FILTER (WHERE o.sub_tot_usd > 0) / nullif(count(*) FILTER (WHERE o.sub_tot_usd > 0), 0)',
    },
    paying_learners: { level: 'header', expr: 'count(DISTINCT o.lrnr_id) FILTER (WHERE o.sub_tot_usd > 0)' },
    /** Gross bookings one course at a time: the lines' prices after discount, ex-tax. */
    line_revenue: { level: 'line', expr: 'sum(ol.price_usd)' },
    courses_sold: { level: 'line', expr: 'count(*) FILTER (WHERE ol.price_usd > 0)' },
  },
  dims: {
    /** The buyer's profile country; the pre-2023-05-15 'UK' is the United Kingdom. */
    country: `CASE ln.country_cd WHEN 'AU' THEN 'Australia' WHEN 'BR' THEN 'Brazil' WHEN 'CA' THEN 'Canada' WHEN 'CN' THEN 'China'
      WHEN 'DE' THEN 'Germany' WHEN 'EG' THEN 'Egypt' WHEN 'ES' THEN 'Spain' WHEN 'FR' THEN 'France' WHEN 'GB' THEN 'United Kingdom'
      WHEN 'UK' THEN 'United Kingdom' WHEN 'ID' THEN 'Indonesia' WHEN 'IN' THEN 'India' WHEN 'IT' THEN 'Italy' WHEN 'JP' THEN 'Japan'
      WHEN 'KR' THEN 'South Korea' WHEN 'MX' THEN 'Mexico' WHEN 'NG' THEN 'Nigeria' WHEN 'NL' THEN 'Netherlands'
      WHEN 'PH' THEN 'Philippines' WHEN 'PL' THEN 'Poland' WHEN 'TR' THEN 'Turkey' WHEN 'US' THEN 'United States' END`,
    /** The buyer's sign-up channel; the old code SOC is paid social. */
    signup_channel: `CASE ln.signup_chnl WHEN 'ORG' THEN 'Direct' WHEN 'SEO' THEN 'Organic search' WHEN 'PSR' THEN 'Paid search'
      WHEN 'PSO' THEN 'Paid social' WHEN 'SOC' THEN 'Paid social' WHEN 'AFF' THEN 'Affiliate' WHEN 'REF' THEN 'Referral'
      WHEN 'APP' THEN 'App store' WHEN 'B2B' THEN 'Company invite' WHEN 'ADM' THEN 'Staff-created' END`,
    customer_type: `CASE WHEN ln.co_acct_id IS NULL THEN 'Individual' ELSE 'Company plan' END`,
    platform: `CASE o.platform WHEN 'WEB' THEN 'Web' WHEN 'IOS' THEN 'iOS' WHEN 'AND' THEN 'Android' END`,
    payment_method: `CASE o.pay_mthd WHEN 'CARD' THEN 'Card' WHEN 'PAYPAL' THEN 'PayPal' WHEN 'APPLE' THEN 'Apple Pay'
      WHEN 'GPAY' THEN 'Google Pay' WHEN 'UPI' THEN 'UPI' WHEN 'PIX' THEN 'Pix' WHEN 'ALIPAY' THEN 'Alipay'
      WHEN 'WECHAT' THEN 'WeChat Pay' WHEN 'KONBINI' THEN 'Konbini' WHEN 'NONE' THEN 'None (100% coupon)' END`,
    /** Coupons compared upper-cased; '' (before 2024-02) is no coupon. */
    coupon: `upper(nullif(o.coupon_cd, ''))`,
    /** Line level only: the top-level category (a subcategory's parent, else the category itself). */
    category: 'coalesce(pc.cat_name, cc.cat_name)',
    subcategory: `CASE WHEN cc.parent_cat_id IS NOT NULL THEN cc.cat_name ELSE cc.cat_name || ' (general)' END`,
    /** Instructor display names shared by two instructors carry the instructor id. */
    instructor: `CASE WHEN (SELECT count(*) FROM instructors d WHERE d.display_nm = ins.display_nm) > 1
      THEN ins.display_nm || ' #' || ins.instr_id ELSE ins.display_nm END`,
    course_language: `CASE upper(replace(co.lang_cd, '-', '_')) WHEN 'EN' THEN 'English' WHEN 'ES' THEN 'Spanish'
      WHEN 'PT_BR' THEN 'Portuguese' WHEN 'DE' THEN 'German' WHEN 'FR' THEN 'French' WHEN 'JA' THEN 'Japanese'
      WHEN 'ZH' THEN 'Chinese' WHEN 'ZH_CN' THEN 'Chinese' WHEN 'HI' THEN 'Hindi' END`,
    level: `CASE co.lvl WHEN 'BEG' THEN 'Beginner' WHEN 'INT' THEN 'Intermediate' WHEN 'ADV' THEN 'Advanced' WHEN 'ALL' THEN 'All levels' END`,
  },
};

const SCHEMAS = { chinook: CHINOOK, demo: DEMO, rental: RENTAL, courses: COURSES };

const FORMATS: Record<Grain, string> = { year: 'YYYY', quarter: 'YYYY-"Q"Q', month: 'YYYY-MM' };

export interface Query {
  metric: string;
  /** No period: all of the data. */
  period?: Period;
  /** dimension → allowed values (one value: `= x`; several: `IN (...)`). */
  where?: Record<string, string[]>;
  /**
   * dimension → values left out: every row but those, rows where the dimension is missing kept (`IS NULL OR <> ALL (...)`), as
   * Baton states a value left out ("excluding India": every row but India's; docs/architecture.md, "Data access").
   */
  exclude?: Record<string, string[]>;
  /** A dimension or a time grain. */
  by?: string;
  /** The first n members, highest first (or lowest with order 'asc'). */
  top?: { n: number; order?: 'desc' | 'asc' };
}

function compile(db: keyof typeof SCHEMAS, q: Query): { sql: string; params: unknown[] } {
  const s = SCHEMAS[db];
  const metric = s.metrics[q.metric];
  if (!metric) throw new Error(`no metric ${q.metric} in ${db}`);
  const params: unknown[] = [];
  const conds = [s.base];
  if (q.period) {
    params.push(q.period[0], q.period[1]);
    conds.push(`${s.time} >= $1::timestamp AND ${s.time} < $2::timestamp`);
  }
  for (const [dim, values] of Object.entries(q.where ?? {})) {
    params.push(values);
    conds.push(`${dimension(s, dim)} = ANY($${params.length}::text[])`);
  }
  for (const [dim, values] of Object.entries(q.exclude ?? {})) {
    params.push(values);
    conds.push(`(${dimension(s, dim)} IS NULL OR ${dimension(s, dim)} <> ALL($${params.length}::text[]))`);
  }
  const by = q.by === undefined ? undefined : q.by in FORMATS ? grainKey(s, q.by as Grain) : dimension(s, q.by);
  const from = s.from[metric.level];
  const sql = by
    ? `SELECT ${by} AS k, ${metric.expr} AS v ${from} WHERE ${conds.join(' AND ')} GROUP BY 1`
    : `SELECT ${metric.expr} AS v ${from} WHERE ${conds.join(' AND ')}`;
  return { sql, params };
}

const grainKey = (s: Schema, grain: Grain) => `to_char(date_trunc('${grain}', ${s.time}), '${FORMATS[grain]}')`;
function dimension(s: Schema, name: string): string {
  const expr = s.dims[name];
  if (!expr) throw new Error(`no dimension ${name}`);
  return expr;
}

/** A query's answer: one number, or numbers keyed by the breakdown's members (a ranking: exactly its n). */
export async function ask(ctx: EvalContext, db: keyof typeof SCHEMAS, q: Query): Promise<number | Record<string, number>> {
  const { sql, params } = compile(db, q);
  if (!q.by) {
    const { rows } = await ctx.db.query<{ v: string | null }>(sql, params);
    return Number(rows[0]?.v ?? NaN);
  }
  const { rows } = await ctx.db.query<{ k: string | null; v: string }>(
    q.top ? `SELECT k, v FROM (${sql}) x ORDER BY v ${q.top.order ?? 'desc'}, k` : sql,
    params,
  );
  const all = rows.map((r) => ({ k: r.k ?? '(missing)', v: Number(r.v) }));
  if (!q.top) return Object.fromEntries(all.map((r) => [r.k, r.v]));
  const { n } = q.top;
  const [last, next] = [all[n - 1], all[n]];
  if (!last) throw new Error(`a top ${n} over ${all.length} members`);
  if (next && Math.abs(next.v - last.v) < 1e-9) throw new Error(`a tie across the top-${n} cut: ${last.k} and ${next.k} at ${last.v}`);
  return Object.fromEntries(all.slice(0, n).map((r) => [r.k, r.v]));
}

/**
 * Each member's share of the total (a fraction), keyed by the member: the metric by `by` over the query's rows, each
 * divided by the metric over the same rows without `by`. The total is the metric itself, not the sum of the members,
 * which double-counts where members overlap (a distinct count, a fan-out join).
 */
export async function share(
  ctx: EvalContext,
  db: keyof typeof SCHEMAS,
  q: Omit<Query, 'top'> & { by: string },
): Promise<Record<string, number>> {
  const groups = (await ask(ctx, db, q)) as Record<string, number>;
  const total = (await ask(ctx, db, { ...q, by: undefined })) as number;
  return Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v / total]));
}

/** A comparison: the metric in each labelled period, keyed by the label. */
export async function compare(
  ctx: EvalContext,
  db: keyof typeof SCHEMAS,
  q: Omit<Query, 'period' | 'by' | 'top'>,
  periods: Record<string, Period>,
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [label, period] of Object.entries(periods)) out[label] = (await ask(ctx, db, { ...q, period })) as number;
  return out;
}

/**
 * A why of an additive metric: its change from `before` to `after` (key `change`) and each member's contribution
 * (after − before), keyed `<dimension>=<member>`, over every member present in either period.
 */
export async function why(
  ctx: EvalContext,
  db: keyof typeof SCHEMAS,
  q: Omit<Query, 'period' | 'by' | 'top'> & { by: string },
  before: Period,
  after: Period,
): Promise<Record<string, number>> {
  const b = (await ask(ctx, db, { ...q, period: before })) as Record<string, number>;
  const a = (await ask(ctx, db, { ...q, period: after })) as Record<string, number>;
  const out: Record<string, number> = {};
  let change = 0;
  for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const effect = round((a[k] ?? 0) - (b[k] ?? 0));
    out[`${q.by}=${k}`] = effect;
    change += effect;
  }
  out.change = round(change);
  return out;
}

/** Sums of money in floating point drift in the 12th digit: round to 1e-6. */
const round = (x: number) => Math.round(x * 1e6) / 1e6;

// ------------------------------------------------------------------ periods

export const year = (y: number): Period => [`${y}-01-01`, `${y + 1}-01-01`];
export const quarter = (y: number, q: number): Period => [firstOf(y, (q - 1) * 3), firstOf(y, q * 3)];
/** A month 'YYYY-MM', or `count` months ending with it. */
export const months = (ym: string, count = 1): Period => {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return [firstOf(y, m - count), firstOf(y, m)];
};
function firstOf(y: number, monthIndex: number): string {
  const d = new Date(Date.UTC(y, monthIndex, 1));
  return d.toISOString().slice(0, 10);
}
/** The month 'YYYY-MM' shifted by n months. */
export function shiftMonth(ym: string, n: number): string {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return firstOf(y, m - 1 + n).slice(0, 7);
}
