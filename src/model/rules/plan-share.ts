/**
 * Share of total: "what share of revenue came from Rock", "华东占GMV的比例", "各品类销售额占比", "Show the share of
 * orders by region". One value named → the shares of its dimension's values, that value's among them; a breakdown →
 * each group's share. The total is the metric itself (the operation's own rule, src/operations/share-of-total.ts),
 * so where groups overlap (a dimension across a one-to-many join) the shares may add up to more than 100 %, which
 * the fan-out assumption and the finding say.
 */
import type { Catalog } from '../../catalog/catalog';
import type { Language, Plan, PlanStep } from '../../contracts';
import { dimensionLabel, valueLabel } from '../../analysis/findings';
import { catalogText } from '../../format/labels';
import { textOf } from '../../messages/message';
import { SHARE_MESSAGES } from '../../messages/periods';
import { labelOf, listIn, period, query, scopeText, step, type Context } from './steps';
import type { CatalogReading } from './terms';
import { isRateOfRows } from '../words/rate-as-share';

/**
 * Words asking for a part of a whole: share, percentage, proportion, 占比, 比例, 份额, 百分比, 比重, "占…的", and "how
 * much of our revenue comes from", "how much of the revenue was India's", 收入中有多少来自.
 */
export const SHARE_WORDS =
  /\b(?:share|shares|percentage|percent|proportion|fraction|portion|mix)\b|%\s*of\b|(?<![\d.]\s*)(?:^|(?<=\s))%(?=\s*[a-z])|\bhow\s+much\s+of\s+(?:our|the|all|total|overall|[a-z]+\s+(?:comes?|came|is|was)\s+from)\b|占比|比例|份额|百分比|比重|占(?=[^，。？?]{0,20}(?:的|多少|几成))|中有?多少(?:是)?来自/gi;

export const asksShare = (text: string) => new RegExp(SHARE_WORDS.source, 'i').test(text);

/** The dimension a share is taken along, and the values the question named (null for a breakdown). */
export interface ShareAsked {
  dimension: string;
  values: string[] | null;
}

const isGrain = (d: string) => ['year', 'quarter', 'month', 'week', 'day'].includes(d);

