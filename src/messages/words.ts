/**
 * A language's words and punctuation for code that writes several sentences, and the small rules of prose in the
 * two languages (sentences joined, counts spelled out). The texts themselves are messages (src/messages/*).
 */
import type { Language } from '../contracts';
import { textIn, type Text } from './index';

/** One piece of text in both languages: the question's language picks. */
export type Say = (zh: string, en: string) => string;

/**
 * The inline language switch: `say(language)('上升', 'rising')`. Kept for the files whose wording is not yet in the
 * catalog (docs/architecture.md, "Messages"); new text is a message rendered with `textIn`.
 */
export function say(language: Language): Say {
  return (zh, en) => (language === 'zh' ? zh : en);
}

/** A language's words and punctuation, for code that writes several sentences. */
export interface Words {
  language: Language;
  zh: boolean;
  /** Inline pairs, for code not yet converted to messages. */
  t: Say;
  /** The catalog's messages in this language. */
  text: Text;
  /** Items of a list: 、 in Chinese, ", " in English. */
  list: (items: string[]) => string;
  /** Sentences as prose: run together in Chinese, one space after each full stop in English. */
  sentences: (items: (string | null | undefined)[]) => string;
  /** What follows a number that is not a verified calculation's value. */
  unverified: string;
}

export function wordsFor(language: Language): Words {
  const text = textIn(language);
  return {
    language,
    zh: language === 'zh',
    t: say(language),
    text,
    list: (items) => items.join(text('common.list')),
    sentences: (items) => joinSentences(language, items),
    unverified: unverifiedMark(language),
  };
}

/** The mark after a number nobody verified: "(unverified)", "（未核实）". */
export function unverifiedMark(language: Language): string {
  return textIn(language)('common.unverified');
}

/**
 * Sentences joined as prose: Chinese runs them together (。 ends each); English puts exactly one space between
 * them, so "… (−7.57 pp).The main contributor …" cannot happen whatever the sentences end or begin with.
 */
export function joinSentences(language: Language, items: (string | null | undefined)[]): string {
  const parts = items.map((s) => (s ?? '').trim()).filter(Boolean);
  return parts.join(language === 'zh' ? '' : ' ');
}

const COUNT_WORDS: Record<Language, readonly string[]> = {
  zh: ['零', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十'],
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
};

/**
 * A count that is a setting or a tally of what is listed (top three, six full months), not a measured value: spelled
 * out up to ten, so every digit the reader sees is a number someone can verify; null above ten (leave it out).
 */
export function countWord(n: number, language: Language): string | null {
  if (!Number.isInteger(n) || n < 0 || n > 10) return null;
  return COUNT_WORDS[language][n] ?? null;
}

/** The language a yes/no "is it Chinese" stands for. */
export function languageOf(zh: boolean): Language {
  return zh ? 'zh' : 'en';
}
