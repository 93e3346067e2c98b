/**
 * Every hand-off between Baton's agents, as zod schemas in one place.
 *
 * An agent (a Temporal activity) validates what it receives and what it returns
 * against these contracts. A violation fails the activity with a non-retryable
 * error that names the agent, the field and the problem, so it reads clearly in
 * the Temporal Web UI and never reaches the next agent.
 */
import { z } from 'zod';

// ---------------------------------------------------------------- shared parts

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

/** A half-open period [start, end) of calendar dates, with names for people. */
export const TimeWindow = z.object({
  start: IsoDate,
  end: IsoDate,
  label_zh: z.string(),
  label_en: z.string(),
  /** How the window was found in the question, or why it was assumed. */
  source: z.enum(['question', 'default']),
});
export type TimeWindow = z.infer<typeof TimeWindow>;

export const Language = z.enum(['zh', 'en']);
export type Language = z.infer<typeof Language>;

// ---------------------------------------------------------------- run request

export const AnalysisRequest = z.object({
  question: z
    .string()
    .transform((q) => q.trim())
    .pipe(z.string().min(1, 'the question is empty').max(2000, 'the question is longer than 2000 characters')),
  /** "Today" for the run (YYYY-MM-DD, in the catalog's time zone). Pinned so a replay or retry reads the same "last month". */
  asOf: IsoDate,
  /** Metric catalog (YAML) the worker reads; absent means the worker's default. */
  catalogPath: z.string().optional(),
  /** Database to analyse; absent means the worker's DATABASE_URL. */
  databaseUrl: z.string().optional(),
  /** Fuse: the most activities one run may execute. */
  maxActivities: z.number().int().min(1).max(500).default(20),
  /** How often a failing step is retried (after its first attempt) before it is marked not computable. */
  maxStepRetries: z.number().int().min(0).max(10).default(3),
  /** What happens past a step's retries: degrade (mark it and its dependents not computable) or fail the run. */
  onStepFailure: z.enum(['degrade', 'fail']).default('degrade'),
  /** Plan approval: the run waits after planning for approve / revise / reject. */
  review: z
    .object({
      timeoutSeconds: z.number().int().min(1).max(7 * 86_400).default(3600),
      onTimeout: z.enum(['approve', 'cancel']).default('cancel'),
    })
    .optional(),
});
export type AnalysisRequest = z.input<typeof AnalysisRequest>;
export type ParsedAnalysisRequest = z.output<typeof AnalysisRequest>;

// ---------------------------------------------------------------- intent agent

export const Intent = z.enum(['attribution', 'comparison', 'trend', 'query']);
export type Intent = z.infer<typeof Intent>;

export const IntentInput = z.object({ question: z.string().min(1) });
export type IntentInput = z.infer<typeof IntentInput>;

export const IntentOutput = z.object({
  intent: Intent,
  /** Which path decided: the keyword rules, or the model when no rule matched. */
  decided_by: z.enum(['rules', 'model']),
  /** The keyword that matched, when the rules decided. */
  matched: z.string().nullable(),
  /** Name of the model that decided, when the model decided. */
  model: z.string().nullable(),
  language: Language,
});
export type IntentOutput = z.infer<typeof IntentOutput>;

// ---------------------------------------------------------------- planner agent

export const DimensionFilter = z.object({ dimension: z.string(), values: z.array(z.string()).min(1) });
export type DimensionFilter = z.infer<typeof DimensionFilter>;

/** What a step computes, in catalog terms. SQL is compiled from this and the catalog, never written free-hand. */
export const MetricQuery = z.object({
  metric: z.string(),
  window: TimeWindow,
  filters: z.array(DimensionFilter),
  /** Catalog dimensions, or the time grains month / week / day. */
  group_by: z.array(z.string()),
  /** Sort rows by value (top-N questions); null keeps the group order. */
  order: z.enum(['asc', 'desc']).nullable().default(null),
  limit: z.number().int().min(1).max(1000).nullable().default(null),
});
export type MetricQuery = z.infer<typeof MetricQuery>;

/**
 * What a step does. SQL operations are run by the SQL agent; the others work only
 * on the results of the steps they depend on.
 */
