/**
 * Which months the data covers in full. A month is partial only at either end of
 * the data, and only when its data starts later (or stops earlier) than the data
 * of the months in between normally does: a daily series whose last month stops
 * on the 15th is partial, a series with a few rows a month whose last row falls
 * on the 22nd is not. Months in between are never partial: there is data on both
 * sides of them. Pure, so the extent reader and the data-quality agent agree.
 */
import type { MonthCoverage } from '../contracts';

function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
const dayOf = (iso: string) => Number(iso.slice(8, 10));

/** Days between the month's last day and its last day with data. */
export const endGap = (m: MonthCoverage): number => daysInMonth(m.month) - dayOf(m.last_day);
/** Days between the month's first day and its first day with data. */
export const startGap = (m: MonthCoverage): number => dayOf(m.first_day) - 1;

/**
 * The months at either end of the data that are cut short, judged against the
 * months in between (their largest gap at the same end). With fewer than three
 * months there is no norm, and any gap at all counts.
 */
export function partialMonths(months: MonthCoverage[]): string[] {
  const sorted = [...months].filter((m) => m.rows > 0).sort((a, b) => a.month.localeCompare(b.month));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return [];
  const inner = sorted.slice(1, -1);
  const allowedEnd = inner.length > 0 ? Math.max(...inner.map(endGap)) : 0;
  const allowedStart = inner.length > 0 ? Math.max(...inner.map(startGap)) : 0;
  const partial = new Set<string>();
  if (startGap(first) > allowedStart) partial.add(first.month);
  if (endGap(last) > allowedEnd) partial.add(last.month);
  return [...partial].sort();
}

/** The latest month with data that is not cut short, or null. */
export function latestFullMonth(months: MonthCoverage[]): string | null {
  const partial = new Set(partialMonths(months));
  const full = months
    .filter((m) => m.rows > 0 && !partial.has(m.month))
    .map((m) => m.month)
    .sort();
  return full[full.length - 1] ?? null;
}
