/** How a plan (the rules model's or a language model's) read the question, and the words of it that it leaves unused. */
import { asMeant } from '../words/as-meant';
import { EN_CONCEPTS } from '../words/concepts';
import { englishWords, lemma } from '../words/lemma';
import type { Catalog } from '../../catalog/catalog';
import type { Language, MetricQuery, PlanStep, QuestionReading, TimeGrain, TimeWindow } from '../../contracts';
import { dimensionLabel, valueLabel } from '../../analysis/findings';
import { blockingWords, findGrain, findPeriodComparison, namesNotUsed, statementOf, wordsNotUsed, type Span } from '../reading';
import { readPeriods } from '../period-text';
import { makeWindow, wholeMonths } from '../time-window';
import { catalogText } from '../../format/labels';
import { INTENT_RULES } from './intent';
import { SHARE_WORDS } from './plan-share';
import { isRateOfRows } from '../words/rate-as-share';
import { narrowedBy } from './steps';
import { readQuestion, type CatalogReading, type Hit } from './terms';

function addMonths(start: string, n: number): string {
  const [y, m] = start.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
}

const isGrain = (g: string): g is TimeGrain => ['year', 'quarter', 'month', 'week', 'day'].includes(g);

/**
 * What a share plan (or a rate asked as a share) reads of the question: its share words, and the values of the dimension it takes shares
 * along ("from Rock" is one of the groups; "new customers" a value, not the metric of that name).
 */
function shareWords(
  question: string,
  steps: PlanStep[],
  catalog: Catalog,
  hits: Hit[],
): { spans: Span[]; dimensions: Set<string>; values: Set<string> } {
  const dimensions = new Set(steps.flatMap((s) => (s.operation.kind === 'share_of_total' ? [s.operation.dimension] : [])));
  // "What % of appointments were no-shows": the share words say the rate the plan computes.
  const rate = steps.some((s) => s.metrics.some((m) => isRateOfRows(hits, catalog, m)));
  if (dimensions.size === 0 && !rate) return { spans: [], dimensions, values: new Set() };
  const spans = [...question.matchAll(new RegExp(SHARE_WORDS.source, 'gi'))].map((m): Span => [m.index, m.index + m[0].length]);
  const values = new Set(
    [...dimensions].flatMap((d) =>
      Object.entries(catalog.dimensions[d]?.values ?? {}).flatMap(([v, a]) => [v, ...a].map((x) => x.toLowerCase())),
    ),
  );
  return { spans, dimensions, values };
}

