/**
 * Every hand-off between Baton's agents, as zod schemas in one place.
 *
 * An agent (a Temporal activity) validates what it receives and what it returns
 * against these contracts. A violation fails the activity with a non-retryable
 * error that names the agent, the field and the problem, so it reads clearly in
 * the Temporal Web UI and never reaches the next agent.
 */
import { z } from 'zod';
import { MAX_QUESTION_LENGTH } from './limits';

// ---------------------------------------------------------------- shared parts

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

/** A half-open period [start, end) of calendar dates, with names for people. */
export const TimeWindow = z.object({
  start: IsoDate,
  end: IsoDate,
  label_zh: z.string(),
  label_en: z.string(),
  /**
   * How the window was found: named in the question (question), assumed because the question named none
   * (default: the latest full period with data), or all of the data (all_time).
   */
  source: z.enum(['question', 'default', 'all_time']),
});
export type TimeWindow = z.infer<typeof TimeWindow>;

/** Calendar buckets a query can group by, coarsest first. */
export const TimeGrain = z.enum(['year', 'quarter', 'month', 'week', 'day']);
export type TimeGrain = z.infer<typeof TimeGrain>;

/** One month of a time field's data: whether it has rows (1, or 0: found by index probes, not counted: src/analysis/month-probes.ts), and the first and last day with any. */
export const MonthCoverage = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  rows: z.number().int().min(0),
  first_day: IsoDate,
  last_day: IsoDate,
});
export type MonthCoverage = z.infer<typeof MonthCoverage>;

/**
 * Where a time field has data: first and last timestamp, rows per month, and the
 * latest month the data covers in full. Read once per run, before planning, so
 * "no period" means the latest data and a period without data is said to be one.
 */
export const TimeFieldExtent = z.object({
  time_field: z.string(),
  column: z.string(),
  rows: z.number().int().min(0),
  first: IsoDate.nullable(),
  last: IsoDate.nullable(),
  months: z.array(MonthCoverage),
  /** The latest month whose data is not cut short (YYYY-MM), null without data. */
  latest_full_month: z.string().nullable(),
  /** Months at either end that the data covers only partly (YYYY-MM). */
  partial_months: z.array(z.string()),
});
export type TimeFieldExtent = z.infer<typeof TimeFieldExtent>;

export const DataExtent = z.object({
  /** Empty when the extent is behind extent_ref (only the planner reads it). */
  time_fields: z.record(z.string(), TimeFieldExtent),
  /** Artifact holding the extent, so the months per time field stay out of the history; absent in older runs. */
  extent_ref: z.string().optional(),
});
export type DataExtent = z.infer<typeof DataExtent>;

export const DataExtentInput = z.object({
  catalogPath: z.string().optional(),
  databaseUrl: z.string().optional(),
  /** The run's "today": rows dated after it do not extend the data. */
  asOf: IsoDate,
});
export type DataExtentInput = z.input<typeof DataExtentInput>;

export const Language = z.enum(['zh', 'en']);
export type Language = z.infer<typeof Language>;

// ---------------------------------------------------------------- run request

export const AnalysisRequest = z.object({
  question: z
    .string()
    .transform((q) => q.trim())
    .pipe(z.string().min(1, 'the question is empty').max(MAX_QUESTION_LENGTH, `the question is longer than ${MAX_QUESTION_LENGTH} characters`)),
  /** "Today" for the run (YYYY-MM-DD, in the catalog's time zone). Pinned so a replay or retry reads the same "last month". */
  asOf: IsoDate,
  /** Metric catalog (YAML) the worker reads; absent means the worker's default. */
  catalogPath: z.string().optional(),
  /** Database to analyse; absent means the worker's DATABASE_URL. */
  databaseUrl: z.string().optional(),
  /** Fuse: the most activities one run may execute. */
  maxActivities: z.number().int().min(1).max(500).default(40),
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
  /** Catalog dimensions, the time grains year / quarter / month / week / day, or "period" (the named periods below). */
  group_by: z.array(z.string()),
  /**
   * Named periods for a comparison of two windows that are not neighbours on one grain (a year over year
   * of March, two ranges): the rows are grouped by "period", keyed by these keys. The window spans them all.
   */
  periods: z.array(z.object({ key: z.string().min(1), start: IsoDate, end: IsoDate })).default([]),
  /** Sort rows by value (top-N questions); null keeps the group order. */
  order: z.enum(['asc', 'desc']).nullable().default(null),
  limit: z.number().int().min(1).max(1000).nullable().default(null),
});
export type MetricQuery = z.infer<typeof MetricQuery>;
/** A metric query as written by hand (periods, order and limit may be left out). */
export type MetricQueryInput = z.input<typeof MetricQuery>;

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
  /**
   * The metric's change from period `before` to period `after` (keys of the column `period_column`: month,
   * quarter, year or period), split over the values of `dimension` (mix and rate effects for ratios).
   */
  z.object({
    kind: z.literal('change_decomposition'),
    query: MetricQuery,
    dimension: z.string(),
    before: z.string(),
    after: z.string(),
    period_column: z.string().default('month'),
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
  /** Where each time field has data; null for runs started before the extent was read. */
  extent: DataExtent.nullable().default(null),
});
export type PlannerInput = z.input<typeof PlannerInput>;

