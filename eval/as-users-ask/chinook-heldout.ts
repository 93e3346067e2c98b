/**
 * A held-out Chinook "as users ask" set: questions written the way people at the music store ask them (a label
 * manager, a finance person, a support-team lead, a marketing person), written blind by a helper that read only
 * catalogs/chinook.yaml, docs/catalog.md, and eval/as-users-ask/rental.ts and the Question type of
 * eval/as-users-ask-cases.ts for the format; never Baton's code, its tests, the other question sets, and it did not
 * run Baton on them. Each expected answer is hand-written SQL against the raw tables (invoice, invoice_line,
 * customer, employee, track, album, artist, genre, media_type), following catalogs/chinook.yaml's metric
 * definitions exactly. Same format as eval/as-users-ask/rental.ts.
 *
 * Readings:
 *   - the data runs from 2021-01-01 to 2025-12-22 (412 invoices); today is 2026-01-01, the day after the last
 *     invoice's month ends: "last month"/上个月 = December 2025, [2025-12-01, 2026-01-01); "last year"/去年 = 2025,
 *     [2025-01-01, 2026-01-01); "last quarter"/上个季度 = Q4 2025, [2025-10-01, 2026-01-01). ("This year" would be
 *     2026, with no data: no question asks it.)
 *   - no period named (一共, "our"): all of the data, no time window.
 *   - named periods are half-open windows on invoice.invoice_date (the catalog's only time field; invoice lines take
 *     their invoice's date). A year [Jan 1, next Jan 1), a quarter [first day, first day of the next quarter), a
 *     month [1st, next 1st).
 *   - revenue = SUM(invoice.total) (invoice level), used for totals and for country, customer and support rep;
 *     by genre, artist, album or media type the money is track revenue, SUM(unit_price × quantity) of invoice lines
 *     (the catalog's finer metric; both add up to the same money). A share of genre or media type is track revenue
 *     of the group over all track revenue in the same window.
 *   - verbs and synonyms: "sell"/"sold"/卖了多少钱/"spend"/"spent"/"takings"/"turnover"/"income"/业绩/收入 = revenue
 *     (track revenue when the group is a genre, artist or media type); "bought the most songs"/卖了多少首歌 = tracks
 *     sold (SUM(quantity)); "shoppers"/买家 "who bought" = buying customers (COUNT(DISTINCT invoice.customer_id));
 *     "corporate customers" = business customers (buying customers whose customer.company is set); "orders" =
 *     COUNT(*) of invoices; 客单价 = aov (SUM(total) / COUNT(*)); "average price per song" = avg_track_price
 *     (track revenue / tracks sold); "format"/格式/媒体类型 = media_type.name; "bands"/谁的歌 = artist.name;
 *     "sales rep"/"support rep"/销售代表 = the customer's support rep (employee first_name || ' ' || last_name).
 *   - "German customers", "from the US", 法国/德国, Brazil/Canada: customer.country (the catalog's country
 *     dimension), values as the catalog writes them ('Germany', 'USA', ...).
 *   - "best"/"most"/"least popular"/卖得最好/卖得最差/买得最多 with no metric named: revenue, the catalog's
 *     primary_metric (track revenue for genre, artist, media type). Groups with no sales in the window are not
 *     ranked (Opera, one track never sold, has no sales at all: it is not the "least popular genre" here).
 *   - "which customers spent the most" ranks the catalog's customer dimension (first_name || ' ' || last_name).
 *   - a comparison of two members ("brazil vs canada", 法国和德国) is keyed by the members, each member's own value.
 *   - shares are fractions between 0 and 1 of the same metric over all rows in the same window.
 *   - month and quarter breakdowns are keyed 'YYYY-MM' (to_char(invoice_date, 'YYYY-MM')) and 'YYYY-Qn'
 *     (to_char(invoice_date, 'YYYY-"Q"Q')); only months/quarters with sales appear (every month of 2023-2025 has some).
 *   - questions the catalog cannot answer (profit, streams) are left out: the Question type has no shape for a
 *     clarification or a refusal.
 *   - every ranking was checked for ties across its cut and inside it; none falls inside a tie (the gaps are in the
 *     comments).
 *
 * Shapes: 'scalar' one row, column v; 'keyed' columns k, v; 'ranked' column k in order, first n rows.
 *
 * The values in the comments are what the SQL returned on baton_chinook (412 invoices, 2,240 invoice lines) on
 * 2026-01-01 as read above; they are a record, not the expectation.
 */

