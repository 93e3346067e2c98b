/**
 * A deterministic synthetic e-commerce shop: users, orders and categories over
 * 13 months ending with the month before the anchor date, with planted dirty
 * rows and business signals whose answers are known (what they are: shop.ts).
 *
 * Everything is drawn from one seeded generator (draw.ts), in a fixed
 * order, so the same seed gives the same shop; only the calendar shifts with
 * the anchor month. The manifest (manifest.ts) records what was planted and the expected
 * values computed from the rows here, independently of any SQL.
 */
import { MINUTE, seedMonths, timestamp } from './calendar';
import { drawFrom, type Draw } from './draw';
import { describeShop } from './manifest';
import { plantFactor } from './plant';
import {
  CATEGORIES,
  CHANNELS,
  DEFAULT_SEED,
  DIRTY_COUNTS,
  RATES,
  REGIONS,
  REGISTRATIONS_PER_MONTH,
  type PlantedOrder,
  type SeedData,
  type SeedMonth,
  type SeedOrder,
  type SeedOrderItem,
  type SeedUser,
} from './shop';

export function generateShop(anchorDate: string, seed = DEFAULT_SEED): SeedData {
  const { users, orders, items, months } = generateRows(anchorDate, seed);
  return {
    users,
    orders: orders.map(({ planted: _planted, ...o }) => o),
    items,
    manifest: describeShop(anchorDate, seed, months, users, orders, items),
  };
}

/** An order before numbering; it points at its user, whose id is assigned later. */
type Draft = Omit<SeedOrder, 'order_id' | 'user_id'> & { user: SeedUser; planted?: keyof typeof DIRTY_COUNTS };

/** What the drawing of one shop builds up, month by month. */
interface Shop {
  draw: Draw;
  /** Index of the last month. */
  last: number;
  users: SeedUser[];
  drafts: Draft[];
  customersByRegion: Map<string, { user: SeedUser; firstMonth: number }[]>;
}

/** The rows of one shop (ids from 1), before the manifest is written. */
export function generateRows(
  anchorDate: string,
  seed = DEFAULT_SEED,
  plantWeeks: number[] = [],
): { users: SeedUser[]; orders: PlantedOrder[]; items: SeedOrderItem[]; months: SeedMonth[] } {
  const months = seedMonths(anchorDate);
  const shop: Shop = {
    draw: drawFrom(seed),
    last: months.length - 1,
    users: [],
    drafts: [],
    customersByRegion: new Map(REGIONS.map((r) => [r.name, []])),
  };
  months.forEach((month, m) => {
    // Customers from earlier months come back (decided before this month's newcomers join the pool).
    returningCustomers(shop, month, m);
    newCustomers(shop, month, m);
  });

  // Users are numbered in registration order.
  const { users } = shop;
  users.sort((a, b) => (a.registered_at < b.registered_at ? -1 : a.registered_at > b.registered_at ? 1 : 0));
  users.forEach((u, i) => (u.user_id = i + 1));

  // Planted dirty rows: extra orders by existing customers, after their first order.
  const customers = [...shop.customersByRegion.values()].flat().map((c) => c.user);
  const windowEnd = months[shop.last]?.end ?? 0;
  for (const kind of ['negative_amount', 'null_pay_time', 'missing_category'] as const) plantDirty(shop, customers, kind, windowEnd);
  // Planted changes of level in chosen weeks (plant.ts), only when asked for: no draw is added, so without them nothing moves.
  if (plantWeeks.length > 0) {
    for (const d of shop.drafts) {
      const factor = d.amount_fen > 0 ? plantFactor(plantWeeks, d.user.region, d.pay_time ?? d.order_time) : 1;
      if (factor !== 1) d.amount_fen = Math.round(d.amount_fen * factor);
    }
  }

  const orders = numberOrders(shop.drafts);
  const items = orderItems(orders, seed);
  return { users, orders, items, months };
}

/** Category mix for month index m: electronics rises over the last 6 months, books falls over the last 5. */
function categoryWeight(c: (typeof CATEGORIES)[number], m: number, isNew: boolean, last: number): number {
  let w = isNew ? c.newWeight : c.returningWeight;
  if (c.name === '数码' && m > last - 6) w *= 1 + 0.18 * (m - (last - 6));
  if (c.name === '图书' && m > last - 5) w *= 0.7 ** (m - (last - 5));
  return w;
}

/** A paid order by the user at the given minute of month m, with the cancelled and refunded orders around it. */
function addPaid(shop: Shop, user: SeedUser, at: number, m: number, isNew: boolean): void {
  const { draw, drafts } = shop;
  const category = draw.pick(CATEGORIES.map((c) => ({ c, weight: categoryWeight(c, m, isNew, shop.last) }))).c;
  const payDelay = draw.between(1, 120);
  drafts.push({
    user,
    category_id: category.id,
    amount_fen: draw.price(category.price),
    order_time: timestamp(at),
    pay_time: timestamp(at + payDelay),
    status: 'paid',
  });
  // Unpaid and refunded orders around real demand; they never count as paid. Offsets stay small
  // (order at most 100 min later, refund paid within 60 min) so every time stays inside the month.
  if (draw.random() < RATES.cancelled) {
    drafts.push({
      user,
      category_id: category.id,
      amount_fen: draw.price(category.price),
      order_time: timestamp(at + draw.between(5, 100)),
      pay_time: null,
      status: 'cancelled',
    });
  }
  if (draw.random() < RATES.refunded) {
    const t = at + draw.between(5, 100);
    drafts.push({
      user,
      category_id: category.id,
      amount_fen: draw.price(category.price),
      order_time: timestamp(t),
      pay_time: timestamp(t + draw.between(1, 60)),
      status: 'refunded',
    });
  }
}