/**
 * How the question was read, stated back to the user: the answer's first line and the --json `reading`.
 * Words of the question that map to nothing in the plan are listed in not_used.
 */
export const QuestionReading = z.object({
  metrics: z.array(z.string()),
  /** The metrics' names for people, in the question's language. */
  metric_labels: z.array(z.string()),
  window: TimeWindow.nullable(),
  /** A second window the first is compared with (year over year, period over period, attribution), if any. */
  compared_with: TimeWindow.nullable(),
  grain: TimeGrain.nullable(),
  group_by: z.array(z.string()),
  filters: z.array(DimensionFilter),
  ranking: z.object({ n: z.number().int().min(1), order: z.enum(['asc', 'desc']), by: z.string() }).nullable(),
  /** Words or phrases of the question the plan does not use. */
  not_used: z.array(z.string()),
  /** The first line of the answer: what was computed, over which period. */
  statement: z.string(),
});
export type QuestionReading = z.infer<typeof QuestionReading>;

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

const PlannedSteps = z.object({
  kind: z.literal('plan'),
  steps: z.array(PlanStep).min(1),
  /** Assumptions the planner made (for example a default period). */
  assumptions: z.array(z.string()),
});
/** A checked plan also says how it read the question (written by code from the steps, for either model). */
const ReadPlan = PlannedSteps.extend({ reading: QuestionReading.optional() });
const CannotAnswer = z.object({
  kind: z.literal('cannot_answer'),
  reason: z.string().min(1),
  /** What the catalog offers instead, so the user can rephrase. */
  available_metrics: z.array(z.string()),
});
const NeedsClarification = z.object({
  kind: z.literal('needs_clarification'),
  reason: z.string().min(1),
  /** The question back to the user. */
  question: z.string().min(1),
});

export const Plan = z.discriminatedUnion('kind', [
  ReadPlan.extend({
    /** Each step's catalog fragment, cut from the catalog by code, keyed by step_id; empty when they are behind fragments_ref. */
    fragments: z.record(z.string(), CatalogFragment),
    /** Artifact holding the fragments (keyed by step_id), so the plan stays small in the history; absent in older runs. */
    fragments_ref: z.string().nullable().optional(),
  }),
  CannotAnswer.extend({ reading: QuestionReading.optional() }),
  NeedsClarification.extend({ reading: QuestionReading.optional() }),
]);
export type Plan = z.infer<typeof Plan>;

/** A plan as a model writes it: the fragments are cut by code afterwards. */
export const PlanDraft = z.discriminatedUnion('kind', [PlannedSteps, CannotAnswer, NeedsClarification]);
export type PlanDraft = z.infer<typeof PlanDraft>;



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
  /** The plan's fragments artifact, when the fragment is not given inline (`catalog` is then empty). */
  catalog_ref: z.string().nullable().optional(),
  /** Results of the step's declared dependencies, keyed by step_id. */
  dependencies: z.record(z.string(), DependencyResult),
  databaseUrl: z.string().optional(),
  /** Reasons earlier attempts of this step failed, quoted back. */
  feedback: z.array(z.string()).default([]),
  /** The language findings are written in (the question's). */
  language: Language.default('en'),
  /** Accepted facts and tracked hypotheses from the shared memory pool that share this step's metric, dimensions or period. */
  memory: z.array(MemoryEntry).default([]),
  /** Months the data-quality agent found only partly covered by data (YYYY-MM): never read as a drop. */
  partial_periods: z.array(z.string()).default([]),
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
  /** The metric values this step computed, for the report's key metrics: behind metrics_ref (empty here) in runs since it existed. */
  metrics: z.array(z.lazy(() => AnswerMetric)),
  /** Artifact with the step's metric values (only the analysis agent reads them); null when there are none. */
  metrics_ref: z.string().nullable().optional(),
  /** Artifact holding every number the step reports, with how to recompute it (the validator does); null when none. */
  calculations_ref: z.string().nullable(),
  calculation_count: z.number().int().min(0),
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
  /** The plan's fragments artifact, when the fragment is not given inline (`catalog` is then empty). */
  catalog_ref: z.string().nullable().optional(),
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


