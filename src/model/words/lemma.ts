/**
 * Word forms: the lemma of an English word ("sold" → sell, "categories" → category, "bought" → buy) and the words of
 * a question with where they stand.
 *
 * The lemmatizer is wink-nlp with its English lite model (wink-eng-lite-web-model), both MIT and shipped inside the
 * npm packages: it loads synchronously in about 0.2 s, reads a word in microseconds and needs no network or data
 * download. Each word is lemmatized on its own (no sentence context), so a word always has the same lemma: the
 * reading stays deterministic. Lemmas are cached per process. This runs in activities only (the rules model);
 * workflow code never imports it.
 */
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

type Nlp = ReturnType<typeof winkNLP>;
let nlp: Nlp | null = null;
const cache = new Map<string, string>();

function lemmatizer(): Nlp {
  nlp ??= winkNLP(model, ['pos']);
  return nlp;
}

/** Plural endings the model leaves on compounds it does not know ("subcategories"). */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The lemma of one lower-case English word (digits and non-ASCII words are their own lemma). */
export function lemma(word: string): string {
  const w = word.toLowerCase();
  if (!/^[a-z][a-z']*$/.test(w)) return w;
  const known = cache.get(w);
  if (known !== undefined) return known;
  const n = lemmatizer();
  // wink's its.* are plain functions handed to out(), as its documentation shows; they use no `this`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const lemmaOf = n.its.lemma as never;
  const lemmas: unknown = n.readDoc(w).tokens().out(lemmaOf);
  const first = Array.isArray(lemmas) ? (lemmas as unknown[])[0] : undefined;
  const out = typeof first === 'string' ? first.toLowerCase() : w;
  const result = out === w ? singular(w) : out;
  cache.set(w, result);
  return result;
}

/** The model's own lexicon, and its size: a word it gives an id at or past that size is one it does not know. */
let lexicon: { idOf: (word: string) => number; size: number } | null = null;
const known = new Map<string, boolean>();

function ownLexicon(): { idOf: (word: string) => number; size: number } {
  const nlp = winkNLP(model);
  // wink's its.* are plain functions handed to out(), as its documentation shows; they use no `this`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const uniqueId = nlp.its.uniqueId as never;
  const idOf = (word: string) => {
    const ids: unknown = nlp.readDoc(word).tokens().out(uniqueId);
    return Array.isArray(ids) && ids.length === 1 ? Number(ids[0]) : Number.NaN;
  };
  return { idOf, size: idOf('qzxqjv') };
}

/**
 * Whether a word is in the English model's lexicon (about 87,600 words: "money", "lost", "green", "queen"), and so may
 * be a word of the question's own. Names mostly are not ("metallica", "berlin", "paulo"). An instance of its own: its
 * first word out of the lexicon is given the lexicon's size as its id, and every one after a larger id.
 */
export function isEnglishWord(word: string): boolean {
  const w = word.toLowerCase();
  if (!/^[a-z][a-z']*$/.test(w)) return false;
  const seen = known.get(w);
  if (seen !== undefined) return seen;
  lexicon ??= ownLexicon();
  const result = lexicon.idOf(w) < lexicon.size;
  known.set(w, result);
  return result;
}

export interface Word {
  text: string;
  lemma: string;
  start: number;
  end: number;
}

/** The English words of a text (letters and digits; hyphens, apostrophes and spaces separate), each with its lemma. */
export function englishWords(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.toLowerCase().matchAll(/[a-z0-9]+(?:'s)?/g)) {
    const raw = m[0].replace(/'s$/, '');
    out.push({ text: raw, lemma: lemma(raw), start: m.index, end: m.index + raw.length });
  }
  return out;
}

const IRREGULAR_PLURALS = new Set(['people', 'men', 'women', 'children', 'data', 'media', 'criteria', 'indices']);

/**
 * A word's noun form: the singular of a plural ("categories" → category, "people" → person), else the word as written.
 * Verb forms are not folded here ("purchased" is not "purchases"): what a verb means is the vocabulary's work
 * (src/model/words/concepts.ts).
 */
export function nounForm(word: Word): string {
  return word.text.endsWith('s') || IRREGULAR_PLURALS.has(word.text) ? word.lemma : word.text;
}

/** A term's key for matching: its words' noun forms, run together ("sub-category", "sub categories" → subcategory). */
export function termKey(text: string): string {
  return englishWords(text).map(nounForm).join('');
}

/**
 * The adjectives of a place name, for values: "Brazil" → brazilian, "Canada" → canadian, "China" → chinese,
 * "Germany" → german. Only for names of four letters or more.
 */
export function demonyms(name: string): string[] {
  const n = name.toLowerCase();
  if (!/^[a-z]{4,}$/.test(n)) return [];
  const stem = n.replace(/[aeiouy]$/, '');
  return [...new Set([`${n}n`, `${n}ian`, `${stem}ian`, `${stem}an`, `${stem}ese`, `${stem}ish`, `${n}ese`, stem])].filter(
    (f) => f !== n && f.length > 4,
  );
}
