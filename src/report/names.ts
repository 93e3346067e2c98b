/**
 * One name per quantity, in the catalog's words. A calculation's description is written by the operation that
 * computed it, for the pipeline as much as for people ("客户类型=新客 结构效应", "repurchase rate · before"); the
 * report names each quantity once, here, and uses that name in every section and in the citations:
 *
 *   - a segment is "新客（客户类型）" / "New Customers (customer type)", never "customer_type=new";
 *   - a segment's effects on a change are told apart: its total contribution (mix + rate) and, of it, the mix
 *     effect or the rate effect a ranking names;
 *   - the same number computed by two steps (the month before as a monthly value and as a decomposition's "before",
 *     the change as the ranking's and each decomposition's) has the one name;
 *   - references to columns (orders.pay_time, users.channel, orders.user_id) are said as the catalog's time field,
 *     dimension or unit.
 */
import type { Catalog } from '../catalog/catalog';
import type { Calculation, Language } from '../contracts';
import { catalogText, dimensionLabel, timeFieldLabel, valueLabel } from '../format/labels';
import { formatCalculation } from '../format/numbers';
import { textIn } from '../messages';
import type { SectionContext } from './sections/context';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A segment: "新客（客户类型）", "New Customers (customer type)". */
export function segmentName(catalog: Catalog, language: Language, dimension: string, value: string): string {
  if (!catalog.dimensions[dimension]) return `${dimension} ${value}`;
  return textIn(language)('report.name.segment', {
    value: valueLabel(catalog, language, dimension, value),
    dimension: dimensionLabel(catalog, language, dimension),
  });
}

const NOUNS = ['user', 'customer', 'order', 'invoice'] as const;

/** A key column's unit: orders.user_id → 用户 / user. */
function keyNoun(language: Language, stem: string): string {
  const known = NOUNS.find((n) => n === stem);
  return known ? textIn(language)(`report.name.noun.${known}`) : stem.replace(/_/g, ' ');
}

/**
 * A text another agent wrote, its internal references said in the catalog's words: "dimension=value" (by id or by
 * label) as the segment, a time field's column as its meaning, a dimension's column as its label, a key column
 * (orders.user_id) as its unit.
 */
export function readable(text: string, catalog: Catalog, language: Language): string {
  let out = text;
  for (const [id, dim] of Object.entries(catalog.dimensions)) {
    const label = dimensionLabel(catalog, language, id);
    // Longer names first: "registration channel=app" before "channel=app". A Chinese segment takes no space after it.
    // Only the names the text writes as "name=" (a segment's name holds no "="): a catalog's dimensions may have
    // hundreds of values, and most texts name none of them.
    const names = [...new Set([id, label, dim.label, dim.label_zh])]
      .sort((a, b) => b.length - a.length)
      .filter((name) => out.includes(`${name}=`));
    if (names.length > 0) {
      // Known values first (their labels may hold spaces), then any other value written without one.
      const values = Object.keys(dim.values).flatMap((v) => [v, valueLabel(catalog, language, id, v)].map((shown) => [shown, v] as const));
      for (const [shown, v] of values.sort((a, b) => b[0].length - a[0].length)) {
        for (const name of names)
          out = out.replace(
            new RegExp(`${escape(`${name}=${shown}`)}${language === 'zh' ? ' ?' : ''}`, 'g'),
            segmentName(catalog, language, id, v),
          );
      }
      out = out.replace(new RegExp(`(?<![\\w.])(?:${names.map(escape).join('|')})=([^\\s，,；;。）)]+)`, 'g'), (_, v: string) =>
        segmentName(catalog, language, id, v),
      );
    }
    if (dim.column) out = out.split(dim.column).join(label);
  }
  for (const [id, field] of Object.entries(catalog.time_fields)) {
    const meaning = timeFieldLabel(catalog, language, id);
    const said = language === 'en' ? meaning.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase()) : meaning;
    if (field.column) out = out.split(field.column).join(said);
    // A time field's id where it is no plain word (invoice_date, pay_time).
    if (id.includes('_')) out = out.replace(new RegExp(`(?<![\\w.])${escape(id)}(?![\\w.])`, 'g'), said);
  }
  for (const [id, metric] of Object.entries(catalog.metrics))
    if (id.includes('_'))
      out = out.replace(new RegExp(`(?<![\\w.])${escape(id)}(?![\\w.])`, 'g'), catalogText(language, metric.label, metric.label_zh));
  return out.replace(/\b[a-z][a-z0-9_]*\.([a-z][a-z0-9_]*)_id\b/g, (_, stem: string) => keyNoun(language, stem));
}

