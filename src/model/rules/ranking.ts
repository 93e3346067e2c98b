/**
 * The words of a ranking in a question: how many ("top 3", 前三, "the three priciest", 三家) and which one it asks for
 * ("which genre", "which of our customers", 哪个国家, "which of our partners": the members of a value another dimension
 * lists), and where they stand, so that a plan that ranks counts them as understood.
 */
import type { Catalog } from '../../catalog/catalog';
import { CN_COUNTER, ZH_MOST_OF, type rankingWords, type Span } from '../reading';
import { featuresOf } from '../words/features';
import { englishWords, nounForm } from '../words/lemma';
import { customerDimension } from '../words/who';
import type { Hit } from './terms';

const EN_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const CN_NUMBERS: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
const N_WORD = '(\\d+|[一两二三四五六七八九十]|one|two|three|four|five|six|seven|eight|nine|ten)';

function countWord(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (CN_NUMBERS[word] ?? EN_NUMBERS[word.toLowerCase()] ?? 1);
}

const WHICH_BEFORE = new RegExp(
  String.raw`(?:\bwhich\s+(?:ones?\s+)?of\s+(?:all\s+)?(?:(?:our|the|these|those|your|their|its|my)\s+)?(?:[\w'-]+\s+)?|\bwhich|\bwhat|哪一?个?|哪位|哪家|哪种|哪类|哪些|哪几个|哪|(?:最高|最多|最低|最少|最大|最好|最差|最长|最短|最贵|最便宜|最畅销|最受欢迎|头号|头牌|榜首|${ZH_MOST_OF})的?|\b(?:most|least)\s+[a-z]+|\b(?:top|best|worst|highest|lowest|biggest|largest|weakest|strongest|longest|shortest|cheapest|busiest|best[- ]selling|most popular|leading)(?:[- ]selling|[- ]earning|[- ]grossing|[- ]spending|[- ]performing)?)\s*$`,
  'i',
);
/**
 * The words before a dimension's term that ask which one ("which genre", "which of our customers", 哪个国家), or the
 * term's own ("which partner" as a catalog alias): their span, or null.
 */
export function whichSpan(question: string, hit: Hit): Span | null {
  if (/^(?:which|what)\s/i.test(hit.text)) return [hit.start, hit.start];
  const m = WHICH_BEFORE.exec(question.slice(Math.max(0, hit.start - 40), hit.start));
  return m ? [hit.start - m[0].length, hit.start] : null;
}
/** "top 5", "前两名", "倒数3个", 倒数第一 (the last one; 倒数第二 is a place, not a count); not "前三个月" or "前两年". */
export const RANK_COUNT = new RegExp(
  `(?:\\btop|(?:排名|排行)?前|\\bbottom|倒数(?:第(?=一))?|\\bbest|\\bworst)\\s*${N_WORD}(?!\\s*个?\\s*(?:月|年|季|天|日|周|星期|礼拜|小时))\\s*${CN_COUNTER}?`,
  'i',
);
export const COUNT_BEFORE = new RegExp(`${N_WORD}\\s*${CN_COUNTER}?\\s*$`, 'i');
/** A count before a superlative before the dimension: "the 3 highest-grossing artists", "our three biggest-spending customers". */
const COUNT_SUPERLATIVE_BEFORE = new RegExp(
  `\\b${N_WORD}\\s+(?:most|highest|lowest|biggest|largest|smallest|best|worst|top|bottom|least|cheapest|priciest|busiest|longest|shortest|strongest|weakest|greatest|fastest|slowest)(?:[- ][a-z]+)?\\s+$`,
  'i',
);

/**
 * "top 3", "前三", "贡献最大的三个品类", "Which 2 regions had the lowest AOV", "which genre sells the most":
 * how many and which end. The count comes right before a dimension name or after top / 前; the direction
 * from words anywhere; "which <dimension>" with a superlative and no count is the first one.
 */
/** How many a plural "which" ranks when it names no count: "which customers spent the most" (not "which of"). */
export const PLURAL_WHICH_N = 5;

