/**
 * The demo shop "as users ask" suite: questions written the way business users ask them,
 * blind (the writer read catalogs/demo.yaml and the eval question lists, never the question
 * parser, and did not run Baton on them). Each expected answer is hand-written SQL against
 * the real tables (orders, users, categories, order_items), following the catalog's metric
 * definitions exactly. See BRIEF.md.
 *
 * Readings:
 *   - no period named: all of the data, i.e. every row that passes the metric's own filters
 *     (for GMV, paid orders and buyers: status = 'paid' AND amount > 0), with no time window.
 *     This keeps the 41 seeded paid orders without a pay time: no window, so nothing drops them
 *     (on the 2026-12-01 seed they hold 12267.82 of GMV; a reading that requires a pay time would differ by that).
 *   - "last month": the calendar month before the current one in business time (Asia/Shanghai),
 *     on the metric's time field (pay_time for the money and order metrics); never a hard-coded month.
 *   - "best"/"top"/"worst"/卖得最好/表现最差 with no metric named: GMV, the catalog's main money metric.
 *   - the catalog has no customer dimension; "best customer"/最大的客户 ranks users by GMV and the
 *     label is the user_id as text.
 *   - shares are fractions between 0 and 1 (not percentages).
 *   - rankings by category leave out orders without a category (a missing category is not a category).
 *
 * Shapes: 'scalar' one row, column v; 'keyed' columns k, v; 'ranked' column k in order, first n rows;
 * 'quality' columns t (table), k (the catalog check's description), v (offending rows): one row for a
 * named problem, or one row per failing check (v > 0) for "what is wrong" questions (zero rows: nothing fails).
 *
 * The values in the comments are what the SQL returned on a seed made on 2026-12-01 (data 2025-11 .. 2026-11);
 * they are a record, not the expectation: the seed moves with today's date.
 */

/** The filters every paid-order metric of the catalog carries (gmv, orders, buyers, aov, repurchase_rate, items_sold). */
const PAID = `o.status = 'paid' AND o.amount > 0`;
/** The calendar month before the current one, business-local, on a column. */
const LAST_MONTH = (column: string) =>
  `${column} >= date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai') - interval '1 month' AND ${column} < date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai')`;
/** The catalog's customer_type, on pay time. */
const CUSTOMER_TYPE = `CASE WHEN date_trunc('month', u.first_order_at) = date_trunc('month', o.pay_time) THEN 'new' ELSE 'returning' END`;
/** The catalog's checks on orders, one row each: table, description, offending rows. */
const ORDER_CHECKS = `SELECT t, k, v FROM (VALUES
  ('orders', 'negative order amounts', (SELECT count(*) FROM orders WHERE amount < 0)),
  ('orders', 'paid orders without a pay time', (SELECT count(*) FROM orders WHERE status = 'paid' AND pay_time IS NULL)),
  ('orders', 'orders without a category', (SELECT count(*) FROM orders WHERE category_id IS NULL)),
  ('orders', 'paid before they were placed', (SELECT count(*) FROM orders WHERE pay_time < order_time)),
  ('orders', 'orders placed in the future', (SELECT count(*) FROM orders WHERE order_time > now() AT TIME ZONE 'Asia/Shanghai'))
) x(t, k, v)`;
const USER_CHECKS = `SELECT t, k, v FROM (VALUES
  ('users', 'users without a region', (SELECT count(*) FROM users WHERE region IS NULL)),
  ('users', 'users registered in the future', (SELECT count(*) FROM users WHERE registered_at > now() AT TIME ZONE 'Asia/Shanghai'))
) x(t, k, v)`;

