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
import { ORDINAL, relativePoints, type PeriodUnit, type Point } from './relative-periods';
import { SEASON_EN, SEASON_ZH, seasonIn, seasonOf } from './seasons';
/** A period named in the question: its window, whether it is read against today, and the characters it covers. */
export interface NamedPeriod {
  window: TimeWindow;
  /** Read against the calendar ("last month", "今年"), not named by date. */
  relative: boolean;
  /** The unit it was named in: a range spans several. */
  unit: PeriodUnit;
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

const MONTH_RE =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthIndexOf = (name: string) => MONTHS_EN.findIndex((m) => m.startsWith(name.slice(0, 3)));

type Scan = (re: RegExp, f: (m: RegExpExecArray) => void) => void;
type Add = (m: RegExpExecArray, start: string, end: string, unit: Point['unit'], year: number | null, bareYear?: boolean) => void;

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

/** The first n quarters of a year, and a quarter or a half written without its year (read with a year near it). */
function quartersAndParts(scan: Scan, add: Add): void {
  // The first n quarters of a year: 2024年前三季度, the first three quarters of 2024.
  scan(/(\d{4})\s*年?\s*前\s*([二两三])\s*个?季度/g, (m) =>
    add(m, `${m[1]}-01-01`, isoMonth(+m[1]!, (ORDINAL[m[2]!] ?? 3) * 3), 'range', +m[1]!),
  );
  scan(/\b(?:the\s+)?first\s+(two|three)\s+quarters\s+(?:of\s+)?(\d{4})\b/g, (m) =>
    add(m, `${m[2]}-01-01`, isoMonth(+m[2]!, (m[1] === 'two' ? 2 : 3) * 3), 'range', +m[2]!),
  );
  // A quarter or a half without its year ("Q4 revenue 2025 vs 2024"): its year comes from a year named just after it.
  scan(/\bq([1-4])\b/g, (m) => add(m, isoMonth(2000, (+m[1]! - 1) * 3), isoMonth(2000, +m[1]! * 3), 'quarter', null));
  scan(/\bh([12])\b/g, (m) => add(m, isoMonth(2000, (+m[1]! - 1) * 6), isoMonth(2000, +m[1]! * 6), 'half', null));
  // 上半年, 下半年, "the first half", "second half" without their year: the latest that has begun, unless a year follows.
  scan(/(?<![\d年])([上下])半年/g, (m) => {
    const h = m[1] === '上' ? 1 : 2;
    add(m, isoMonth(2000, (h - 1) * 6), isoMonth(2000, h * 6), 'half', null);
  });
  scan(/\b(?:the\s+)?(first|second|1st|2nd)\s+half\b(?!\s+(?:of|in)\b)/g, (m) => {
    const h = ORDINAL[m[1]!] ?? 1;
    add(m, isoMonth(2000, (h - 1) * 6), isoMonth(2000, h * 6), 'half', null);
  });
  scan(/(?<![前后近\d年])第?([一二三四1-4])\s*季度/g, (m) => {
    const n = ORDINAL[m[1]!] ?? +m[1]!;
    add(m, isoMonth(2000, (n - 1) * 3), isoMonth(2000, n * 3), 'quarter', null);
  });
}

/**
 * A range of months written once with 月 at the end: 2024年3到6月, 2023年3至6月, 2024年3-6月, 2024年三到五月, and
 * without its year, 1到11月 (the latest such range that has begun). 今年1到11月 is read against today (relative-periods.ts).
 * "2025年10月到11月", with 月 at both ends, is two months joined: a why question sets them against each other.
 */
function monthRanges(scan: Scan, add: Add): void {
  const month = '(1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])';
  scan(
    new RegExp(`(?:(\\d{4})\\s*年\\s*|(?<![\\d年一二三四五六七八九十]))${month}\\s*(?:到|至|-|~|—|–)\\s*${month}\\s*月份?`, 'g'),
    (m) => {
      const [a, b] = [toNumber(m[2]!) ?? 0, toNumber(m[3]!) ?? 0];
      if (a < 1 || b > 12 || a > b) return;
      const y = m[1] ? +m[1] : 2000;
      add(m, isoMonth(y, a - 1), isoMonth(y, b), 'range', m[1] ? y : null);
    },
  );
}

/**
 * A month in Chinese numerals: 三月, 十一月份, 2024年三月 (今年三月 is read against today, relative-periods.ts). Not 三个月
 * (a count of months), not 前三月 or 每月, and not a day (三月五日).
 */
function monthsInChineseNumerals(scan: Scan, add: Add): void {
  scan(
    /(?:(\d{4})\s*年\s*|(?<![\d一二三四五六七八九十两前近后每上下本这当同隔次年]))(十[一二]?|[一二三四五六七八九])\s*月份?(?!\s*(?:\d|[一二三四五六七八九十])+\s*[日号])/g,
    (m) => {
      const n = toNumber(m[2]!) ?? 1;
      const y = m[1] ? +m[1] : 2000;
      add(m, isoMonth(y, n - 1), isoMonth(y, n), 'month', m[1] ? y : null);
    },
  );
}

/** Points named by date: each pattern returns [start, end) of the unit it names. Earlier patterns win overlaps. */
function datePoints(q: string): Point[] {
  const points: Point[] = [];
  const add: Add = (m, start, end, unit, year, bareYear = false) => {
    const at = m.index;
    const to = m.index + m[0].length;
    if (points.some((p) => at < p.to && p.at < to)) return;
    points.push({ start, end, unit, year, at, to, relative: false, bareYear });
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
  quartersAndParts(scan, add);
  // Seasons by their year: summer 2025, the spring of 2024, 2025 autumn, 2025年夏天 (a winter by its year is not read).
  const season = (m: RegExpExecArray, word: string, y: number) => {
    const s = seasonOf(word);
    if (s && s !== 'winter') add(m, ...seasonIn(s, y), 'range', y);
  };
  scan(new RegExp(`\\b(?:the\\s+)?${SEASON_EN}\\s+(?:of\\s+)?(\\d{4})\\b`, 'g'), (m) => season(m, m[1]!, +m[2]!));
  scan(new RegExp(`\\b(\\d{4})\\s+${SEASON_EN}\\b`, 'g'), (m) => season(m, m[2]!, +m[1]!));
  scan(new RegExp(`(\\d{4})\\s*年?\\s*的?\\s*${SEASON_ZH}`, 'g'), (m) => season(m, m[2]!, +m[1]!));
  monthRanges(scan, add);
  // Months: 2024-03, 2024年3月, March 2024, and a month without its year (its year comes from the other end of a range).
  scan(/\b(\d{4})-(\d{1,2})\b(?!-\d)/g, (m) => add(m, isoMonth(+m[1]!, +m[2]! - 1), isoMonth(+m[1]!, +m[2]!), 'month', +m[1]!));
  scan(/(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月(?!\s*\d)(?!份?\s*(?:以来|起))?/g, (m) => {
    const y = m[1] ? +m[1] : 2000;
    add(m, isoMonth(y, +m[2]! - 1), isoMonth(y, +m[2]!), 'month', m[1] ? y : null);
  });
  monthsInChineseNumerals(scan, add);
  scan(new RegExp(`\\b${MONTH_RE}\\.?(?:\\s+(?:of\\s+)?(\\d{4}))?\\b`, 'g'), (m) => {
    // "may" without a year is the verb far more often than the month ("between May and June" is the month).
    if (!m[2] && m[1] === 'may' && !mayTheMonth(q, m.index)) return;
    const y = m[2] ? +m[2] : 2000;
    const mi = monthIndexOf(m[1]!);
    add(m, isoMonth(y, mi), isoMonth(y, mi + 1), 'month', m[2] ? y : null);
  });
  // Years: 2024年, 2024 (a plausible year, not part of a longer number).
  // "2024年", "2024年度", "2024年全年", "2024全年": the whole year.
  scan(/(\d{4})\s*(?:年(?:度)?(?:\s*(?:全年|整年|一整年))?|(?:全年|整年))/g, (m) =>
    add(m, `${m[1]}-01-01`, `${+m[1]! + 1}-01-01`, 'year', +m[1]!, /^\d{4}\s*年$/.test(m[0])),
  );
  // "2024", "calendar year 2024", "the full year 2024", "the whole of 2024": the whole year.
  scan(
    /(?:\b(?:the\s+)?(?:(?:calendar|full|whole|entire)\s+year(?:\s+of)?|whole\s+of|entire(?:ty)?\s+of)\s+)?(?<![\d.,$¥€£])\b((?:19|20)\d{2})\b(?![\d%]|[.,]\d)/g,
    (m) => add(m, `${m[1]}-01-01`, `${+m[1]! + 1}-01-01`, 'year', +m[1]!, /^\d{4}$/.test(m[0])),
  );
  return points.sort((a, b) => a.at - b.at);
}

const RANGE_JOIN = /^\s*(?:to|through|thru|until|till|-|–|—|~|到|至|and)\s*$/;
const VERSUS_JOIN = /^\s*(?:vs\.?|versus|against|compared\s+(?:to|with)|与|和|跟|同|对比|相比|比)\s*$/;
const ALL_TIME =
  /\ball[- ]time\b|\bof all time\b|\bsince\s+(?:we\s+(?:first\s+)?(?:started|began|opened|launched)|the\s+(?:very\s+)?(?:start|beginning)|day\s+one|inception|launch|forever)\b|开业以来|成立以来|开店以来|上线以来|从开始到现在|\bin total\b|\boverall\b|\bever\b|\bhistoric(?:al(?:ly)?)?\b|(?<!\byear\s)\bso far\b(?!\s+this\s+year)|\bto date\b|\bacross all years\b|总共|累计|历史上?|所有时间|一共|全部时间|迄今为止|有史以来|总计|至今/;
const SINCE_BEFORE = /\b(?:since|from)\s+$|(?:自从?|从)\s*$/;
const SINCE_AFTER = /^\s*(?:以来|起|开始|至今|到现在|onwards?\b|on\b)/;

const isPartOfYear = (p: Point) => p.year !== null && (p.unit === 'quarter' || p.unit === 'half' || p.unit === 'month');

/** The same part of the year as `part` ("Q4"), in the year `year` names, standing where `year` stands. */
function samePartIn(part: Point, year: Point): Point {
  const shift = (d: string) => `${+d.slice(0, 4) + (year.year ?? 0) - (part.year ?? 0)}${d.slice(4)}`;
  return { ...year, start: shift(part.start), end: shift(part.end), unit: part.unit, bareYear: false };
}

/**
 * A part of a year written without its year, then a year a word or two later ("Q4 revenue 2025", "H1 sales 2024"):
 * the part in that year. Both stand where they were written; the words between are the question's own.
 */
function yearAfterPart(q: string, kept: Point[]): void {
  for (let i = 0; i + 1 < kept.length; i++) {
    const part = kept[i] as Point;
    const year = kept[i + 1] as Point;
    if (part.year !== null || !['quarter', 'half'].includes(part.unit) || !year.bareYear || year.year === null) continue;
    if (!/^\s*(?:[a-z\u4e00-\u9fff]+\s*){1,3}$/i.test(q.slice(part.to, year.at))) continue;
    kept.splice(i, 2, {
      ...withYear(part, year.year),
      to: year.to,
      spans: [
        [part.at, part.to],
        [year.at, year.to],
      ],
    });
  }
}

/**
 * The years of two points joined as a range or set against each other, where one or both were written without: each
 * takes the other's ("December to March 2024"), and "from March to June" with neither is the latest such pair that
 * has begun at both ends.
 */
function yearsOfPair(first: Point, second: Point, asOf: string, range: boolean): [Point, Point] {
  // A range's end before its start is in the next year ("December to March"); a period set against another without
  // its year is in the same year ("December 2025 compared with November").
  const endsIn = (from: Point, to: Point, year: number) => {
    const sameYear = withYear(to, year);
    return range && sameYear.end <= from.start ? withYear(to, year + 1) : sameYear;
  };
  let a = first.year === null && second.year !== null ? withYear(first, second.year) : first;
  if (a.year === null && second.year === null) {
    let from = latestStarted(a, asOf);
    if (endsIn(from, second, from.year ?? 0).start >= asOf) from = withYear(a, (from.year ?? 0) - 1);
    a = { ...from, relative: true };
  }
  return [a, second.year === null && a.year !== null ? endsIn(a, second, a.year) : second];
}

/**
 * A month, quarter or half named without its year and given none by the words around it: the latest one begun before
 * today ("October" on 2026-12-01 is October 2026, on 2026-09-15 October 2025), read against the calendar.
 */
function latestStarted(p: Point, asOf: string): Point {
  if (p.year !== null) return p;
  const year = Number(asOf.slice(0, 4));
  const thisYear = withYear(p, year);
  return { ...(thisYear.start < asOf ? thisYear : withYear(p, year - 1)), relative: true };
}

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
  const relative = relativePoints(q, asOf);
  // A part of a year without its year gives way to a relative period that holds it ("Q4 last year").
  const dated = datePoints(q).filter((p) => p.year !== null || !relative.some((r) => p.at < r.to && r.at < p.to));
  const points = [...dated, ...relative].sort((a, b) => a.at - b.at);
  // Relative rules can overlap date rules ("2024年" inside nothing relative): drop any point inside an earlier one.
  const kept: Point[] = [];
  for (const p of points) if (!kept.some((k) => p.at < k.to && k.at < p.to)) kept.push(p);
  const allTimeMatch = ALL_TIME.exec(q);
  let problem: string | null = null;
  const periods: NamedPeriod[] = [];
  const toPeriod = (p: Point, spans: [number, number][] = p.spans ?? [[p.at, p.to]]): NamedPeriod => ({
    window: makeWindow(p.start, p.end, 'question'),
    relative: p.relative,
    unit: p.unit,
    spans,
  });
  yearAfterPart(q, kept);
  let last: Point | null = null;
  for (let i = 0; i < kept.length; i++) {
    let a = kept[i] as Point;
    const b = kept[i + 1];
    const between = b ? q.slice(a.to, b.at) : '';
    const before = q.slice(Math.max(0, a.at - 12), a.at);
    if (b && (RANGE_JOIN.test(between) || (VERSUS_JOIN.test(between) && !/\bfrom\s+$|从\s*$/.test(before)))) {
      let second: Point;
      [a, second] = yearsOfPair(a, b, asOf, RANGE_JOIN.test(between));
      // "Q4 2025 vs 2024", "March 2025 vs 2024": a year set against a part of a year is the same part of that year.
      if (VERSUS_JOIN.test(between) && second.bareYear && isPartOfYear(a)) second = samePartIn(a, second);
      // In a why or compare question, "between A and B", "from A to B" and "A and B" of the same unit set two periods against each other.
      const versus =
        VERSUS_JOIN.test(between) ||
        (pairAsTwo &&
          (/between\s+$|\bfrom\s+$|从\s*$/.test(before) || /到|至|to/.test(between) || (/and/.test(between) && a.unit === second.unit)));
      const startWord = /\b(?:between|from)\s+$|从\s*$/.exec(before);
      const spanStart = startWord ? a.at - (before.length - startWord.index) : a.at;
      if (versus) {
        periods.push(toPeriod(a, [...(a.spans ?? [[spanStart, a.to]]), [a.to, second.at]]), toPeriod(second));
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
      a = latestStarted(a, asOf); // "since March": the latest March that has begun
      const from = sinceBefore ? a.at - sinceBefore[0].length : a.at;
      const to = sinceAfter ? a.to + sinceAfter[0].length : a.to;
      periods.push({ ...toPeriod({ ...a, end: iso(addDays(parseDate(asOf), 1)), unit: 'range' }, [[from, to]]), relative: true });
      continue;
    }
    // "Why was Q4 2025 lower than Q3?", "2025年第四季度比第三季度少": the other part in the same year.
    if (a.year === null && pairAsTwo && last?.year && last.unit === a.unit) a = withYear(a, last.year);
    // A month, quarter or half named alone ("in October", "Q2 numbers"): the latest one that has begun.
    a = latestStarted(a, asOf);
    // "2025年第四季度销售额同比2024年": in a comparison, a year after a part of a year is the same part of it.
    if (pairAsTwo && a.bareYear && last && isPartOfYear(last)) a = samePartIn(last, a);
    periods.push(toPeriod(a));
    last = a;
  }
  withinHolder(periods);
  // "至今" counted as a since above is not also all time.
  const allTime =
    allTimeMatch && !periods.some((p) => p.spans.some(([s, e]) => allTimeMatch.index >= s && allTimeMatch.index < e))
      ? ([allTimeMatch.index, allTimeMatch.index + allTimeMatch[0].length] as [number, number])
      : null;
  return { periods, allTime, problem };
}

/**
 * "One more question about last year: why did revenue fall between May and June 2025?": a period that holds two of the
 * others named is where they are, not a period of its own; its words go with the first it holds (changed in place).
 */
function withinHolder(periods: NamedPeriod[]): void {
  const holds = (p: NamedPeriod, o: NamedPeriod) =>
    o !== p &&
    o.window.start >= p.window.start &&
    o.window.end <= p.window.end &&
    (o.window.start > p.window.start || o.window.end < p.window.end);
  for (const holder of [...periods]) {
    const inner = periods.filter((o) => holds(holder, o));
    if (inner.length < 2) continue;
    (inner[0] as NamedPeriod).spans.push(...holder.spans);
    periods.splice(periods.indexOf(holder), 1);
  }
}

/** Whether "may" at `at` is the month: words of a month around it ("in May", "between May and June", "May to July"). */
function mayTheMonth(q: string, at: number): boolean {
  return MAY_THE_MONTH.test(q.slice(Math.max(0, at - 12), at)) || MAY_BEFORE_MONTH.test(q.slice(at + 3));
}
/** Words before "may" that make it the month: "in May", "between May and June", "since May". */
const MAY_THE_MONTH = /\b(?:in|between|from|since|during|until|till|through|of|for|vs\.?|versus|than|and)\s+$/;
/** Words after "may" that make it the month: "May and June", "May to July", "May vs April". */
const MAY_BEFORE_MONTH = new RegExp(`^\\s*(?:and|to|through|until|till|vs\\.?|versus|-|–)\\s*${MONTH_RE}\\b`);

/** The period named in the question (the first, when it names two), or null when it names none. */
export function findTimeWindow(question: string, asOf: string): TimeWindow | null {
  return readPeriods(question, asOf).periods[0]?.window ?? null;
}
