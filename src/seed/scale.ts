/**
 * The demo shop K times larger (`baton seed --scale K`): K shards, each a whole shop drawn as by `generateShop` from a
 * seed of its own (shard 0 from the default seed, so K = 1 is the current shop exactly), with its ids moved past the
 * shards before it. Each shard has the same customers' behaviour and the same planted signals at the same rates, so
 * the whole has them too; K shards are K times the rows.
 *
 * Only one shard is in memory at a time: the loader writes a shard and drops it. The manifest is not recomputed from
 * all the rows: each shard is reduced to counts (`tallyShard`: buyers and repeaters per region, registrations and
 * conversions, fen per category and month, ...), which add up across shards because no user is in two of them, and
 * `describeTally` turns the sums into the manifest's figures with the same rounding as `describeShop` (manifest.ts) (a test checks
 * that one shard's tally gives the K = 1 manifest).
 */
import {
  CATEGORIES,
  DEFAULT_SEED,
  EAST_REPURCHASE_DROP,
  REGIONS,
  type DIRTY_COUNTS,
  type SeedManifest,
  type SeedOrderItem,
  type SeedUser,
  type PlantedOrder,
} from './shop';

/** Shard s is drawn from DEFAULT_SEED + SHARD_SEED_STEP × s (the order lines of a shard use its seed + 1). */
export const SHARD_SEED_STEP = 1000;
export const MAX_SCALE = 1000;

export const shardSeed = (shard: number): number => DEFAULT_SEED + SHARD_SEED_STEP * shard;

type DirtyKind = keyof typeof DIRTY_COUNTS;
type Pair = { previous: number; last: number };

/** What one shard (or several, summed) contributes to the manifest, as counts and fen. */
export interface ShopTally {
  users: number;
  orders: number;
  lines: number;
  ordersWithSeveralCategories: number;
  dirty: Record<DirtyKind, number[]>;
  last: { gmvFen: number; orders: number; buyers: number };
  /** Per region: buyers in the month (counted orders) and those with two or more, in the previous and last month. */
  repurchase: Record<string, { previous: { buyers: number; repeaters: number }; last: { buyers: number; repeaters: number } }>;
  /** 华东: registrations in the month and those whose first order is in the same month. */
  eastConversion: { previous: { registered: number; converted: number }; last: { registered: number; converted: number } };
  /** Counted fen per month for electronics (id 1) and books (id 8). */
  categoryGmvFen: { electronics: Record<string, number>; books: Record<string, number> };
  itemRevenueFen: Record<string, number>;
  ordersByCategory: Record<string, number>;
  amountByCategoryFen: Record<string, number>;
}

const isCounted = (o: PlantedOrder): o is PlantedOrder & { pay_time: string } =>
  o.status === 'paid' && o.amount_fen > 0 && o.pay_time !== null;
const add = (record: Record<string, number>, key: string, n: number) => {
  record[key] = (record[key] ?? 0) + n;
};

export function emptyTally(): ShopTally {
  const zero = () => ({ buyers: 0, repeaters: 0 });
  return {
    users: 0,
    orders: 0,
    lines: 0,
    ordersWithSeveralCategories: 0,
    dirty: { negative_amount: [], null_pay_time: [], missing_category: [] },
    last: { gmvFen: 0, orders: 0, buyers: 0 },
    repurchase: Object.fromEntries(REGIONS.map((r) => [r.name, { previous: zero(), last: zero() }])),
    eastConversion: { previous: { registered: 0, converted: 0 }, last: { registered: 0, converted: 0 } },
    categoryGmvFen: { electronics: {}, books: {} },
    itemRevenueFen: {},
    ordersByCategory: {},
    amountByCategoryFen: {},
  };
}

