/**
 * The analysis workflow: the story of one run, from question to answer.
 *
 *   1. intent     - what kind of question is this?
 *   2. planner    - which catalog metrics, filters and period answer it?
 *   3. for each step: sql agent, then validator; a failed validation goes back
 *      to the step with the reason, at most 3 attempts per step
 *   4. answer     - the final answer from the validated results
 *
 * Every agent is an activity, so the run's event history is its state: a worker
 * that dies mid-run is replaced and the run continues where it stopped.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  defineQuery,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  type ActivityOptions,
} from '@temporalio/workflow';
import type * as activities from '../activities';
import type {
  AnalysisRequest,
  AnalysisResult,
  IntentOutput,
  Plan,
  PlanStep,
  RunProgress,
  StepProgress,
  StepRecord,
  ValidationOutput,
} from '../contracts';
import { INTENT_ATTRIBUTE, STATUS_ATTRIBUTE } from '../search-attributes';

/** How many times a step may be attempted before it is marked not computable. */
export const STEP_ATTEMPTS = 3;

const AGENT_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: '10 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumAttempts: 3,
    nonRetryableErrorTypes: ['ContractViolation', 'UnknownCatalogName', 'CatalogError'],
  },
};

const agents = proxyActivities<typeof activities>(AGENT_OPTIONS);

export const progressQuery = defineQuery<RunProgress>('progress');

/** Raised inside the workflow when the next activity would pass the run's cap. */
class ActivityCapReached extends Error {}

function failureMessage(err: unknown): string {
  if (err instanceof ActivityFailure && err.cause) return err.cause.message;
  return err instanceof Error ? err.message : String(err);
}

