/**
 * The offline rules model: a deterministic reading of a question in terms of
 * the metric catalog. It has no canned answers; everything it knows comes from
 * the catalog it is given, so the same question always gets the same plan.
 *
 * The parts: intent.ts (keyword rules), terms.ts (the catalog's terms in the question), period.ts (which period),
 * one planner per intent (plan-query.ts, plan-trend.ts, plan-comparison.ts, plan-attribution.ts) on the shared
 * steps.ts, and plan-reading.ts (how a plan read the question).
 */
import type { Catalog } from '../../catalog/catalog';
import type { DataExtent, IntentOutput, Language, Plan } from '../../contracts';
import { dimensionLabel } from '../../analysis/findings';
import { say } from '../../analysis/wording';
import { catalogFragment, FanOutError } from '../../catalog/sql';
import { MAX_PLAN_STEPS } from '../../settings/limits';
import { choosePeriod } from './period';
import { planAttribution } from './plan-attribution';
import { planComparison, planPeriodComparison } from './plan-comparison';
import { planQuery } from './plan-query';
import { planTrend } from './plan-trend';
import { fanOutOf, labelOf, metricList, type Context } from './steps';
import { unanswerable } from './refusals';
import { impliedAssumptions } from '../words/match';
import { RANK_COUNT, readQuestion, type CatalogReading } from './terms';

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
  const t = say(language);
  const dims = [...reading.groupBy, ...reading.filters.map((f) => f.dimension)];
  const assumptionsFromGrain: string[] = [];
  for (const [i, metric] of reading.metrics.entries()) {
    const fanOut = fanOutOf(catalog, metric, dims);
    if (!fanOut) continue;
    const finer = catalog.metrics[metric]?.finer;
    if (finer && fanOutOf(catalog, finer, dims) === null) {
      reading.metrics[i] = finer;
      const [a, b] = [catalog.metrics[metric], catalog.metrics[finer]];
      assumptionsFromGrain.push(
        t(
          `按${dims.map((d) => dimensionLabel(catalog, 'zh', d)).join('、')}时，${a?.label_zh ?? metric}按更细的${b?.label_zh ?? finer}计算（否则一行会被重复计数）`,
          `by ${dims.join(', ')}, ${a?.label ?? metric} is computed as ${b?.label ?? finer} (the finer table), so no row is counted twice`,
        ),
      );
      continue;
    }
    if (fanOut instanceof FanOutError) return { kind: 'cannot_answer', reason: fanOut.message, available_metrics: available };
    // Counted once per group it matches: say so, since such groups overlap and add up to more than the total.
    const def = catalog.metrics[metric];
    const table = def?.table ?? metric;
    const byWhat = dims.filter((d) => d in catalog.dimensions);
    if (reading.groupBy.some((d) => d in catalog.dimensions)) {
      const [zhBy, enBy] = [
        byWhat.map((d) => dimensionLabel(catalog, 'zh', d)).join('、'),
        byWhat.map((d) => dimensionLabel(catalog, 'en', d)).join(', '),
      ];
      assumptionsFromGrain.push(
        fanOut.how === 'counted_once'
          ? t(
              `按${zhBy}时，每条${table}记录在它涉及的每个分组里各计一次（不按明细重复计数）；一条记录可属于多个分组，各组之和可能大于总数`,
              `by ${enBy}, each ${table} row counts once in every group it has lines in (never once per line); a row can belong to several groups, so the groups can add up to more than the total`,
            )
          : t(
              `按${zhBy}时，${def?.label_zh ?? metric}在其出现的每个分组里各计一次；各组之和可能大于总数`,
              `by ${enBy}, ${def?.label ?? metric} counts each one once in every group it appears in, so the groups can add up to more than the total`,
            ),
      );
    } else {
      assumptionsFromGrain.push(
        t(
          `筛选${byWhat.map((d) => dimensionLabel(catalog, 'zh', d)).join('、')}时，统计至少有一条匹配明细的${table}记录，每条只计一次`,
          `filtered by ${byWhat.map((d) => dimensionLabel(catalog, 'en', d)).join(', ')}, ${def?.label ?? metric} counts each ${table} row with at least one matching line once`,
        ),
      );
    }
  }
  return assumptionsFromGrain;
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
  const language = intent.language;
  const text = [question, ...feedback].join(' ');
  const reading = readQuestion(text, catalog);
  const available = metricList(catalog, language);

  const refused = unanswerable(reading, catalog, language, available);
  if (refused) return refused;
  const t = say(language);
  const assumptionsFromGrain = fanOutAssumptions(reading, catalog, language, available);
  if (!Array.isArray(assumptionsFromGrain)) return assumptionsFromGrain;
  const requested = RANK_COUNT.exec(text) ?? /(?:\btop|前)\s*(-?\d+)/i.exec(text);
  if (requested && reading.topN && (reading.topN.n < 1 || reading.topN.n > 1000 || Number(requested[1]) === 0)) {
    const n = Number(requested[1]);
    const dims = reading.groupBy.map((d) => dimensionLabel(catalog, language, d)).join(t('、', ', ')) || t('一个维度', 'a dimension');
    return {
      kind: 'needs_clarification',
      reason: t(`排名数量 ${n} 无效：应在 1 到 1000 之间`, `a ranking of ${n} is not possible: ask for between 1 and 1000`),
      question: t(`想看${dims}的前几名？例如“前 5 名”。`, `How many ${dims} should the ranking show? For example "top 5".`),
    };
  }

  const assumptions: string[] = [...assumptionsFromGrain, ...impliedAssumptions(reading, catalog, language)];
  const base = { catalog, language, reading };
  const chosen = choosePeriod(intent.intent, text, asOf, base, extent, assumptions);
  if ('clarify' in chosen) {
    return {
      kind: 'needs_clarification',
      reason: chosen.clarify,
      question: chosen.suggestion || t('请换一个有数据的期间再问。', 'Please ask about a period the data covers.'),
    };
  }
  const ctx: Context = { ...base, window: chosen.window, compareWith: chosen.compareWith, text };
  // Two named periods ("2024 vs 2023", "2024年比2023年") are compared whatever the keyword; a why question decomposes the change.
  const steps =
    ctx.compareWith && intent.intent !== 'attribution' && intent.intent !== 'comparison'
      ? planPeriodComparison(ctx)
      : intent.intent === 'trend'
        ? planTrend(ctx)
        : intent.intent === 'comparison'
          ? planComparison(ctx)
          : intent.intent === 'attribution'
            ? planAttribution(ctx)
            : planQuery(ctx);

  if (steps.length > MAX_PLAN_STEPS) {
    return {
      kind: 'needs_clarification',
      reason:
        language === 'zh'
          ? `回答这个问题需要 ${steps.length} 步，超过上限 ${MAX_PLAN_STEPS} 步`
          : `answering this would take ${steps.length} steps, more than the limit of ${MAX_PLAN_STEPS}`,
      question:
        language === 'zh'
          ? `问题涉及 ${reading.metrics.length} 个指标（${reading.metrics.map((m) => labelOf(ctx, m)).join('、')}），请拆成几个更小的问题，或告诉我最关心哪几个指标。`
          : `The question covers ${reading.metrics.length} metrics (${reading.metrics.join(', ')}). Could you split it into smaller questions, or say which metrics matter most?`,
    };
  }
  const fragments = Object.fromEntries(steps.map((s) => [s.step_id, catalogFragment(catalog, s.metrics, s.dimensions)]));
  return { kind: 'plan', steps, assumptions, fragments };
}
