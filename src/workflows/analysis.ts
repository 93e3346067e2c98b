/**
 * The analysis workflow: the story of one run, from question to audited report.
 *
 *   1. catalog       - which metrics and dimensions exist (to check plans against)
 *   2. intent        - what kind of question is this? (keyword rules, else the model)
 *   3. planner       - a plan of at most 6 steps; the workflow checks it (cycles, unknown
 *                      dependencies, names not in the catalog) and sends the reasons back,
 *                      at most 3 times
 *   4. review        - optional: wait for a person to approve, revise or reject the plan
 *   5. data quality  - count what is wrong with the tables the plan reads; find partial periods
 *   6. steps         - run as a DAG: a step starts when its dependencies have passed, steps
 *                      without a path between them run in parallel. SQL steps go to the SQL
 *                      agent, trends to the trend agent, other computations to the coder and
 *                      the tester (a failed test rolls back to the coder with the same
 *                      requirements, at most 3 times). Every result is validated; a failing
 *                      step is retried with the reason (per-step count)
 *   7. statistics    - a two-sample test of the change or gap the question is about
 *   8. relay         - the steps' hand-offs, compressed by distance, go to the analysis agent
 *   9. verification  - every reported number is recomputed from the source by the validator;
 *                      only matches can be cited
 *  10. report, audit - the reporter writes the report with citations; the auditor checks it;
 *                      flagged sections are rewritten at most 2 times, then it is published
 *                      with the audit's note
 *
 * Every agent is an activity, so the run's event history is its state: a worker
 * that dies mid-run is replaced and the run continues where it stopped. The
 * tracker (the progress query, the Web UI's current details and `baton status`)
 * shows the run as a checklist throughout.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  condition,
  isCancellation,
  defineQuery,
  patched,
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
  AuditOutput,
  DataExtent,
  DataQualityOutput,
  DataScope,
  DependencyResult,
  IntentOutput,
  Plan,
  PlanStep,
  PublishedReport,
  Recipe,
  ReportDraft,
  ReviewDecision,
  RunProgress,
  StageProgress,
  StatisticsOutput,
  StepOutput,
  StepProgress,
  StepRecord,
  TestFailure,
  ValidationOutput,
  VerificationOutput,
} from '../contracts';
import { acceptanceCriteria } from '../coding/acceptance';
import { DEFAULT_MAX_ACTIVITIES, MAX_CODE_ROLLBACKS, MAX_QUESTION_LENGTH, MAX_PLAN_ATTEMPTS, MAX_PLAN_REVISIONS, MAX_REPORT_RETRIES, MEMORY_FOR_STEP, SAMPLE_ROWS } from '../limits';
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

/** Agents that read whole tables (data quality, statistics, verification) get longer. */
const SCAN_OPTIONS: ActivityOptions = { ...AGENT_OPTIONS, startToCloseTimeout: '2 minutes' };

/** Agents that may call a language model: several calls (tool rounds, repairs) per attempt, and longer backoff for rate limits. */
const MODEL_OPTIONS: ActivityOptions = {
  ...AGENT_OPTIONS,
  startToCloseTimeout: '5 minutes',
  retry: { ...AGENT_OPTIONS.retry, maximumInterval: '1 minute' },
};
const MODEL_AGENTS = new Set(['classifyIntent', 'planAnalysis', 'writeCode', 'writeReport']);

const agents = proxyActivities<typeof activities>(AGENT_OPTIONS);

export const progressQuery = defineQuery<RunProgress>('progress');
export const reviewPlanUpdate = defineUpdate<{ accepted: ReviewDecision['action']; phase: RunProgress['phase'] }, [ReviewDecision]>('reviewPlan');

/** Raised inside the workflow when the next activity would pass the run's cap. */
class ActivityCapReached extends Error {}