/** Invoices with their customer and the customer's support rep (invoice-level metrics). */
const INVOICES = `FROM invoice i JOIN customer c ON c.customer_id = i.customer_id LEFT JOIN employee e ON e.employee_id = c.support_rep_id`;
/** Invoice lines with their invoice, customer, track, genre, album, artist and media type (line-level metrics). */
const LINES = `FROM invoice_line l JOIN invoice i ON i.invoice_id = l.invoice_id JOIN customer c ON c.customer_id = i.customer_id
  JOIN track t ON t.track_id = l.track_id JOIN genre g ON g.genre_id = t.genre_id JOIN album al ON al.album_id = t.album_id
  JOIN artist ar ON ar.artist_id = al.artist_id JOIN media_type m ON m.media_type_id = t.media_type_id`;
/** Revenue (catalog metric revenue, invoice level). */
const REVENUE = `sum(i.total)`;
/** Track revenue (catalog metric track_revenue, line level). */
const TRACK_REVENUE = `sum(l.unit_price * l.quantity)`;
/** Tracks sold (catalog metric tracks_sold). */
const TRACKS_SOLD = `sum(l.quantity)`;
/** Average order value (catalog metric aov). */
const AOV = `sum(i.total) / count(*)`;
/** The catalog's customer dimension. */
const CUSTOMER = `c.first_name || ' ' || c.last_name`;
/** The catalog's support_rep dimension. */
const REP = `e.first_name || ' ' || e.last_name`;
/** Half-open window on the invoice date, on parameters $1 and $2. */
const DATED_WITHIN = `i.invoice_date >= $1::timestamp AND i.invoice_date < $2::timestamp`;

type Question = {
  question: string;
  language: 'en' | 'zh';
  reading: string;
  shape: 'scalar' | 'keyed' | 'ranked';
  sql: string;
  params?: unknown[];
  n?: number;
};

/** The held-out set's "today": the day after the last invoice's month ends (its relative periods are read against it). */
export const CHINOOK_HELDOUT_AS_OF = '2026-01-01';

