/** Every number a step reports (a calculation), the recipe that recomputes it, and the independent re-verification. */
import { z } from 'zod';
import { StepOperation } from './plan';

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

export const SqlText = z.object({ sql: z.string().min(1), params: z.array(z.union([z.string(), z.number()])) });

/** How to recompute one step's result from the source tables, independently of the agent that reported it. */
export const Recipe = z.discriminatedUnion('kind', [
  /** Re-run the step's SQL read-only; gap and change decompositions are derived from the rows again. */
  z.object({
    kind: z.literal('sql'),
    step_id: z.string(),
    sql: z.string(),
    params: z.array(z.union([z.string(), z.number()])),
    operation: StepOperation,
  }),
  /** Recompute the input steps, then derive with the vetted analysis library (not the generated code). */
  z.object({
    kind: z.literal('compute'),
    step_id: z.string(),
    operation: StepOperation,
    inputs: z.array(z.string()),
    excluded_periods: z.array(z.string()),
  }),
  /** Re-run data quality's counts: each check's count is the named column (`value` when absent) of its statement; checks of one table share one statement. */
  z.object({
    kind: z.literal('quality'),
    step_id: z.string(),
    checks: z.array(SqlText.extend({ id: z.string(), column: z.string().optional() })),
    /**
     * What each count of a data-quality question counts, for the independent recount (src/verify/quality-recount.ts),
     * which writes its own SQL from the catalog's check: the calculation id, the check (by table and index among the
     * table's checks), and the window. Absent in runs recorded before, and for the stage before a plan's steps.
     */
    recount: z
      .array(
        z.object({
          id: z.string(),
          table: z.string(),
          check: z.number().int().min(0).nullable(),
          window: z.object({ start: z.string(), end: z.string() }).nullable(),
        }),
      )
      .optional(),
  }),
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
  /**
   * A conversation's turn: the results earlier turns offered (only the verifier's own `verify:` keys can match, never a
   * producing step's) and the data's version the run read, the data's part of the verifier's keys (src/verify/own-reuse.ts).
   */
  reuse: z.array(z.object({ key: z.string(), result_ref: z.string() })).optional(),
  data_version: z.string().nullable().optional(),
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
  reconciliations: z
    .array(z.object({ step_id: z.string(), check: z.string(), ok: z.boolean(), detail: z.string(), ids: z.array(z.string()).optional() }))
    .default([]),
  tolerance: z.number(),
  /** Artifact with every check in full (reported and recomputed values). */
  checks_ref: z.string(),
  /**
   * A conversation's turn: the verifier's own second-path results it offers later turns (`verify:` keys), and how many
   * of its queries it read back from earlier turns instead of running (src/verify/own-reuse.ts).
   */
  reusable: z.array(z.object({ key: z.string(), result_ref: z.string() })).optional(),
  reused_queries: z.number().int().min(0).optional(),
});
export type VerificationOutput = z.infer<typeof VerificationOutput>;
