/** The data-quality agent's contracts: its checks, their counts, and the partial periods it finds. */
import { z } from 'zod';
import { TimeWindow, Language } from './shared';
import { RecipeOrRef } from './calculations';

// ---------------------------------------------------------------- data-quality agent

export const DataQualityInput = z
  .object({
    workflow_id: z.string(),
    catalogPath: z.string().optional(),
    databaseUrl: z.string().optional(),
    /** The metrics the plan uses (their tables are checked) and the periods it reads. */
    metrics: z.array(z.string()),
    /** The periods read; none (a data-quality question about all of the data): every count is of the whole table. */
    windows: z.array(TimeWindow),
    language: Language.default('en'),
    /**
     * A data-quality question's tables and checks (src/contracts/plan.ts QualityQuestion): these tables are checked,
     * with only these checks when any are named, each counted over the whole table whatever its size (and in the
     * window when one is given). Absent for the stage before a plan's steps (the metrics' tables).
     */
    question: z.object({ tables: z.array(z.string()).min(1), checks: z.array(z.string()) }).optional(),
    /** A conversation's turn: results earlier turns offer, and the data's version, as for the SQL steps (src/storage/reuse.ts). */
    reuse: z.array(z.object({ key: z.string(), result_ref: z.string() })).optional(),
    data_version: z.string().nullable().optional(),
  })
  .refine((i) => i.question !== undefined || (i.metrics.length > 0 && i.windows.length > 0), {
    message: "the stage before the steps needs the plan's metrics and windows",
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
  tables: z.array(
    z.object({
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
    }),
  ),
  checks: z.array(QualityCheckResult),
  partial_periods: z.array(PartialPeriod),
  /** Rows failing at least one row-level check, in the analysed period. */
  dirty_rows: z.number().int().min(0),
  /** The same in the whole tables (absent in runs recorded before the counts were scoped to the period). */
  dirty_rows_all: z.number().int().min(0).optional(),
  calculations_ref: z.string().nullable(),
  calculation_count: z.number().int().min(0),
  /**
   * A conversation's turn: the stage's reuse key and what it did with it (src/storage/reuse.ts), and until when (ms since
   * the epoch) the counts hold on the same data: when the first row dated in the future passes "now"; null: none is.
   */
  reuse: z
    .object({
      key: z.string(),
      result_ref: z.string().nullable(),
      reused: z.boolean(),
      data_changed: z.boolean(),
      holds_until: z.number().nullable().optional(),
    })
    .nullable()
    .optional(),
  /** How the validator re-runs the checks: stored (the check queries are long), inline in runs recorded before. */
  recipe: RecipeOrRef,
  assumptions_made: z.array(z.string()),
  paths_excluded: z.array(z.string()),
  /** The stage's line as the agent wrote it in runs recorded before it was rendered where shown (qualitySummary, src/messages/quality.ts). */
  summary: z.string().optional(),
});
export type DataQualityOutput = z.infer<typeof DataQualityOutput>;

/**
 * Data quality's outcome as a conversation's turn offers it to the next (RunResult.reusable, on its `dq:` entry): what the
 * stage was asked, on which data, until when its counts hold, and the outcome. A later turn that would ask the same on the
 * same data before that time takes the outcome without asking the agent again (src/workflows/reuse.ts).
 */
export interface CarriedQuality {
  /** The stage's input but for the run's own parts (its workflow id, the results offered, the data's version). */
  asked: Pick<DataQualityInput, 'catalogPath' | 'databaseUrl' | 'metrics' | 'windows' | 'language'>;
  data_version: string;
  holds_until: number | null;
  output: Omit<DataQualityOutput, 'reuse'>;
}