/** Adds one shard's rows (ids as generated, from 1; order ids reported with `orderOffset` added) to `into`. */
export function tallyShard(
  into: ShopTally,
  rows: { users: SeedUser[]; orders: PlantedOrder[]; items: SeedOrderItem[]; months: { key: string }[] },
  orderOffset: number,
): ShopTally {
  const { users, orders, items, months } = rows;
  const lastKey = months[months.length - 1]?.key ?? '';
  const previousKey = months[months.length - 2]?.key ?? '';
  const electronicsMonths = new Set(months.slice(-7).map((m) => m.key));
  const booksMonths = new Set(months.slice(-6).map((m) => m.key));
  const regionOf = new Map(users.map((u) => [u.user_id, u.region]));
  into.users += users.length;
  into.orders += orders.length;
  into.lines += items.length;
  for (const o of orders) if (o.planted) into.dirty[o.planted].push(o.order_id + orderOffset);

  // Per month (previous, last) and user: counted orders.
  const perBuyer = { previous: new Map<number, number>(), last: new Map<number, number>() };
  for (const o of orders) {
    if (!isCounted(o)) continue;
    const month = o.pay_time.slice(0, 7);
    if (month === lastKey) {
      into.last.gmvFen += o.amount_fen;
      into.last.orders += 1;
    }
    const which = month === lastKey ? 'last' : month === previousKey ? 'previous' : null;
    if (which) perBuyer[which].set(o.user_id, (perBuyer[which].get(o.user_id) ?? 0) + 1);
    if (o.category_id === 1 && electronicsMonths.has(month)) add(into.categoryGmvFen.electronics, month, o.amount_fen);
    if (o.category_id === 8 && booksMonths.has(month)) add(into.categoryGmvFen.books, month, o.amount_fen);
  }
  into.last.buyers += perBuyer.last.size;
  for (const which of ['previous', 'last'] as const) {
    for (const [user, n] of perBuyer[which]) {
      const region = into.repurchase[regionOf.get(user) ?? ''];
      if (!region) continue;
      region[which].buyers += 1;
      if (n >= 2) region[which].repeaters += 1;
    }
  }
  for (const u of users) {
    if (u.region !== '华东') continue;
    const which = u.registered_at.startsWith(lastKey) ? 'last' : u.registered_at.startsWith(previousKey) ? 'previous' : null;
    if (!which) continue;
    into.eastConversion[which].registered += 1;
    if (u.first_order_at?.startsWith(which === 'last' ? lastKey : previousKey)) into.eastConversion[which].converted += 1;
  }

  // Order lines: items are in order-id order, an order's lines together.
  const nameOf = new Map<number | null, string>([...CATEGORIES.map((c): [number, string] => [c.id, c.name_en]), [null, '(none)']]);
  const lastCounted = new Map<number, number>();
  for (const o of orders) if (isCounted(o) && o.pay_time.startsWith(lastKey)) lastCounted.set(o.order_id, o.amount_fen);
  for (let i = 0; i < items.length;) {
    let j = i;
    const orderId = (items[i] as SeedOrderItem).order_id;
    while (j < items.length && (items[j] as SeedOrderItem).order_id === orderId) j++;
    const lines = items.slice(i, j);
    if (new Set(lines.flatMap((l) => (l.category_id === null ? [] : [l.category_id]))).size > 1) into.ordersWithSeveralCategories += 1;
    const amount = lastCounted.get(orderId);
    if (amount !== undefined) {
      for (const line of lines) add(into.itemRevenueFen, nameOf.get(line.category_id) ?? '?', line.amount_fen);
      for (const name of new Set(lines.map((l) => nameOf.get(l.category_id) ?? '?'))) {
        add(into.ordersByCategory, name, 1);
        add(into.amountByCategoryFen, name, amount);
      }
    }
    i = j;
  }
  return into;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/** The manifest from a tally, as `describeShop` writes it from rows; `scale` is recorded when above 1. */
export function describeTally(anchorDate: string, months: { key: string }[], tally: ShopTally, scale: number): SeedManifest {
  const lastKey = months[months.length - 1]?.key ?? '';
  const rate = (r: { buyers: number; repeaters: number }) => (r.buyers > 0 ? round(r.repeaters / r.buyers, 6) : 0);
  const conversion = (c: { registered: number; converted: number }) => (c.registered > 0 ? round(c.converted / c.registered, 6) : 0);
  const repurchase = (region: string): Pair => ({
    previous: rate(tally.repurchase[region]?.previous ?? { buyers: 0, repeaters: 0 }),
    last: rate(tally.repurchase[region]?.last ?? { buyers: 0, repeaters: 0 }),
  });
  const gmv = (record: Record<string, number>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, (record[k] ?? 0) / 100]));
  const dirty = (kind: DirtyKind) => ({ count: tally.dirty[kind].length, order_ids: [...tally.dirty[kind]] });
  return {
    seed: DEFAULT_SEED,
    ...(scale > 1 ? { scale: { factor: scale, shard_seeds: `${DEFAULT_SEED} + ${SHARD_SEED_STEP} × shard, shards 0–${scale - 1}` } } : {}),
    anchor_date: anchorDate,
    first_month: months[0]?.key ?? '',
    last_month: lastKey,
    months: months.map((m) => m.key),
    counts: { users: tally.users, orders: tally.orders, categories: CATEGORIES.length },
    dirty: {
      negative_amount: dirty('negative_amount'),
      null_pay_time: dirty('null_pay_time'),
      missing_category: dirty('missing_category'),
    },
    last_month_totals: {
      month: lastKey,
      gmv: tally.last.gmvFen / 100,
      orders: tally.last.orders,
      buyers: tally.last.buyers,
      aov: tally.last.orders > 0 ? round(tally.last.gmvFen / 100 / tally.last.orders, 6) : 0,
    },
    signals: {
      east_repurchase_drop: {
        description: EAST_REPURCHASE_DROP,
        region: '华东',
        month: lastKey,
        repurchase_rate: repurchase('华东'),
        new_customer_conversion: { previous: conversion(tally.eastConversion.previous), last: conversion(tally.eastConversion.last) },
        other_regions_repurchase_rate: Object.fromEntries(
          REGIONS.filter((r) => r.name !== '华东').map((r) => [r.name, repurchase(r.name)]),
        ),
      },
      electronics_rise: {
        description: '数码 (electronics) GMV rises in each of the last 6 months as its share of baskets grows.',
        category: '数码',
        monthly_gmv: gmv(
          tally.categoryGmvFen.electronics,
          months.slice(-7).map((m) => m.key),
        ),
      },
      books_decline: {
        description: '图书 (books) GMV falls in each of the last 5 months as its share of baskets shrinks.',
        category: '图书',
        monthly_gmv: gmv(
          tally.categoryGmvFen.books,
          months.slice(-6).map((m) => m.key),
        ),
      },
    },
    order_items: {
      lines: tally.lines,
      orders_with_several_categories: tally.ordersWithSeveralCategories,
      last_month: {
        item_revenue: sorted(Object.fromEntries(Object.entries(tally.itemRevenueFen).map(([k, fen]) => [k, fen / 100]))),
        orders: sorted(tally.ordersByCategory),
        aov: sorted(
          Object.fromEntries(
            Object.entries(tally.amountByCategoryFen).map(([k, fen]) => [k, round(fen / 100 / (tally.ordersByCategory[k] ?? 1), 6)]),
          ),
        ),
      },
    },
  };
}
