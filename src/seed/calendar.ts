/**
 * The shop's calendar. Times are business-local wall clock, carried as minutes from the Unix epoch in UTC
 * arithmetic, so the same anchor date gives the same months and times on any machine.
 */
import { MONTHS, type SeedMonth } from './shop';

export const MINUTE = 60_000;

function monthStart(year: number, monthIndex: number): number {
  return Date.UTC(year, monthIndex, 1) / MINUTE;
}

export function monthKey(minutes: number): string {
  return new Date(minutes * MINUTE).toISOString().slice(0, 7);
}

/** A time in minutes as the tables store it: `YYYY-MM-DD HH:MM:SS`. */
export function timestamp(minutes: number): string {
  return new Date(minutes * MINUTE).toISOString().slice(0, 19).replace('T', ' ');
}

/** The 13 months of data: [start, end) in minutes, ending with the month before anchorDate (YYYY-MM-DD). */
export function seedMonths(anchorDate: string): SeedMonth[] {
  const [y, m] = anchorDate.split('-').map(Number) as [number, number];
  const months = [];
  for (let i = MONTHS; i >= 1; i--) {
    const start = monthStart(y, m - 1 - i);
    const end = monthStart(y, m - i);
    months.push({ key: monthKey(start), start, end });
  }
  return months;
}
