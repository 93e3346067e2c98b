/**
 * One analysis run's state and plumbing, kept out of the story in analysis.ts:
 * what the run has found so far, the progress the tracker shows (the progress
 * query, the Web UI's current details, `baton status`), calling an agent with its
 * timeouts and the activity cap, stages that may fail without failing the run,
 * and the result the run ends with.
 */
import {
  ActivityCancellationType,
  ApplicationFailure,
  isCancellation,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setCurrentDetails,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
  type ActivityOptions,
  type LocalActivityOptions,
} from '@temporalio/workflow';
import type {
  AnalysisRequest,
  AnalysisResult,
  AnswerMetric,
  AnswerOutput,
  CatalogIndex,
  DataExtent,
  DataQualityOutput,
  IntentOutput,
  Plan,
  PublishedReport,
  ReviewDecision,
  RunProgress,
  RunResult,
  StageProgress,
  StatisticsOutput,
  StepRecord,
  VerificationOutput,
} from '../contracts';
import { cancelReasonSignal, progressQuery, reviewPlanUpdate } from '../contracts/workflow-messages';
import { AGENTS, type AgentFunctions, type AgentName, type AgentSpec } from '../agents/table';
import { AGENT_OPTIONS, LOCAL_OPTIONS, PROFILES } from './options';
import { checklist } from '../agents/checklist';
import { mostTellingReason } from '../temporal/failures';
import { DEFAULT_MAX_ACTIVITIES, INPUT_BY_REFERENCE_CHARS, MAX_PLAN_REVISIONS, MAX_QUESTION_LENGTH } from '../settings/limits';
import { MemoryPool } from '../memory/pool';
import { STATUS_ATTRIBUTE } from '../temporal/search-attributes';
import { render } from '../messages';
import { localProfile, reuseOf, runsLocally, type QualityAsked } from './reuse';

const agents = proxyActivities<AgentFunctions>(AGENT_OPTIONS);
const localAgents = proxyLocalActivities<AgentFunctions>(LOCAL_OPTIONS);

/**
 * The activity type an agent is scheduled under: its name, or in runs recorded before the agents were renamed
 * (checkStep was validateStep, recomputeNumbers was verifyCalculations) the name it had then, so those runs replay
 * and, still open on a rolling deploy, go on; the worker registers both names (src/worker.ts).
 */
function activityType(agent: AgentName, currentNames: boolean): string {
  const spec: AgentSpec = AGENTS[agent];
  return currentNames ? agent : (spec.formerly ?? agent);
}

/** Raised inside the workflow when the next activity would pass the run's cap. */
export class ActivityCapReached extends Error {}

/** The most telling reason an agent's activity failed: the agent's own words before the infrastructure's (src/temporal/failures.ts). */
export function failureMessage(err: unknown): string {
  return mostTellingReason(err);
}

/** A result without its recipe (that is for recomputeNumbers, and stays in the history). */
export function withoutRecipe<T extends { recipe: unknown }>(output: T): Omit<T, 'recipe'> {
  const { recipe: _recipe, ...rest } = output;
  return rest;
}

export class AnalysisRun {
  readonly question: string;
  readonly request: AnalysisRequest;
  readonly workflowId = workflowInfo().workflowId;
  readonly maxActivities: number;
  readonly maxStepRetries: number;
  readonly review: { timeoutSeconds: number; onTimeout: 'approve' | 'cancel' } | null;
  readonly progress: RunProgress;
  /** The reviewer's latest decision, set by the reviewPlan Update. */
  decision: ReviewDecision | null = null;

