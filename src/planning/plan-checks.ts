/**
 * Checks the workflow runs on every plan before anything executes: size, step
 * ids, dependencies (known, no cycles, covering what an operation reads) and
 * references to the catalog. Pure and deterministic.
 */
import type { CatalogIndex, Plan, PlanStep } from '../contracts';
import { MAX_PLAN_STEPS } from '../settings/limits';
import { operationOf } from '../operations';

/** Ids the run's own stages use for their calculations. */
const RESERVED_STEP_IDS = ['dq', 'stats', 'verification', 'report'];

/** A plan with steps to run (not a cannot_answer or needs_clarification). */
export type StepsPlan = Extract<Plan, { kind: 'plan' }>;

/** Steps an operation reads results from. */
export function sourcesOf(step: PlanStep): string[] {
  const operation = operationOf(step.operation);
  return operation.sources ? operation.sources(step.operation) : [];
}

function findCycle(steps: PlanStep[]): string[] | null {
  const byId = new Map(steps.map((s) => [s.step_id, s]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id];
    state.set(id, 'visiting');
    path.push(id);
    for (const dep of byId.get(id)?.depends_on ?? []) {
      if (!byId.has(dep)) continue;
      const cycle = visit(dep);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, 'done');
    return null;
  };
  for (const s of steps) {
    const cycle = visit(s.step_id);
    if (cycle) return cycle;
  }
  return null;
}

/** Every problem with the plan, each as one sentence the planner can act on; empty when the plan is sound. */
export function checkPlan(plan: StepsPlan, catalog: CatalogIndex): string[] {
  const problems: string[] = [];
  if (plan.steps.length > MAX_PLAN_STEPS) problems.push(`the plan has ${plan.steps.length} steps; at most ${MAX_PLAN_STEPS} are allowed`);
  const ids = plan.steps.map((s) => s.step_id);
  const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (duplicates.length > 0) problems.push(`step ids must be unique; repeated: ${[...new Set(duplicates)].join(', ')}`);
  const reserved = ids.filter((id) => RESERVED_STEP_IDS.includes(id));
  if (reserved.length > 0) problems.push(`step ids ${reserved.join(', ')} are reserved (data quality and statistics use them)`);
  const known = new Set(ids);
  const metrics = new Set(catalog.metrics);
  const dimensions = new Set(catalog.dimensions);
  for (const step of plan.steps) {
    for (const dep of step.depends_on) {
      if (dep === step.step_id) problems.push(`step ${step.step_id} depends on itself`);
      else if (!known.has(dep)) problems.push(`step ${step.step_id} depends on unknown step ${dep}`);
    }
    for (const source of sourcesOf(step)) {
      if (!step.depends_on.includes(source)) problems.push(`step ${step.step_id} reads ${source} but does not declare it in depends_on`);
    }
    const op = step.operation;
    const usedMetrics = [...step.metrics, ...('query' in op ? [op.query.metric] : [])];
    const usedDimensions = [
      ...step.dimensions,
      ...('query' in op ? [...op.query.group_by, ...op.query.filters.map((f) => f.dimension)] : []),
      ...(operationOf(op).dimensions?.(op) ?? []),
    ];
    for (const m of new Set(usedMetrics))
      if (!metrics.has(m))
        problems.push(`step ${step.step_id} uses metric "${m}", which is not in catalog ${catalog.name} (${catalog.metrics.join(', ')})`);
    for (const d of new Set(usedDimensions))
      if (!dimensions.has(d))
        problems.push(
          `step ${step.step_id} uses dimension "${d}", which is not in catalog ${catalog.name} (${catalog.dimensions.join(', ')})`,
        );
  }
  const cycle = findCycle(plan.steps);
  if (cycle) problems.push(`the dependencies form a cycle: ${cycle.join(' → ')}`);
  return problems;
}
