/**
 * Term matching beyond the literal: catalog terms found by word form ("sub categories", "subcategory" and
 * "sub-category" for "sub-category"; "countries" for "country"), the metric a question's verbs and nouns mean when no
 * term names it (src/model/words/infer.ts), the bottom of a ranking asked as a loss ("lost the most money"), and the
 * catalog's main metric when the question ranks without naming one ("who is our best customer?").
 */
import type { Catalog } from '../../catalog/catalog';
import type { Language } from '../../contracts';
import { render } from '../../messages';
import { rankingWords, type Span } from '../reading';
import type { CatalogReading, Hit } from '../rules/terms';
import { EN_FUNCTION_WORDS } from './concepts';
import { featuresOf, type Feature } from './features';
import { inferMetric, mainMetric, scoreMetric } from './infer';
import { nearMetrics } from './near';
import { howLong } from './how-long';
import { rowsDescribed } from './rows-described';
import { BOUGHT_MOST, whoDidTheMost } from './who';
import { demonyms, englishWords, nounForm, termKey } from './lemma';
import { countedKinds, countedPeople } from './counted';

type Term = Omit<Hit, 'start' | 'end'>;

const keys = new WeakMap<object, Map<string, Term[]>>();

/** Each ASCII term by its key (lemmas run together), built once per catalog's term list. */
function termsByKey(terms: Term[]): Map<string, Term[]> {
  const known = keys.get(terms);
  if (known) return known;
  const out = new Map<string, Term[]>();
  for (const term of terms) {
    if (!/^[\x20-\x7e]+$/.test(term.text)) continue;
    const key = termKey(term.text.replace(/_/g, ' '));
    if (key) out.set(key, [...(out.get(key) ?? []), term]);
    // "Brazilian customers": a place's adjective names the value.
    if (term.kind === 'value') for (const form of demonyms(term.text)) out.set(form, [...(out.get(form) ?? []), term]);
  }
  keys.set(terms, out);
  return out;
}

/**
 * The catalog terms found in the question by word form: one to four of its words whose lemmas, run together, are a
 * term's ("customers" → customer, "sub categories" and "subcategories" → sub-category).
 */
/**
 * A code that is also an everyday word ("IN" for India, "IT" for IT & Software, "US"): a term only where the question
 * writes it as the catalog does, in capitals ("sales in IN"); "the worst refund rate in 2025" names no country.
 */
export function everydayWord(term: string, written: string): boolean {
  return EN_FUNCTION_WORDS.has(term.toLowerCase()) && (term === term.toLowerCase() || written !== term);
}

export function wordFormHits(question: string, terms: Term[]): Hit[] {
  const byKey = termsByKey(terms);
  const words = englishWords(question);
  const hits: Hit[] = [];
  for (let i = 0; i < words.length; i++) {
    let key = '';
    for (let j = i; j < Math.min(words.length, i + 4); j++) {
      const word = words[j];
      if (!word) break;
      // Words run together only across a space or a hyphen ("sub category", "sub-category").
      if (j > i && !/^[\s-]*$/.test(question.slice(words[j - 1]?.end ?? 0, word.start))) break;
      key += nounForm(word);
      const start = words[i]?.start ?? 0;
      for (const term of byKey.get(key) ?? [])
        if (!everydayWord(term.text, question.slice(start, word.end))) hits.push({ ...term, start, end: word.end, byForm: true });
    }
  }
  // "US customers", "the U.S.", "excluding the us": a value's initials ("United States" → US), in capitals, with dots, or
  // after "the" (where "us" is no pronoun).
  for (const m of question.matchAll(/\b(?:[A-Z]{2,4}\b|(?:[A-Za-z]\.){2,4}|(?<=\bthe\s+)[a-z]{2,4}\b)/g)) {
    const letters = m[0].replace(/\./g, '').toUpperCase();
    for (const term of terms) {
      if (term.kind === 'value' && initials(term.text) === letters)
        hits.push({ ...term, start: m.index, end: m.index + m[0].length, byForm: true });
    }
  }
  // "the States", "the Kingdom": after "the", the last word of a value's name of several words, when one value has it.
  for (const m of question.matchAll(/(?<=\bthe\s+)[A-Z][a-z]{3,}\b/g)) {
    const word = m[0].toLowerCase();
    // Not a term's whole name ("the Metal" is Metal, not Heavy Metal); found by form, so a term as written wins.
    if (terms.some((t) => t.text.toLowerCase() === word)) continue;
    const owners = terms.filter((t) => t.kind === 'value' && /\s/.test(t.text) && t.text.toLowerCase().split(/\s+/).pop() === word);
    const values = new Set(owners.map((t) => `${t.id}=${t.value ?? ''}`));
    if (values.size === 1 && owners[0]) hits.push({ ...owners[0], start: m.index, end: m.index + m[0].length, byForm: true });
  }
  return hits.filter((h) => !actOfBuying(question, h));
}