type StepsPlan = Extract<Plan, { kind: 'plan' }>;
const SQL_OPERATIONS = new Set(['metric', 'gap_contribution', 'change_decomposition']);
const SCANNING_AGENTS = new Set(['checkDataQuality', 'testSignificance', 'verifyCalculations']);

/** How the validator recomputes a passed step from the source: its SQL, or its operation over its inputs. */
function recipeOf(record: StepRecord, partialPeriods: string[]): Recipe | null {
  const { step, result } = record;
  if (!result) return null;
  if (result.sql) return { kind: 'sql', step_id: step.step_id, sql: result.sql, params: result.params, operation: step.operation };
  return { kind: 'compute', step_id: step.step_id, operation: step.operation, inputs: step.depends_on, excluded_periods: partialPeriods };
}

function failureMessage(err: unknown): string {
  if (err instanceof ActivityFailure && err.cause) return err.cause.message;
  return err instanceof Error ? err.message : String(err);
}

function isNonRetryable(err: unknown): boolean {
  return err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.nonRetryable === true;
}

/** A language model's failure (a Model* error type): reported in the answer. Cancellations and bugs are not caught. */
function isModelFailure(err: unknown): boolean {
  return !isCancellation(err) && err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && (err.cause.type ?? '').startsWith('Model');
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
  // Clients other than the CLI can start runs too: the workflow refuses what the contract refuses.
  if (question.length > MAX_QUESTION_LENGTH) throw ApplicationFailure.nonRetryable(`the question is longer than ${MAX_QUESTION_LENGTH} characters`, 'QuestionTooLong');
  const { asOf, catalogPath, databaseUrl, faults } = request;
  const review = request.review ? { timeoutSeconds: request.review.timeoutSeconds ?? 3600, onTimeout: request.review.onTimeout ?? 'cancel' } : null;
  const maxActivities = request.maxActivities ?? DEFAULT_MAX_ACTIVITIES;
  const maxStepRetries = request.maxStepRetries ?? 3;
  const workflowId = workflowInfo().workflowId;

  const progress: RunProgress = { question, phase: 'classifying', intent: null, plan: null, steps: [], stages: [], activitiesExecuted: 0, planRejections: [], reviews: [] };
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
    const options = SCANNING_AGENTS.has(agent) ? SCAN_OPTIONS : MODEL_AGENTS.has(agent) ? MODEL_OPTIONS : AGENT_OPTIONS;
    return call.executeWithOptions({ ...options, summary }, [input]);
  }

  /**
   * Runs a stage around the steps; if its agent fails (after its retries), the stage is marked failed with
   * the reason and the run goes on without it, ending degraded rather than failed.
   */
  const stageFailures: string[] = [];
  async function optional<T>(id: StageProgress['id'], work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ActivityCapReached) throw err;
      stageFailures.push(`${id}: ${failureMessage(err)}`);
      stage(id, 'failed', failureMessage(err));
      return null;
    }
  }

  /** Marks a stage of the checklist, with its one line of result. */
  const stage = (id: StageProgress['id'], status: StageProgress['status'], note: string | null = null) => {
    const shown = progress.stages.find((s) => s.id === id);
    if (shown) Object.assign(shown, { status, note });
    showProgress();
  };

  let intent: IntentOutput = { intent: 'query', decided_by: 'rules', matched: null, model: null, language: 'en' };
  let plan: Plan = { kind: 'cannot_answer', reason: 'not planned yet', available_metrics: [] };
  let extent: DataExtent | null = null;
  let records: StepRecord[] = [];
  let report: PublishedReport | null = null;
  let dataQuality: DataQualityOutput | null = null;
  let statistics: StatisticsOutput | null = null;
  let verification: VerificationOutput | null = null;
  const memory = new MemoryPool();
  const keyMetrics = new Map<string, AnswerMetric[]>();
  /** Artifacts with each step's (and data quality's, and statistics') calculations. */
  const calculations = new Map<string, string>();
  const finish = (answer: AnswerOutput): AnalysisResult => {
    progress.phase = 'done';
    upsertSearchAttributes([{ key: STATUS_ATTRIBUTE, value: answer.status }]);
    showProgress();
    // The result stays small: catalog fragments, calculations and the full pool are in the history already.
    const reading = plan.reading ?? null;
    const shownPlan: Plan = plan.kind === 'plan' ? { ...plan, fragments: {}, reading: undefined } : plan;
    // The first line of an answer from the plan's steps says what was computed, over which period, and which words were not used.
    const text = reading && plan.kind === 'plan' && records.length > 0 ? `${reading.statement}\n${answer.answer}` : answer.answer;
    return {
      question, asOf, status: answer.status, answer: text, reading, metrics: answer.metrics, intent, plan: shownPlan, steps: records,
      activitiesExecuted: progress.activitiesExecuted, planRejections: progress.planRejections, reviews: progress.reviews,
      report, memory: memory.summary(), dataQuality, statistics,
      verification,
      checklist: checklist(question, progress),
    };
  };

  try {
    // 1-2. What exists, and what kind of question this is.
    showProgress();
    const catalog = await run('describeCatalog', 'catalog', { catalogPath });
    // A model that cannot classify (rejected key, invalid replies after its repairs) ends the run degraded, said once.
    const classified = await run('classifyIntent', 'intent', { question }).catch((err: unknown) => {
      if (!isModelFailure(err)) throw err;
      return failureMessage(err);
    });
    if (typeof classified === 'string') return finish({ status: 'degraded', answer: `the intent agent failed: ${classified}`, metrics: [] });
    intent = classified;
    progress.intent = intent;
    upsertSearchAttributes([{ key: INTENT_ATTRIBUTE, value: intent.intent }]);

    // Where the data is: "no period" means the latest data, and a period without data is said to be one.
    if (patched('data-extent')) {
      extent = await run('readDataExtent', 'data extent', { catalogPath, databaseUrl, asOf }).catch((err: unknown) => {
        if (err instanceof ActivityCapReached) throw err;
        return null;
      });
    }

    // 3. A plan that passes the checks (the reasons go back to the planner).
    const planFor = async (feedback: string[]): Promise<Plan> => {
      progress.phase = 'planning';
      for (let attempt = 1; ; attempt++) {
        showProgress();
        let candidate: Plan;
        try {
          candidate = await run('planAnalysis', attempt === 1 ? 'planner' : `planner · attempt ${attempt}`, { question, intent, asOf, catalogPath, feedback, extent });
        } catch (err) {
          if (!isModelFailure(err)) throw err;
          return { kind: 'cannot_answer', reason: `the planner failed: ${failureMessage(err)}`, available_metrics: catalog.metrics };
        }
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

    progress.steps = plan.steps.map((s) => ({ step_id: s.step_id, description: s.description, status: 'pending', attempts: 0, note: null }));
    progress.stages = [
      { id: 'data_quality', label: 'data quality', status: 'pending', note: null },
      { id: 'statistics', label: 'statistics', status: 'pending', note: null },
      { id: 'analysis', label: 'analysis', status: 'pending', note: null },
      { id: 'verification', label: 'verify numbers', status: 'pending', note: null },
      { id: 'report', label: 'report', status: 'pending', note: null },
      { id: 'audit', label: 'audit', status: 'pending', note: null },
    ];

    // 5. Data quality of what the plan reads, before anything reads it.
    progress.phase = 'checking_data';
    stage('data_quality', 'running');
    const windows = plan.steps.flatMap((s) => ('query' in s.operation ? [s.operation.query.window] : []));
    const metrics = [...new Set(plan.steps.flatMap((s) => s.metrics))];
    if (windows.length > 0 && metrics.length > 0) {
      dataQuality = await optional('data_quality', () => run('checkDataQuality', 'data quality', { workflow_id: workflowId, catalogPath, databaseUrl, metrics, windows, language: intent.language, faults }));
      if (dataQuality?.calculations_ref) calculations.set('dq', dataQuality.calculations_ref);
      if (dataQuality) stage('data_quality', 'done', dataQuality.summary);
    } else {
      stage('data_quality', 'skipped', 'the plan reads no table');
    }
    const partialPeriods = dataQuality?.partial_periods.map((p) => p.period) ?? [];

    // 6. The steps, as a DAG.
    progress.phase = 'executing';
    showProgress();
    records = await executePlan(plan, partialPeriods);
    const failed = records.find((r) => r.status === 'failed');
    if (failed && request.onStepFailure === 'fail') {
      throw ApplicationFailure.nonRetryable(`step ${failed.step.step_id} (${failed.step.description}) failed after ${failed.attempts} attempt(s): ${failed.error ?? 'validation failed'}`, 'StepFailed', { step: failed.step, validations: failed.validations });
    }
    const passed = records.filter((r) => r.status === 'passed');
    // A window with no rows is never answered as a number (no zero sum, no average of nothing).
    const metricSteps = passed.filter((r) => r.step.operation.kind === 'metric');
    if (metricSteps.length > 0 && metricSteps.every((r) => (r.result?.rows ?? []).every((row) => row.value === null || row.value === undefined))) {
      const q = metricSteps[0]?.step.operation;
      const where = q && 'query' in q ? `${q.query.window.label_en}${q.query.filters.length ? ` for ${q.query.filters.map((f) => `${f.dimension} = ${f.values.join(' or ')}`).join(', ')}` : ''}` : '';
      return finish({
        status: 'needs_clarification',
        answer: intent.language === 'zh' ? `没有符合条件的数据（${where}），无法给出数值；请换一个期间或筛选条件。` : `no rows match (${where}), so there is no value to give; ask about another period or filter.`,
        metrics: [],
      });
    }

    // 7. Is the change (or gap) larger than chance?
    progress.phase = 'answering';
    if (passed.length > 0) {
      stage('statistics', 'running');
      statistics = await optional('statistics', () => run('testSignificance', 'statistics', { workflow_id: workflowId, catalogPath, databaseUrl, intent, steps: (plan as StepsPlan).steps, partial_periods: partialPeriods, faults }));
      if (statistics?.calculations_ref) calculations.set('stats', statistics.calculations_ref);
      if (statistics) stage('statistics', 'done', statistics.summary);
    } else {
      stage('statistics', 'skipped', 'no step passed');
    }

    // 8. The relay: the steps' hand-offs (compressed by distance) to the analysis agent.
    stage('analysis', 'running');
    const chain = relayChain(records.map(toHandoff), records.length);
    const snapshot = memory.snapshot();
    const analysis = await run('analyzeResults', 'analysis', {
      task_id: 'analysis', question, intent, chain, assumptions: plan.assumptions,
      metrics: records.flatMap((r) => keyMetrics.get(r.step.step_id) ?? []), contradictions: snapshot.contradictions,
      statistical_tests: statistics?.tests ?? [],
    });
    stage('analysis', 'done', `${analysis.findings.length} finding(s), confidence ${analysis.confidence_level}`);

    // 9. Every number recomputed from the source; only matches may be cited.
    progress.phase = 'verifying';
    stage('verification', 'running');
    // In a fixed order (data quality, the plan's steps, statistics), never the order parallel steps happened to finish in,
    // so the same question gives the same report.
    const calculationRefs = ['dq', ...records.map((r) => r.step.step_id), 'stats'].flatMap((id) => calculations.get(id) ?? []);
    const recipes = [
      ...passed.map((r) => recipeOf(r, partialPeriods)).filter((r): r is Recipe => r !== null),
      ...(dataQuality ? [dataQuality.recipe] : []),
      ...(statistics?.recipe ? [statistics.recipe] : []),
    ];
    verification = await optional('verification', () => run('verifyCalculations', 'validator · recompute numbers', { workflow_id: workflowId, calculation_refs: calculationRefs, recipes, databaseUrl }));
    // Without a verification nothing is citable: the report is written without numbers rather than with unchecked ones.
    const verified = verification?.verified ?? [];
    const mismatched = verification?.mismatches ?? [];
    if (verification) {
      stage('verification', mismatched.length > 0 ? 'failed' : 'done',
        `${verified.length} of ${verification.checked_count} recomputed numbers match${mismatched.length > 0 ? `; mismatched: ${mismatched.join(', ')}` : ''} (${verification.rule})`);
    }

    // 10. The report, and its audit; flagged sections are rewritten at most MAX_REPORT_RETRIES times.
    progress.phase = 'reporting';
    const reportInput = {
      task_id: 'report', workflow_id: workflowId, analysis, data_scope: dataScope(records), user_intent: { question, intent }, catalogPath,
      data_quality: dataQuality ? withoutRecipe(dataQuality) : null,
      statistics: statistics ? withoutRecipe(statistics) : null,
      calculation_refs: calculationRefs,
      verified,
      mismatched,
      chart_data: passed.map((r) => ({ step_id: r.step.step_id, kind: r.step.operation.kind, description: r.step.description, rows: r.result?.rows ?? [] })),
      faults,
    };
    let draft = null as ReportDraft | null;
    let audit = null as AuditOutput | null;
    for (let attempt = 1; attempt <= 1 + MAX_REPORT_RETRIES; attempt++) {
      const fixing = audit?.sections_to_fix.join(', ') ?? '';
      stage('report', 'running', attempt > 1 ? `rewriting ${fixing}` : null);
      const revision = draft && audit ? { previous_ref: draft.report_ref, audit } : null;
      const written = await optional('report', () => run('writeReport', attempt === 1 ? 'report' : `report · rewrite ${fixing}`, { ...reportInput, revision, attempt }));
      if (!written) break;
      draft = written;
      stage('report', 'done', `${draft.section_ids.length} sections, ${draft.citation_count} citations, ${draft.chart_count} chart(s)${attempt > 1 ? `, attempt ${attempt}` : ''}`);
      stage('audit', 'running');
      const final = attempt === 1 + MAX_REPORT_RETRIES;
      const reportRef = draft.report_ref;
      audit = await optional('audit', () => run('auditReport', attempt === 1 ? 'audit' : `audit · attempt ${attempt}`, {
        task_id: 'audit', workflow_id: workflowId, report_ref: reportRef, calculation_refs: calculationRefs, verified, final_attempt: final,
      }));
      if (!audit || audit.sections_to_fix.length === 0) break;
    }
    if (!draft || !audit?.published_ref) {
      // No published report: the analysis agent's findings are the answer, and the run says why.
      return finish({ status: 'degraded', answer: [...analysis.findings.map((f) => f.summary), `(${stageFailures.join('; ') || 'no report was written'})`].join('\n'), metrics: analysis.key_metrics });
    }
    report = {
      report_ref: audit.published_ref, title: draft.title, attempt: draft.attempt, section_ids: draft.section_ids, citation_count: draft.citation_count,
      chart_count: draft.chart_count, summary: draft.summary, audit,
    };
    stage('audit', audit.clean ? 'done' : 'failed', audit.clean ? `clean: ${audit.numbers_checked} numbers checked` : `${audit.findings.length} finding(s): ${audit.findings.map((f) => f.kind).join(', ')}`);
    // Completed only when every step passed, every recomputed number matched and the audit left nothing to fix.
    const status = draft.status === 'completed' && audit.sections_to_fix.length === 0 && verification !== null && mismatched.length === 0 && stageFailures.length === 0 ? 'completed' : 'degraded';
    return finish({ status, answer: draft.answer, metrics: analysis.key_metrics });
  } catch (err) {
    if (!(err instanceof ActivityCapReached)) throw err;
    return finish({
      status: 'degraded',
      answer: `stopped: the run reached its cap of ${maxActivities} activity executions before it could answer; simplify the question or raise the cap`,
      metrics: [],
    });
  }

  /** Starts each step as soon as its dependencies have passed; a step whose dependency did not pass is skipped. */
  async function executePlan(steps: StepsPlan, partialPeriods: string[]): Promise<StepRecord[]> {
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
        return SQL_OPERATIONS.has(step.operation.kind) || step.operation.kind === 'trend'
          ? executeStep(step, deps, steps, partialPeriods)
          : executeCodeStep(step, deps, steps, partialPeriods);
      })();
      started.set(step.step_id, promise);
      return promise;
    };
    return Promise.all(steps.steps.map(start));
  }

  /** Accepts a validated result: its memory entries join the pool, its calculations the run's list. */
  function accept(step: PlanStep, kind: string, proposed: StepOutput['memory_entries'], computed: StepOutput['metrics'], calculationsRef: string | null) {
    memory.add(`${kind}-${step.step_id}`, proposed, new Date().toISOString());
    keyMetrics.set(step.step_id, computed);
    if (calculationsRef) calculations.set(step.step_id, calculationsRef);
  }

  /** What travels on in the history: memory entries and key metrics go their own way. */
  function slim(result: StepOutput): StepOutput {
    return { ...result, memory_entries: [], metrics: [] };
  }

  /** One SQL or trend step: its agent then the validator, retried with the reasons, at most 1 + maxStepRetries attempts. */
  async function executeStep(step: PlanStep, deps: StepRecord[], steps: StepsPlan, partialPeriods: string[]): Promise<StepRecord> {
    const index = steps.steps.indexOf(step);
    const total = steps.steps.length;
    const shown = progress.steps[index] as StepProgress;
    const agent = step.operation.kind === 'trend' ? 'analyzeTrend' : 'runSqlStep';
    const kind = agent === 'runSqlStep' ? 'sql' : 'trend';
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
      const input = {
        workflow_id: workflowId, step, catalog: steps.fragments[step.step_id] ?? {}, dependencies, databaseUrl, feedback, language: intent.language, memory: known,
        partial_periods: partialPeriods, faults,
      };
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
      const { memory_entries: proposed, metrics: computed } = result;
      result = slim(result);
      const validation = await run('validateStep', `step ${index + 1}/${total} · validate`, { step, result, catalog: steps.fragments[step.step_id] ?? {} });
      validations.push(validation);
      if (validation.passed) {
        accept(step, kind, proposed, computed, result.calculations_ref);
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

  /**
   * A step computed by code: the coder writes it, the tester runs and checks it, the
   * validator validates the result. A failure rolls back to the coder with the same
   * requirements and every failure so far, at most MAX_CODE_ROLLBACKS times; then the
   * step ends with a diagnostic result listing each failure.
   */
  async function executeCodeStep(step: PlanStep, deps: StepRecord[], steps: StepsPlan, partialPeriods: string[]): Promise<StepRecord> {
    const index = steps.steps.indexOf(step);
    const total = steps.steps.length;
    const shown = progress.steps[index] as StepProgress;
    // Stated once; every attempt receives exactly these requirements.
    const requirements = {
      workflow_id: workflowId, step, dependencies: Object.fromEntries(deps.map((d) => [d.step.step_id, asDependency(d)])),
      catalog: steps.fragments[step.step_id] ?? {}, language: intent.language, acceptance: acceptanceCriteria(step), partial_periods: partialPeriods, faults,
    };
    const failures: TestFailure[] = [];
    const validations: ValidationOutput[] = [];
    for (let attempt = 1; attempt <= 1 + MAX_CODE_ROLLBACKS; attempt++) {
      shown.status = attempt === 1 ? 'running' : 'retrying';
      shown.attempts = attempt;
      shown.note = attempt > 1 ? `rolled back to the coder: ${failures[failures.length - 1]?.criterion ?? ''}` : null;
      showProgress();
      const suffix = attempt > 1 ? ` · rollback ${attempt - 1}` : '';
      let draft;
      let tested;
      try {
        draft = await run('writeCode', `step ${index + 1}/${total} · coder · ${step.description}${suffix}`, { requirements, attempt, failures: [...failures] });
        tested = await run('testCode', `step ${index + 1}/${total} · tester${suffix}`, { draft, databaseUrl });
      } catch (err) {
        if (err instanceof ActivityCapReached) throw err;
        failures.push({ attempt, criterion: 'the coder and tester run', detail: failureMessage(err) });
        // A model whose reply stayed invalid gets the next attempt with the failure; other non-retryable errors end the step.
        const modelReply = err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.type === 'ModelOutputInvalid';
        if (isNonRetryable(err) && !modelReply) break;
        continue;
      }
      if (!tested.passed || !tested.result) {
        failures.push(...tested.failures);
        continue;
      }
      shown.status = 'validating';
      shown.note = tested.summary;
      showProgress();
      const { memory_entries: proposed, metrics: computed } = tested.result;
      const result = slim(tested.result);
      const validation = await run('validateStep', `step ${index + 1}/${total} · validate`, { step, result, catalog: steps.fragments[step.step_id] ?? {} });
      validations.push(validation);
      if (validation.passed) {
        accept(step, 'code', proposed, computed, result.calculations_ref);
        shown.status = 'passed';
        shown.note = tested.summary;
        showProgress();
        return { step, status: 'passed', attempts: attempt, result, validations, error: null };
      }
      failures.push({ attempt, criterion: 'the result passes the step validator', detail: validation.reason ?? 'validation failed' });
    }
    const diagnostic = `the code failed its tests ${failures.length} time(s) (${shown.attempts - 1} rollback(s)): ${failures.map((f) => `attempt ${f.attempt}: ${f.criterion} — ${f.detail}`).join(' | ')}`;
    shown.status = 'failed';
    shown.note = diagnostic;
    showProgress();
    return { step, status: 'failed', attempts: shown.attempts, result: null, validations, error: diagnostic };
  }
}

/** A result without its recipe (that is for the validator). */
function withoutRecipe<T extends { recipe: unknown }>(output: T): Omit<T, 'recipe'> {
  const { recipe: _recipe, ...rest } = output;
  return rest;
}

/** The run as a Markdown checklist ([ ] / [x], one line of result each): the Web UI's current details, `baton status` and the progress query. */
export function checklist(question: string, progress: RunProgress): string {
  const lines = [`**${question}**`, '', `phase: ${progress.phase}${progress.intent ? ` · intent: ${progress.intent.intent} (${progress.intent.decided_by})` : ''}`, ''];
  // Runs started before stages existed have none.
  const stage = (id: StageProgress['id']) => (progress.stages ?? []).find((s) => s.id === id);
  const stageLine = (s: StageProgress | undefined) => {
    if (!s) return;
    lines.push(`- ${s.status === 'done' ? '[x]' : '[ ]'} ${s.label} — ${s.status}${s.note ? `: ${s.note}` : ''}`);
  };
  stageLine(stage('data_quality'));
  for (const step of progress.steps) {
    const mark = step.status === 'passed' ? '[x]' : '[ ]';
    lines.push(`- ${mark} ${step.step_id} ${step.description} — ${step.status}${step.attempts > 1 ? ` (attempt ${step.attempts})` : ''}${step.note ? `: ${step.note}` : ''}`);
  }
  for (const id of ['statistics', 'analysis', 'verification', 'report', 'audit'] as const) stageLine(stage(id));
  return lines.join('\n');
}
