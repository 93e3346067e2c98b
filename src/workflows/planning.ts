/**
 * Planning, for analysis.ts: a plan that passes the checks (cycles, unknown dependencies, names not in the catalog), the
 * problems going back to the planner at most MAX_PLAN_ATTEMPTS times.
 */
import type { CatalogIndex, DataExtent, IntentOutput, Plan } from '../contracts';
import { pendingStages } from '../agents/checklist';
import { MAX_PLAN_ATTEMPTS } from '../settings/limits';
import { checkPlan, type StepsPlan } from '../planning/plan-checks';
import { failureMessage, type AnalysisRun } from './run';
import { isModelFailure } from '../temporal/failures';

/**
 * A plan that passes the checks: the problems go back to the planner as feedback, at most MAX_PLAN_ATTEMPTS plans. `first`
 * is a plan already made from the same input (a follow-up planned beside the reads): it is checked as the first attempt.
 */
export async function planChecked(run: AnalysisRun, catalog: CatalogIndex, feedback: string[], first: Plan | string | null): Promise<Plan> {
  const { progress } = run;
  progress.phase = 'planning';
  for (let attempt = 1; ; attempt++) {
    run.show();
    const candidate = attempt === 1 && first !== null ? first : await askPlanner(run, attempt, feedback, run);
    if (typeof candidate === 'string')
      return { kind: 'cannot_answer', reason: `the planner failed: ${candidate}`, available_metrics: catalog.metrics };
    if (candidate.kind !== 'plan') return candidate;
    const problems = checkPlan(candidate, catalog);
    if (problems.length === 0) return candidate;
    progress.planRejections.push(problems.join('; '));
    if (attempt >= MAX_PLAN_ATTEMPTS) {
      return {
        kind: 'cannot_answer',
        reason: `no valid plan after ${attempt} attempts: ${problems.join('; ')}`,
        available_metrics: catalog.metrics,
      };
    }
    feedback = [...feedback, `the previous plan was rejected: ${problems.join('; ')}`];
  }
}

/** One plan from the planner, given the kind of question and where the data is; a model that fails gives its reason. */
export async function askPlanner(
  run: AnalysisRun,
  attempt: number,
  feedback: string[],
  reads: { intent: IntentOutput; extent: DataExtent | null },
): Promise<Plan | string> {
  const { question, asOf, catalogPath, databaseUrl } = run;
  try {
    return await run.call('planAnalysis', attempt === 1 ? 'planner' : `planner · attempt ${attempt}`, {
      question,
      intent: reads.intent,
      asOf,
      catalogPath,
      ...(databaseUrl ? { databaseUrl } : {}),
      feedback,
      extent: reads.extent,
      ...(run.request.thread ? { thread: run.request.thread } : {}),
      ...(run.request.members ? { members: run.request.members } : {}),
    });
  } catch (err) {
    if (!isModelFailure(err)) throw err;
    return failureMessage(err);
  }
}

/** The plan's steps and the run's stages in the checklist, each pending. */
export function showStepsPending(run: AnalysisRun, plan: StepsPlan): void {
  run.progress.steps = plan.steps.map((s) => ({
    step_id: s.step_id,
    description: s.description,
    status: 'pending',
    attempts: 0,
    note: null,
  }));
  run.progress.stages = pendingStages();
}
