/**
 * A conversation's follow-up, run ahead on what the earlier turn read (AnalysisRequest.earlierReads: the kind of
 * question and where the data was). While the agents read both again, the planner plans from the earlier reads (patched
 * 'plan-beside-reads'); given earlier results, the plan's data quality and steps start as soon as the kind of question
 * has come back the same (patched 'ways-at-start', in older runs 'run-ahead'). Their results are keyed by the data's
 * version as the earlier turn read it. When where the data is comes back the same too, the run goes on with them; when
 * it does not (the data changed), the run starts over without the earlier reads (continue-as-new, analysis.ts), and
 * nothing computed ahead is reported.
 * Workflow code: pure.
 */
import { patched } from '@temporalio/workflow';
import type { CatalogIndex, EarlierReads, IntentOutput, Plan } from '../contracts';
import { checkPlan, type StepsPlan } from '../planning/plan-checks';
import { askPlanner, showStepsPending } from './planning';
import { sameValue } from './reuse';
import type { AnalysisRun } from './run';
import type { StatisticsOutput, StepRecord } from '../contracts';

/** What running a plan's data quality and steps gives the rest of the run. */
export interface PlanOutcome {
  partialPeriods: string[];
  passed: StepRecord[];
  /** The significance test when it runs beside the steps; null when it runs after them. */
  significance: Promise<StatisticsOutput | null> | null;
}

export interface Ahead {
  /** The plan made from the earlier reads (a model's failure as its reason); null when none was made. */
  plan: Plan | string | null;
  /** The plan's data quality and steps, started ahead of the reads; null when they wait for them. */
  outcome: Promise<PlanOutcome> | null;
}

/** The reads running at once with the run ahead: the catalog's names and the kind of question. */
export interface Reads {
  catalog: Promise<CatalogIndex>;
  intent: Promise<IntentOutput | string>;
}

/**
 * Plans from the earlier reads and, when the run was given earlier results, no one reviews the plan and the kind of
 * question came back the same, starts the plan's data quality and steps (`runPlan`) with the earlier extent.
 */
export async function runAhead(
  run: AnalysisRun,
  earlier: EarlierReads,
  reads: Reads,
  runPlan: (run: AnalysisRun, plan: StepsPlan) => Promise<PlanOutcome>,
): Promise<Ahead> {
  // A head start, not a step of the run: a plan that cannot be made this way is asked for after the reads.
  const plan = await askPlanner(run, 1, [], earlier).catch((err: unknown) => {
    run.throwIfStopping(err);
    return null;
  });
  if (!run.reuseLocallyAfterSteps || run.review || plan === null || typeof plan === 'string' || plan.kind !== 'plan')
    return { plan, outcome: null };
  const [catalog, intent] = await Promise.all([reads.catalog, reads.intent]);
  if (!sameValue(intent, earlier.intent) || checkPlan(plan, catalog).length > 0 || !(run.waysAtStart || patched('run-ahead')))
    return { plan, outcome: null };
  // The run as it will be once the reads are back the same: the catalog, the kind of question, where the data is, the plan.
  run.catalog = catalog;
  run.intent = intent as IntentOutput;
  run.extent = earlier.extent;
  run.plan = plan;
  run.progress.plan = plan;
  showStepsPending(run, plan);
  const outcome = runPlan(run, plan);
  // Awaited by the run: a failure that stops it (the activity cap, a cancellation) is thrown there, not left unhandled.
  outcome.catch(() => undefined);
  return { plan, outcome };
}
