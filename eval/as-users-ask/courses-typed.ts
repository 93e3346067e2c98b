/**
 * The Learnloop "as users type" suite: questions written the way analysts type them into a chat box in a hurry (terse,
 * lower case, abbreviations, no articles or question marks), blind on 2026-12-01 (the writer read the data dictionary
 * test/fixtures/courses/README.md, the catalog catalogs/courses.yaml, docs/catalog.md, and eval/as-users-ask/rental.ts
 * and the Question type of eval/as-users-ask-cases.ts for the format only; never the question parser, the other
 * suites or Baton's code, and did not run Baton on them). Each expected answer is hand-written SQL against the real
 * tables (orders, order_lines, refunds, learners, co_accounts, courses, course_categories, instructors, enrollments,
 * lesson_activity_mth, course_reviews), following catalogs/courses.yaml's metric definitions exactly. Same format as
 * eval/as-users-ask/rental.ts.
 *
 * Readings:
 *   - today is 2026-12-01 (the extract ends 2026-11-30 23:59:59): "last month"/上月 = November 2026;
 *     "this yr"/"this year"/"ytd"/今年 = 2026 to date, [2026-01-01, 2026-12-01); "last yr"/去年 = 2025;
 *     a month named without a year ("oct", "sept") is its latest occurrence, October / September 2026;
 *     a quarter without a year ("q3", "q2", 三季度) is the latest one of that number, 2026; "last quarter" = the latest
 *     full quarter, Q3 2026 [2026-07-01, 2026-10-01) (Q4 2026 is still running).
 *   - no period named: all of the data, no time window (the catalog's default_period is all).
 *   - named periods are half-open windows on the metric's time field, as the catalog declares it: revenue, course
 *     revenue, paid orders, AOV, paying learners, courses sold and refund rate by orders.paid_ts; refunds by
 *     refunds.rfnd_ts; new learners by learners.signup_ts; enrollments and completion rate by enrollments.enrl_ts;
 *     active learners by lesson_activity_mth.activity_mth; average rating by course_reviews.created_at.
 *   - every metric excludes test learners (learners.is_test) and carries the catalog's own filters:
 *       revenue ("rev", "make", 卖了多少钱) = SUM(orders.sub_tot_usd) of checkouts PAID or REFUNDED (ex-tax, gross of refunds);
 *       course revenue = SUM(order_lines.price_usd) of the same sales, used when a question groups by course,
 *         category or instructor (it adds up to the same revenue);
 *       paid orders ("orders", 单量) = COUNT(*) of PAID/REFUNDED checkouts with sub_tot_usd > 0;
 *       AOV = revenue / paid orders, both over checkouts with sub_tot_usd > 0;
 *       paying learners ("ppl bought something") = COUNT(DISTINCT orders.lrnr_id) of paid orders (sub_tot_usd > 0);
 *       courses sold ("courses sold", 销量) = order lines of PAID/REFUNDED checkouts with price_usd > 0;
 *       refunds ("how much refunded", 退款) = SUM(rfnd_amt_usd - tax_usd) of refund rows DONE;
 *       refund rate = the catalog's cohort rate: refunds (DONE, ex-tax, whenever paid out) on the order lines of sales
 *         paid in the period (order-level refunds before 2024-07 spread over the order's lines by price) divided by
 *         those lines' price_usd;
 *       new learners ("ppl signed up", 新用户) = learner accounts (company-plan seats included);
 *       enrollments ("enrolled") = enrollment rows with src_cd <> 'ADM';
 *       completion rate ("% of enrollments finished") = share with cmpl_ts of PUR/GFT/B2B enrollments, those revoked
 *         after a refund (PUR/GFT with revoked_ts) and learners of internal company accounts excluded;
 *       active learners (月活) = COUNT(DISTINCT enrollments.lrnr_id) with watch_min > 0 in the month, internal company
 *         accounts excluded;
 *       average rating (评分) = SUM(rating) / COUNT(*) of VISIBLE reviews.
 *   - "best 3 courses" with no metric named: revenue, the catalog's primary_metric (course revenue per course).
 *   - "worst refund rate"/退款率最高 = the highest rate; "bottom"/最低 = ascending.
 *   - keys are the catalog's dimension values as written there: country names ('United States', 'India', 'UK' and
 *     'GB' both 'United Kingdom'), platform 'Web'/'iOS'/'Android', top-level category names (a subcategory rolled up
 *     to its parent), instructor display names (with ' #instr_id' where two instructors share a name), course
 *     'title #course_id', refund reasons ('Not as described', ...), months as 'YYYY-MM'. A NULL key (learners without
 *     a country) is '(missing)'.
 *   - "company plans" = the customer_type dimension value 'Company plan' (the buyer has a company account,
 *     learners.co_acct_id set): the marketplace purchases those learners made themselves. Company-plan contract
 *     revenue is invoiced elsewhere and is not in this database.
 *   - shares are fractions between 0 and 1 of the same metric over all rows in the same window.
 *   - a comparison of two members ("ios vs android", 网页端vs苹果端) is keyed by the members, each member's own value.
 *   - every ranking was checked for ties across its cut; none falls inside a tie (the gaps are in the comments).
 *   - no question asks for a measure the catalog lacks: the Question type has no clarification or cannot-answer
 *     expectation (its shapes are scalar, keyed, ranked), so such questions are left out.
 *
 * Shapes: 'scalar' one row, column v; 'keyed' columns k, v; 'ranked' column k in order, first n rows.
 *
 * The values in the comments are what the SQL returned on baton_courses (courses.sql) on 2026-12-01; they are a
 * record, not the expectation.
 */

