/**
 * Catalog terms close to words of a question that matched nothing, to offer after a refusal ("did you mean
 * "sales"?"): by word form (a word of a term, by lemma), by edit distance (fastest-levenshtein: "revenu", "销售" for
 * 销售额), and by meaning (two metrics the question's words fit equally well). The offer is the term's label in the
 * question's language, so an English word close to a Chinese alias is offered in English, and the reverse.
 */
import { distance } from 'fastest-levenshtein';
import type { Catalog } from '../../catalog/catalog';
import type { Choice } from '../../contracts/plan';
import { EN_FUNCTION_WORDS } from './concepts';
import { featuresOf } from './features';
import { rankMetrics } from './infer';
import { englishWords, lemma } from './lemma';

interface Entry {
  id: string;
  texts: string[];
}

/** How far a word may be from a term's word: one edit for short words, two from eight letters. */
const allowed = (word: string) => (word.length >= 8 ? 2 : 1);

/** How close a question word is to one term text: 0 for a word of it by lemma, else the edit distance; null if not close. */
function closeness(word: string, text: string): number | null {
  const t = text.toLowerCase();
  if (/[\u4e00-\u9fff]/.test(word)) {
    if (!/[\u4e00-\u9fff]/.test(t)) return null;
    if (t.includes(word) && word.length >= 2) return 0;
    const d = distance(word, t);
    return word.length >= 2 && d <= 1 ? d : null;
  }
  if (word.length < 4 || EN_FUNCTION_WORDS.has(word)) return null;
  const base = lemma(word);
  let best: number | null = null;
  for (const w of [t.replace(/[\s_-]+/g, ''), ...englishWords(t).map((x) => x.lemma)]) {
    if (w.length < 3) continue;
    const d = w === base ? 0 : Math.min(distance(base, w), distance(word, w));
    if (d <= allowed(word) && (best === null || d < best)) best = d;
  }
  return best;
}

/** The entries close to any of the words, closest first (at most three). */
export function nearEntries(words: string[], entries: Entry[]): string[] {
  const scored: { id: string; d: number; i: number }[] = [];
  entries.forEach((e, i) => {
    let best: number | null = null;
    for (const w of words) {
      for (const t of e.texts) {
        const d = closeness(w.toLowerCase(), t);
        if (d !== null && (best === null || d < best)) best = d;
      }
    }
    if (best !== null) scored.push({ id: e.id, d: best, i });
  });
  return scored
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, 3)
    .map((s) => s.id);
}

/** Of the words, the one closest to an entry (the misspelt word it is offered for); null when none is close. */
function wordNear(words: string[], entry: Entry): string | null {
  let best: { word: string; d: number } | null = null;
  for (const word of words)
    for (const t of entry.texts) {
      const d = closeness(word.toLowerCase(), t);
      if (d !== null && (best === null || d < best.d)) best = { word, d };
    }
  return best?.word ?? null;
}

/**
 * The terms offered for misspelt words, as choices a reply may name (src/model/followup/choice.ts): each of the first
 * two ids whose word is found in the message, the message with that word written as the term's label.
 */
export function nearChoices(message: string, words: string[], entries: Entry[], ids: string[], label: (id: string) => string): Choice[] {
  const out: Choice[] = [];
  for (const id of ids.slice(0, 2)) {
    const entry = entries.find((e) => e.id === id);
    const word = entry ? wordNear(words, entry) : null;
    const at = word ? message.toLowerCase().indexOf(word.toLowerCase()) : -1;
    if (!word || at < 0) continue;
    const question = `${message.slice(0, at)}${label(id)}${message.slice(at + word.length)}`;
    if (!out.some((c) => c.question === question)) out.push({ label: label(id), question });
  }
  return out;
}

export function metricEntries(catalog: Catalog): Entry[] {
  return Object.entries(catalog.metrics).map(([id, m]) => ({ id, texts: [id, m.label, m.label_zh, ...m.aliases] }));
}
export function dimensionEntries(catalog: Catalog): Entry[] {
  return Object.entries(catalog.dimensions).map(([id, d]) => ({ id, texts: [id, d.label, d.label_zh, ...d.aliases] }));
}

/** The words of a question outside the given spans that could be a term (English words, Chinese runs cut by jieba). */
export function leftoverWords(question: string, spans: [number, number][]): string[] {
  const blanked = [...question].map((c, i) => (spans.some(([s, e]) => i >= s && i < e) ? ' ' : c)).join('');
  const out = new Set<string>();
  for (const m of blanked.toLowerCase().matchAll(/[a-z][a-z-]{3,}/g)) out.add(m[0]);
  for (const f of featuresOf(blanked)) if (/^[\u4e00-\u9fff]{2,}$/.test(f.name)) out.add(f.name);
  return [...out];
}

/**
 * The metrics to offer for a question that names none: those its words fit equally well by meaning, then those
 * close to one of its words.
 */
export function nearMetrics(question: string, catalog: Catalog, spans: [number, number][]): string[] {
  const ranked = rankMetrics(catalog, featuresOf(question));
  const tied = ranked.filter((r) => r.score === ranked[0]?.score).map((r) => r.metric);
  const close = nearEntries(leftoverWords(question, spans), metricEntries(catalog));
  return [...new Set([...(tied.length > 1 ? tied : []), ...close])].slice(0, 3);
}
