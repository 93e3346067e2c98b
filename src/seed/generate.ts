/**
 * A deterministic synthetic e-commerce shop: users, orders and categories over
 * 13 months ending with the month before the anchor date, with planted dirty
 * rows and business signals whose answers are known.
 *
 * Everything is drawn from one seeded generator (xoroshiro128+), in a fixed
 * order, so the same seed gives the same shop; only the calendar shifts with
 * the anchor month. The manifest records what was planted and the expected
 * values computed from the rows here, independently of any SQL.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';

export const DEFAULT_SEED = 20261129;
export const MONTHS = 13;
const REGISTRATIONS_PER_MONTH = 3500;

export const REGIONS = [
  { name: '华东', weight: 0.3 },
  { name: '华北', weight: 0.22 },
  { name: '华南', weight: 0.22 },
  { name: '西南', weight: 0.14 },
  { name: '东北', weight: 0.12 },
] as const;

export const CHANNELS = [
  { name: 'app', weight: 0.5 },
  { name: 'web', weight: 0.2 },
  { name: 'mini_program', weight: 0.25 },
  { name: 'referral', weight: 0.05 },
] as const;

/** id, names, typical price in CNY, and how likely new and returning customers buy it. */
export const CATEGORIES = [
  { id: 1, name: '数码', name_en: 'electronics', price: 1200, newWeight: 0.06, returningWeight: 0.1 },
  { id: 2, name: '服饰', name_en: 'apparel', price: 220, newWeight: 0.2, returningWeight: 0.18 },
  { id: 3, name: '美妆', name_en: 'beauty', price: 180, newWeight: 0.18, returningWeight: 0.14 },
  { id: 4, name: '食品', name_en: 'food', price: 60, newWeight: 0.22, returningWeight: 0.16 },
  { id: 5, name: '家居', name_en: 'home', price: 350, newWeight: 0.08, returningWeight: 0.12 },
  { id: 6, name: '母婴', name_en: 'baby', price: 200, newWeight: 0.08, returningWeight: 0.1 },
  { id: 7, name: '运动', name_en: 'sports', price: 300, newWeight: 0.08, returningWeight: 0.08 },
  { id: 8, name: '图书', name_en: 'books', price: 50, newWeight: 0.1, returningWeight: 0.08 },
] as const;

/** Behaviour rates; the planted signals are departures from these. */
export const RATES = {
  /** Share of a month's registrations that place a first paid order in that month. */
  newCustomerConversion: 0.45,
  /** The planted 华东 conversion in the last month. */
  eastConversionLastMonth: 0.15,
  /** Chance a new customer places a second order in their first month. */
  newCustomerRepeat: 0.55,
  /** Chance an existing customer buys in a given month. */
  returningActive: 0.24,
  /** Chance an active existing customer places a second order that month. */
  returningRepeat: 0.15,
  cancelled: 0.06,
  refunded: 0.03,
};

export const DIRTY_COUNTS = { negative_amount: 37, null_pay_time: 41, missing_category: 29 } as const;

export interface SeedUser {
  user_id: number;
  registered_at: string;
  channel: string;
  region: string;
  first_order_at: string | null;
}

export interface SeedOrder {
  order_id: number;
  user_id: number;
  category_id: number | null;
  /** Amount in fen (CNY cents); negative only in planted dirty rows. */
  amount_fen: number;
  order_time: string;
  pay_time: string | null;
  status: 'paid' | 'cancelled' | 'refunded';
}

/**
 * One line of an order: what the basket held in one category. Most orders have one line in the order's own
 * category; some add lines in other categories. An order's lines add up to its amount, so a line-level figure
 * (revenue of a category's lines) and an order-level one (orders holding that category) differ on purpose.
 */
export interface SeedOrderItem {
  order_id: number;
  line_no: number;
  category_id: number | null;
  quantity: number;
  /** Line amount in fen; lines of a negative (dirty) order are negative too. */
  amount_fen: number;
}

export interface MonthFigures {
  month: string;
  gmv: number;
  orders: number;
  buyers: number;
  aov: number;
}

