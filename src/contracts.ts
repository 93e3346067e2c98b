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

export const DimensionFilter = z.object({ dimension: z.string(), value: z.string() });
export type DimensionFilter = z.infer<typeof DimensionFilter>;

/** What a step computes, in catalog terms. SQL is compiled from this and the catalog, never written free-hand. */
export const MetricQuery = z.object({
  metric: z.string(),
  window: TimeWindow,
  filters: z.array(DimensionFilter),
  group_by: z.array(z.string()),
});
export type MetricQuery = z.infer<typeof MetricQuery>;

export const PlanStep = z.object({
  step_id: z.string().min(1),
  description: z.string().min(1),
  depends_on: z.array(z.string()),
  expected_output: z.string().min(1),
  metrics: z.array(z.string()),
  dimensions: z.array(z.string()),
  query: MetricQuery,
});
export type PlanStep = z.infer<typeof PlanStep>;

export const PlannerInput = z.object({
  question: z.string().min(1),
  intent: IntentOutput,
  asOf: IsoDate,
  catalogPath: z.string().optional(),
  /** Why the previous plan was rejected, quoted back so the planner can avoid it. */
  feedback: z.array(z.string()).default([]),
});
export type PlannerInput = z.input<typeof PlannerInput>;

export const Plan = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('plan'),
    steps: z.array(PlanStep).min(1).max(6),
    /** Assumptions the planner made (for example a default period). */
    assumptions: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('cannot_answer'),
    reason: z.string().min(1),
    /** What the catalog offers instead, so the user can rephrase. */
    available_metrics: z.array(z.string()),
  }),
]);
export type Plan = z.infer<typeof Plan>;

// ---------------------------------------------------------------- SQL agent

export const ColumnInfo = z.object({ name: z.string(), type: z.string(), meaning: z.string() });
export type ColumnInfo = z.infer<typeof ColumnInfo>;

export const Row = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type Row = z.infer<typeof Row>;

export const SqlStepInput = z.object({
  step: PlanStep,
  catalogPath: z.string().optional(),
  databaseUrl: z.string().optional(),
  /** Reasons earlier attempts of this step failed validation. */
  feedback: z.array(z.string()).default([]),
});
export type SqlStepInput = z.input<typeof SqlStepInput>;

export const SqlStepOutput = z.object({
  task_id: z.string(),
  sql: z.string(),
  params: z.array(z.union([z.string(), z.number()])),
  /** [rows, columns] */
  result_shape: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
  columns: z.array(ColumnInfo),
  /** Result rows; at most the preview cap travel inline. */
  rows: z.array(Row),
  filters_applied: z.array(z.string()),
  aggregation_logic: z.array(z.string()),
  execution_time_ms: z.number().min(0),
  data_summary: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  anomalies_found: z.array(z.string()),
  /** Where the full result is stored when it is larger than the inline preview; null when all rows are inline. */
  result_ref: z.string().nullable(),
});
export type SqlStepOutput = z.infer<typeof SqlStepOutput>;

// ---------------------------------------------------------------- validator agent

export const ValidationCheck = z.object({
  layer: z.enum(['structure', 'value_rules', 'logic']),
  passed: z.boolean(),
  detail: z.string(),
});
export type ValidationCheck = z.infer<typeof ValidationCheck>;

export const ValidatorInput = z.object({
  step: PlanStep,
  result: SqlStepOutput,
  catalogPath: z.string().optional(),
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

// ---------------------------------------------------------------- answer agent

export const StepRecord = z.object({
  step: PlanStep,
  status: z.enum(['passed', 'failed']),
  attempts: z.number().int().min(0),
  result: SqlStepOutput.nullable(),
  validations: z.array(ValidationOutput),
  error: z.string().nullable(),
});
export type StepRecord = z.infer<typeof StepRecord>;

export const AnswerInput = z.object({
  question: z.string(),
  intent: IntentOutput,
  assumptions: z.array(z.string()),
  steps: z.array(StepRecord),
  catalogPath: z.string().optional(),
});
export type AnswerInput = z.input<typeof AnswerInput>;

export const AnswerMetric = z.object({
  name: z.string(),
  label: z.string(),
  value: z.number().nullable(),
  unit: z.string().nullable(),
  period: z.string(),
  filters: z.array(z.string()),
});
export type AnswerMetric = z.infer<typeof AnswerMetric>;

export const RunStatus = z.enum(['completed', 'degraded', 'cannot_answer']);
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
  status: z.enum(['pending', 'running', 'validating', 'retrying', 'passed', 'failed']),
  attempts: z.number().int(),
  note: z.string().nullable(),
});
export type StepProgress = z.infer<typeof StepProgress>;

export interface RunProgress {
  phase: 'classifying' | 'planning' | 'executing' | 'answering' | 'done';
  intent: IntentOutput | null;
  steps: StepProgress[];
  activitiesExecuted: number;
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
}
