/** The coder's and the tester's contracts: a computed step's requirements, the generated code and its test verdict. */
import { z } from 'zod';
import { SqlText } from './calculations';
import { Language } from './shared';
import { PlanStep, CatalogFragment } from './plan';
import { DependencyResult, StepOutput } from './step';

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
