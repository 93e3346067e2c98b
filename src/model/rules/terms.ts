/**
 * Term matching: the catalog's metrics, dimensions and values found in a question (longest first, whole words
 * for ASCII), and what the question asks of them: filters, breakdowns, a ranking ("top 3", "前三"), a time
 * grain, a period comparison, and breakdown words that name no dimension.
 */
import { withMetricUnits, withoutCountedThings } from '../words/metric-units';
import { rateSaidAsShare } from '../words/rate-as-share';
import { misspeltNameHits } from '../words/misspelt';
import { nameHeadHits, withoutMetricBeforeHead } from '../words/name-heads';
import type { Catalog } from '../../catalog/catalog';
import type { DimensionFilter, TimeGrain } from '../../contracts';
import { findGrain, findPeriodComparison, rankingWords, type Span } from '../reading';
import { EACH_AFTER, EACH_APART, GROUP_WORDS } from './each';
import { actOfBuying, everydayWord, readWords, wordFormHits } from '../words/match';
import { COUNT_BEFORE, findTopN, rankingSpans, whichOfValue, whichSpan } from './ranking';
import { readOwners } from '../words/who';

interface Term {
  text: string;
  kind: 'metric' | 'dimension' | 'value';
  id: string;
  value?: string;
  /** The term is the metric's or dimension's id, not one of its labels or aliases. */
  byId?: boolean;
}

const termLists = new WeakMap<Catalog, Term[]>();

function catalogTerms(catalog: Catalog): Term[] {
  const known = termLists.get(catalog);
  if (known) return known;
  const terms: Term[] = [];
  termLists.set(catalog, terms);
  for (const [id, metric] of Object.entries(catalog.metrics)) {
    const named = [metric.label, metric.label_zh, ...metric.aliases].map((t) => t.toLowerCase());
    for (const text of new Set([id, metric.label, metric.label_zh, ...metric.aliases]))
      terms.push({ text, kind: 'metric', id, byId: !named.includes(text.toLowerCase()) });
  }
  for (const [id, dim] of Object.entries(catalog.dimensions)) {
    const named = [dim.label, dim.label_zh, ...dim.aliases].map((t) => t.toLowerCase());
    for (const text of new Set([id, dim.label, dim.label_zh, ...dim.aliases]))
      terms.push({ text, kind: 'dimension', id, byId: !named.includes(text.toLowerCase()) });
    for (const [value, aliases] of Object.entries(dim.values)) {
      for (const text of new Set([value, ...aliases])) terms.push({ text, kind: 'value', id, value });
    }
  }
  terms.push(...headWords(catalog, terms));
  return terms;
}

/**
 * A dimension named by the last word of a two-word name ("rep" for "sales rep"): a word that ends names of exactly one
 * dimension, is no term's name ("country" of "billing country"), not generic ("type") nor a preposition ("booked via").
 */
const GENERIC_HEADS =
  /^(?:types?|kinds?|names?|ids?|dates?|codes?|levels?|groups?|status(?:es)?|numbers?|values?|via|per|from|with|into|over)$/;

function headWords(catalog: Catalog, terms: Term[]): Term[] {
  const whole = new Set(terms.map((t) => t.text.toLowerCase()));
  const owners = new Map<string, Set<string>>();
  for (const [id, dim] of Object.entries(catalog.dimensions)) {
    for (const name of [dim.label, ...dim.aliases]) {
      const head = /^[a-z]+\s([a-z]{3,})$/.exec(name.toLowerCase())?.[1];
      if (head && !whole.has(head) && !GENERIC_HEADS.test(head)) owners.set(head, (owners.get(head) ?? new Set()).add(id));
    }
  }
  return [...owners].filter(([, ids]) => ids.size === 1).map(([text, ids]) => ({ text, kind: 'dimension', id: [...ids][0] as string }));
}

/** Two value hits of one name for different values (not twins: one value of two dimensions at two grains). */
const sharedName = (over: Hit | undefined, hit: Hit) => over?.kind === 'value' && hit.kind === 'value' && over.value !== hit.value;
const isWordChar = (c: string | undefined) => c !== undefined && /[a-z0-9_]/i.test(c);

export interface Hit extends Term {
  start: number;
  end: number;
  /** Found by word form ("customers" for the term "customer"), not as written: of two hits alike, the one as written wins. */
  byForm?: boolean;
}

/** Where the catalog's terms (metrics, dimensions, values) stand in the question. */
export function termSpans(question: string, catalog: Catalog): Span[] {
  return findTerms(question, catalog).map((h): Span => [h.start, h.end]);
}

