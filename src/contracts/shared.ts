/** Parts every contract shares: dates, time windows and grains, the data's extent, the question's language. */
import { z } from 'zod';
import { TIME_GRAINS } from '../catalog/time-grain';

// ---------------------------------------------------------------- shared parts

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

/** A half-open period [start, end) of calendar dates, with names for people. */
export const TimeWindow = z.object({
  start: IsoDate,
  end: IsoDate,
  label_zh: z.string(),
  label_en: z.string(),
  /**
   * How the window was found: named in the question (question), assumed because the question named none
   * (default: the latest full period with data), or all of the data (all_time).
   */
  source: z.enum(['question', 'default', 'all_time']),
});
export type TimeWindow = z.infer<typeof TimeWindow>;

/** Calendar buckets a query can group by, coarsest first (src/catalog/time-grain.ts). */
export const TimeGrain = z.enum(TIME_GRAINS);
export type TimeGrain = z.infer<typeof TimeGrain>;

/** One month of a time field's data: whether it has rows (1, or 0: found by index probes, not counted: src/analysis/month-probes.ts), and the first and last day with any. */
export const MonthCoverage = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  rows: z.number().int().min(0),
  first_day: IsoDate,
  last_day: IsoDate,
});
export type MonthCoverage = z.infer<typeof MonthCoverage>;

/**
 * Where a time field has data: first and last timestamp, rows per month, and the
 * latest month the data covers in full. Read once per run, before planning, so
 * "no period" means the latest data and a period without data is said to be one.
 */
export const TimeFieldExtent = z.object({
  time_field: z.string(),
  column: z.string(),
  rows: z.number().int().min(0),
  first: IsoDate.nullable(),
  last: IsoDate.nullable(),
  months: z.array(MonthCoverage),
  /** The latest month whose data is not cut short (YYYY-MM), null without data. */
  latest_full_month: z.string().nullable(),
  /** Months at either end that the data covers only partly (YYYY-MM). */
  partial_months: z.array(z.string()),
});
export type TimeFieldExtent = z.infer<typeof TimeFieldExtent>;

export const DataExtent = z.object({
  /** Empty when the extent is behind extent_ref (only the planner reads it). */
  time_fields: z.record(z.string(), TimeFieldExtent),
  /** Artifact holding the extent, so the months per time field stay out of the history; absent in older runs. */
  extent_ref: z.string().optional(),
  /** How many values each ranking-only dimension has (a breakdown by one is refused, saying so); absent in older runs. */
  dimension_values: z.record(z.string(), z.number().int().min(0)).optional(),
  /**
   * A conversation's turn: the data's version that every reuse key of the turn carries (the extent and each table's row
   * count, src/storage/reuse.ts readDataVersion); null when the counts could not be read, absent outside a conversation.
   */
  data_version: z.string().nullable().optional(),
});
export type DataExtent = z.infer<typeof DataExtent>;

export const DataExtentInput = z.object({
  catalogPath: z.string().optional(),
  databaseUrl: z.string().optional(),
  /** The run's "today": rows dated after it do not extend the data. */
  asOf: IsoDate,
  /** A conversation's turn: also read the data's version (each table's row count) for the turn's reuse keys. */
  count_rows: z.boolean().optional(),
});
export type DataExtentInput = z.input<typeof DataExtentInput>;

export const Language = z.enum(['zh', 'en']);
export type Language = z.infer<typeof Language>;