const kindOf = (ctx: SectionContext, stepId: string) => ctx.input.chart_data.find((d) => d.step_id === stepId)?.kind ?? null;

/** The name of a ranked effect: "新客（客户类型）的结构效应". */
export function effectName(ctx: SectionContext, dimension: string, segment: string, effectType: string): string {
  const name = segmentName(ctx.catalog, ctx.language, dimension, segment);
  const key =
    effectType === 'mix' ? 'report.name.mix-effect' : effectType === 'rate' ? 'report.name.rate-effect' : 'report.name.own-effect';
  return ctx.text(key, { segment: name });
}

/** The first segment of a decomposition's row match: [dimension, value]. */
function matchedSegment(calc: Calculation): [string, string] | null {
  const entry = Object.entries(calc.pick.match ?? {})[0];
  return entry ? [entry[0], String(entry[1])] : null;
}

/** The name of one calculation, before the same numbers are given one name. */
function ownName(ctx: SectionContext, calc: Calculation): string {
  const { catalog, language } = ctx;
  const kind = kindOf(ctx, calc.step_id);
  const match = calc.pick.match;
  const field = calc.pick.field;
  if (kind === 'rank_contributors' && match && (field === 'effect' || field === 'share_of_change')) {
    const effect = effectName(ctx, String(match.dimension), String(match.segment), String(match.effect_type));
    return field === 'effect' ? effect : ctx.text('report.name.share-of-change', { effect });
  }
  const segment = matchedSegment(calc);
  if (kind === 'change_decomposition' && field === 'total_effect' && segment)
    return ctx.text('report.name.total-contribution', { segment: segmentName(catalog, language, segment[0], segment[1]) });
  const described = readable(calc.description, catalog, language);
  // The change is the same quantity in the ranking and in every decomposition: its name without "by dimension".
  if (field === 'change' && match === null && (kind === 'rank_contributors' || kind === 'change_decomposition'))
    return described.replace(/\s*[（(][^（()）]*[)）]$/, '');
  return described;
}

/** The metric a level's name starts with: "复购率 · 华东 · 2026-10" → 复购率. */
const metricOf = (name: string) => name.split(' · ')[0] ?? name;

const memo = new WeakMap<SectionContext, Map<string, string>>();

/**
 * Every citable calculation's name. A level the ranking or a decomposition restates (its value before or after) is
 * named as the monthly value of the same metric written the same way, when a step computed that one.
 */
function names(ctx: SectionContext): Map<string, string> {
  const known = memo.get(ctx);
  if (known) return known;
  const out = new Map(ctx.citable.map((x) => [x.id, ownName(ctx, x)]));
  const levels = ctx.citable.filter((x) => kindOf(ctx, x.step_id) === 'metric' && !x.delta);
  for (const calc of ctx.citable) {
    if (calc.pick.match !== null || !['value_before', 'value_after'].includes(calc.pick.field)) continue;
    const written = formatCalculation(calc, ctx.language);
    const own = metricOf(out.get(calc.id) ?? '');
    const same = levels.find((x) => formatCalculation(x, ctx.language) === written && metricOf(out.get(x.id) ?? '') === own);
    if (same) out.set(calc.id, out.get(same.id) ?? own);
  }
  memo.set(ctx, out);
  return out;
}

/** The report's name for a calculation. */
export function quantityName(ctx: SectionContext, calc: Calculation): string {
  return names(ctx).get(calc.id) ?? readable(calc.description, ctx.catalog, ctx.language);
}
