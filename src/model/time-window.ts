/**
 * Finds the period a question asks about ("上个月", "last 4 weeks", "2025年Q3",
 * "October 2026") and turns it into a half-open date range relative to the
 * run's as-of date. Pure and deterministic.
 */
import type { TimeWindow } from '../contracts';

const DAY = 86_400_000;
const MONTHS_EN = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const CN_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };

function parseDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}
function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}
function addDays(d: Date, n: number): Date {
  return new Date(d.getTime() + n * DAY);
}
function monthStart(year: number, monthIndex: number): Date {
  return new Date(Date.UTC(year, monthIndex, 1));
}

/** The calendar month YYYY-MM as a window. */
export function windowOfMonth(period: string): TimeWindow {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return { ...monthWindow(y, m - 1), source: 'question' };
}

/** The last day a window covers: the day before its (exclusive) end date. */
export function lastDayOf(end: string): string {
  return iso(addDays(parseDate(end), -1));
}

/** "3", "三", "十二" → number. */
function toNumber(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  if (text in CN_DIGITS) return CN_DIGITS[text] ?? null;
  const m = /^十?([一二三四五六七八九])?$/.exec(text);
  if (text.startsWith('十') && m) return 10 + (m[1] ? (CN_DIGITS[m[1]] ?? 0) : 0);
  const tens = /^([二三四五六七八九])十([一二三四五六七八九])?$/.exec(text);
  if (tens?.[1]) return (CN_DIGITS[tens[1]] ?? 0) * 10 + (tens[2] ? (CN_DIGITS[tens[2]] ?? 0) : 0);
  return null;
}

function monthWindow(year: number, monthIndex: number): Omit<TimeWindow, 'source'> {
  const start = monthStart(year, monthIndex);
  const end = monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1);
  const name = MONTHS_EN[start.getUTCMonth()] ?? '';
  return {
    start: iso(start),
    end: iso(end),
    label_zh: `${start.getUTCFullYear()}年${start.getUTCMonth() + 1}月`,
    label_en: `${name.charAt(0).toUpperCase()}${name.slice(1)} ${start.getUTCFullYear()}`,
  };
}

function rangeWindow(start: Date, end: Date, zh: string, en: string): Omit<TimeWindow, 'source'> {
  const last = iso(addDays(end, -1));
  return {
    start: iso(start),
    end: iso(end),
    label_zh: `${zh}（${iso(start)} 至 ${last}）`,
    label_en: `${en} (${iso(start)} to ${last})`,
  };
}

const N = '(\\d+|[一二两三四五六七八九十]+)';

/** The period named in the question, or null when it names none. */
export function findTimeWindow(question: string, asOf: string): TimeWindow | null {
  const found = match(question.toLowerCase(), asOf);
  return found ? { ...found, source: 'question' } : null;
}

/** The default period when a question names none: the last full month. */
export function defaultTimeWindow(asOf: string): TimeWindow {
  const today = parseDate(asOf);
  return { ...monthWindow(today.getUTCFullYear(), today.getUTCMonth() - 1), source: 'default' };
}

