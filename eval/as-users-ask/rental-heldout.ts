/**
 * The Rentwise held-out "as users ask" set: 30 new questions (15 English, 15 Chinese) written the way managers and
 * analysts at a car-rental company ask them, blind (the writer read the data dictionary test/fixtures/rental/README.md,
 * catalogs/rental.yaml, docs/catalog.md, README.md, eval/as-users-ask-cases.ts and the format and readings of
 * eval/as-users-ask/rental.ts; never the tool's source, and did not run the tool on them). None of them repeats a
 * question of eval/as-users-ask/rental.ts. Each expected answer is hand-written SQL against the real tables (rental,
 * rental_extra, extra_type, branch, veh_class, customer, vehicle, damage_report, payment), following
 * catalogs/rental.yaml's metric definitions exactly. Same format as eval/as-users-ask/rental.ts.
 *
 * Readings:
 *   - today is 2026-12-01 (the extract ends 2026-11-30): "this year"/今年/"year to date"/今年以来 = [2026-01-01, 2026-12-01);
 *     "last year"/去年 = 2025; "last quarter"/上季度 = Q3 2026, [2026-07-01, 2026-10-01); a month or quarter named
 *     without a year ("October", "Q2 this year", "since March") is its most recent occurrence, in 2026;
 *     "since March" = [2026-03-01, 2026-12-01); 最近三个月 = the three months before today, September to November
 *     2026, [2026-09-01, 2026-12-01) (on 2026-12-01 the three latest full months and the three months back from
 *     today are the same window); 前三季度 = Q1 to Q3, [Jan 1, Oct 1); 上半年/H1/"first half" = [Jan 1, Jul 1);
 *     "second half" = [Jul 1, next Jan 1); 2025年全年 = [2025-01-01, 2026-01-01).
 *   - no period named (or 累计): all of the data, no time window.
 *   - named periods are half-open windows on the metric's time field, as the catalog declares it, on the stored
 *     UTC values:
 *       completed-rental metrics (revenue, time & mileage revenue, rentals, rental days, average rental length,
 *       average daily rate, revenue per rental, renting customers) and ancillary revenue: rental.return_ts;
 *       bookings, cancellations, cancellation rate, no-show rate: rental.booked_ts;
 *       damage repair costs, damage reports: damage_report.reported_ts;
 *       net cash collected, refunds: payment.paid_ts.
 *   - revenue = completed rentals only (status CMP): rental_days × daily_rate_amt plus every rental_extra line of the
 *     rental, attributed to the pickup branch. T&M (time & mileage) = rental_days × daily_rate_amt of completed
 *     rentals. ADR = average daily rate = T&M / rental days. Ancillary revenue = extra lines of completed rentals.
 *     Net cash collected = settled CHG and DMG minus settled RFD; refunds = settled RFD.
 *   - "How'd X do" with no metric named: revenue, the catalog's primary_metric. "How much did X make on insurance
 *     add-ons" = ancillary revenue of the insurance extras (not the revenue of rentals that had insurance).
 *   - members in the user's words: Munich = the city Munich (its one branch, München Hauptbahnhof); Schiphol = the
 *     branch Amsterdam Schiphol; 巴塞罗那机场 = Barcelona El Prat Airport; 马拉加机场 = Málaga Airport; "airport
 *     locations" = branch type Airport; SUVs = booked class SUV; 七座车 = booked class Passenger van (7-9 seats);
 *     "website"/"phone" = channels WEB/PHONE; 预付不可退 = rate plan Prepaid saver; "corporate accounts" = customer
 *     type Corporate; "stations" = branches (rental stations, not the branch type Rail station);
 *     "gold members"/金卡会员 = today's loyalty tier GOLD; 混动车 = the car handed over is HYBRID (vehicle.fuel_type);
 *     "car makes" = vehicle.make of the car handed over; "windscreen damage" = damage type WINDSCREEN;
 *     "insurance" = extra category INSURANCE; "partners"/合作方 = rental.partner_cd, partner bookings only
 *     (direct bookings have no partner and are not a partner); "one-way" = trip type One-way (return branch differs
 *     from pickup branch); 德国/法国 = country of the pickup branch.
 *   - "unique customers"/"有多少金卡会员租过车" = renting customers, COUNT(DISTINCT cust_id) of completed rentals.
 *   - "bottom"/"最低"/"倒数第一" = ascending; "top"/"最高"/"最多"/"前三" = descending.
 *   - a comparison of two members ("website vs phone", 德国和法国) is keyed by the members, each member's own value.
 *   - shares and percentages are fractions between 0 and 1 of the same metric over all rows in the same window.
 *   - keys are the catalog's dimension values as written there: region names, channel codes (WEB, PHONE, ...),
 *     country names, cancellation reason labels ('Customer request', ...), severity codes (MINOR, ...).
 *   - every ranking was checked for ties across its cut; none falls inside a tie (the gaps are in the comments).
 *
 * Shapes: 'scalar' one row, column v; 'keyed' columns k, v; 'ranked' column k in order, first n rows.
 *
 * The values in the comments are what the SQL returned on baton_rental (rental.sql, 35,154 bookings); they are a
 * record, not the expectation.
 */

