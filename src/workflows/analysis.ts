/**
 * The analysis workflow: the story of one run, from question to answer.
 *
 *   1. catalog   - which metrics and dimensions exist (to check plans against)
 *   2. intent    - what kind of question is this? (keyword rules, else the model)
 *   3. planner   - a plan of at most 6 steps; the workflow checks it (cycles, unknown
 *                  dependencies, names not in the catalog) and sends the reasons back,
 *                  at most 3 times
 *   4. review    - optional: wait for a person to approve, revise or reject the plan
 *   5. steps     - run as a DAG: a step starts when its dependencies have passed, steps
 *                  without a path between them run in parallel. Each step gets only its
 *                  description, its catalog fragment and its dependencies' results; it is
 *                  validated after every attempt and retried with the reason (per-step count)
 *   6. relay     - the steps' hand-offs, compressed by distance, go to the analysis agent; its
 *                  output, the SQL data scope and the user's intent go to the report agent,
 *                  which writes the answer. Validated results feed a shared memory pool
 *                  (facts, hypotheses, contradictions) that later steps retrieve from.
 *
 * Every agent is an activity, so the run's event history is its state: a worker
 * that dies mid-run is replaced and the run continues where it stopped.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  defineQuery,
  defineUpdate,
  proxyActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
  type ActivityOptions,
} from '@temporalio/workflow';
import type * as activities from '../activities';
import type {
  AnalysisRequest,
  AnalysisResult,
  AnswerMetric,
  AnswerOutput,
  DataScope,
  ReportOutput,
  DependencyResult,
  IntentOutput,
  Plan,
  PlanStep,
  ReviewDecision,
  RunProgress,
  StepProgress,
  StepRecord,
  ValidationOutput,
} from '../contracts';
import { MAX_PLAN_ATTEMPTS, MAX_PLAN_REVISIONS, MEMORY_FOR_STEP, SAMPLE_ROWS } from '../limits';
import { INTENT_ATTRIBUTE, STATUS_ATTRIBUTE } from '../search-attributes';
import { MemoryPool, periodTag } from '../memory/pool';
import { relayChain, toHandoff } from '../relay/compress';
import { checkPlan } from './plan-checks';

const AGENT_OPTIONS: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: '10 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumAttempts: 3,
    nonRetryableErrorTypes: ['ContractViolation', 'UnknownCatalogName', 'CatalogError', 'WrongAgent', 'MissingDependency'],
  },
};

const agents = proxyActivities<typeof activities>(AGENT_OPTIONS);

export const progressQuery = defineQuery<RunProgress>('progress');
export const reviewPlanUpdate = defineUpdate<{ accepted: ReviewDecision['action']; phase: RunProgress['phase'] }, [ReviewDecision]>('reviewPlan');

/** Raised inside the workflow when the next activity would pass the run's cap. */
class ActivityCapReached extends Error {}

type StepsPlan = Extract<Plan, { kind: 'plan' }>;
const SQL_OPERATIONS = new Set(['metric', 'gap_contribution', 'change_decomposition']);

function failureMessage(err: unknown): string {
  if (err instanceof ActivityFailure && err.cause) return err.cause.message;
  return err instanceof Error ? err.message : String(err);
}

function isNonRetryable(err: unknown): boolean {
  return err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.nonRetryable === true;
}

