/**
 * The Chinook "as users ask" suite: questions written the way business users ask them,
 * blind (the writer read catalogs/chinook.yaml, eval/chinook-cases.ts and eval/as-users-ask/demo.ts,
 * never the question parser, and did not run Baton on them). Each expected answer is hand-written
 * SQL against the Chinook tables (invoice, invoice_line, customer, employee, track, album, artist,
 * genre, media_type), following the catalog's metric definitions exactly. Same format as demo.ts.
 *
 * Readings:
 *   - no period named: all of the data (2021-01-01 .. 2025-12-22), no time window.
 *   - named periods are half-open windows on invoice.invoice_date (lines take their invoice's date):
 *     a year [Jan 1, next Jan 1), a quarter [first day, first day of the next quarter).
 *     "last year"/去年 against today = 2026-11-30 is 2025, which holds data.
 *   - "best"/"top"/"worst"/卖得最好/业绩最差/头号 with no metric named, and "who bought the most"/买得最多:
 *     revenue, the catalog's primary_metric. By customer, country, city or support rep it is invoice level
 *     (SUM(invoice.total)); by genre, artist, album or media type it is line level
 *     (SUM(invoice_line.unit_price * invoice_line.quantity), the catalog's track_revenue), because an invoice
 *     holds tracks of several genres. Where a count reading (tracks sold) would give another answer or a tie,
 *     the comment says so.
 *   - synonyms: sales/takings/turnover/营业额/收入/销售额 = revenue; clients/buyers/顾客 = customers
 *     (a count of them is buying_customers, COUNT(DISTINCT invoice.customer_id)); songs/tracks/曲目/歌 =
 *     invoice lines (a count of them sold is tracks_sold, SUM(quantity)); markets/市场 = customer.country;
 *     歌手 = artist; file format = media type; 视频 = the media type 'Protected MPEG-4 video file'.
 *   - a track is labelled by its name (the catalog's track dimension is track.name), so tracks of the
 *     same name on several albums add up under one label.
 *   - "least popular" with no metric named: revenue, like "worst"; the question chosen here (media type)
 *     has the same answer by tracks sold.
 *   - shares are fractions between 0 and 1 (not percentages), of the same metric over all of the data:
 *     by country invoice level, by genre or media type line level (both grains total 2328.60).
 *   - periods as keys (a "which year"/"which quarter" ranking over all of the data) are written
 *     '2025' and '2023-Q4', as eval/chinook-cases.ts writes them.
 *   - rankings leave out members with no sales (a genre or artist that never sold is not ranked at zero);
 *     none of the rankings chosen here depends on that, except where a comment says so. Every ranking was
 *     checked for ties across its cut (none falls inside a tie).
 *
 * Shapes: 'scalar' one row, column v; 'keyed' columns k, v; 'ranked' column k in order, first n rows.
 *
 * The values in the comments are what the SQL returned on baton_chinook (lerocha/chinook-database 1.4.5,
 * 412 invoices, 2240 lines) on 2026-12-01; they are a record, not the expectation.
 */

/** Invoices with their customer and the customer's support rep: the invoice-level grain. */
const INVOICES = `FROM invoice i JOIN customer c ON c.customer_id = i.customer_id LEFT JOIN employee e ON e.employee_id = c.support_rep_id`;
/** Invoice lines with everything a line reaches: the line-level grain. */
const LINES = `FROM invoice_line l JOIN invoice i ON i.invoice_id = l.invoice_id JOIN customer c ON c.customer_id = i.customer_id
  JOIN track t ON t.track_id = l.track_id JOIN album al ON al.album_id = t.album_id JOIN artist ar ON ar.artist_id = al.artist_id
  JOIN genre g ON g.genre_id = t.genre_id JOIN media_type mt ON mt.media_type_id = t.media_type_id`;
/** Line-level money: the catalog's track_revenue. */
const LINE_MONEY = `sum(l.unit_price * l.quantity)`;
/** Half-open window on the invoice date, on parameters $1 and $2. */
const WITHIN = `i.invoice_date >= $1::timestamp AND i.invoice_date < $2::timestamp`;
/** The customer's full name, as the catalog's customer dimension writes it. */
const CUSTOMER = `c.first_name || ' ' || c.last_name`;
/** The support rep's full name, as the catalog's support_rep dimension writes it. */
const SUPPORT_REP = `e.first_name || ' ' || e.last_name`;