/** Checkouts with their buyer. */
const ORDERS = `FROM orders o JOIN learners l ON l.lrnr_id = o.lrnr_id`;
/** Sales: payment captured (PAID or REFUNDED), test learners excluded. */
const SALE = `o.stat_cd IN ('PAID', 'REFUNDED') AND l.is_test = false`;
/** Paid orders: sales with a subtotal above zero (paid orders, AOV, paying learners). */
const PAID_ORDER = `${SALE} AND o.sub_tot_usd > 0`;
/** Order lines with their checkout, buyer, course, instructor and the course's own category node. */
const LINES = `FROM order_lines ol JOIN orders o ON o.order_id = ol.order_id JOIN learners l ON l.lrnr_id = o.lrnr_id
  JOIN courses c ON c.course_id = ol.course_id JOIN instructors i ON i.instr_id = c.instr_id
  JOIN course_categories cc ON cc.cat_id = c.cat_id`;
/** Refund rows with their order and buyer; money out = DONE rows, test learners excluded. */
const REFUNDS = `FROM refunds r JOIN orders o ON o.order_id = r.order_id JOIN learners l ON l.lrnr_id = o.lrnr_id`;
const REFUND_DONE = `r.stat_cd = 'DONE' AND l.is_test = false`;
const REFUND_AMT = `sum(r.rfnd_amt_usd - r.tax_usd)`;
/** Refund rate over LINES (catalog metric refund_rate): line refunds plus order-level refunds spread by price, over line prices. */
const REFUND_RATE = `sum(COALESCE((SELECT sum(rr.rfnd_amt_usd - rr.tax_usd) FROM refunds rr WHERE rr.line_id = ol.line_id AND rr.stat_cd = 'DONE'), 0)
  + COALESCE((SELECT sum(rr.rfnd_amt_usd - rr.tax_usd) FROM refunds rr WHERE rr.order_id = ol.order_id AND rr.line_id IS NULL AND rr.stat_cd = 'DONE'), 0)
  * ol.price_usd / NULLIF(o.sub_tot_usd, 0)) / sum(ol.price_usd)`;
