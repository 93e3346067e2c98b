/** The reporter's and the auditor's contracts: citations, sections, charts, the report and its audit. */
import { z } from 'zod';
import { Language } from './shared';
import { IntentOutput } from './request';
import { MetricQuery } from './plan';
import { Row } from './step';
import { Calculation } from './calculations';
import { DataQualityOutput } from './quality';
import { StatisticsOutput } from './statistics';
import { AnalysisOutput } from './analysis';

export const DataScope = z.object({
  filters: z.array(z.string()),
  result_shapes: z.array(z.object({ task_id: z.string(), shape: z.tuple([z.number(), z.number()]) })),
  anomalies: z.array(z.string()),
  primary_query: MetricQuery.nullable(),
});
export type DataScope = z.infer<typeof DataScope>;

/** A citation: the marker [n] in the report text and the verified calculation it stands for. */
export const Citation = z.object({
  marker: z.number().int().min(1),
  calculation_id: z.string(),
  value: z.number(),
  description: z.string(),
  formula: z.string(),
  sources: Calculation.shape.sources,
});
export type Citation = z.infer<typeof Citation>;

/**
 * A part of the report; bodies are plain text with "- " bullets and citation markers [n]. A finding names the chart
 * that shows it (`chart_id`), which the HTML and DOCX reports put beside it; absent in older reports.
 */
export const ReportSection = z.object({ id: z.string(), heading: z.string(), body: z.string(), chart_id: z.string().optional() });
export type ReportSection = z.infer<typeof ReportSection>;

/** Where a value of a chart's data comes from: a verified calculation (with its marker and the value as written), or null (unverified). */
export const ChartCellSource = z.object({ calculation_id: z.string(), marker: z.number().int().min(1), text: z.string() });
export type ChartCellSource = z.infer<typeof ChartCellSource>;

export const Chart = z.object({
  id: z.string(),
  title: z.string(),
  spec: z.record(z.string(), z.unknown()),
  /**
   * For each row of the spec's data values, its numeric fields' sources (same order as the rows); a field that is
   * null or missing is not a verified calculation and the data tables mark it unverified. Absent in older reports.
   */
  sources: z.array(z.record(z.string(), ChartCellSource.nullable())).optional(),
});
export type Chart = z.infer<typeof Chart>;

export const AuditFinding = z.object({
  kind: z.enum(['uncited_number', 'wrong_value', 'dangling_marker', 'unverified_citation', 'unused_high_importance']),
  section_id: z.string().nullable(),
  detail: z.string(),
});
export type AuditFinding = z.infer<typeof AuditFinding>;

export const AuditOutput = z.object({
  task_id: z.string(),
  /** No findings at all. */
  clean: z.boolean(),
  findings: z.array(AuditFinding),
  /** Sections with wrong values or dangling markers: the only ones the reporter rewrites. */
  sections_to_fix: z.array(z.string()),
  numbers_checked: z.number().int().min(0),
  /** Set when the report is published with findings left: what the reader must know. */
  note: z.string().nullable(),
  /** Artifact of the report with this audit attached: what `baton report` renders when this audit is the last. */
  published_ref: z.string().nullable(),
});
export type AuditOutput = z.infer<typeof AuditOutput>;

export const ReportInput = z.object({
  task_id: z.string(),
  analysis: AnalysisOutput,
  data_scope: DataScope,
  user_intent: z.object({ question: z.string(), intent: IntentOutput }),
  catalogPath: z.string().optional(),
  workflow_id: z.string(),
  /** The data-quality and statistics results (their recipes stay with the validator). */
  data_quality: DataQualityOutput.omit({ recipe: true }).nullable().default(null),
  statistics: StatisticsOutput.omit({ recipe: true }).nullable().default(null),
  /** Artifacts with the run's calculations. */
  calculation_refs: z.array(z.string()).default([]),
  /** Ids the validator re-verified: the only numbers the report may state. */
  verified: z.array(z.string()).default([]),
  /** Ids whose recomputation did not match: named in the limitations, never cited. */
  mismatched: z.array(z.string()).default([]),
  /** Step results the charts draw (rows of passed steps, as handed on). */
  chart_data: z.array(z.object({ step_id: z.string(), kind: z.string(), description: z.string(), rows: z.array(Row) })).default([]),
  /** A targeted rewrite: the earlier report (artifact) and the auditor's findings; only the flagged sections change. */
  revision: z.object({ previous_ref: z.string(), audit: AuditOutput }).nullable().default(null),
  attempt: z.number().int().min(1).default(1),
});
export type ReportInput = z.input<typeof ReportInput>;

export const ReportOutput = z.object({
  task_id: z.string(),
  input_task_id: z.string(),
  title: z.string().min(1),
  language: Language,
  /** summary, key-metrics, one finding-N per finding, statistics, data-quality, data-scope, assumptions, paths-excluded, limitations. */
  sections: z.array(ReportSection),
  key_metrics: z.array(
    z.object({ name: z.string(), value: z.number().nullable(), ci_low: z.number().optional(), ci_high: z.number().optional() }),
  ),
  charts: z.array(Chart),
  citations: z.array(Citation),
  limitations: z.array(z.string()),
  /** The run's outcome and the answer text built from the sections. */
  status: z.enum(['completed', 'degraded']),
  answer: z.string().min(1),
  attempt: z.number().int().min(1),
  /** The auditor's verdict on the published version (set by the workflow after the audit). */
  audit: AuditOutput.nullable(),
});
export type ReportOutput = z.infer<typeof ReportOutput>;

/** What the reporter hands on: the report is an artifact; the history carries its reference and a summary. */
export const ReportDraft = z.object({
  task_id: z.string(),
  report_ref: z.string(),
  title: z.string(),
  status: ReportOutput.shape.status,
  answer: z.string(),
  attempt: z.number().int().min(1),
  section_ids: z.array(z.string()),
  citation_count: z.number().int().min(0),
  chart_count: z.number().int().min(0),
  /** The executive summary, as written (with its markers). */
  summary: z.string(),
  /** The key metrics' citations: which marker [n] each key metric's calculation has (every citation is in the report artifact). */
  citations: z.array(z.object({ marker: z.number().int().min(1), calculation_id: z.string() })).default([]),
});
export type ReportDraft = z.infer<typeof ReportDraft>;

export const AuditInput = z.object({
  task_id: z.string(),
  workflow_id: z.string(),
  report_ref: z.string(),
  calculation_refs: z.array(z.string()),
  /** The ids the validator verified. */
  verified: z.array(z.string()),
  /** The last allowed attempt: findings left are published with a note. */
  final_attempt: z.boolean(),
});
export type AuditInput = z.input<typeof AuditInput>;
