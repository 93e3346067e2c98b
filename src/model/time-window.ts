/**
 * Time windows: half-open date windows [start, end) and their arithmetic (the month before, the same period a
 * year earlier, n months back), with the names people give them ("2024年第3季度", "Q3 2024"). The periods a
 * question names are read in period-text.ts. Pure and deterministic.
 */
import type { TimeWindow } from '../contracts';

const DAY = 86_400_000;
export const MONTHS_EN = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const CN_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
const EN_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
};

export function parseDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}
export function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}
export function addDays(d: Date, n: number): Date {
  return new Date(d.getTime() + n * DAY);
}
function monthStart(year: number, monthIndex: number): Date {
  return new Date(Date.UTC(year, monthIndex, 1));
}
export const isoMonth = (year: number, monthIndex: number) => iso(monthStart(year, monthIndex));

/** The last day a window covers: the day before its (exclusive) end date. */
export function lastDayOf(end: string): string {
  return iso(addDays(parseDate(end), -1));
}

/** "3", "三", "十二", "three" → number. */
export function toNumber(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  if (text in EN_NUMBERS) return EN_NUMBERS[text] ?? null;
  if (text in CN_DIGITS) return CN_DIGITS[text] ?? null;
  const teen = /^十([一二三四五六七八九])?$/.exec(text);
  if (teen) return 10 + (teen[1] ? (CN_DIGITS[teen[1]] ?? 0) : 0);
  const tens = /^([二三四五六七八九])十([一二三四五六七八九])?$/.exec(text);
  if (tens?.[1]) return (CN_DIGITS[tens[1]] ?? 0) * 10 + (tens[2] ? (CN_DIGITS[tens[2]] ?? 0) : 0);
  return null;
}

// ------------------------------------------------------------------ labels

const monthNameEn = (i: number) => `${(MONTHS_EN[i] ?? '').charAt(0).toUpperCase()}${(MONTHS_EN[i] ?? '').slice(1)}`;

/** What people call [start, end): a year, a half, a quarter, a month, a day, or a range of those. */
export function periodLabels(start: string, end: string): { zh: string; en: string } {
  const s = parseDate(start);
  const e = parseDate(end);
  const [y, m, d] = [s.getUTCFullYear(), s.getUTCMonth(), s.getUTCDate()];
  const months = (e.getUTCFullYear() - y) * 12 + (e.getUTCMonth() - m);
  const aligned = d === 1 && e.getUTCDate() === 1;
  if (aligned && months === 12 && m === 0) return { zh: `${y}年`, en: `${y}` };
  if (aligned && months === 6 && m % 6 === 0) return { zh: `${y}年${m === 0 ? '上' : '下'}半年`, en: `H${m / 6 + 1} ${y}` };
  if (aligned && months === 3 && m % 3 === 0) return { zh: `${y}年第${m / 3 + 1}季度`, en: `Q${m / 3 + 1} ${y}` };
  if (aligned && months === 1) return { zh: `${y}年${m + 1}月`, en: `${monthNameEn(m)} ${y}` };
  const last = addDays(e, -1);
  if (start === iso(last)) return { zh: start, en: start };
  if (aligned && months % 12 === 0 && m === 0) return { zh: `${y}年至${last.getUTCFullYear()}年`, en: `${y}–${last.getUTCFullYear()}` };
  if (aligned) {
    const a = periodLabels(start, isoMonth(y, m + 1));
    const b = periodLabels(isoMonth(last.getUTCFullYear(), last.getUTCMonth()), end);
    return { zh: `${a.zh}至${b.zh}`, en: `${a.en} – ${b.en}` };
  }
  return { zh: `${start} 至 ${iso(last)}`, en: `${start} to ${iso(last)}` };
}

export function makeWindow(
  start: string,
  end: string,
  source: TimeWindow['source'],
  labels: { zh: string; en: string } = periodLabels(start, end),
): TimeWindow {
  return { start, end, label_zh: labels.zh, label_en: labels.en, source };
}

/** The calendar month YYYY-MM as a window. */
export function windowOfMonth(period: string, source: TimeWindow['source'] = 'question'): TimeWindow {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return makeWindow(isoMonth(y, m - 1), isoMonth(y, m), source);
}

