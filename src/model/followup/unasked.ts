/**
 * The parts of a message that say what is NOT asked: what it replaces ("units rather than dollars", "别看金额了"), a
 * breakdown it no longer wants ("not by quarter", "不按流派了"), a filter it lifts ("不限客户类型"). The terms read there
 * are taken out of the message's reading, so they are neither asked for nor named back as not understood.
 */
import type { Catalog } from '../../catalog/catalog';
import type { DimensionFilter } from '../../contracts';
import type { Span } from '../reading';
import { readQuestion, type CatalogReading, type Hit } from '../rules/terms';
import { featuresOf } from '../words/features';

/** Every match of `re` in `text`, as spans. */
export function spansOf(re: RegExp, text: string): Span[] {
  return [...text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))].map((m): Span => [
    m.index,
    m.index + m[0].length,
  ]);
}

/** The words of the message nothing accounts for (not a term, period, grain, ranking, cue or filler word). */
/** Terms inside the lifting words ("不限客户类型": not the metric 客户 names) are the lifted dimension's. */
export function dropInside(r: CatalogReading, spans: Span[]): void {
  const inside = (h: { start: number; end: number }) => spans.some(([s, e]) => h.start >= s && h.end <= e);
  // A value inside the lifting words is the filter taken away, not one kept or left out.
  for (const h of r.hits.filter((x) => x.kind === 'value' && inside(x))) {
    const drop = (fs: DimensionFilter[]) =>
      fs
        .map((f) => (f.dimension === h.id ? { ...f, values: f.values.filter((v) => v !== h.value) } : f))
        .filter((f) => f.values.length > 0);
    r.filters = drop(r.filters);
    r.excluded = drop(r.excluded);
  }
  r.hits = r.hits.filter((h) => !inside(h));
  r.metrics = r.metrics.filter((m) => r.hits.some((h) => h.kind === 'metric' && h.id === m));
  r.mentionedDimensions = r.mentionedDimensions.filter((d) => r.hits.some((h) => h.kind === 'dimension' && h.id === d));
  r.groupBy = r.groupBy.filter((d) => r.hits.some((h) => h.kind === 'dimension' && h.id === d));
}

/**
 * The metrics a message names outside what it says it replaces: read again with that part blanked out, so "units
 * rather than dollars" is units (not the price per unit both words together suggest) and "别看金额了，换成销量" is 销量.
 * When nothing outside names a metric, the reading stands.
 */
export function metricsOutside(text: string, replaced: Span[], r: CatalogReading, catalog: Catalog): void {
  let masked = text;
  for (const [s, e] of replaced) masked = masked.slice(0, s) + ' '.repeat(e - s) + masked.slice(e);
  const outside = readQuestion(masked, catalog);
  if (outside.metrics.length === 0 || outside.implied) return;
  const metricHits = outside.hits.filter((h) => h.kind === 'metric');
  // A word the metric now takes ("how many courses … rather than dollars": courses sold) is no dimension of its own.
  const taken = (h: Hit) => h.kind === 'dimension' && metricHits.some((m) => m.start < h.end && h.start < m.end);
  r.hits = [...r.hits.filter((h) => h.kind !== 'metric' && !taken(h)), ...metricHits];
  r.metrics = outside.metrics;
  const named = (d: string) => r.hits.some((h) => h.kind === 'dimension' && h.id === d);
  r.mentionedDimensions = r.mentionedDimensions.filter(named);
  r.groupBy = r.groupBy.filter(named);
}

/** A breakdown no longer wanted: "not by quarter", "split by rep, not by country", "不按流派了", "别按月了". */
export const NOT_BY = /\bnot\s+(?:by|per|split\s+by|broken\s+down\s+by)\s+[^,.;!?]+|(?:不再?按|不用按|别再?按)[^,，。；;！!？?了]*了?/gi;

/**
 * The dimensions a message breaks down by, and whether its grain stands: not a dimension it keeps values of (one with
 * values left out may be: "by country, without the USA"), not one only named inside "not by …" or what it replaces
 * (`unwanted`); a dimension lifted is one only if also named outside the lifting words ("by city? All the cities").
 */
export function breakdownOutside(
  r: CatalogReading,
  lifted: string[],
  grain: Span | null,
  unwanted: Span[],
  text = '',
): { dims: string[]; grainKept: boolean } {
  const inside = (start: number, end: number) => unwanted.some(([s, e]) => start >= s && end <= e);
  const valueDims = new Set(r.filters.filter((f) => !f.exclude).map((f) => f.dimension));
  const hitOutside = (d: string) =>
    r.hits.some((h) => h.kind === 'dimension' && h.id === d && !inside(h.start, h.end) && !entityOfValue(text, r, h));
  const named = [...new Set([...r.groupBy, ...r.mentionedDimensions])];
  const dims = named.filter(
    (d) => !valueDims.has(d) && hitOutside(d) && (!lifted.includes(d) || r.hits.some((h) => h.kind === 'dimension' && h.id === d)),
  );
  return { dims, grainKept: !grain || !inside(grain[0], grain[1]) };
}