/** Learners of internal company accounts (excluded from learner KPIs). */
const NOT_INTERNAL = `(l.co_acct_id IS NULL OR l.co_acct_id NOT IN (SELECT ia.co_acct_id FROM co_accounts ia WHERE ia.is_internal))`;
/** Half-open windows on each time field, on parameters $1 and $2. */
const PAID_WITHIN = `o.paid_ts >= $1::timestamp AND o.paid_ts < $2::timestamp`;
const REFUNDED_WITHIN = `r.rfnd_ts >= $1::timestamp AND r.rfnd_ts < $2::timestamp`;
const SIGNED_UP_WITHIN = `l.signup_ts >= $1::timestamp AND l.signup_ts < $2::timestamp`;
const ENROLLED_WITHIN = `e.enrl_ts >= $1::timestamp AND e.enrl_ts < $2::timestamp`;
/** The catalog's country dimension (the buyer's profile country; UK and GB both United Kingdom); NULL as '(missing)'. */
const COUNTRY = `COALESCE(CASE l.country_cd WHEN 'AU' THEN 'Australia' WHEN 'BR' THEN 'Brazil' WHEN 'CA' THEN 'Canada' WHEN 'CN' THEN 'China'
  WHEN 'DE' THEN 'Germany' WHEN 'EG' THEN 'Egypt' WHEN 'ES' THEN 'Spain' WHEN 'FR' THEN 'France' WHEN 'GB' THEN 'United Kingdom'
  WHEN 'UK' THEN 'United Kingdom' WHEN 'ID' THEN 'Indonesia' WHEN 'IN' THEN 'India' WHEN 'IT' THEN 'Italy' WHEN 'JP' THEN 'Japan'
  WHEN 'KR' THEN 'South Korea' WHEN 'MX' THEN 'Mexico' WHEN 'NG' THEN 'Nigeria' WHEN 'NL' THEN 'Netherlands' WHEN 'PH' THEN 'Philippines'
  WHEN 'PL' THEN 'Poland' WHEN 'TR' THEN 'Turkey' WHEN 'US' THEN 'United States' END, '(missing)')`;
/** The catalog's platform dimension. */
const PLATFORM = `CASE o.platform WHEN 'WEB' THEN 'Web' WHEN 'IOS' THEN 'iOS' WHEN 'AND' THEN 'Android' END`;
/** The catalog's category dimension: the top-level category (parent if any, else the node itself). */
const CATEGORY = `COALESCE((SELECT pc.cat_name FROM course_categories pc WHERE pc.cat_id = cc.parent_cat_id), cc.cat_name)`;
/** The catalog's instructor dimension: display name, with ' #id' when two instructors share it. */
const INSTRUCTOR = `CASE WHEN (SELECT count(*) FROM instructors di WHERE di.display_nm = i.display_nm) > 1 THEN i.display_nm || ' #' || i.instr_id ELSE i.display_nm END`;
/** The catalog's course dimension. */
const COURSE = `c.title || ' #' || c.course_id`;
/** The catalog's refund_reason dimension. */
const REASON = `CASE r.rsn_cd WHEN 'NOT_AS_DESC' THEN 'Not as described' WHEN 'QUALITY' THEN 'Poor quality' WHEN 'ACCIDENTAL' THEN 'Accidental purchase'
  WHEN 'TECH' THEN 'Technical problem' WHEN 'PRICE' THEN 'Found a cheaper price' WHEN 'OTHER' THEN 'Other' WHEN 'CHARGEBACK' THEN 'Chargeback' END`;

type Question = {
  question: string;
  language: 'en' | 'zh';
  reading: string;
  shape: 'scalar' | 'keyed' | 'ranked';
  sql: string;
  params?: unknown[];
  n?: number;
};