// ---------------------------------------------------------------- calculations and their re-verification

/** How a number is shown: the metric's own format, a share shown in percent, or a p-value. */
export const Display = z.enum(['currency', 'integer', 'number', 'ratio', 'percent', 'p_value']);
export type Display = z.infer<typeof Display>;

/**
 * One number a run reports, with what it means and how to recompute it from the
 * source data: the recipe of its step (Recipe, by step_id) and which field of the
 * recomputed result it is. Only numbers the validator re-verified are cited.
 */
export const Calculation = z.object({
  /** Stable within a run, e.g. "s1.2026-10.value", "dq.negative_amount", "stats.p_value". */
  id: z.string().min(1),
  step_id: z.string().min(1),
  value: z.number(),
  display: Display,
  /** The currency of a money value (the metric's catalog unit: USD, EUR, CNY …); null or absent for other numbers. */
  unit: z.string().nullable().optional(),
  /** A change rather than a level: ratios are then shown in percentage points. */
  delta: z.boolean(),
  /** What the number is, in the question's language. */
  description: z.string().min(1),
  /** How it is computed: an expression, or which query and column it comes from. */
  formula: z.string().min(1),
  sources: z.array(z.object({ table: z.string(), columns: z.array(z.string()) })),
  importance: z.enum(['high', 'medium', 'low']),
  /** Where it sits in the recomputed result: a summary field (match null) or a column of the row matching `match`. */
  pick: z.object({ field: z.string(), match: z.record(z.string(), z.union([z.string(), z.number()])).nullable() }),
});
export type Calculation = z.infer<typeof Calculation>;

const SqlText = z.object({ sql: z.string().min(1), params: z.array(z.union([z.string(), z.number()])) });

/** How to recompute one step's result from the source tables, independently of the agent that reported it. */
export const Recipe = z.discriminatedUnion('kind', [
  /** Re-run the step's SQL read-only; gap and change decompositions are derived from the rows again. */
  z.object({ kind: z.literal('sql'), step_id: z.string(), sql: z.string(), params: z.array(z.union([z.string(), z.number()])), operation: StepOperation }),
  /** Recompute the input steps, then derive with the vetted analysis library (not the generated code). */
  z.object({ kind: z.literal('compute'), step_id: z.string(), operation: StepOperation, inputs: z.array(z.string()), excluded_periods: z.array(z.string()) }),
  /** Re-run data quality's counts: each check's count is the named column (`value` when absent) of its statement; checks of one table share one statement. */
  z.object({ kind: z.literal('quality'), step_id: z.string(), checks: z.array(SqlText.extend({ id: z.string(), column: z.string().optional() })) }),
  /** Re-query both samples and run the two-sample test again. */
  z.object({ kind: z.literal('statistics'), step_id: z.string(), before: SqlText, after: SqlText }),
]);
export type Recipe = z.infer<typeof Recipe>;

/** A recipe its agent stored in the artifact store (data quality's and statistics' check queries): the validator reads it back. */
export const StoredRecipe = z.object({ kind: z.literal('stored'), step_id: z.string(), recipe_ref: z.string() });
export type StoredRecipe = z.infer<typeof StoredRecipe>;
/** A recipe inline, or stored (recorded runs carry them inline). */
export const RecipeOrRef = z.union([Recipe, StoredRecipe]);
export type RecipeOrRef = z.infer<typeof RecipeOrRef>;

