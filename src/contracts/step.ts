/** A step's hand-off: what the step agents receive (its dependencies) and return (columns, rows, findings, key metrics). */
import { z } from 'zod';
import { Language } from './shared';
import { PlanStep, CatalogFragment } from './plan';
import { MemoryDraft, MemoryEntry } from './memory';

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
  /** A conversation's turn: step results earlier turns offer (src/storage/reuse.ts); absent outside a conversation. */
  reuse: z.array(z.object({ key: z.string(), result_ref: z.string() })).optional(),
  /** The data's version the run read at its start (DataExtent.data_version): part of every reuse key. */
  data_version: z.string().nullable().optional(),
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
  /**
   * A conversation's turn (src/storage/reuse.ts): the step's reuse key, the stored result it offers later turns, whether
   * it read an earlier turn's stored rows instead of querying, and whether it queried again because the data changed.
   */
  reuse: z
    .object({ key: z.string(), result_ref: z.string().nullable(), reused: z.boolean(), data_changed: z.boolean() })
    .nullable()
    .optional(),
});
export type StepOutput = z.infer<typeof StepOutput>;

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