export const StepOperation = z.discriminatedUnion('kind', [
  /** The metric, grouped and filtered as asked. */
  z.object({ kind: z.literal('metric'), query: MetricQuery }),
  /** How much each value of `across` adds to the metric's gap between two segments (segment_a minus segment_b). */
  z.object({
    kind: z.literal('gap_contribution'),
    query: MetricQuery,
    segment: z.object({ dimension: z.string(), a: z.string(), b: z.string() }),
    across: z.string(),
  }),
  /** The metric's change from the `before` month to the `after` month, split over the values of `dimension` (mix and rate effects for ratios). */
  z.object({
    kind: z.literal('change_decomposition'),
    query: MetricQuery,
    dimension: z.string(),
    before: z.string(),
    after: z.string(),
  }),
  /** The first n rows of a dependency's result, sorted by a column. */
  z.object({ kind: z.literal('top_n'), source: z.string(), column: z.string(), n: z.number().int().min(1), order: z.enum(['asc', 'desc']) }),
  /** Differences between the rows of a dependency's metric result. */
  z.object({ kind: z.literal('compare'), source: z.string(), key_columns: z.array(z.string()) }),
  /** Direction, consecutive run and change points of a dependency's monthly series. */
  z.object({ kind: z.literal('trend'), source: z.string(), key_columns: z.array(z.string()) }),
  /** The largest contributors across several decompositions, ranked by effect in the direction of the change. */
  z.object({ kind: z.literal('rank_contributors'), sources: z.array(z.string()).min(1), n: z.number().int().min(1) }),
]);
export type StepOperation = z.infer<typeof StepOperation>;

export const PlanStep = z.object({
  step_id: z.string().min(1),
  description: z.string().min(1),
  depends_on: z.array(z.string()),
  expected_output: z.string().min(1),
  /** Catalog metrics and dimensions the step uses; checked against the catalog before anything runs. */
  metrics: z.array(z.string()),
  dimensions: z.array(z.string()),
  operation: StepOperation,
});
export type PlanStep = z.infer<typeof PlanStep>;

export const PlannerInput = z.object({
  question: z.string().min(1),
  intent: IntentOutput,
  asOf: IsoDate,
  catalogPath: z.string().optional(),
  /** Why earlier plans were rejected (by the plan checks or by a reviewer), quoted back so the planner can avoid it. */
  feedback: z.array(z.string()).default([]),
});
export type PlannerInput = z.input<typeof PlannerInput>;

/** The catalog's names, so the workflow can check a plan's references without reading files. */
export const CatalogIndex = z.object({
  name: z.string(),
  metrics: z.array(z.string()),
  dimensions: z.array(z.string()),
});
export type CatalogIndex = z.infer<typeof CatalogIndex>;

/** The part of the catalog one step needs: its metrics, dimensions, their tables, joins and time fields. */
export const CatalogFragment = z.record(z.string(), z.unknown());
export type CatalogFragment = z.infer<typeof CatalogFragment>;

export const Plan = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('plan'),
    steps: z.array(PlanStep).min(1),
    /** Assumptions the planner made (for example a default period). */
    assumptions: z.array(z.string()),
    /** Each step's catalog fragment, cut from the catalog by code, keyed by step_id. */
    fragments: z.record(z.string(), CatalogFragment),
  }),
  z.object({
    kind: z.literal('cannot_answer'),
    reason: z.string().min(1),
    /** What the catalog offers instead, so the user can rephrase. */
    available_metrics: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('needs_clarification'),
    reason: z.string().min(1),
    /** The question back to the user. */
    question: z.string().min(1),
  }),
]);
export type Plan = z.infer<typeof Plan>;



// ---------------------------------------------------------------- SQL agent

export const ColumnInfo = z.object({ name: z.string(), type: z.string(), meaning: z.string() });
export type ColumnInfo = z.infer<typeof ColumnInfo>;

export const Row = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type Row = z.infer<typeof Row>;

/** One thing a step or analysis found: a one-line summary (a full sentence), the detail, and where the evidence is. */
export const Finding = z.object({
  summary: z.string().min(1),
  detail: z.string(),
  evidence_refs: z.array(z.string()),
});
export type Finding = z.infer<typeof Finding>;

// ---------------------------------------------------------------- shared memory pool