/** Rental rows (bookings) with their pickup branch, booked class, customer and (from pickup) car. */
const RENTALS = `FROM rental r JOIN branch b ON b.branch_id = r.pickup_branch_id JOIN veh_class vc ON vc.veh_class = r.veh_class
  JOIN customer c ON c.cust_id = r.cust_id LEFT JOIN vehicle v ON v.vehicle_id = r.vehicle_id`;
/** Completed rentals: the only rows that earn revenue and count as rentals. */
const COMPLETED = `r.status_cd = 'CMP'`;
/** Revenue of one rental row: rental days × daily rate plus all extra and fee lines of the rental. */
const REVENUE_ROW = `r.rental_days * r.daily_rate_amt + COALESCE((SELECT sum(re.line_amt) FROM rental_extra re WHERE re.rental_id = r.rental_id), 0)`;
/** Revenue (catalog metric revenue). */
const REVENUE = `sum(${REVENUE_ROW})`;
/** Time & mileage revenue (catalog metric tm_revenue). */
const TM = `sum(r.rental_days * r.daily_rate_amt)`;
/** Average daily rate: time & mileage revenue per rental day (catalog metric avg_daily_rate). */
const ADR = `sum(r.rental_days * r.daily_rate_amt) / sum(r.rental_days)`;
/** Average rental length: rental days per completed rental (catalog metric avg_rental_length). */
const AVG_LENGTH = `sum(r.rental_days)::numeric / count(*)`;
/** Half-open window on the return time (completed-rental metrics), on parameters $1 and $2. */
const RETURNED_WITHIN = `r.return_ts >= $1::timestamp AND r.return_ts < $2::timestamp`;
/** Half-open window on the booking time (booking metrics), on parameters $1 and $2. */
const BOOKED_WITHIN = `r.booked_ts >= $1::timestamp AND r.booked_ts < $2::timestamp`;
/** Half-open window on the report time (damage metrics), on parameters $1 and $2. */
const REPORTED_WITHIN = `d.reported_ts >= $1::timestamp AND d.reported_ts < $2::timestamp`;
/** Half-open window on when the money moved (cash metrics), on parameters $1 and $2. */
const PAID_WITHIN = `p.paid_ts >= $1::timestamp AND p.paid_ts < $2::timestamp`;
/** The catalog's customer_type dimension. */
const CUSTOMER_TYPE = `CASE c.cust_type WHEN 'CORP' THEN 'Corporate' WHEN 'IND' THEN 'Individual' END`;
/** The catalog's country dimension (country of the pickup branch). */
const COUNTRY = `CASE b.country_cd WHEN 'GB' THEN 'United Kingdom' WHEN 'IE' THEN 'Ireland' WHEN 'DE' THEN 'Germany' WHEN 'NL' THEN 'Netherlands' WHEN 'FR' THEN 'France' WHEN 'ES' THEN 'Spain' END`;
/** The catalog's branch_type dimension. */
const BRANCH_TYPE = `CASE b.branch_type WHEN 'AIRPORT' THEN 'Airport' WHEN 'RAIL' THEN 'Rail station' WHEN 'CITY' THEN 'City centre' END`;
/** The catalog's partner dimension (partner name). */
const PARTNER = `CASE r.partner_cd WHEN 'EXPEDIA' THEN 'Expedia' WHEN 'BOOKING' THEN 'Booking.com' WHEN 'KAYAK' THEN 'Kayak' WHEN 'RYANAIR' THEN 'Ryanair' WHEN 'RENTCARS' THEN 'Rentcars.com' WHEN 'AMEXGBT' THEN 'Amex GBT' WHEN 'CWT' THEN 'CWT' WHEN 'BCDTRVL' THEN 'BCD Travel' END`;
/** The catalog's rate_plan dimension. */
const RATE_PLAN = `CASE r.rate_plan_cd WHEN 'PAYNOW_SVR' THEN 'Prepaid saver' WHEN 'PAYNOW_FLX' THEN 'Prepaid flexible' WHEN 'PAYLATER' THEN 'Pay later' WHEN 'PARTNER' THEN 'Partner prepaid' WHEN 'CORP' THEN 'Contract rate' END`;
/** The catalog's trip_type dimension. */
const TRIP_TYPE = `CASE WHEN r.return_branch_id <> r.pickup_branch_id THEN 'One-way' ELSE 'Round trip' END`;
/** The catalog's cancel_reason dimension. */
const CANCEL_REASON = `CASE r.cancel_rsn_cd WHEN 'CUST_REQ' THEN 'Customer request' WHEN 'FLIGHT_CXL' THEN 'Flight cancelled' WHEN 'DUPLICATE' THEN 'Duplicate booking' WHEN 'PAY_FAIL' THEN 'Payment failed' WHEN 'NO_VEH' THEN 'No vehicle available' WHEN 'OTHER' THEN 'Other' END`;
/** Extra and fee lines with their rental, its pickup branch, and the extra type (ancillary revenue). */
const EXTRA_LINES = `FROM rental_extra x JOIN rental r ON r.rental_id = x.rental_id JOIN branch b ON b.branch_id = r.pickup_branch_id
  JOIN extra_type e ON e.extra_cd = x.extra_cd`;
