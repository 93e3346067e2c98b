/**
 * The periods a question names, in English or Chinese, as half-open date
 * windows [start, end): a year, a half, a quarter, a month or a day; a range
 * between two of those ("from March to June 2024", "2023年3月到6月", "between
 * 2021 and 2023"); "since" a date; relative periods read against the run's
 * as-of date ("last month", "最近6个月", "this year"); two periods set against
 * each other ("2024 vs 2023"); and words for all of the data ("all time",
 * "累计"). Each match keeps where it stands in the question, so the words it
 * covers count as understood. Pure and deterministic.
 */
import type { TimeWindow } from '../contracts';
import { addDays, iso, isoMonth, lastDayOf, makeWindow, MONTHS_EN, parseDate, toNumber } from './time-window';
/** A period named in the question: its window, whether it is read against today, and the characters it covers. */
export interface NamedPeriod {
  window: TimeWindow;
  /** Read against the calendar ("last month", "今年"), not named by date. */
  relative: boolean;
  /** The unit it was named in: a range spans several. */
  unit: 'day' | 'week' | 'month' | 'quarter' | 'half' | 'year' | 'range';
  spans: [number, number][];
}

export interface PeriodReading {
  /** One period, or two the question sets against each other ("2024 vs 2023", "between 2023 and 2024" in a why question). */
  periods: NamedPeriod[];
  /** Words asking for all of the data ("all time", "累计"), and where they stand. */
  allTime: [number, number] | null;
  /** Why a named period cannot be used (an end before its start). */
  problem: string | null;
}

interface Point {
  start: string;
  end: string;
  unit: NamedPeriod['unit'];
  /** The year was not written ("March" in "March to June 2024"): filled from the other end of a range. */
  year: number | null;
  at: number;
  to: number;
  relative: boolean;
}

const MONTH_RE =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthIndexOf = (name: string) => MONTHS_EN.findIndex((m) => m.startsWith(name.slice(0, 3)));
const N = '(\\d+|[一二两三四五六七八九十]+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)';
const ORDINAL: Record<string, number> = {
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
};

type Scan = (re: RegExp, f: (m: RegExpExecArray) => void) => void;
type Add = (m: RegExpExecArray, start: string, end: string, unit: Point['unit'], year: number | null) => void;

/** Years and ranges named the way finance writes them; read before any other date, so they win the words they hold. */
function calendarRanges(scan: Scan, add: Add): void {
  // "YTD through September 2025", "year to date to end of March 2024": from the year's first day to the month's end.
  scan(
    new RegExp(
      `\\b(?:ytd|year[-\\s]to[-\\s]date)\\s+(?:through|thru|to|until|till|up\\s+to|as\\s+of)\\s+(?:the\\s+)?(?:end\\s+of\\s+)?${MONTH_RE}\\.?,?\\s+(\\d{4})\\b`,
      'g',
    ),
    (m) => {
      const y = +m[2]!;
      add(m, `${y}-01-01`, isoMonth(y, monthIndexOf(m[1]!) + 1), 'range', y);
    },
  );
  // "CY2024", "FY2024 (calendar)", "2024 full year": the calendar year. A fiscal year alone ("FY2024") is not read: when
  // it starts is the company's, so the question is asked back.
  scan(
    /\b(?:cy\s*'?((?:19|20)\d{2})\b|fy\s*'?((?:19|20)\d{2})\s*\(?\s*calendar(?:\s+year)?\s*\)?|((?:19|20)\d{2})\s+(?:full|whole|entire)\s+year\b)/g,
    (m) => {
      const y = +(m[1] ?? m[2] ?? m[3])!;
      add(m, `${y}-01-01`, `${y + 1}-01-01`, 'year', y);
    },
  );
}

