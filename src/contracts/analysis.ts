/** The relay to the analysis agent: each step's hand-off compressed by distance, and what the analysis returns. */
import { z } from 'zod';
import { IntentOutput } from './request';
import { Finding, AnswerMetric } from './step';
import { Contradiction } from './memory';
import { StatisticalTest } from './statistics';

// ---------------------------------------------------------------- the relay: analysis and report

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
