/**
 * The Learnloop "as users ask" suite: questions written the way a content lead, a finance analyst, a growth marketer and a
 * B2B sales lead at an online-courses marketplace ask them, blind on 2026-12-01 (the writer read the data dictionary
 * test/fixtures/courses/README.md, the catalog it finished from the draft of `baton catalog init`, catalogs/courses.yaml,
 * docs/catalog.md, README.md, the example catalogs and eval/as-users-ask; never the question parser, and did not run Baton
 * on them). Each expected answer is hand-written SQL against the raw tables (orders, order_lines, refunds, courses,
 * course_categories, instructors, learners, co_accounts, enrollments, lesson_activity_mth, course_reviews), following
 * catalogs/courses.yaml's metric definitions exactly. Same format as eval/as-users-ask/rental.ts, plus the 'quality'
 * shape of eval/as-users-ask/demo.ts for the data-quality questions.
 *
 * Readings:
 *   - today is 2026-12-01 (the extract ends 2026-11-30 23:59:59 UTC): "last month"/上个月 = November 2026, "last year"/去年
 *     = 2025, "this year"/今年 = 2026 to date, i.e. [2026-01-01, 2026-12-01). All periods are UTC, half-open windows on the
 *     metric's time field as the catalog declares it:
 *       revenue, course revenue, paid orders, AOV, paying learners, courses sold, refund rate: orders.paid_ts;
 *       refunds: refunds.rfnd_ts (when the money went back); new learners: learners.signup_ts;
 *       active learners: lesson_activity_mth.activity_mth; completion rate: enrollments.enrl_ts; average rating: course_reviews.created_at.
 *   - no period named ("since launch" too): all of the data, no time window.
 *   - every metric excludes test learners (learners.is_test; on sales the buyer, orders.lrnr_id). Sales are orders with
 *     stat_cd PAID or REFUNDED. Revenue = gross bookings = SUM(orders.sub_tot_usd), ex-tax, refunds NOT subtracted; by
 *     course, category, subcategory or instructor it is the same money per line (SUM(order_lines.price_usd), the catalog's
 *     finer twin). Refunds = DONE refund rows, rfnd_amt_usd - tax_usd. Paid orders / AOV / paying learners also need
 *     sub_tot_usd > 0; courses sold counts lines with price_usd > 0. Active learners and completion rate also exclude
 *     learners of internal company accounts. Refund rate = cohort view: DONE ex-tax refunds on the lines paid in the
 *     period (order-level refunds before 2024-07 spread over the order's lines by price) / those lines' revenue.
 *   - "best"/"top"/最好 with no metric named: revenue, the catalog's primary_metric; 卖得最好 is revenue too (卖 is a revenue verb).
 *   - "how much did we make"/卖了多少钱 = revenue (gross bookings), not net of refunds: the catalog has no net-revenue metric
 *     (Finance's net revenue subtracts refunds by a different date) and Finance calls gross bookings "gross revenue".
 *   - "bought the most courses"/卖出了多少门课 = courses sold (course lines of paid orders with a price above zero), not paying learners.
 *   - "worst refund rate" = the highest; "lowest"/最差 = ascending.
 *   - a comparison of two members is keyed by the members, each member's own value over the period asked.
 *   - shares are fractions between 0 and 1 of the same metric over all rows in the same window (rows without the
 *     dimension, e.g. learners without a country, stay in the total).
 *   - rankings leave out rows whose dimension is missing (a missing country or level is not a country or level); the
 *     comments show the missing group never sits inside the cut.
 *   - a monthly breakdown is keyed by the month as 'YYYY-MM'.
 *   - keys are the catalog's dimension values as written there: category and subcategory names, 'India', 'Beginner',
 *     'Company plan'/'Individual', payment method names ('PayPal', ...), instructor display names (with ' #instr_id' only
 *     where two instructors share a name), course titles followed by ' #course_id'.
 *   - data-quality questions name the catalog's checks; counts are over the whole table (no period).
 *   - every ranking was checked for ties across its cut; none falls inside a tie (the gaps are in the comments).
 *
 * Shapes: 'scalar' one row, column v; 'keyed' columns k, v; 'ranked' column k in order, first n rows;
 * 'quality' columns t (table), k (the catalog check's description), v (offending rows).
 *
 * The values in the comments are what the SQL returned on baton_courses (courses.sql, 28,329 checkouts) on 2026-12-01;
 * they are a record, not the expectation.
 */