/** Points named by date: each pattern returns [start, end) of the unit it names. Earlier patterns win overlaps. */
function datePoints(q: string): Point[] {
  const points: Point[] = [];
  const add = (m: RegExpExecArray, start: string, end: string, unit: Point['unit'], year: number | null) => {
    const at = m.index;
    const to = m.index + m[0].length;
    if (points.some((p) => at < p.to && p.at < to)) return;
    points.push({ start, end, unit, year, at, to, relative: false });
  };
  const scan = (re: RegExp, f: (m: RegExpExecArray) => void) => {
    for (let m = re.exec(q); m; m = re.exec(q)) f(m);
  };
  const day = (y: number, mi: number, d: number) => iso(new Date(Date.UTC(y, mi, d)));
  calendarRanges(scan, add);
  // Days: 2023-03-01, 2023/3/1, 2023年3月1日, March 1, 2024.
  scan(/(\d{4})[-/](\d{1,2})[-/](\d{1,2})/g, (m) =>
    add(m, day(+m[1]!, +m[2]! - 1, +m[3]!), day(+m[1]!, +m[2]! - 1, +m[3]! + 1), 'day', +m[1]!),
  );
  scan(/(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]/g, (m) => {
    const y = m[1] ? +m[1] : 2000;
    add(m, day(y, +m[2]! - 1, +m[3]!), day(y, +m[2]! - 1, +m[3]! + 1), 'day', m[1] ? y : null);
  });
  scan(new RegExp(`\\b${MONTH_RE}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'g'), (m) => {
    const mi = monthIndexOf(m[1]!);
    add(m, day(+m[3]!, mi, +m[2]!), day(+m[3]!, mi, +m[2]! + 1), 'day', +m[3]!);
  });
  // Halves: H1 2024, 2024 H2, the first half of 2024, 2024年上半年.
  const half = (m: RegExpExecArray, y: number, h: number) => add(m, isoMonth(y, (h - 1) * 6), isoMonth(y, h * 6), 'half', y);
  scan(/\bh([12])\s*(\d{4})\b/g, (m) => half(m, +m[2]!, +m[1]!));
  scan(/\b(\d{4})\s*h([12])\b/g, (m) => half(m, +m[1]!, +m[2]!));
  scan(/\b(?:the\s+)?(first|second|1st|2nd)\s+half\s+(?:of\s+)?(\d{4})\b/g, (m) => half(m, +m[2]!, ORDINAL[m[1]!] ?? 1));
  scan(/(\d{4})\s*年?\s*([上下])半年/g, (m) => half(m, +m[1]!, m[2] === '上' ? 1 : 2));
  // Quarters: Q3 2024, 2024 Q3, 2024年Q3, the third quarter of 2024, 2024年第三季度.
  const quarter = (m: RegExpExecArray, y: number, n: number) => add(m, isoMonth(y, (n - 1) * 3), isoMonth(y, n * 3), 'quarter', y);
  scan(/\bq([1-4])\s*(?:of\s+)?(\d{4})\b/g, (m) => quarter(m, +m[2]!, +m[1]!));
  scan(/(\d{4})\s*年?\s*-?\s*q([1-4])\b/g, (m) => quarter(m, +m[1]!, +m[2]!));
  scan(/\b(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?(\d{4})\b/g, (m) =>
    quarter(m, +m[2]!, ORDINAL[m[1]!] ?? 1),
  );
  scan(/(\d{4})\s*年\s*第?\s*([一二三四1-4])\s*季度?/g, (m) => quarter(m, +m[1]!, ORDINAL[m[2]!] ?? +m[2]!));
  // A range of months written once with its year and 月 at the end: 2024年3到6月, 2023年3至6月, 2024年3-6月.
  scan(/(\d{4})\s*年\s*(\d{1,2})\s*(?:到|至|-|~|—|–)\s*(\d{1,2})\s*月(?:份)?/g, (m) => {
    const [y, a, b] = [+m[1]!, +m[2]!, +m[3]!];
    if (a >= 1 && b <= 12 && a <= b) add(m, isoMonth(y, a - 1), isoMonth(y, b), 'range', y);
  });
  // Months: 2024-03, 2024年3月, March 2024, and a month without its year (its year comes from the other end of a range).
  scan(/\b(\d{4})-(\d{1,2})\b(?!-\d)/g, (m) => add(m, isoMonth(+m[1]!, +m[2]! - 1), isoMonth(+m[1]!, +m[2]!), 'month', +m[1]!));
  scan(/(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月(?!\s*\d)(?!份?\s*(?:以来|起))?/g, (m) => {
    const y = m[1] ? +m[1] : 2000;
    add(m, isoMonth(y, +m[2]! - 1), isoMonth(y, +m[2]!), 'month', m[1] ? y : null);
  });
  scan(new RegExp(`\\b${MONTH_RE}\\.?(?:\\s+(?:of\\s+)?(\\d{4}))?\\b`, 'g'), (m) => {
    // "may" without a year is the verb far more often than the month.
    if (!m[2] && m[1] === 'may') return;
    const y = m[2] ? +m[2] : 2000;
    const mi = monthIndexOf(m[1]!);
    add(m, isoMonth(y, mi), isoMonth(y, mi + 1), 'month', m[2] ? y : null);
  });
  // Years: 2024年, 2024 (a plausible year, not part of a longer number).
  // "2024年", "2024年度", "2024年全年", "2024全年": the whole year.
  scan(/(\d{4})\s*(?:年(?:度)?(?:\s*(?:全年|整年|一整年))?|(?:全年|整年))/g, (m) =>
    add(m, `${m[1]}-01-01`, `${+m[1]! + 1}-01-01`, 'year', +m[1]!),
  );
  // "2024", "calendar year 2024", "the full year 2024", "the whole of 2024": the whole year.
  scan(
    /(?:\b(?:the\s+)?(?:(?:calendar|full|whole|entire)\s+year(?:\s+of)?|whole\s+of|entire(?:ty)?\s+of)\s+)?(?<![\d.,$¥€£])\b((?:19|20)\d{2})\b(?![\d%]|[.,]\d)/g,
    (m) => add(m, `${m[1]}-01-01`, `${+m[1]! + 1}-01-01`, 'year', +m[1]!),
  );
  return points.sort((a, b) => a.at - b.at);
}

/** How many years from this one a relative year word is: 前年 -2, 去年 and "last" -1, 今年 and "this" 0. */
const yearsFromNow = (word: string) => ({ 前年: -2, 去年: -1, last: -1, 今年: 0, this: 0 })[word] ?? 0;

/**
 * A half or a quarter of a year named relatively: 去年上半年, the first half of last year, H2 this year, Q3 last year, the
 * fourth quarter of last year, last year's third quarter.
 */
function partsOfRelativeYears(year: number): [RegExp, (m: RegExpExecArray) => [string, string, Point['unit']]][] {
  return [
    [
      /(前年|去年|今年)\s*的?\s*([上下])半年|\b(?:the\s+)?(first|second|1st|2nd)\s+half\s+of\s+(last|this)\s+year\b|\bh([12])\s+(?:of\s+)?(last|this)\s+year\b|\b(last|this)\s+year(?:'s|’s)?\s+(first|second|1st|2nd)\s+half\b/,
      (m) => {
        const y = year + yearsFromNow(m[1] ?? m[4] ?? m[6] ?? m[7] ?? '');
        const h = m[2] ? (m[2] === '上' ? 1 : 2) : m[5] ? +m[5] : (ORDINAL[m[3] ?? m[8] ?? ''] ?? 1);
        return [isoMonth(y, (h - 1) * 6), isoMonth(y, h * 6), 'half'];
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

/** Periods read against the calendar: last month, 最近6个月, this year, last 2 years, yesterday. */
function relativePoints(q: string, asOf: string): Point[] {
  const today = parseDate(asOf);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  const tomorrow = iso(addDays(today, 1));
  const points: Point[] = [];
  const rules: [RegExp, (m: RegExpExecArray) => [string, string, Point['unit']]][] = [
    [/(?:year to date|\bytd\b|今年以来|今年至今|年初至今)/, () => [isoMonth(year, 0), tomorrow, 'range']],
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
      points.push({ start, end, unit, year: Number(start.slice(0, 4)), at, to, relative: true });
    }
  }
  return points;
}

const RANGE_JOIN = /^\s*(?:to|through|thru|until|till|-|–|—|~|到|至|and)\s*$/;
const VERSUS_JOIN = /^\s*(?:vs\.?|versus|against|compared\s+(?:to|with)|与|和|跟|同|对比|相比|比)\s*$/;
const ALL_TIME =
  /\ball[- ]time\b|\bof all time\b|\bsince\s+(?:we\s+(?:first\s+)?(?:started|began|opened|launched)|the\s+(?:very\s+)?(?:start|beginning)|day\s+one|inception|launch|forever)\b|开业以来|成立以来|开店以来|上线以来|从开始到现在|\bin total\b|\boverall\b|\bever\b|\bhistoric(?:al(?:ly)?)?\b|\bso far\b|\bto date\b|\bacross all years\b|总共|累计|历史上?|所有时间|一共|全部时间|迄今为止|有史以来|总计|至今/;
const SINCE_BEFORE = /\b(?:since|from)\s+$|(?:自从?|从)\s*$/;
const SINCE_AFTER = /^\s*(?:以来|起|开始|至今|到现在|onwards?\b|on\b)/;

function withYear(p: Point, year: number): Point {
  if (p.year !== null) return p;
  const shift = (d: string) => `${year}${d.slice(4)}`;
  // A month past the end of its year's range rolls over with the date ("December to March 2024" is handled by the caller's order check).
  return { ...p, start: shift(p.start), end: p.end.startsWith('2001') ? `${year + 1}${p.end.slice(4)}` : shift(p.end), year };
}

/**
 * Every period the question names. `pairAsTwo`: "between A and B" / "from A to B" name two periods to set
 * against each other (a why or compare question), not one range.
 */
export function readPeriods(question: string, asOf: string, pairAsTwo = false): PeriodReading {
  const q = question.toLowerCase();
  const points = [...datePoints(q), ...relativePoints(q, asOf)].sort((a, b) => a.at - b.at);
  // Relative rules can overlap date rules ("2024年" inside nothing relative): drop any point inside an earlier one.
  const kept: Point[] = [];
  for (const p of points) if (!kept.some((k) => p.at < k.to && k.at < p.to)) kept.push(p);
  const allTimeMatch = ALL_TIME.exec(q);
  let problem: string | null = null;
  const periods: NamedPeriod[] = [];
  const toPeriod = (p: Point, spans: [number, number][] = [[p.at, p.to]]): NamedPeriod => ({
    window: makeWindow(p.start, p.end, 'question'),
    relative: p.relative,
    unit: p.unit,
    spans,
  });
  for (let i = 0; i < kept.length; i++) {
    let a = kept[i] as Point;
    const b = kept[i + 1];
    const between = b ? q.slice(a.to, b.at) : '';
    const before = q.slice(Math.max(0, a.at - 12), a.at);
    if (b && (RANGE_JOIN.test(between) || (VERSUS_JOIN.test(between) && !/\bfrom\s+$|从\s*$/.test(before)))) {
      let second = b;
      if (a.year === null && second.year !== null) a = withYear(a, second.year);
      if (second.year === null && a.year !== null) second = withYear(second, a.year);
      // In a why or compare question, "between A and B", "from A to B" and "A and B" of the same unit set two periods against each other.
      const versus =
        VERSUS_JOIN.test(between) ||
        (pairAsTwo &&
          (/between\s+$|\bfrom\s+$|从\s*$/.test(before) || /到|至|to/.test(between) || (/and/.test(between) && a.unit === second.unit)));
      const startWord = /\b(?:between|from)\s+$|从\s*$/.exec(before);
      const spanStart = startWord ? a.at - (before.length - startWord.index) : a.at;
      if (versus) {
        periods.push(
          toPeriod(a, [
            [spanStart, a.to],
            [a.to, second.at],
          ]),
          toPeriod(second),
        );
      } else if (second.end <= a.start) {
        problem = `the range ends (${lastDayOf(second.end)}) before it starts (${a.start})`;
      } else {
        periods.push({
          ...toPeriod({ ...a, end: second.end, unit: 'range' }, [[spanStart, second.to]]),
          relative: a.relative || second.relative,
        });
      }
      i++;
      continue;
    }
    // "since March 2024", "自2023年6月以来": from the point to today.
    const sinceBefore = SINCE_BEFORE.exec(q.slice(0, a.at));
    const sinceAfter = SINCE_AFTER.exec(q.slice(a.to));
    if ((sinceBefore && /since|自/.test(sinceBefore[0])) || sinceAfter) {
      const from = sinceBefore ? a.at - sinceBefore[0].length : a.at;
      const to = sinceAfter ? a.to + sinceAfter[0].length : a.to;
      periods.push({ ...toPeriod({ ...a, end: iso(addDays(parseDate(asOf), 1)), unit: 'range' }, [[from, to]]), relative: true });
      continue;
    }
    if (a.year === null) continue;
    periods.push(toPeriod(a));
  }
  // "至今" counted as a since above is not also all time.
  const allTime =
    allTimeMatch && !periods.some((p) => p.spans.some(([s, e]) => allTimeMatch.index >= s && allTimeMatch.index < e))
      ? ([allTimeMatch.index, allTimeMatch.index + allTimeMatch[0].length] as [number, number])
      : null;
  return { periods, allTime, problem };
}

/** The period named in the question (the first, when it names two), or null when it names none. */
export function findTimeWindow(question: string, asOf: string): TimeWindow | null {
  return readPeriods(question, asOf).periods[0]?.window ?? null;
}
