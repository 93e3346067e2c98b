/**
 * The Rentwise "as users ask" suite: questions written the way managers and analysts at a car-rental company ask
 * them, blind on 2026-12-04 (the writer read the data dictionary test/fixtures/rental/README.md, the catalog it wrote from
 * the draft of `baton catalog init`, catalogs/rental.yaml, docs/catalog.md, README.md, the example catalogs and
 * eval/as-users-ask; never the question parser, and did not run Baton on them). The database itself
 * (test/fixtures/rental/rental.sql) was written by another helper that knew nothing of Baton. Each expected answer is hand-written SQL against the real
 * tables (rental, rental_extra, extra_type, branch, veh_class, customer, vehicle, damage_report), following
 * catalogs/rental.yaml's metric definitions exactly. Same format as eval/as-users-ask/chinook.ts.
 *
 * Readings:
 *   - today is 2026-12-01 (the extract ends 2026-11-30): "last month"/上个月 = November 2026, "last year"/去年 = 2025,
 *     "this year"/今年 = 2026 to date, i.e. [2026-01-01, 2026-12-01); "last summer" = the most recent summer,
 *     June to August 2026, [2026-06-01, 2026-09-01).
 *   - no period named: all of the data, no time window (rows without a time count too).
 *   - named periods are half-open windows on the metric's time field, as the catalog declares it:
 *       completed-rental metrics (revenue, rentals, rental days, average rental length, average daily rate,
 *       revenue per rental, renting customers) and ancillary revenue: rental.return_ts (Finance recognises a
 *       rental when it is returned and the agreement closes);
 *       bookings, cancellations, cancellation rate: rental.booked_ts;
 *       damage repair costs: damage_report.reported_ts.
 *     A year [Jan 1, next Jan 1), a quarter [first day, first day of the next quarter), a month [1st, next 1st).
 *   - revenue = completed rentals only (status CMP): rental_days × daily_rate_amt plus every rental_extra line of
 *     the rental, attributed to the pickup branch (Finance's headline number, gross of goodwill refunds).
 *   - "best"/"top"/业绩/花钱最多 with no metric named: revenue, the catalog's primary_metric. "Best branch" is the
 *     pickup branch; "top customers" are customer accounts (the catalog's customer dimension, labelled
 *     'company or person name #account id'); 哪家公司 is the company dimension (customer.company_nm).
 *   - verbs: "rent out"/"rented"/租出去/租了多少次 = rentals (count of completed rentals); 租了多少天 = rental days
 *     (sum of rental_days of completed rentals); "customers rented with us" = renting customers
 *     (COUNT(DISTINCT cust_id) of completed rentals); 花钱 = revenue from that company.
 *   - synonyms: takings/营业额/业绩 = revenue; car class/车型 = the booked vehicle class (veh_class.class_nm);
 *     门店 = pickup branch; the app/手机应用 = channel APP, 网站 = WEB; 电动车 = vehicle.fuel_type EV (the car handed
 *     over); 白金会员 = customer.loyalty_tier PLATINUM (today's tier); 企业客户/corporate = customer.cust_type CORP;
 *     合作方 = the partner of a partner booking (rental.partner_cd, labelled by name); 附加收入/extras = ancillary
 *     revenue (rental_extra lines of completed rentals); 保险 = extra_type.extra_cat INSURANCE; Paris/London/巴黎 =
 *     branch.city (two branches each); Heathrow = the branch London Heathrow Airport.
 *   - "worst cancellation rate" = the highest one (a cancellation is bad); "lowest"/"fewest"/最差/倒数 = ascending.
 *   - a comparison of two members ("corporate vs individual", "Paris and London", 网站和手机应用) is keyed by the
 *     members, each member's own value over the period asked (all of the data when none is named).
 *   - shares are fractions between 0 and 1 of the same metric over all rows in the same window.
 *   - keys are the catalog's dimension values as written there: branch names, cities, region names, class names,
 *     channel codes (WEB, APP, ...), 'Corporate'/'Individual', country names ('United Kingdom', ...), partner
 *     names ('Expedia', ...).
 *   - every ranking was checked for ties across its cut; none falls inside a tie (the gaps are in the comments).
 *
 * Shapes: 'scalar' one row, column v; 'keyed' columns k, v; 'ranked' column k in order, first n rows.
 *
 * The values in the comments are what the SQL returned on baton_rental (rental.sql, 35,154 bookings) on 2026-12-01;
 * they are a record, not the expectation.
 */