/** The initials of a name of two words or more, in capitals ("united states" → US); '' for one word. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => !/^(?:of|and|the|&)$/i.test(w));
  return words.length >= 2 ? words.map((w) => w[0]?.toUpperCase() ?? '').join('') : '';
}

/** "placed an order": the metric word names an act of buying there, not the metric. */
export function actOfBuying(question: string, hit: Hit): boolean {
  return hit.kind === 'metric' && PLACED.test(question.slice(0, hit.start));
}

const GROUP_BEFORE = /(?:按照|按|各|每个|每|\bby|\bper|\bacross|\beach|\bevery)\s*$/i;
/** "placed an order": an act of buying, not the orders metric (src/model/words/concepts.ts says BUY). */
const PLACED = /\b(?:plac(?:e|ed|es|ing)|put|made)\s+(?:an?\s+|any\s+|their\s+|one\s+)?$/i;
const inside = (f: { start: number; end: number }, spans: Span[]) => spans.some(([s, e]) => f.start >= s && f.end <= e);

/** "Of all time", "over time", "last time": a word of time, not of a metric's name ("time & mileage revenue"). */
const TIME_PHRASES = /\ball[- ]time\b|\bover\s+time\b|\b(?:same|any|this|last|first|next|that)\s+time\b|\bat\s+a\s+time\b/gi;
/** The question's features outside the words the reading already placed (grouped dimensions, values, grain, comparison). */
function askedFeatures(question: string, catalog: Catalog, reading: CatalogReading): Feature[] {
  const placed: Span[] = [
    ...reading.hits
      .filter((h) => h.kind === 'value' || (h.kind === 'dimension' && reading.groupBy.includes(h.id)))
      // "每个国家", "per country": the breakdown's own word goes with it.
      .map((h): Span => [h.start - (GROUP_BEFORE.exec(question.slice(0, h.start))?.[0].length ?? 0), h.end]),
    ...(reading.spans.grain ? [reading.spans.grain] : []),
    ...(reading.spans.comparison ? [reading.spans.comparison] : []),
    ...[...question.matchAll(TIME_PHRASES)].map((m): Span => [m.index, m.index + m[0].length]),
    // Ranking spans stay: their words may say the metric ("least profitable", "highest-grossing", "biggest-spending").
  ];
  const features = featuresOf(question);
  // "How many gold members rented", "多少企业客户租过车": the people a value names are what is counted.
  const counted = reading.hits.filter((h) => h.kind === 'value' && countedPeople(question, h, features));
  const asked = features.filter(
    (f) =>
      !inside(f, placed) ||
      (f.name === 'CUSTOMER' &&
        inside(
          f,
          counted.map((h): Span => [h.start, h.end]),
        )),
  );
  return [...asked, ...countedKinds(question, catalog, reading)].sort((a, b) => a.start - b.start);
}

/** Words that join two things asked for: "and", "vs", a comma, 和, 与, 以及. */
const JOINED = /\b(?:and|vs\.?|versus|or)\b|[,，、和与及或]|以及|对比/i;

