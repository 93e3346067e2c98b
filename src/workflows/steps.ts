/**
 * The plan's steps as a DAG: a step starts as soon as the steps it depends on have
 * passed, and steps without a path between them run in parallel. SQL and trend steps
 * go to their agent and then the step check, retried with the reasons; computed steps
 * go to the coder and the tester, and a failed test rolls back to the coder with the
 * same requirements. Every passed step adds its facts to the run's memory pool.
 */
import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';
import type {
  DependencyResult,
  Language,
  PlanStep,
  StepOutput,
  StepProgress,
  StepRecord,
  TestFailure,
  ValidationOutput,
} from '../contracts';
import { render } from '../messages';
import { acceptanceCriteria } from '../coding/acceptance';
import { MAX_CODE_ROLLBACKS, MEMORY_FOR_STEP, SAMPLE_ROWS } from '../settings/limits';
import { periodTag } from '../memory/pool';
import { operationOf } from '../operations';
import type { StepsPlan } from '../planning/plan-checks';
import { failureMessage, type AnalysisRun } from './run';
import { isNonRetryable } from '../temporal/failures';
import { offeredToAgents } from './reuse';

/** What a finished step hands to the steps that depend on it: small results whole, large ones as schema + sample + reference. */
export function asDependency(record: StepRecord): DependencyResult {
  const result = record.result;
  if (!result) throw new Error(`step ${record.step.step_id} has no result to hand on`);
  return {
    step_id: record.step.step_id,
    description: record.step.description,
    columns: result.columns,
    row_count: result.result_shape[0],
    rows: result.result_ref ? result.rows.slice(0, SAMPLE_ROWS) : result.rows,
    result_ref: result.result_ref,
    data_summary: result.data_summary,
    filters_applied: result.filters_applied,
    assumptions_made: result.assumptions_made,
    paths_excluded: result.paths_excluded,
  };
}

/** Starts each step as soon as its dependencies have passed; a step whose dependency did not pass is skipped. */
export async function executePlan(run: AnalysisRun, steps: StepsPlan, partialPeriods: string[]): Promise<StepRecord[]> {
  const started = new Map<string, Promise<StepRecord>>();
  const start = (step: PlanStep): Promise<StepRecord> => {
    const existing = started.get(step.step_id);
    if (existing) return existing;
    const promise = (async () => {
      const deps = await Promise.all(step.depends_on.map((id) => start(steps.steps.find((s) => s.step_id === id) as PlanStep)));
      const blocked = deps.find((d) => d.status !== 'passed');
      if (blocked) {
        const shown = run.progress.steps.find((s) => s.step_id === step.step_id) as StepProgress;
        shown.status = 'skipped';
        shown.note = `depends on ${blocked.step.step_id}, which did not pass`;
        run.show();
        return { step, status: 'skipped', attempts: 0, result: null, validations: [], error: shown.note } satisfies StepRecord;
      }
      // Each operation says which agent runs it: the SQL agent, the trend agent, or the coder and the tester.
      return operationOf(step.operation).agent !== 'code'
        ? executeStep(run, step, deps, steps, partialPeriods)
        : executeCodeStep(run, step, deps, steps, partialPeriods);
    })();
    started.set(step.step_id, promise);
    return promise;
  };
  return Promise.all(steps.steps.map(start));
}

/** Accepts a validated result: its memory entries join the pool, its calculations the run's list. */
function accept(
  run: AnalysisRun,
  step: PlanStep,
  kind: string,
  proposed: StepOutput['memory_entries'],
  computed: StepOutput['metrics'],
  calculationsRef: string | null,
  metricsRef: string | null | undefined,
) {
  run.memory.add(`${kind}-${step.step_id}`, proposed, new Date().toISOString());
  run.keyMetrics.set(step.step_id, computed);
  if (metricsRef) run.metricsRefs.set(step.step_id, metricsRef);
  if (calculationsRef) run.calculations.set(step.step_id, calculationsRef);
}

/** A passed step's line in the checklist: its rows, and in a conversation whether it reused an earlier turn's result. */
function stepNote(result: StepOutput, language: Language): string {
  const rows = String(result.result_shape[0]);
  if (result.reuse?.reused) return render('sessions.reuse.step-reused', { rows }, language);
  if (result.reuse?.data_changed) return render('sessions.reuse.step-requeried', { rows }, language);
  return `${rows} row(s)`;
}

/** What travels on in the history: memory entries and key metrics go their own way. */
function slim(result: StepOutput): StepOutput {
  return { ...result, memory_entries: [], metrics: [] };
}