/** Sales: checkouts whose payment was captured, test buyers excluded (catalog metrics revenue, paid_orders, aov, paying_learners). */
const SALES = `FROM orders o JOIN learners l ON l.lrnr_id = o.lrnr_id WHERE o.stat_cd IN ('PAID', 'REFUNDED') AND NOT l.is_test`;
/** Sale lines with their course, category (and its parent), instructor and buyer (catalog metrics line_revenue, courses_sold, refund_rate). */
const LINES = `FROM order_lines ol JOIN orders o ON o.order_id = ol.order_id JOIN learners l ON l.lrnr_id = o.lrnr_id
  JOIN courses c ON c.course_id = ol.course_id JOIN course_categories cat ON cat.cat_id = c.cat_id
  LEFT JOIN course_categories pc ON pc.cat_id = cat.parent_cat_id JOIN instructors i ON i.instr_id = c.instr_id
  WHERE o.stat_cd IN ('PAID', 'REFUNDED') AND NOT l.is_test`;
/** Paid order with a subtotal above zero (paid orders, AOV, paying learners). */
const NONZERO = `o.sub_tot_usd > 0`;
/** Half-open window on the payment time, on parameters $1 and $2. */
const PAID_WITHIN = `o.paid_ts >= $1::timestamp AND o.paid_ts < $2::timestamp`;
/** The catalog's category dimension: the parent category, or the category itself for courses filed at the top level. */
const CATEGORY = `COALESCE(pc.cat_name, cat.cat_name)`;
/** The catalog's subcategory dimension. */
const SUBCATEGORY = `CASE WHEN cat.parent_cat_id IS NOT NULL THEN cat.cat_name ELSE cat.cat_name || ' (general)' END`;
/** The catalog's course dimension. */
const COURSE = `c.title || ' #' || c.course_id`;
/** The catalog's instructor dimension (display name, with the id where two instructors share it). */
const INSTRUCTOR = `CASE WHEN (SELECT count(*) FROM instructors di WHERE di.display_nm = i.display_nm) > 1 THEN i.display_nm || ' #' || i.instr_id ELSE i.display_nm END`;
/** The catalog's country dimension (the learner's profile country, UK merged into GB). */
const COUNTRY = `CASE l.country_cd WHEN 'AU' THEN 'Australia' WHEN 'BR' THEN 'Brazil' WHEN 'CA' THEN 'Canada' WHEN 'CN' THEN 'China'
  WHEN 'DE' THEN 'Germany' WHEN 'EG' THEN 'Egypt' WHEN 'ES' THEN 'Spain' WHEN 'FR' THEN 'France' WHEN 'GB' THEN 'United Kingdom'
  WHEN 'UK' THEN 'United Kingdom' WHEN 'ID' THEN 'Indonesia' WHEN 'IN' THEN 'India' WHEN 'IT' THEN 'Italy' WHEN 'JP' THEN 'Japan'
  WHEN 'KR' THEN 'South Korea' WHEN 'MX' THEN 'Mexico' WHEN 'NG' THEN 'Nigeria' WHEN 'NL' THEN 'Netherlands' WHEN 'PH' THEN 'Philippines'
  WHEN 'PL' THEN 'Poland' WHEN 'TR' THEN 'Turkey' WHEN 'US' THEN 'United States' END`;
