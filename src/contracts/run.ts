/** The whole run: the workflow's result, its stages, the run record and inputs stored by reference. */
import { z } from 'zod';
import { STAGE_IDS } from '../agents/table';
import { type EarlierReads, type IntentOutput, type ReusableResult } from './request';
import { type Choice, type QuestionReading, type Plan } from './plan';
import { type MemoryEntry, type Contradiction } from './memory';
import { type VerificationOutput } from './calculations';
import { type DataQualityOutput } from './quality';
import { type StatisticsOutput } from './statistics';
import { type AuditOutput } from './report';
import { type StepRecord, type ResultMetric, type RunStatus } from './answer';

// ---------------------------------------------------------------- the whole run

export const StepProgress = z.object({
  step_id: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'running', 'validating', 'retrying', 'passed', 'failed', 'skipped']),
  attempts: z.number().int(),
  note: z.string().nullable(),
});
export type StepProgress = z.infer<typeof StepProgress>;

export type RunPhase =
  'classifying' | 'planning' | 'awaiting_approval' | 'checking_data' | 'executing' | 'verifying' | 'reporting' | 'answering' | 'done';

/** A stage of the run outside the plan's steps (src/agents/table.ts: data quality, statistics, ..., audit), as the tracker shows it. */
export const StageProgress = z.object({
  id: z.enum(STAGE_IDS),
  label: z.string(),
  status: z.enum(['pending', 'running', 'done', 'failed', 'skipped']),
  /** One line of result once done. */
  note: z.string().nullable(),
});
export type StageProgress = z.infer<typeof StageProgress>;

export interface RunProgress {
  question: string;
  phase: RunPhase;
  intent: IntentOutput | null;
  /** The current plan (after checks and any revisions). */
  plan: Plan | null;
  steps: StepProgress[];
  /** The stages around the steps; with the steps they form the run's checklist. */
  stages: StageProgress[];
  activitiesExecuted: number;
  /** Plans the workflow's checks sent back to the planner, with the reasons. */
  planRejections: string[];
  /** Review decisions so far, in order. */
  reviews: { action: 'approve' | 'revise' | 'reject' | 'timeout'; feedback: string | null }[];
}

/** A reviewer's decision on the plan of a run started with review on. */
export const ReviewDecision = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve') }),
  z.object({ action: z.literal('reject'), feedback: z.string().optional() }),
  z.object({ action: z.literal('revise'), feedback: z.string().trim().min(1, 'revise needs feedback for the planner') }),
]);
export type ReviewDecision = z.infer<typeof ReviewDecision>;

export interface MemorySnapshot {
  entries: MemoryEntry[];
  /** Ids of facts accepted (confidence >= 0.8). */
  facts: string[];
  hypotheses: string[];
  contradictions: Contradiction[];
}

export interface PublishedReport {
  /** Artifact with the full report (sections, charts, citations) and its audit; `baton report` renders it. */
  report_ref: string;
  title: string;
  attempt: number;
  section_ids: string[];
  citation_count: number;
  chart_count: number;
  summary: string;
  audit: AuditOutput;
}

export interface AnalysisResult {
  question: string;
  asOf: string;
  status: RunStatus;
  answer: string;
  /** How the question was read (metric, period, grain, grouping, filters, ranking, words not used); null when no plan read it. */
  reading: QuestionReading | null;
  /** The key metrics, each verified (with its calculation and citation) or not. */
  metrics: ResultMetric[];
  intent: IntentOutput;
  plan: Plan;
  steps: StepRecord[];
  activitiesExecuted: number;
  planRejections: string[];
  reviews: RunProgress['reviews'];
  /** The published report: its artifact, summary and audit (the analysis agent's output is in the history, as its activity result). */
  report: PublishedReport | null;
  /** The pool's fact and hypothesis ids, its contradictions, and the entries those name. */
  memory: MemorySnapshot;
  /** What the data-quality agent found (null when no step ran); its recipe for the validator is in the history. */
  dataQuality: Omit<DataQualityOutput, 'recipe'> | null;
  /** The statistics agent's tests and intervals (its recipe is in the history). */
  statistics: Omit<StatisticsOutput, 'recipe'> | null;
  /** Which calculations were recomputed, and which matched. */
  verification: VerificationOutput | null;
  /** The run's checklist as Markdown ([ ] / [x], a line of result per item). */
  checklist: string;
  /** A conversation's turn: the step results it offers later turns, and whether it reused any (as in RunResult). */
  reusable?: ReusableResult[];
  reused?: boolean;
}

/**
 * What the workflow returns: the answer, the status, the verified metrics, how the question was read, the published
 * report and a reference to the run's record (an AnalysisResult in the artifact store). Plans, step records, SQL and
 * the stages' detail are not repeated in the history; `fullResult` (src/run-record.ts) reads the record back.
 */
export type RunResult = Pick<
  AnalysisResult,
  'question' | 'asOf' | 'status' | 'answer' | 'reading' | 'metrics' | 'intent' | 'activitiesExecuted'
> & {
  /** The published report's artifact and title (its summary and audit are in the run record); null when none was published. */
  report: Pick<PublishedReport, 'report_ref' | 'title'> | null;
  /** Artifact holding the run's record (an AnalysisResult); null when it could not be stored (`baton export` rebuilds the run). */
  record_ref: string | null;
  /** The SQL steps' results, keyed by compiled SQL and data extent, that a later turn of a conversation may reuse. */
  reusable?: ReusableResult[];
  /** Whether any step read a reused result instead of querying (a conversation's turn). */
  reused?: boolean;
  /** A run that asked back: the answers its question offers, which a session's next turn may pick by name. */
  choices?: Choice[];
  /** A conversation's turn: what it read before it planned, which the next turn's planner starts from (AnalysisRequest.earlierReads). */
  reads?: EarlierReads;
};

// ---------------------------------------------------------------- run record

export const RunRecordInput = z.object({
  workflow_id: z.string(),
  /** The run's full record (an AnalysisResult, built by the workflow). */
  record: z.custom<AnalysisResult>(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      typeof (v as { question?: unknown }).question === 'string' &&
      Array.isArray((v as { steps?: unknown }).steps),
    "expected the run's record",
  ),
});
export type RunRecordInput = z.input<typeof RunRecordInput>;

/** An agent's input, stored by the workflow so that the agent is scheduled with its reference (src/input-refs.ts). */
export const StoredInput = z.object({
  workflow_id: z.string(),
  /** The agent that will receive it. */
  agent: z.string(),
  input: z.record(z.string(), z.unknown()),
});
export type StoredInput = z.input<typeof StoredInput>;
