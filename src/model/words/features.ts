/**
 * What a text is about, word by word: each English word's concepts by its lemma (src/model/words/concepts.ts), or
 * the lemma itself for a word the vocabulary does not know ("track", "business"); Chinese concept words found in the
 * text longest first, and jieba's words for the rest ("曲目", "州"). A question's features keep where they stand, so
 * that the words a reading used are marked as used.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';
import {
  EN_CONCEPTS,
  EN_FUNCTION_WORDS,
  EN_PHRASES,
  PEOPLE_WORDS,
  TRADE_CONCEPTS,
  ZH_CONCEPTS,
  ZH_FUNCTION_WORDS,
  type Concept,
} from './concepts';
import { englishWords } from './lemma';

export interface Feature {
  /** A concept (upper case) or a word's lemma. */
  name: string;
  start: number;
  end: number;
}

let jieba: Jieba | null = null;
/** The segmenter, loaded once per process: Chinese has no spaces to find words by. */
export function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

const ZH_WORDS = Object.keys(ZH_CONCEPTS).sort((a, b) => b.length - a.length);

/**
 * Common words that hold a concept's single character without its meaning: 数据 is data, not a count (数); 条件,
 * 文件 and 软件 are no items (件); 名单, 菜单 and 单独 no orders (单); 评价 and 代价 no prices (价); 额外 no amount (额);
 * 只看, 只要 and 只算 say "only", not the counter 只 of a catalog's 多少只 (pets seen).
 */
const NOT_CONCEPTS = [
  '只看',
  '只要',
  '只算',
  '只有',
  '只是',
  '只想',
  '数据',
  '条件',
  '文件',
  '事件',
  '软件',
  '邮件',
  '附件',
  '零件',
  '配件',
  '证件',
  '名单',
  '菜单',
  '清单',
  '简单',
  '单独',
  '单个',
  '单一',
  '单纯',
  '评价',
  '代价',
  '额外',
];

function zhFeatures(text: string, offset: number, out: Feature[]): void {
  const taken = new Array<boolean>(text.length).fill(false);
  for (const word of NOT_CONCEPTS)
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) for (let i = at; i < at + word.length; i++) taken[i] = true;
  for (const word of ZH_WORDS) {
    for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
      if (taken.slice(at, at + word.length).some(Boolean)) continue;
      // 多少钱 asks for money, not for a count.
      if (word === '多少' && text[at + 2] === '钱') continue;
      for (let i = at; i < at + word.length; i++) taken[i] = true;
      for (const c of ZH_CONCEPTS[word] ?? []) out.push({ name: c, start: offset + at, end: offset + at + word.length });
    }
  }
  let rest = '';
  for (let i = 0; i < text.length; i++) rest += taken[i] ? ' ' : text[i];
  let from = 0;
  for (const run of rest.split(' ')) {
    const at = rest.indexOf(run, from);
    from = at + run.length;
    if (!run) continue;
    let pos = at;
    for (const w of segmenter().cut(run, false)) {
      if (w.length > 1 || !ZH_FUNCTION_WORDS.has(w)) {
        if (!ZH_FUNCTION_WORDS.has(w) && w.trim()) out.push({ name: w, start: offset + pos, end: offset + pos + w.length });
      }
      pos += w.length;
    }
  }
}

/** "How many cats did we see": "see" after its subject is a verb (patients seen), not "let me see" or "see the list". */
const seenBySomeone = (lower: string, at: number, word: string) =>
  word === 'see' && /\b(?:we|you|they|i|he|she)\s+$/.test(lower.slice(0, at));

/** The features of a text, in order of where they stand. */
export function featuresOf(text: string): Feature[] {
  const lower = text.toLowerCase();
  const out: Feature[] = [];
  const phrases: [number, number][] = [];
  for (const [re, concepts, exclusive] of EN_PHRASES) {
    for (const m of lower.matchAll(re)) {
      for (const c of concepts) out.push({ name: c, start: m.index, end: m.index + m[0].length });
      if (exclusive) phrases.push([m.index, m.index + m[0].length]);
    }
  }
  const people: Feature[] = [];
  for (const w of englishWords(lower)) {
    if ((EN_FUNCTION_WORDS.has(w.text) && !seenBySomeone(lower, w.start, w.text)) || /^\d+$/.test(w.text)) continue;
    if (PEOPLE_WORDS.has(w.text) || PEOPLE_WORDS.has(w.lemma)) {
      people.push({ name: 'CUSTOMER', start: w.start, end: w.end });
      continue;
    }
    // A phrase's words say what the phrase says ("placed an order" is buying, not the orders).
    if (phrases.some(([s, e]) => w.start >= s && w.end <= e)) continue;
    const concepts = EN_CONCEPTS[w.lemma] ?? EN_CONCEPTS[w.text];
    if (concepts) for (const c of concepts) out.push({ name: c, start: w.start, end: w.end });
    else if (w.lemma.length > 1) out.push({ name: w.lemma, start: w.start, end: w.end });
  }
  for (const m of lower.matchAll(/[\u4e00-\u9fff]+/g)) zhFeatures(m[0], m.index, out);
  if (out.some((f) => TRADE_CONCEPTS.has(f.name as Concept))) out.push(...people);
  return out.sort((a, b) => a.start - b.start);
}

/** The names of a text's features. */
export function featureNames(text: string): Set<string> {
  return new Set(featuresOf(text).map((f) => f.name));
}