/** Whether a hit's last English word is a plural noun ("customers", "categories"), not its singular. */
function pluralNoun(question: string, hit: Hit): boolean {
  // "Which of our hotels": one of them.
  if (/\bwhich\s+(?:one\s+)?of\s+(?:our|the|your|their|these|those|all(?:\s+the)?)?\s*$/i.test(question.slice(0, hit.start))) return false;
  const last = englishWords(question.slice(hit.start, hit.end)).pop();
  return last !== undefined && nounForm(last) !== last.text;
}

export function findTopN(
  question: string,
  dimensionHits: Hit[],
  superlatives: ReturnType<typeof rankingWords>,
): { n: number; order: 'asc' | 'desc' } | null {
  let n: number | null = null;
  for (const hit of dimensionHits) {
    const before = question.slice(Math.max(0, hit.start - 32), hit.start);
    const m = COUNT_BEFORE.exec(before.slice(-12)) ?? COUNT_SUPERLATIVE_BEFORE.exec(before);
    if (m?.[1]) {
      n = countWord(m[1]);
      break;
    }
  }
  const ranked = RANK_COUNT.exec(question);
  if (n === null && ranked?.[1]) n = countWord(ranked[1]);
  const asked = dimensionHits.filter((h) => whichSpan(question, h) !== null);
  // "Which genre sold the most": the first; "which customers spent the most": a short list of the first.
  // "Which of my vets brought in the least": "which of" takes a plural and asks for one.
  const whichOf = (h: Hit) => /^which\s+of\b/i.test(question.slice(whichSpan(question, h)?.[0] ?? h.start));
  if (n === null && superlatives.length > 0 && asked.length > 0)
    n = asked.some((h) => pluralNoun(question, h) && !whichOf(h)) ? PLURAL_WHICH_N : 1;
  if (n === null) return null;
  const order = superlatives.find((s) => s.value === 'asc') ? 'asc' : superlatives.length > 0 || ranked ? 'desc' : null;
  return order ? { n, order } : null;
}

/**
 * "Which of our partners", 哪个合作伙伴: a value asked "which" of, whose word another dimension's name holds (the
 * channel's value "partners" and the dimension "partner name"): the members asked for are that dimension's, within the
 * value. Null unless exactly one dimension holds it.
 */
export function whichOfValue(question: string, catalog: Catalog, hits: Hit[]): { dimension: string; which: Span } | null {
  for (const hit of hits) {
    if (hit.kind !== 'value') continue;
    const which = whichSpan(question, hit);
    if (!which) continue;
    const text = question.slice(hit.start, hit.end);
    const chinese = /[\u4e00-\u9fff]/.test(text);
    const head = chinese ? text : (englishWords(text).map(nounForm).pop() ?? '');
    if (!head) continue;
    const holds = (name: string) =>
      chinese
        ? name.length >= 2 && (name.includes(head) || head.includes(name))
        : englishWords(name.replace(/_/g, ' ')).map(nounForm).includes(head);
    const owners = Object.entries(catalog.dimensions).filter(
      ([id, d]) => id !== hit.id && [id, d.label, d.label_zh ?? '', ...d.aliases].some((n) => n && holds(n)),
    );
    const [owner] = owners;
    if (owners.length === 1 && owner) return { dimension: owner[0], which };
    // "Which gold member", 哪位金卡会员: a value's people are the catalog's customers.
    const people = featuresOf(text).pop()?.name === 'CUSTOMER' ? customerDimension(catalog) : null;
    if (owners.length === 0 && people && people !== hit.id) return { dimension: people, which };
  }
  return null;
}

/** The ranking words and their count ("top 3", "前三名", "which genre"): understood when the plan ranks. */
export function rankingSpans(question: string, superlatives: ReturnType<typeof rankingWords>, dimensionHits: Hit[]): Span[] {
  const spans: Span[] = superlatives.map((s) => s.span);
  const counted = RANK_COUNT.exec(question.toLowerCase());
  if (counted) spans.push([counted.index, counted.index + counted[0].length]);
  for (const hit of dimensionHits) {
    const m = COUNT_BEFORE.exec(question.slice(Math.max(0, hit.start - 12), hit.start));
    if (m) spans.push([hit.start - m[0].length, hit.start]);
    const which = whichSpan(question, hit);
    if (which) spans.push(which[0] === which[1] ? [hit.start, hit.end] : which);
  }
  return spans;
}
