/**
 * Filters a follow-up takes away: a dimension named after "all", "every", 不限, "remove the", or before "filter", 筛选
 * ("all countries again", "remove the country filter", "不限国家"), and a value's filter taken away ("Brazil 的 filter
 * 去掉", "the whole business, not just South China").
 */
import type { Catalog } from '../../catalog/catalog';
import type { Span } from '../reading';
import type { Hit } from '../rules/terms';
import { FILTER_WORD_AFTER, LIFT_AFTER, LIFT_BEFORE, REMOVE_FILTER_VERB } from './cues';

/** Every name of each catalog dimension (label, Chinese label, aliases), longest first. */
function dimensionNames(catalog: Catalog): { id: string; name: string }[] {
  return Object.entries(catalog.dimensions)
    .flatMap(([id, d]) => [d.label, d.label_zh, ...d.aliases].map((name) => ({ id, name: name.toLowerCase() })))
    .filter((x) => x.name.length > 0)
    .sort((a, b) => b.name.length - a.name.length);
}

/**
 * Dimensions lifted: named right after "all", "every", "不限", "remove the", or right before "filter", 筛选 (by the
 * dimension's names, so a name the term reader took for a metric's word still counts).
 */
export function liftedDims(text: string, catalog: Catalog, hits: Hit[] = []): { dims: string[]; spans: Span[] } {
  const dims: string[] = [];
  const spans: Span[] = [];
  const lower = text.toLowerCase();
  // A value's filter taken away ("remove the Brazil filter", "Brazil 的 filter 去掉", "把加拿大这个条件去掉", "the whole
  // business, not just South China"): its dimension is lifted.
  if (REMOVE_FILTER_VERB.test(text) || /\bnot\s+(?:just|only)\b|不只|不光|不仅/i.test(text)) {
    for (const [id, d] of Object.entries(catalog.dimensions)) {
      for (const name of Object.entries(d.values)
        .flatMap(([v, aliases]) => [v, ...aliases])
        .map((x) => x.toLowerCase())) {
        for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
          const end = at + name.length;
          if (/^[a-z]/.test(name) && (/[a-z]/.test(lower[at - 1] ?? '') || /[a-z]/.test(lower[end] ?? ''))) continue;
          const after = REMOVE_FILTER_VERB.test(text) ? FILTER_WORD_AFTER.exec(text.slice(end)) : null;
          const notJust = NOT_JUST.exec(text.slice(Math.max(0, at - 20), at));
          if (!after && !notJust) continue;
          if (!dims.includes(id)) dims.push(id);
          spans.push([at - (notJust?.[0].length ?? 0), end + (after?.[0].length ?? 0)]);
        }
      }
    }
  }
  for (const { id, name } of dimensionNames(catalog)) {
    for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
      const end = at + name.length;
      // Its plural too: "countries" for "country" is read below by the s; "classes" for "class" by -es.
      const es = /(?:s|x|z|ch|sh)$/.test(name) && /^es\b/.test(lower.slice(end));
      if (/^[a-z]/.test(name) && (/[a-z]/.test(lower[at - 1] ?? '') || (!es && /[a-rt-z]/.test(lower[end] ?? '')))) continue;
      if (spans.some(([s, e]) => at < e && s < end)) continue;
      const plural = es ? 2 : /^s\b/.test(lower.slice(end)) ? 1 : 0;
      const before = LIFT_BEFORE.exec(text.slice(Math.max(0, at - 30), at));
      const after = LIFT_AFTER.exec(text.slice(end + plural));
      if (!before && !after) continue;
      if (!dims.includes(id)) dims.push(id);
      spans.push([at - (before?.[0].length ?? 0), end + plural + (after?.[0].length ?? 0)]);
    }
  }
  // A dimension the term reader found by another form of its name ("all classes again" for "car class").
  for (const h of hits) {
    if (h.kind !== 'dimension' || spans.some(([s, e]) => h.start < e && s < h.end)) continue;
    const before = LIFT_BEFORE.exec(text.slice(Math.max(0, h.start - 30), h.start));
    const after = LIFT_AFTER.exec(text.slice(h.end));
    if (!before && !after) continue;
    if (!dims.includes(h.id)) dims.push(h.id);
    spans.push([h.start - (before?.[0].length ?? 0), h.end + (after?.[0].length ?? 0)]);
  }
  return { dims, spans };
}

/** "Not just" before a value: the filter on it goes ("the whole business, not just South China", 不只看华南). */
export const NOT_JUST = /(?:\bnot\s+(?:just|only)\s+(?:the\s+|in\s+|for\s+)?|不只看?|不光看?|不仅仅?看?)$/i;