export const VerificationInput = z.object({
  workflow_id: z.string(),
  /** Artifacts holding the run's calculations (one per step, data quality and statistics). */
  calculation_refs: z.array(z.string()),
  recipes: z.array(RecipeOrRef),
  databaseUrl: z.string().optional(),
  /** The catalog the second path builds its own SQL from (the default catalog when absent). */
  catalogPath: z.string().optional(),
});
export type VerificationInput = z.input<typeof VerificationInput>;

export const CheckedCalculation = z.object({
  id: z.string(),
  importance: Calculation.shape.importance,
  reported: z.number(),
  recomputed: z.number().nullable(),
  status: z.enum(['verified', 'mismatch', 'error']),
  detail: z.string(),
  /**
   * How it was recomputed: "independent" by the second path (SQL built by the validator from the catalog, derivations
   * of src/verify), "re-run" by re-running the step's own SQL or checks through the agents' derivations (not independent).
   */
  path: z.enum(['independent', 're-run']).default('re-run'),
});
export type CheckedCalculation = z.infer<typeof CheckedCalculation>;

export const VerificationOutput = z.object({
  total: z.number().int().min(0),
  /** The importance rule that chose what to recompute, in words. */
  rule: z.string(),
  /** How many were recomputed. */
  checked_count: z.number().int().min(0),
  /** The recomputations that did not match (every check, matched or not, is in checks_ref). */
  checked: z.array(CheckedCalculation),
  /** Ids that were recomputed and matched within the tolerance: the only citable numbers. */
  verified: z.array(z.string()),
  mismatches: z.array(z.string()),
  /** Always empty now (the ids not selected are in the checks_ref artifact); runs recorded before list them. */
  not_selected: z.array(z.string()),
  /** Verified ids recomputed only by re-running the step's own SQL: re-run, not independently verified. */
  rerun_only: z.array(z.string()).default([]),
  /** Reconciliation checks on the second path's numbers and on the reported order (a failure marks its calculations mismatched). */
  reconciliations: z.array(z.object({ step_id: z.string(), check: z.string(), ok: z.boolean(), detail: z.string(), ids: z.array(z.string()).optional() })).default([]),
  tolerance: z.number(),
  /** Artifact with every check in full (reported and recomputed values). */
  checks_ref: z.string(),
});
export type VerificationOutput = z.infer<typeof VerificationOutput>;

// ---------------------------------------------------------------- data-quality agent

export const DataQualityInput = z.object({
  workflow_id: z.string(),
  catalogPath: z.string().optional(),
  databaseUrl: z.string().optional(),
  /** The metrics the plan uses (their tables are checked) and the periods it reads. */
  metrics: z.array(z.string()).min(1),
  windows: z.array(TimeWindow).min(1),
  language: Language.default('en'),
});
export type DataQualityInput = z.input<typeof DataQualityInput>;

export const QualityCheckResult = z.object({
  id: z.string(),
  kind: z.enum(['negative_value', 'missing_value', 'missing_reference', 'impossible_date', 'future_date']),
  table: z.string(),
  column: z.string(),
  description: z.string(),
  /**
   * Offending rows in the analysed period (the plan's windows; see the table's `period`), or in the whole table
   * when the table has no way into the period (its `period` is null) and in runs recorded before count_all existed.
   */
  count: z.number().int().min(0),
  /** Offending rows in the whole table (absent in runs recorded before the counts were scoped to the period). */
  count_all: z.number().int().min(0).optional(),
  /** Whether the metric filters already keep these rows out of every number. */
  excluded_by_metrics: z.boolean(),
});
export type QualityCheckResult = z.infer<typeof QualityCheckResult>;

export const PartialPeriod = z.object({
  period: z.string(),
  days_covered: z.number().int().min(0),
  days_expected: z.number().int().min(1),
  last_day_with_data: z.string().nullable(),
});
export type PartialPeriod = z.infer<typeof PartialPeriod>;