/** Rental rows (bookings) with their pickup branch, booked class, customer and (from pickup) car. */
const RENTALS = `FROM rental r JOIN branch b ON b.branch_id = r.pickup_branch_id JOIN veh_class vc ON vc.veh_class = r.veh_class
  JOIN customer c ON c.cust_id = r.cust_id LEFT JOIN vehicle v ON v.vehicle_id = r.vehicle_id`;
/** Completed rentals: the only rows that earn revenue and count as rentals. */
const COMPLETED = `r.status_cd = 'CMP'`;
/** Revenue: rental days × daily rate plus all extra and fee lines of the rental (catalog metric revenue). */
const REVENUE = `sum(r.rental_days * r.daily_rate_amt + COALESCE((SELECT sum(re.line_amt) FROM rental_extra re WHERE re.rental_id = r.rental_id), 0))`;
/** Average daily rate: time & mileage revenue per rental day (catalog metric avg_daily_rate). */
const ADR = `sum(r.rental_days * r.daily_rate_amt) / sum(r.rental_days)`;
/** Average rental length: rental days per completed rental (catalog metric avg_rental_length). */
const AVG_LENGTH = `sum(r.rental_days)::numeric / count(*)`;
/** Half-open window on the return time (completed-rental metrics), on parameters $1 and $2. */
const RETURNED_WITHIN = `r.return_ts >= $1::timestamp AND r.return_ts < $2::timestamp`;
/** Half-open window on the booking time (booking metrics), on parameters $1 and $2. */
const BOOKED_WITHIN = `r.booked_ts >= $1::timestamp AND r.booked_ts < $2::timestamp`;
/** The catalog's customer dimension: company or person's name, then the account number. */
const CUSTOMER = `COALESCE(c.company_nm, NULLIF(concat_ws(' ', c.first_nm, c.last_nm), ''), 'erased customer') || ' #' || c.cust_id`;
/** The catalog's customer_type dimension. */
const CUSTOMER_TYPE = `CASE c.cust_type WHEN 'CORP' THEN 'Corporate' WHEN 'IND' THEN 'Individual' END`;
/** The catalog's country dimension (country of the pickup branch). */
const COUNTRY = `CASE b.country_cd WHEN 'GB' THEN 'United Kingdom' WHEN 'IE' THEN 'Ireland' WHEN 'DE' THEN 'Germany' WHEN 'NL' THEN 'Netherlands' WHEN 'FR' THEN 'France' WHEN 'ES' THEN 'Spain' END`;
/** The catalog's partner dimension (partner name). */
const PARTNER = `CASE r.partner_cd WHEN 'EXPEDIA' THEN 'Expedia' WHEN 'BOOKING' THEN 'Booking.com' WHEN 'KAYAK' THEN 'Kayak' WHEN 'RYANAIR' THEN 'Ryanair' WHEN 'RENTCARS' THEN 'Rentcars.com' WHEN 'AMEXGBT' THEN 'Amex GBT' WHEN 'CWT' THEN 'CWT' WHEN 'BCDTRVL' THEN 'BCD Travel' END`;
/** Extra and fee lines with their rental and extra type (ancillary revenue). */
const EXTRA_LINES = `FROM rental_extra x JOIN rental r ON r.rental_id = x.rental_id JOIN extra_type e ON e.extra_cd = x.extra_cd`;
/** Damage reports with the branch that logged them. */
const DAMAGE = `FROM damage_report d JOIN branch b ON b.branch_id = d.reported_branch_id`;

