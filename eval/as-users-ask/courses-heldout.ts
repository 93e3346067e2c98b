/**
 * The Learnloop held-out "as users ask" set: 30 questions written blind, the way a CFO, a head of content, the country
 * manager for India and Brazil and the customer-success lead for company plans ask them (15 English, 15 Chinese).
 * The writer read only catalogs/courses.yaml, test/fixtures/courses/README.md, docs/catalog.md and, for the format,
 * eval/as-users-ask/rental.ts; not the question parser, not the other writer's courses.ts, and did not run Baton.
 * Each expected answer is hand-written SQL against the raw tables, following catalogs/courses.yaml's metric
 * definitions exactly. Same format as eval/as-users-ask/rental.ts.
 *
 * Readings:
 *   - today is 2026-12-01 (the extract ends 2026-11-30): "last month"/上个月 = November 2026, "last year"/去年 = 2025,
 *     "this year"/今年 = [2026-01-01, 2026-12-01), "last quarter"/上季度 = Q3 2026, [2026-07-01, 2026-10-01).
 *   - no period named: all of the data (the catalog's default_period is all).
 *   - named periods are half-open windows on the metric's time field: sales metrics (revenue, line revenue, paid
 *     orders, AOV, paying learners, refund rate) on orders.paid_ts; refunds on refunds.rfnd_ts; new learners on
 *     learners.signup_ts; active learners on lesson_activity_mth.activity_mth; completion rate on enrollments.enrl_ts;
 *     average rating on course_reviews.created_at.
 *   - test learners are excluded everywhere; learners of internal company accounts are excluded from active learners
 *     and completion rate (as the catalog's filters say).
 *   - verbs: "pull in"/"bring in"/赚/卖/"spend" = revenue (gross bookings); 退了多少/"refund" = refunds (DONE, ex-tax).
 *   - "best"/"top"/最好 with no metric named: revenue, the catalog's primary metric; by category, subcategory or
 *     instructor it is computed on order lines (line revenue, the finer twin), which sums to the same gross bookings.
 *   - "worst" refund rate = the highest; "lowest"/"worst" revenue, rating = ascending; 倒数/最差 = ascending.
 *   - shares are fractions between 0 and 1 of the same metric over all rows in the same window.
 *   - a comparison of two members is keyed by the members, each its own value over the period asked.
 *   - keys are the catalog's dimension values as written there (country names, 'Company plan', 'iOS', ...);
 *     a monthly breakdown is keyed 'YYYY-MM'.
 *   - every ranking was checked for ties across its cut; none falls inside a tie (the gaps are in the comments).
 *
 * Shapes: 'scalar' one row, column v; 'keyed' columns k, v; 'ranked' column k in order, first n rows.
 *
 * The values in the comments are what the SQL returned on baton_courses on 2026-12-01; they are a record, not the
 * expectation.
 */

/** Sales at order grain: captured checkouts with their buyer, test learners excluded. */
const SALES = `FROM orders o JOIN learners l ON l.lrnr_id = o.lrnr_id WHERE o.stat_cd IN ('PAID', 'REFUNDED') AND NOT l.is_test`;
/** Sales one course at a time, with the course and its own category node. */
const LINES = `FROM order_lines ol JOIN orders o ON o.order_id = ol.order_id JOIN learners l ON l.lrnr_id = o.lrnr_id
  JOIN courses c ON c.course_id = ol.course_id JOIN course_categories cc ON cc.cat_id = c.cat_id JOIN instructors i ON i.instr_id = c.instr_id
  WHERE o.stat_cd IN ('PAID', 'REFUNDED') AND NOT l.is_test`;