export const DEMO_AS_USERS_ASK: {
  question: string;
  language: 'en' | 'zh';
  reading: string;
  shape: 'scalar' | 'keyed' | 'ranked' | 'quality';
  sql: string;
  params?: unknown[];
  n?: number;
}[] = [
  // ---------------------------------------------------------------- no period: all of the data
  {
    // seed 2026-12-01: v = 20772625.22
    question: "What's our GMV?",
    language: 'en',
    reading: 'GMV (sum of amount of paid orders with amount > 0), no period: all of the data, no time window.',
    shape: 'scalar',
    sql: `SELECT sum(o.amount) AS v FROM orders o WHERE ${PAID}`,
  },
  {
    // seed 2026-12-01: v = 68508
    question: 'How many paid orders do we have?',
    language: 'en',
    reading: 'Paid orders (count of orders with status paid and amount > 0), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT count(*) AS v FROM orders o WHERE ${PAID}`,
  },
  {
    // seed 2026-12-01: v = 303.2146
    question: '客单价是多少？',
    language: 'zh',
    reading: 'AOV = GMV / paid orders over paid orders with amount > 0, no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT sum(o.amount) / count(*) AS v FROM orders o WHERE ${PAID}`,
  },
  {
    // seed 2026-12-01: v = 0.8647
    question: '复购率是多少',
    language: 'zh',
    reading:
      'Repurchase rate, no period: over all of the data, the share of buyers (users with a paid order, amount > 0) who have two or more such orders.',
    shape: 'scalar',
    sql: `SELECT avg((n >= 2)::int) AS v FROM (SELECT o.user_id, count(*) AS n FROM orders o WHERE ${PAID} GROUP BY 1) x`,
  },
  // ---------------------------------------------------------------- verb forms
  {
    // seed 2026-12-01: v = 189273
    question: 'How many items did we sell?',
    language: 'en',
    reading: 'Items sold: sum of order_items.quantity over lines of paid orders with amount > 0, no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT sum(i.quantity) AS v FROM order_items i JOIN orders o ON o.order_id = i.order_id WHERE ${PAID}`,
  },
  {
    // seed 2026-12-01: v = 2980711.75 (pay month 2026-11)
    question: 'How much did we sell last month?',
    language: 'en',
    reading: 'GMV (paid, amount > 0) with pay_time in the previous calendar month (Asia/Shanghai).',
    shape: 'scalar',
    sql: `SELECT sum(o.amount) AS v FROM orders o WHERE ${PAID} AND ${LAST_MONTH('o.pay_time')}`,
  },
  {
    // seed 2026-12-01: k = ['returning'] (returning 12280276.70, new 8492348.52)
    question: 'Who bought the most from us, new or returning customers?',
    language: 'en',
    reading:
      "GMV (paid, amount > 0) by customer type (new when the pay month is the user's first paid order month, else returning), no period: all of the data; the one with the larger GMV.",
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${CUSTOMER_TYPE} AS k, sum(o.amount) AS v FROM orders o JOIN users u ON u.user_id = o.user_id WHERE ${PAID} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // seed 2026-12-01: v = 9438319.69
    question: '数码品类一共卖了多少钱',
    language: 'zh',
    reading: 'GMV (paid, amount > 0) of orders whose category is 数码, all of the data.',
    shape: 'scalar',
    sql: `SELECT sum(o.amount) AS v FROM orders o JOIN categories c ON c.category_id = o.category_id WHERE ${PAID} AND c.name = $1`,
    params: ['数码'],
  },
  {
    // seed 2026-12-01: v = 21319
    question: '有多少用户买过东西？',
    language: 'zh',
    reading: 'Buyers: distinct users with at least one paid order with amount > 0, no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT o.user_id) AS v FROM orders o WHERE ${PAID}`,
  },
  {
    // seed 2026-12-01: v = 7749 (pay month 2026-11)
    question: '上个月成交了多少单',
    language: 'zh',
    reading: 'Paid orders (status paid, amount > 0) with pay_time in the previous calendar month (Asia/Shanghai).',
    shape: 'scalar',
    sql: `SELECT count(*) AS v FROM orders o WHERE ${PAID} AND ${LAST_MONTH('o.pay_time')}`,
  },
  // ---------------------------------------------------------------- shares
  {
    // seed 2026-12-01: v = 0.2927
    question: 'What share of GMV came from 华东?',
    language: 'en',
    reading: 'GMV of users in region 华东 divided by total GMV (both paid, amount > 0), no period: all of the data; a fraction.',
    shape: 'scalar',
    sql: `SELECT sum(o.amount) FILTER (WHERE u.region = $1) / sum(o.amount) AS v FROM orders o JOIN users u ON u.user_id = o.user_id WHERE ${PAID}`,
    params: ['华东'],
  },
  {
    // seed 2026-12-01: v = 0.4088
    question: 'What percentage of our sales came from new customers?',
    language: 'en',
    reading:
      "GMV of customer type new (pay month = month of the user's first paid order) divided by total GMV, no period: all of the data; a fraction.",
    shape: 'scalar',
    sql: `SELECT sum(o.amount) FILTER (WHERE ${CUSTOMER_TYPE} = 'new') / sum(o.amount) AS v FROM orders o JOIN users u ON u.user_id = o.user_id WHERE ${PAID}`,
  },
  {
    // seed 2026-12-01: 华东 0.2930, 华北 0.2215, 华南 0.2247, 西南 0.1416, 东北 0.1192
    question: 'Show the share of orders by region',
    language: 'en',
    reading:
      'Paid orders (status paid, amount > 0) per user region divided by all paid orders, no period: all of the data; fractions keyed by region.',
    shape: 'keyed',
    sql: `SELECT u.region AS k, count(*)::numeric / sum(count(*)) OVER () AS v FROM orders o JOIN users u ON u.user_id = o.user_id WHERE ${PAID} GROUP BY 1`,
  },
  {
    // seed 2026-12-01: app 0.5081, mini_program 0.2480, web 0.1953, referral 0.0486
    question: '各渠道GMV占比',
    language: 'zh',
    reading:
      'GMV (paid, amount > 0) per registration channel (users.channel) divided by total GMV, no period: all of the data; fractions keyed by channel.',
    shape: 'keyed',
    sql: `SELECT u.channel AS k, sum(o.amount) / sum(sum(o.amount)) OVER () AS v FROM orders o JOIN users u ON u.user_id = o.user_id WHERE ${PAID} GROUP BY 1`,
  },
  {
    // seed 2026-12-01: v = 0.2238
    question: '华南的销售额占比是多少',
    language: 'zh',
    reading: 'GMV of users in region 华南 divided by total GMV, no period: all of the data; a fraction.',
    shape: 'scalar',
    sql: `SELECT sum(o.amount) FILTER (WHERE u.region = $1) / sum(o.amount) AS v FROM orders o JOIN users u ON u.user_id = o.user_id WHERE ${PAID}`,
    params: ['华南'],
  },
  // ---------------------------------------------------------------- losses and bottoms
  {
    // seed 2026-12-01: k = ['图书'] (图书 5407.57, next 食品 80392.16; pay month 2026-11)
    question: 'Which category had the lowest GMV last month?',
    language: 'en',
    reading:
      'GMV (paid, amount > 0) per order category with pay_time in the previous calendar month (Asia/Shanghai), orders without a category left out; the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT c.name AS k, sum(o.amount) AS v FROM orders o JOIN categories c ON c.category_id = o.category_id WHERE ${PAID} AND ${LAST_MONTH('o.pay_time')} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // seed 2026-12-01: k = ['东北'] (东北 298.82, next 华南 301.90: a narrow margin)
    question: 'Worst region by AOV',
    language: 'en',
    reading: 'AOV (GMV / paid orders, paid and amount > 0) per user region, no period: all of the data; the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT u.region AS k, sum(o.amount) / count(*) AS v FROM orders o JOIN users u ON u.user_id = o.user_id WHERE ${PAID} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // seed 2026-12-01: k = ['东北'] (东北 2439851.65, next 西南 2974960.13)
    question: '哪个区域表现最差',
    language: 'zh',
    reading: 'No metric named: GMV (paid, amount > 0) per user region, no period: all of the data; the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT u.region AS k, sum(o.amount) AS v FROM orders o JOIN users u ON u.user_id = o.user_id WHERE ${PAID} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // seed 2026-12-01: k = ['图书', '食品'] (207496.34, 781884.99; next 母婴 1268720.06)
    question: '销售额最低的两个品类',
    language: 'zh',
    reading:
      'GMV (paid, amount > 0) per order category, orders without a category left out, no period: all of the data; the two lowest, lowest first.',
    shape: 'ranked',
    n: 2,
    sql: `SELECT c.name AS k, sum(o.amount) AS v FROM orders o JOIN categories c ON c.category_id = o.category_id WHERE ${PAID} GROUP BY 1 ORDER BY v ASC`,
  },
  // ---------------------------------------------------------------- best / top with no metric named
  {
    // seed 2026-12-01: k = ['25550'] (9493.12, next 25382 8284.86)
    question: 'Who is our best customer?',
    language: 'en',
    reading:
      'No metric named: GMV (paid, amount > 0) per user (the catalog has no customer dimension: the label is user_id), no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT o.user_id::text AS k, sum(o.amount) AS v FROM orders o WHERE ${PAID} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // seed 2026-12-01: k = ['数码'] (9438319.69, next 服饰 2950524.52)
    question: 'What is our top category?',
    language: 'en',
    reading:
      'No metric named: GMV (paid, amount > 0) per order category, orders without a category left out, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT c.name AS k, sum(o.amount) AS v FROM orders o JOIN categories c ON c.category_id = o.category_id WHERE ${PAID} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // seed 2026-12-01: k = ['数码'] (9438319.69, next 服饰 2950524.52)
    question: '卖得最好的品类是哪个',
    language: 'zh',
    reading:
      'No metric named: GMV (paid, amount > 0) per order category, orders without a category left out, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT c.name AS k, sum(o.amount) AS v FROM orders o JOIN categories c ON c.category_id = o.category_id WHERE ${PAID} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // seed 2026-12-01: k = ['25550'] (9493.12, next 25382 8284.86)
    question: '我们最大的客户是谁',
    language: 'zh',
    reading: 'No metric named: GMV (paid, amount > 0) per user (label user_id), no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT o.user_id::text AS k, sum(o.amount) AS v FROM orders o WHERE ${PAID} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // seed 2026-12-01: k = ['华东'] (6080385.31, next 华南 4647995.35)
    question: '哪个区域的销售最好',
    language: 'zh',
    reading: 'GMV (paid, amount > 0) per user region, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT u.region AS k, sum(o.amount) AS v FROM orders o JOIN users u ON u.user_id = o.user_id WHERE ${PAID} GROUP BY 1 ORDER BY v DESC`,
  },
  // ---------------------------------------------------------------- data quality
  {
    // seed 2026-12-01: negative order amounts 37, orders without a category 29, paid orders without a pay time 41
    question: 'Is anything wrong with the orders data?',
    language: 'en',
    reading: "Data quality of table orders: the catalog's orders checks that fail, each with its count of offending rows.",
    shape: 'quality',
    sql: `${ORDER_CHECKS} WHERE v > 0 ORDER BY k`,
  },
  {
    // seed 2026-12-01: negative order amounts 37, orders without a category 29, paid orders without a pay time 41
    question: '订单数据有什么问题？',
    language: 'zh',
    reading: "Data quality of table orders: the catalog's orders checks that fail, each with its count of offending rows.",
    shape: 'quality',
    sql: `${ORDER_CHECKS} WHERE v > 0 ORDER BY k`,
  },
  {
    // seed 2026-12-01: orders / paid orders without a pay time / 41 (pay_time IS NULL over every status would be 4003,
    // almost all of them cancelled orders that were never paid)
    question: 'How many orders have no pay time?',
    language: 'en',
    reading:
      "The named problem is the catalog's check 'paid orders without a pay time' on orders: status = 'paid' AND pay_time IS NULL. Cancelled orders are never paid, so their empty pay time is not a problem.",
    shape: 'quality',
    sql: `${ORDER_CHECKS} WHERE k = 'paid orders without a pay time'`,
  },
  {
    // seed 2026-12-01: orders / negative order amounts / 37
    question: 'Are there any orders with a negative amount?',
    language: 'en',
    reading: "The catalog's check 'negative order amounts' on orders: amount < 0, any status; the count.",
    shape: 'quality',
    sql: `${ORDER_CHECKS} WHERE k = 'negative order amounts'`,
  },
  {
    // seed 2026-12-01: orders / orders without a category / 29
    question: '有多少订单缺少品类',
    language: 'zh',
    reading: "The catalog's check 'orders without a category' on orders: category_id IS NULL, any status; the count.",
    shape: 'quality',
    sql: `${ORDER_CHECKS} WHERE k = 'orders without a category'`,
  },
  {
    // seed 2026-12-01: no rows (both users checks pass)
    question: '用户数据有没有问题',
    language: 'zh',
    reading: "Data quality of table users: the catalog's users checks that fail (none expected on a fresh seed), each with its count.",
    shape: 'quality',
    sql: `${USER_CHECKS} WHERE v > 0 ORDER BY k`,
  },
];
