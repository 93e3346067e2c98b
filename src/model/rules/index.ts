/**
 * The offline rules model: a deterministic reading of a question in terms of
 * the metric catalog. It has no canned answers; everything it knows comes from
 * the catalog it is given, so the same question always gets the same plan.
 *
 * The parts: intent.ts (keyword rules), terms.ts (the catalog's terms in the question), period.ts (which period),
 * one planner per intent (plan-query.ts, plan-trend.ts, plan-comparison.ts, plan-attribution.ts, plan-share.ts) on
 * the shared steps.ts, and plan-reading.ts (how a plan read the question).
 */
import { asMeant } from '../words/as-meant';
import type { Catalog } from '../../catalog/catalog';
import type { DataExtent, IntentOutput, Language, Plan, PlanStep } from '../../contracts';
import { dimensionLabel } from '../../analysis/findings';
import { catalogFragment, FanOutError } from '../../catalog/sql';
import { catalogText } from '../../format/labels';
import { textOf } from '../../messages/message';
import { PERIOD_MESSAGES, PLAN_MESSAGES } from '../../messages/periods';
import { MAX_PLAN_STEPS } from '../../settings/limits';
import { choosePeriod } from './period';
import { planAttribution } from './plan-attribution';
import { planComparison, planPeriodComparison } from './plan-comparison';
import { planQuery } from './plan-query';
import { planQualityQuestion } from './plan-quality';
import { planShare, readShare, type ShareAsked } from './plan-share';
import { planTrend } from './plan-trend';
import { fanOutOf, listIn, metricList, onlyWhatWasAsked, type Context } from './steps';
import { unanswerable } from './refusals';
import { impliedAssumptions } from '../words/match';
import { readQuestion, type CatalogReading } from './terms';
import { RANK_COUNT } from './ranking';

// The rules model's public face, beside planQuestion: its intent, its reading of a question, and of a plan.
export { classifyIntent } from './intent';
export { readingOfPlan } from './plan-reading';
export { readQuestion } from './terms';

/**
 * A metric that the question's dimensions would multiply (reached through a one-to-many join) is answered by
 * its finer twin when the catalog names one (reading.metrics is changed in place), and refused otherwise; a
 * metric counted once per group it matches gets an assumption that says so.
 */
function fanOutAssumptions(reading: CatalogReading, catalog: Catalog, language: Language, available: string[]): string[] | Plan {
  const say = textOf(PLAN_MESSAGES, language);
  const dims = [...reading.groupBy, ...reading.filters.map((f) => f.dimension)];
  const leftOut = reading.filters.filter((f) => f.exclude).map((f) => f.dimension);
  const labelsOf = (ds: string[]) =>
    listIn(
      language,
      ds.map((d) => dimensionLabel(catalog, language, d)),
    );
  const metricLabel = (id: string) => catalogText(language, catalog.metrics[id]?.label ?? id, catalog.metrics[id]?.label_zh);
  const assumptionsFromGrain: string[] = [];
  for (const [i, metric] of reading.metrics.entries()) {
    const fanOut = fanOutOf(catalog, metric, dims, leftOut);
    if (!fanOut) continue;
    const finer = catalog.metrics[metric]?.finer;
    if (finer && fanOutOf(catalog, finer, dims, leftOut) === null) {
      reading.metrics[i] = finer;
      assumptionsFromGrain.push(
        say('analysis.plan.finer', { dimensions: labelsOf(dims), metric: metricLabel(metric), finer: metricLabel(finer) }),
      );
      continue;
    }
    if (fanOut instanceof FanOutError) return { kind: 'cannot_answer', reason: fanOut.message, available_metrics: available };
    // Counted once per group it matches: say so, since such groups overlap and add up to more than the total.
    const table = catalog.metrics[metric]?.table ?? metric;
    const params = { dimensions: labelsOf(dims.filter((d) => d in catalog.dimensions)), metric: metricLabel(metric), table };
    if (reading.groupBy.some((d) => d in catalog.dimensions))
      assumptionsFromGrain.push(say(fanOut.how === 'counted_once' ? 'analysis.plan.counted_once' : 'analysis.plan.distinct', params));
    else assumptionsFromGrain.push(say('analysis.plan.filtered_once', params));
  }
  return assumptionsFromGrain;
}

/** A ranking of no rows, or of more than the limit, is asked back. */
function badRankCount(text: string, reading: CatalogReading, catalog: Catalog, language: Language): Plan | null {
  const requested = RANK_COUNT.exec(text) ?? /(?:\btop|前)\s*(-?\d+)/i.exec(text);
  if (!requested || !reading.topN || (reading.topN.n >= 1 && reading.topN.n <= 1000 && Number(requested[1]) !== 0)) return null;
  const say = textOf(PLAN_MESSAGES, language);
  const dims = listIn(
    language,
    reading.groupBy.map((d) => dimensionLabel(catalog, language, d)),
  );
  return {
    kind: 'needs_clarification',
    reason: say('analysis.plan.rank_count', { n: Number(requested[1]) }),
    question: say('analysis.plan.rank_count.question', { dimensions: dims || say('analysis.plan.a_dimension') }),
  };
}