export async function analysisWorkflow(request: AnalysisRequest): Promise<AnalysisResult> {
  const question = request.question.trim();
  if (!question) throw ApplicationFailure.nonRetryable('the question is empty', 'EmptyQuestion');
  const maxActivities = request.maxActivities ?? 20;
  const { asOf, catalogPath, databaseUrl } = request;

  const progress: RunProgress = { phase: 'classifying', intent: null, steps: [], activitiesExecuted: 0 };
  setHandler(progressQuery, () => progress);
  const showProgress = () => setCurrentDetails(checklist(question, progress));

  /** Runs one agent with a summary the Web UI shows, counting it against the cap. */
  async function run<K extends keyof typeof activities>(
    agent: K,
    summary: string,
    input: Parameters<(typeof activities)[K]>[0],
  ): Promise<Awaited<ReturnType<(typeof activities)[K]>>> {
    if (progress.activitiesExecuted >= maxActivities) throw new ActivityCapReached();
    progress.activitiesExecuted += 1;
    const call = agents[agent] as unknown as {
      executeWithOptions(options: ActivityOptions, args: [typeof input]): Promise<Awaited<ReturnType<(typeof activities)[K]>>>;
    };
    return call.executeWithOptions({ ...AGENT_OPTIONS, summary }, [input]);
  }

  // 1. Intent.
  showProgress();
  let intent: IntentOutput;
  let plan: Plan | null = null;
  const records: StepRecord[] = [];
  try {
    intent = await run('classifyIntent', 'intent', { question });
    progress.intent = intent;
    upsertSearchAttributes([{ key: INTENT_ATTRIBUTE, value: intent.intent }]);

    // 2. Plan.
    progress.phase = 'planning';
    showProgress();
    plan = await run('planAnalysis', 'planner', { question, intent, asOf, catalogPath, feedback: [] });
    if (plan.kind === 'cannot_answer') {
      return finish({ status: 'cannot_answer', answer: `cannot answer: ${plan.reason}`, metrics: [] }, intent, plan, records);
    }

    // 3. Steps, in plan order (independent single-metric steps).
    progress.phase = 'executing';
    progress.steps = plan.steps.map((s) => ({ step_id: s.step_id, description: s.description, status: 'pending', attempts: 0, note: null }));
    for (const [index, step] of plan.steps.entries()) {
      records.push(await executeStep(step, index, plan.steps.length));
    }

    // 4. Answer.
    progress.phase = 'answering';
    showProgress();
    const answer = await run('composeAnswer', 'answer', { question, intent, assumptions: plan.assumptions, steps: records, catalogPath });
    return finish(answer, intent, plan, records);
  } catch (err) {
    if (!(err instanceof ActivityCapReached)) throw err;
    const stopped = {
      status: 'degraded' as const,
      answer: `stopped: the run reached its cap of ${maxActivities} activity executions before it could answer; simplify the question or raise the cap`,
      metrics: [],
    };
    const fallbackIntent: IntentOutput = progress.intent ?? { intent: 'query', decided_by: 'rules', matched: null, model: null, language: 'en' };
    return finish(stopped, fallbackIntent, plan ?? { kind: 'cannot_answer', reason: 'activity cap reached', available_metrics: [] }, records);
  }

  /** One step: the SQL agent then the validator, retried with the validator's reason, at most STEP_ATTEMPTS times. */
  async function executeStep(step: PlanStep, index: number, total: number): Promise<StepRecord> {
    const shown = progress.steps[index] as StepProgress;
    const validations: ValidationOutput[] = [];
    const feedback: string[] = [];
    let lastError: string | null = null;
    for (let attempt = 1; attempt <= STEP_ATTEMPTS; attempt++) {
      shown.status = attempt === 1 ? 'running' : 'retrying';
      shown.attempts = attempt;
      showProgress();
      const label = `step ${index + 1}/${total} · sql · ${step.description}${attempt > 1 ? ` · attempt ${attempt}` : ''}`;
      let result;
      try {
        result = await run('runSqlStep', label, { step, catalogPath, databaseUrl, feedback });
      } catch (err) {
        if (err instanceof ActivityCapReached) throw err;
        lastError = failureMessage(err);
        // An activity that exhausted its own retries does not get a second round.
        break;
      }
      shown.status = 'validating';
      showProgress();
      const validation = await run('validateStep', `step ${index + 1}/${total} · validate`, { step, result, catalogPath });
      validations.push(validation);
      if (validation.passed) {
        shown.status = 'passed';
        shown.note = `${result.result_shape[0]} row(s)`;
        showProgress();
        return { step, status: 'passed', attempts: attempt, result, validations, error: null };
      }
      lastError = validation.reason;
      feedback.push(validation.reason ?? 'validation failed');
    }
    shown.status = 'failed';
    shown.note = lastError;
    showProgress();
    return { step, status: 'failed', attempts: shown.attempts, result: null, validations, error: lastError };
  }

  function finish(
    answer: { status: AnalysisResult['status']; answer: string; metrics: AnalysisResult['metrics'] },
    finalIntent: IntentOutput,
    finalPlan: Plan,
    steps: StepRecord[],
  ): AnalysisResult {
    progress.phase = 'done';
    upsertSearchAttributes([{ key: STATUS_ATTRIBUTE, value: answer.status }]);
    showProgress();
    return {
      question,
      asOf,
      status: answer.status,
      answer: answer.answer,
      metrics: answer.metrics,
      intent: finalIntent,
      plan: finalPlan,
      steps,
      activitiesExecuted: progress.activitiesExecuted,
    };
  }
}

/** The run as a Markdown checklist, shown as the workflow's current details in the Web UI. */
export function checklist(question: string, progress: RunProgress): string {
  const lines = [`**${question}**`, '', `phase: ${progress.phase}${progress.intent ? ` · intent: ${progress.intent.intent} (${progress.intent.decided_by})` : ''}`, ''];
  for (const step of progress.steps) {
    const mark = step.status === 'passed' ? '[x]' : '[ ]';
    lines.push(`- ${mark} ${step.step_id} ${step.description} — ${step.status}${step.attempts > 1 ? ` (attempt ${step.attempts})` : ''}${step.note ? `: ${step.note}` : ''}`);
  }
  return lines.join('\n');
}