export interface SeedManifest {
  seed: number;
  /** Only for a shop seeded K > 1 times larger (`baton seed --scale K`): K shards, each drawn from a seed of its own. */
  scale?: { factor: number; shard_seeds: string };
  anchor_date: string;
  first_month: string;
  last_month: string;
  months: string[];
  counts: { users: number; orders: number; categories: number };
  dirty: {
    negative_amount: { count: number; order_ids: number[] };
    null_pay_time: { count: number; order_ids: number[] };
    missing_category: { count: number; order_ids: number[] };
  };
  /** Catalog-definition figures for the last month (paid, amount > 0, booked at pay time). */
  last_month_totals: MonthFigures;
  signals: {
    east_repurchase_drop: {
      description: string;
      region: string;
      month: string;
      repurchase_rate: { previous: number; last: number };
      new_customer_conversion: { previous: number; last: number };
      other_regions_repurchase_rate: Record<string, { previous: number; last: number }>;
    };
    electronics_rise: { description: string; category: string; monthly_gmv: Record<string, number> };
    books_decline: { description: string; category: string; monthly_gmv: Record<string, number> };
  };
  /** The order lines, and last month's figures by the lines' categories (counted orders only), from the rows here. */
  order_items: {
    lines: number;
    orders_with_several_categories: number;
    last_month: {
      /** Sum of line amounts per line category. */
      item_revenue: Record<string, number>;
      /** Orders holding at least one line of the category: an order with two categories counts in both. */
      orders: Record<string, number>;
      /** Order amount per order holding the category, over those orders. */
      aov: Record<string, number>;
    };
  };
}

export interface SeedData {
  users: SeedUser[];
  orders: SeedOrder[];
  items: SeedOrderItem[];
  manifest: SeedManifest;
}

// ------------------------------------------------------------------ calendar helpers
// Times are business-local wall clock, carried as minutes from the Unix epoch in UTC arithmetic.

const MINUTE = 60_000;

function monthStart(year: number, monthIndex: number): number {
  return Date.UTC(year, monthIndex, 1) / MINUTE;
}

/** The planted 华东 signal, as the manifest describes it (the same at every scale). */
export const EAST_REPURCHASE_DROP =
  "In 华东 the repurchase rate (share of the month's buyers with 2+ paid orders) falls in the last month " +
  `because new-customer conversion there drops from ${RATES.newCustomerConversion} to ${RATES.eastConversionLastMonth}: ` +
  'new customers repeat more often than existing ones, so fewer of them lowers the rate (a mix effect).';

export function monthKey(minutes: number): string {
  return new Date(minutes * MINUTE).toISOString().slice(0, 7);
}

function timestamp(minutes: number): string {
  return new Date(minutes * MINUTE).toISOString().slice(0, 19).replace('T', ' ');
}

/** The 13 months of data: [start, end) in minutes, ending with the month before anchorDate (YYYY-MM-DD). */
export function seedMonths(anchorDate: string): { key: string; start: number; end: number }[] {
  const [y, m] = anchorDate.split('-').map(Number) as [number, number];
  const months = [];
  for (let i = MONTHS; i >= 1; i--) {
    const start = monthStart(y, m - 1 - i);
    const end = monthStart(y, m - i);
    months.push({ key: monthKey(start), start, end });
  }
  return months;
}

// ------------------------------------------------------------------ the generator

export function generateShop(anchorDate: string, seed = DEFAULT_SEED): SeedData {
  const { users, orders, items, months } = generateRows(anchorDate, seed);
  return {
    users,
    orders: orders.map(({ planted: _planted, ...o }) => o),
    items,
    manifest: describe(anchorDate, seed, months, users, orders, items),
  };
}

/** A generated order, with the kind of dirt planted in it (if any). */
export type PlantedOrder = SeedOrder & { planted?: keyof typeof DIRTY_COUNTS };