/** What an entry is about, for retrieval by metric, dimension and period (never by substring). */
export const MemoryTags = z.object({
  metric: z.string().nullable(),
  /** Dimensions the entry is scoped or broken down by. */
  dimensions: z.array(z.string()),
  /** Canonical scope, e.g. "region=华东" or "" for everything. */
  scope: z.string(),
  /** YYYY-MM for a month, or start..end for a longer period. */
  period: z.string(),
});
export type MemoryTags = z.infer<typeof MemoryTags>;

/** An entry as an agent proposes it; the pool gives it an id and a time. */
export const MemoryDraft = z.object({
  type: z.enum(['fact', 'hypothesis', 'observation', 'question']),
  content: z.string().min(1),
  confidence: z.number().min(0).max(1),
  references: z.array(z.string()),
  tags: MemoryTags,
  /** The number a fact states, for contradiction checks. */
  value: z.number().nullable(),
  /** The direction an observation states (up / down / flat). */
  direction: z.enum(['up', 'down', 'flat']).nullable(),
});
export type MemoryDraft = z.infer<typeof MemoryDraft>;

export const MemoryEntry = MemoryDraft.extend({
  id: z.string(),
  agent: z.string(),
  created_at: z.string(),
});
export type MemoryEntry = z.infer<typeof MemoryEntry>;

export const Contradiction = z.object({
  entry_ids: z.tuple([z.string(), z.string()]),
  description: z.string(),
});
export type Contradiction = z.infer<typeof Contradiction>;

/** A finished dependency, as it travels to the steps that need it: schema, a few rows, a reference to the rest. */
export const DependencyResult = z.object({
  step_id: z.string(),
  description: z.string(),
  columns: z.array(ColumnInfo),
  row_count: z.number().int().min(0),
  /** All rows when they are few, otherwise a sample; the full result is behind result_ref. */
  rows: z.array(Row),
  result_ref: z.string().nullable(),
  data_summary: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** Carried whole to every step downstream. */
  filters_applied: z.array(z.string()),
  assumptions_made: z.array(z.string()),
  paths_excluded: z.array(z.string()),
});
export type DependencyResult = z.infer<typeof DependencyResult>;

export const StepInput = z.object({
  workflow_id: z.string(),
  step: PlanStep,
  /** Only the catalog entries this step uses (context isolation). */
  catalog: CatalogFragment,
  /** Results of the step's declared dependencies, keyed by step_id. */
  dependencies: z.record(z.string(), DependencyResult),
  databaseUrl: z.string().optional(),
  /** Reasons earlier attempts of this step failed, quoted back. */
  feedback: z.array(z.string()).default([]),
  /** The language findings are written in (the question's). */
  language: Language.default('en'),
  /** Accepted facts and tracked hypotheses from the shared memory pool that share this step's metric, dimensions or period. */
  memory: z.array(MemoryEntry).default([]),
});
export type StepInput = z.input<typeof StepInput>;

/**
 * What a step hands on: the SQL agent's output contract (task_id, sql, result_shape, columns,
 * filters_applied, aggregation_logic, execution_time_ms, data_summary, anomalies_found, result_ref)
 * and what the step found. Steps that only compute have sql null.
 */
export const StepOutput = z.object({
  task_id: z.string(),
  sql: z.string().nullable(),
  params: z.array(z.union([z.string(), z.number()])),
  /** [rows, columns] */
  result_shape: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
  columns: z.array(ColumnInfo),
  /** Result rows; at most the inline cap travel in the hand-off, the rest is behind result_ref. */
  rows: z.array(Row),
  filters_applied: z.array(z.string()),
  aggregation_logic: z.array(z.string()),
  execution_time_ms: z.number().min(0),
  data_summary: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  anomalies_found: z.array(z.string()),
  /** Artifact id of the full result when it is larger than the inline rows; null when all rows are inline. */
  result_ref: z.string().nullable(),
  /** The catalog metric whose value rules apply to the "value" column, if any. */
  value_metric: z.string().nullable(),
  /** What the step found, in the question's language. */
  findings: z.array(Finding),
  assumptions_made: z.array(z.string()),
  paths_excluded: z.array(z.string()),
  /** Entries the step proposes for the shared memory pool; accepted only after validation. */
  memory_entries: z.array(MemoryDraft),
  /** The metric values this step computed, for the report's key metrics. */
  metrics: z.array(z.lazy(() => AnswerMetric)),
});
export type StepOutput = z.infer<typeof StepOutput>;