  /** The catalog's metric and dimension names, read first: plans are checked against them. */
  catalog: CatalogIndex = { name: '', metrics: [], dimensions: [] };
  intent: IntentOutput = { intent: 'query', decided_by: 'rules', matched: null, model: null, language: 'en' };
  plan: Plan = { kind: 'cannot_answer', reason: 'not planned yet', available_metrics: [] };
  extent: DataExtent | null = null;
  records: StepRecord[] = [];
  dataQuality: DataQualityOutput | null = null;
  /** What data quality was asked, and on which data: offered with its outcome to a conversation's next turn (reuse.ts). */
  qualityAsked: QualityAsked | null = null;
  statistics: StatisticsOutput | null = null;
  verification: VerificationOutput | null = null;
  report: PublishedReport | null = null;
  readonly memory = new MemoryPool();
  readonly keyMetrics = new Map<string, AnswerMetric[]>();
  /** Artifacts with each passed step's metric values (read by the analysis agent). */
  readonly metricsRefs = new Map<string, string>();
  /** Artifacts with each step's (and data quality's, and statistics') calculations. */
  readonly calculations = new Map<string, string>();
  /** Stages that failed after their retries, with the reason: the run then ends degraded. */
  readonly stageFailures: string[] = [];
  /** Runs since `baton cancel` end `cancelled` with the reason (their activities stopped first); older ones replay as recorded. */
  readonly endsCancelledWithReason: boolean;
  /** The reason sent with `baton cancel` (the cancelReason signal); null until one arrives. */
  cancelReason: string | null = null;
  /** Runs started since the agents' renames schedule the step check and recomputing numbers under their new names. */
  readonly currentAgentNames: boolean;
  /** A conversation's turn (a session's child, or a request with a thread or results to reuse): its SQL steps key their results for reuse. */
  readonly conversation: boolean;
  /**
   * A conversation's turn given earlier turns' results (patched 'step-reuse'): the agents before the steps and the SQL steps
   * (REUSE_LOCALLY) run as local activities, in the worker that runs the workflow task, as the quick agents always do:
   * their work is mostly a stored result read back, and a task queue round trip each would cost more than the work.
   */
  readonly reuseLocally: boolean;
  /** Given earlier results, the verifier, significance, report and audit run locally too (patched 'verify-reuse'). */
  readonly reuseLocallyAfterSteps: boolean;
  /** Agents that read nothing of each other's run at once (patched 'parallel-agents'; analysis.ts says which). */
  readonly parallelAgents: boolean;
  /**
   * The ways newer runs take, decided here at the start (patched 'ways-at-start'): a data-quality question answered by
   * the data-quality agent; given earlier results, run ahead, significance beside the steps, data quality carried over.
   * A patch asked after agents came back lands among their results by timing (docs/architecture.md, "Changing the
   * workflow"). Older runs ask each way's own patch where it starts.
   */
  readonly waysAtStart: boolean;

  constructor(request: AnalysisRequest) {
    const question = request.question.trim();
    if (!question) throw ApplicationFailure.nonRetryable('the question is empty', 'EmptyQuestion');
    // Clients other than the CLI can start runs too: the workflow refuses what the contract refuses.
    if (question.length > MAX_QUESTION_LENGTH)
      throw ApplicationFailure.nonRetryable(`the question is longer than ${MAX_QUESTION_LENGTH} characters`, 'QuestionTooLong');
    this.question = question;
    this.request = request;
    this.review = request.review
      ? { timeoutSeconds: request.review.timeoutSeconds ?? 3600, onTimeout: request.review.onTimeout ?? 'cancel' }
      : null;
    this.maxActivities = request.maxActivities ?? DEFAULT_MAX_ACTIVITIES;
    this.maxStepRetries = request.maxStepRetries ?? 3;
    this.endsCancelledWithReason = patched('cancel-with-reason');
    this.currentAgentNames = patched('agent-names');
    this.conversation = request.reuse !== undefined || request.thread !== undefined || workflowInfo().parent !== undefined;
    this.reuseLocally = (request.reuse?.length ?? 0) > 0 && patched('step-reuse');
    this.reuseLocallyAfterSteps = this.reuseLocally && patched('verify-reuse');
    this.parallelAgents = patched('parallel-agents');
    this.waysAtStart = patched('ways-at-start');
    setHandler(cancelReasonSignal, (reason) => {
      this.cancelReason = typeof reason === 'string' && reason.trim() ? reason.trim() : this.cancelReason;
    });
    this.progress = {
      question,
      phase: 'classifying',
      intent: null,
      plan: null,
      steps: [],
      stages: [],
      activitiesExecuted: 0,
      planRejections: [],
      reviews: [],
    };
    setHandler(progressQuery, () => this.progress);
    setHandler(
      reviewPlanUpdate,
      (d) => {
        this.decision = d;
        return { accepted: d.action, phase: this.progress.phase };
      },
      {
        validator: (d: ReviewDecision) => {
          if (this.progress.phase !== 'awaiting_approval')
            throw new Error(`the run is not waiting for plan approval (phase: ${this.progress.phase})`);
          if (typeof d !== 'object' || !['approve', 'revise', 'reject'].includes(d.action))
            throw new Error('the decision must be approve, revise or reject');
          if (d.action === 'revise' && !(typeof d.feedback === 'string' && d.feedback.trim()))
            throw new Error('revise needs feedback for the planner');
          if (d.action === 'revise' && this.progress.reviews.filter((r) => r.action === 'revise').length >= MAX_PLAN_REVISIONS) {
            throw new Error(`the plan was already revised ${MAX_PLAN_REVISIONS} times; approve or reject it`);
          }
        },
      },
    );
  }

