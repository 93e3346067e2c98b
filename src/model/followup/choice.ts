/**
 * A reply to a question back: when the last turn asked "did you mean species Bird or vet Dr. Katrin Vogel?", a message
 * that names one of its choices ("the vet", "2", "the second one", "第二个", "兽医那个", "yes" when it offered one) is
 * read as that choice's message. Anything else (a new question, "both", "neither", "不是城市") picks none and is read
 * as it stands.
 *
 * A message picks a choice by its place (first, 2nd, the latter, 第二个, option b), by assent when there was one
 * choice, or by its words: every word that is not a filler must be found in some choice (its label or its message; by
 * word form, or one slip of the keys: "artsit", "countyr"), and the words found in one choice only must all point to
 * the same one. A word found in no choice ("never mind, revenue by clinic") means the message says something else.
 */
import { distance } from 'fastest-levenshtein';
import type { Choice } from '../../contracts/plan';
import { EN_FUNCTION_WORDS } from '../words/concepts';
import { lemma } from '../words/lemma';

/** Words a reply is made of that say nothing about which choice ("i meant the album pls", "嗯 就这个"). */
const EN_FILLERS = new Set([
  ...EN_FUNCTION_WORDS,
  ...`one ones no nope yes yeah yep yup sure ok okay y mean meant means like want wanted said asked thanks thx pls plz
  obv obviously ofc course actually option choice fine good right correct exactly sorry oh ah hmm um uh well that's its
  it's go ahead with pick take use teh hte ya yea yah`.split(/\s+/),
]);
const ZH_FILLERS =
  /我说的是|我指的是|我是说|我要的是|我想要|那个|这个|就是|好的|是的|对的|没错|可以|选项?|那就|就|嗯|哦|呃|吧|呢|啊|呀|的|要|看|选|是|对|好|行/g;

/** Replies that pick no choice: several, none, or one ruled out. */
const NEITHER = /\b(?:both|neither|none|either|all\s+of\s+them|not)\b|都|两个|两者|不是|不要|都不/i;
const ASSENT =
  /^(?:y|ya|yea|yes|yeah|yep|yup|sure|ok|okay|correct|right|exactly|that|that one|this one|对|是|是的|对的|好|好的|嗯|行|可以|没错|就这个|就是这个)$/i;