// ---------------------------------------------------------------- validator agent

export const ValidationCheck = z.object({
  layer: z.enum(['structure', 'value_rules', 'logic']),
  passed: z.boolean(),
  detail: z.string(),
});
export type ValidationCheck = z.infer<typeof ValidationCheck>;

export const ValidatorInput = z.object({
  step: PlanStep,
  result: StepOutput,
  /** The step's catalog fragment, for value rules. */
  catalog: CatalogFragment,
});
export type ValidatorInput = z.input<typeof ValidatorInput>;

export const ValidationOutput = z.object({
  step_id: z.string(),
  passed: z.boolean(),
  checks: z.array(ValidationCheck),
  /** The first failed check's detail, handed back to the step on retry. */
  reason: z.string().nullable(),
});
export type ValidationOutput = z.infer<typeof ValidationOutput>;

// ---------------------------------------------------------------- the relay: analysis and report

export const StatisticalTest = z.object({
  test: z.string(),
  statistic: z.number().nullable(),
  p_value: z.number().min(0).max(1).nullable(),
  ci_low: z.number().nullable(),
  ci_high: z.number().nullable(),
  effect_size: z.number().nullable(),
  effect_size_kind: z.string().nullable(),
});
export type StatisticalTest = z.infer<typeof StatisticalTest>;

/**
 * A step's hand-off as it travels down a long chain, compressed by distance:
 *   full (the last 2 steps): everything but raw rows (summary + reference instead)
 *   findings (3-4 back):     one-line findings
 *   conclusion (5+ back):    a conclusion and key assumptions
 * Filters, assumptions and excluded paths are carried whole at every layer.
 */
export const Handoff = z.object({
  task_id: z.string(),
  description: z.string(),
  layer: z.enum(['full', 'findings', 'conclusion']),
  kind: z.string(),
  depends_on: z.array(z.string()),
  status: z.enum(['passed', 'failed', 'skipped']),
  filters_applied: z.array(z.string()),
  assumptions_made: z.array(z.string()),
  paths_excluded: z.array(z.string()),
  confidence: z.number().min(0).max(1),
  /** full: every finding; findings: summaries only; conclusion: none (see conclusion). */
  findings: z.array(Finding),
  key_findings: z.array(z.string()),
  conclusion: z.string().nullable(),
  /** full only. */
  data_summary: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
  result_shape: z.tuple([z.number(), z.number()]).nullable(),
  anomalies_found: z.array(z.string()),
  result_ref: z.string().nullable(),
});
export type Handoff = z.infer<typeof Handoff>;

export const AnalysisInput = z.object({
  task_id: z.string(),
  question: z.string(),
  intent: IntentOutput,
  /** The steps, in plan order, compressed by their distance from this agent. */
  chain: z.array(Handoff).min(1),
  /** Plan-level assumptions (for example a default period). */
  assumptions: z.array(z.string()),
  /** Key metrics computed by the steps. */
  metrics: z.array(z.lazy(() => AnswerMetric)),
  contradictions: z.array(Contradiction),
});
export type AnalysisInput = z.input<typeof AnalysisInput>;

export const AnalysisOutput = z.object({
  task_id: z.string(),
  input_task_id: z.string(),
  analysis_type: z.enum(['comparison', 'trend', 'distribution', 'attribution']),
  findings: z.array(Finding),
  statistical_tests: z.array(StatisticalTest),
  assumptions_made: z.array(z.string()),
  paths_excluded: z.array(z.string()),
  confidence_level: z.number().min(0).max(1),
  next_steps_suggested: z.array(z.string()),
  /** The key metrics, passed on for the report. */
  key_metrics: z.array(z.lazy(() => AnswerMetric)),
  /** Whether every step passed. */
  complete: z.boolean(),
  /** Set when the agent's context packet was over budget and condensed: what was done. */
  context_note: z.string().nullable(),
});
export type AnalysisOutput = z.infer<typeof AnalysisOutput>;

/** What the SQL steps scoped: the filters, the result shapes and anomalies, and the first query (for the basis line). */
export const DataScope = z.object({
  filters: z.array(z.string()),
  result_shapes: z.array(z.object({ task_id: z.string(), shape: z.tuple([z.number(), z.number()]) })),
  anomalies: z.array(z.string()),
  primary_query: MetricQuery.nullable(),
});
export type DataScope = z.infer<typeof DataScope>;

