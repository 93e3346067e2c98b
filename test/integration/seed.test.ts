/** The demo shop holds what the generator says it planted, checked with hand-written SQL. */
import { createHash } from 'node:crypto';
import { generateShop } from '../../src/seed/generate';
import { MONTHS } from '../../src/seed/shop';
import { closeDb, db, lastMonthRange, manifest } from '../helpers';

afterAll(closeDb);

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

describe('generator', () => {
  test('is deterministic: the same anchor gives byte-identical rows', () => {
    const a = generateShop('2026-03-15');
    const b = generateShop('2026-03-15');
    expect(digest(a.orders)).toBe(digest(b.orders));
    expect(digest(a.users)).toBe(digest(b.users));
  });

  test('ends with the month before the anchor and spans 13 months', () => {
    const { manifest: m } = generateShop('2026-01-10');
    expect(m.last_month).toBe('2025-12');
    expect(m.first_month).toBe('2024-12');
    expect(m.months).toHaveLength(MONTHS);
  });

  test('keeps every order and pay time inside the 13 months', () => {
    const { orders } = generateShop('2026-01-10');
    const times = orders.flatMap((o) => (o.pay_time ? [o.order_time, o.pay_time] : [o.order_time])).sort();
    expect(times[0]! >= '2024-12-01 00:00:00').toBe(true);
    expect(times[times.length - 1]! < '2026-01-01 00:00:00').toBe(true);
  });
});

