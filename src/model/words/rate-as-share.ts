/**
 * "What % of appointments were no-shows", "% of enrollments finished last yr", "上个月预约里爽约的占多少": a share of a
 * table's rows that are in some state is a rate the catalog already defines on that table (the no-show rate, the
 * completion rate), not a share of the row count along a dimension. The question names the rows (a metric of the
 * rate's table: "appointments", 预约) and the state (a word of the rate's own names, by word stem: "finished" for
 * "finish rate", "cancelled" for "cancellation rate", 爽约 for 爽约率).
 *
 * The stems are wink-nlp's (its Porter2 stemmer, from the same English model as the lemmas in ./lemma.ts), so
 * "cancelled", "canceled" and "cancellation" meet at "cancel", and "completed" and "completion" at "complet".
 */
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { Catalog } from '../../catalog/catalog';
import { SHARE_WORDS } from '../rules/plan-share';
import { EN_FUNCTION_WORDS } from './concepts';
import { termKey } from './lemma';

interface TermHit {
  kind: string;
  id: string;
  start: number;
  end: number;
  text: string;
}

/** The words that say "a rate" in a rate's names, which name no state. */
const RATE_WORDS = new Set(['rate', 'ratio', 'share', 'percent', 'percentage', 'pct', 'proportion', 'fraction']);
const ZH_RATE_WORDS = /(?:率|比例|占比|比率|百分比)$/;

let nlp: ReturnType<typeof winkNLP> | null = null;
const stems = new Map<string, string>();

/** The stem of one English word, hyphens dropped ("no-shows" → noshow). */
function stem(word: string): string {
  const w = word.toLowerCase().replace(/-/g, '');
  const known = stems.get(w);
  if (known !== undefined) return known;
  nlp ??= winkNLP(model);
  // wink's its.* are plain functions handed to out(), as its documentation shows; they use no `this`.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const stemOf = nlp.its.stem as never;
  const out: unknown = nlp.readDoc(w).tokens().out(stemOf);
  const result = Array.isArray(out) && typeof out[0] === 'string' && out.length === 1 ? out[0] : w;
  stems.set(w, result);
  return result;
}

const englishOf = (text: string) => [...text.toLowerCase().matchAll(/[a-z][a-z-]*[a-z]/g)].map((m) => m[0]);

/** The words of a rate's names that name its state: English stems, and Chinese names without their 率. */
function stateWords(catalog: Catalog, rate: string, rows: string): { english: Set<string>; chinese: string[] } {
  const def = catalog.metrics[rate];
  const own = catalog.metrics[rows];
  if (!def || !own) return { english: new Set(), chinese: [] };
  const rowWords = new Set([rows, own.label, ...own.aliases].flatMap(englishOf).map(stem));
  const names = [def.label, def.label_zh, ...def.aliases];
  const english = names
    .flatMap(englishOf)
    .filter((w) => w.length >= 4 && !RATE_WORDS.has(w) && !EN_FUNCTION_WORDS.has(w))
    .map(stem)
    .filter((s) => !rowWords.has(s));
  const chinese = names
    .filter((n) => /^[\u4e00-\u9fff]+$/.test(n) && ZH_RATE_WORDS.test(n))
    .map((n) => n.replace(ZH_RATE_WORDS, ''))
    .filter((n) => n.length >= 2 && ![own.label_zh, ...own.aliases].some((a) => a.includes(n)));
  return { english: new Set(english), chinese };
}

/** The metric whose names the hit's words are, among the non-ratio metrics of `table` (the rows the question counts). */
function rowsMetric(catalog: Catalog, hit: TermHit, table: string): string | null {
  const ascii = (text: string) => /^[\x20-\x7e]+$/.test(text);
  // A Chinese hit may be a metric's name without its 数 (报名 for 报名数).
  const same = (name: string) =>
    ascii(hit.text) ? ascii(name) && termKey(name) === termKey(hit.text) : !ascii(name) && hit.text.length >= 2 && name.includes(hit.text);
  const found = Object.entries(catalog.metrics).find(
    ([id, m]) => m.kind !== 'ratio' && m.table === table && [id, m.label, m.label_zh, ...m.aliases].some(same),
  );
  return found?.[0] ?? null;
}

/** A word of the question, outside every hit, that names the state of exactly one rate on `table`. */
function stateHit(question: string, hits: TermHit[], catalog: Catalog, table: string, rows: string): TermHit | null {
  const outside = (start: number, end: number) => !hits.some((h) => h.start < end && start < h.end);
  const found: TermHit[] = [];
  for (const [id, m] of Object.entries(catalog.metrics)) {
    if (m.kind !== 'ratio' || m.table !== table) continue;
    const { english, chinese } = stateWords(catalog, id, rows);
    for (const w of question.matchAll(/[A-Za-z][A-Za-z-]*[A-Za-z]/g)) {
      if (outside(w.index, w.index + w[0].length) && english.has(stem(w[0]))) found.push(hitOf(question, id, w.index, w[0].length));
    }
    for (const name of chinese) {
      const at = question.indexOf(name);
      if (at >= 0 && outside(at, at + name.length)) found.push(hitOf(question, id, at, name.length));
    }
  }
  return new Set(found.map((h) => h.id)).size === 1 ? (found[0] ?? null) : null;
}

const hitOf = (question: string, id: string, start: number, length: number): TermHit => ({
  kind: 'metric',
  id,
  start,
  end: start + length,
  text: question.slice(start, start + length),
});

/**
 * Reads a share of rows in a state as the rate: the hit naming the rows becomes the rate's, the state's word a hit of
 * the rate, and the rate takes the rows' metric's place. Nothing changes unless the question asks a share.
 */
export function rateSaidAsShare<R extends { metrics: string[]; hits: TermHit[] }>(question: string, reading: R, catalog: Catalog): R {
  if (!new RegExp(SHARE_WORDS.source, 'i').test(question)) return reading;
  const { hits } = reading;
  for (const hit of hits.filter((h) => h.kind === 'metric')) {
    const def = catalog.metrics[hit.id];
    if (!def || def.kind === 'ratio') continue;
    const state = stateHit(question, hits, catalog, def.table, hit.id);
    if (!state) continue;
    const rows = hit.id;
    for (const h of hits) if (h.kind === 'metric' && h.id === rows) h.id = state.id;
    hits.push(state);
    hits.sort((a, b) => a.start - b.start);
    reading.metrics = [...new Set(reading.metrics.map((m) => (m === rows ? state.id : m)))];
    return reading;
  }
  return reading;
}

/**
 * Whether the question's share is a rate's own way of being said: a hit of the rate names rows of its table ("what % of
 * appointments were no-shows", where the reading took "appointments" into the no-show rate's words).
 */
export function isRateOfRows(hits: TermHit[], catalog: Catalog, rate: string): boolean {
  const def = catalog.metrics[rate];
  if (!def || def.kind !== 'ratio') return false;
  return hits.some((h) => h.kind === 'metric' && h.id === rate && rowsMetric(catalog, h, def.table) !== null);
}
