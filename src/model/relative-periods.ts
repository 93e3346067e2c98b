/**
 * Periods read against the calendar ("last month", "最近6个月", "Q3 last year", 去年上半年) as points of a question: the
 * half-open window each names and where it stands. Read by period-text.ts with the periods named by date.
 */
import { lastSeason, SEASON_EN, SEASON_ZH, seasonIn, seasonOf, thisSeason, type Season } from './seasons';
import { addDays, iso, isoMonth, MONTHS_EN, parseDate, toNumber } from './time-window';

/** The unit a period was named in: a range spans several. */
export type PeriodUnit = 'day' | 'week' | 'month' | 'quarter' | 'half' | 'year' | 'range';

/** A period as the question names it, before it is read: its window [start, end), its unit, and where it stands. */
export interface Point {
  start: string;
  end: string;
  unit: PeriodUnit;
  /** The year was not written ("March" in "March to June 2024"): filled from the other end of a range. */
  year: number | null;
  at: number;
  to: number;
  relative: boolean;
  /** A year written as its number alone ("2024", "2024年"): set against a part of a year, it is the same part. */
  bareYear?: boolean;
  /** Where the words naming it stand, when not one stretch from `at` to `to` ("Q4 … 2025"). */
  spans?: [number, number][];
}

const N = '(\\d+|[一二两三四五六七八九十]+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)';
export const ORDINAL: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  两: 2,
};

/** An English month's name or its abbreviation ("sept", "oct"), as a group. */
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
/** 1 for "jan" or "January", … 12 for "dec". */
const monthNumber = (word: string) => MONTHS_EN.findIndex((m) => m.startsWith(word.slice(0, 3))) + 1;

/** How many years from this one a relative year word is: 前年 -2, 去年 and "last" -1, 今年 and "this" 0. */
const yearsFromNow = (word: string) => ({ 前年: -2, 去年: -1, last: -1, 今年: 0, this: 0 })[word] ?? 0;

/**
 * A half or a quarter of a year named relatively: 去年上半年, the first half of last year, H2 this year, Q3 last year, the
 * fourth quarter of last year, last year's third quarter.
 */