/** The rows of one shop (ids from 1), before the manifest is written. */
export function generateRows(
  anchorDate: string,
  seed = DEFAULT_SEED,
): { users: SeedUser[]; orders: PlantedOrder[]; items: SeedOrderItem[]; months: { key: string; start: number; end: number }[] } {
  const rng = xoroshiro128plus(seed);
  const random = () => uniformFloat64(rng);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo));
  const pick = <T extends { weight: number }>(items: readonly T[], weightOf: (t: T) => number = (t) => t.weight): T => {
    const total = items.reduce((s, t) => s + weightOf(t), 0);
    let r = random() * total;
    for (const item of items) {
      r -= weightOf(item);
      if (r < 0) return item;
    }
    return items[items.length - 1] as T;
  };
  /** Log-normal around the category price, in fen. */
  const price = (typical: number) => {
    const u1 = Math.max(random(), 1e-12);
    const u2 = random();
    const normal = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    return Math.max(100, Math.round(typical * Math.exp(0.45 * normal - 0.1) * 100));
  };

  const months = seedMonths(anchorDate);
  const last = months.length - 1;

  /** Category mix for month index m: electronics rises over the last 6 months, books falls over the last 5. */
  const categoryWeight = (c: (typeof CATEGORIES)[number], m: number, isNew: boolean) => {
    let w = isNew ? c.newWeight : c.returningWeight;
    if (c.name === '数码' && m > last - 6) w *= 1 + 0.18 * (m - (last - 6));
    if (c.name === '图书' && m > last - 5) w *= 0.7 ** (m - (last - 5));
    return w;
  };

  const users: SeedUser[] = [];
  /** An order before numbering; it points at its user, whose id is assigned later. */
  type Draft = Omit<SeedOrder, 'order_id' | 'user_id'> & { user: SeedUser; planted?: keyof typeof DIRTY_COUNTS };
  const drafts: Draft[] = [];
  const customersByRegion = new Map<string, { user: SeedUser; firstMonth: number }[]>(REGIONS.map((r) => [r.name, []]));

  const addPaid = (user: SeedUser, at: number, m: number, isNew: boolean) => {
    const category = pick(CATEGORIES.map((c) => ({ c, weight: categoryWeight(c, m, isNew) }))).c;
    const payDelay = between(1, 120);
    drafts.push({
      user,
      category_id: category.id,
      amount_fen: price(category.price),
      order_time: timestamp(at),
      pay_time: timestamp(at + payDelay),
      status: 'paid',
    });
    // Unpaid and refunded orders around real demand; they never count as paid. Offsets stay small
    // (order at most 100 min later, refund paid within 60 min) so every time stays inside the month.
    if (random() < RATES.cancelled) {
      drafts.push({
        user,
        category_id: category.id,
        amount_fen: price(category.price),
        order_time: timestamp(at + between(5, 100)),
        pay_time: null,
        status: 'cancelled',
      });
    }
    if (random() < RATES.refunded) {
      const t = at + between(5, 100);
      drafts.push({
        user,
        category_id: category.id,
        amount_fen: price(category.price),
        order_time: timestamp(t),
        pay_time: timestamp(t + between(1, 60)),
        status: 'refunded',
      });
    }
  };

  months.forEach((month, m) => {
    // Customers from earlier months come back (decided before this month's newcomers join the pool).
    for (const region of REGIONS) {
      for (const { user, firstMonth } of customersByRegion.get(region.name) ?? []) {
        if (firstMonth >= m || random() >= RATES.returningActive) continue;
        // Keep orders clear of the month's last 3 hours so pay time stays in the same month.
        addPaid(user, between(month.start, month.end - 180), m, false);
        if (random() < RATES.returningRepeat) addPaid(user, between(month.start, month.end - 180), m, false);
      }
    }
    for (const region of REGIONS) {
      const registrations = Math.round(REGISTRATIONS_PER_MONTH * region.weight * (1 + 0.01 * m) * (0.95 + 0.1 * random()));
      const conversion = region.name === '华东' && m === last ? RATES.eastConversionLastMonth : RATES.newCustomerConversion;
      for (let i = 0; i < registrations; i++) {
        const registeredAt = between(month.start, month.end - 240);
        const user: SeedUser = {
          user_id: 0,
          registered_at: timestamp(registeredAt),
          channel: pick(CHANNELS).name,
          region: region.name,
          first_order_at: null,
        };
        users.push(user);
        if (random() >= conversion) continue;
        const firstAt = between(registeredAt + 1, month.end - 180);
        user.first_order_at = timestamp(firstAt);
        addPaid(user, firstAt, m, true);
        if (random() < RATES.newCustomerRepeat) addPaid(user, between(firstAt + 1, month.end - 180), m, true);
        customersByRegion.get(region.name)?.push({ user, firstMonth: m });
      }
    }
  });

  // Users are numbered in registration order.
  users.sort((a, b) => (a.registered_at < b.registered_at ? -1 : a.registered_at > b.registered_at ? 1 : 0));
  users.forEach((u, i) => (u.user_id = i + 1));
  const customers = [...customersByRegion.values()].flat().map((c) => c.user);

  // Planted dirty rows: extra orders by existing customers, after their first order.
  const windowEnd = months[last]?.end ?? 0;
  const plant = (kind: keyof typeof DIRTY_COUNTS) => {
    for (let i = 0; i < DIRTY_COUNTS[kind]; i++) {
      const user = customers[between(0, customers.length)] as SeedUser;
      const first = Date.parse(`${(user.first_order_at ?? '').replace(' ', 'T')}Z`) / MINUTE;
      const at = Math.min(first + between(60, 60 * 24 * 60), windowEnd - 300);
      const category = CATEGORIES[between(0, CATEGORIES.length)] ?? CATEGORIES[0];
      drafts.push({
        user,
        category_id: kind === 'missing_category' ? null : category.id,
        amount_fen: kind === 'negative_amount' ? -between(1000, 50000) : price(category.price),
        order_time: timestamp(at),
        pay_time: kind === 'null_pay_time' ? null : timestamp(at + between(1, 60)),
        status: 'paid',
        planted: kind,
      });
    }
  };
  plant('negative_amount');
  plant('null_pay_time');
  plant('missing_category');

  // Orders are numbered in time order.
  const orders: PlantedOrder[] = drafts
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.order_time < b.d.order_time ? -1 : a.d.order_time > b.d.order_time ? 1 : a.i - b.i))
    .map(({ d }, i) => {
      const { user, ...rest } = d;
      return { ...rest, order_id: i + 1, user_id: user.user_id };
    });

  const items = orderItems(orders, seed);
  return { users, orders, items, months };
}