/** A plain breakdown by a dimension kept for rankings only (a customer's name) is asked back, offering its top 10. */
function rankingOnly(
  reading: CatalogReading,
  catalog: Catalog,
  language: Language,
  share: ShareAsked | null,
  extent: DataExtent | null,
): Plan | null {
  if (reading.topN || reading.grain?.ranked) return null;
  const dim = reading.groupBy.find((d) => catalog.dimensions[d]?.ranking_only);
  if (!dim || (share && share.values)) return null;
  const say = textOf(PLAN_MESSAGES, language);
  const metric = reading.metrics[0] as string;
  const count = extent?.dimension_values?.[dim];
  const params = {
    dimension: dimensionLabel(catalog, language, dim),
    metric: catalogText(language, catalog.metrics[metric]?.label ?? metric, catalog.metrics[metric]?.label_zh),
  };
  return {
    kind: 'needs_clarification',
    reason:
      count === undefined ? say('analysis.plan.ranking_only.many', params) : say('analysis.plan.ranking_only.count', { ...params, count }),
    question: say('analysis.plan.ranking_only.question', params),
  };
}

/** The steps for the question's intent; a share, and two named periods set against each other, whatever the keyword. */
function stepsFor(intent: IntentOutput['intent'], ctx: Context, share: ShareAsked | null): PlanStep[] {
  if (share && !ctx.compareWith) return planShare(ctx, share);
  if (ctx.compareWith && intent !== 'attribution' && intent !== 'comparison') return planPeriodComparison(ctx);
  if (intent === 'trend') return planTrend(ctx);
  if (intent === 'comparison') return planComparison(ctx);
  if (intent === 'attribution') return planAttribution(ctx);
  return planQuery(ctx);
}

/**
 * The plan for a question, read against the catalog. Reviewer feedback and the
 * reasons earlier plans were rejected are read as part of the question, so
 * "only 华东" or "use March 2026" change the plan.
 */
export function planQuestion(
  question: string,
  intent: IntentOutput,
  catalog: Catalog,
  asOf: string,
  feedback: string[] = [],
  extent: DataExtent | null = null,
): Plan {
  question = asMeant(question);
  const language = intent.language;
  const text = [question, ...feedback].join(' ');
  const quality = planQualityQuestion(question, catalog, language, asOf);
  if (quality) return quality;
  const reading = readQuestion(text, catalog);
  const available = metricList(catalog, language);

  const refused = unanswerable(reading, catalog, language, available, question);
  if (refused) return refused;
  onlyWhatWasAsked(reading, catalog, text);
  // A share is read before the fan-out check: a value named becomes a breakdown by its dimension.
  const share = intent.intent === 'query' || intent.intent === 'comparison' ? readShare(text, reading, catalog, language) : null;
  if (share && 'kind' in share) return share;
  const assumptionsFromGrain = fanOutAssumptions(reading, catalog, language, available);
  if (!Array.isArray(assumptionsFromGrain)) return assumptionsFromGrain;
  const asked = badRankCount(text, reading, catalog, language) ?? rankingOnly(reading, catalog, language, share, extent);
  if (asked) return asked;

  const say = textOf(PLAN_MESSAGES, language);
  const assumptions: string[] = [...assumptionsFromGrain, ...impliedAssumptions(reading, catalog, language)];
  const base = { catalog, language, reading };
  const chosen = choosePeriod(intent.intent, text, asOf, base, extent, assumptions);
  if ('clarify' in chosen) {
    const question = chosen.suggestion || textOf(PERIOD_MESSAGES, language)('analysis.period.suggest.any');
    return { kind: 'needs_clarification', reason: chosen.clarify, question };
  }
  const ctx: Context = { ...base, window: chosen.window, compareWith: chosen.compareWith, text };
  const steps = stepsFor(intent.intent, ctx, share);

  if (steps.length > MAX_PLAN_STEPS) {
    const metrics = reading.metrics.map((m) => catalogText(language, catalog.metrics[m]?.label ?? m, catalog.metrics[m]?.label_zh));
    return {
      kind: 'needs_clarification',
      reason: say('analysis.plan.too_many_steps', { steps: steps.length, limit: MAX_PLAN_STEPS }),
      question: say('analysis.plan.too_many_steps.question', { count: reading.metrics.length, metrics: listIn(language, metrics) }),
    };
  }
  const fragments = Object.fromEntries(steps.map((s) => [s.step_id, catalogFragment(catalog, s.metrics, s.dimensions)]));
  return { kind: 'plan', steps, assumptions, fragments };
}
