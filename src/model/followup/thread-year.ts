/**
 * A month, a quarter or a half a follow-up names without its year is in the thread's year ("and March?" after a 2024
 * question is March 2024); "Q1 of the year before" is in the year before the thread's.
 */
import { toNumber } from '../time-window';

const MONTHS_EN =
  /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b(?!\.?\s*(?:of\s+)?\d{4})(?!\.?,?\s*(?:of\s+)?(?:this|last|next)\s+year)/gi;
const MONTH_ZH = /(?<!\d\s*年\s*)(?<![\d年])(\d{1,2}|[一二三四五六七八九十]{1,2})\s*月(?!\s*\d)(?!份?\s*(?:以来|起))/g;

/** A quarter or a half without its year: "q3", "h2", "the first half", 上半年, 第三季度, 三季度. */
const PART_EN =
  /\b([qh][1-4])\b(?!\s*(?:of\s+)?\d{4})(?!,?\s*(?:of\s+)?(?:this|last|next)\s+year)|\b((?:the\s+)?(?:first|second|1st|2nd)\s+half|(?:the\s+)?(?:first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter)\b(?!\s*(?:of\s+)?\d{4})(?!,?\s*(?:of\s+)?(?:this|last|next)\s+year)/gi;
const PART_ZH = /(?<![\d年第]\s*)(上半年|下半年|第?[一二三四1-4]季度)/g;

/**
 * The message with a month, a quarter or a half named without its year given the thread's year ("in March" → "in
 * March 2024", "h2?" → "h2 2023", 第三季度 → 2025年第三季度).
 */
export function withThreadYear(text: string, year: number | null): string {
  if (year === null) return text;
  // "Q1 of the year before", "march the previous year": the part in the year before the thread's.
  text = text.replace(
    new RegExp(
      String.raw`(${PART_EN.source}|${MONTHS_EN.source})\s+(?:of\s+|in\s+)?(?:the\s+)?(?:year\s+before|previous\s+year|prior\s+year|preceding\s+year)\b`,
      'gi',
    ),
    (m: string) =>
      `${m.replace(/\s+(?:of\s+|in\s+)?(?:the\s+)?(?:year\s+before|previous\s+year|prior\s+year|preceding\s+year)$/i, '')} ${year - 1}`,
  );
  const en = text
    .replace(MONTHS_EN, (m) => `${m} ${year}`)
    .replace(PART_EN, (m: string, short: string | undefined) => (short && /^h[34]$/i.test(short) ? m : `${m} ${year}`));
  return en
    .replace(MONTH_ZH, (m, n: string) => {
      const month = toNumber(n);
      return month !== null && month >= 1 && month <= 12 ? `${year}年${month}月` : m;
    })
    .replace(PART_ZH, (m) => `${year}年${m}`);
}