export const COURSES_TYPED: Question[] = [
  // ================================================================ English
  // ---------------------------------------------------------------- no period
  {
    // baton_courses 2026-12-01: v = 2048679.44
    question: 'total rev',
    language: 'en',
    reading: 'Revenue (SUM(sub_tot_usd) of PAID/REFUNDED checkouts, test learners excluded), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) AS v ${ORDERS} WHERE ${SALE}`,
  },
  {
    // baton_courses 2026-12-01: Web 78.49, iOS 79.17, Android 80.03
    question: 'aov by platform',
    language: 'en',
    reading: 'AOV (revenue / paid orders, checkouts with sub_tot_usd > 0) per platform (Web, iOS, Android), no period: all of the data.',
    shape: 'keyed',
    sql: `SELECT ${PLATFORM} AS k, sum(o.sub_tot_usd) / count(*) AS v ${ORDERS} WHERE ${PAID_ORDER} GROUP BY 1`,
  },
  {
    // baton_courses 2026-12-01: v = 0.0655 (1,703 of 25,992 paid orders)
    question: 'brazil share of orders',
    language: 'en',
    reading: 'Paid orders of buyers whose country is Brazil divided by all paid orders, no period: all of the data; a fraction.',
    shape: 'scalar',
    sql: `SELECT count(*) FILTER (WHERE ${COUNTRY} = $1)::numeric / count(*) AS v ${ORDERS} WHERE ${PAID_ORDER}`,
    params: ['Brazil'],
  },
  {
    // baton_courses 2026-12-01: v = 0.0668 (Company plan 136757.36 of 2048679.44)
    question: 'what % of rev is from company plans',
    language: 'en',
    reading:
      "Revenue of buyers of customer type 'Company plan' (learners.co_acct_id set) divided by all revenue, no period: all of the data; a fraction. Company-plan contract revenue is not in this database; this is what those learners bought on the marketplace.",
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) FILTER (WHERE l.co_acct_id IS NOT NULL) / sum(o.sub_tot_usd) AS v ${ORDERS} WHERE ${SALE}`,
  },
  // ---------------------------------------------------------------- last month, named months, quarters
  {
    // baton_courses 2026-12-01: United States 20517.57, India 11695.54, United Kingdom 6113.70, Brazil 5362.89, Japan 4782.11,
    // Germany 4592.18, France 3820.45, Canada 2799.53, Spain 2754.40, Australia 2535.51, Poland 2509.57, China 2199.38,
    // Netherlands 1623.67, Italy 1615.70, Mexico 1442.66, Egypt 1412.77, Indonesia 1410.64, Nigeria 1256.67,
    // Turkey 1128.77, Philippines 1078.73, South Korea 899.80, (missing) 195.93 (they sum to November's 81748.17)
    question: 'rev by country last month',
    language: 'en',
    reading: "Revenue per buyer country (country names; no country '(missing)'), paid in [2026-11-01, 2026-12-01) (last month).",
    shape: 'keyed',
    sql: `SELECT ${COUNTRY} AS k, sum(o.sub_tot_usd) AS v ${ORDERS} WHERE ${SALE} AND ${PAID_WITHIN} GROUP BY 1`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: v = 1683
    question: 'how many courses sold last month',
    language: 'en',
    reading: 'Courses sold (order lines with price_usd > 0 of PAID/REFUNDED checkouts) paid in [2026-11-01, 2026-12-01) (last month).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${LINES} WHERE ${SALE} AND ol.price_usd > 0 AND ${PAID_WITHIN}`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: v = 1078
    question: 'how many ppl bought something last month',
    language: 'en',
    reading:
      'Paying learners (COUNT(DISTINCT orders.lrnr_id) of paid orders, sub_tot_usd > 0) paid in [2026-11-01, 2026-12-01) (last month).',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT o.lrnr_id) AS v ${ORDERS} WHERE ${PAID_ORDER} AND ${PAID_WITHIN}`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: v = 5339.15
    question: 'how much refunded in oct',
    language: 'en',
    reading: 'Refunds (SUM(rfnd_amt_usd - tax_usd) of DONE refund rows) paid out in [2026-10-01, 2026-11-01) (oct = October 2026).',
    shape: 'scalar',
    sql: `SELECT ${REFUND_AMT} AS v ${REFUNDS} WHERE ${REFUND_DONE} AND ${REFUNDED_WITHIN}`,
    params: ['2026-10-01', '2026-11-01'],
  },
  {
    // baton_courses 2026-12-01: v = 3203 (enrollment rows, any source but ADM; not distinct learners)
    question: 'how many enrolled in sept',
    language: 'en',
    reading: "Enrollments (enrollment rows with src_cd <> 'ADM') granted in [2026-09-01, 2026-10-01) (sept = September 2026).",
    shape: 'scalar',
    sql: `SELECT count(*) AS v FROM enrollments e JOIN learners l ON l.lrnr_id = e.lrnr_id WHERE e.src_cd <> 'ADM' AND l.is_test = false AND ${ENROLLED_WITHIN}`,
    params: ['2026-09-01', '2026-10-01'],
  },
  {
    // baton_courses 2026-12-01: iOS 38962.62, Android 31767.40
    question: 'ios vs android rev q3',
    language: 'en',
    reading: 'Revenue of platforms iOS and Android, each on its own, paid in [2026-07-01, 2026-10-01) (q3 = Q3 2026).',
    shape: 'keyed',
    sql: `SELECT ${PLATFORM} AS k, sum(o.sub_tot_usd) AS v ${ORDERS} WHERE ${SALE} AND ${PAID_WITHIN} AND o.platform = ANY($3) GROUP BY 1`,
    params: ['2026-07-01', '2026-10-01', ['IOS', 'AND']],
  },
  {
    // baton_courses 2026-12-01: v = 31206.92
    question: 'rev from india last quarter',
    language: 'en',
    reading:
      'Revenue of buyers whose country is India, paid in [2026-07-01, 2026-10-01) (last quarter = Q3 2026, the latest full quarter).',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) AS v ${ORDERS} WHERE ${SALE} AND l.country_cd = $3 AND ${PAID_WITHIN}`,
    params: ['2026-07-01', '2026-10-01', 'IN'],
  },
  {
    // baton_courses 2026-12-01: v = 170026.22
    question: 'how much did we make in q2',
    language: 'en',
    reading: 'make = revenue, paid in [2026-04-01, 2026-07-01) (q2 = Q2 2026).',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) AS v ${ORDERS} WHERE ${SALE} AND ${PAID_WITHIN}`,
    params: ['2026-04-01', '2026-07-01'],
  },
  // ---------------------------------------------------------------- this year, ytd, last year
  {
    // baton_courses 2026-12-01: k = ['Learnloop Originals', 'Beatriz Oliveira #55', 'Paul Hoffmann', 'Juliana Santos',
    // 'Sofía García #41'] (33141.07, 30447.39, 29745.92, 26691.73, 22605.93; next Siti Nowak 22143.37, a gap of 2 %)
    question: 'top 5 instructors ytd',
    language: 'en',
    reading:
      'No metric named: revenue (course revenue, SUM(price_usd) of sales lines) per instructor, paid in [2026-01-01, 2026-12-01) (ytd); the five highest, in order.',
    shape: 'ranked',
    n: 5,
    sql: `SELECT ${INSTRUCTOR} AS k, sum(ol.price_usd) AS v ${LINES} WHERE ${SALE} AND ${PAID_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['iOS'] (0.0496, next Web 0.0402, Android 0.0368)
    question: 'which platform had the worst refund rate this yr',
    language: 'en',
    reading:
      "Refund rate (cohort: DONE refunds, ex-tax, on the lines of sales paid in the period / those lines' price_usd) per platform, sales paid in [2026-01-01, 2026-12-01) (this yr); the highest one (worst).",
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${PLATFORM} AS k, ${REFUND_RATE} AS v ${LINES} WHERE ${SALE} AND ${PAID_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: 2026-01 84942.24, 02 59129.40, 03 58462.84, 04 57039.39, 05 55469.12, 06 57517.71, 07 54834.11,
    // 08 71249.03, 09 96531.43, 10 77356.01, 11 81748.17 (they sum to 754279.45)
    question: 'monthly rev this year',
    language: 'en',
    reading:
      "Revenue per calendar month of paid_ts (keys 'YYYY-MM'), paid in [2026-01-01, 2026-12-01) (this year: January to November 2026).",
    shape: 'keyed',
    sql: `SELECT to_char(date_trunc('month', o.paid_ts), 'YYYY-MM') AS k, sum(o.sub_tot_usd) AS v ${ORDERS} WHERE ${SALE} AND ${PAID_WITHIN} GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: v = 9376
    question: 'how many ppl signed up this yr',
    language: 'en',
    reading:
      'New learners (learner accounts, company-plan seats included, test accounts excluded) signed up in [2026-01-01, 2026-12-01) (this yr).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v FROM learners l WHERE l.is_test = false AND ${SIGNED_UP_WITHIN}`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Domine Affiliate Marketing #191', 'Learn Crypto Trading Step by Step #284',
    // 'Swift & iOS Meisterkurs #241'] (27328.39, 21718.67, 18436.28; next Domina Content Strategy #136 18398.91, a gap of 0.2 %)
    question: 'best 3 courses last yr',
    language: 'en',
    reading:
      "No metric named (best): revenue (course revenue) per course ('title #course_id'), paid in [2025-01-01, 2026-01-01) (last yr); the three highest, in order.",
    shape: 'ranked',
    n: 3,
    sql: `SELECT ${COURSE} AS k, sum(ol.price_usd) AS v ${LINES} WHERE ${SALE} AND ${PAID_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: v = 0.2352 (the data dictionary gives 23.5 % for 2025)
    question: '% of enrollments finished last yr',
    language: 'en',
    reading:
      'Completion rate (share with cmpl_ts of PUR/GFT/B2B enrollments, refund-revoked PUR/GFT and internal-account learners excluded) of enrollments granted in [2025-01-01, 2026-01-01) (last yr, the enrollment cohort); a fraction.',
    shape: 'scalar',
    sql: `SELECT count(*) FILTER (WHERE e.cmpl_ts IS NOT NULL)::numeric / count(*) AS v FROM enrollments e JOIN learners l ON l.lrnr_id = e.lrnr_id
      WHERE e.src_cd IN ('PUR', 'GFT', 'B2B') AND NOT (e.src_cd IN ('PUR', 'GFT') AND e.revoked_ts IS NOT NULL) AND l.is_test = false AND ${NOT_INTERNAL} AND ${ENROLLED_WITHIN}`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Not as described', 'Poor quality', 'Accidental purchase'] (12247.89, 5043.17, 4244.37;
    // next Found a cheaper price 3309.44; no reason 2108.23)
    question: 'top 3 refund reasons last yr',
    language: 'en',
    reading:
      'Refunds (DONE, ex-tax) per refund reason, paid out in [2025-01-01, 2026-01-01) (last yr); the three highest amounts, in order (rows without a reason are a NULL group, not among the top).',
    shape: 'ranked',
    n: 3,
    sql: `SELECT ${REASON} AS k, ${REFUND_AMT} AS v ${REFUNDS} WHERE ${REFUND_DONE} AND ${REFUNDED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Personal Development', 'Photography & Video', 'IT & Software'] (24286.70, 30968.93,
    // 39892.15; next Design 41111.56)
    question: 'bottom 3 categories by rev 2024',
    language: 'en',
    reading:
      'Revenue (course revenue) per top-level category (subcategories rolled up to their parent), paid in [2024-01-01, 2025-01-01); the three lowest, lowest first.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT ${CATEGORY} AS k, sum(ol.price_usd) AS v ${LINES} WHERE ${SALE} AND ${PAID_WITHIN} GROUP BY 1 ORDER BY v ASC`,
    params: ['2024-01-01', '2025-01-01'],
  },

  // ================================================================ Chinese
  {
    // baton_courses 2026-12-01: Development 13270.11, Finance & Accounting 12902.39, Marketing 11388.86, Business 10830.32,
    // IT & Software 9771.11, Design 8835.14, Personal Development 8695.26, Photography & Video 6054.98 (sum 81748.17)
    question: '上月各类目收入',
    language: 'zh',
    reading: '收入 = revenue (course revenue) per top-level category, paid in [2026-11-01, 2026-12-01) (上月).',
    shape: 'keyed',
    sql: `SELECT ${CATEGORY} AS k, sum(ol.price_usd) AS v ${LINES} WHERE ${SALE} AND ${PAID_WITHIN} GROUP BY 1`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['iOS'] (0.0515, next Web 0.0453, Android 0.0376)
    question: '退款率最高的平台',
    language: 'zh',
    reading: 'Refund rate (cohort) per platform, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${PLATFORM} AS k, ${REFUND_RATE} AS v ${LINES} WHERE ${SALE} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_courses 2026-12-01: v = 754279.45 (the data dictionary's 2026 gross bookings)
    question: '今年卖了多少钱',
    language: 'zh',
    reading: '卖了多少钱 = revenue, paid in [2026-01-01, 2026-12-01) (今年).',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) AS v ${ORDERS} WHERE ${SALE} AND ${PAID_WITHIN}`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: v = 5144 (the data dictionary gives 5,144 for 2026-11)
    question: '上月月活',
    language: 'zh',
    reading:
      '月活 = active learners (COUNT(DISTINCT enrollments.lrnr_id) with watch_min > 0, test and internal-account learners excluded) in activity month 2026-11 (上月).',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT e.lrnr_id) AS v FROM lesson_activity_mth a JOIN enrollments e ON e.enrl_id = a.enrl_id JOIN learners l ON l.lrnr_id = e.lrnr_id
      WHERE a.watch_min > 0 AND l.is_test = false AND ${NOT_INTERNAL} AND a.activity_mth >= $1::date AND a.activity_mth < $2::date`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Finance & Accounting'] (3.40 stars, next Photography & Video 3.61)
    question: '评分最低的类目',
    language: 'zh',
    reading:
      '评分 = average rating (SUM(rating) / COUNT(*) of VISIBLE reviews) per top-level category, no period: all of the data; the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${CATEGORY} AS k, sum(cr.rating)::numeric / count(*) AS v FROM course_reviews cr JOIN learners l ON l.lrnr_id = cr.lrnr_id
      JOIN courses c ON c.course_id = cr.course_id JOIN course_categories cc ON cc.cat_id = c.cat_id
      WHERE cr.mod_stat = 'VISIBLE' AND l.is_test = false GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_courses 2026-12-01: v = 0.2564 (525361.91 of 2048679.44)
    question: '美国收入占比',
    language: 'zh',
    reading: 'Revenue of buyers whose country is United States divided by all revenue, no period: all of the data; a fraction.',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) FILTER (WHERE l.country_cd = $1) / sum(o.sub_tot_usd) AS v ${ORDERS} WHERE ${SALE}`,
    params: ['US'],
  },
  {
    // baton_courses 2026-12-01: Web 6173, iOS 1604
    question: '今年网页端vs苹果端单量',
    language: 'zh',
    reading: '单量 = paid orders (sub_tot_usd > 0) of platforms Web and iOS, each on its own, paid in [2026-01-01, 2026-12-01) (今年).',
    shape: 'keyed',
    sql: `SELECT ${PLATFORM} AS k, count(*) AS v ${ORDERS} WHERE ${PAID_ORDER} AND ${PAID_WITHIN} AND o.platform = ANY($3) GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01', ['WEB', 'IOS']],
  },
  {
    // baton_courses 2026-12-01: v = 2932
    question: '三季度新用户',
    language: 'zh',
    reading: '新用户 = new learners, signed up in [2026-07-01, 2026-10-01) (三季度 = Q3 2026).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v FROM learners l WHERE l.is_test = false AND ${SIGNED_UP_WITHIN}`,
    params: ['2026-07-01', '2026-10-01'],
  },
  {
    // baton_courses 2026-12-01: 2025-01 1688.09, 02 4849.63, 03 4810.27, 04 3254.84, 05 2216.62, 06 1809.74, 07 2497.15,
    // 08 2494.60, 09 2036.68, 10 2822.57, 11 2312.62, 12 3130.50 (they sum to 33923.31)
    question: '去年每月退款',
    language: 'zh',
    reading: "退款 = refunds (DONE, ex-tax) per calendar month of rfnd_ts (keys 'YYYY-MM'), paid out in [2025-01-01, 2026-01-01) (去年).",
    shape: 'keyed',
    sql: `SELECT to_char(date_trunc('month', r.rfnd_ts), 'YYYY-MM') AS k, ${REFUND_AMT} AS v ${REFUNDS} WHERE ${REFUND_DONE} AND ${REFUNDED_WITHIN} GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Curso completo de AI Agents #269', 'Advanced Adobe Illustrator #11',
    // 'Cinema 4D für Einsteiger #257', 'Swift & iOS Meisterkurs #241', 'Curso completo de Excel Data Analysis #18']
    // (269, 192, 173, 172, 170; next はじめてのManagement Skills #255 168)
    question: '去年销量前5的课程',
    language: 'zh',
    reading:
      "销量 = courses sold (order lines with price_usd > 0 of PAID/REFUNDED checkouts) per course ('title #course_id'), paid in [2025-01-01, 2026-01-01) (去年); the five highest, in order.",
    shape: 'ranked',
    n: 5,
    sql: `SELECT ${COURSE} AS k, count(*) AS v ${LINES} WHERE ${SALE} AND ol.price_usd > 0 AND ${PAID_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
];