/**
 * The metric the question's words mean, when no term names one or when another metric's own words match clearly
 * better than the one named ("how many invoices were missing the billing state": the count of invoices without a
 * state, not of all invoices). Its words become hits of that metric; a dimension word it used ("customers" in "how
 * many customers bought") is the metric's, not a breakdown.
 */
function inferred(question: string, catalog: Catalog, reading: CatalogReading, features: Feature[]): boolean {
  const metricHits0 = reading.hits.filter((h) => h.kind === 'metric');
  const found = [...new Set(metricHits0.map((h) => h.id))];
  const best = inferMetric(catalog, features);
  if (!best) return false;
  const usedSpans: Span[] = best.used.map((f): Span => [f.start, f.end]);
  const overlaps = (h: Hit) => usedSpans.some(([s, e]) => h.start < e && s < h.end);
  if (found.length > 1) {
    // Two metrics named and joined ("orders and orders never shipped", "营收和订单数"): both are asked.
    if (metricHits0.some((a) => metricHits0.some((b) => a.id !== b.id && a.end <= b.start && JOINED.test(question.slice(a.end, b.start)))))
      return false;
    // Two metrics named where one of them says it all ("average price per Rock track sold": not also tracks sold).
    const others = metricHits0.filter((h) => h.id !== best.metric);
    if (!found.includes(best.metric) || !others.every((h) => overlaps(h) && termsHold(catalog, best.metric, h.text))) return false;
  } else if (found.length === 1) {
    const named = found[0] ?? '';
    if (best.metric === named) return false;
    // The metric's own label as the catalog writes it ("paying learners", 付费学员数) is that metric, unless the words
    // around it ask for another kind of figure ("how much did shoppers spend": money, not a count of shoppers).
    const own = catalog.metrics[named];
    const labelled = metricHits0.filter((h) => own && [own.label, own.label_zh].some((l) => l.toLowerCase() === h.text.toLowerCase()));
    const around = features.filter((f) => !labelled.some((h) => f.start >= h.start && f.end <= h.end));
    if (labelled.length > 0 && !againstFormat(catalog, named, around)) return false;
    const score = scoreMetric(catalog, named, features);
    // "How much did shoppers spend": a count named where money is asked names who, and the money metric is meant.
    if (!(againstFormat(catalog, named, features) && best.score > score)) {
      if (best.score < score + 1) return false;
      // A named metric is replaced only by one whose own terms hold the words that named it ("invoices" in
      // "invoices without a billing state"), never by a metric that merely shares a concept with it.
      if (!metricHits0.every((h) => overlaps(h) && termsHold(catalog, best.metric, h.text))) return false;
    }
  }
  const kept = reading.hits.filter(
    (h) => !(h.kind === 'metric' || (h.kind === 'dimension' && !reading.groupBy.includes(h.id) && overlaps(h))),
  );
  const metricHits: Hit[] = [...new Map(usedSpans.map((s) => [`${s[0]}-${s[1]}`, s])).values()]
    // "the most days": the superlative is the ranking's word, not the metric's; a plan that does not rank leaves it unused.
    .map(([s, e]): Span => [reading.spans.ranking.reduce((at, [rs, re]) => (rs <= at && at < re ? re + 1 : at), s), e])
    .filter(([s, e]) => s < e && !kept.some((h) => h.start < e && s < h.end))
    .map(([start, end]) => ({ text: question.slice(start, end), kind: 'metric', id: best.metric, start, end }));
  reading.hits = [...kept, ...metricHits].sort((a, b) => a.start - b.start || a.end - b.end);
  reading.metrics = [best.metric];
  reading.mentionedDimensions = reading.mentionedDimensions.filter((d) => reading.hits.some((h) => h.kind === 'dimension' && h.id === d));
  return true;
}

/** A count where the question asks how much money and no count (or money where it asks how many). */
function againstFormat(catalog: Catalog, metric: string, features: Feature[]): boolean {
  const format = catalog.metrics[metric]?.format;
  const asked = new Set(features.map((f) => f.name));
  if (format === 'integer') return asked.has('MONEY') && !asked.has('COUNT');
  if (format === 'currency') return asked.has('COUNT') && !asked.has('MONEY');
  return false;
}