/** Half-open window on the payment time, on parameters $1 and $2. */
const PAID_WITHIN = `o.paid_ts >= $1::timestamp AND o.paid_ts < $2::timestamp`;
/** The catalog's category dimension: a subcategory rolled up to its parent. */
const CATEGORY = `COALESCE((SELECT pc.cat_name FROM course_categories pc WHERE pc.cat_id = cc.parent_cat_id), cc.cat_name)`;
/** The catalog's subcategory dimension. */
const SUBCATEGORY = `CASE WHEN cc.parent_cat_id IS NOT NULL THEN cc.cat_name ELSE cc.cat_name || ' (general)' END`;
/** The catalog's instructor dimension. */
const INSTRUCTOR = `CASE WHEN (SELECT count(*) FROM instructors di WHERE di.display_nm = i.display_nm) > 1 THEN i.display_nm || ' #' || i.instr_id ELSE i.display_nm END`;
/** The catalog's country dimension (the learner's, for sales the buyer's). */
const COUNTRY = `CASE l.country_cd WHEN 'AU' THEN 'Australia' WHEN 'BR' THEN 'Brazil' WHEN 'CA' THEN 'Canada' WHEN 'CN' THEN 'China' WHEN 'DE' THEN 'Germany' WHEN 'EG' THEN 'Egypt' WHEN 'ES' THEN 'Spain' WHEN 'FR' THEN 'France' WHEN 'GB' THEN 'United Kingdom' WHEN 'UK' THEN 'United Kingdom' WHEN 'ID' THEN 'Indonesia' WHEN 'IN' THEN 'India' WHEN 'IT' THEN 'Italy' WHEN 'JP' THEN 'Japan' WHEN 'KR' THEN 'South Korea' WHEN 'MX' THEN 'Mexico' WHEN 'NG' THEN 'Nigeria' WHEN 'NL' THEN 'Netherlands' WHEN 'PH' THEN 'Philippines' WHEN 'PL' THEN 'Poland' WHEN 'TR' THEN 'Turkey' WHEN 'US' THEN 'United States' END`;
/** The catalog's platform dimension. */
const PLATFORM = `CASE o.platform WHEN 'WEB' THEN 'Web' WHEN 'IOS' THEN 'iOS' WHEN 'AND' THEN 'Android' END`;
/** The catalog's course_language dimension. */
const LANGUAGE = `CASE upper(replace(c.lang_cd, '-', '_')) WHEN 'EN' THEN 'English' WHEN 'ES' THEN 'Spanish' WHEN 'PT_BR' THEN 'Portuguese' WHEN 'DE' THEN 'German' WHEN 'FR' THEN 'French' WHEN 'JA' THEN 'Japanese' WHEN 'ZH' THEN 'Chinese' WHEN 'ZH_CN' THEN 'Chinese' WHEN 'HI' THEN 'Hindi' END`;
/** The catalog's level dimension. */
const LEVEL = `CASE c.lvl WHEN 'BEG' THEN 'Beginner' WHEN 'INT' THEN 'Intermediate' WHEN 'ADV' THEN 'Advanced' WHEN 'ALL' THEN 'All levels' END`;
/** The catalog's customer_type dimension. */
const CUSTOMER_TYPE = `CASE WHEN l.co_acct_id IS NULL THEN 'Individual' ELSE 'Company plan' END`;
/** Paid orders have a subtotal above zero (paid orders, AOV, paying learners). */
const NONZERO = `o.sub_tot_usd > 0`;
/** AOV: gross bookings over paid orders (subtotal above zero). */
const AOV = `sum(o.sub_tot_usd) / count(*)`;
/**
 * Cohort refund rate over order lines (catalog metric refund_rate): DONE refunds ex-tax on the sales, line-level rows
 * by line, order-level rows (before 2024-07) spread over the order's lines by price, over the lines' gross bookings.
 */
const REFUND_RATE = `sum(COALESCE((SELECT sum(r.rfnd_amt_usd - r.tax_usd) FROM refunds r WHERE r.line_id = ol.line_id AND r.stat_cd = 'DONE'), 0)
  + COALESCE((SELECT sum(r.rfnd_amt_usd - r.tax_usd) FROM refunds r WHERE r.order_id = ol.order_id AND r.line_id IS NULL AND r.stat_cd = 'DONE'), 0)
  * ol.price_usd / NULLIF(o.sub_tot_usd, 0)) / sum(ol.price_usd)`;