const EN_PLACES: [RegExp, number][] = [
  [/^(?:the\s+)?(?:first|1st|former|top)(?:\s+one)?$|^(?:option|choice|number|no\.?|#)?\s*(?:1|a|one)$/i, 0],
  [/^(?:the\s+)?(?:second|2nd|latter)(?:\s+one)?$|^(?:option|choice|number|no\.?|#)?\s*(?:2|b|two)$/i, 1],
  [/^(?:the\s+)?(?:third|3rd)(?:\s+one)?$|^(?:option|choice|number|no\.?|#)?\s*(?:3|c|three)$/i, 2],
];
const ZH_PLACES: [RegExp, number][] = [
  [/^(?:第一(?:个|种|项)?|前者|前一个|1)$/, 0],
  [/^(?:第二(?:个|种|项)?|后者|后一个|2)$/, 1],
  [/^(?:第三(?:个|种|项)?|3)$/, 2],
];
const LAST = /^(?:the\s+)?last(?:\s+one)?$|^最后(?:一个|那个)?$/i;

/** The message with its punctuation and a leading "no," (a correction: "no the artist") taken off. */
function tidy(message: string): string {
  return message
    .toLowerCase()
    .replace(/[“”"'‘’.,!?？！。，、;；:：()（）]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:no|nope|nah|不|不对)\s+(?=\S)/, '');
}

/**
 * Words that shape a question of its own ("which vet had the most visits", "revenue by genre", 按地区, 各城市): a reply
 * holding one its choice does not hold asks something else.
 */
const SHAPE_WORDS =
  /\b(?:which|who|what|when|most|least|top|bottom|best|worst|by|per|each|every|compare[ds]?|vs|versus|why|trend|average|total|share|percent|instead)\b|按|各|哪|最|每|对比|趋势|为什么|多少|占比|平均|总/gi;

/** Whether the message shapes a question the choice does not: its shape words are not all the choice's. */
function asksOtherwise(text: string, choice: Choice): boolean {
  const own = `${choice.label} ${choice.question}`.toLowerCase();
  return (text.match(SHAPE_WORDS) ?? []).some((w) => !own.includes(w.toLowerCase()));
}

/** The choice a message's place words name ("the 2nd one", "第二个", "option b"), if any. */
function byPlace(text: string, count: number): number | null {
  const words = text
    .replace(/\b(?:i\s+meant?|i\s+want|please|pls|plz|the\s+one)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (LAST.test(words) || LAST.test(text)) return count - 1;
  for (const [re, i] of [...EN_PLACES, ...ZH_PLACES]) if ((re.test(words) || re.test(text.replace(/\s+/g, ''))) && i < count) return i;
  return null;
}

/** A reply's words: English words (lower case) and runs of Chinese, fillers left out. */
function wordsOf(text: string): string[] {
  const zh = (text.match(/[\u4e00-\u9fff]+/g) ?? []).map((run) => run.replace(ZH_FILLERS, '')).filter((run) => run.length > 0);
  const en = (text.match(/[a-z0-9]+/g) ?? []).filter((w) => !EN_FILLERS.has(w));
  return [...en, ...zh];
}

/** One slip of the keys: an edit, or two letters swapped ("albmu", "countyr"); none in short words. */
function slipped(word: string, other: string): boolean {
  if (word.length < 4 || other.length < 4) return false;
  const d = distance(word, other);
  if (d <= (word.length >= 8 ? 2 : 1)) return true;
  return d === 2 && word.length === other.length && [...word].sort().join('') === [...other].sort().join('');
}

/** Whether a word of the reply is in a choice: a run of Chinese inside it, an English word by form or by a slip. */
function foundIn(word: string, choice: Choice): boolean {
  const text = `${choice.label} ${choice.question}`.toLowerCase();
  if (/[\u4e00-\u9fff]/.test(word)) return text.includes(word);
  const words = text.match(/[a-z0-9]+/g) ?? [];
  // Two of its words written as one ("roomtype") are found too.
  const joined = words.slice(1).map((w, i) => `${words[i]}${w}`);
  return [...words, ...joined].some((w) => w === word || lemma(w) === lemma(word) || slipped(word, w));
}

/** Whether a word of the reply is one of a choice's words as written. */
function writtenIn(word: string, choice: Choice): boolean {
  const text = `${choice.label} ${choice.question}`.toLowerCase();
  const words: string[] = text.match(/[a-z0-9]+/g) ?? [];
  return !/[\u4e00-\u9fff]/.test(word) && words.includes(word);
}

/** The choice a message picks, or null when it picks none (and is read as it stands). */
export function pickChoice(message: string, choices: Choice[]): Choice | null {
  if (choices.length === 0) return null;
  const text = tidy(message);
  if (!text || NEITHER.test(text)) return null;
  const place = byPlace(text, choices.length);
  if (place !== null) return choices[place] ?? null;
  if (choices.length === 1 && ASSENT.test(text.replace(/\s+/g, ' '))) return choices[0] ?? null;
  // A reply that is one choice's whole label picks it ("country", where "billing country" is offered beside it).
  const whole = choices.filter((c) => tidy(c.label) === text || tidy(c.label) === text.replace(/^the\s+/, ''));
  if (whole.length === 1) return whole[0] ?? null;
  const words = wordsOf(text);
  if (words.length === 0)
    return choices.length === 1 && /^(?:y|ya|yea|yes|yeah|yep|sure|ok|okay)\b|^[对是好嗯行]/.test(text) ? (choices[0] ?? null) : null;
  // A long message is a question of its own, even where its words are the choices' ("revenue by vet last month").
  if (words.length > 6) return null;
  // A word as written in one choice points there before its forms do ("visits": the metric visits, not revenue per visit).
  const where = words.map((w) => {
    const exact = choices.filter((c) => writtenIn(w, c));
    return exact.length > 0 ? exact : choices.filter((c) => foundIn(w, c));
  });
  if (where.some((found) => found.length === 0)) return null;
  const pointed = new Set(where.filter((found) => found.length === 1).map((found) => found[0]));
  // Words found in every choice pick one only when there is one.
  const chosen = pointed.size === 1 ? [...pointed][0] : pointed.size === 0 && choices.length === 1 ? choices[0] : undefined;
  return chosen && !asksOtherwise(text, chosen) ? chosen : null;
}