export const DataQualityOutput = z.object({
  task_id: z.string(),
  tables: z.array(z.object({
    table: z.string(),
    /** Rows in the analysed period (the whole table when `period` is null). */
    rows: z.number().int().min(0),
    /** Rows in the whole table (absent in runs recorded before the counts were scoped to the period). */
    rows_all: z.number().int().min(0).optional(),
    /**
     * Present when the table was too large to count whole (over BATON_QUALITY_WHOLE_TABLE_ROWS, by PostgreSQL's
     * estimate, this number): its rows and checks were counted in the analysed period only, and no `*_all` count exists.
     */
    whole_table_rows_estimate: z.number().int().min(0).optional(),
    /** How a row is placed in the period, e.g. "orders.pay_time" or "invoice.invoice_date through invoice_line.invoice_id"; null: not placed, whole table. */
    period: z.string().nullable().optional(),
  })),
  checks: z.array(QualityCheckResult),
  partial_periods: z.array(PartialPeriod),
  /** Rows failing at least one row-level check, in the analysed period. */
  dirty_rows: z.number().int().min(0),
  /** The same in the whole tables (absent in runs recorded before the counts were scoped to the period). */
  dirty_rows_all: z.number().int().min(0).optional(),
  calculations_ref: z.string().nullable(),
  calculation_count: z.number().int().min(0),
  /** How the validator re-runs the checks: stored (the check queries are long), inline in runs recorded before. */
  recipe: RecipeOrRef,
  assumptions_made: z.array(z.string()),
  paths_excluded: z.array(z.string()),
  summary: z.string(),
});
export type DataQualityOutput = z.infer<typeof DataQualityOutput>;

// ---------------------------------------------------------------- statistics agent

export const StatisticsInput = z.object({
  workflow_id: z.string(),
  catalogPath: z.string().optional(),
  databaseUrl: z.string().optional(),
  intent: z.lazy(() => IntentOutput),
  /** The plan's steps: the agent picks the two samples to compare from them. */
  steps: z.array(PlanStep).min(1),
  partial_periods: z.array(z.string()).default([]),
});
export type StatisticsInput = z.input<typeof StatisticsInput>;

export const StatisticsOutput = z.object({
  task_id: z.string(),
  tests: z.array(z.lazy(() => StatisticalTest)),
  /** Confidence intervals for the compared values. */
  intervals: z.array(z.object({ label: z.string(), value: z.number(), ci_low: z.number(), ci_high: z.number(), level: z.number() })),
  calculations_ref: z.string().nullable(),
  calculation_count: z.number().int().min(0),
  /** The step calculations the two samples stand for (their values get the intervals in the report). */
  compared_calculations: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
  recipe: RecipeOrRef.nullable(),
  assumptions_made: z.array(z.string()),
  paths_excluded: z.array(z.string()),
  summary: z.string(),
});
export type StatisticsOutput = z.infer<typeof StatisticsOutput>;

// ---------------------------------------------------------------- coder and tester

/** What a computed step must deliver. Built once by the workflow and handed unchanged to every coder attempt. */
export const CodeRequirements = z.object({
  workflow_id: z.string(),
  step: PlanStep,
  dependencies: z.record(z.string(), DependencyResult),
  catalog: CatalogFragment,
  /** The plan's fragments artifact, when the fragment is not given inline (`catalog` is then empty). */
  catalog_ref: z.string().nullable().optional(),
  language: Language,
  /** The checks the tester runs, in words. */
  acceptance: z.array(z.string()).min(1),
  partial_periods: z.array(z.string()).default([]),
});
export type CodeRequirements = z.input<typeof CodeRequirements>;

export const TestFailure = z.object({ attempt: z.number().int().min(1), criterion: z.string(), detail: z.string() });
export type TestFailure = z.infer<typeof TestFailure>;

export const CoderInput = z.object({
  requirements: CodeRequirements,
  attempt: z.number().int().min(1),
  /** Every earlier test failure for this step, quoted back. */
  failures: z.array(TestFailure),
});
export type CoderInput = z.input<typeof CoderInput>;

export const CodeDraft = z.object({
  step_id: z.string(),
  attempt: z.number().int().min(1),
  /** Artifact of the requirements the code was written against (the tester checks against the same). */
  requirements_ref: z.string(),
  /** Artifact id of the script; the code itself never enters the context. */
  code_ref: z.string(),
  language: z.literal('javascript'),
  /** Read-only SQL the script needs, run by the tester before the script; results arrive as input.queries[name]. */
  queries: z.array(SqlText.extend({ name: z.string() })),
  lines: z.number().int().min(1),
  summary: z.string(),
});
export type CodeDraft = z.infer<typeof CodeDraft>;

export const TesterInput = z.object({
  draft: CodeDraft,
  databaseUrl: z.string().optional(),
});
export type TesterInput = z.input<typeof TesterInput>;

