/** The step checker's contracts: the checks run on each step's output and their verdict. */
import { z } from 'zod';
import { PlanStep, CatalogFragment } from './plan';
import { StepOutput } from './step';

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