/** Words after "from"/"for" that name nothing in the catalog ("share of revenue from Narnia"). */
function unknownWords(text: string, reading: CatalogReading): string[] {
  const words: string[] = [];
  for (const m of text.matchAll(/\b(?:from|for|of|by|in)\s+(?:the\s+)?([A-Za-z][\w'-]*)/g)) {
    const at = (m.index ?? 0) + m[0].length - (m[1] ?? '').length;
    const covered = reading.hits.some((h) => h.start <= at && at < h.end);
    if (!covered && /^[A-Z]/.test(m[1] ?? '')) words.push(m[1] as string);
  }
  return words;
}

/**
 * "What percentage of our sales came from new customers": a second metric whose words are also a dimension's value
 * (new_customers and customer_type = new) is that value in a share question, a part of the first metric.
 */
function valuesNamedAsMetrics(text: string, reading: CatalogReading, catalog: Catalog): void {
  for (const hit of reading.hits) {
    if (hit.kind !== 'metric' || hit.id === reading.metrics[0] || !reading.metrics.includes(hit.id)) continue;
    const words = text.slice(hit.start, hit.end).toLowerCase();
    for (const [dimension, d] of Object.entries(catalog.dimensions)) {
      const value = Object.entries(d.values).find(([v, aliases]) => [v, ...aliases].some((a) => a.toLowerCase() === words))?.[0];
      if (value === undefined) continue;
      reading.metrics = reading.metrics.filter((m) => m !== hit.id);
      reading.filters = [...reading.filters, { dimension, values: [value] }];
      break;
    }
  }
}

/** The values the catalog lists, a few per dimension, for a question back. */
function listedValues(catalog: Catalog, language: Language): string {
  const text = textOf(SHARE_MESSAGES, language);
  return Object.entries(catalog.dimensions)
    .filter(([, d]) => Object.keys(d.values).length > 0 && !d.ranking_only)
    .slice(0, 3)
    .map(([id, d]) => {
      const values = Object.keys(d.values);
      const shown = values.slice(0, 12).map((v) => valueLabel(catalog, language, id, v));
      return text('analysis.share.which.dimension', {
        dimension: dimensionLabel(catalog, language, id),
        values: `${listIn(language, shown)}${values.length > shown.length ? ' …' : ''}`,
      });
    })
    .join(text('analysis.share.which.separator'));
}

/**
 * Whether the question asks for a share, and along which dimension. The reading is changed in place: a value
 * named ("from Rock") becomes a breakdown by its dimension, since its share is of the total over all of them.
 * A share of nothing the catalog knows, or of a ratio, is asked back.
 */
export function readShare(text: string, reading: CatalogReading, catalog: Catalog, language: Language): ShareAsked | Plan | null {
  if (!asksShare(text)) return null;
  const say = textOf(SHARE_MESSAGES, language);
  const metric = reading.metrics[0] as string;
  const def = catalog.metrics[metric];
  if (def?.kind === 'ratio') {
    // "What % of appointments were no-shows": the share is the rate itself (src/model/words/rate-as-share.ts).
    if (isRateOfRows(reading.hits, catalog, metric)) return null;
    const additive = Object.entries(catalog.metrics)
      .filter(([, m]) => m.kind !== 'ratio')
      .slice(0, 4)
      .map(([id, m]) => catalogText(language, m.label, m.label_zh) || id);
    return {
      kind: 'needs_clarification',
      reason: say('analysis.share.ratio', { metric: catalogText(language, def.label, def.label_zh) }),
      question: say('analysis.share.ratio.question', { metrics: listIn(language, additive) }),
    };
  }
  valuesNamedAsMetrics(text, reading, catalog);
  const grouped = reading.groupBy.find((d) => !isGrain(d) && d in catalog.dimensions);
  if (grouped) return { dimension: grouped, values: null };
  const named = reading.filters[reading.filters.length - 1];
  if (named) {
    reading.filters = reading.filters.filter((f) => f !== named);
    reading.groupBy = [...reading.groupBy, named.dimension];
    return { dimension: named.dimension, values: named.values };
  }
  const mentioned = reading.mentionedDimensions.find((d) => d in catalog.dimensions);
  if (mentioned) {
    reading.groupBy = [...reading.groupBy, mentioned];
    return { dimension: mentioned, values: null };
  }
  const unknown = unknownWords(text, reading);
  return {
    kind: 'needs_clarification',
    reason:
      unknown.length > 0 ? say('analysis.share.no_dimension', { words: unknown.join('", "') }) : say('analysis.share.no_dimension.any'),
    question: say('analysis.share.which', { values: listedValues(catalog, language) }),
  };
}

/** One step per metric: its shares along the dimension, over the period, within the question's other filters. */
export function planShare(ctx: Context, share: ShareAsked): PlanStep[] {
  const say = textOf(SHARE_MESSAGES, ctx.language);
  const { reading, catalog, language } = ctx;
  const dimension = share.dimension;
  const scope = scopeText(ctx, reading.filters);
  const dim = dimensionLabel(catalog, language, dimension);
  return reading.metrics.map((metric, i) => {
    const common = { metric: labelOf(ctx, metric), dimension: dim, period: period(ctx, ctx.window), scope: scope ? ` · ${scope}` : '' };
    const description = share.values
      ? say('analysis.share.step.value', {
          ...common,
          values: listIn(
            language,
            share.values.map((v) => valueLabel(catalog, language, dimension, v)),
          ),
        })
      : say('analysis.share.step', common);
    return step(
      i + 1,
      description,
      [],
      textOf(SHARE_MESSAGES, 'en')('analysis.share.expected', { dimension }),
      [metric],
      [...reading.filters.map((f) => f.dimension), dimension],
      { kind: 'share_of_total', query: query(metric, ctx.window, reading.filters, [dimension]), dimension },
    );
  });
}