/** Whether one of the metric's terms holds the words of `text` (by noun form; Chinese as written). */
function termsHold(catalog: Catalog, metric: string, text: string): boolean {
  const m = catalog.metrics[metric];
  if (!m) return false;
  const own = [m.label, m.label_zh, ...m.aliases];
  if (/[\u4e00-\u9fff]/.test(text)) return own.some((t) => t.includes(text));
  // Buying is the other side of selling (src/model/words/infer.ts): "bought" is held by "courses sold".
  const said = featuresOf(text);
  if (said.length > 0 && said.every((f) => f.name === 'BUY') && own.some((t) => featuresOf(t).some((f) => f.name === 'SELL'))) return true;
  const words = englishWords(text).map(nounForm);
  return own.some((t) => {
    const forms = englishWords(t).map(nounForm);
    return words.every((w) => forms.includes(w));
  });
}

/**
 * A dimension named only to say whose values a filter or a breakdown picks ("revenue from Brazilian customers",
 * "which support rep's customers"): the entity, not a breakdown. It is left out of the reading (its word is then
 * "not used", which does not block).
 */
function entityWords(reading: CatalogReading, features: Feature[], byVerb: boolean): void {
  if (reading.metrics.length === 0) return;
  const other = reading.filters.length > 0 || reading.groupBy.length > 0;
  const filtered = new Set(reading.filters.map((f) => f.dimension));
  // "how much did customers spend", "revenue from Brazilian customers": a word that only names people (customers,
  // clients, 客户) is who the metric measures, not a breakdown; "新老客" (a kind of customer) is a dimension still.
  const people = (h: Hit) => {
    const own = features.filter((f) => f.start >= h.start && f.end <= h.end);
    return own.length > 0 && own.every((f) => f.name === 'CUSTOMER');
  };
  const drop = (h: Hit) =>
    h.kind === 'dimension' && !reading.groupBy.includes(h.id) && !filtered.has(h.id) && people(h) && (other || byVerb);
  reading.hits = reading.hits.filter((h) => !drop(h));
  reading.mentionedDimensions = reading.mentionedDimensions.filter((d) => reading.hits.some((h) => h.kind === 'dimension' && h.id === d));
}

/** A ranking asked for without a breakdown word: the one dimension named that is not filtered ("前三的流派", "3 highest-grossing artists"). */
function rankedDimension(reading: CatalogReading): void {
  if (!reading.topN || reading.groupBy.length > 0) return;
  const filtered = new Set(reading.filters.map((f) => f.dimension));
  const dim = reading.mentionedDimensions.find((d) => !filtered.has(d));
  if (dim) reading.groupBy.push(dim);
}

/**
 * Words of losing ("lost the most money", "biggest losses", "亏损最多") rank the money metric from the bottom: the
 * most lost is the lowest profit. "Least", "worst", "lowest" already ask for the bottom and are not turned back.
 */
function lossPolarity(reading: CatalogReading, features: Feature[], catalog: Catalog): void {
  if (!reading.topN || !features.some((f) => f.name === 'LOSS')) return;
  // Of a metric that is itself what is lost ("lost the most money to refunds"), the most lost is the highest.
  const metric = reading.metrics.length === 1 ? catalog.metrics[reading.metrics[0] ?? ''] : undefined;
  if (metric && BAD_TO_HAVE.test([reading.metrics[0] ?? '', metric.label, metric.label_zh ?? '', ...metric.aliases].join(' '))) return;
  if (reading.topN.order === 'desc') reading.topN = { ...reading.topN, order: 'asc' };
}