function partsOfRelativeYears(year: number): [RegExp, (m: RegExpExecArray) => [string, string, Point['unit']]][] {
  const month = '(1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])';
  return [
    [
      // A range of months of a year named against today, 月 written once: 今年1到11月, 去年3至6月份, 今年三到五月.
      new RegExp(`(前年|去年|今年)\\s*的?\\s*${month}\\s*(?:到|至|-|~|—|–)\\s*${month}\\s*月份?`),
      (m) => {
        const y = year + yearsFromNow(m[1] ?? '');
        const [a, b] = [toNumber(m[2] ?? '') ?? 1, toNumber(m[3] ?? '') ?? 12];
        return a <= b ? [isoMonth(y, a - 1), isoMonth(y, b), 'range'] : ['', '', 'range'];
      },
    ],
    [
      // A month of a year named against today: 去年10月, 今年三月份, October of last year, last year's March.
      new RegExp(
        `(前年|去年|今年)\\s*的?\\s*(1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])\\s*月份?(?!\\s*(?:\\d|[一二三四五六七八九十])+\\s*[日号])|\\b${MONTH}\\s+(?:of\\s+)?(last|this)\\s+(?:year|yr)\\b|\\b(last|this)\\s+(?:year|yr)(?:'s|’s)?\\s+${MONTH}\\b`,
      ),
      (m) => {
        const y = year + yearsFromNow(m[1] ?? m[4] ?? m[5] ?? '');
        const n = m[2] ? (toNumber(m[2]) ?? 1) : monthNumber(m[3] ?? m[6] ?? '');
        return [isoMonth(y, n - 1), isoMonth(y, n), 'month'];
      },
    ],
    [
      /(前年|去年|今年)\s*的?\s*([上下])半年|\b(?:the\s+)?(first|second|1st|2nd)\s+half\s+of\s+(last|this)\s+year\b|\bh([12])\s+(?:of\s+)?(last|this)\s+year\b|\b(last|this)\s+year(?:'s|’s)?\s+(first|second|1st|2nd)\s+half\b/,
      (m) => {
        const y = year + yearsFromNow(m[1] ?? m[4] ?? m[6] ?? m[7] ?? '');
        const h = m[2] ? (m[2] === '上' ? 1 : 2) : m[5] ? +m[5] : (ORDINAL[m[3] ?? m[8] ?? ''] ?? 1);
        return [isoMonth(y, (h - 1) * 6), isoMonth(y, h * 6), 'half'];
      },
    ],
    [
      // The first two or three quarters of a year named against today: 今年前三季度, the first three quarters of last year.
      /(前年|去年|今年)\s*的?\s*前\s*([二两三])\s*个?季度|\b(?:the\s+)?first\s+(two|three)\s+quarters\s+of\s+(last|this)\s+year\b/,
      (m) => {
        const y = year + yearsFromNow(m[1] ?? m[4] ?? '');
        const n = m[2] ? (ORDINAL[m[2]] ?? 3) : m[3] === 'two' ? 2 : 3;
        return [isoMonth(y, 0), isoMonth(y, n * 3), 'range'];
      },
    ],
    [
      /(前年|去年|今年)\s*的?\s*第?([一二三四1-4])\s*季度|\bq([1-4])\s+(?:of\s+)?(last|this)\s+year\b|\b(last|this)\s+year(?:'s|’s)?\s+(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter)\b|\b(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?(last|this)\s+year\b/,
      (m) => {
        const y = year + yearsFromNow(m[1] ?? m[4] ?? m[5] ?? m[9] ?? '');
        const ordinal = m[7] ?? m[8];
        const n = m[2] ? (ORDINAL[m[2]] ?? +m[2]) : ordinal ? (ORDINAL[ordinal] ?? 1) : +(m[3] ?? m[6] ?? 1);
        return [isoMonth(y, (n - 1) * 3), isoMonth(y, n * 3), 'quarter'];
      },
    ],
  ];
}

/**
 * Seasons named against today (src/model/seasons.ts): "last summer" (the latest one that has ended), "this summer",
 * "the summer of last year", 去年夏天, 今年夏季, 上个夏天. A Chinese winter by its year (去年冬天) is not read.
 */
function relativeSeasons(
  year: number,
  asOf: string,
  tomorrow: string,
): [RegExp, (m: RegExpExecArray) => [string, string, Point['unit']]][] {
  const season = (word: string | undefined): Season => seasonOf(word ?? '') ?? 'summer';
  return [
    [
      new RegExp(`\\b(?:last|past|previous)\\s+${SEASON_EN}\\b|上一?个?${SEASON_ZH}`),
      (m) => [...lastSeason(season(m[1] ?? m[2]), asOf), 'range'],
    ],
    [new RegExp(`\\bthis\\s+${SEASON_EN}\\b`), (m) => [...thisSeason(season(m[1]), asOf, tomorrow), 'range']],
    [
      new RegExp(
        `(前年|去年|今年)\\s*的?\\s*(?!冬)${SEASON_ZH}|\\b(?:the\\s+)?${SEASON_EN}\\s+(?:of\\s+)?(last|this)\\s+year\\b|\\b(last|this)\\s+year(?:'s|’s)\\s+${SEASON_EN}\\b`,
      ),
      (m) => {
        const word = m[2] ?? m[3] ?? m[6];
        const y = year + yearsFromNow(m[1] ?? m[4] ?? m[5] ?? '');
        // "The winter of last year" could be either of two: only the seasons within one year are read by the year.
        return season(word) === 'winter' ? ['', '', 'range'] : [...seasonIn(season(word), y), 'range'];
      },
    ],
  ];
}

/** Periods read against the calendar: last month, 最近6个月, this year, last 2 years, yesterday. */
export function relativePoints(q: string, asOf: string): Point[] {
  const today = parseDate(asOf);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  const tomorrow = iso(addDays(today, 1));
  const points: Point[] = [];
  const rules: [RegExp, (m: RegExpExecArray) => [string, string, Point['unit']]][] = [
    [
      /(?:year to date|\bytd\b|\b(?:the|this)\s+year\s+so\s+far\b|\bso\s+far\s+this\s+year\b|今年以来|今年至今|年初至今)/,
      () => [isoMonth(year, 0), tomorrow, 'range'],
    ],
    [
      new RegExp(`(?:最近|过去|近)\\s*${N}\\s*个?月|\\b(?:the\\s+)?(?:last|past|previous)\\s+${N}\\s+months?\\b`),
      (m) => {
        const n = toNumber(m[1] ?? m[2] ?? '') ?? 1;
        return [isoMonth(year, month - n), isoMonth(year, month), 'range'];
      },
    ],
    [
      new RegExp(`(?:最近|过去|近)\\s*${N}\\s*年|\\b(?:the\\s+)?(?:last|past|previous)\\s+${N}\\s+years?\\b`),
      (m) => {
        const n = toNumber(m[1] ?? m[2] ?? '') ?? 1;
        return [`${year - n}-01-01`, `${year}-01-01`, 'range'];
      },
    ],
    [
      new RegExp(`(?:最近|过去|近)\\s*${N}\\s*(?:周|个星期|星期)|\\b(?:the\\s+)?(?:last|past|previous)\\s+${N}\\s+weeks?\\b`),
      (m) => {
        const n = toNumber(m[1] ?? m[2] ?? '') ?? 1;
        return [iso(addDays(today, -7 * n)), iso(today), 'range'];
      },
    ],
    [
      new RegExp(`(?:最近|过去|近)\\s*${N}\\s*天|\\b(?:the\\s+)?(?:last|past|previous)\\s+${N}\\s+days?\\b`),
      (m) => {
        const n = toNumber(m[1] ?? m[2] ?? '') ?? 1;
        return [iso(addDays(today, -n)), iso(today), 'range'];
      },
    ],
    [/上上个?月|\bthe\s+month\s+before\s+last\b/, () => [isoMonth(year, month - 2), isoMonth(year, month - 1), 'month']],
    [/上个?月|\b(?:last|previous|past)\s+month\b/, () => [isoMonth(year, month - 1), isoMonth(year, month), 'month']],
    [/本月|这个月|当月|\bthis\s+month\b/, () => [isoMonth(year, month), tomorrow, 'month']],
    [
      /上个?季度|\b(?:last|previous)\s+quarter\b/,
      () => {
        const q0 = Math.floor(month / 3) * 3;
        return [isoMonth(year, q0 - 3), isoMonth(year, q0), 'quarter'];
      },
    ],
    [/本季度|这个季度|\bthis\s+quarter\b/, () => [isoMonth(year, Math.floor(month / 3) * 3), tomorrow, 'quarter']],
    [
      /上个?(?:星期|周)|\blast\s+week\b/,
      () => {
        const thisMonday = addDays(today, -((today.getUTCDay() + 6) % 7));
        return [iso(addDays(thisMonday, -7)), iso(thisMonday), 'week'];
      },
    ],
    [/昨天|\byesterday\b/, () => [iso(addDays(today, -1)), iso(today), 'day']],
    ...relativeSeasons(year, asOf, tomorrow),
    ...partsOfRelativeYears(year),
    [/前年|\bthe\s+year\s+before\s+last\b/, () => [`${year - 2}-01-01`, `${year - 1}-01-01`, 'year']],
    [/去年|\blast\s+year\b|\bprevious\s+year\b/, () => [`${year - 1}-01-01`, `${year}-01-01`, 'year']],
    [/今年|\bthis\s+year\b/, () => [`${year}-01-01`, tomorrow, 'year']],
  ];
  for (const [re, f] of rules) {
    const global = new RegExp(re.source, 'g');
    for (let m = global.exec(q); m; m = global.exec(q)) {
      const at = m.index;
      const to = m.index + m[0].length;
      if (points.some((p) => at < p.to && p.at < to)) continue;
      const [start, end, unit] = f(m);
      if (start === '') continue; // named, but not read (a winter by its year)
      points.push({ start, end, unit, year: Number(start.slice(0, 4)), at, to, relative: true });
    }
  }
  return points;
}