describe('seeded database', () => {
  test('matches the manifest the generator computes for its anchor date', async () => {
    const stored = await manifest();
    expect(generateShop(stored.anchor_date).manifest).toEqual(stored);
  });

  test('has at least 50,000 orders over at least 12 months, ending last month', async () => {
    const m = await manifest();
    const { rows } = await db().query<{ orders: string; months: string; last: string }>(
      `SELECT count(*) AS orders, count(DISTINCT date_trunc('month', order_time)) AS months,
              to_char(max(order_time), 'YYYY-MM') AS last FROM orders`,
    );
    expect(Number(rows[0]?.orders)).toBeGreaterThanOrEqual(50_000);
    expect(Number(rows[0]?.orders)).toBe(m.counts.orders);
    expect(Number(rows[0]?.months)).toBeGreaterThanOrEqual(12);
    expect(rows[0]?.last).toBe(m.last_month);
  });

  test('holds exactly the planted dirty rows', async () => {
    const m = await manifest();
    const ids = async (where: string) =>
      (await db().query<{ order_id: string }>(`SELECT order_id FROM orders WHERE ${where} ORDER BY order_id`)).rows.map((r) =>
        Number(r.order_id),
      );
    expect(await ids('amount < 0')).toEqual(m.dirty.negative_amount.order_ids);
    expect(await ids(`status = 'paid' AND pay_time IS NULL`)).toEqual(m.dirty.null_pay_time.order_ids);
    expect(await ids('category_id IS NULL')).toEqual(m.dirty.missing_category.order_ids);
    expect(m.dirty.negative_amount.count).toBe(37);
    expect(m.dirty.null_pay_time.count).toBe(41);
    expect(m.dirty.missing_category.count).toBe(29);
  });

  test('last month totals agree with independent SQL', async () => {
    const m = await manifest();
    const [start, end] = lastMonthRange(m);
    const { rows } = await db().query<{ gmv: string; orders: string; buyers: string }>(
      `SELECT sum(amount) AS gmv, count(*) AS orders, count(DISTINCT user_id) AS buyers FROM orders
       WHERE status = 'paid' AND amount > 0 AND pay_time >= $1 AND pay_time < $2`,
      [start, end],
    );
    expect(Number(rows[0]?.gmv)).toBeCloseTo(m.last_month_totals.gmv, 2);
    expect(Number(rows[0]?.orders)).toBe(m.last_month_totals.orders);
    expect(Number(rows[0]?.buyers)).toBe(m.last_month_totals.buyers);
  });

  test('华东 repurchase rate falls last month because new-customer conversion fell; other regions hold', async () => {
    const m = await manifest();
    const signal = m.signals.east_repurchase_drop;
    const rate = async (region: string, month: string) => {
      const { rows } = await db().query<{ rate: string }>(
        `SELECT avg((n >= 2)::int) AS rate FROM (
           SELECT o.user_id, count(*) AS n FROM orders o JOIN users u USING (user_id)
           WHERE o.status = 'paid' AND o.amount > 0 AND to_char(o.pay_time, 'YYYY-MM') = $2 AND u.region = $1
           GROUP BY o.user_id) per_buyer`,
        [region, month],
      );
      return Number(rows[0]?.rate);
    };
    const conversion = async (region: string, month: string) => {
      const { rows } = await db().query<{ rate: string }>(
        `SELECT avg(coalesce(to_char(first_order_at, 'YYYY-MM') = $2, false)::int) AS rate FROM users
         WHERE region = $1 AND to_char(registered_at, 'YYYY-MM') = $2`,
        [region, month],
      );
      return Number(rows[0]?.rate);
    };
    const previous = m.months[m.months.length - 2] as string;
    const eastBefore = await rate('华东', previous);
    const eastLast = await rate('华东', m.last_month);
    expect(eastBefore).toBeCloseTo(signal.repurchase_rate.previous, 5);
    expect(eastLast).toBeCloseTo(signal.repurchase_rate.last, 5);
    expect(eastBefore - eastLast).toBeGreaterThan(0.05);
    expect(await conversion('华东', previous)).toBeCloseTo(signal.new_customer_conversion.previous, 5);
    expect(await conversion('华东', m.last_month)).toBeCloseTo(signal.new_customer_conversion.last, 5);
    expect(signal.new_customer_conversion.previous - signal.new_customer_conversion.last).toBeGreaterThan(0.25);
    for (const region of ['华北', '华南', '西南', '东北']) {
      expect(Math.abs((await rate(region, previous)) - (await rate(region, m.last_month)))).toBeLessThan(0.03);
    }
  });

  test('数码 GMV rises 6 months running and 图书 GMV falls 5 months running', async () => {
    const m = await manifest();
    const monthly = async (category: string) => {
      const { rows } = await db().query<{ month: string; gmv: string }>(
        `SELECT to_char(o.pay_time, 'YYYY-MM') AS month, sum(o.amount) AS gmv FROM orders o JOIN categories c USING (category_id)
         WHERE o.status = 'paid' AND o.amount > 0 AND c.name = $1 AND o.pay_time IS NOT NULL
         GROUP BY 1 ORDER BY 1`,
        [category],
      );
      return rows.map((r) => Number(r.gmv));
    };
    const changes = (xs: number[]) => xs.slice(1).map((x, i) => x - (xs[i] as number));
    const electronics = changes((await monthly('数码')).slice(-7));
    const books = changes((await monthly('图书')).slice(-6));
    expect(electronics).toHaveLength(6);
    expect(electronics.every((d) => d > 0)).toBe(true);
    expect(books).toHaveLength(5);
    expect(books.every((d) => d < 0)).toBe(true);
    expect(Object.values(m.signals.books_decline.monthly_gmv)).toHaveLength(6);
  });

  test("order lines add up to their orders, and last month's line-category figures match the manifest", async () => {
    const m = await manifest();
    const [start, end] = lastMonthRange(m);
    const { rows: sums } = await db().query<{ lines: string; off: string; several: string }>(
      `SELECT (SELECT count(*) FROM order_items) AS lines,
              (SELECT count(*) FROM orders o WHERE o.amount <> (SELECT sum(amount) FROM order_items i WHERE i.order_id = o.order_id)) AS off,
              (SELECT count(*) FROM (SELECT order_id FROM order_items GROUP BY 1 HAVING count(DISTINCT category_id) > 1) s) AS several`,
    );
    expect(Number(sums[0]?.lines)).toBe(m.order_items.lines);
    expect(Number(sums[0]?.off)).toBe(0);
    expect(Number(sums[0]?.several)).toBe(m.order_items.orders_with_several_categories);
    // About 30% of orders have two or three lines, most of them in more than one category.
    expect(m.order_items.orders_with_several_categories / m.counts.orders).toBeGreaterThan(0.2);
    const { rows } = await db().query<{ category: string; item_revenue: string; orders: string; aov: string }>(
      `WITH counted AS (SELECT * FROM orders WHERE status = 'paid' AND amount > 0 AND pay_time >= $1 AND pay_time < $2),
       holding AS (SELECT DISTINCT o.order_id, o.amount, c.name_en FROM counted o JOIN order_items i ON i.order_id = o.order_id JOIN categories c ON c.category_id = i.category_id)
       SELECT h.name_en AS category, count(*) AS orders, avg(h.amount) AS aov,
              (SELECT sum(i.amount) FROM counted o JOIN order_items i ON i.order_id = o.order_id JOIN categories c ON c.category_id = i.category_id WHERE c.name_en = h.name_en) AS item_revenue
       FROM holding h GROUP BY 1 ORDER BY 1`,
      [start, end],
    );
    const listed = m.order_items.last_month;
    expect(rows.map((r) => r.category)).toEqual(
      Object.keys(listed.orders)
        .filter((k) => k !== '(none)')
        .sort(),
    );
    for (const r of rows) {
      expect(Number(r.orders)).toBe(listed.orders[r.category]);
      expect(Number(r.item_revenue)).toBeCloseTo(listed.item_revenue[r.category] ?? NaN, 2);
      expect(Number(r.aov)).toBeCloseTo(listed.aov[r.category] ?? NaN, 4);
    }
    // An order with lines in two categories counts in both: the categories' orders add up to more than the month's.
    expect(Object.values(listed.orders).reduce((a, b) => a + b, 0)).toBeGreaterThan(m.last_month_totals.orders);
  });
});
