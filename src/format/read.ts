/**
 * Numbers read back from text: how the auditor reads a written number (with its citation marker) to check it
 * against the value it cites, by the same rules src/format/numbers.ts writes it. Dates (2026-10, 2026-10-31,
 * 2026年10月) and `code spans` are not claims.
 */
import type { Calculation } from '../contracts';
import { render } from '../messages';
import { formatCalculation, MONEY_PREFIX } from './numbers';

export interface WrittenNumber {
  text: string;
  /** The value the text states, in the calculation's units (percent and points divided by 100). */
  value: number;
  /** Half a unit of the last digit shown, in the same units: the rounding the text allows. */
  precision: number;
  /** "< 0.0001": the value is below the number shown. */
  upperBound: boolean;
  /** The citation marker right after it, if any. */
  marker: number | null;
  index: number;
}

/**
 * Dates and periods as the time-window labels and period keys write them: 2026-10, 2026-10-31, 2026-W40, 2026-Q3,
 * 2026-H1, 2026年10月, 2026年第3季度, 2026年上半年, 2026年, October 2026, Q3 2026, H1 2026, and a year alone
 * (1900–2099, not followed by a citation marker: a cited number is a claim).
 */
const DATES = new RegExp(
  [
    '\\d{4}-W\\d{2}',
    '\\d{4}-[QH][1-4]',
    '\\d{4}年[上下]半年',
    'H[12] \\d{4}',
    '\\d{4}-\\d{2}(?:-\\d{2})?',
    '\\d{4}年(?:第?[1-4]季度|Q[1-4]|\\d{1,2}月(?:\\d{1,2}日)?)?',
    '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.? \\d{4}',
    'Q[1-4] \\d{4}',
    '(?<![\\d.,¥$€£])(?:19|20)\\d{2}(?![\\d%]|[.,]\\d|\\s*\\[\\d)(?:\\s*[–-]\\s*(?:19|20)\\d{2}(?![\\d%]|[.,]\\d|\\s*\\[\\d))?',
  ].join('|'),
  'g',
);
const CODE = /`[^`]*`/g;
/** The percentage-point units as the formatter writes them (个百分点, pp). */
const POINTS_ZH = render('common.points-unit', {}, 'zh');
const POINTS_EN = render('common.points-unit', {}, 'en');
const NUMBER = new RegExp(
  `(<\\s*)?([+\\-−]?)${MONEY_PREFIX}?(\\d[\\d,]*(?:\\.\\d+)?)(\\s?%|\\s?${POINTS_ZH}|\\s?${POINTS_EN}\\b)?(\\s*\\[(\\d+)\\])?`,
  'g',
);

/**
 * Every number written in the text, with the marker after it. Markers not next to a number are returned separately.
 * `names` are labels of the rows the numbers describe (an album called "Season 1", a plan named "Pro 2"): digits
 * inside them are part of a name, not a claim.
 */
export function readNumbers(text: string, names: string[] = []): { numbers: WrittenNumber[]; loneMarkers: number[] } {
  // Blank out what is not a claim, keeping offsets: names with digits (longest first, before a date inside one is
  // taken for a date), then code and dates.
  let masked = text;
  // A key of digits only (a customer known by its id, 25550) is a name too (as a whole
  // number, never inside a longer one), but for years: period keys ("2024", "2024-10") are dates, read below.
  const named = (n: string) => /\d/.test(n) && (/[a-z\u4e00-\u9fff]/i.test(n) || (/^\d{3,}$/.test(n) && !/^(?:19|20)\d{2}$/.test(n)));
  for (const name of [...new Set(names)].filter(named).sort((a, b) => b.length - a.length)) {
    masked = /^\d+$/.test(name)
      ? masked.replace(new RegExp(`(?<![\\d.,])${name}(?![\\d.,])`, 'g'), ' '.repeat(name.length))
      : masked.split(name).join(' '.repeat(name.length));
  }
  masked = masked.replace(CODE, (m) => ' '.repeat(m.length)).replace(DATES, (m) => ' '.repeat(m.length));
  const numbers: WrittenNumber[] = [];
  const used = new Set<number>();
  for (const m of masked.matchAll(NUMBER)) {
    const index = m.index ?? 0;
    const before = masked[index - 1] ?? ' ';
    // Part of an identifier (s1, h2, Cohen's d aside) or of a marker: not a number in prose.
    if (/[A-Za-z_[\d.]/.test(before)) continue;
    const [, lt, sgn, digits = '0', unit, markerPart, marker] = m;
    const decimals = digits.includes('.') ? (digits.split('.')[1] ?? '').length : 0;
    const scale = unit && unit.trim() !== '' ? 0.01 : 1;
    const magnitude = Number(digits.replace(/,/g, '')) * scale;
    numbers.push({
      text: m[0].replace(markerPart ?? '', ''),
      value: sgn === '-' || sgn === '−' ? -magnitude : magnitude,
      precision: 0.5 * 10 ** -decimals * scale + 1e-12,
      upperBound: Boolean(lt),
      marker: marker ? Number(marker) : null,
      index,
    });
    if (markerPart) used.add(index + m[0].length - markerPart.trimStart().length);
  }
  const loneMarkers: number[] = [];
  for (const m of masked.matchAll(/\[(\d+)\]/g)) {
    if (!used.has(m.index ?? 0)) loneMarkers.push(Number(m[1]));
  }
  return { numbers, loneMarkers };
}

/**
 * Whether a written number states the calculation: exactly as the writer writes it (one rounding rule for the
 * writer and the auditor, so a value whose next digit is 5 passes however binary arithmetic rounds it), or
 * within the rounding the text shows (a number a model wrote with fewer digits).
 */
export function statesCalculation(written: WrittenNumber, calc: Pick<Calculation, 'value' | 'display' | 'delta' | 'unit'>): boolean {
  const asWritten = readNumbers(formatCalculation(calc, 'en')).numbers[0];
  if (asWritten && Math.abs(asWritten.value) === Math.abs(written.value) && asWritten.upperBound === written.upperBound) return true;
  return states(written, calc.value);
}

/** Whether a written number states the value (within the rounding it shows). */
export function states(written: WrittenNumber, value: number): boolean {
  if (written.upperBound) return value < written.value + written.precision;
  return Math.abs(written.value - value) <= written.precision;
}