/**
 * The lines of every order, drawn from a generator of their own (seed + 1), so adding lines left every order,
 * user and planted signal exactly as it was: 70% of orders have one line, 22% two and 8% three; the first line is in
 * the order's category, the others in different ones; the amounts split the order's amount to the fen.
 */
function orderItems(orders: SeedOrder[], seed: number): SeedOrderItem[] {
  const rng = xoroshiro128plus(seed + 1);
  const random = () => uniformFloat64(rng);
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

// ------------------------------------------------------------------ the manifest

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Paid, positive, with a pay time: the orders every catalog metric counts. */
function isCounted(o: SeedOrder): o is SeedOrder & { pay_time: string } {
  return o.status === 'paid' && o.amount_fen > 0 && o.pay_time !== null;
}

function describe(
  anchorDate: string,
  seed: number,
  months: { key: string }[],
  users: SeedUser[],
  orders: (SeedOrder & { planted?: keyof typeof DIRTY_COUNTS })[],
  items: SeedOrderItem[],
): SeedManifest {
  const regionOf = new Map(users.map((u) => [u.user_id, u.region]));
  const lastKey = months[months.length - 1]?.key ?? '';
  const previousKey = months[months.length - 2]?.key ?? '';
  const counted = orders.filter(isCounted);

  const figures = (rows: SeedOrder[], month: string): MonthFigures => {
    const inMonth = rows.filter((o) => o.pay_time?.startsWith(month));
    const gmvFen = inMonth.reduce((s, o) => s + o.amount_fen, 0);
    const buyers = new Set(inMonth.map((o) => o.user_id)).size;
    return {
      month,
      gmv: gmvFen / 100,
      orders: inMonth.length,
      buyers,
      aov: inMonth.length > 0 ? round(gmvFen / 100 / inMonth.length, 6) : 0,
    };
  };

  const repurchaseRate = (region: string, month: string) => {
    const perBuyer = new Map<number, number>();
    for (const o of counted) {
      if (o.pay_time.startsWith(month) && regionOf.get(o.user_id) === region) {
        perBuyer.set(o.user_id, (perBuyer.get(o.user_id) ?? 0) + 1);
      }
    }
    const repeaters = [...perBuyer.values()].filter((n) => n >= 2).length;
    return perBuyer.size > 0 ? round(repeaters / perBuyer.size, 6) : 0;
  };

  const conversion = (region: string, month: string) => {
    const registered = users.filter((u) => u.region === region && u.registered_at.startsWith(month));
    const converted = registered.filter((u) => u.first_order_at?.startsWith(month)).length;
    return registered.length > 0 ? round(converted / registered.length, 6) : 0;
  };

  const categoryGmv = (categoryId: number, lastN: number) => {
    const result: Record<string, number> = {};
    for (const { key } of months.slice(-lastN)) {
      const fen = counted.filter((o) => o.category_id === categoryId && o.pay_time.startsWith(key)).reduce((s, o) => s + o.amount_fen, 0);
      result[key] = fen / 100;
    }
    return result;
  };

  const plantedIds = (kind: keyof typeof DIRTY_COUNTS) => orders.filter((o) => o.planted === kind).map((o) => o.order_id);
  const dirty = (kind: keyof typeof DIRTY_COUNTS) => ({ count: plantedIds(kind).length, order_ids: plantedIds(kind) });

  const others: Record<string, { previous: number; last: number }> = {};
  for (const region of REGIONS) {
    if (region.name === '华东') continue;
    others[region.name] = { previous: repurchaseRate(region.name, previousKey), last: repurchaseRate(region.name, lastKey) };
  }

  // Last month's counted orders by their lines' categories (English names, as the manifest's other figures).
  const nameOf = new Map<number | null, string>([...CATEGORIES.map((c): [number, string] => [c.id, c.name_en]), [null, '(none)']]);
  const linesOf = new Map<number, SeedOrderItem[]>();
  for (const item of items) linesOf.set(item.order_id, [...(linesOf.get(item.order_id) ?? []), item]);
  const itemRevenueFen: Record<string, number> = {};
  const ordersByCategory: Record<string, number> = {};
  const amountByCategoryFen: Record<string, number> = {};
  for (const order of counted.filter((o) => o.pay_time.startsWith(lastKey))) {
    const lines = linesOf.get(order.order_id) ?? [];
    for (const line of lines)
      itemRevenueFen[nameOf.get(line.category_id) ?? '?'] = (itemRevenueFen[nameOf.get(line.category_id) ?? '?'] ?? 0) + line.amount_fen;
    for (const name of new Set(lines.map((l) => nameOf.get(l.category_id) ?? '?'))) {
      ordersByCategory[name] = (ordersByCategory[name] ?? 0) + 1;
      amountByCategoryFen[name] = (amountByCategoryFen[name] ?? 0) + order.amount_fen;
    }
  }
  const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

  return {
    seed,
    anchor_date: anchorDate,
    first_month: months[0]?.key ?? '',
    last_month: lastKey,
    months: months.map((m) => m.key),
    counts: { users: users.length, orders: orders.length, categories: CATEGORIES.length },
    dirty: {
      negative_amount: dirty('negative_amount'),
      null_pay_time: dirty('null_pay_time'),
      missing_category: dirty('missing_category'),
    },
    last_month_totals: figures(counted, lastKey),
    signals: {
      east_repurchase_drop: {
        description: EAST_REPURCHASE_DROP,
        region: '华东',
        month: lastKey,
        repurchase_rate: { previous: repurchaseRate('华东', previousKey), last: repurchaseRate('华东', lastKey) },
        new_customer_conversion: { previous: conversion('华东', previousKey), last: conversion('华东', lastKey) },
        other_regions_repurchase_rate: others,
      },
      electronics_rise: {
        description: '数码 (electronics) GMV rises in each of the last 6 months as its share of baskets grows.',
        category: '数码',
        monthly_gmv: categoryGmv(1, 7),
      },
      books_decline: {
        description: '图书 (books) GMV falls in each of the last 5 months as its share of baskets shrinks.',
        category: '图书',
        monthly_gmv: categoryGmv(8, 6),
      },
    },
    order_items: {
      lines: items.length,
      orders_with_several_categories: [...linesOf.values()].filter(
        (lines) => new Set(lines.flatMap((l) => (l.category_id === null ? [] : [l.category_id]))).size > 1,
      ).length,
      last_month: {
        item_revenue: sorted(Object.fromEntries(Object.entries(itemRevenueFen).map(([k, fen]) => [k, fen / 100]))),
        orders: sorted(ordersByCategory),
        aov: sorted(
          Object.fromEntries(Object.entries(amountByCategoryFen).map(([k, fen]) => [k, round(fen / 100 / (ordersByCategory[k] ?? 1), 6)])),
        ),
      },
    },
  };
}