/** The catalog's level dimension (no question of this set reads it). */
const _LEVEL = `CASE c.lvl WHEN 'BEG' THEN 'Beginner' WHEN 'INT' THEN 'Intermediate' WHEN 'ADV' THEN 'Advanced' WHEN 'ALL' THEN 'All levels' END`;
/** The catalog's payment_method dimension. */
const PAYMENT_METHOD = `CASE o.pay_mthd WHEN 'CARD' THEN 'Card' WHEN 'PAYPAL' THEN 'PayPal' WHEN 'APPLE' THEN 'Apple Pay' WHEN 'GPAY' THEN 'Google Pay'
  WHEN 'UPI' THEN 'UPI' WHEN 'PIX' THEN 'Pix' WHEN 'ALIPAY' THEN 'Alipay' WHEN 'WECHAT' THEN 'WeChat Pay' WHEN 'KONBINI' THEN 'Konbini'
  WHEN 'NONE' THEN 'None (100% coupon)' END`;
/** The catalog's customer_type dimension. */
const CUSTOMER_TYPE = `CASE WHEN l.co_acct_id IS NULL THEN 'Individual' ELSE 'Company plan' END`;
/** DONE refunds, ex-tax, belonging to one sale line: its own line-level rows plus its price share of order-level rows (catalog refund_rate numerator). */
const LINE_REFUNDS = `(COALESCE((SELECT sum(r.rfnd_amt_usd - r.tax_usd) FROM refunds r WHERE r.line_id = ol.line_id AND r.stat_cd = 'DONE'), 0)
  + COALESCE((SELECT sum(r.rfnd_amt_usd - r.tax_usd) FROM refunds r WHERE r.order_id = ol.order_id AND r.line_id IS NULL AND r.stat_cd = 'DONE'), 0)
  * ol.price_usd / NULLIF(o.sub_tot_usd, 0))`;
/** Refund rate (cohort view) over the lines in the group. */
const REFUND_RATE = `sum(${LINE_REFUNDS}) / sum(ol.price_usd)`;
/** Learners that learner KPIs keep: not test accounts, not learners of internal company accounts. */
const LEARNER_KPI = `NOT l.is_test AND (l.co_acct_id IS NULL OR l.co_acct_id NOT IN (SELECT ia.co_acct_id FROM co_accounts ia WHERE ia.is_internal))`;
/** Enrollments in the completion-rate base (catalog completion_rate). */
const COMPLETION_BASE = `FROM enrollments e JOIN learners l ON l.lrnr_id = e.lrnr_id
  WHERE e.src_cd IN ('PUR', 'GFT', 'B2B') AND NOT (e.src_cd IN ('PUR', 'GFT') AND e.revoked_ts IS NOT NULL) AND ${LEARNER_KPI}`;
/** Completion rate over the enrollments in the group. */
const COMPLETION_RATE = `count(*) FILTER (WHERE e.cmpl_ts IS NOT NULL)::numeric / count(*)`;
/** The catalog's checks on refunds, one row each: table, description, offending rows. */
const REFUND_CHECKS = `SELECT t, k, v FROM (VALUES
  ('refunds', 'refunds with a negative amount', (SELECT count(*) FROM refunds WHERE rfnd_amt_usd < 0)),
  ('refunds', 'decided refunds without a decision time', (SELECT count(*) FROM refunds WHERE stat_cd IN ('DONE', 'REJECTED') AND rfnd_ts IS NULL)),
  ('refunds', 'refunds decided before they were requested', (SELECT count(*) FROM refunds WHERE rfnd_ts < rqst_ts)),
  ('refunds', 'refunds requested before the order was paid', (SELECT count(*) FROM refunds r JOIN orders o ON o.order_id = r.order_id WHERE r.rqst_ts < o.paid_ts)),
  ('refunds', 'line-level refunds without an order line', (SELECT count(*) FROM refunds WHERE line_id IS NULL AND rqst_ts >= '2024-07-01'))
) x(t, k, v)`;
/** The catalog's checks on learners. */
const LEARNER_CHECKS = `SELECT t, k, v FROM (VALUES
  ('learners', 'learners without a country', (SELECT count(*) FROM learners WHERE country_cd IS NULL)),
  ('learners', 'learners without a sign-up channel', (SELECT count(*) FROM learners WHERE signup_chnl IS NULL)),
  ('learners', 'learners signed up in the future', (SELECT count(*) FROM learners WHERE signup_ts > TIMESTAMP '2026-11-30 23:59:59'))
) x(t, k, v)`;
/** The catalog's checks on courses. */
const COURSE_CHECKS = `SELECT t, k, v FROM (VALUES
  ('courses', 'courses without a level', (SELECT count(*) FROM courses WHERE lvl IS NULL)),
  ('courses', 'courses with a negative list price', (SELECT count(*) FROM courses WHERE list_price < 0))
) x(t, k, v)`;