  get asOf(): string {
    return this.request.asOf;
  }
  get catalogPath(): string | undefined {
    return this.request.catalogPath;
  }
  get databaseUrl(): string | undefined {
    return this.request.databaseUrl;
  }

  /** Shows the checklist in the Web UI's current details. */
  show(): void {
    setCurrentDetails(checklist(this.question, this.progress));
  }

  /** Runs one agent with a summary the Web UI shows, counting it against the cap; its table entry says how (src/agents/table.ts). */
  async call<K extends AgentName>(
    agent: K,
    summary: string,
    input: Parameters<AgentFunctions[K]>[0],
  ): Promise<Awaited<ReturnType<AgentFunctions[K]>>> {
    if (this.progress.activitiesExecuted >= this.maxActivities) throw new ActivityCapReached();
    this.progress.activitiesExecuted += 1;
    // On cancel, wait until the activity has stopped (its SQL cancelled, its model call aborted) before the run ends.
    const cancellation = this.endsCancelledWithReason ? { cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED } : {};
    const type = activityType(agent, this.currentAgentNames);
    const profile = runsLocally(agent, this.reuseLocally, this.reuseLocallyAfterSteps)
      ? localProfile(AGENTS[agent].profile)
      : PROFILES[AGENTS[agent].profile];
    if (profile.local) return runLocal(type, { ...profile.options, ...cancellation, summary }, input);
    const activity = (
      agents as unknown as Record<
        string,
        {
          executeWithOptions(options: ActivityOptions, args: [unknown]): Promise<Awaited<ReturnType<AgentFunctions[K]>>>;
        }
      >
    )[type];
    if (!activity) throw ApplicationFailure.nonRetryable(`no activity ${type}`, 'WrongAgent');
    // A bulky input goes to the artifact store first; the agent is scheduled with its reference (src/storage/input-refs.ts).
    const bulky = JSON.stringify(input).length > INPUT_BY_REFERENCE_CHARS;
    const sent = bulky
      ? {
          input_ref: await runLocal<'storeInput'>(
            'storeInput',
            { ...LOCAL_OPTIONS, ...cancellation, summary: `${summary} · input` },
            { workflow_id: this.workflowId, agent, input },
          ),
        }
      : input;
    return activity.executeWithOptions({ ...profile.options, ...cancellation, summary }, [sent]);
  }

  /**
   * For the catch blocks that turn an agent's failure into a result the run goes on with: the activity cap
   * and (in runs that end `cancelled`) a cancellation are not failures to go on from, so they are thrown on.
   */
  throwIfStopping(err: unknown): void {
    if (err instanceof ActivityCapReached) throw err;
    if (this.endsCancelledWithReason && isCancellation(err)) throw err;
  }

  /**
   * Runs a stage around the steps; if its agent fails (after its retries), the stage is marked failed with
   * the reason and the run goes on without it, ending degraded rather than failed.
   */
  async optional<T>(id: StageProgress['id'], work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (err) {
      this.throwIfStopping(err);
      this.stageFailures.push(`${id}: ${failureMessage(err)}`);
      this.stage(id, 'failed', failureMessage(err));
      return null;
    }
  }

  /** Marks a stage of the checklist, with its one line of result. */
  stage(id: StageProgress['id'], status: StageProgress['status'], note: string | null = null): void {
    const shown = this.progress.stages.find((s) => s.id === id);
    if (shown) Object.assign(shown, { status, note });
    this.show();
  }