export const CHINOOK_AS_USERS_ASK: {
  question: string;
  language: 'en' | 'zh';
  reading: string;
  shape: 'scalar' | 'keyed' | 'ranked';
  sql: string;
  params?: unknown[];
  n?: number;
}[] = [
  // ================================================================ English
  // ---------------------------------------------------------------- no period, verb forms, synonyms
  {
    // baton_chinook 2026-12-01: v = 2328.60
    question: 'How much have we sold?',
    language: 'en',
    reading: 'Revenue (SUM(invoice.total)), no period: all of the data, no time window.',
    shape: 'scalar',
    sql: `SELECT sum(i.total) AS v ${INVOICES}`,
  },
  {
    // baton_chinook 2026-12-01: v = 303.96
    question: "What's our turnover in Canada?",
    language: 'en',
    reading: 'Turnover = revenue (SUM(invoice.total)) of customers whose country is Canada, no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT sum(i.total) AS v ${INVOICES} WHERE c.country = $1`,
    params: ['Canada'],
  },
  {
    // baton_chinook 2026-12-01: k = ['Helena Holý'] (49.62, next Richard Cunningham 47.62).
    // By tracks bought every customer ties at 38, so only money tells them apart.
    question: 'Who bought the most from us?',
    language: 'en',
    reading: 'Revenue (SUM(invoice.total)) per customer (first and last name), no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${CUSTOMER} AS k, sum(i.total) AS v ${INVOICES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_chinook 2026-12-01: k = ['The Trooper'] (5 sold, next four names at 4). The 5 are five tracks named
    // The Trooper on different Iron Maiden albums, one sold each; by track id the top is a tie of many tracks at 2.
    // By track revenue the first is The Trooper too (4.95, next 3.98).
    question: 'Which tracks went out most?',
    language: 'en',
    reading:
      "Tracks sold (SUM(invoice_line.quantity)) per track, labelled by track name (the catalog's track dimension), no period: all of the data; the first one.",
    shape: 'ranked',
    n: 1,
    sql: `SELECT t.name AS k, sum(l.quantity) AS v ${LINES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_chinook 2026-12-01: v = 59 (every customer has bought)
    question: 'How many clients have bought from us?',
    language: 'en',
    reading: 'Buying customers: COUNT(DISTINCT invoice.customer_id), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT i.customer_id) AS v ${INVOICES}`,
  },
  // ---------------------------------------------------------------- shares
  {
    // baton_chinook 2026-12-01: v = 0.3550 (826.65 / 2328.60)
    question: 'What share of revenue came from Rock?',
    language: 'en',
    reading:
      'Line-level revenue (SUM(unit_price * quantity)) of tracks of genre Rock divided by all line-level revenue, no period: all of the data; a fraction.',
    shape: 'scalar',
    sql: `SELECT ${LINE_MONEY} FILTER (WHERE g.name = $1) / ${LINE_MONEY} AS v ${LINES}`,
    params: ['Rock'],
  },
  {
    // baton_chinook 2026-12-01: MPEG audio file 0.8401, Protected MPEG-4 video file 0.0949,
    // Protected AAC audio file 0.0621, Purchased AAC audio file 0.0017, AAC audio file 0.0013
    question: 'What share of our takings does each file format bring in?',
    language: 'en',
    reading:
      'Line-level revenue per media type divided by all line-level revenue, no period: all of the data; fractions keyed by media type name.',
    shape: 'keyed',
    sql: `SELECT mt.name AS k, ${LINE_MONEY} / sum(${LINE_MONEY}) OVER () AS v ${LINES} GROUP BY 1`,
  },
  // ---------------------------------------------------------------- losses and bottoms
  {
    // baton_chinook 2026-12-01: k = ['Puja Srivastava'] (36.64, next several at 37.62)
    question: 'Which customer spent the least with us?',
    language: 'en',
    reading:
      'Revenue (SUM(invoice.total)) per customer (first and last name), no period: all of the data; the lowest one (every customer has bought).',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${CUSTOMER} AS k, sum(i.total) AS v ${INVOICES} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_chinook 2026-12-01: k = ['AAC audio file'] (2.97, next Purchased AAC audio file 3.96);
    // by tracks sold the same (3, next 4). All five media types have sold.
    question: "What's our least popular media type?",
    language: 'en',
    reading: 'No metric named: line-level revenue (SUM(unit_price * quantity)) per media type, no period: all of the data; the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT mt.name AS k, ${LINE_MONEY} AS v ${LINES} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_chinook 2026-12-01: k = ['2023-Q4'] (99.00, next 2025-Q1 102.96)
    question: 'What was our worst quarter?',
    language: 'en',
    reading:
      'No metric named: revenue (SUM(invoice.total)) per calendar quarter of the invoice date, over all of the data (a \'which quarter\' question has no window); the lowest one, keyed YYYY-"Q"Q.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT to_char(date_trunc('quarter', i.invoice_date), 'YYYY-"Q"Q') AS k, sum(i.total) AS v ${INVOICES} GROUP BY 1 ORDER BY v ASC`,
  },
  // ---------------------------------------------------------------- best / top with no metric named
  {
    // baton_chinook 2026-12-01: k = ['Iron Maiden'] (138.60, next U2 105.93)
    question: "Who's our top artist?",
    language: 'en',
    reading: 'No metric named: line-level revenue (SUM(unit_price * quantity)) per artist, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ar.name AS k, ${LINE_MONEY} AS v ${LINES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_chinook 2026-12-01: k = ['USA'] (523.06, next Canada 303.96)
    question: 'Which market is our best?',
    language: 'en',
    reading: 'No metric named: revenue (SUM(invoice.total)) per customer country, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT c.country AS k, sum(i.total) AS v ${INVOICES} GROUP BY 1 ORDER BY v DESC`,
  },
  // ---------------------------------------------------------------- named periods
  {
    // baton_chinook 2026-12-01: v = 46
    question: 'How many buyers did we have last year?',
    language: 'en',
    reading: 'Buying customers (COUNT(DISTINCT invoice.customer_id)) with an invoice in 2025 (last year against 2026-11-30).',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT i.customer_id) AS v ${INVOICES} WHERE ${WITHIN}`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_chinook 2026-12-01: v = 112.86
    question: 'What were our takings in Q2 2024?',
    language: 'en',
    reading: 'Takings = revenue (SUM(invoice.total)) with invoice_date in [2024-04-01, 2024-07-01).',
    shape: 'scalar',
    sql: `SELECT sum(i.total) AS v ${INVOICES} WHERE ${WITHIN}`,
    params: ['2024-04-01', '2024-07-01'],
  },
  {
    // baton_chinook 2026-12-01: v = 442
    question: 'How many songs did we sell in 2023?',
    language: 'en',
    reading: 'Tracks sold (SUM(invoice_line.quantity)) on invoices dated in [2023-01-01, 2024-01-01).',
    shape: 'scalar',
    sql: `SELECT sum(l.quantity) AS v ${LINES} WHERE ${WITHIN}`,
    params: ['2023-01-01', '2024-01-01'],
  },

  // ================================================================ Chinese
  // ---------------------------------------------------------------- no period, verb forms, synonyms
  {
    // baton_chinook 2026-12-01: v = 826.65
    question: '摇滚乐卖了多少钱',
    language: 'zh',
    reading: 'Line-level revenue (SUM(unit_price * quantity)) of tracks of genre Rock, no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT ${LINE_MONEY} AS v ${LINES} WHERE g.name = $1`,
    params: ['Rock'],
  },
  {
    // baton_chinook 2026-12-01: v = 2328.60
    question: '营业额是多少？',
    language: 'zh',
    reading: '营业额 = revenue (SUM(invoice.total)), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT sum(i.total) AS v ${INVOICES}`,
  },
  {
    // baton_chinook 2026-12-01: k = ['Prague'] (90.24, next Mountain View and Paris 77.24).
    // By tracks bought Prague ties with five other cities at 76, so only money tells them apart.
    question: '哪个城市的顾客买得最多',
    language: 'zh',
    reading: 'Revenue (SUM(invoice.total)) per customer city, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT c.city AS k, sum(i.total) AS v ${INVOICES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_chinook 2026-12-01: v = 156.48
    question: '德国客户花了多少钱',
    language: 'zh',
    reading: 'Revenue (SUM(invoice.total)) of customers whose country is Germany, no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT sum(i.total) AS v ${INVOICES} WHERE c.country = $1`,
    params: ['Germany'],
  },
  {
    // baton_chinook 2026-12-01: 24 countries, e.g. USA 0.2246, Canada 0.1305, France 0.0838, Brazil 0.0816,
    // Germany 0.0672, ... , Argentina 0.0162 (they sum to 1)
    question: '各国家的销售额占比',
    language: 'zh',
    reading:
      'Revenue (SUM(invoice.total)) per customer country divided by all revenue, no period: all of the data; fractions keyed by country.',
    shape: 'keyed',
    sql: `SELECT c.country AS k, sum(i.total) / sum(sum(i.total)) OVER () AS v ${INVOICES} GROUP BY 1`,
  },
  // ---------------------------------------------------------------- shares
  {
    // baton_chinook 2026-12-01: v = 0.1641 (382.14 / 2328.60)
    question: '拉丁音乐的收入占比是多少',
    language: 'zh',
    reading: 'Line-level revenue of tracks of genre Latin divided by all line-level revenue, no period: all of the data; a fraction.',
    shape: 'scalar',
    sql: `SELECT ${LINE_MONEY} FILTER (WHERE g.name = $1) / ${LINE_MONEY} AS v ${LINES}`,
    params: ['Latin'],
  },
  {
    // baton_chinook 2026-12-01: v = 0.0949 (220.89 / 2328.60)
    question: '视频带来的收入占多少比例',
    language: 'zh',
    reading:
      "Line-level revenue of tracks of media type 'Protected MPEG-4 video file' (the only video format) divided by all line-level revenue, no period: all of the data; a fraction.",
    shape: 'scalar',
    sql: `SELECT ${LINE_MONEY} FILTER (WHERE mt.name = $1) / ${LINE_MONEY} AS v ${LINES}`,
    params: ['Protected MPEG-4 video file'],
  },
  // ---------------------------------------------------------------- losses and bottoms
  {
    // baton_chinook 2026-12-01: k = ['Steve Johnson'] (720.16, next Margaret Park 775.40);
    // the same by orders (126) and by customers (18)
    question: '哪个销售代表的业绩最差',
    language: 'zh',
    reading:
      "No metric named (业绩): revenue (SUM(invoice.total)) per customer's support rep (first and last name), no period: all of the data; the lowest one.",
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${SUPPORT_REP} AS k, sum(i.total) AS v ${INVOICES} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_chinook 2026-12-01: k = ['2025'] (80 orders; 2021..2024 have 83 each)
    question: '哪一年的订单最少',
    language: 'zh',
    reading: 'Orders (COUNT of invoices) per calendar year of the invoice date, over all of the data; the lowest one, keyed YYYY.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT to_char(date_trunc('year', i.invoice_date), 'YYYY') AS k, count(*) AS v ${INVOICES} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_chinook 2026-12-01: k = ['AAC audio file', 'Purchased AAC audio file'] (2.97, 3.96; next Protected AAC audio file 144.54)
    question: '收入倒数两名的媒体类型',
    language: 'zh',
    reading: 'Line-level revenue (SUM(unit_price * quantity)) per media type, no period: all of the data; the two lowest, lowest first.',
    shape: 'ranked',
    n: 2,
    sql: `SELECT mt.name AS k, ${LINE_MONEY} AS v ${LINES} GROUP BY 1 ORDER BY v ASC`,
  },
  // ---------------------------------------------------------------- best / top with no metric named
  {
    // baton_chinook 2026-12-01: k = ['Battlestar Galactica (Classic), Season 1'] (35.82, next The Office, Season 3 31.84).
    // By tracks sold the first would be Minha Historia (27): the no-metric reading (revenue) decides.
    question: '卖得最好的专辑是哪张',
    language: 'zh',
    reading:
      'No metric named: line-level revenue (SUM(unit_price * quantity)) per album title, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT al.title AS k, ${LINE_MONEY} AS v ${LINES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_chinook 2026-12-01: k = ['Helena Holý'] (49.62, next Richard Cunningham 47.62)
    question: '我们的头号客户是谁',
    language: 'zh',
    reading:
      'No metric named: revenue (SUM(invoice.total)) per customer (first and last name), no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${CUSTOMER} AS k, sum(i.total) AS v ${INVOICES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_chinook 2026-12-01: k = ['Iron Maiden', 'U2', 'Metallica', 'Led Zeppelin', 'Os Paralamas Do Sucesso']
    // (140, 107, 91, 87, 45; next Deep Purple 44). By track revenue the fifth would be Lost (81.59), a TV series.
    question: '卖出曲目最多的五个歌手',
    language: 'zh',
    reading: 'Tracks sold (SUM(invoice_line.quantity)) per artist, no period: all of the data; the five highest, in order.',
    shape: 'ranked',
    n: 5,
    sql: `SELECT ar.name AS k, sum(l.quantity) AS v ${LINES} GROUP BY 1 ORDER BY v DESC`,
  },
  // ---------------------------------------------------------------- named periods
  {
    // baton_chinook 2026-12-01: k = ['USA'] (85.14, next Canada 72.27)
    question: '去年收入最高的市场是哪个',
    language: 'zh',
    reading: 'Revenue (SUM(invoice.total)) per customer country with invoice_date in 2025 (去年 against 2026-11-30); the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT c.country AS k, sum(i.total) AS v ${INVOICES} WHERE ${WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_chinook 2026-12-01: v = 114
    question: '2024年第四季度卖了多少首歌',
    language: 'zh',
    reading: 'Tracks sold (SUM(invoice_line.quantity)) on invoices dated in [2024-10-01, 2025-01-01).',
    shape: 'scalar',
    sql: `SELECT sum(l.quantity) AS v ${LINES} WHERE ${WITHIN}`,
    params: ['2024-10-01', '2025-01-01'],
  },
];
