/** The planner's contracts: metric queries, the plan's steps and their operations, the reading of the question, and the plan itself. */
import { z } from 'zod';
import { IsoDate, TimeWindow, TimeGrain, DataExtent } from './shared';
import { DimensionFilter, KnownMember } from './query';
import { IntentOutput } from './request';
import { PLAN_SCHEMAS } from '../operations';

// ---------------------------------------------------------------- planner agent

export { DimensionFilter, filterApplied, filterKey, filterLine, MetricQuery, readsEveryRow, type MetricQueryInput } from './query';

/**
 * What a step does: one member per operation, each declared by its module (src/operations/<kind>.ts) and
 * listed in PLAN_SCHEMAS (src/operations/index.ts). SQL operations are run by the SQL agent; the others work
 * only on the results of the steps they depend on.
 */
export const StepOperation = z.discriminatedUnion('kind', PLAN_SCHEMAS);
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
  /** A conversation's turn: the thread so far, compressed by distance (AnalysisRequest.thread), for a model planner. */
  thread: z.string().optional(),
  /** The database the run reads: names the reading cannot place are looked up among its members (src/catalog/members.ts). */
  databaseUrl: z.string().optional(),
  /** Members a conversation's thread placed (AnalysisRequest.members): read as the catalog's values. */
  members: z.array(KnownMember).default([]),
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
  /** Each group's part of the total (a share_of_total step), not the amounts (absent when the plan takes no share). */
  share: z.boolean().optional(),
  /** A why's decomposition dimensions, in the plan's order (absent when the plan decomposes nothing). */
  decomposed_by: z.array(z.string()).optional(),
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
/**
 * One answer a question back offers: what it is called ("vet Dr. Katrin Vogel") and the message it stands for, the
 * question asked again with the choice written out. A reply that names one ("the vet", "the second") is read as
 * that message (src/model/followup/choice.ts).
 */
export const Choice = z.object({ label: z.string().min(1), question: z.string().min(1) });
export type Choice = z.infer<typeof Choice>;

const CannotAnswer = z.object({
  kind: z.literal('cannot_answer'),
  reason: z.string().min(1),
  /** What the catalog offers instead, so the user can rephrase. */
  available_metrics: z.array(z.string()),
  /** The question with a misspelt name written as the term offered for it ("did you mean visits?"), when it offers one. */
  choices: z.array(Choice).optional(),
});

const NeedsClarification = z.object({
  kind: z.literal('needs_clarification'),
  reason: z.string().min(1),
  /** The question back to the user. */
  question: z.string().min(1),
  /** The answers it offers, when it offers some. */
  choices: z.array(Choice).optional(),
});

/**
 * A data-quality question ("is anything wrong with the payment data?", "how many orders have no pay time?"): answered by
 * the data-quality agent from the catalog's checks on the tables it names, not by steps. `checks` empty: every check
 * of the tables, and the answer lists those that fail ("what is wrong"); else the named problem's checks, and the
 * answer gives their counts. No window: all of the data; a named period limits the counts to it.
 */
export const QualityQuestion = z.object({
  kind: z.literal('quality'),
  ask: z.enum(['what_is_wrong', 'named_problem']),
  tables: z.array(z.string().min(1)).min(1),
  /** Check ids (`table.column.rule`), or empty for every check of the tables. */
  checks: z.array(z.string()),
  window: TimeWindow.nullable(),
  assumptions: z.array(z.string()),
  /** The answer's first line: which tables and checks, over which period. */
  statement: z.string().min(1),
});
export type QualityQuestion = z.infer<typeof QualityQuestion>;

export const Plan = z.discriminatedUnion('kind', [
  ReadPlan.extend({
    /** Each step's catalog fragment, cut from the catalog by code, keyed by step_id; empty when they are behind fragments_ref. */
    fragments: z.record(z.string(), CatalogFragment),
    /** Artifact holding the fragments (keyed by step_id), so the plan stays small in the history; absent in older runs. */
    fragments_ref: z.string().nullable().optional(),
  }),
  CannotAnswer.extend({ reading: QuestionReading.optional() }),
  NeedsClarification.extend({ reading: QuestionReading.optional() }),
  QualityQuestion.extend({ reading: QuestionReading.optional() }),
]);
export type Plan = z.infer<typeof Plan>;

/** A plan as a model writes it: the fragments are cut by code afterwards. */
export const PlanDraft = z.discriminatedUnion('kind', [PlannedSteps, CannotAnswer, NeedsClarification, QualityQuestion]);
export type PlanDraft = z.infer<typeof PlanDraft>;
