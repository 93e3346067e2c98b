/** The answer a run returns: its status, its verified key metrics and the record of each step. */
import { z } from 'zod';
import { PlanStep } from './plan';
import { StepOutput, AnswerMetric } from './step';
import { ValidationOutput } from './validation';

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
