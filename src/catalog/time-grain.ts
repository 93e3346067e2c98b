/**
 * The time grain, in one place: the calendar buckets a query can group by, their
 * order, how SQL buckets a timestamp into one (date_trunc) and how its keys are
 * written. Pure and dependency-free: the contracts (and through them the workflow)
 * import it.
 *
 * src/analysis/derive.ts keeps its own list of period columns: it is the sandbox's
 * analysis kit and may import nothing. The validator's second path
 * (src/verify/second-path.ts) writes the keys its own way, with extract().
 */

/** Calendar buckets a query can group by, coarsest first. */
export const TIME_GRAINS = ['year', 'quarter', 'month', 'week', 'day'] as const;
export type TimeGrain = (typeof TIME_GRAINS)[number];

/** The group-by name of the named periods of a query that compares two windows (not a grain: its keys are the query's). */
export const PERIOD_GROUP = 'period';

/** Every column a result's period can be in: the grains and the named periods. */
export const PERIOD_COLUMNS: readonly string[] = [...TIME_GRAINS, PERIOD_GROUP];

export function isTimeGrain(name: string): name is TimeGrain {
  return (TIME_GRAINS as readonly string[]).includes(name);
}

/** The grain's name for PostgreSQL's date_trunc. */
export const GRAIN_TRUNC: Record<TimeGrain, string> = { year: 'year', quarter: 'quarter', month: 'month', week: 'week', day: 'day' };

/** How each grain's keys are written (a to_char pattern): 2024, 2024-Q3, 2024-03, 2024-W09, 2024-03-15; they sort as text. */
export const GRAIN_KEY_FORMAT: Record<TimeGrain, string> = {
  year: 'YYYY',
  quarter: 'YYYY-"Q"Q',
  month: 'YYYY-MM',
  week: 'IYYY-"W"IW',
  day: 'YYYY-MM-DD',
};

/** The shape of a grain's keys, to read one back. */
export const GRAIN_KEY_PATTERN: Record<TimeGrain, RegExp> = {
  year: /^(\d{4})$/,
  quarter: /^(\d{4})-Q([1-4])$/,
  month: /^(\d{4})-(\d{2})$/,
  week: /^(\d{4})-W(\d{2})$/,
  day: /^(\d{4})-(\d{2})-(\d{2})$/,
};

/** The order a series' period column is looked for in a result (month first: most series are monthly). */
export const SERIES_PERIOD_COLUMNS: readonly string[] = ['month', 'quarter', 'year', 'week', 'day', PERIOD_GROUP];
