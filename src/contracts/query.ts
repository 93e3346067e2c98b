/**
 * A metric query in catalog terms, the leaf every SQL operation's plan schema builds on
 * (src/operations/<kind>.ts): it imports only the shared parts, so the operation modules
 * can import it while src/contracts/plan.ts assembles their schemas.
 */
import { z } from 'zod';
import { TIME_GRAINS } from '../catalog/time-grain';
import { IsoDate, TimeWindow } from './shared';

/**
 * A filter on a dimension: it keeps the rows whose value is one of `values`, or with `exclude` every row but those
 * ("excluding the USA", "除了美国以外"; a row with no value is not one of them, so it stays).
 */
/**
 * A dimension's member found in the data (src/catalog/members.ts), where the catalog lists no values for the dimension:
 * carried from a conversation's follow-up reader to its turn's planner, so a name the thread has placed ("Iron Maiden",
 * the artist) is read the same way again.
 */
export const KnownMember = z.object({ dimension: z.string().min(1), value: z.string().min(1) });
export type KnownMember = z.infer<typeof KnownMember>;

export const DimensionFilter = z.object({
  dimension: z.string(),
  values: z.array(z.string()).min(1),
  exclude: z.literal(true).optional().describe('true: every row but those with these values ("excluding the USA")'),
});
export type DimensionFilter = z.infer<typeof DimensionFilter>;

/** How a step records a filter it applied (its filters_applied line), which its check looks for: "country = USA", "country not in USA". */
export function filterApplied(f: DimensionFilter): string {
  const op = f.exclude ? 'not in' : f.values.length === 1 ? '=' : 'in';
  return `${f.dimension} ${op} ${f.values.join(', ')}`;
}

/** A filter in one line of catalog ids, for logs, prompts and the session's lines: "country = USA | Canada", "country ≠ USA". */
export function filterLine(f: { dimension: string; values: string[]; exclude?: true }, between = ' | '): string {
  return `${f.dimension} ${f.exclude ? '≠' : '='} ${f.values.join(between)}`;
}

/** A filter as a key for comparing readings: "country=USA|Canada", "country!=USA". */
export function filterKey(f: DimensionFilter): string {
  return `${f.dimension}${f.exclude ? '!=' : '='}${[...f.values].sort().join('|')}`;
}

/** What a step computes, in catalog terms. SQL is compiled from this and the catalog, never written free-hand. */
export const MetricQuery = z.object({
  metric: z.string(),
  window: TimeWindow,
  filters: z.array(DimensionFilter),
  /** Catalog dimensions, the time grains year / quarter / month / week / day, or "period" (the named periods below). */
  group_by: z.array(z.string()),
  /**
   * Named periods for a comparison of two windows that are not neighbours on one grain (a year over year
   * of March, two ranges): the rows are grouped by "period", keyed by these keys. The window spans them all.
   */
  periods: z.array(z.object({ key: z.string().min(1), start: IsoDate, end: IsoDate })).default([]),
  /** Sort rows by value (top-N questions); null keeps the group order. */
  order: z.enum(['asc', 'desc']).nullable().default(null),
  limit: z.number().int().min(1).max(1000).nullable().default(null),
});
export type MetricQuery = z.infer<typeof MetricQuery>;
/** A metric query as written by hand (periods, order and limit may be left out). */
export type MetricQueryInput = z.input<typeof MetricQuery>;

/**
 * Whether a query reads every row of its metric: an all-time window (the question named no period) not put in
 * calendar buckets or named periods. Such a query has no time filter at all, so rows without a time count too;
 * the SQL compiler and the independent verifier both read it so.
 */
export function readsEveryRow(query: MetricQueryInput): boolean {
  const timed = (d: string) => (TIME_GRAINS as readonly string[]).includes(d) || d === 'period';
  return (
    query.window.source === 'all_time' &&
    (query.periods ?? []).length === 0 &&
    !query.group_by.some(timed) &&
    !query.filters.some((f) => timed(f.dimension))
  );
}