export const RENTAL_AS_USERS_ASK: {
  question: string;
  language: 'en' | 'zh';
  reading: string;
  shape: 'scalar' | 'keyed' | 'ranked';
  sql: string;
  params?: unknown[];
  n?: number;
}[] = [
  // ================================================================ English
  // ---------------------------------------------------------------- no period, best / top with no metric named
  {
    // baton_rental 2026-12-01: v = 12317005.62 (30,241 completed rentals; time & mileage 8693146.56, extras 3623859.06)
    question: 'How much revenue have we made?',
    language: 'en',
    reading: 'Revenue (completed rentals: rental_days × daily_rate_amt plus their extra lines), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED}`,
  },
  {
    // baton_rental 2026-12-01: k = ['London Heathrow Airport'] (1110927.55, next Barcelona El Prat Airport 1078751.34).
    // By rentals the first is Heathrow too (2,660, next Barcelona 2,433).
    question: 'Which is our best branch?',
    language: 'en',
    reading: 'No metric named: revenue per pickup branch (branch name), no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT b.branch_nm AS k, ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_rental 2026-12-01: k = ['Alpen Technologies Ltd #747', 'Vantage Partners Ltd #619', 'Orion Events SAS #560']
    // (116380.98, 88984.42, 78669.91; next Lighthouse Medical B.V. #2698 65755.52). By company name (customer.company_nm)
    // the same three companies in the same order, with the same amounts.
    question: 'Who are our top 3 customers?',
    language: 'en',
    reading:
      "No metric named: revenue per customer account (the catalog's customer dimension, 'name #cust_id'), no period: all of the data; the three highest, in order.",
    shape: 'ranked',
    n: 3,
    sql: `SELECT ${CUSTOMER} AS k, ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} GROUP BY 1 ORDER BY v DESC`,
  },
  // ---------------------------------------------------------------- shares, bottoms and worst
  {
    // baton_rental 2026-12-01: v = 0.1712 (6,018 of 35,154 bookings)
    question: 'What share of bookings came through the app?',
    language: 'en',
    reading: 'Bookings (every rental row) with channel APP divided by all bookings, no period: all of the data; a fraction.',
    shape: 'scalar',
    sql: `SELECT count(*) FILTER (WHERE r.channel_cd = $1)::numeric / count(*) AS v ${RENTALS}`,
    params: ['APP'],
  },
  {
    // baton_rental 2026-12-01: k = ['Economy'] (43.49 per day, next Compact 48.58)
    question: 'Which car class has the lowest average daily rate?',
    language: 'en',
    reading:
      'Average daily rate (SUM(rental_days × daily_rate_amt) / SUM(rental_days) of completed rentals) per booked vehicle class, no period: all of the data; the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT vc.class_nm AS k, ${ADR} AS v ${RENTALS} WHERE ${COMPLETED} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_rental 2026-12-01: k = ['France'] (0.1126, next UK & Ireland 0.1060, Iberia 0.0975, Central Europe 0.0971)
    question: 'Which region had the worst cancellation rate in 2025?',
    language: 'en',
    reading:
      'Cancellation rate (cancelled bookings / all bookings) per region of the pickup branch, bookings made in [2025-01-01, 2026-01-01); the highest one (worst).',
    shape: 'ranked',
    n: 1,
    sql: `SELECT b.region_nm AS k, count(*) FILTER (WHERE r.status_cd = 'CXL')::numeric / count(*) AS v ${RENTALS} WHERE ${BOOKED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_rental 2026-12-01: k = ['Rotterdam Centraal', 'Lyon Part-Dieu', 'Edinburgh Haymarket'] (191, 269, 290;
    // next Nice Côte d'Azur Airport 376). By revenue the same three in the same order.
    question: 'Which 3 branches rented out the fewest cars last year?',
    language: 'en',
    reading:
      'Rentals (count of completed rentals) per pickup branch, returned in [2025-01-01, 2026-01-01); the three lowest, lowest first.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT b.branch_nm AS k, count(*) AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} GROUP BY 1 ORDER BY v ASC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  // ---------------------------------------------------------------- named periods, members, verbs
  {
    // baton_rental 2026-12-01: v = 295434.56
    question: "What were Heathrow's takings last year?",
    language: 'en',
    reading: 'Takings = revenue of the pickup branch London Heathrow Airport, returned in [2025-01-01, 2026-01-01) (last year).',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} AND b.branch_nm = $3 AND ${RETURNED_WITHIN}`,
    params: ['2025-01-01', '2026-01-01', 'London Heathrow Airport'],
  },
  {
    // baton_rental 2026-12-01: v = 0.0740 (52 of 703 bookings made in November 2026; many of them are still open reservations)
    question: 'What was our cancellation rate last month?',
    language: 'en',
    reading: 'Cancellation rate (cancelled bookings / all bookings) of bookings made in [2026-11-01, 2026-12-01) (last month); a fraction.',
    shape: 'scalar',
    sql: `SELECT count(*) FILTER (WHERE r.status_cd = 'CXL')::numeric / count(*) AS v ${RENTALS} WHERE ${BOOKED_WITHIN}`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_rental 2026-12-01: v = 3512 (the catalog dates rentals by return; by pickup time, cars handed over in June to August 2026, it would be 3,586)
    question: 'How many cars did we rent out last summer?',
    language: 'en',
    reading: 'Rentals (count of completed rentals) returned in [2026-06-01, 2026-09-01) (last summer = June to August 2026).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN}`,
    params: ['2026-06-01', '2026-09-01'],
  },
  {
    // baton_rental 2026-12-01: v = 3246
    question: 'How many customers rented with us this year?',
    language: 'en',
    reading: 'Renting customers (COUNT(DISTINCT cust_id) of completed rentals) returned in [2026-01-01, 2026-12-01) (this year to date).',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT r.cust_id) AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN}`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_rental 2026-12-01: Spain 393204.09, France 256998.13, United Kingdom 253652.92, Germany 185687.78,
    // Netherlands 74351.83, Ireland 57807.93
    question: 'Revenue by country for Q3 2024',
    language: 'en',
    reading: 'Revenue per country of the pickup branch (country names), returned in [2024-07-01, 2024-10-01).',
    shape: 'keyed',
    sql: `SELECT ${COUNTRY} AS k, ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} GROUP BY 1`,
    params: ['2024-07-01', '2024-10-01'],
  },
  {
    // baton_rental 2026-12-01: v = 12197.30 (18 damage reports in March 2026, all with a repair cost)
    question: 'What did damage repairs cost us in March 2026?',
    language: 'en',
    reading: 'Damage repair costs (SUM(damage_report.repair_cost_amt)) of reports dated in [2026-03-01, 2026-04-01).',
    shape: 'scalar',
    sql: `SELECT sum(d.repair_cost_amt) AS v ${DAMAGE} WHERE d.reported_ts >= $1::timestamp AND d.reported_ts < $2::timestamp`,
    params: ['2026-03-01', '2026-04-01'],
  },
  // ---------------------------------------------------------------- comparisons
  {
    // baton_rental 2026-12-01: Corporate 7.73 days, Individual 3.58 days
    question: 'Do corporate customers rent for longer than individuals?',
    language: 'en',
    reading:
      'Average rental length (SUM(rental_days) / completed rentals) per customer type, Corporate and Individual, no period: all of the data.',
    shape: 'keyed',
    sql: `SELECT ${CUSTOMER_TYPE} AS k, ${AVG_LENGTH} AS v ${RENTALS} WHERE ${COMPLETED} GROUP BY 1`,
  },
  {
    // baton_rental 2026-12-01: London 456655.66, Paris 443910.68
    question: 'Compare revenue in Paris and London last year',
    language: 'en',
    reading:
      'Revenue of pickup branches in the cities Paris and London (two branches each), each on its own, returned in [2025-01-01, 2026-01-01).',
    shape: 'keyed',
    sql: `SELECT b.city AS k, ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} AND b.city = ANY($3) GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01', ['Paris', 'London']],
  },

  // ================================================================ Chinese
  // ---------------------------------------------------------------- no period, verb forms, best with no metric named
  {
    // baton_rental 2026-12-01: v = 30241
    question: '我们一共租出去多少辆车？',
    language: 'zh',
    reading: '租出去 = rentals (count of completed rentals), no period (一共): all of the data.',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${RENTALS} WHERE ${COMPLETED}`,
  },
  {
    // baton_rental 2026-12-01: k = ['London Heathrow Airport'] (295434.56, next Barcelona El Prat Airport 293764.45, a gap of 0.6 %)
    question: '去年哪个门店业绩最好？',
    language: 'zh',
    reading: 'No metric named (业绩): revenue per pickup branch, returned in [2025-01-01, 2026-01-01) (去年); the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT b.branch_nm AS k, ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_rental 2026-12-01: k = ['Alpen Technologies Ltd'] (116380.98, next Vantage Partners Ltd 88984.42)
    question: '哪家公司在我们这里花钱最多？',
    language: 'zh',
    reading: '花钱 = revenue, per company (customer.company_nm, corporate accounts), no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT c.company_nm AS k, ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} AND c.company_nm IS NOT NULL GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_rental 2026-12-01: k = ['Expedia'] (2,016 bookings, next Booking.com 1,946)
    question: '哪个合作方带来的预订最多？',
    language: 'zh',
    reading:
      'Bookings (every rental row) per partner (partner bookings only; direct bookings have no partner), no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${PARTNER} AS k, count(*) AS v ${RENTALS} WHERE r.partner_cd IS NOT NULL GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_rental 2026-12-01: v = 442.19 (4,474 completed rentals with an EV handed over)
    question: '电动车的单均收入是多少？',
    language: 'zh',
    reading:
      'Revenue per rental (revenue / completed rentals) of rentals whose car handed over is an EV (vehicle.fuel_type), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} / count(*) AS v ${RENTALS} WHERE ${COMPLETED} AND v.fuel_type = $1`,
    params: ['EV'],
  },
  // ---------------------------------------------------------------- shares
  {
    // baton_rental 2026-12-01: WEB 0.4214, PARTNER 0.2309, APP 0.1712, PHONE 0.0891, WALKIN 0.0874 (they sum to 1)
    question: '各渠道的预订量占比',
    language: 'zh',
    reading: 'Bookings per channel (channel codes) divided by all bookings, no period: all of the data; fractions keyed by channel.',
    shape: 'keyed',
    sql: `SELECT r.channel_cd AS k, count(*)::numeric / sum(count(*)) OVER () AS v ${RENTALS} GROUP BY 1`,
  },
  {
    // baton_rental 2026-12-01: v = 0.2538 (corporate 3126288.07 of 12317005.62)
    question: '企业客户的收入占比是多少？',
    language: 'zh',
    reading: 'Revenue of customers of type Corporate divided by all revenue, no period: all of the data; a fraction.',
    shape: 'scalar',
    sql: `SELECT sum(CASE WHEN ${CUSTOMER_TYPE} = $1 THEN r.rental_days * r.daily_rate_amt + COALESCE((SELECT sum(re.line_amt) FROM rental_extra re WHERE re.rental_id = r.rental_id), 0) END) / ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED}`,
    params: ['Corporate'],
  },
  {
    // baton_rental 2026-12-01: v = 0.4344 (INSURANCE; FEE 0.4055, SERVICE 0.1047, EQUIPMENT 0.0554)
    question: '附加收入中保险占多少？',
    language: 'zh',
    reading:
      'Ancillary revenue (extra lines of completed rentals) of extra category INSURANCE divided by all ancillary revenue, no period: all of the data; a fraction.',
    shape: 'scalar',
    sql: `SELECT sum(x.line_amt) FILTER (WHERE e.extra_cat = $1) / sum(x.line_amt) AS v ${EXTRA_LINES} WHERE ${COMPLETED}`,
    params: ['INSURANCE'],
  },
  // ---------------------------------------------------------------- bottoms and averages
  {
    // baton_rental 2026-12-01: k = ['Rotterdam Centraal', 'Lyon Part-Dieu', 'Edinburgh Haymarket'] (184066.26, 381392.09,
    // 405338.99; next München Hauptbahnhof 586090.90)
    question: '收入最差的三个门店',
    language: 'zh',
    reading: 'Revenue per pickup branch, no period: all of the data; the three lowest, lowest first.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT b.branch_nm AS k, ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_rental 2026-12-01: k = ['Intermediate / Estate'] (4.72 days, next Passenger van (7-9 seats) 4.60)
    question: '哪个车型的平均租期最长？',
    language: 'zh',
    reading:
      'Average rental length (SUM(rental_days) / completed rentals) per booked vehicle class, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT vc.class_nm AS k, ${AVG_LENGTH} AS v ${RENTALS} WHERE ${COMPLETED} GROUP BY 1 ORDER BY v DESC`,
  },
  // ---------------------------------------------------------------- named periods, members, comparison
  {
    // baton_rental 2026-12-01: v = 52
    question: '上个月取消了多少预订？',
    language: 'zh',
    reading: 'Cancellations (bookings with status CXL) made in [2026-11-01, 2026-12-01) (上个月).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${RENTALS} WHERE r.status_cd = 'CXL' AND ${BOOKED_WITHIN}`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_rental 2026-12-01: v = 64023.61
    question: '巴黎2026年7月的营业额是多少？',
    language: 'zh',
    reading: '营业额 = revenue of pickup branches in the city Paris, returned in [2026-07-01, 2026-08-01).',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} AND b.city = $3 AND ${RETURNED_WITHIN}`,
    params: ['2026-07-01', '2026-08-01', 'Paris'],
  },
  {
    // baton_rental 2026-12-01: v = 1177
    question: '2025年第二季度SUV一共租了多少天？',
    language: 'zh',
    reading: '租了多少天 = rental days (SUM(rental_days) of completed rentals) of booked class SUV, returned in [2025-04-01, 2025-07-01).',
    shape: 'scalar',
    sql: `SELECT sum(r.rental_days) AS v ${RENTALS} WHERE ${COMPLETED} AND vc.class_nm = $3 AND ${RETURNED_WITHIN}`,
    params: ['2025-04-01', '2025-07-01', 'SUV'],
  },
  {
    // baton_rental 2026-12-01: v = 1527 (today's PLATINUM customers; the tier is a snapshot)
    question: '白金会员今年租了多少次？',
    language: 'zh',
    reading:
      '租了多少次 = rentals (count of completed rentals) of customers whose loyalty tier is PLATINUM, returned in [2026-01-01, 2026-12-01) (今年).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${RENTALS} WHERE ${COMPLETED} AND c.loyalty_tier = $3 AND ${RETURNED_WITHIN}`,
    params: ['2026-01-01', '2026-12-01', 'PLATINUM'],
  },
  {
    // baton_rental 2026-12-01: APP 70.85, WEB 68.50
    question: '今年网站和手机应用的平均日租金对比',
    language: 'zh',
    reading:
      'Average daily rate (SUM(rental_days × daily_rate_amt) / SUM(rental_days) of completed rentals) for channels WEB and APP, each on its own, returned in [2026-01-01, 2026-12-01) (今年).',
    shape: 'keyed',
    sql: `SELECT r.channel_cd AS k, ${ADR} AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} AND r.channel_cd = ANY($3) GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01', ['WEB', 'APP']],
  },
];