/** The entity named right after a value: "Brazilian customers", "USA's customers", "Queen's albums". */
const entityAfter = (question: string, value: Hit, entity: Hit) =>
  entity.start >= value.end && /^(?:['’]s)?\s?$/.test(question.slice(value.end, entity.start));

/** Which words of the question the plan uses; `blocking`: the unused words that name what the question asks for. */
function wordsOfPlan(
  question: string,
  steps: PlanStep[],
  catalog: Catalog,
  asOf: string,
  matched: string | null,
  r: CatalogReading,
  queries: MetricQuery[],
  usedMetrics: string[],
): { notUsed: string[]; blocking: string[] } {
  const usedDims = new Set([
    ...steps.flatMap((s) => s.dimensions),
    ...queries.flatMap((q) => [...q.group_by, ...q.filters.map((f) => f.dimension)]),
  ]);
  const usedValues = new Set(queries.flatMap((q) => q.filters.flatMap((f) => f.values.map((v) => `${f.dimension}=${v}`))));
  const ranks =
    steps.some((s) => s.operation.kind === 'top_n' || s.operation.kind === 'rank_contributors') || queries.some((q) => q.order !== null);
  const covered: Span[] = [];
  const blocking: string[] = [];
  const share = shareWords(question, steps, catalog, r.hits);
  covered.push(...share.spans);
  const valueCovered = (hit: Hit) =>
    (hit.kind === 'value' && share.dimensions.has(hit.id)) ||
    (hit.kind === 'metric' && share.values.has(question.slice(hit.start, hit.end).toLowerCase())) ||
    (hit.kind === 'dimension' &&
      r.hits.some((v) => v.kind === 'value' && usedValues.has(`${v.id}=${v.value ?? ''}`) && entityAfter(question, v, hit)));
  for (const hit of r.hits) {
    if (valueCovered(hit)) {
      // "美国客户", "Brazilian customers": the entity named after a value is the filter's own word.
      covered.push([hit.start, hit.end]);
      continue;
    }
    const finer = catalog.metrics[hit.id]?.finer;
    const used =
      hit.kind === 'metric'
        ? usedMetrics.includes(hit.id) ||
          (finer !== undefined && usedMetrics.includes(finer)) ||
          usedMetrics.some((m) => narrowedBy(catalog, hit.id, m))
        : hit.kind === 'dimension'
          ? usedDims.has(hit.id)
          : usedValues.has(`${hit.id}=${hit.value ?? ''}`);
    if (used) covered.push([hit.start, hit.end]);
    else if (hit.start < question.length) blocking.push(question.slice(hit.start, hit.end));
  }
  const lower = question.toLowerCase();
  const { periods, allTime } = readPeriods(question, asOf, true);
  for (const p of periods) {
    if (queries.some((q) => q.window.start <= p.window.start && q.window.end >= p.window.end)) covered.push(...p.spans);
  }
  if (allTime && queries.some((q) => q.window.source === 'all_time')) covered.push(allTime);
  const grain = findGrain(
    lower,
    r.hits.map((h): Span => [h.start, h.end]),
  );
  if (grain && queries.some((q) => q.group_by.includes(grain.value.grain))) covered.push(grain.span);
  if (ranks || steps.some((s) => s.operation.kind === 'trend' || s.operation.kind === 'change_decomposition'))
    covered.push(...r.spans.ranking);
  if (queries.some((q) => q.filters.some((f) => f.exclude))) covered.push(...r.spans.leftOut);
  const comparison = findPeriodComparison(lower);
  if (
    comparison &&
    (queries.some((q) => q.periods.length >= 2) ||
      steps.some((s) => s.operation.kind === 'compare' || s.operation.kind === 'change_decomposition'))
  )
    covered.push(comparison.span);
  covered.push(...saidFor(lower, [matched, r.implied && usedMetrics.includes(r.implied.metric) ? r.impliedBy : undefined]));
  // Words of change and comparison ("drop", "growth", 下降) are what a trend, a comparison or a decomposition says;
  // a plan of plain totals leaves them unused, and then they block.
  if (steps.some((s) => ['trend', 'compare', 'change_decomposition', 'gap_contribution'].includes(s.operation.kind))) {
    for (const re of [...INTENT_RULES.map((rule) => new RegExp(rule.pattern.source, 'gi')), CHANGE_AND_PARTS])
      for (const m of lower.matchAll(re)) covered.push([m.index, m.index + m[0].length]);
  }
  const notUsed = wordsNotUsed(question, covered);
  const named = [...blockingWords(notUsed), ...namesNotUsed(question, notUsed), ...otherMetricWords(notUsed, catalog, usedMetrics)];
  for (const w of named) if (!blocking.includes(w)) blocking.push(w);
  return { notUsed, blocking };
}

/**
 * Where the words the plan took stand: the intent's matched keyword, and the word that implied the metric (业绩,
 * "how'd … do") when the plan measures that metric.
 */
function saidFor(lower: string, words: (string | null | undefined)[]): Span[] {
  return words.flatMap((w): Span[] => {
    const at = w ? lower.indexOf(w.toLowerCase()) : -1;
    return w && at >= 0 ? [[at, at + w.length]] : [];
  });
}

/** Words of a metric's names that say only what kind of figure it is ("rate", "number"): they name no metric. */
const KIND_WORDS = new Set(['rate', 'ratio', 'number', 'count', 'total', 'average', 'amount', 'value', 'share', 'sell', 'sold']);

/**
 * Unused words that are a word of another metric's name ("which category do learners finish most often": "finish" of
 * the completion rate's "finish rate"): the plan answers with another metric than the one the words point at, so they
 * block, and the question is asked back.
 */
function otherMetricWords(notUsed: string[], catalog: Catalog, usedMetrics: string[]): string[] {
  const wordsOf = (used: boolean) =>
    Object.entries(catalog.metrics)
      .filter(([id]) => usedMetrics.includes(id) === used)
      .flatMap(([, m]) => [m.label, ...m.aliases].flatMap((name) => englishWords(name).map((w) => w.lemma)));
  const others = new Set(wordsOf(false).filter((w) => w.length >= 4 && !KIND_WORDS.has(w)));
  // A word the plan's own metric says too ("damage" of "damage repair costs", "rent" of "average rental length") is used.
  const own = wordsOf(true);
  const ownWord = (w: string) => own.some((o) => o === w || (w.length >= 4 && o.startsWith(w)) || (o.length >= 4 && w.startsWith(o)));
  // A word of the shared vocabulary ("money", "lost", "customers") says what kind of figure, not which metric.
  return notUsed.filter(
    (w) => /^[a-z]+$/.test(w) && others.has(lemma(w)) && !ownWord(lemma(w)) && !EN_CONCEPTS[lemma(w)] && !EN_CONCEPTS[w],
  );
}

/**
 * What a change and its parts are called beyond the intent's keywords: 涨, 跌, and taking it apart ("按平台拆解", "拆一下",
 * "break it down", "the contribution of each"), which a decomposition does. Elsewhere 涨 and 跌 block (reading.ts).
 */
const CHANGE_AND_PARTS =
  /上升|下滑|下跌|增加|减少|提高|降低|回升|回落|涨|跌|拆解|拆分|拆开|拆|分解|细分|\bcontribut(?:e|es|ed|ing|ion|ions)\b|\bdecompos\w*|\bbr(?:eak|oke|eaking)\s+(?:it\s+|this\s+|that\s+)?down\b/gi;

/** The period the plan answers for, and what it is compared with. */
function periodsOfPlan(main: MetricQuery | undefined, steps: PlanStep[]): { window: TimeWindow | null; comparedWith: TimeWindow | null } {
  let window = main?.window ?? null;
  let comparedWith: TimeWindow | null = null;
  if (main && main.periods.length >= 2) {
    const [a, b] = main.periods as [MetricQuery['periods'][number], MetricQuery['periods'][number]];
    comparedWith = makeWindow(a.start, a.end, main.window.source);
    window = makeWindow(b.start, b.end, main.window.source);
  } else if (main && steps.some((s) => s.operation.kind === 'compare' || s.operation.kind === 'change_decomposition')) {
    // Two neighbouring months, quarters or years grouped by their grain: the later one against the earlier.
    const unit = { month: 1, quarter: 3, year: 12 }[main.group_by[0] ?? ''];
    if (unit && wholeMonths(main.window) === 2 * unit) {
      const half = makeWindow(main.window.start, addMonths(main.window.start, unit), main.window.source);
      comparedWith = half;
      window = makeWindow(half.end, main.window.end, main.window.source);
    }
  }
  return { window, comparedWith };
}

/**
 * How a plan (the rules model's or a language model's) reads the question: what it computes, and every
 * word of the question it does not use. `blocking` lists the unused words that name a metric, a dimension,
 * a value, a period, a grain or a ranking: the plan would answer another question than the one asked.
 */
export function readingOfPlan(
  question: string,
  steps: PlanStep[],
  catalog: Catalog,
  language: Language,
  asOf: string,
  matched: string | null,
): { reading: QuestionReading; blocking: string[] } {
  question = asMeant(question);
  const r = readQuestion(question, catalog);
  const queries = steps.flatMap((s) => ('query' in s.operation ? [s.operation.query] : []));
  const main = queries[0];
  const usedMetrics = [...new Set(steps.flatMap((s) => s.metrics))];
  const { notUsed, blocking } = wordsOfPlan(question, steps, catalog, asOf, matched, r, queries, usedMetrics);
  const { window, comparedWith } = periodsOfPlan(main, steps);
  const rankedQuery = queries.find((q) => q.order !== null && q.limit !== null);
  const topStep = steps.find((s) => s.operation.kind === 'top_n');
  const grainUsed = comparedWith ? null : (main?.group_by.find(isGrain) ?? null);
  // Two periods compared are told apart by their period column (period, or the grain two neighbours share): not a breakdown.
  const groupBy = (main?.group_by ?? []).filter((g, i) => g !== 'period' && !(comparedWith && (g === 'month' || (i === 0 && isGrain(g)))));
  const ranking = rankedQuery
    ? {
        n: rankedQuery.limit as number,
        order: rankedQuery.order as 'asc' | 'desc',
        by: rankedQuery.group_by.find((g) => !isGrain(g)) ?? rankedQuery.group_by[0] ?? '',
      }
    : topStep && topStep.operation.kind === 'top_n'
      ? {
          n: topStep.operation.n,
          order: topStep.operation.order,
          by:
            steps.find((s) => s.operation.kind === 'gap_contribution' && 'across' in s.operation)?.dimensions.find((d) => d) ??
            topStep.operation.column,
        }
      : null;
  const metrics = usedMetrics.filter((m) => queries.some((q) => q.metric === m && q === queries.find((x) => x.metric === m)));
  const labels = (ids: string[]) => ids.map((m) => catalogText(language, catalog.metrics[m]?.label ?? m, catalog.metrics[m]?.label_zh));
  const body: Omit<QuestionReading, 'statement'> = {
    metrics: metrics.length > 0 ? [metrics[0] as string, ...metrics.slice(1).filter((m) => r.metrics.includes(m))] : [],
    metric_labels: [],
    window,
    compared_with: comparedWith,
    grain: grainUsed,
    group_by: groupBy,
    filters: main?.filters ?? [],
    ranking,
    not_used: notUsed,
  };
  body.metric_labels = labels(body.metrics);
  const decomposed = steps.flatMap((s) => (s.operation.kind === 'change_decomposition' ? [s.operation.dimension] : []));
  if (decomposed.length > 0) body.decomposed_by = decomposed;
  if (steps.some((s) => s.operation.kind === 'share_of_total')) body.share = true;
  const statement = statementOf(body, language, {
    dimension: (d) => dimensionLabel(catalog, language, d),
    value: (d, v) => valueLabel(catalog, language, d, v),
  });
  return { reading: { ...body, statement }, blocking };
}