  /**
   * The run's full record: the plan, every step record, the stages' outputs, the pool and the checklist. It is written
   * to the artifact store (storeRunRecord, a local activity, so it never enters the history); `fullResult` in
   * src/storage/run-record.ts reads it back for the CLI and the tests. Catalog fragments, calculations, each step's column
   * meanings and aggregation logic and the recipes for recomputeNumbers stay where they are (the artifact store and the
   * agents' own events); `baton export` rebuilds the whole run from the history.
   */
  record(answer: AnswerOutput): AnalysisResult {
    const { progress, plan } = this;
    const reading = plan.reading ?? null;
    const shownPlan: Plan = plan.kind === 'plan' ? { ...plan, fragments: {}, reading: undefined } : plan;
    const text = this.answerText(answer);
    const steps = this.records.map((r) => (r.result ? { ...r, result: { ...r.result, columns: [], aggregation_logic: [] } } : r));
    return {
      question: this.question,
      asOf: this.asOf,
      status: answer.status,
      answer: text,
      reading,
      metrics: answer.metrics,
      intent: this.intent,
      plan: shownPlan,
      steps,
      activitiesExecuted: progress.activitiesExecuted,
      planRejections: progress.planRejections,
      reviews: progress.reviews,
      report: this.report,
      memory: this.memory.summary(),
      dataQuality: this.dataQuality ? withoutRecipe(this.dataQuality) : null,
      statistics: this.statistics ? withoutRecipe(this.statistics) : null,
      // A passing reconciliation's detail (also in the verification artifact, checks_ref) and the ids not selected for
      // checking stay in recomputeNumbers' completion in the history; the record keeps failures' details.
      verification: this.verification
        ? {
            ...this.verification,
            not_selected: [],
            reconciliations: (this.verification.reconciliations ?? []).map((r) => (r.ok ? { ...r, detail: '' } : r)),
          }
        : null,
      checklist: checklist(this.question, progress),
      ...(this.conversation ? reuseOf(this.records, this.dataQuality, this.verification, this.qualityAsked) : {}),
    };
  }

  /**
   * The first line of an answer from the plan's steps says what was computed, over which period, and which words were not
   * used; a conversation's turn whose data changed since the earlier turn says so on its last line.
   */
  private answerText(answer: AnswerOutput): string {
    const reading = this.plan.reading ?? null;
    const text = reading && this.plan.kind === 'plan' && this.records.length > 0 ? `${reading.statement}\n${answer.answer}` : answer.answer;
    const changed = this.records.some((r) => r.result?.reuse?.data_changed) || this.dataQuality?.reuse?.data_changed === true;
    const lang = this.intent.language;
    return changed ? `${text}\n${render('sessions.reuse.note', { note: render('sessions.reuse.data-changed', {}, lang) }, lang)}` : text;
  }

  /**
   * The run's result: the answer, the status, the verified metrics, the reading, the report and a reference to the
   * run's record (null when it could not be stored: `baton export` still rebuilds the run from its history).
   */
  async finish(answer: AnswerOutput): Promise<RunResult> {
    const { progress } = this;
    progress.phase = 'done';
    upsertSearchAttributes([{ key: STATUS_ATTRIBUTE, value: answer.status }]);
    this.show();
    const record = this.record(answer);
    let recordRef: string | null = null;
    try {
      // Bookkeeping, not an agent: it does not count against the activity cap.
      const options = { ...LOCAL_OPTIONS, summary: 'run record' };
      recordRef = await runLocal<'storeRunRecord'>('storeRunRecord', options, { workflow_id: this.workflowId, record });
    } catch (err) {
      if (isCancellation(err)) throw err;
      this.stageFailures.push(`run record: ${failureMessage(err)}`);
    }
    return {
      question: record.question,
      asOf: record.asOf,
      status: record.status,
      answer: record.answer,
      reading: record.reading,
      metrics: record.metrics,
      intent: record.intent,
      activitiesExecuted: record.activitiesExecuted,
      record_ref: recordRef,
      report: record.report ? { report_ref: record.report.report_ref, title: record.report.title } : null,
      ...(record.reusable ? { reusable: record.reusable, reused: record.reused } : {}),
      ...('choices' in this.plan && this.plan.choices?.length ? { choices: this.plan.choices } : {}),
      ...(this.conversation && progress.intent ? { reads: { intent: this.intent, extent: this.extent } } : {}),
    };
  }
}

/** Runs one agent as a local activity, under the activity type given (its name, or its former one). */
function runLocal<K extends AgentName>(
  type: string,
  options: LocalActivityOptions,
  input: Parameters<AgentFunctions[K]>[0],
): Promise<Awaited<ReturnType<AgentFunctions[K]>>> {
  const activity = (
    localAgents as unknown as Record<
      string,
      {
        executeWithOptions(options: LocalActivityOptions, args: [typeof input]): Promise<Awaited<ReturnType<AgentFunctions[K]>>>;
      }
    >
  )[type];
  if (!activity) throw ApplicationFailure.nonRetryable(`no activity ${type}`, 'WrongAgent');
  return activity.executeWithOptions(options, [input]);
}