function findTerms(question: string, catalog: Catalog): Hit[] {
  const q = question.toLowerCase();
  const terms = catalogTerms(catalog);
  // Terms as written, then by word form ("sub categories" for "sub-category"); the longest wins where they overlap.
  const hits = [...wordFormHits(question, terms), ...misspeltNameHits(question, terms), ...nameHeadHits(question, catalog)];
  for (const term of terms) {
    const needle = term.text.toLowerCase();
    for (let at = q.indexOf(needle); at >= 0; at = q.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (/^[\x20-\x7e]+$/.test(needle) && (isWordChar(q[at - 1]) || isWordChar(q[end]))) continue;
      if (everydayWord(term.text, question.slice(at, end))) continue;
      const hit: Hit = { ...term, start: at, end };
      if (!actOfBuying(q, hit)) hits.push(hit);
    }
  }
  hits.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  // "GMV by new vs returning customers": a metric's name starting inside a dimension's name, in a question that names
  // another metric apart from both, is the dimension's last words, not a second metric.
  const apart = (a: Hit, b: Hit) => a.end <= b.start || b.end <= a.start;
  const inDimension = (m: Hit) =>
    m.kind === 'metric' &&
    hits.some((d) => d.kind === 'dimension' && d.start < m.start && m.start < d.end) &&
    hits.some((o) => o.kind === 'metric' && o.id !== m.id && apart(o, m) && hits.every((d) => d.kind !== 'dimension' || apart(o, d)));
  // A metric's name that says its own breakdown ("revenue by course") where the question breaks down by a longer name
  // ("revenue by course language"): the breakdown asked is the dimension's.
  const byOther = (m: Hit) =>
    m.kind === 'metric' &&
    hits.some(
      (d) => d.kind === 'dimension' && d.start > m.start && d.start < m.end && d.end > m.end && /\bby\s+$/i.test(q.slice(m.start, d.start)),
    );
  hits.splice(0, hits.length, ...hits.filter((h) => !inDimension(h) && !byOther(h)));
  const kept: Hit[] = [];
  // Longest first; of two as long, a label or alias before a bare id ("customers" the dimension's alias, not the metric's id),
  // and a term as written before one found by word form ("best customer": the dimension customer, not the metric whose
  // alias is "customers").
  const flag = (h: Hit, key: 'byId' | 'byForm') => Number(h[key] ?? false);
  // A value of two dimensions ("France", a country and a region) is the one whose dimension is named beside it ("the
  // France region", 法国大区, "the region of France").
  const beside = (h: Hit) =>
    Number(
      h.kind === 'value' &&
        hits.some(
          (d) =>
            d.kind === 'dimension' &&
            d.id === h.id &&
            ((d.start >= h.end && /^\s*的?\s*$/.test(q.slice(h.end, d.start))) ||
              (d.end <= h.start && /^\s*(?:of\s+)?$/.test(q.slice(d.end, h.start)))),
        ),
    );
  // A word that names a dimension and one of another dimension's values ("company": the company account, and the
  // customer type "Company plan") is the dimension where the question asks which one or groups by it ("which company").
  const asked = (h: Hit) =>
    Number(h.kind === 'dimension' && (GROUP_WORDS.test(question.slice(0, h.start)) || whichSpan(question, h) !== null));
  for (const hit of hits.sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) ||
      a.start - b.start ||
      beside(b) - beside(a) ||
      asked(b) - asked(a) ||
      flag(a, 'byId') - flag(b, 'byId') ||
      flag(a, 'byForm') - flag(b, 'byForm'),
  )) {
    const over = kept.find((k) => hit.start < k.end && k.start < hit.end);
    // A name two values share ("app": iOS, Android; "Vogel": species Bird, vet Dr. Vogel; the plan asks which): both, but
    // one where a dimension named beside it, or a name as written (not "Japanese" for Japan), tells two dimensions apart.
    const shared = sharedName(over, hit) && (over?.id === hit.id || beside(over as Hit) + beside(hit) + flag(hit, 'byForm') === 0);
    if (!over || (shared && over.start === hit.start && over.end === hit.end)) kept.push(hit);
    // Two names of one term overlapping ("完成的租赁" and "租赁单数" in 完成的租赁单数): one hit over both.
    else if (over.kind === hit.kind && over.id === hit.id && over.value === hit.value) {
      [over.start, over.end] = [Math.min(over.start, hit.start), Math.max(over.end, hit.end)];
      over.text = question.slice(over.start, over.end);
    }
  }
  kept.sort((a, b) => a.start - b.start);
  return withoutMetricBeforeHead(question, kept);
}

