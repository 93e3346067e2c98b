/**
 * A name of several words with one of them misspelt: "cash colected", "avg invoce value". Each word of a metric's or a
 * dimension's name of two words or more is as written (or its noun form) but one, which is one edit away from the
 * name's word (a letter missing, extra, changed, or two swapped), has five letters or more and is no English word of its
 * own. The name is found when exactly one term has it; the reading's first line names the term, so the user sees what
 * the words were taken for. A misspelt name of one word is still offered back, not guessed ("did you mean …?").
 */
import type { Hit } from '../rules/terms';
import { englishWords, isEnglishWord, nounForm } from './lemma';
import { edits } from './shorthand';

type Term = Omit<Hit, 'start' | 'end'>;

export function misspeltNameHits(question: string, terms: Term[]): Hit[] {
  const words = englishWords(question);
  const named = terms
    .filter((t) => (t.kind === 'metric' || t.kind === 'dimension') && /\s/.test(t.text.trim()))
    .map((t) => ({ term: t, words: englishWords(t.text) }));
  const hits: Hit[] = [];
  for (let i = 0; i < words.length; i++) {
    const found = new Map<string, Hit>();
    for (const { term, words: own } of named) {
      const window = words.slice(i, i + own.length);
      if (window.length !== own.length) continue;
      let misspelt = 0;
      const fits = window.every((w, k) => {
        const t = own[k];
        if (!t) return false;
        if (w.text === t.text || nounForm(w) === nounForm(t)) return true;
        const near = w.text.length >= 5 && !isEnglishWord(w.text) && edits(w.text, t.text) === 1;
        if (near) misspelt++;
        return near;
      });
      const first = window[0];
      const last = window[window.length - 1];
      if (fits && misspelt === 1 && first && last)
        found.set(`${term.kind}:${term.id}`, { ...term, start: first.start, end: last.end, byForm: true });
    }
    if (found.size === 1) hits.push(...found.values());
  }
  return hits;
}