export const CHINOOK_HELDOUT: Question[] = [
  // ================================================================ English
  // ---------------------------------------------------------------- totals, verbs, filters
  {
    // baton_chinook 2026-01-01: v = 450.58 (80 invoices)
    question: 'How much did we sell last year?',
    language: 'en',
    reading: 'Sell = revenue (SUM(invoice.total)), invoices dated in [2025-01-01, 2026-01-01) (last year).',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${INVOICES} WHERE ${DATED_WITHIN}`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_chinook 2026-01-01: v = 9.90 (2 invoices)
    question: 'how much did german customers spend last year',
    language: 'en',
    reading: "Spend = revenue of customers whose country is 'Germany', invoices dated in [2025-01-01, 2026-01-01) (last year).",
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${INVOICES} WHERE c.country = $3 AND ${DATED_WITHIN}`,
    params: ['2025-01-01', '2026-01-01', 'Germany'],
  },
  {
    // baton_chinook 2026-01-01: v = 3
    question: 'How many orders did we get from the US last month?',
    language: 'en',
    reading: "Orders (COUNT(*) of invoices) of customers whose country is 'USA', dated in [2025-12-01, 2026-01-01) (last month).",
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${INVOICES} WHERE c.country = $3 AND ${DATED_WITHIN}`,
    params: ['2025-12-01', '2026-01-01', 'USA'],
  },
  {
    // baton_chinook 2026-01-01: v = 19 (21 invoices in Q4 2025)
    question: 'How many shoppers bought something last quarter?',
    language: 'en',
    reading:
      'Shoppers who bought = buying customers (COUNT(DISTINCT invoice.customer_id)), invoices dated in [2025-10-01, 2026-01-01) (last quarter = Q4 2025).',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT i.customer_id) AS v ${INVOICES} WHERE ${DATED_WITHIN}`,
    params: ['2025-10-01', '2026-01-01'],
  },
  {
    // baton_chinook 2026-01-01: v = 8
    question: 'How many corporate customers bought from us in 2024?',
    language: 'en',
    reading:
      'Business customers (buying customers whose customer.company is set: COUNT(DISTINCT invoice.customer_id)), invoices dated in [2024-01-01, 2025-01-01).',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT i.customer_id) AS v ${INVOICES} WHERE c.company IS NOT NULL AND ${DATED_WITHIN}`,
    params: ['2024-01-01', '2025-01-01'],
  },
  {
    // baton_chinook 2026-01-01: v = 1.0396 (2328.60 over 2,240 tracks)
    question: "What's our average price per song?",
    language: 'en',
    reading: 'Average price per track sold (track revenue / tracks sold, over invoice lines), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT ${TRACK_REVENUE} / ${TRACKS_SOLD} AS v ${LINES}`,
  },
  // ---------------------------------------------------------------- shares and breakdowns
  {
    // baton_chinook 2026-01-01: v = 0.3400 (Rock 162.36 of 477.53; Rock And Roll, a separate genre, 1.98)
    question: 'What share of 2024 sales came from rock?',
    language: 'en',
    reading:
      "Track revenue of genre 'Rock' (not 'Rock And Roll') divided by all track revenue, invoices dated in [2024-01-01, 2025-01-01); a fraction.",
    shape: 'scalar',
    sql: `SELECT ${TRACK_REVENUE} FILTER (WHERE g.name = $3) / ${TRACK_REVENUE} AS v ${LINES} WHERE ${DATED_WITHIN}`,
    params: ['2024-01-01', '2025-01-01', 'Rock'],
  },
  {
    // baton_chinook 2026-01-01: Rock 162.36, Metal 65.34, Latin 63.36, Alternative & Punk 38.61, TV Shows 25.87,
    // Drama 17.91, Classical 16.83, Comedy 11.94, Sci Fi & Fantasy 11.94, R&B/Soul 9.90, Blues 8.91, Pop 7.92, Jazz 5.94,
    // Reggae 5.94, Alternative 3.96, Hip Hop/Rap 3.96, Soundtrack 3.96, Electronica/Dance 2.97, Heavy Metal 2.97,
    // World 2.97, Science Fiction 1.99, Rock And Roll 1.98 (22 genres; they sum to 477.53)
    question: 'sales by genre 2024',
    language: 'en',
    reading: 'Sales by genre = track revenue per genre (genre.name), invoices dated in [2024-01-01, 2025-01-01); genres with sales.',
    shape: 'keyed',
    sql: `SELECT g.name AS k, ${TRACK_REVENUE} AS v ${LINES} WHERE ${DATED_WITHIN} GROUP BY 1`,
    params: ['2024-01-01', '2025-01-01'],
  },
  {
    // baton_chinook 2026-01-01: MPEG audio file 1956.24, Protected MPEG-4 video file 220.89, Protected AAC audio file 144.54,
    // Purchased AAC audio file 3.96, AAC audio file 2.97
    question: 'turnover by format',
    language: 'en',
    reading: 'Turnover by format = track revenue per media type (media_type.name), no period: all of the data.',
    shape: 'keyed',
    sql: `SELECT m.name AS k, ${TRACK_REVENUE} AS v ${LINES} GROUP BY 1`,
  },
  {
    // baton_chinook 2026-01-01: 2025-01 37.62, 2025-02 27.72, 2025-03 37.62, 2025-04 33.66, 2025-05 37.62,
    // 2025-06 37.62, 2025-07 37.62, 2025-08 37.62, 2025-09 37.62, 2025-10 37.62, 2025-11 49.62, 2025-12 38.62 (sum 450.58)
    question: 'monthly takings last year',
    language: 'en',
    reading: "Takings = revenue per month ('YYYY-MM'), invoices dated in [2025-01-01, 2026-01-01) (last year).",
    shape: 'keyed',
    sql: `SELECT to_char(i.invoice_date, 'YYYY-MM') AS k, ${REVENUE} AS v ${INVOICES} WHERE ${DATED_WITHIN} GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_chinook 2026-01-01: 2023-Q1 112.86, 2023-Q2 144.86, 2023-Q3 112.86, 2023-Q4 99.00 (sum 469.58)
    question: 'income per quarter in 2023',
    language: 'en',
    reading: "Income = revenue per quarter ('YYYY-Qn'), invoices dated in [2023-01-01, 2024-01-01).",
    shape: 'keyed',
    sql: `SELECT to_char(i.invoice_date, 'YYYY-"Q"Q') AS k, ${REVENUE} AS v ${INVOICES} WHERE ${DATED_WITHIN} GROUP BY 1`,
    params: ['2023-01-01', '2024-01-01'],
  },
  // ---------------------------------------------------------------- per rep
  {
    // baton_chinook 2026-01-01: k = ['Margaret Park'] (168.30, next Jane Peacock 156.43, Steve Johnson 125.85)
    question: 'Which support rep brought in the most income last year?',
    language: 'en',
    reading:
      "Income = revenue per support rep (the customer's support rep, employee full name), invoices dated in [2025-01-01, 2026-01-01); the highest one.",
    shape: 'ranked',
    n: 1,
    sql: `SELECT ${REP} AS k, ${REVENUE} AS v ${INVOICES} WHERE ${DATED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_chinook 2026-01-01: Jane Peacock 5.7058, Margaret Park 5.5386, Steve Johnson 5.7156
    question: 'average order value per sales rep',
    language: 'en',
    reading: 'Average order value (SUM(invoice.total) / COUNT(*)) per support rep (employee full name), no period: all of the data.',
    shape: 'keyed',
    sql: `SELECT ${REP} AS k, ${AOV} AS v ${INVOICES} GROUP BY 1`,
  },
  // ---------------------------------------------------------------- rankings, bottoms, comparison
  {
    // baton_chinook 2026-01-01: k = ['Helena Holý', 'Richard Cunningham', 'Luis Rojas'] (49.62, 47.62, 46.62; next Hugh O'Reilly
    // and Ladislav Kovács tied at 45.62, outside the cut)
    question: 'Which customers spent the most?',
    language: 'en',
    reading:
      "Spent = revenue per customer (the catalog's customer dimension, first_name || ' ' || last_name), no period: all of the data; the three highest, in order (no number named; three because the 4th and 5th tie).",
    shape: 'ranked',
    n: 3,
    sql: `SELECT ${CUSTOMER} AS k, ${REVENUE} AS v ${INVOICES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_chinook 2026-01-01: k = ['USA'] (494 tracks, next Canada 304; by revenue USA too, 523.06, next Canada 303.96)
    question: 'which country bought the most songs',
    language: 'en',
    reading: 'Songs bought = tracks sold (SUM(invoice_line.quantity)) per customer country, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT c.country AS k, ${TRACKS_SOLD} AS v ${LINES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_chinook 2026-01-01: k = ['Iron Maiden', 'U2', 'Lost', 'Metallica', 'Led Zeppelin'] (34.65, 26.73, 23.88, 22.77,
    // 21.78; next Titãs 12.87)
    question: 'top 5 bands by sales in 2022',
    language: 'en',
    reading:
      'Bands = artists; sales by artist = track revenue per artist (artist.name), invoices dated in [2022-01-01, 2023-01-01); the five highest, in order.',
    shape: 'ranked',
    n: 5,
    sql: `SELECT ar.name AS k, ${TRACK_REVENUE} AS v ${LINES} WHERE ${DATED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2022-01-01', '2023-01-01'],
  },
  {
    // baton_chinook 2026-01-01: k = ['Rock And Roll'] (5.94, next Easy Listening 9.90). Debatable: by tracks sold Rock And
    // Roll and Science Fiction tie at 6; Opera (one track) never sold and is not ranked.
    question: "What's our least popular genre?",
    language: 'en',
    reading:
      'No metric named: track revenue (revenue, the primary metric, by genre) per genre among genres with sales, no period: all of the data; the lowest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT g.name AS k, ${TRACK_REVENUE} AS v ${LINES} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_chinook 2026-01-01: Brazil 19.80 (4 invoices), Canada 55.44 (11 invoices)
    question: 'brazil vs canada sales in 2023',
    language: 'en',
    reading: "Revenue of customers in 'Brazil' and in 'Canada', each on its own, invoices dated in [2023-01-01, 2024-01-01).",
    shape: 'keyed',
    sql: `SELECT c.country AS k, ${REVENUE} AS v ${INVOICES} WHERE ${DATED_WITHIN} AND c.country = ANY($3) GROUP BY 1`,
    params: ['2023-01-01', '2024-01-01', ['Brazil', 'Canada']],
  },

  // ================================================================ Chinese
  // ---------------------------------------------------------------- totals, verbs, filters
  {
    // baton_chinook 2026-01-01: v = 38.62
    question: '上个月卖了多少钱？',
    language: 'zh',
    reading: '卖了多少钱 = revenue, invoices dated in [2025-12-01, 2026-01-01) (上个月 = December 2025).',
    shape: 'scalar',
    sql: `SELECT ${REVENUE} AS v ${INVOICES} WHERE ${DATED_WITHIN}`,
    params: ['2025-12-01', '2026-01-01'],
  },
  {
    // baton_chinook 2026-01-01: v = 826.65 (835 tracks)
    question: '摇滚乐一共卖了多少钱？',
    language: 'zh',
    reading: "摇滚乐 = genre 'Rock'; 卖了多少钱 = track revenue of that genre, 一共: no period, all of the data.",
    shape: 'scalar',
    sql: `SELECT ${TRACK_REVENUE} AS v ${LINES} WHERE g.name = $1`,
    params: ['Rock'],
  },
  {
    // baton_chinook 2026-01-01: v = 5.9933 (125.86 over 21 invoices)
    question: '上个季度的客单价是多少',
    language: 'zh',
    reading:
      '客单价 = average order value (SUM(invoice.total) / COUNT(*)), invoices dated in [2025-10-01, 2026-01-01) (上个季度 = Q4 2025).',
    shape: 'scalar',
    sql: `SELECT ${AOV} AS v ${INVOICES} WHERE ${DATED_WITHIN}`,
    params: ['2025-10-01', '2026-01-01'],
  },
  {
    // baton_chinook 2026-01-01: v = 46
    question: '2022年有多少个买家？',
    language: 'zh',
    reading: '买家 = buying customers (COUNT(DISTINCT invoice.customer_id)), invoices dated in [2022-01-01, 2023-01-01).',
    shape: 'scalar',
    sql: `SELECT count(DISTINCT i.customer_id) AS v ${INVOICES} WHERE ${DATED_WITHIN}`,
    params: ['2022-01-01', '2023-01-01'],
  },
  {
    // baton_chinook 2026-01-01: v = 202 (of 412 invoices)
    question: '有多少订单没有州省信息？',
    language: 'zh',
    reading: 'Invoices without a billing state (invoice.billing_state IS NULL), no period: all of the data.',
    shape: 'scalar',
    sql: `SELECT count(*) AS v ${INVOICES} WHERE i.billing_state IS NULL`,
  },
  // ---------------------------------------------------------------- shares and breakdowns
  {
    // baton_chinook 2026-01-01: MPEG audio file 0.8401, Protected MPEG-4 video file 0.0949, Protected AAC audio file 0.0621,
    // Purchased AAC audio file 0.0017, AAC audio file 0.0013 (they sum to 1)
    question: '各媒体类型收入占比',
    language: 'zh',
    reading: 'Track revenue per media type divided by all track revenue, no period: all of the data; fractions keyed by media type name.',
    shape: 'keyed',
    sql: `SELECT m.name AS k, ${TRACK_REVENUE} / sum(${TRACK_REVENUE}) OVER () AS v ${LINES} GROUP BY 1`,
  },
  {
    // baton_chinook 2026-01-01: 38 in every month but 2024-09 (29); 447 in all
    question: '2024年每个月卖了多少首歌',
    language: 'zh',
    reading: "卖了多少首歌 = tracks sold (SUM(invoice_line.quantity)) per month ('YYYY-MM'), invoices dated in [2024-01-01, 2025-01-01).",
    shape: 'keyed',
    sql: `SELECT to_char(i.invoice_date, 'YYYY-MM') AS k, ${TRACKS_SOLD} AS v ${LINES} WHERE ${DATED_WITHIN} GROUP BY 1`,
    params: ['2024-01-01', '2025-01-01'],
  },
  {
    // baton_chinook 2026-01-01: Margaret Park 168.30, Jane Peacock 156.43, Steve Johnson 125.85
    question: '去年各销售代表的业绩',
    language: 'zh',
    reading:
      "业绩 = revenue per support rep (the customer's support rep, employee full name), invoices dated in [2025-01-01, 2026-01-01) (去年).",
    shape: 'keyed',
    sql: `SELECT ${REP} AS k, ${REVENUE} AS v ${INVOICES} WHERE ${DATED_WITHIN} GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01'],
  },
  // ---------------------------------------------------------------- rankings, bottoms, comparison
  {
    // baton_chinook 2026-01-01: k = ['USA'] (523.06, next Canada 303.96; by tracks sold USA too, 494, next Canada 304)
    question: '哪个国家买得最多？',
    language: 'zh',
    reading: '买得最多 with no metric named: revenue per customer country, no period: all of the data; the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT c.country AS k, ${REVENUE} AS v ${INVOICES} GROUP BY 1 ORDER BY v DESC`,
  },
  {
    // baton_chinook 2026-01-01: k = ['Iron Maiden'] (35.64, next U2 24.75)
    question: '去年谁的歌卖得最好？',
    language: 'zh',
    reading:
      '谁的歌 = artist; 卖得最好 with no metric named: track revenue per artist, invoices dated in [2025-01-01, 2026-01-01) (去年); the highest one.',
    shape: 'ranked',
    n: 1,
    sql: `SELECT ar.name AS k, ${TRACK_REVENUE} AS v ${LINES} WHERE ${DATED_WITHIN} GROUP BY 1 ORDER BY v DESC`,
    params: ['2025-01-01', '2026-01-01'],
  },
  {
    // baton_chinook 2026-01-01: k = ['AAC audio file', 'Purchased AAC audio file', 'Protected AAC audio file'] (2.97, 3.96,
    // 144.54; next Protected MPEG-4 video file 220.89). Debatable: by tracks sold the third is the video format (111 < 146).
    question: '卖得最差的三种格式',
    language: 'zh',
    reading:
      '格式 = media type; 卖得最差 with no metric named: track revenue per media type, no period: all of the data; the three lowest, lowest first.',
    shape: 'ranked',
    n: 3,
    sql: `SELECT m.name AS k, ${TRACK_REVENUE} AS v ${LINES} GROUP BY 1 ORDER BY v ASC`,
  },
  {
    // baton_chinook 2026-01-01: France 6, Germany 2
    question: '法国和德国去年的订单数对比',
    language: 'zh',
    reading:
      "Orders (COUNT(*) of invoices) of customers in 'France' and in 'Germany', each on its own, dated in [2025-01-01, 2026-01-01) (去年).",
    shape: 'keyed',
    sql: `SELECT c.country AS k, count(*) AS v ${INVOICES} WHERE ${DATED_WITHIN} AND c.country = ANY($3) GROUP BY 1`,
    params: ['2025-01-01', '2026-01-01', ['France', 'Germany']],
  },
];
