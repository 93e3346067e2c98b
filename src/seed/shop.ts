/**
 * What the demo shop is: its regions, channels and categories, the behaviour rates its signals depart from, the
 * dirty rows it plants, and the shape of its rows and of the manifest that describes them. The rows are drawn in
 * generate.ts and the manifest is written in manifest.ts (one shop) and scale.ts (K shards).
 */
import type { PlantedChanges } from './plant';

export const DEFAULT_SEED = 20261129;
export const MONTHS = 13;
export const REGISTRATIONS_PER_MONTH = 3500;

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
  /** Only for a shop seeded with `--plant-change`: the weeks whose GMV level was changed on purpose (plant.ts). */
  planted_changes?: PlantedChanges;
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

/** A generated order, with the kind of dirt planted in it (if any). */
export type PlantedOrder = SeedOrder & { planted?: keyof typeof DIRTY_COUNTS };

/** The planted 华东 signal, as the manifest describes it (the same at every scale). */
export const EAST_REPURCHASE_DROP =
  "In 华东 the repurchase rate (share of the month's buyers with 2+ paid orders) falls in the last month " +
  `because new-customer conversion there drops from ${RATES.newCustomerConversion} to ${RATES.eastConversionLastMonth}: ` +
  'new customers repeat more often than existing ones, so fewer of them lowers the rate (a mix effect).';

/** One of the shop's months: its key (YYYY-MM) and its [start, end) in minutes (calendar.ts). */
export interface SeedMonth {
  key: string;
  start: number;
  end: number;
}
