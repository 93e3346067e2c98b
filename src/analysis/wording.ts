/**
 * How numbers, dimensions and their values are written for people: the helpers
 * the findings, calculations, reports and the operation modules share. Pure: no
 * catalog loading here, only the catalog handed in.
 */
import type { Catalog, MetricDefinition } from '../catalog/catalog';
import type { Language } from '../contracts';

/** Columns that key a row by its period: the time grains and the named periods of a comparison. */
export const PERIOD_COLUMNS = ['year', 'quarter', 'month', 'week', 'day', 'period'];

/** Currency symbols by ISO code; another code is written before the amount ("CHF 12.00"). */
const CURRENCY_SYMBOLS: Record<string, string> = { CNY: '¥', RMB: '¥', JPY: '¥', USD: '$', EUR: '€', GBP: '£' };

/**
 * An amount of money in the metric's currency (the catalog's `unit`): ¥ for CNY, $ for USD, € for EUR, £ for GBP,
 * the code for another, and ¥ when the catalog names none (Baton's first catalogs were in CNY). The report writer,
 * the findings and the auditor all write and read money through this one rule.
 */
export function formatMoney(amount: number, unit: string | null | undefined): string {
  const code = (unit ?? 'CNY').toUpperCase();
  const digits = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const symbol = CURRENCY_SYMBOLS[code];
  return symbol ? `${symbol}${digits}` : `${code} ${digits}`;
}

/** What may stand before an amount when it is read back: a symbol, or a three-letter code and a space. */
export const MONEY_PREFIX = '(?:[¥$€£]|[A-Z]{3} )';

export function formatValue(value: number | null | undefined, metric: MetricDefinition | undefined, language: Language): string {
  if (value === null || value === undefined || Number.isNaN(value)) return language === 'zh' ? '无数据' : 'no data';
  switch (metric?.format) {
    case 'currency':
      return formatMoney(value, metric.unit);
    case 'integer':
      return Math.round(value).toLocaleString('en-US');
    case 'ratio':
      return `${(value * 100).toFixed(2)}%`;
    default:
      return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
  }
}

/** A change or effect in the metric's unit: percentage points for ratios. */
export function formatDelta(value: number, metric: MetricDefinition | undefined, language: Language): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  if (metric?.format === 'ratio') return `${sign}${Math.abs(value * 100).toFixed(2)}${language === 'zh' ? ' 个百分点' : ' pp'}`;
  return `${sign}${formatValue(Math.abs(value), metric, language)}`;
}

/** A dimension's name for people. */
export function dimensionLabel(catalog: Catalog, language: Language, dimension: string): string {
  const dim = catalog.dimensions[dimension];
  return dim ? (language === 'zh' ? dim.label_zh : dim.label) : dimension;
}

/** A dimension value for people: its first Chinese alias in Chinese, its first longer English alias in English. */
export function valueLabel(catalog: Catalog, language: Language, dimension: string, value: string): string {
  const aliases = catalog.dimensions[dimension]?.values[value] ?? [];
  if (language === 'zh') return aliases.find((a) => /[\u4e00-\u9fff]/.test(a)) ?? value;
  const english = aliases.find((a) => /^[\x20-\x7e]+$/.test(a) && a.includes(' '));
  // Aliases are matched case-insensitively and often written in lower case; show them capitalised.
  return english ? english.replace(/\b[a-z]/g, (c) => c.toUpperCase()) : value;
}

// ---------------------------------------------------------------- the two languages

/** One piece of text in both languages: the question's language picks. */
export type Say = (zh: string, en: string) => string;

/** The one language switch: `say(language)('上升', 'rising')`. Every agent, the report and the renderers use it. */
export function say(language: Language): Say {
  return (zh, en) => (language === 'zh' ? zh : en);
}

/** A language's words and punctuation, for code that writes several sentences. */
export interface Words {
  language: Language;
  zh: boolean;
  t: Say;
  /** Items of a list: 、 in Chinese, ", " in English. */
  list: (items: string[]) => string;
  /** Sentences as prose: run together in Chinese, one space after each full stop in English. */
  sentences: (items: (string | null | undefined)[]) => string;
  /** What follows a number that is not a verified calculation's value. */
  unverified: string;
}

export function wordsFor(language: Language): Words {
  const t = say(language);
  return {
    language,
    zh: language === 'zh',
    t,
    list: (items) => items.join(t('、', ', ')),
    sentences: (items) => joinSentences(language, items),
    unverified: unverifiedMark(language),
  };
}

/** The mark after a number nobody verified: "(unverified)", "（未核实）". */
export function unverifiedMark(language: Language): string {
  return language === 'zh' ? '（未核实）' : '(unverified)';
}

/**
 * Sentences joined as prose: Chinese runs them together (。 ends each); English puts exactly one space between
 * them, so "… (−7.57 pp).The main contributor …" cannot happen whatever the sentences end or begin with.
 */
export function joinSentences(language: Language, items: (string | null | undefined)[]): string {
  const parts = items.map((s) => (s ?? '').trim()).filter(Boolean);
  return parts.join(language === 'zh' ? '' : ' ');
}

/**
 * A series over a period, said without contradicting itself: the change over the whole period first (its sign
 * decides "rose" or "fell"), then the latest month-over-month direction and how many months it has lasted, said
 * as the latest move ("the latest month fell") when it goes against the overall change. Every argument that is a
 * number arrives written (with its citation marker, or marked unverified); `overall` is the sign of last − first.
 */