function match(q: string, asOf: string): Omit<TimeWindow, 'source'> | null {
  const today = parseDate(asOf);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  let m: RegExpExecArray | null;

  // A named month: 2026年10月, 2026-10, October 2026, Oct 2026.
  if ((m = /(\d{4})\s*年\s*(\d{1,2})\s*月/.exec(q))) return monthWindow(Number(m[1]), Number(m[2]) - 1);
  if ((m = /\b(\d{4})-(\d{1,2})\b(?!-)/.exec(q))) return monthWindow(Number(m[1]), Number(m[2]) - 1);
  for (const [i, name] of MONTHS_EN.entries()) {
    const re = new RegExp(`\\b(?:${name}|${name.slice(0, 3)})\\.?\\s+(\\d{4})\\b`);
    if ((m = re.exec(q))) return monthWindow(Number(m[1]), i);
  }

  // A quarter: 2025年Q3, 2025 Q3, Q3 2025, 2025年第三季度.
  const quarter = (y: number, qn: number) => {
    const start = monthStart(y, (qn - 1) * 3);
    const end = monthStart(y, qn * 3);
    return { start: iso(start), end: iso(end), label_zh: `${y}年第${qn}季度`, label_en: `Q${qn} ${y}` };
  };
  if ((m = /(\d{4})\s*年?\s*q([1-4])/.exec(q))) return quarter(Number(m[1]), Number(m[2]));
  if ((m = /q([1-4])\s*(\d{4})/.exec(q))) return quarter(Number(m[2]), Number(m[1]));
  if ((m = /(\d{4})\s*年\s*第?([一二三四1-4])季度/.exec(q))) return quarter(Number(m[1]), toNumber(m[2] ?? '') ?? 1);

  // Relative months.
  if (/上个月|上月|last month|previous month/.test(q)) return monthWindow(year, month - 1);
  if (/本月|这个月|当月|this month/.test(q)) {
    return rangeWindow(monthStart(year, month), addDays(today, 1), '本月至今', 'this month to date');
  }
  if ((m = new RegExp(`(?:最近|过去|近)${N}个?月`).exec(q)) || (m = /(?:last|past|previous) (\d+) months?/.exec(q))) {
    const n = toNumber(m[1] ?? '') ?? 1;
    return rangeWindow(monthStart(year, month - n), monthStart(year, month), `最近${n}个月`, `the last ${n} full months`);
  }

  // Relative weeks (Monday to Sunday) and days, complete days before today.
  if (/上周|上个星期|上星期|last week/.test(q)) {
    const weekday = (today.getUTCDay() + 6) % 7; // Monday = 0
    const thisMonday = addDays(today, -weekday);
    return rangeWindow(addDays(thisMonday, -7), thisMonday, '上周', 'last week');
  }
  if ((m = new RegExp(`(?:最近|过去|近)${N}(?:周|个星期|星期)`).exec(q)) || (m = /(?:last|past|previous) (\d+) weeks?/.exec(q))) {
    const n = toNumber(m[1] ?? '') ?? 1;
    return rangeWindow(addDays(today, -7 * n), today, `最近${n}周`, `the last ${n} weeks`);
  }
  if ((m = new RegExp(`(?:最近|过去|近)${N}天`).exec(q)) || (m = /(?:last|past|previous) (\d+) days?/.exec(q))) {
    const n = toNumber(m[1] ?? '') ?? 1;
    return rangeWindow(addDays(today, -n), today, `最近${n}天`, `the last ${n} days`);
  }
  if (/昨天|yesterday/.test(q)) return rangeWindow(addDays(today, -1), today, '昨天', 'yesterday');

  // Years.
  if (/去年|last year/.test(q)) {
    return { start: `${year - 1}-01-01`, end: `${year}-01-01`, label_zh: `${year - 1}年`, label_en: `${year - 1}` };
  }
  if (/今年|this year/.test(q)) return rangeWindow(monthStart(year, 0), addDays(today, 1), '今年至今', 'this year to date');
  if ((m = /(\d{4})\s*年(?!\s*\d)/.exec(q)) || (m = /\bin (\d{4})\b/.exec(q))) {
    const y = Number(m[1]);
    return { start: `${y}-01-01`, end: `${y + 1}-01-01`, label_zh: `${y}年`, label_en: `${y}` };
  }
  return null;
}

/** The calendar month before the window's first month. */
export function previousMonth(window: TimeWindow): TimeWindow {
  const start = parseDate(window.start);
  return { ...monthWindow(start.getUTCFullYear(), start.getUTCMonth() - 1), source: window.source };
}

/** The n full months ending with the month of window.end - 1 day (the window's last month). */
export function monthsBack(window: TimeWindow, n: number): TimeWindow {
  const last = addDays(parseDate(window.end), -1);
  const end = monthStart(last.getUTCFullYear(), last.getUTCMonth() + 1);
  const start = monthStart(last.getUTCFullYear(), last.getUTCMonth() - (n - 1));
  const first = monthWindow(start.getUTCFullYear(), start.getUTCMonth());
  const lastMonth = monthWindow(last.getUTCFullYear(), last.getUTCMonth());
  return {
    start: iso(start),
    end: iso(end),
    label_zh: `${first.label_zh}至${lastMonth.label_zh}`,
    label_en: `${first.label_en} to ${lastMonth.label_en}`,
    source: window.source,
  };
}
