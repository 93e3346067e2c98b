/**
 * Planner agent: turns the question into catalog-checked steps, or says why it
 * cannot. The offline rules model plans from the catalog; a language model writes
 * the plan as JSON, which is checked like any plan (dependencies, cycles, names in
 * the catalog, every query compiling) and sent back with the problems when it fails.
 */
import { defineAgent } from '../agent';
import type { Catalog } from '../catalog/catalog';
import { catalogFragment, catalogIndex, compileMetricQuery } from '../catalog/sql';
import { Plan, PlanDraft, PlannerInput } from '../contracts';
import { MAX_PLAN_STEPS } from '../limits';
import { modelFor } from '../model/model';
import { planQuestion } from '../model/rules';
import { defaultTimeWindow } from '../model/time-window';
import { catalogFor } from '../sources';
import { checkPlan } from '../workflows/plan-checks';

const INSTRUCTIONS = [
  `Plan how to answer a question about a database in at most ${MAX_PLAN_STEPS} steps, using only the metrics,`,
  'dimensions and time grains (month, week, day) of the catalog you are given. Steps form a DAG through',
  'depends_on. Operations: metric (a query), gap_contribution and change_decomposition (a query plus its',
  'derivation), top_n, compare, trend and rank_contributors (computed from the steps they depend on).',
  'Windows are half-open [start, end) dates. When the question gives no period use default_window and',
  'say so in assumptions. When the catalog cannot answer, reply kind "cannot_answer" with the reason and',
  'available_metrics; when the question is ambiguous, kind "needs_clarification". The metric-definitions',
  'skill explains the catalog.',
].join('\n');

/** What a model plan gets wrong, for the repair prompt: the workflow's checks plus every query compiling. */
function problems(draft: PlanDraft, catalog: Catalog): string[] {
  if (draft.kind !== 'plan') return [];
  const found = checkPlan({ ...draft, fragments: {} }, catalogIndex(catalog));
  for (const step of draft.steps) {
    if (!('query' in step.operation)) continue;
    try {
      compileMetricQuery(catalog, step.operation.query);
    } catch (err) {
      found.push(`step ${step.step_id}: ${(err as Error).message}`);
    }
  }
  return found;
}

function withFragments(draft: PlanDraft, catalog: Catalog): Plan {
  if (draft.kind !== 'plan') return draft;
  return { ...draft, fragments: Object.fromEntries(draft.steps.map((s) => [s.step_id, catalogFragment(catalog, s.metrics, s.dimensions)])) };
}

export const planAnalysis = defineAgent({
  name: 'planner',
  input: PlannerInput,
  output: Plan,
  run: async ({ question, intent, asOf, catalogPath, feedback }) => {
    const catalog = catalogFor(catalogPath);
    const answer = await modelFor('planAnalysis').ask({
      agent: 'planAnalysis',
      schema: PlanDraft,
      schemaName: 'plan',
      instructions: INSTRUCTIONS,
      // The catalog is the same for every question: it goes with the cacheable prefix.
      stable: {
        catalog: {
          metrics: Object.fromEntries(Object.entries(catalog.metrics).map(([id, m]) => [id, { label: m.label, label_zh: m.label_zh, description: m.description, decompose_by: m.decompose_by, related_metrics: m.related_metrics }])),
          dimensions: Object.fromEntries(Object.entries(catalog.dimensions).map(([id, d]) => [id, { label: d.label, label_zh: d.label_zh, values: Object.keys(d.values) }])),
        },
      },
      context: { question, intent: intent.intent, language: intent.language, as_of: asOf, default_window: defaultTimeWindow(asOf), feedback },
      check: (draft) => problems(draft, catalog),
      offline: () => planQuestion(question, intent, catalog, asOf, feedback),
    });
    return withFragments(answer.value, catalog);
  },
});