/** Refunds paid out, with the buyer of their order, test learners excluded. */
const REFUNDS = `FROM refunds r JOIN orders o ON o.order_id = r.order_id JOIN learners l ON l.lrnr_id = o.lrnr_id WHERE r.stat_cd = 'DONE' AND NOT l.is_test`;
/** Not a test learner, not a learner of an internal company account (learner KPIs). */
const LEARNER_KPI = `NOT l.is_test AND (l.co_acct_id IS NULL OR l.co_acct_id NOT IN (SELECT ia.co_acct_id FROM co_accounts ia WHERE ia.is_internal))`;
/** Learning activity with at least one minute watched, by the enrollment's learner. */
const ACTIVITY = `FROM lesson_activity_mth la JOIN enrollments e ON e.enrl_id = la.enrl_id JOIN learners l ON l.lrnr_id = e.lrnr_id
  WHERE la.watch_min > 0 AND ${LEARNER_KPI}`;
/** Completion-rate base: PUR/GFT/B2B enrollments, refund-revoked ones out, with the course and its category node. */
const COMPLETION = `FROM enrollments e JOIN learners l ON l.lrnr_id = e.lrnr_id JOIN courses c ON c.course_id = e.course_id
  JOIN course_categories cc ON cc.cat_id = c.cat_id
  WHERE e.src_cd IN ('PUR', 'GFT', 'B2B') AND NOT (e.src_cd IN ('PUR', 'GFT') AND e.revoked_ts IS NOT NULL) AND ${LEARNER_KPI}`;
/** Completion rate: share of the base with a certificate. */
const COMPLETION_RATE = `count(*) FILTER (WHERE e.cmpl_ts IS NOT NULL)::numeric / count(*)`;
/** Visible reviews with the course and its category node, test learners excluded. */
const REVIEWS = `FROM course_reviews rv JOIN learners l ON l.lrnr_id = rv.lrnr_id JOIN courses c ON c.course_id = rv.course_id
  JOIN course_categories cc ON cc.cat_id = c.cat_id JOIN instructors i ON i.instr_id = c.instr_id
  WHERE rv.mod_stat = 'VISIBLE' AND NOT l.is_test`;