/** Words that ask for each member: "each of our", "by", 各, 每个, 按. */
const EACH_BEFORE = /(?:各|每个?|按照?|分|\beach(?:\s+of)?(?:\s+(?:our|the))?|\bby|\bper|\bevery|\bacross)\s*$/i;

/**
 * A dimension named right after a value of another ("只看 UK 的门店", "only the German branches", "Brazil's customers",
 * "beginner-level courses"):
 * whose the value is, not a breakdown, unless the message asks for each of them ("each of our Iberian branches").
 */
function entityOfValue(text: string, r: CatalogReading, hit: Hit): boolean {
  if (!text) return false;
  return r.hits.some(
    (v) =>
      v.kind === 'value' &&
      v.id !== hit.id &&
      hit.start >= v.end &&
      /^\s*(?:的|['’]s|-?\s*(?:level|tier|grade|type|kind|class|级别?|类))?\s*$/i.test(text.slice(v.end, hit.start)) &&
      !EACH_BEFORE.test(text.slice(0, v.start)) &&
      r.filters.some((f) => f.dimension === v.id && !f.exclude),
  );
}

/**
 * A word that describes a set the message then lists ("the European markets I'm responsible for — Germany, France and
 * the UK", "our core genres: Rock and Metal"): the word just before a dimension's name, when the message keeps two or
 * more values of that same dimension, says nothing the values do not. Its span, to count as understood.
 */
export function describedSets(text: string, r: CatalogReading): Span[] {
  const out: Span[] = [];
  for (const hit of r.hits) {
    if (hit.kind !== 'dimension') continue;
    if ((r.filters.find((f) => f.dimension === hit.id && !f.exclude)?.values.length ?? 0) < 2) continue;
    const before = /([a-z][a-z-]*)\s+$/i.exec(text.slice(0, hit.start));
    if (before) out.push([hit.start - before[0].length, hit.start - before[0].length + (before[1]?.length ?? 0)]);
  }
  return out;
}

/** Words saying the values before them are examples: "mp3 vs AAC vs video etc", "such as Rock and Jazz", 摇滚、爵士等等. */
const EXAMPLES = /\b(?:etc\.?|and\s+so\s+on|and\s+the\s+like|e\.g\.|for\s+example|such\s+as)(?!\w)|等等|之类/i;

/**
 * Values listed as examples of their dimension ("what's the format mix? mp3 vs AAC vs video etc") are not a filter:
 * they say which dimension the message means, so it is the breakdown.
 */
export function examplesAsBreakdown(text: string, r: CatalogReading): void {
  if (!EXAMPLES.test(text)) return;
  const listed = r.filters.filter((f) => !f.exclude && f.values.length >= 2);
  if (listed.length !== 1 || !listed[0]) return;
  const { dimension } = listed[0];
  r.filters = r.filters.filter((f) => f !== listed[0]);
  if (!r.groupBy.includes(dimension)) r.groupBy = [...r.groupBy, dimension];
  r.hits = r.hits.map((h) => (h.kind === 'value' && h.id === dimension ? { ...h, kind: 'dimension', value: undefined } : h));
}

/** Restricting to some rows: 只看, 只要, "only", "just". */
const RESTRICTING = /^\s*(?:只看|只要|只算|仅看|\bonly\b|\bjust\b)/i;

/**
 * "只看 iOS app 下的单", "only orders placed on the iOS app": after a word that restricts, a word that only names the
 * rows (单, 订单, orders: what the thread's metric is of) says which rows are kept, not a count of them. Such metric
 * hits are left out of the reading (their words stay understood: `rowWords` gives their spans).
 */
export function rowWords(text: string, r: CatalogReading): Span[] {
  if (!RESTRICTING.test(text) || !r.filters.some((f) => !f.exclude)) return [];
  const rows = r.hits.filter((h) => {
    if (h.kind !== 'metric') return false;
    const said = featuresOf(text.slice(h.start, h.end));
    return said.length > 0 && said.every((f) => f.name === 'ORDER');
  });
  if (rows.length === 0 || rows.length !== r.hits.filter((h) => h.kind === 'metric').length) return [];
  r.hits = r.hits.filter((h) => !rows.includes(h));
  r.metrics = [];
  return rows.map((h): Span => [h.start, h.end]);
}