/** Damage reports with the branch that logged them. */
const DAMAGE = `FROM damage_report d JOIN branch b ON b.branch_id = d.reported_branch_id`;
/** Payments that settled (the cash metrics' filter). */
const SETTLED = `FROM payment p WHERE p.status_cd = 'SETTLED'`;

export const RENTAL_HELDOUT: {
  question: string;
  language: 'en' | 'zh';
  reading: string;
  shape: 'scalar' | 'keyed' | 'ranked';
  sql: string;
  params?: unknown[];
  n?: number;
}[] = [
  // ================================================================ English
  // ---------------------------------------------------------------- jargon: ADR, T&M, no-shows, one-way
  {
    // baton_rental 2026-12-01: v = 66.91 (217 completed SUV rentals, 900 rental days)
    question: "What's the ADR on SUVs for Q1 2026?",
    language: 'en',
    reading:
      'ADR = average daily rate (SUM(rental_days × daily_rate_amt) / SUM(rental_days) of completed rentals) of booked class SUV, returned in [2026-01-01, 2026-04-01).',
    shape: 'scalar',
    sql: `SELECT ${ADR} AS v ${RENTALS} WHERE ${COMPLETED} AND vc.class_nm = $3 AND ${RETURNED_WITHIN}`,
    params: ['2026-01-01', '2026-04-01', 'SUV'],
  },
  {
    // baton_rental 2026-12-01: k = ['London Heathrow Airport', 'Barcelona El Prat Airport', 'Málaga Airport', 'Paris Charles de Gaulle', 'Frankfurt Airport']
    // (248076.16, 207736.26, 207517.17, 192777.53, 176118.29; next Palma de Mallorca Airport 168345.50). Barcelona and
    // Málaga are only 219.09 apart, but not tied.
    question: 'Top 5 stations by T&M revenue, year to date',
    language: 'en',
    reading:
      'Time & mileage revenue (SUM(rental_days × daily_rate_amt) of completed rentals) per pickup branch, returned in [2026-01-01, 2026-12-01) (year to date); the five highest, in order.',
    shape: 'ranked',
    n: 5,
    sql: `SELECT b.branch_nm AS k, ${TM} AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_rental 2026-12-01: APP 0.0173, PARTNER 0.0441, PHONE 0.0165, WALKIN 0 (787 walk-in bookings, no no-show), WEB 0.0206.
    // Many bookings made since March are still open reservations, which count in the denominator, as the catalog defines it.
    question: 'No-show rate by booking channel since March',
    language: 'en',
    reading:
      'No-show rate (no-show bookings / all bookings) per channel (channel codes), bookings made in [2026-03-01, 2026-12-01) (since March = March 2026 to today); fractions keyed by channel.',
    shape: 'keyed',
    sql: `SELECT r.channel_cd AS k, count(*) FILTER (WHERE r.status_cd = 'NSH')::numeric / count(*) AS v ${RENTALS} WHERE ${BOOKED_WITHIN} GROUP BY 1`,
    params: ['2026-03-01', '2026-12-01'],
  },
  {
    // baton_rental 2026-12-01: v = 0.0666 (562 one-way of 8,440 completed rentals returned in 2025)
    question: 'What percentage of last year’s completed rentals were one-way?',
    language: 'en',
    reading:
      'Rentals (completed) of trip type One-way (return branch ≠ pickup branch) divided by all rentals, returned in [2025-01-01, 2026-01-01); a fraction.',
    shape: 'scalar',
    sql: `SELECT count(*) FILTER (WHERE ${TRIP_TYPE} = $3)::numeric / count(*) AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN}`,
    params: ['2025-01-01', '2026-01-01', 'One-way'],
  },
  // ---------------------------------------------------------------- members in the user's words, filter first
  {
    // baton_rental 2026-12-01: v = 44515.74
    question: "How'd Munich do in Q2 this year?",
    language: 'en',
    reading:
      'No metric named: revenue of pickup branches in the city Munich (one branch, München Hauptbahnhof), returned in [2026-04-01, 2026-07-01) (Q2 2026).',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} AND b.city = $3 AND ${RETURNED_WITHIN}`,
    params: ['2026-04-01', '2026-07-01', 'Munich'],
  },
  {
    // baton_rental 2026-12-01: v = 7.76 days (658 corporate rentals, 5,103 rental days)
    question: 'For corporate accounts, what was the average length of rental in H1 2025?',
    language: 'en',
    reading:
      'Average rental length (SUM(rental_days) / completed rentals) of customers of type Corporate, returned in [2025-01-01, 2025-07-01).',
    shape: 'scalar',
    sql: `SELECT ${AVG_LENGTH} AS v ${RENTALS} WHERE ${COMPLETED} AND ${CUSTOMER_TYPE} = $3 AND ${RETURNED_WITHIN}`,
    params: ['2025-01-01', '2025-07-01', 'Corporate'],
  },
  {
    // baton_rental 2026-12-01: v = 25742.23
    question: 'How much did Schiphol make on insurance add-ons in 2025?',
    language: 'en',
    reading:
      'Ancillary revenue (extra lines of completed rentals) of extra category INSURANCE, pickup branch Amsterdam Schiphol, rentals returned in [2025-01-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT sum(x.line_amt) AS v ${EXTRA_LINES} WHERE ${COMPLETED} AND e.extra_cat = $3 AND b.branch_nm = $4 AND ${RETURNED_WITHIN}`,
    params: ['2025-01-01', '2026-01-01', 'INSURANCE', 'Amsterdam Schiphol'],
  },
  {
    // baton_rental 2026-12-01: v = 461.10 (726 completed rentals of GOLD customers)
    question: 'Gold members: average revenue per rental last quarter?',
    language: 'en',
    reading:
      'Revenue per rental (revenue / completed rentals) of customers whose loyalty tier today is GOLD, returned in [2026-07-01, 2026-10-01) (last quarter = Q3 2026).',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} / count(*) AS v ${RENTALS} WHERE ${COMPLETED} AND c.loyalty_tier = $3 AND ${RETURNED_WITHIN}`,
    params: ['2026-07-01', '2026-10-01', 'GOLD'],
  },
  {
    // baton_rental 2026-12-01: v = 1896
    question: 'How many unique customers rented from our airport locations in 2024?',
    language: 'en',
    reading:
      'Renting customers (COUNT(DISTINCT cust_id) of completed rentals) at pickup branches of type Airport, returned in [2024-01-01, 2025-01-01).',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT r.cust_id) AS v ${RENTALS} WHERE ${COMPLETED} AND ${BRANCH_TYPE} = $3 AND ${RETURNED_WITHIN}`,
    params: ['2024-01-01', '2025-01-01', 'Airport'],
  },
  // ---------------------------------------------------------------- rankings with a count, comparisons
  {
    // baton_rental 2026-12-01: k = ['Passenger van (7-9 seats)', 'Premium / Luxury'] (325, 434; next SUV 740)
    question: 'Bottom two car classes by number of bookings in the first half of last year?',
    language: 'en',
    reading:
      'Bookings (every rental row) per booked vehicle class, bookings made in [2025-01-01, 2025-07-01) (first half of 2025); the two lowest, lowest first.',
    shape: 'ranked',
    n: 2,
    sql: `SELECT vc.class_nm AS k, count(*) AS v ${RENTALS} WHERE ${BOOKED_WITHIN} GROUP BY 1 ORDER BY v ASC`,
    params: ['2025-01-01', '2025-07-01'],
  },
  {
    // baton_rental 2026-12-01: k = ['Volkswagen', 'Toyota', 'Renault'] (1,417, 1,276, 863; next Peugeot 665)
    question: 'Which three car makes did we rent out the most in 2025?',
    language: 'en',
    reading:
      'Rentals (count of completed rentals) per make of the car handed over (vehicle.make), returned in [2025-01-01, 2026-01-01); the three highest, in order.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT v.make AS k, count(*) AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_rental 2026-12-01: k = ['Booking.com'] (0.1814 of 1,946 bookings, next Kayak 0.1768); direct bookings (no partner) 0.0860
    question: 'Which of our partners has the highest cancel rate?',
    language: 'en',
    reading:
      'Cancellation rate (cancelled bookings / all bookings) per partner (partner bookings only), no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${PARTNER} AS k, count(*) FILTER (WHERE r.status_cd = 'CXL')::numeric / count(*) AS v ${RENTALS} WHERE r.partner_cd IS NOT NULL GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_rental 2026-12-01: PHONE 61, WEB 405
    question: 'Cancellations: website vs phone, 2025',
    language: 'en',
    reading: 'Cancellations (bookings with status CXL) for channels WEB and PHONE, each on its own, booked in [2025-01-01, 2026-01-01).',
    shape: 'keyed',
    sql: `SELECT r.channel_cd AS k, count(*) AS v ${RENTALS} WHERE r.status_cd = 'CXL' AND ${BOOKED_WITHIN} AND r.channel_cd = ANY($3) GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01', ['WEB', 'PHONE']],
  },
  // ---------------------------------------------------------------- damage and cash
  {
    // baton_rental 2026-12-01: v = 12240.34 (18 windscreen reports, all with a repair cost: CLOSED, DISPUTED or WAIVED)
    question: 'What were our repair costs for windscreen damage in the second half of 2025?',
    language: 'en',
    reading:
      'Damage repair costs (SUM(repair_cost_amt); open reports have none yet) of damage type WINDSCREEN, reported in [2025-07-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT sum(d.repair_cost_amt) AS v ${DAMAGE} WHERE d.damage_type_cd = $3 AND ${REPORTED_WITHIN}`,
    params: ['2025-07-01', '2026-01-01', 'WINDSCREEN'],
  },
  {
    // baton_rental 2026-12-01: v = 358079.46 (CHG 352505.30 + DMG 17233.13 − RFD 11658.97)
    question: 'How much net cash did we collect in October?',
    language: 'en',
    reading:
      'Net cash collected (settled CHG and DMG minus settled RFD), money moved in [2026-10-01, 2026-11-01) (October = October 2026).',
    shape: 'scalar',
    sql: `SELECT sum(CASE WHEN p.txn_type = 'RFD' THEN -p.amount_amt ELSE p.amount_amt END) AS v ${SETTLED} AND ${PAID_WITHIN}`,
    params: ['2026-10-01', '2026-11-01'],
  },

  // ================================================================ Chinese
  // ---------------------------------------------------------------- periods written many ways
  {
    // baton_rental 2026-12-01: Central Europe 838544.83, France 755797.54, Iberia 972618.06, UK & Ireland 962656.80
    question: '2025年全年各大区的收入分别是多少？',
    language: 'zh',
    reading: 'Revenue per region of the pickup branch (region names), returned in [2025-01-01, 2026-01-01) (2025年全年).',
    shape: 'keyed',
    sql: `SELECT b.region_nm AS k, ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_rental 2026-12-01: v = 599
    question: '今年前三季度巴塞罗那机场一共租出去多少单？',
    language: 'zh',
    reading:
      '租出去多少单 = rentals (count of completed rentals) of the pickup branch Barcelona El Prat Airport, returned in [2026-01-01, 2026-10-01) (今年前三季度).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${RENTALS} WHERE ${COMPLETED} AND b.branch_nm = $3 AND ${RETURNED_WITHIN}`,
    params: ['2026-01-01', '2026-10-01', 'Barcelona El Prat Airport'],
  },
  {
    // baton_rental 2026-12-01: v = 0.1885 (467 of 2,477 bookings made in September to November 2026)
    question: '最近三个月的预订里，预付不可退的占多少？',
    language: 'zh',
    reading:
      '预付不可退 = rate plan Prepaid saver (PAYNOW_SVR): bookings (every rental row) on it divided by all bookings, booked in [2026-09-01, 2026-12-01) (最近三个月 = September to November 2026); a fraction.',
    shape: 'scalar',
    sql: `SELECT count(*) FILTER (WHERE ${RATE_PLAN} = $3)::numeric / count(*) AS v ${RENTALS} WHERE ${BOOKED_WITHIN}`,
    params: ['2026-09-01', '2026-12-01', 'Prepaid saver'],
  },
  {
    // baton_rental 2026-12-01: k = ['Premium / Luxury', 'Passenger van (7-9 seats)', 'SUV'] (139.71, 95.69, 76.53; next Intermediate / Estate 55.56)
    question: '今年上半年平均日租金最高的前三个车型',
    language: 'zh',
    reading:
      'Average daily rate (SUM(rental_days × daily_rate_amt) / SUM(rental_days) of completed rentals) per booked vehicle class, returned in [2026-01-01, 2026-07-01) (今年上半年); the three highest, in order.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT vc.class_nm AS k, ${ADR} AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2026-01-01', '2026-07-01'],
  },
  {
    // baton_rental 2026-12-01: k = ['Madrid Barajas Airport'] (57.05, next Lyon Part-Dieu 58.47)
    question: '2024年哪个门店的平均日租金倒数第一？',
    language: 'zh',
    reading: 'Average daily rate per pickup branch, returned in [2024-01-01, 2025-01-01); 倒数第一 = the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT b.branch_nm AS k, ${ADR} AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} GROUP BY 1 ORDER BY v ASC`,
    params: ['2024-01-01', '2025-01-01'],
  },
  {
    // baton_rental 2026-12-01: v = 605.60 (498 completed van rentals)
    question: '七座车2024年的单均收入是多少？',
    language: 'zh',
    reading:
      '单均收入 = revenue per rental (revenue / completed rentals) of booked class Passenger van (7-9 seats), returned in [2024-01-01, 2025-01-01).',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} / count(*) AS v ${RENTALS} WHERE ${COMPLETED} AND vc.class_nm = $3 AND ${RETURNED_WITHIN}`,
    params: ['2024-01-01', '2025-01-01', 'Passenger van (7-9 seats)'],
  },
  // ---------------------------------------------------------------- members in Chinese, distinct customers
  {
    // baton_rental 2026-12-01: v = 497 (today's GOLD customers; the tier is a snapshot)
    question: '2025年有多少金卡会员在我们这里租过车？',
    language: 'zh',
    reading:
      'Renting customers (COUNT(DISTINCT cust_id) of completed rentals) whose loyalty tier today is GOLD, returned in [2025-01-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT r.cust_id) AS v ${RENTALS} WHERE ${COMPLETED} AND c.loyalty_tier = $3 AND ${RETURNED_WITHIN}`,
    params: ['2025-01-01', '2026-01-01', 'GOLD'],
  },
  {
    // baton_rental 2026-12-01: v = 2301
    question: '混动车去年一共租出去几次？',
    language: 'zh',
    reading:
      '租出去几次 = rentals (count of completed rentals) whose car handed over is HYBRID (vehicle.fuel_type), returned in [2025-01-01, 2026-01-01) (去年).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${RENTALS} WHERE ${COMPLETED} AND v.fuel_type = $3 AND ${RETURNED_WITHIN}`,
    params: ['2025-01-01', '2026-01-01', 'HYBRID'],
  },
  {
    // baton_rental 2026-12-01: v = 658605.41 (1,383 completed rentals since the branch opened in June 2024)
    question: '马拉加机场累计营业额是多少？',
    language: 'zh',
    reading: '营业额 = revenue of the pickup branch Málaga Airport; 累计 = all of the data, no period.',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} AND b.branch_nm = $1`,
    params: ['Málaga Airport'],
  },
  {
    // baton_rental 2026-12-01: France 7913, Germany 5867
    question: '去年德国和法国的租赁天数对比一下',
    language: 'zh',
    reading:
      'Rental days (SUM(rental_days) of completed rentals) of pickup branches in the countries Germany and France, each on its own, returned in [2025-01-01, 2026-01-01) (去年).',
    shape: 'keyed',
    sql: `SELECT ${COUNTRY} AS k, sum(r.rental_days) AS v ${RENTALS} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} AND ${COUNTRY} = ANY($3) GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01', ['Germany', 'France']],
  },
  // ---------------------------------------------------------------- extras, partners, cancellations, damage, refunds
  {
    // baton_rental 2026-12-01: k = ['Collision damage waiver (reduced excess)', 'Airport location surcharge', 'Super cover - zero excess (includes CDW)']
    // (262640.40, 254265.00, 186718.87; next Late return charge (per started day) 59430.85)
    question: '2025年附加收入最高的三个附加项目是哪些？',
    language: 'zh',
    reading:
      'Ancillary revenue (extra lines of completed rentals) per extra (extra_type.extra_desc), rentals returned in [2025-01-01, 2026-01-01); the three highest, in order.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT e.extra_desc AS k, sum(x.line_amt) AS v ${EXTRA_LINES} WHERE ${COMPLETED} AND ${RETURNED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_rental 2026-12-01: k = ['Amex GBT', 'Booking.com', 'Expedia'] (26127.86, 24980.27, 24585.98; next Ryanair 18785.85); direct bookings
    // (no partner, 486628.51) are left out
    question: '2024年第四季度收入排前三的合作方',
    language: 'zh',
    reading:
      'Revenue per partner (partner bookings only; direct bookings have no partner), returned in [2024-10-01, 2025-01-01); the three highest, in order.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT ${PARTNER} AS k, ${REVENUE} AS v ${RENTALS} WHERE ${COMPLETED} AND r.partner_cd IS NOT NULL AND ${RETURNED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2024-10-01', '2025-01-01'],
  },
  {
    // baton_rental 2026-12-01: Customer request 810, Flight cancelled 60, Duplicate booking 55, Other 44, No vehicle available 17, Payment failed 13
    question: '2025年的取消单按取消原因分别有多少？',
    language: 'zh',
    reading: 'Cancellations (bookings with status CXL) per cancellation reason (the catalog labels), booked in [2025-01-01, 2026-01-01).',
    shape: 'keyed',
    sql: `SELECT ${CANCEL_REASON} AS k, count(*) AS v ${RENTALS} WHERE r.status_cd = 'CXL' AND ${BOOKED_WITHIN} GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_rental 2026-12-01: MINOR 178, MODERATE 87, MAJOR 35
    question: '今年以来轻微、中等、严重的车损报告各有多少起？',
    language: 'zh',
    reading:
      'Damage reports (count of damage_report rows) per damage severity (MINOR, MODERATE, MAJOR), reported in [2026-01-01, 2026-12-01) (今年以来).',
    shape: 'keyed',
    sql: `SELECT d.severity_cd AS k, count(*) AS v ${DAMAGE} WHERE ${REPORTED_WITHIN} GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_rental 2026-12-01: v = 77533.30 (257 settled refunds; CXL_PTNR 38660.00 to partners, CXL_FLEX 25797.90, GOODWILL 6290.67, NOSHOW 4677.29,
    // CXL_OURS 1326.83, BILL_ERR 780.61)
    question: '上季度一共退了多少钱？',
    language: 'zh',
    reading:
      '退了多少钱 = refunds (settled RFD payments, customers and partners alike), money moved in [2026-07-01, 2026-10-01) (上季度 = Q3 2026).',
    shape: 'scalar',
    sql: `SELECT sum(p.amount_amt) AS v ${SETTLED} AND p.txn_type = 'RFD' AND ${PAID_WITHIN}`,
    params: ['2026-07-01', '2026-10-01'],
  },
];