/**
 * A group word before the term ("每家店", "by country"), but for "每首曲目平均…": an average per track is the metric's unit;
 * or 各 and a verb a few words after it ("巴黎两家门店上个月各赚了多少").
 */
const groupWordNear = (question: string, hit: Hit, hits: Hit[]) =>
  ((GROUP_WORDS.test(question.slice(0, hit.start)) || GROUP_WORDS.test(beforeTerm(question, hit, hits))) &&
    !/^\s*平均/.test(question.slice(hit.end))) ||
  EACH_AFTER.test(question.slice(hit.end));

/**
 * "the language the course is taught in": a dimension named as the subject of another dimension's verb ("the course is
 * taught in") says nothing of its own; the verb's hit takes its words (changed in place).
 */
function withoutClauseSubjects(question: string, hits: Hit[]): void {
  const verbOf = (h: Hit) =>
    h.kind === 'dimension'
      ? hits.find(
          (v) =>
            v.kind === 'dimension' &&
            v.id !== h.id &&
            /\s/.test(v.text) &&
            /^\s+(?:is|are|was|were|gets?|got)\s+$/i.test(question.slice(h.end, v.start)),
        )
      : undefined;
  for (const h of [...hits]) {
    const verb = verbOf(h);
    if (!verb) continue;
    [verb.start, verb.text] = [h.start, question.slice(h.start, verb.end)];
    hits.splice(hits.indexOf(h), 1);
  }
}

/** The words before a dimension's term, without the values named just before it ("each of our Iberian branches"). */
function beforeTerm(question: string, hit: Hit, hits: Hit[]): string {
  let end = hit.start;
  for (let v = hits.find((h) => h.kind === 'value' && /^\s*$/.test(question.slice(h.end, end))); v;) {
    end = v.start;
    const at = end;
    v = hits.find((h) => h.kind === 'value' && h.end <= at && /^\s*(?:and|or|,|和|与)?\s*$/.test(question.slice(h.end, at)));
  }
  return question.slice(0, end);
}

/**
 * Words that leave a value out rather than keep it ("excluding the USA", "除了美国以外", "把 USA 去掉", "drop the US
 * filter"). Such a value is never read as one kept: it is a filter that leaves its values out (DimensionFilter.exclude)
 * unless the question keeps a value of the same dimension ("Canada instead of the USA": the kept one answers).
 */