/** One SQL or trend step: its agent then the step check, retried with the reasons, at most 1 + run.maxStepRetries attempts. */
async function executeStep(
  run: AnalysisRun,
  step: PlanStep,
  deps: StepRecord[],
  steps: StepsPlan,
  partialPeriods: string[],
): Promise<StepRecord> {
  const index = steps.steps.indexOf(step);
  const total = steps.steps.length;
  const shown = run.progress.steps[index] as StepProgress;
  const agent = operationOf(step.operation).agent === 'trend' ? 'analyzeTrend' : 'runSqlStep';
  const kind = agent === 'runSqlStep' ? 'sql' : 'trend';
  const validations: ValidationOutput[] = [];
  const feedback: string[] = [];
  const dependencies = Object.fromEntries(deps.map((d) => [d.step.step_id, asDependency(d)]));
  let lastError: string | null = null;
  for (let attempt = 1; attempt <= 1 + run.maxStepRetries; attempt++) {
    shown.status = attempt === 1 ? 'running' : 'retrying';
    shown.attempts = attempt;
    run.show();
    const label = `step ${index + 1}/${total} · ${kind} · ${step.description}${attempt > 1 ? ` · attempt ${attempt}` : ''}`;
    const known = run.memory
      .retrieve({
        metrics: step.metrics,
        dimensions: step.dimensions,
        periods: 'query' in step.operation ? [periodTag(step.operation.query.window.start, step.operation.query.window.end)] : [],
      })
      .slice(-MEMORY_FOR_STEP);
    const input = {
      workflow_id: run.workflowId,
      step,
      catalog: steps.fragments[step.step_id] ?? {},
      catalog_ref: steps.fragments_ref ?? null,
      dependencies,
      databaseUrl: run.databaseUrl,
      feedback,
      language: run.intent.language,
      memory: known,
      partial_periods: partialPeriods,
      ...(run.conversation && kind === 'sql'
        ? { reuse: offeredToAgents(run.request.reuse), data_version: run.extent?.data_version ?? null }
        : {}),
    };
    let result;
    try {
      result = await run.call(agent, label, input);
    } catch (err) {
      run.throwIfStopping(err);
      lastError = failureMessage(err);
      feedback.push(lastError);
      if (isNonRetryable(err)) break;
      continue;
    }
    shown.status = 'validating';
    run.show();
    const { memory_entries: proposed, metrics: computed } = result;
    result = slim(result);
    const validation = await run.call('checkStep', `step ${index + 1}/${total} · validate`, {
      step,
      result,
      catalog: steps.fragments[step.step_id] ?? {},
      catalog_ref: steps.fragments_ref ?? null,
    });
    validations.push(validation);
    if (validation.passed) {
      accept(run, step, kind, proposed, computed, result.calculations_ref, result.metrics_ref);
      shown.status = 'passed';
      shown.note = stepNote(result, run.intent.language);
      run.show();
      return { step, status: 'passed', attempts: attempt, result, validations, error: null };
    }
    lastError = validation.reason;
    feedback.push(validation.reason ?? 'validation failed');
  }
  shown.status = 'failed';
  shown.note = lastError;
  run.show();
  return { step, status: 'failed', attempts: shown.attempts, result: null, validations, error: lastError };
}

/**
 * A step computed by code: the coder writes it, the tester runs and checks it, the
 * step check checks the result. A failure rolls back to the coder with the same
 * requirements and every failure so far, at most MAX_CODE_ROLLBACKS times; then the
 * step ends with a diagnostic result listing each failure.
 */
async function executeCodeStep(
  run: AnalysisRun,
  step: PlanStep,
  deps: StepRecord[],
  steps: StepsPlan,
  partialPeriods: string[],
): Promise<StepRecord> {
  const index = steps.steps.indexOf(step);
  const total = steps.steps.length;
  const shown = run.progress.steps[index] as StepProgress;
  // Stated once; every attempt receives exactly these requirements.
  const requirements = {
    workflow_id: run.workflowId,
    step,
    dependencies: Object.fromEntries(deps.map((d) => [d.step.step_id, asDependency(d)])),
    catalog: steps.fragments[step.step_id] ?? {},
    catalog_ref: steps.fragments_ref ?? null,
    language: run.intent.language,
    acceptance: acceptanceCriteria(step),
    partial_periods: partialPeriods,
  };
  const failures: TestFailure[] = [];
  const validations: ValidationOutput[] = [];
  for (let attempt = 1; attempt <= 1 + MAX_CODE_ROLLBACKS; attempt++) {
    shown.status = attempt === 1 ? 'running' : 'retrying';
    shown.attempts = attempt;
    shown.note = attempt > 1 ? `rolled back to the coder: ${failures[failures.length - 1]?.criterion ?? ''}` : null;
    run.show();
    const suffix = attempt > 1 ? ` · rollback ${attempt - 1}` : '';
    let draft;
    let tested;
    try {
      draft = await run.call('writeCode', `step ${index + 1}/${total} · coder · ${step.description}${suffix}`, {
        requirements,
        attempt,
        failures: [...failures],
      });
      tested = await run.call('testCode', `step ${index + 1}/${total} · tester${suffix}`, { draft, databaseUrl: run.databaseUrl });
    } catch (err) {
      run.throwIfStopping(err);
      failures.push({ attempt, criterion: 'the coder and tester run', detail: failureMessage(err) });
      // A model whose reply stayed invalid gets the next attempt with the failure; other non-retryable errors end the step.
      const modelReply =
        err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.type === 'ModelOutputInvalid';
      if (isNonRetryable(err) && !modelReply) break;
      continue;
    }
    if (!tested.passed || !tested.result) {
      failures.push(...tested.failures);
      continue;
    }
    shown.status = 'validating';
    shown.note = tested.summary;
    run.show();
    const { memory_entries: proposed, metrics: computed } = tested.result;
    const result = slim(tested.result);
    const validation = await run.call('checkStep', `step ${index + 1}/${total} · validate`, {
      step,
      result,
      catalog: steps.fragments[step.step_id] ?? {},
      catalog_ref: steps.fragments_ref ?? null,
    });
    validations.push(validation);
    if (validation.passed) {
      accept(run, step, 'code', proposed, computed, result.calculations_ref, result.metrics_ref);
      shown.status = 'passed';
      shown.note = tested.summary;
      run.show();
      return { step, status: 'passed', attempts: attempt, result, validations, error: null };
    }
    failures.push({ attempt, criterion: 'the result passes the step validator', detail: validation.reason ?? 'validation failed' });
  }
  const diagnostic = `the code failed its tests ${failures.length} time(s) (${shown.attempts - 1} rollback(s)): ${failures.map((f) => `attempt ${f.attempt}: ${f.criterion} — ${f.detail}`).join(' | ')}`;
  shown.status = 'failed';
  shown.note = diagnostic;
  run.show();
  return { step, status: 'failed', attempts: shown.attempts, result: null, validations, error: diagnostic };
}