/** Customers from months before m buying again in month m. */
function returningCustomers(shop: Shop, month: SeedMonth, m: number): void {
  const { draw } = shop;
  for (const region of REGIONS) {
    for (const { user, firstMonth } of shop.customersByRegion.get(region.name) ?? []) {
      if (firstMonth >= m || draw.random() >= RATES.returningActive) continue;
      // Keep orders clear of the month's last 3 hours so pay time stays in the same month.
      addPaid(shop, user, draw.between(month.start, month.end - 180), m, false);
      if (draw.random() < RATES.returningRepeat) addPaid(shop, user, draw.between(month.start, month.end - 180), m, false);
    }
  }
}

/** Month m's registrations, region by region, and the first orders of those who convert. */
function newCustomers(shop: Shop, month: SeedMonth, m: number): void {
  const { draw } = shop;
  for (const region of REGIONS) {
    const registrations = Math.round(REGISTRATIONS_PER_MONTH * region.weight * (1 + 0.01 * m) * (0.95 + 0.1 * draw.random()));
    const conversion = region.name === '华东' && m === shop.last ? RATES.eastConversionLastMonth : RATES.newCustomerConversion;
    for (let i = 0; i < registrations; i++) {
      const registeredAt = draw.between(month.start, month.end - 240);
      const user: SeedUser = {
        user_id: 0,
        registered_at: timestamp(registeredAt),
        channel: draw.pick(CHANNELS).name,
        region: region.name,
        first_order_at: null,
      };
      shop.users.push(user);
      if (draw.random() >= conversion) continue;
      const firstAt = draw.between(registeredAt + 1, month.end - 180);
      user.first_order_at = timestamp(firstAt);
      addPaid(shop, user, firstAt, m, true);
      if (draw.random() < RATES.newCustomerRepeat) addPaid(shop, user, draw.between(firstAt + 1, month.end - 180), m, true);
      shop.customersByRegion.get(region.name)?.push({ user, firstMonth: m });
    }
  }
}

/** The planted dirty rows of one kind, each an order by one of the customers after their first order. */
function plantDirty(shop: Shop, customers: SeedUser[], kind: keyof typeof DIRTY_COUNTS, windowEnd: number): void {
  const { draw } = shop;
  for (let i = 0; i < DIRTY_COUNTS[kind]; i++) {
    const user = customers[draw.between(0, customers.length)] as SeedUser;
    const first = Date.parse(`${(user.first_order_at ?? '').replace(' ', 'T')}Z`) / MINUTE;
    const at = Math.min(first + draw.between(60, 60 * 24 * 60), windowEnd - 300);
    const category = CATEGORIES[draw.between(0, CATEGORIES.length)] ?? CATEGORIES[0];
    shop.drafts.push({
      user,
      category_id: kind === 'missing_category' ? null : category.id,
      amount_fen: kind === 'negative_amount' ? -draw.between(1000, 50000) : draw.price(category.price),
      order_time: timestamp(at),
      pay_time: kind === 'null_pay_time' ? null : timestamp(at + draw.between(1, 60)),
      status: 'paid',
      planted: kind,
    });
  }
}

/** Orders are numbered in time order (drafts at the same time keep the order they were drawn in). */
function numberOrders(drafts: Draft[]): PlantedOrder[] {
  return drafts
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.order_time < b.d.order_time ? -1 : a.d.order_time > b.d.order_time ? 1 : a.i - b.i))
    .map(({ d }, i) => {
      const { user, ...rest } = d;
      return { ...rest, order_id: i + 1, user_id: user.user_id };
    });
}

/**
 * The lines of every order, drawn from a generator of their own (seed + 1), so adding lines left every order,
 * user and planted signal exactly as it was: 70% of orders have one line, 22% two and 8% three; the first line is in
 * the order's category, the others in different ones; the amounts split the order's amount to the fen.
 */
function orderItems(orders: SeedOrder[], seed: number): SeedOrderItem[] {
  const { random } = drawFrom(seed + 1);
  const items: SeedOrderItem[] = [];
  for (const order of orders) {
    const r = random();
    const lines = r < 0.7 ? 1 : r < 0.92 ? 2 : 3;
    const categories: (number | null)[] = [order.category_id];
    while (categories.length < lines) {
      const other = CATEGORIES[Math.floor(random() * CATEGORIES.length)]?.id ?? 1;
      if (!categories.includes(other)) categories.push(other);
    }
    // The first line keeps 50–80% of the amount; the rest is shared by the others.
    let left = order.amount_fen;
    categories.forEach((category_id, i) => {
      const last = i === categories.length - 1;
      const share = i === 0 ? 0.5 + 0.3 * random() : 0.3 + 0.4 * random();
      const amount_fen = last ? left : Math.trunc(left * share);
      left -= amount_fen;
      items.push({ order_id: order.order_id, line_no: i + 1, category_id, quantity: 1 + Math.floor(random() * 3), amount_fen });
    });
  }
  return items;
}