/** What a finished step hands to the steps that depend on it: small results whole, large ones as schema + sample + reference. */
function asDependency(record: StepRecord): DependencyResult {
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

/** What the SQL steps scoped, for the report: filters, result shapes, anomalies and the first query. */
function dataScope(records: StepRecord[]): DataScope {
  const sql = records.filter((r) => r.result?.sql);
  const first = sql.map((r) => r.step.operation).find((op) => 'query' in op);
  return {
    filters: [...new Set(sql.flatMap((r) => r.result?.filters_applied ?? []))],
    result_shapes: sql.map((r) => ({ task_id: r.step.step_id, shape: r.result?.result_shape ?? [0, 0] })),
    anomalies: records.flatMap((r) => (r.result?.anomalies_found ?? []).map((a) => `${r.step.step_id}: ${a}`)),
    primary_query: first && 'query' in first ? first.query : null,
  };
}

export async function analysisWorkflow(request: AnalysisRequest): Promise<AnalysisResult> {
  const question = request.question.trim();
  if (!question) throw ApplicationFailure.nonRetryable('the question is empty', 'EmptyQuestion');
  const { asOf, catalogPath, databaseUrl } = request;
  const review = request.review ? { timeoutSeconds: request.review.timeoutSeconds ?? 3600, onTimeout: request.review.onTimeout ?? 'cancel' } : null;
  const maxActivities = request.maxActivities ?? 20;
  const maxStepRetries = request.maxStepRetries ?? 3;
  const workflowId = workflowInfo().workflowId;

  const progress: RunProgress = { phase: 'classifying', intent: null, plan: null, steps: [], activitiesExecuted: 0, planRejections: [], reviews: [] };
  const showProgress = () => setCurrentDetails(checklist(question, progress));
  setHandler(progressQuery, () => progress);

  let decision: ReviewDecision | null = null;
  setHandler(
    reviewPlanUpdate,
    (d) => {
      decision = d;
      return { accepted: d.action, phase: progress.phase };
    },
    {
      validator: (d: ReviewDecision) => {
        if (progress.phase !== 'awaiting_approval') throw new Error(`the run is not waiting for plan approval (phase: ${progress.phase})`);
        if (typeof d !== 'object' || !['approve', 'revise', 'reject'].includes(d.action)) throw new Error('the decision must be approve, revise or reject');
        if (d.action === 'revise' && !(typeof d.feedback === 'string' && d.feedback.trim())) throw new Error('revise needs feedback for the planner');
        if (d.action === 'revise' && progress.reviews.filter((r) => r.action === 'revise').length >= MAX_PLAN_REVISIONS) {
          throw new Error(`the plan was already revised ${MAX_PLAN_REVISIONS} times; approve or reject it`);
        }
      },
    },
  );

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

  let intent: IntentOutput = { intent: 'query', decided_by: 'rules', matched: null, model: null, language: 'en' };
  let plan: Plan = { kind: 'cannot_answer', reason: 'not planned yet', available_metrics: [] };
  let records: StepRecord[] = [];
  let report: ReportOutput | null = null;
  const memory = new MemoryPool();
  const keyMetrics = new Map<string, AnswerMetric[]>();
  const finish = (answer: AnswerOutput): AnalysisResult => {
    progress.phase = 'done';
    upsertSearchAttributes([{ key: STATUS_ATTRIBUTE, value: answer.status }]);
    showProgress();
    // The result stays small: catalog fragments and the full pool are in the history already.
    const shownPlan: Plan = plan.kind === 'plan' ? { ...plan, fragments: {} } : plan;
    return {
      question, asOf, status: answer.status, answer: answer.answer, metrics: answer.metrics, intent, plan: shownPlan, steps: records,
      activitiesExecuted: progress.activitiesExecuted, planRejections: progress.planRejections, reviews: progress.reviews,
      report, memory: memory.summary(),
    };
  };

  try {
    // 1-2. What exists, and what kind of question this is.
    showProgress();
    const catalog = await run('describeCatalog', 'catalog', { catalogPath });
    intent = await run('classifyIntent', 'intent', { question });
    progress.intent = intent;
    upsertSearchAttributes([{ key: INTENT_ATTRIBUTE, value: intent.intent }]);

    // 3. A plan that passes the checks (the reasons go back to the planner).
    const planFor = async (feedback: string[]): Promise<Plan> => {
      progress.phase = 'planning';
      for (let attempt = 1; ; attempt++) {
        showProgress();
        const candidate = await run('planAnalysis', attempt === 1 ? 'planner' : `planner · attempt ${attempt}`, { question, intent, asOf, catalogPath, feedback });
        if (candidate.kind !== 'plan') return candidate;
        const problems = checkPlan(candidate, catalog);
        if (problems.length === 0) return candidate;
        progress.planRejections.push(problems.join('; '));
        if (attempt >= MAX_PLAN_ATTEMPTS) {
          return { kind: 'cannot_answer', reason: `no valid plan after ${attempt} attempts: ${problems.join('; ')}`, available_metrics: catalog.metrics };
        }
        feedback = [...feedback, `the previous plan was rejected: ${problems.join('; ')}`];
      }
    };
    plan = await planFor([]);
    progress.plan = plan;

    // 4. Optional review: approve, revise (back to the planner with the feedback) or reject.
    const reviewerFeedback: string[] = [];
    while (review && plan.kind === 'plan') {
      progress.phase = 'awaiting_approval';
      showProgress();
      decision = null;
      const decided = await condition(() => decision !== null, review.timeoutSeconds * 1000);
      const d = decision as ReviewDecision | null;
      if (!decided || !d) {
        progress.reviews.push({ action: 'timeout', feedback: null });
        if (review.onTimeout === 'approve') break;
        return finish({ status: 'rejected', answer: `cancelled: the plan was not approved within ${review.timeoutSeconds} s`, metrics: [] });
      }
      progress.reviews.push({ action: d.action, feedback: d.action === 'approve' ? null : (d.feedback ?? null) });
      if (d.action === 'approve') break;
      if (d.action === 'reject') {
        return finish({ status: 'rejected', answer: `rejected by the reviewer${d.feedback ? `: ${d.feedback}` : ''}`, metrics: [] });
      }
      reviewerFeedback.push(d.feedback);
      plan = await planFor(reviewerFeedback);
      progress.plan = plan;
    }

    if (plan.kind === 'cannot_answer') return finish({ status: 'cannot_answer', answer: `cannot answer: ${plan.reason}`, metrics: [] });
    if (plan.kind === 'needs_clarification') return finish({ status: 'needs_clarification', answer: `${plan.question} (${plan.reason})`, metrics: [] });

    // 5. The steps, as a DAG.
    progress.phase = 'executing';
    progress.steps = plan.steps.map((s) => ({ step_id: s.step_id, description: s.description, status: 'pending', attempts: 0, note: null }));
    showProgress();
    records = await executePlan(plan);
    const failed = records.find((r) => r.status === 'failed');
    if (failed && request.onStepFailure === 'fail') {
      throw ApplicationFailure.nonRetryable(`step ${failed.step.step_id} (${failed.step.description}) failed after ${failed.attempts} attempt(s): ${failed.error ?? 'validation failed'}`, 'StepFailed', { step: failed.step, validations: failed.validations });
    }

    // 6. The relay: the steps' hand-offs (compressed by distance) to the analysis agent, its output
    //    with the data scope and the user's intent to the report agent.
    progress.phase = 'answering';
    showProgress();
    const chain = relayChain(records.map(toHandoff), records.length);
    const snapshot = memory.snapshot();
    const analysis = await run('analyzeResults', 'analysis', {
      task_id: 'analysis', question, intent, chain, assumptions: plan.assumptions,
      metrics: records.flatMap((r) => keyMetrics.get(r.step.step_id) ?? []), contradictions: snapshot.contradictions,
    });
    report = await run('writeReport', 'report', { task_id: 'report', analysis, data_scope: dataScope(records), user_intent: { question, intent }, catalogPath });
    return finish({ status: report.status, answer: report.answer, metrics: analysis.key_metrics });
  } catch (err) {
    if (!(err instanceof ActivityCapReached)) throw err;
    return finish({
      status: 'degraded',
      answer: `stopped: the run reached its cap of ${maxActivities} activity executions before it could answer; simplify the question or raise the cap`,
      metrics: [],
    });
  }

  /** Starts each step as soon as its dependencies have passed; a step whose dependency did not pass is skipped. */
  async function executePlan(steps: StepsPlan): Promise<StepRecord[]> {
    const started = new Map<string, Promise<StepRecord>>();
    const start = (step: PlanStep): Promise<StepRecord> => {
      const existing = started.get(step.step_id);
      if (existing) return existing;
      const promise = (async () => {
        const deps = await Promise.all(step.depends_on.map((id) => start(steps.steps.find((s) => s.step_id === id) as PlanStep)));
        const blocked = deps.find((d) => d.status !== 'passed');
        if (blocked) {
          const shown = progress.steps.find((s) => s.step_id === step.step_id) as StepProgress;
          shown.status = 'skipped';
          shown.note = `depends on ${blocked.step.step_id}, which did not pass`;
          showProgress();
          return { step, status: 'skipped', attempts: 0, result: null, validations: [], error: shown.note } satisfies StepRecord;
        }
        return executeStep(step, deps, steps);
      })();
      started.set(step.step_id, promise);
      return promise;
    };
    return Promise.all(steps.steps.map(start));
  }

  /** One step: its agent then the validator, retried with the reasons, at most 1 + maxStepRetries attempts. */
  async function executeStep(step: PlanStep, deps: StepRecord[], steps: StepsPlan): Promise<StepRecord> {
    const index = steps.steps.indexOf(step);
    const total = steps.steps.length;
    const shown = progress.steps[index] as StepProgress;
    const agent = SQL_OPERATIONS.has(step.operation.kind) ? 'runSqlStep' : 'computeStep';
    const kind = agent === 'runSqlStep' ? 'sql' : 'compute';
    const validations: ValidationOutput[] = [];
    const feedback: string[] = [];
    const dependencies = Object.fromEntries(deps.map((d) => [d.step.step_id, asDependency(d)]));
    let lastError: string | null = null;
    for (let attempt = 1; attempt <= 1 + maxStepRetries; attempt++) {
      shown.status = attempt === 1 ? 'running' : 'retrying';
      shown.attempts = attempt;
      showProgress();
      const label = `step ${index + 1}/${total} · ${kind} · ${step.description}${attempt > 1 ? ` · attempt ${attempt}` : ''}`;
      const known = memory
        .retrieve({ metrics: step.metrics, dimensions: step.dimensions, periods: 'query' in step.operation ? [periodTag(step.operation.query.window.start, step.operation.query.window.end)] : [] })
        .slice(-MEMORY_FOR_STEP);
      const input = { workflow_id: workflowId, step, catalog: steps.fragments[step.step_id] ?? {}, dependencies, databaseUrl, feedback, language: intent.language, memory: known };
      let result;
      try {
        result = await run(agent, label, input);
      } catch (err) {
        if (err instanceof ActivityCapReached) throw err;
        lastError = failureMessage(err);
        feedback.push(lastError);
        if (isNonRetryable(err)) break;
        continue;
      }
      shown.status = 'validating';
      showProgress();
      // Memory entries and key metrics have their own way on; the rest of the result is what travels (history stays small).
      const { memory_entries: proposed, metrics: computed } = result;
      result = { ...result, memory_entries: [], metrics: [] };
      const validation = await run('validateStep', `step ${index + 1}/${total} · validate`, { step, result, catalog: steps.fragments[step.step_id] ?? {} });
      validations.push(validation);
      if (validation.passed) {
        memory.add(`${kind}-${step.step_id}`, proposed, new Date().toISOString());
        keyMetrics.set(step.step_id, computed);
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
