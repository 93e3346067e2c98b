/** The statistics agent's contracts: the significance tests it runs and what it reports. */
import { z } from 'zod';
import { IntentOutput } from './request';
import { PlanStep } from './plan';
import { RecipeOrRef } from './calculations';

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