export function trendSentence(language: Language, s: {
  subject: string;
  first: string;
  firstMonth: string;
  last: string;
  lastMonth: string;
  /** Sign of the change over the whole period: last − first. */
  overall: number;
  /** The change over the period as written ("253.0%[4]"), or null to leave the figure out. */
  overallText: string | null;
  /** The latest month-over-month direction. */
  direction: string;
  /** The consecutive months in that direction, written. */
  runText: string;
  /** Whether the run is a single month (for the wording, not a claim). */
  single: boolean;
  changePoints?: string | null;
}): string {
  const t = say(language);
  const rose = s.overall > 0;
  const fell = s.overall < 0;
  const pct = s.overallText ? ` ${s.overallText}` : '';
  const whole = rose
    ? t(`${s.subject}在此期间上升${pct}，从 ${s.first}（${s.firstMonth}）到 ${s.last}（${s.lastMonth}）`, `${s.subject} rose${pct} over the period, from ${s.first} (${s.firstMonth}) to ${s.last} (${s.lastMonth})`)
    : fell
      ? t(`${s.subject}在此期间下降${pct}，从 ${s.first}（${s.firstMonth}）到 ${s.last}（${s.lastMonth}）`, `${s.subject} fell${pct} over the period, from ${s.first} (${s.firstMonth}) to ${s.last} (${s.lastMonth})`)
      : t(`${s.subject}在此期间首尾持平，从 ${s.first}（${s.firstMonth}）到 ${s.last}（${s.lastMonth}）`, `${s.subject} ended the period where it began, from ${s.first} (${s.firstMonth}) to ${s.last} (${s.lastMonth})`);
  const up = s.direction === 'up';
  const down = s.direction === 'down';
  const agrees = (up && rose) || (down && fell);
  const months = s.single ? '一个月' : ` ${s.runText} 个月`;
  let latest: string;
  if (!up && !down) latest = t(`最近${months}环比持平`, s.single ? `the latest month was flat` : `flat for the last ${s.runText} months`);
  else if (agrees) latest = t(`最近${s.single ? '一个月' : `连续 ${s.runText} 个月`}${up ? '上升' : '下降'}`, s.single ? `the latest month ${up ? 'rose' : 'fell'} too` : `${up ? 'rising' : 'falling'} for the last ${s.runText} months in a row`);
  else latest = t(`但最近${months}环比${up ? '上升' : '下降'}`, s.single ? `but the latest month ${up ? 'rose' : 'fell'}` : `but it has ${up ? 'risen' : 'fallen'} for the last ${s.runText} months in a row`);
  const points = s.changePoints ? t(`；拐点：${s.changePoints}`, `; the direction changed in ${s.changePoints}`) : '';
  return t(`${whole}；${latest}${points}。`, `${whole}; ${latest}${points}.`);
}

/**
 * What reads as not written by a person, for tests and checks of produced text: a full stop with no space before
 * the next sentence (".The"), a sentence that starts with its verb ("went from …", lacking its subject), a trend
 * that says "falling" next to a rise over the period (or "rising" next to a fall), and a doubled full stop.
 */
export function proseProblems(text: string): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(/[a-z)%\]]\.[A-Z][a-z]/g)) problems.push(`no space after a full stop: "${text.slice(Math.max(0, (m.index ?? 0) - 12), (m.index ?? 0) + 14)}"`);
  for (const line of text.split('\n')) {
    for (const sentence of line.split(/(?<=[.。;；])\s*/)) {
      const s = sentence.replace(/^[-•]\s*/, '').trim();
      if (/^(went|moved|rose|fell|has been|was|were|is|are|from)\b/.test(s) || /^(从|变为|上升|下降)/.test(s)) problems.push(`a sentence without its subject: "${s.slice(0, 40)}"`);
    }
    const falling = /\bfalling\b|\bfell\b|下降/.test(line);
    const rising = /\brising\b|\brose\b|上升/.test(line);
    const overall = line.match(/([+\-−]?)(\d[\d,]*(?:\.\d+)?)%(?:\[\d+\])? overall/);
    if (overall && falling && !rising && overall[1] !== '-' && overall[1] !== '−' && Number(overall[2]) !== 0) problems.push(`"falling" next to a rise overall: "${line.slice(0, 80)}"`);
    if (overall && rising && !falling && (overall[1] === '-' || overall[1] === '−')) problems.push(`"rising" next to a fall overall: "${line.slice(0, 80)}"`);
  }
  if (/[^.]\.\.(?!\.)/.test(text.replace(/\d{4}-\d{2}(?:-\d{2})?\.\.\d{4}/g, ''))) problems.push('a doubled full stop');
  return problems;
}

/**
 * A count that is a setting or a tally of what is listed (top three, six full months), not a measured value: spelled
 * out up to ten, so every digit the reader sees is a number someone can verify; null above ten (leave it out).
 */
export function countWord(n: number, language: Language): string | null {
  const zh = ['零', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十'];
  const en = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  if (!Number.isInteger(n) || n < 0 || n > 10) return null;
  return (language === 'zh' ? zh[n] : en[n]) ?? null;
}

/** The language a yes/no "is it Chinese" stands for. */
export function languageOf(zh: boolean): Language {
  return zh ? 'zh' : 'en';
}