export const TesterOutput = z.object({
  step_id: z.string(),
  attempt: z.number().int().min(1),
  passed: z.boolean(),
  failures: z.array(TestFailure),
  /** One line for the context, e.g. "wrote 42 lines, ran OK in 31 ms, 5 rows". */
  summary: z.string(),
  /** The step's result when every criterion passed. */
  result: StepOutput.nullable(),
});
export type TesterOutput = z.infer<typeof TesterOutput>;

// ---------------------------------------------------------------- the relay: analysis and report

export const StatisticalTest = z.object({
  test: z.string(),
  /** What was compared, in the question's language (sample a vs sample b). */
  compared: z.string().default(''),
  n_a: z.number().int().min(0).nullable().default(null),
  n_b: z.number().int().min(0).nullable().default(null),
  mean_a: z.number().nullable().default(null),
  mean_b: z.number().nullable().default(null),
  statistic: z.number().nullable(),
  p_value: z.number().min(0).max(1).nullable(),
  /** Confidence interval of mean_b − mean_a. */
  ci_low: z.number().nullable(),
  ci_high: z.number().nullable(),
  effect_size: z.number().nullable(),
  effect_size_kind: z.string().nullable(),
  significant: z.boolean().nullable().default(null),
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
  /** Key metrics computed by the steps (inline in runs recorded before metrics_refs). */
  metrics: z.array(z.lazy(() => AnswerMetric)),
  /** The steps' metrics artifacts, in plan order: read after the inline metrics. */
  metrics_refs: z.array(z.string()).default([]),
  contradictions: z.array(Contradiction),
  /** The statistics agent's tests, when it ran. */
  statistical_tests: z.array(StatisticalTest).default([]),
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

/** A citation: the marker [n] in the report text and the verified calculation it stands for. */
export const Citation = z.object({
  marker: z.number().int().min(1),
  calculation_id: z.string(),
  value: z.number(),
  description: z.string(),
  formula: z.string(),
  sources: Calculation.shape.sources,
});
export type Citation = z.infer<typeof Citation>;

/**
 * A part of the report; bodies are plain text with "- " bullets and citation markers [n]. A finding names the chart
 * that shows it (`chart_id`), which the HTML and DOCX reports put beside it; absent in older reports.
 */
export const ReportSection = z.object({ id: z.string(), heading: z.string(), body: z.string(), chart_id: z.string().optional() });
export type ReportSection = z.infer<typeof ReportSection>;

/** Where a value of a chart's data comes from: a verified calculation (with its marker and the value as written), or null (unverified). */
export const ChartCellSource = z.object({ calculation_id: z.string(), marker: z.number().int().min(1), text: z.string() });
export type ChartCellSource = z.infer<typeof ChartCellSource>;

export const Chart = z.object({
  id: z.string(),
  title: z.string(),
  spec: z.record(z.string(), z.unknown()),
  /**
   * For each row of the spec's data values, its numeric fields' sources (same order as the rows); a field that is
   * null or missing is not a verified calculation and the data tables mark it unverified. Absent in older reports.
   */
  sources: z.array(z.record(z.string(), ChartCellSource.nullable())).optional(),
});
export type Chart = z.infer<typeof Chart>;

export const AuditFinding = z.object({
  kind: z.enum(['uncited_number', 'wrong_value', 'dangling_marker', 'unverified_citation', 'unused_high_importance']),
  section_id: z.string().nullable(),
  detail: z.string(),
});
export type AuditFinding = z.infer<typeof AuditFinding>;

export const AuditOutput = z.object({
  task_id: z.string(),
  /** No findings at all. */
  clean: z.boolean(),
  findings: z.array(AuditFinding),
  /** Sections with wrong values or dangling markers: the only ones the reporter rewrites. */
  sections_to_fix: z.array(z.string()),
  numbers_checked: z.number().int().min(0),
  /** Set when the report is published with findings left: what the reader must know. */
  note: z.string().nullable(),
  /** Artifact of the report with this audit attached: what `baton report` renders when this audit is the last. */
  published_ref: z.string().nullable(),
});
export type AuditOutput = z.infer<typeof AuditOutput>;

export const ReportInput = z.object({
  task_id: z.string(),
  analysis: AnalysisOutput,
  data_scope: DataScope,
  user_intent: z.object({ question: z.string(), intent: IntentOutput }),
  catalogPath: z.string().optional(),
  workflow_id: z.string(),
  /** The data-quality and statistics results (their recipes stay with the validator). */
  data_quality: DataQualityOutput.omit({ recipe: true }).nullable().default(null),
  statistics: StatisticsOutput.omit({ recipe: true }).nullable().default(null),
  /** Artifacts with the run's calculations. */
  calculation_refs: z.array(z.string()).default([]),
  /** Ids the validator re-verified: the only numbers the report may state. */
  verified: z.array(z.string()).default([]),
  /** Ids whose recomputation did not match: named in the limitations, never cited. */
  mismatched: z.array(z.string()).default([]),
  /** Step results the charts draw (rows of passed steps, as handed on). */
  chart_data: z.array(z.object({ step_id: z.string(), kind: z.string(), description: z.string(), rows: z.array(Row) })).default([]),
  /** A targeted rewrite: the earlier report (artifact) and the auditor's findings; only the flagged sections change. */
  revision: z.object({ previous_ref: z.string(), audit: AuditOutput }).nullable().default(null),
  attempt: z.number().int().min(1).default(1),
});
export type ReportInput = z.input<typeof ReportInput>;

export const ReportOutput = z.object({
  task_id: z.string(),
  input_task_id: z.string(),
  title: z.string().min(1),
  language: Language,
  /** summary, key-metrics, one finding-N per finding, statistics, data-quality, data-scope, assumptions, paths-excluded, limitations. */
  sections: z.array(ReportSection),
  key_metrics: z.array(z.object({ name: z.string(), value: z.number().nullable(), ci_low: z.number().optional(), ci_high: z.number().optional() })),
  charts: z.array(Chart),
  citations: z.array(Citation),
  limitations: z.array(z.string()),
  /** The run's outcome and the answer text built from the sections. */
  status: z.enum(['completed', 'degraded']),
  answer: z.string().min(1),
  attempt: z.number().int().min(1),
  /** The auditor's verdict on the published version (set by the workflow after the audit). */
  audit: AuditOutput.nullable(),
});
export type ReportOutput = z.infer<typeof ReportOutput>;

/** What the reporter hands on: the report is an artifact; the history carries its reference and a summary. */
export const ReportDraft = z.object({
  task_id: z.string(),
  report_ref: z.string(),
  title: z.string(),
  status: ReportOutput.shape.status,
  answer: z.string(),
  attempt: z.number().int().min(1),
  section_ids: z.array(z.string()),
  citation_count: z.number().int().min(0),
  chart_count: z.number().int().min(0),
  /** The executive summary, as written (with its markers). */
  summary: z.string(),
  /** The key metrics' citations: which marker [n] each key metric's calculation has (every citation is in the report artifact). */
  citations: z.array(z.object({ marker: z.number().int().min(1), calculation_id: z.string() })).default([]),
});
export type ReportDraft = z.infer<typeof ReportDraft>;

export const AuditInput = z.object({
  task_id: z.string(),
  workflow_id: z.string(),
  report_ref: z.string(),
  calculation_refs: z.array(z.string()),
  /** The ids the validator verified. */
  verified: z.array(z.string()),
  /** The last allowed attempt: findings left are published with a note. */
  final_attempt: z.boolean(),
});
export type AuditInput = z.input<typeof AuditInput>;

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
  /** The calculation that records this value (step id, row key, field), which the validator may verify; null when none does. */
  calculation_id: z.string().nullable().default(null),
});
export type AnswerMetric = z.infer<typeof AnswerMetric>;