const EXCLUDE_BEFORE =
  /(?:\b(?:everything|anything|all|everyone|everybody)\s+(?:but|except(?:\s+for)?|other\s+than|apart\s+from|besides)|\bnot\s+counting|\b(?:don['’]?t|do\s+not)\s+(?:count|include)|\bignor(?:e|ing)|\bomit(?:ting)?|\bleaving\s+aside|\bset(?:ting)?\s+aside|\btak(?:e|ing)\s+out|\bexcluding|\bexclude[sd]?|\bexcept(?:\s+for)?|\bwithout|\bother\s+than|\bapart\s+from|\bbesides|\bminus|\bnot(?:\s+in(?:cluding)?)?|\bleav(?:e|ing)(?:\s+out)?|\bremov(?:e|ing)|\bdrop(?:ping)?|\bclear|\blift|\bbut\s+not|\boutside(?:\s+of)?|\binstead\s+of|\brather\s+than|\bin\s+place\s+of|\breplac(?:e|ing)|\bswap(?:ping)?|除了|除去|除开|除|排除|不含|不包括|不包含|不算|去掉|去除|剔除|扣除|刨除|取消|不要|不看|非)\s*(?:the\s+|把\s*)?$/i;
const EXCLUDE_AFTER =
  /^\s*(?:(?:也|都|再|还|就|先|也给|都给|给)\s*)?(?:以外|之外|除外|(?:替)?换成|改成|换为|改为|替换为|(?:去除|剔除|排除|刨除|扣除)掉?|去掉|拿掉|剔掉|刨掉|扣掉|不算|不要|不看|不含|\bexcluded\b|\bremoved\b|\bleft\s+out\b|\bout\b)/i;

/** "leave out sales to buyers in India", "excluding orders from customers in Brazil": the verb a few plain words before. */
const EXCLUDE_OF_WHOM =
  /\b(?:leav(?:e|ing)\s+out|exclud(?:e|ing)|without|except(?:\s+for)?|not\s+counting|remov(?:e|ing)|drop(?:ping)?|ignor(?:e|ing)|omit(?:ting)?)\s+(?:(?:the|any|all)\s+)?(?:[a-z]+\s+){1,4}(?:in|from|of|to|for)\s+(?:the\s+)?$/i;
const shifted = (m: RegExpExecArray | null, by: number): { index: number } | null => (m ? { index: m.index + by } : null);

/** Only a list's joining words between two values: "USA and Canada", "美国和加拿大", "USA, Canada or Brazil". */
const LIST_GAP = /^\s*(?:,|，|、|\/|\band\b|\bor\b|和|与|及|跟|或|或者)?\s*(?:the\s+)?$/i;

/**
 * Which value hits the question leaves out, and the spans of the leaving-out words: those right after or before the
 * words, and the values listed with one of them ("excluding the USA and Canada", "美国和加拿大以外": both). The metric
 * words inside the leaving-out words are dropped from `hits` ("leave out sales to buyers in India": whose rows).
 */
function leftOutHits(question: string, hits: Hit[]): { out: Set<Hit>; spans: Span[] } {
  const values = hits.filter((h) => h.kind === 'value' && h.value);
  const out = new Set<Hit>();
  const spans: Span[] = [];
  for (const h of values) {
    const from = Math.max(0, h.start - 20);
    const far = Math.max(0, h.start - 60);
    const before =
      EXCLUDE_BEFORE.exec(question.slice(from, h.start)) ?? shifted(EXCLUDE_OF_WHOM.exec(question.slice(far, h.start)), far - from);
    const after = EXCLUDE_AFTER.exec(question.slice(h.end));
    if (before) spans.push([from + before.index, h.start]);
    if (after) spans.push([h.end, h.end + after[0].length]);
    if (before || after) out.add(h);
  }
  const listed = (a: Hit, b: Hit) => a.id === b.id && LIST_GAP.test(question.slice(a.end, b.start));
  for (let changed = true; changed;) {
    changed = false;
    for (const [i, h] of values.entries()) {
      if (out.has(h)) continue;
      const prev = values[i - 1];
      const next = values[i + 1];
      if ((prev && out.has(prev) && listed(prev, h)) || (next && out.has(next) && listed(h, next))) {
        out.add(h);
        changed = true;
      }
    }
  }
  // "leave out sales to buyers in India": the words between the verb and the value say whose rows, not a metric.
  hits.splice(0, hits.length, ...hits.filter((h) => h.kind !== 'metric' || !spans.some(([s, e]) => h.start >= s && h.end <= e)));
  return { out, spans };
}
const TIME_UNITS = new Set([
  'month',
  'months',
  'week',
  'weeks',
  'day',
  'days',
  'year',
  'quarter',
  '月',
  '月份',
  '周',
  '天',
  '日',
  '年',
  '季度',
]);

export interface CatalogReading {
  metrics: string[];
  filters: DimensionFilter[];
  groupBy: string[];
  /** Dimensions mentioned by name (not as a value), in order. */
  mentionedDimensions: string[];
  /** "top 3", "前三", "lowest 2", "which country … most": how many, which end. */
  topN: { n: number; order: 'asc' | 'desc' } | null;
  /** Words used as a breakdown ("by city") that name no catalog dimension. */
  unknownDimensions: string[];
  /**
   * Values the question leaves out ("excluding the USA", "除了美国"). Where the question keeps no value of the same
   * dimension they are also in `filters`, as a filter that leaves them out (exclude); beside a kept value they are not.
   */
  excluded: DimensionFilter[];
  /** A time grain asked for ("by year", "每月"); ranked when the question asks which period ("which month"). */
  grain: { grain: TimeGrain; ranked: boolean } | null;
  /** Year over year or period over period. */
  periodComparison: 'year_over_year' | 'period_over_period' | null;
  /**
   * The metric the question implies without naming it ("who is our best customer?": the catalog's primary_metric),
   * and why; null when the question names its metric or implies none. The plan states it as an assumption.
   */
  implied: { metric: string; reason: 'primary_metric' } | null;
  /** The word that implied the metric ("best", "最好"), for the assumption that says so. */
  impliedBy?: string;
  /** "worst" or "best" of a metric that is worse the higher it is (a cancellation rate): the word, its order turned. */
  worseWhenHigher?: string;
  /** When no metric was read: the catalog's metrics close to the question's words, to offer ("did you mean …?"). */
  near?: string[];
  /** Every catalog term found, and the spans of the other words the reading understood (grain, ranking, comparison). */
  hits: Hit[];
  /** Where the reading's words are: the grain's, the ranking's, the comparison's and the words that leave values out. */
  spans: { grain: Span | null; ranking: Span[]; comparison: Span | null; leftOut: Span[] };
}

export function readQuestion(question: string, catalog: Catalog): CatalogReading {
  const hits = findTerms(question, catalog);
  withoutClauseSubjects(question, hits);
  withMetricUnits(question, hits, catalog);
  withoutCountedThings(question, hits);
  const lower = question.toLowerCase();
  const metrics: string[] = [];
  const filters: DimensionFilter[] = [];
  const groupBy: string[] = [];
  const mentionedDimensions: string[] = [];
  const superlatives = rankingWords(lower);
  const dimensionHits = hits.filter((h) => h.kind === 'dimension');
  const topN = findTopN(question, dimensionHits, superlatives);
  // A grain word inside a term the catalog names ("average daily rate") belongs to the term.
  const grain = findGrain(
    lower,
    hits.map((h): Span => [h.start, h.end]),
  );
  const comparison = findPeriodComparison(lower);
  const excluded: DimensionFilter[] = [];
  const leftOut = leftOutHits(question, hits);
  for (const hit of hits) {
    if (hit.kind === 'metric' && !metrics.includes(hit.id)) metrics.push(hit.id);
    if (hit.kind === 'value' && hit.value) {
      const into = leftOut.out.has(hit) ? excluded : filters;
      const filter = into.find((f) => f.dimension === hit.id);
      if (!filter) into.push({ dimension: hit.id, values: [hit.value] });
      else if (!filter.values.includes(hit.value)) filter.values.push(hit.value);
    }
    if (hit.kind === 'dimension') {
      if (!mentionedDimensions.includes(hit.id)) mentionedDimensions.push(hit.id);
      const before = question.slice(0, hit.start);
      const grouped =
        groupWordNear(question, hit, hits) || (topN && (COUNT_BEFORE.test(before.slice(-12)) || whichSpan(question, hit) !== null));
      if (grouped && !groupBy.includes(hit.id)) groupBy.push(hit.id);
    }
  }
  // "Which of our partners brought the most bookings", 哪个合作伙伴: the value names a kind whose members another dimension lists.
  const members = topN || groupBy.length > 0 || superlatives.length === 0 ? null : whichOfValue(question, catalog, hits);
  if (members) {
    groupBy.push(members.dimension);
    if (!mentionedDimensions.includes(members.dimension)) mentionedDimensions.push(members.dimension);
  }
  // "Whose songs sold best", "哪个歌手的歌": the person ranked, the songs what sold (who.ts).
  const owners = readOwners(question, catalog, { hits, groupBy, mentionedDimensions }, !members && !topN && superlatives.length > 0);
  // Values left out of a dimension the question keeps none of: a filter of every value but those.
  for (const e of excluded)
    if (!filters.some((f) => f.dimension === e.dimension)) filters.push({ ...e, values: [...e.values], exclude: true });
  // "摇滚和金属分别卖了多少", "USA and Canada respectively": each value kept on its own line, one dimension's values apart.
  const apart = filters.find((f) => !f.exclude && f.values.length >= 2);
  if (apart && groupBy.length === 0 && EACH_APART.test(question)) groupBy.push(apart.dimension);
  const unknownDimensions: string[] = [];
  // "by number of tracks sold", "by total revenue": a measure after "by", not a breakdown.
  const breakdown = /\b(?:by|per) (?!(?:number|count|total|amount|sum|value|volume)\b)([a-z_]+)|按(?:照)?([\u4e00-\u9fff]{2,3})/gi;
  for (let m = breakdown.exec(question); m; m = breakdown.exec(question)) {
    const word = (m[1] ?? m[2] ?? '').toLowerCase();
    const at = m.index + m[0].length - word.length;
    const covered = hits.some((h) => h.start <= at && at < h.end);
    if (!covered && !TIME_UNITS.has(word) && ![...TIME_UNITS].some((u) => word.startsWith(u))) unknownDimensions.push(word);
  }
  const rankSpans = rankingSpans(question, superlatives, dimensionHits);
  if (members) rankSpans.push(members.which);
  rankSpans.push(...owners.spans);
  const read = readWords(question, catalog, {
    metrics,
    filters,
    groupBy,
    mentionedDimensions,
    topN: members || owners.whose ? { n: 1, order: superlatives.some((w) => w.value === 'asc') ? 'asc' : 'desc' } : topN,
    unknownDimensions,
    excluded,
    grain: grain?.value ?? null,
    periodComparison: comparison?.value ?? null,
    implied: null,
    hits,
    spans: { grain: grain?.span ?? null, ranking: rankSpans, comparison: comparison?.span ?? null, leftOut: leftOut.spans },
  });
  return rateSaidAsShare(question, read, catalog);
}