export const ReportInput = z.object({
  task_id: z.string(),
  analysis: AnalysisOutput,
  data_scope: DataScope,
  user_intent: z.object({ question: z.string(), intent: IntentOutput }),
  catalogPath: z.string().optional(),
});
export type ReportInput = z.input<typeof ReportInput>;

export const ReportOutput = z.object({
  task_id: z.string(),
  input_task_id: z.string(),
  title: z.string().min(1),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
  key_metrics: z.array(z.object({ name: z.string(), value: z.number().nullable(), ci_low: z.number().optional(), ci_high: z.number().optional() })),
  visualizations_needed: z.array(z.object({ kind: z.string(), title: z.string(), data_ref: z.string() })),
  limitations: z.array(z.string()),
  /** The run's outcome and the answer text built from the sections. */
  status: z.enum(['completed', 'degraded']),
  answer: z.string().min(1),
});
export type ReportOutput = z.infer<typeof ReportOutput>;

// ---------------------------------------------------------------- answer

export const StepRecord = z.object({
  step: PlanStep,
  /** skipped: a dependency failed, so the step was not computable. */
  status: z.enum(['passed', 'failed', 'skipped']),
  attempts: z.number().int().min(0),
  result: StepOutput.nullable(),
  validations: z.array(ValidationOutput),
  error: z.string().nullable(),
});
export type StepRecord = z.infer<typeof StepRecord>;

export const AnswerMetric = z.object({
  name: z.string(),
  label: z.string(),
  value: z.number().nullable(),
  unit: z.string().nullable(),
  period: z.string(),
});
export type AnswerMetric = z.infer<typeof AnswerMetric>;

export const RunStatus = z.enum(['completed', 'degraded', 'cannot_answer', 'needs_clarification', 'rejected']);
export type RunStatus = z.infer<typeof RunStatus>;

export const AnswerOutput = z.object({
  status: RunStatus,
  answer: z.string().min(1),
  metrics: z.array(AnswerMetric),
});
export type AnswerOutput = z.infer<typeof AnswerOutput>;

// ---------------------------------------------------------------- the whole run

export const StepProgress = z.object({
  step_id: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'running', 'validating', 'retrying', 'passed', 'failed', 'skipped']),
  attempts: z.number().int(),
  note: z.string().nullable(),
});
export type StepProgress = z.infer<typeof StepProgress>;

export type RunPhase = 'classifying' | 'planning' | 'awaiting_approval' | 'executing' | 'answering' | 'done';

export interface RunProgress {
  phase: RunPhase;
  intent: IntentOutput | null;
  /** The current plan (after checks and any revisions). */
  plan: Plan | null;
  steps: StepProgress[];
  activitiesExecuted: number;
  /** Plans the workflow's checks sent back to the planner, with the reasons. */
  planRejections: string[];
  /** Review decisions so far, in order. */
  reviews: { action: 'approve' | 'revise' | 'reject' | 'timeout'; feedback: string | null }[];
}

/** A reviewer's decision on the plan of a run started with review on. */
export const ReviewDecision = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve') }),
  z.object({ action: z.literal('reject'), feedback: z.string().optional() }),
  z.object({ action: z.literal('revise'), feedback: z.string().trim().min(1, 'revise needs feedback for the planner') }),
]);
export type ReviewDecision = z.infer<typeof ReviewDecision>;

export interface MemorySnapshot {
  entries: MemoryEntry[];
  /** Ids of facts accepted (confidence >= 0.8). */
  facts: string[];
  hypotheses: string[];
  contradictions: Contradiction[];
}

export interface AnalysisResult {
  question: string;
  asOf: string;
  status: RunStatus;
  answer: string;
  metrics: AnswerMetric[];
  intent: IntentOutput;
  plan: Plan;
  steps: StepRecord[];
  activitiesExecuted: number;
  planRejections: string[];
  reviews: RunProgress['reviews'];
  /** The report agent's output (the analysis agent's is in the history, as its activity result). */
  report: ReportOutput | null;
  /** The pool's fact and hypothesis ids, its contradictions, and the entries those name. */
  memory: MemorySnapshot;
}