export const COURSES_HELDOUT: {
  question: string;
  language: 'en' | 'zh';
  reading: string;
  shape: 'scalar' | 'keyed' | 'ranked';
  sql: string;
  params?: unknown[];
  n?: number;
}[] = [
  // ================================================================ English
  {
    // baton_courses 2026-12-01: v = 81748.17
    question: 'how much did we pull in last month?',
    language: 'en',
    reading:
      'Pull in = revenue (gross bookings: sub_tot_usd of PAID/REFUNDED orders, test learners out), paid in [2026-11-01, 2026-12-01).',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) AS v ${SALES} AND ${PAID_WITHIN}`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Finance & Accounting', 'Development', 'Marketing'] (379849.52, 365231.87, 349814.57; next Business 250466.59)
    question: 'What are our top 3 categories?',
    language: 'en',
    reading:
      'No metric named: revenue (line revenue, the finer twin) per top-level category (subcategory rolled up to its parent), no period: all of the data; the three highest, in order.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT ${CATEGORY} AS k, sum(ol.price_usd) AS v ${LINES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_courses 2026-12-01: v = 107954.52
    question: 'what did India spend this year',
    language: 'en',
    reading: 'Spend = revenue of buyers whose country is India (IN), paid in [2026-01-01, 2026-12-01).',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) AS v ${SALES} AND l.country_cd = $3 AND ${PAID_WITHIN}`,
    params: ['2026-01-01', '2026-12-01', 'IN'],
  },
  {
    // baton_courses 2026-12-01: v = 0.0668 (company-plan buyers' marketplace purchases; B2B plan revenue itself is invoiced elsewhere)
    question: 'How much of our revenue comes from company plans?',
    language: 'en',
    reading:
      "Share of revenue from buyers attached to a company account (customer type 'Company plan') in all revenue, no period: all of the data; a fraction.",
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) FILTER (WHERE ${CUSTOMER_TYPE} = 'Company plan') / sum(o.sub_tot_usd) AS v ${SALES}`,
  },
  {
    // baton_courses 2026-12-01: k = ['Cryptocurrency & Blockchain'] (0.1926, next Photography 0.1489)
    question: 'Which subcategory had the worst refund rate last year?',
    language: 'en',
    reading:
      'Cohort refund rate (DONE refunds ex-tax on the lines / their price) per subcategory, sales paid in [2025-01-01, 2026-01-01); the highest (worst).',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${SUBCATEGORY} AS k, ${REFUND_RATE} AS v ${LINES} AND ${PAID_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: India 83.62, Brazil 94.96
    question: 'AOV India vs Brazil this year?',
    language: 'en',
    reading:
      'Average order value (gross bookings / paid orders with subtotal > 0) for buyers in India and in Brazil, each on its own, paid in [2026-01-01, 2026-12-01).',
    shape: 'keyed',
    sql: `SELECT ${COUNTRY} AS k, ${AOV} AS v ${SALES} AND ${NONZERO} AND ${PAID_WITHIN} AND l.country_cd = ANY($3) GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01', ['IN', 'BR']],
  },
  {
    // baton_courses 2026-12-01: 2026-07 54834.11, 2026-08 71249.03, 2026-09 96531.43
    question: 'revenue by month last quarter',
    language: 'en',
    reading: "Revenue per calendar month of payment, paid in [2026-07-01, 2026-10-01) (Q3 2026), keyed 'YYYY-MM'.",
    shape: 'keyed',
    sql: `SELECT to_char(o.paid_ts, 'YYYY-MM') AS k, sum(o.sub_tot_usd) AS v ${SALES} AND ${PAID_WITHIN} GROUP BY 1`,
    params: ['2026-07-01', '2026-10-01'],
  },
  {
    // baton_courses 2026-12-01: v = 0.0430
    question: "What's the refund rate for last quarter?",
    language: 'en',
    reading: 'Cohort refund rate of the sales paid in [2026-07-01, 2026-10-01), refunds whenever paid out; a fraction.',
    shape: 'scalar',
    sql: `SELECT ${REFUND_RATE} AS v ${LINES} AND ${PAID_WITHIN}`,
    params: ['2026-07-01', '2026-10-01'],
  },
  {
    // baton_courses 2026-12-01: v = 105563.10
    question: 'how much did Marketing courses bring in last year?',
    language: 'en',
    reading:
      'Bring in = revenue (line revenue: price_usd of lines of PAID/REFUNDED orders) of courses in the top-level category Marketing (its subcategories and Marketing (general)), paid in [2025-01-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT sum(ol.price_usd) AS v ${LINES} AND ${CATEGORY} = $3 AND ${PAID_WITHIN}`,
    params: ['2025-01-01', '2026-01-01', 'Marketing'],
  },
  {
    // baton_courses 2026-12-01: v = 52
    question: 'how many new learners signed up from brazil last month',
    language: 'en',
    reading: 'New learners (accounts by signup_ts, test accounts out) with country Brazil (BR), signed up in [2026-11-01, 2026-12-01).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v FROM learners l WHERE NOT l.is_test AND l.country_cd = $3 AND l.signup_ts >= $1::timestamp AND l.signup_ts < $2::timestamp`,
    params: ['2026-11-01', '2026-12-01', 'BR'],
  },
  {
    // baton_courses 2026-12-01: v = 2202
    question: 'How many company-plan learners were active last month?',
    language: 'en',
    reading:
      "Active learners (distinct enrollment learners with watch_min > 0, test and internal-account learners out) of customer type 'Company plan', activity month November 2026.",
    shape: 'scalar',
    sql: `SELECT count(DISTINCT e.lrnr_id) AS v ${ACTIVITY} AND ${CUSTOMER_TYPE} = 'Company plan' AND la.activity_mth >= $1::date AND la.activity_mth < $2::date`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: v = 0.2288
    question: 'whats the completion rate on beginner courses?',
    language: 'en',
    reading:
      'Completion rate (PUR/GFT/B2B enrollments with a certificate / all of them, refund-revoked out, test and internal learners out) of courses at level Beginner (BEG), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT ${COMPLETION_RATE} AS v ${COMPLETION} AND ${LEVEL} = 'Beginner'`,
  },
  {
    // baton_courses 2026-12-01: v = 3.8706
    question: 'Average rating for Data Science courses this year?',
    language: 'en',
    reading:
      'Average stars of VISIBLE reviews (test learners out) of courses in the subcategory Data Science, posted in [2026-01-01, 2026-12-01).',
    shape: 'scalar',
    sql: `SELECT avg(rv.rating) AS v ${REVIEWS} AND ${SUBCATEGORY} = 'Data Science' AND rv.created_at >= $1::timestamp AND rv.created_at < $2::timestamp`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: v = 33923.31
    question: 'How much did we refund last year?',
    language: 'en',
    reading: 'Refunds: DONE refund rows, rfnd_amt_usd - tax_usd, test learners out, money returned in [2025-01-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT sum(r.rfnd_amt_usd - r.tax_usd) AS v ${REFUNDS} AND r.rfnd_ts >= $1::timestamp AND r.rfnd_ts < $2::timestamp`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Web'] (78.49, next iOS 79.17, Android 80.03)
    question: 'Which platform has the lowest average order value?',
    language: 'en',
    reading: 'Average order value per checkout platform (Web, iOS, Android), no period: all of the data; the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${PLATFORM} AS k, ${AOV} AS v ${SALES} AND ${NONZERO} GROUP BY 1 ORDER BY v ASC`,
  },
  // ================================================================ Chinese
  {
    // baton_courses 2026-12-01: v = 590890.00
    question: '去年一共赚了多少？',
    language: 'zh',
    reading: '赚 = revenue (gross bookings), paid in [2025-01-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) AS v ${SALES} AND ${PAID_WITHIN}`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: v = 31684.14
    question: '今年退了多少钱',
    language: 'zh',
    reading: '退了多少钱 = refunds (DONE, ex-tax, test learners out), money returned in [2026-01-01, 2026-12-01).',
    shape: 'scalar',
    sql: `SELECT sum(r.rfnd_amt_usd - r.tax_usd) AS v ${REFUNDS} AND r.rfnd_ts >= $1::timestamp AND r.rfnd_ts < $2::timestamp`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: v = 0.1431
    question: '今年印度占收入的比例是多少',
    language: 'zh',
    reading: 'Revenue of buyers in India divided by all revenue, both paid in [2026-01-01, 2026-12-01); a fraction.',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) FILTER (WHERE l.country_cd = 'IN') / sum(o.sub_tot_usd) AS v ${SALES} AND ${PAID_WITHIN}`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Photography & Video', 'Personal Development', 'IT & Software'] (39342.63, 41111.24, 52445.98; next Design 60008.89)
    question: '去年收入最差的三个类目',
    language: 'zh',
    reading: 'Revenue (line revenue) per top-level category, paid in [2025-01-01, 2026-01-01); the three lowest, lowest first.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT ${CATEGORY} AS k, sum(ol.price_usd) AS v ${LINES} AND ${PAID_WITHIN} GROUP BY 1 ORDER BY v ASC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: k = ['Cryptocurrency & Blockchain', 'Career Development', 'Video Editing'] (3.061, 3.420, 3.598; next Investing & Trading 3.641)
    question: '评分倒数三名的子类目是哪些？',
    language: 'zh',
    reading: 'Average rating of VISIBLE reviews per subcategory, no period: all of the data; the three lowest, lowest first.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT ${SUBCATEGORY} AS k, avg(rv.rating) AS v ${REVIEWS} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_courses 2026-12-01: v = 109.25
    question: '巴西上季度客单价多少',
    language: 'zh',
    reading: '客单价 = AOV (gross bookings / paid orders with subtotal > 0) of buyers in Brazil (BR), paid in [2026-07-01, 2026-10-01).',
    shape: 'scalar',
    sql: `SELECT ${AOV} AS v ${SALES} AND ${NONZERO} AND l.country_cd = $3 AND ${PAID_WITHIN}`,
    params: ['2026-07-01', '2026-10-01', 'BR'],
  },
  {
    // baton_courses 2026-12-01: k = ['Learnloop Originals'] (113576.12, next Beatriz Oliveira #55 102052.05)
    question: '最好的讲师是谁？',
    language: 'zh',
    reading:
      "No metric named: revenue (line revenue) per instructor (the catalog's instructor label), no period: all of the data; the highest.",
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${INSTRUCTOR} AS k, sum(ol.price_usd) AS v ${LINES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_courses 2026-12-01: 2026-01 951, 02 701, 03 764, 04 722, 05 718, 06 661, 07 788, 08 928, 09 1216, 10 978, 11 949
    question: '今年每个月的新注册用户数',
    language: 'zh',
    reading: "New learners (accounts by signup_ts, test accounts out) per sign-up month, [2026-01-01, 2026-12-01), keyed 'YYYY-MM'.",
    shape: 'keyed',
    sql: `SELECT to_char(l.signup_ts, 'YYYY-MM') AS k, count(*) AS v FROM learners l WHERE NOT l.is_test AND l.signup_ts >= $1::timestamp AND l.signup_ts < $2::timestamp GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: iOS 1604, Android 1373
    question: '今年iOS和安卓的订单数对比一下',
    language: 'zh',
    reading:
      'Paid orders (PAID/REFUNDED, subtotal > 0, test learners out) on platforms iOS and Android, each on its own, paid in [2026-01-01, 2026-12-01).',
    shape: 'keyed',
    sql: `SELECT ${PLATFORM} AS k, count(*) AS v ${SALES} AND ${NONZERO} AND ${PAID_WITHIN} AND o.platform = ANY($3) GROUP BY 1`,
    params: ['2026-01-01', '2026-12-01', ['IOS', 'AND']],
  },
  {
    // baton_courses 2026-12-01: v = 0.1949
    question: '中文课程的完课率',
    language: 'zh',
    reading: 'Completion rate of enrollments in courses taught in Chinese (lang_cd ZH or zh-CN), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT ${COMPLETION_RATE} AS v ${COMPLETION} AND ${LANGUAGE} = 'Chinese'`,
  },
  {
    // baton_courses 2026-12-01: v = 1078
    question: '上个月有多少付费学员',
    language: 'zh',
    reading: 'Paying learners (distinct buyers with a paid order of subtotal > 0), paid in [2026-11-01, 2026-12-01).',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT o.lrnr_id) AS v ${SALES} AND ${NONZERO} AND ${PAID_WITHIN}`,
    params: ['2026-11-01', '2026-12-01'],
  },
  {
    // baton_courses 2026-12-01: v = 12071.90
    question: '去年支付宝的收入有多少？',
    language: 'zh',
    reading: 'Revenue of orders paid with Alipay (pay_mthd ALIPAY), paid in [2025-01-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT sum(o.sub_tot_usd) AS v ${SALES} AND o.pay_mthd = $3 AND ${PAID_WITHIN}`,
    params: ['2025-01-01', '2026-01-01', 'ALIPAY'],
  },
  {
    // baton_courses 2026-12-01: v = 3.8310
    question: '高级课程平均评分多少',
    language: 'zh',
    reading: 'Average stars of VISIBLE reviews of courses at level Advanced (ADV), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT avg(rv.rating) AS v ${REVIEWS} AND ${LEVEL} = 'Advanced'`,
  },
  {
    // baton_courses 2026-12-01: v = 0.1926
    question: '加密货币课程去年的退款率',
    language: 'zh',
    reading:
      'Cohort refund rate of the lines of courses in the subcategory Cryptocurrency & Blockchain, sales paid in [2025-01-01, 2026-01-01).',
    shape: 'scalar',
    sql: `SELECT ${REFUND_RATE} AS v ${LINES} AND ${SUBCATEGORY} = 'Cryptocurrency & Blockchain' AND ${PAID_WITHIN}`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_courses 2026-12-01: v = 5144
    question: '上个月月活多少？',
    language: 'zh',
    reading:
      '月活 = active learners (distinct learners with watch_min > 0, test and internal-account learners out), activity month November 2026.',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT e.lrnr_id) AS v ${ACTIVITY} AND la.activity_mth >= $1::date AND la.activity_mth < $2::date`,
    params: ['2026-11-01', '2026-12-01'],
  },
];
