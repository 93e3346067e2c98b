/**
 * The manifest of one generated shop: what was planted and the expected values, computed here from the rows
 * (never from SQL), so the tests can hold the database's answers against them. scale.ts writes the same manifest
 * for K shards from their tallies, with the same rounding.
 */
import {
  CATEGORIES,
  type DIRTY_COUNTS,
  EAST_REPURCHASE_DROP,
  REGIONS,
  type MonthFigures,
  type PlantedOrder,
  type SeedManifest,
  type SeedOrder,
  type SeedOrderItem,
  type SeedUser,
} from './shop';

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

type CountedOrder = SeedOrder & { pay_time: string };

/** Paid, positive, with a pay time: the orders every catalog metric counts. */
function isCounted(o: SeedOrder): o is CountedOrder {
  return o.status === 'paid' && o.amount_fen > 0 && o.pay_time !== null;
}

export function describeShop(
  anchorDate: string,
  seed: number,
  months: { key: string }[],
  users: SeedUser[],
  orders: PlantedOrder[],
  items: SeedOrderItem[],
): SeedManifest {
  const lastKey = months[months.length - 1]?.key ?? '';
  const counted = orders.filter(isCounted);
  const dirty = (kind: keyof typeof DIRTY_COUNTS) => {
    const ids = orders.filter((o) => o.planted === kind).map((o) => o.order_id);
    return { count: ids.length, order_ids: ids };
  };
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
    last_month_totals: monthFigures(counted, lastKey),
    signals: signals(months, users, counted),
    order_items: orderItemFigures(items, counted, lastKey),
  };
}

/** GMV, orders, buyers and AOV of the orders paid in the month. */
function monthFigures(rows: SeedOrder[], month: string): MonthFigures {
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
}

/** The planted signals, with the figures that show them. */
function signals(months: { key: string }[], users: SeedUser[], counted: CountedOrder[]): SeedManifest['signals'] {
  const lastKey = months[months.length - 1]?.key ?? '';
  const previousKey = months[months.length - 2]?.key ?? '';
  const regionOf = new Map(users.map((u) => [u.user_id, u.region]));

  /** Share of the region's buyers in the month with two or more counted orders. */
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

  const others: Record<string, { previous: number; last: number }> = {};
  for (const region of REGIONS) {
    if (region.name === '华东') continue;
    others[region.name] = { previous: repurchaseRate(region.name, previousKey), last: repurchaseRate(region.name, lastKey) };
  }
  return {
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
  };
}

/** The order lines, and last month's counted orders by their lines' categories (English names, as elsewhere). */
function orderItemFigures(items: SeedOrderItem[], counted: CountedOrder[], lastKey: string): SeedManifest['order_items'] {
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
  return {
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
  };
}