/** What a metric counts or costs that is bad to have more of: cancellations, churn, refunds, complaints, costs, delays. */
const BAD_TO_HAVE =
  /cancel|churn|refund|complain|complaint|defect|damage|\bcosts?\b|expense|\bloss(?:es)?\b|no[- ]?show|\blate\b|lateness|delay|\berrors?\b|fail|bounce|abandon|dispute|fraud|chargeback|取消|退订|流失|退款|退货|投诉|缺陷|损坏|损失|成本|费用|亏损|延误|延迟|失败|错误|跳出|放弃|欺诈|爽约/i;
/** Words that judge rather than measure: "best" and "worst", 最好 and 最差. */
const JUDGING = /\b(?:best|worst|strongest|weakest)\b|最好|最差|最强|最弱|最糟/i;

/**
 * "Which region had the worst cancellation rate": of a metric that is worse the higher it is, "worst" is the highest
 * and "best" the lowest. Words that measure ("highest", "most", 最高) keep their order.
 */
function worseWhenHigher(question: string, catalog: Catalog, reading: CatalogReading): void {
  const metric = reading.metrics.length === 1 ? catalog.metrics[reading.metrics[0] ?? ''] : undefined;
  if (!reading.topN || !metric || reading.implied) return;
  const words = [reading.metrics[0] ?? '', metric.label, metric.label_zh ?? '', ...metric.aliases].join(' ').replace(/_/g, ' ');
  if (!BAD_TO_HAVE.test(words)) return;
  const judging = rankingWords(question.toLowerCase()).map((w) => question.slice(w.span[0], w.span[1]));
  const word = judging.find((w) => JUDGING.test(w)) ?? JUDGING.exec(question)?.[0];
  if (!word || judging.some((w) => !JUDGING.test(w))) return;
  reading.topN = { ...reading.topN, order: reading.topN.order === 'asc' ? 'desc' : 'asc' };
  reading.worseWhenHigher = word;
}

/**
 * A ranking that names no metric ("who is our best customer?", "top product", "哪个区域表现最差") ranks by the
 * catalog's main metric: its primary_metric, else its one additive money metric. The plan says so.
 */
function impliedMetric(question: string, catalog: Catalog, reading: CatalogReading, features: Feature[]): void {
  // A ranking over periods ("what was our worst quarter?", "哪个月最好") names no dimension but its grain.
  const overPeriods = reading.groupBy.length === 0 && reading.grain?.ranked === true;
  if (reading.metrics.length > 0) return;
  if (reading.groupBy.length === 0 && !overPeriods) {
    howDidItDo(question, catalog, reading, features);
    return;
  }
  const superlatives = rankingWords(question.toLowerCase());
  if (!reading.topN && !features.some((f) => f.name === 'PERFORMANCE') && !(overPeriods && superlatives.length > 0)) return;
  const metric = mainMetric(catalog);
  if (!metric) return;
  reading.metrics = [metric];
  reading.implied = { metric, reason: 'primary_metric' };
  // "各销售代表的业绩", "performance by rep": each one's figure; only a superlative ranks ("who performed best").
  if (superlatives.length > 0) reading.topN ??= { n: 1, order: superlatives.some((w) => w.value === 'asc') ? 'asc' : 'desc' };
  const word = reading.spans.ranking[0] ?? features.find((f) => f.name === 'PERFORMANCE');
  let [start, end] = Array.isArray(word) ? word : word ? [word.start, word.end] : [0, 0];
  // "lost the most": the loss and its superlative together.
  const loss = features.find((f) => f.name === 'LOSS');
  if (loss && (end <= loss.start || start === end)) [start, end] = [loss.start, Math.max(end, loss.end)];
  else if (loss && loss.start < start) start = loss.start;
  reading.impliedBy = question.slice(start, end).trim() || undefined;
}