/**
 * A metric as the run's result shows it: verified only when the validator recomputed its calculation and it matched;
 * then `calculation_id` names it and `citation` is its marker [n] in the published report (null when the report does
 * not cite it). An unverified metric is shown, marked, never silently.
 */
export const ResultMetric = AnswerMetric.extend({
  verified: z.boolean(),
  citation: z.number().int().min(1).nullable(),
});
export type ResultMetric = z.infer<typeof ResultMetric>;

/** How a run ended; `cancelled`: stopped by `baton cancel` (the answer carries the reason). */
export const RunStatus = z.enum(['completed', 'degraded', 'cannot_answer', 'needs_clarification', 'rejected', 'cancelled']);
export type RunStatus = z.infer<typeof RunStatus>;

export const AnswerOutput = z.object({
  status: RunStatus,
  answer: z.string().min(1),
  metrics: z.array(ResultMetric),
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

export type RunPhase = 'classifying' | 'planning' | 'awaiting_approval' | 'checking_data' | 'executing' | 'verifying' | 'reporting' | 'answering' | 'done';

/** A stage of the run outside the plan's steps (data quality, statistics, verification, report, audit), as the tracker shows it. */
export const StageProgress = z.object({
  id: z.enum(['data_quality', 'statistics', 'analysis', 'verification', 'report', 'audit']),
  label: z.string(),
  status: z.enum(['pending', 'running', 'done', 'failed', 'skipped']),
  /** One line of result once done. */
  note: z.string().nullable(),
});
export type StageProgress = z.infer<typeof StageProgress>;

export interface RunProgress {
  question: string;
  phase: RunPhase;
  intent: IntentOutput | null;
  /** The current plan (after checks and any revisions). */
  plan: Plan | null;
  steps: StepProgress[];
  /** The stages around the steps; with the steps they form the run's checklist. */
  stages: StageProgress[];
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

export interface PublishedReport {
  /** Artifact with the full report (sections, charts, citations) and its audit; `baton report` renders it. */
  report_ref: string;
  title: string;
  attempt: number;
  section_ids: string[];
  citation_count: number;
  chart_count: number;
  summary: string;
  audit: AuditOutput;
}

export interface AnalysisResult {
  question: string;
  asOf: string;
  status: RunStatus;
  answer: string;
  /** How the question was read (metric, period, grain, grouping, filters, ranking, words not used); null when no plan read it. */
  reading: QuestionReading | null;
  /** The key metrics, each verified (with its calculation and citation) or not. */
  metrics: ResultMetric[];
  intent: IntentOutput;
  plan: Plan;
  steps: StepRecord[];
  activitiesExecuted: number;
  planRejections: string[];
  reviews: RunProgress['reviews'];
  /** The published report: its artifact, summary and audit (the analysis agent's output is in the history, as its activity result). */
  report: PublishedReport | null;
  /** The pool's fact and hypothesis ids, its contradictions, and the entries those name. */
  memory: MemorySnapshot;
  /** What the data-quality agent found (null when no step ran); its recipe for the validator is in the history. */
  dataQuality: Omit<DataQualityOutput, 'recipe'> | null;
  /** The statistics agent's tests and intervals (its recipe is in the history). */
  statistics: Omit<StatisticsOutput, 'recipe'> | null;
  /** Which calculations were recomputed, and which matched. */
  verification: VerificationOutput | null;
  /** The run's checklist as Markdown ([ ] / [x], a line of result per item). */
  checklist: string;
}

/**
 * What the workflow returns: the answer, the status, the verified metrics, how the question was read, the published
 * report and a reference to the run's record (an AnalysisResult in the artifact store). Plans, step records, SQL and
 * the stages' detail are not repeated in the history; `fullResult` (src/run-record.ts) reads the record back.
 */
export type RunResult = Pick<AnalysisResult, 'question' | 'asOf' | 'status' | 'answer' | 'reading' | 'metrics' | 'intent' | 'activitiesExecuted'> & {
  /** The published report's artifact and title (its summary and audit are in the run record); null when none was published. */
  report: Pick<PublishedReport, 'report_ref' | 'title'> | null;
  /** Artifact holding the run's record (an AnalysisResult); null when it could not be stored (`baton export` rebuilds the run). */
  record_ref: string | null;
};

// ---------------------------------------------------------------- run record

export const RunRecordInput = z.object({
  workflow_id: z.string(),
  /** The run's full record (an AnalysisResult, built by the workflow). */
  record: z.custom<AnalysisResult>((v) => typeof v === 'object' && v !== null && typeof (v as { question?: unknown }).question === 'string' && Array.isArray((v as { steps?: unknown }).steps), 'expected the run\'s record'),
});
export type RunRecordInput = z.input<typeof RunRecordInput>;

/** An agent's input, stored by the workflow so that the agent is scheduled with its reference (src/input-refs.ts). */
export const StoredInput = z.object({
  workflow_id: z.string(),
  /** The agent that will receive it. */
  agent: z.string(),
  input: z.record(z.string(), z.unknown()),
});
export type StoredInput = z.input<typeof StoredInput>;