/** The n full months ending with the month `last` (YYYY-MM). */
export function monthsEndingWith(last: string, n: number, source: TimeWindow['source']): TimeWindow {
  const [y, m] = last.split('-').map(Number) as [number, number];
  return makeWindow(isoMonth(y, m - n), isoMonth(y, m), source);
}

/** The default period when a question names none and nothing is known of the data: the last full calendar month. */
export function defaultTimeWindow(asOf: string): TimeWindow {
  const today = parseDate(asOf);
  return makeWindow(
    isoMonth(today.getUTCFullYear(), today.getUTCMonth() - 1),
    isoMonth(today.getUTCFullYear(), today.getUTCMonth()),
    'default',
  );
}

/** The calendar month before the window's first month. */
export function previousMonth(window: TimeWindow): TimeWindow {
  const start = parseDate(window.start);
  return makeWindow(
    isoMonth(start.getUTCFullYear(), start.getUTCMonth() - 1),
    isoMonth(start.getUTCFullYear(), start.getUTCMonth()),
    window.source,
  );
}

/** The n full months ending with the month of window.end - 1 day (the window's last month). */
export function monthsBack(window: TimeWindow, n: number): TimeWindow {
  const last = addDays(parseDate(window.end), -1);
  return makeWindow(
    isoMonth(last.getUTCFullYear(), last.getUTCMonth() - (n - 1)),
    isoMonth(last.getUTCFullYear(), last.getUTCMonth() + 1),
    window.source,
  );
}

/** Whole months in a window (0 when it does not start and end on a month's first day). */
export function wholeMonths(w: { start: string; end: string }): number {
  if (!w.start.endsWith('-01') || !w.end.endsWith('-01')) return 0;
  const [y0, m0] = w.start.split('-').map(Number) as [number, number];
  const [y1, m1] = w.end.split('-').map(Number) as [number, number];
  return (y1 - y0) * 12 + (m1 - m0);
}

/** The window of the same length just before (period over period): the month before a month, the year before a year. */
export function previousPeriod(w: TimeWindow): TimeWindow {
  const months = wholeMonths(w);
  if (months > 0) {
    const s = parseDate(w.start);
    return makeWindow(isoMonth(s.getUTCFullYear(), s.getUTCMonth() - months), w.start, w.source);
  }
  const days = Math.round((parseDate(w.end).getTime() - parseDate(w.start).getTime()) / DAY);
  return makeWindow(iso(addDays(parseDate(w.start), -days)), w.start, w.source);
}

/** The window moved back by one week, month, quarter or year ("the month before" of a thread's period). */
export function shiftedBack(w: TimeWindow, unit: string): TimeWindow {
  if (unit === 'week') return makeWindow(iso(addDays(parseDate(w.start), -7)), iso(addDays(parseDate(w.end), -7)), 'question');
  const months = { month: 1, quarter: 3, year: 12 }[unit] ?? 1;
  const back = (d: string) => {
    const [y, mo, day] = d.split('-').map(Number) as [number, number, number];
    return iso(new Date(Date.UTC(y, mo - 1 - months, day)));
  };
  return makeWindow(back(w.start), back(w.end), 'question');
}

/** The same window one year earlier (year over year). */
/** Whether two windows (either may be missing) are the same period. */
export const sameWindow = (a: TimeWindow | null | undefined, b: TimeWindow | null | undefined): boolean =>
  a?.start === b?.start && a?.end === b?.end;

export function yearEarlier(w: TimeWindow): TimeWindow {
  const shift = (d: string) => `${Number(d.slice(0, 4)) - 1}${d.slice(4)}`.replace(/-02-29$/, '-02-28');
  return makeWindow(shift(w.start), shift(w.end), w.source);
}

/** The smallest window holding both. */
export function spanning(a: TimeWindow, b: TimeWindow): TimeWindow {
  const start = a.start < b.start ? a.start : b.start;
  const end = a.end > b.end ? a.end : b.end;
  return makeWindow(start, end, a.source, { zh: `${a.label_zh}与${b.label_zh}`, en: `${a.label_en} and ${b.label_en}` });
}