export const COURSES_AS_USERS_ASK: {
  question: string;
  language: 'en' | 'zh';
  reading: string;
  shape: 'scalar' | 'keyed' | 'ranked' | 'quality';
  sql: string;
  params?: unknown[];
  n?: number;
}[] = [
  // ================================================================ English
  // ---------------------------------------------------------------- verbs, no period, best / top with no metric named
  {
    // baton_courses 2026-12-01: v = 590890.00 (the dictionary's 2025 gross bookings)
    question: 'How much did we make last year?',
    language: 'en',
    reading:
      'Revenue (gross bookings: SUM(orders.sub_tot_usd) of PAID/REFUNDED orders, test buyers excluded) paid in [2025-01-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) AS v ${SALES} AND ${PAID_WITHIN}`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: v = 78.82 (2048679.44 over 25,992 paid orders)
    question: "What's our average order value?",
    language: 'en',
    reading: 'AOV = gross bookings / paid orders (PAID/REFUNDED, subtotal above zero, test buyers excluded), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) / count(*) AS v ${SALES} AND ${NONZERO}`,
  },
  {
    // baton_courses 2026-12-01: k = ['Learnloop Originals'] (113576.12, next Beatriz Oliveira #55 102052.05)
    question: 'Who is our best instructor?',
    language: 'en',
    reading:
      'No metric named: revenue (per line, SUM(order_lines.price_usd) of sales) per instructor, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${INSTRUCTOR} AS k, sum(ol.price_usd) AS v ${LINES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_courses 2026-12-01: k = ['Domine Affiliate Marketing #191', 'Domina Content Strategy #136', 'Blender desde cero #42', 'Mastering Business Plan Writing 2023 #139', 'IFRS सीखें #147']
    // (87734.72, 60486.39, 60336.37, 55429.59, 49757.34; next Swift & iOS Meisterkurs #241 45286.76)
    question: 'What are our top 5 courses?',
    language: 'en',
    reading: "No metric named: revenue per course ('title #course_id'), no period: all of the data; the five highest, in order.",
    shape: 'ranked',
    n: 5,
    sql: `SELECT ${COURSE} AS k, sum(ol.price_usd) AS v ${LINES} GROUP BY 1 ORDER BY v DESC`,
  },
  // ---------------------------------------------------------------- shares, bottoms and worst
  {
    // baton_courses 2026-12-01: v = 0.1330
    question: 'What share of revenue came from India last year?',
    language: 'en',
    reading:
      'Revenue of buyers whose profile country is India divided by all revenue (learners without a country stay in the total), paid in [2025-01-01, 2026-01-01); a fraction.',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) FILTER (WHERE ${COUNTRY} = $3) / sum(o.sub_tot_usd) AS v ${SALES} AND ${PAID_WITHIN}`,
    params: ['2025-01-01', '2026-01-01', 'India'],
  },
  {
    // baton_courses 2026-12-01: k = ['Finance & Accounting'] (0.1226, next Marketing 0.0528; the crypto refund wave)
    question: 'Which category had the worst refund rate in 2025?',
    language: 'en',
    reading:
      'Refund rate (cohort: DONE ex-tax refunds on the lines paid in the period / their revenue) per top-level category, lines paid in [2025-01-01, 2026-01-01); the highest one (worst).',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${CATEGORY} AS k, ${REFUND_RATE} AS v ${LINES} AND ${PAID_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Nigeria', 'Egypt', 'China'] (70.19, 70.49, 75.49; next Netherlands 77.51; learners without a country 90.99, 81 orders)
    question: 'Which 3 countries had the lowest average order value last year?',
    language: 'en',
    reading:
      'AOV (gross bookings / paid orders with a subtotal above zero) per buyer country, paid in [2025-01-01, 2026-01-01); the three lowest, lowest first; no country is not a country.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT ${COUNTRY} AS k, sum(o.sub_tot_usd) / count(*) AS v ${SALES} AND ${NONZERO} AND ${PAID_WITHIN} AND l.country_cd IS NOT NULL GROUP BY 1 ORDER BY v ASC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  // ---------------------------------------------------------------- members, trend, named periods
  {
    // baton_courses 2026-12-01: Data Science 18191.05, Web Development 36810.80
    question: 'Data Science vs Web Development: how much did each sell this year?',
    language: 'en',
    reading: 'Revenue (per line) of the subcategories Data Science and Web Development, each on its own, paid in [2026-01-01, 2026-12-01).',
    shape: 'keyed',
    sql: `SELECT ${SUBCATEGORY} AS k, sum(ol.price_usd) AS v ${LINES} AND ${PAID_WITHIN} AND cat.cat_name IN ($3, $4) GROUP BY 1 ORDER BY 1`,
    params: ['2026-01-01', '2026-12-01', 'Data Science', 'Web Development'],
  },
  {
    // baton_courses 2026-12-01: 2026-01 84942.24, 02 59129.40, 03 58462.84, 04 57039.39, 05 55469.12, 06 57517.71, 07 54834.11, 08 71249.03,
    // 09 96531.43, 10 77356.01, 11 81748.17
    question: 'How has revenue trended month by month this year?',
    language: 'en',
    reading: "Revenue per payment month ('YYYY-MM'), paid in [2026-01-01, 2026-12-01): January to November 2026.",
    shape: 'keyed',
    sql: `SELECT to_char(o.paid_ts, 'YYYY-MM') AS k, sum(o.sub_tot_usd) AS v ${SALES} AND ${PAID_WITHIN} GROUP BY 1 ORDER BY 1`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: v = 1091
    question: 'How many paid orders did we get last month?',
    language: 'en',
    reading: 'Paid orders (PAID/REFUNDED, subtotal above zero, test buyers excluded) paid in [2026-11-01, 2026-12-01).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${SALES} AND ${NONZERO} AND ${PAID_WITHIN}`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['United States'] (2,747 courses, next India 1,432; no country 118)
    question: 'Which country bought the most courses last year?',
    language: 'en',
    reading:
      'Courses sold (course lines with a price above zero of PAID/REFUNDED orders, test buyers excluded) per buyer country, paid in [2025-01-01, 2026-01-01); the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${COUNTRY} AS k, count(*) AS v ${LINES} AND ol.price_usd > 0 AND ${PAID_WITHIN} AND l.country_cd IS NOT NULL GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: v = 0.2352 (the dictionary's 23.5 %)
    question: 'What was the completion rate for courses people enrolled in during 2025?',
    language: 'en',
    reading:
      'Completion rate: enrollments with a certificate / PUR, GFT and B2B enrollments (refund-revoked purchases, test and internal-account learners excluded), enrolled in [2025-01-01, 2026-01-01), measured today.',
    shape: 'scalar',
    sql: `SELECT ${COMPLETION_RATE} AS v ${COMPLETION_BASE} AND e.enrl_ts >= $1::timestamp AND e.enrl_ts < $2::timestamp`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: v = 851
    question: 'How many learners signed up through paid social this year?',
    language: 'en',
    reading:
      'New learners (accounts, test accounts excluded) with sign-up channel Paid social (PSO, and the old code SOC), signed up in [2026-01-01, 2026-12-01).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v FROM learners l WHERE NOT l.is_test AND l.signup_chnl IN ('PSO', 'SOC') AND l.signup_ts >= $1::timestamp AND l.signup_ts < $2::timestamp`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Tidewater Consulting Group'] (344, next Northwind Logistics 308)
    question: 'Which company had the most active learners this year?',
    language: 'en',
    reading:
      'Active learners (distinct learners with a minute watched; test and internal-account learners excluded) per company account name, activity months in [2026-01-01, 2026-12-01); the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ca.co_name AS k, count(DISTINCT e.lrnr_id) AS v FROM lesson_activity_mth a JOIN enrollments e ON e.enrl_id = a.enrl_id
      JOIN learners l ON l.lrnr_id = e.lrnr_id JOIN co_accounts ca ON ca.co_acct_id = l.co_acct_id
      WHERE a.watch_min > 0 AND ${LEARNER_KPI} AND a.activity_mth >= $1::date AND a.activity_mth < $2::date GROUP BY 1 ORDER BY v DESC`,
    params: ['2026-01-01', '2026-12-01'],
  },
  // ---------------------------------------------------------------- data quality
  {
    // baton_courses 2026-12-01: refunds / decided refunds without a decision time / 3 (the other refunds checks pass)
    question: 'Is anything wrong with the refunds data?',
    language: 'en',
    reading: "Data quality of table refunds: the catalog's refunds checks that fail, each with its count of offending rows (whole table).",
    shape: 'quality',
    sql: `${REFUND_CHECKS} WHERE v > 0 ORDER BY k`,
  },
  // ================================================================ 中文
  {
    // baton_courses 2026-12-01: v = 2048679.44 (2023 to 2026-11)
    question: '我们一共卖了多少钱？',
    language: 'zh',
    reading: 'Revenue (gross bookings), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) AS v ${SALES}`,
  },
  {
    // baton_courses 2026-12-01: v = 3272.91 (the dictionary's November 2026 refunds)
    question: '上个月退了多少钱？',
    language: 'zh',
    reading: 'Refunds (DONE refund rows, rfnd_amt_usd - tax_usd, test buyers excluded) returned in [2026-11-01, 2026-12-01) (by rfnd_ts).',
    shape: 'scalar',
    sql: `SELECT sum(r.rfnd_amt_usd - r.tax_usd) AS v FROM refunds r JOIN orders o ON o.order_id = r.order_id JOIN learners l ON l.lrnr_id = o.lrnr_id
      WHERE r.stat_cd = 'DONE' AND NOT l.is_test AND r.rfnd_ts >= $1::timestamp AND r.rfnd_ts < $2::timestamp`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: Business 0.1223, Design 0.1061, Development 0.1783, Finance & Accounting 0.1854, IT & Software 0.1017, Marketing 0.1708,
    // Personal Development 0.0644, Photography & Video 0.0711
    question: '各类目收入占比',
    language: 'zh',
    reading: 'Revenue (per line) per top-level category divided by all revenue, no period: all of the data; fractions.',
    shape: 'keyed',
    sql: `SELECT ${CATEGORY} AS k, sum(ol.price_usd) / sum(sum(ol.price_usd)) OVER () AS v ${LINES} GROUP BY 1 ORDER BY 1`,
  },
  {
    // baton_courses 2026-12-01: k = ['Domine Affiliate Marketing #191'] (26448.37, next Swift & iOS Meisterkurs #241 18677.26)
    question: '今年卖得最好的课程是哪门？',
    language: 'zh',
    reading: "卖得最好 = revenue per course ('title #course_id'), paid in [2026-01-01, 2026-12-01); the highest one.",
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${COURSE} AS k, sum(ol.price_usd) AS v ${LINES} AND ${PAID_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Cryptocurrency & Blockchain'] (0.1926, next Photography 0.1489)
    question: '去年退款率最高的子类目是哪个？',
    language: 'zh',
    reading: 'Refund rate (cohort) per subcategory, lines paid in [2025-01-01, 2026-01-01); the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${SUBCATEGORY} AS k, ${REFUND_RATE} AS v ${LINES} AND ${PAID_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: 2026-01 951, 02 701, 03 764, 04 722, 05 718, 06 661, 07 788, 08 928, 09 1216, 10 978, 11 949
    question: '今年每个月的新注册学员数',
    language: 'zh',
    reading: "New learners (test accounts excluded) per sign-up month ('YYYY-MM'), signed up in [2026-01-01, 2026-12-01).",
    shape: 'keyed',
    sql: `SELECT to_char(l.signup_ts, 'YYYY-MM') AS k, count(*) AS v FROM learners l WHERE NOT l.is_test AND l.signup_ts >= $1::timestamp AND l.signup_ts < $2::timestamp GROUP BY 1 ORDER BY 1`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: Company plan 0.1906, Individual 0.2581
    question: '2025年企业学员和个人学员的完课率对比',
    language: 'zh',
    reading: "Completion rate per customer type ('Company plan' / 'Individual'), enrolled in [2025-01-01, 2026-01-01).",
    shape: 'keyed',
    sql: `SELECT ${CUSTOMER_TYPE} AS k, ${COMPLETION_RATE} AS v ${COMPLETION_BASE} AND e.enrl_ts >= $1::timestamp AND e.enrl_ts < $2::timestamp GROUP BY 1 ORDER BY 1`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Personal Development'] (131903.31, next Photography & Video 145741.16)
    question: '收入最差的类目是哪个？',
    language: 'zh',
    reading: 'Revenue (per line) per top-level category, no period: all of the data; the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${CATEGORY} AS k, sum(ol.price_usd) AS v ${LINES} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_courses 2026-12-01: v = 1004
    question: '印度学员去年下了多少单？',
    language: 'zh',
    reading: 'Paid orders (subtotal above zero) of buyers whose country is India, paid in [2025-01-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${SALES} AND ${NONZERO} AND ${PAID_WITHIN} AND ${COUNTRY} = $3`,
    params: ['2025-01-01', '2026-01-01', 'India'],
  },
  {
    // baton_courses 2026-12-01: v = 4.028
    question: '日语课程的平均评分是多少？',
    language: 'zh',
    reading:
      'Average rating (VISIBLE reviews, test reviewers excluded) of courses whose language is Japanese (ja / JA), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT sum(rv.rating)::numeric / count(*) AS v FROM course_reviews rv JOIN courses c ON c.course_id = rv.course_id JOIN learners l ON l.lrnr_id = rv.lrnr_id
      WHERE rv.mod_stat = 'VISIBLE' AND NOT l.is_test AND upper(c.lang_cd) = $1`,
    params: ['JA'],
  },
  {
    // baton_courses 2026-12-01: k = ['Pix'] (89.43, next Card 79.50)
    question: '哪种支付方式的客单价最高？',
    language: 'zh',
    reading: 'AOV per payment method, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${PAYMENT_METHOD} AS k, sum(o.sub_tot_usd) / count(*) AS v ${SALES} AND ${NONZERO} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_courses 2026-12-01: v = 5144 (the dictionary's November 2026 active learners)
    question: '上个月有多少活跃学员？',
    language: 'zh',
    reading:
      'Active learners (distinct learners with a minute watched; test and internal-account learners excluded) in activity month 2026-11.',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT e.lrnr_id) AS v FROM lesson_activity_mth a JOIN enrollments e ON e.enrl_id = a.enrl_id JOIN learners l ON l.lrnr_id = e.lrnr_id
      WHERE a.watch_min > 0 AND ${LEARNER_KPI} AND a.activity_mth >= $1::date AND a.activity_mth < $2::date`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: v = 10200
    question: '去年一共卖出了多少门课？',
    language: 'zh',
    reading:
      'Courses sold (course lines with a price above zero of PAID/REFUNDED orders, test buyers excluded), paid in [2025-01-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${LINES} AND ol.price_usd > 0 AND ${PAID_WITHIN}`,
    params: ['2025-01-01', '2026-01-01'],
  },
  // ---------------------------------------------------------------- data quality
  {
    // baton_courses 2026-12-01: learners / learners without a country / 265; learners / learners without a sign-up channel / 377
    question: '学员数据有没有问题？',
    language: 'zh',
    reading:
      "Data quality of table learners: the catalog's learners checks that fail, each with its count of offending rows (whole table).",
    shape: 'quality',
    sql: `${LEARNER_CHECKS} WHERE v > 0 ORDER BY k`,
  },
  {
    // baton_courses 2026-12-01: courses / courses without a level / 5
    question: '有多少门课程缺少难度级别？',
    language: 'zh',
    reading: "The catalog's check 'courses without a level' on courses: lvl IS NULL; the count.",
    shape: 'quality',
    sql: `${COURSE_CHECKS} WHERE k = 'courses without a level'`,
  },
];