/** "How did Munich do in Q2?", "how's the app channel performing", 慕尼黑二季度表现如何: how a member did, with no measure named. */
const HOW_DID =
  /\bhow(?:'d|’d|\s+(?:did|does|do|is|are|was|were|has|have))\b[^?.!]{1,60}?\b(?:do|doing|done|perform(?:ing|ed)?|fare(?:d)?|go(?:ing)?|went)\b|(?:表现|业绩|做得)(?:怎么样|如何|怎样)/i;

/**
 * "How did Munich do?": what a named member did, with no measure named, is the catalog's main metric for it; the
 * plan says so ('"how'd … do" read as revenue, the catalog's primary metric').
 */
function howDidItDo(question: string, catalog: Catalog, reading: CatalogReading, features: Feature[]): void {
  const asked = HOW_DID.exec(question);
  const performance = features.find((f) => f.name === 'PERFORMANCE');
  if (reading.filters.length === 0 || (!asked && !performance)) return;
  const metric = mainMetric(catalog);
  if (!metric) return;
  reading.metrics = [metric];
  reading.implied = { metric, reason: 'primary_metric' };
  reading.impliedBy = asked ? asked[0] : question.slice(performance?.start ?? 0, performance?.end ?? 0);
}

/**
 * The assumption a plan states when the reading implied its metric: '"best" read as the highest revenue, the
 * catalog's primary metric' (message reading.implied.highest / .lowest, or .measure when nothing is ranked). Empty when
 * nothing was implied.
 */
export function impliedAssumptions(reading: CatalogReading, catalog: Catalog, language: Language): string[] {
  if (reading.worseWhenHigher) {
    const m = catalog.metrics[reading.metrics[0] ?? ''];
    const metric = m ? (language === 'zh' ? (m.label_zh ?? m.label) : m.label) : (reading.metrics[0] ?? '');
    const key = reading.topN?.order === 'asc' ? 'reading.worse_when_higher.lowest' : 'reading.worse_when_higher.highest';
    return [render(key, { word: reading.worseWhenHigher, metric }, language)];
  }
  if (!reading.implied) return [];
  const m = catalog.metrics[reading.implied.metric];
  const metric = m ? (language === 'zh' ? m.label_zh : m.label) : reading.implied.metric;
  const key = !reading.topN
    ? 'reading.implied.measure'
    : reading.topN.order === 'asc'
      ? 'reading.implied.lowest'
      : 'reading.implied.highest';
  return [render(key, { word: reading.impliedBy ?? '', metric }, language)];
}

/** The reading with what the words mean beyond the literal terms (changed in place). */
export function readWords(question: string, catalog: Catalog, reading: CatalogReading): CatalogReading {
  rowsDescribed(question, catalog, reading);
  rankedDimension(reading);
  const asked = askedFeatures(question, catalog, reading);
  const people = (h: Hit) =>
    h.kind === 'metric' &&
    /^(?:顾客|客户|用户|买家|消费者|customers?|clients?|buyers?|shoppers?|people)$/i.test(question.slice(h.start, h.end));
  const metricHits = reading.hits.filter((h) => h.kind === 'metric');
  const who = whoDidTheMost(question, catalog, reading);
  if (who) {
    reading.groupBy.push(who);
    // The one who bought the most: a ranking's first, unless a count is named ("the 3 who spent the most").
    reading.topN ??= { n: 1, order: 'desc' };
  }
  const boughtMost = reading.groupBy.length > 0 && BOUGHT_MOST.test(question) && metricHits.every(people);
  if (boughtMost) {
    reading.hits = reading.hits.filter((h) => !people(h));
    reading.metrics = [];
  }
  const features = boughtMost ? asked.filter((f) => f.name !== 'CUSTOMER' && f.name !== 'BUY') : asked;
  const byVerb = inferred(question, catalog, reading, features);
  entityWords(reading, features, byVerb);
  lossPolarity(reading, features, catalog);
  impliedMetric(question, catalog, reading, features);
  howLong(question, catalog, reading);
  worseWhenHigher(question, catalog, reading);
  // The people who bought, once the metric is what they bought: whose values the ranking groups, not a breakdown.
  if (boughtMost) entityWords(reading, asked, true);
  if (reading.metrics.length === 0)
    reading.near = nearMetrics(
      question,
      catalog,
      reading.hits.map((h): Span => [h.start, h.end]),
    );
  return reading;
}
