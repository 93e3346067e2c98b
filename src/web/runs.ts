/**
 * What the page reads and does through Temporal, with the CLI's client and settings: start a run (as `baton ask`),
 * its progress (the workflow's progress query), its result and report (the run record, src/storage/run-record.ts),
 * each citation's calculation, SQL and verification (the run's calculations and verification artifacts), a plan
 * decision (the reviewPlan Update) and a cancel (as `baton cancel`).
 */
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { randomBytes } from 'node:crypto';
import { loadCatalog } from '../catalog/catalog';
import type { AnalysisResult, Calculation, CheckedCalculation, ReportOutput, ReviewDecision, RunProgress } from '../contracts';
import { progressQuery, reviewPlanUpdate } from '../contracts/workflow-messages';
import { redactUrl, runDate, type BatonConfig } from '../settings/config';
import { MAX_QUESTION_LENGTH } from '../settings/limits';
import { loadArtifact } from '../storage/artifacts';
import { fullResult, type StoredResult } from '../storage/run-record';
import { STATUS_ATTRIBUTE } from '../temporal/search-attributes';
import type { KnownCatalog } from './catalogs';

export class NoSuchRun extends Error {
  constructor(readonly workflowId: string) {
    super(`no run with id ${workflowId}`);
  }
}

export class BadQuestion extends Error {
  constructor(readonly key: 'web.ask.empty' | 'web.ask.too-long') {
    super(key);
  }
}

export interface StartOptions {
  question: string;
  catalog: KnownCatalog;
  review: boolean;
}

/** Starts a run as `baton ask --no-wait` does; returns its workflow id. */
export async function startRun(client: Client, config: BatonConfig, opts: StartOptions): Promise<string> {
  const question = opts.question.trim();
  if (!question) throw new BadQuestion('web.ask.empty');
  if (question.length > MAX_QUESTION_LENGTH) throw new BadQuestion('web.ask.too-long');
  const workflowId = `analysis-${randomBytes(4).toString('hex')}`;
  const asOf = runDate(loadCatalog(opts.catalog.file).timezone, config.timeZoneOverride);
  const named = opts.catalog.isDefault ? {} : { catalogPath: opts.catalog.file, databaseUrl: opts.catalog.databaseUrl };
  await client.workflow.start('analysisWorkflow', {
    workflowId,
    taskQueue: config.taskQueue,
    args: [{ question, asOf, ...named, ...(opts.review ? { review: { timeoutSeconds: 3600, onTimeout: 'cancel' } } : {}) }],
    staticSummary: question,
    staticDetails: `as of ${asOf} · database ${redactUrl(opts.catalog.databaseUrl)} · from baton web`,
    // The catalog the page asked with, for a follow-up's session (src/web/follow-up.ts).
    memo: { webCatalog: opts.catalog.id },
    typedSearchAttributes: [{ key: STATUS_ATTRIBUTE, value: 'running' }],
  });
  return workflowId;
}

export type RunState = { kind: 'running'; question: string; progress: RunProgress | null } | { kind: 'closed'; status: string };

/** Whether the run is running (with its progress, null before a worker took it) or closed; NoSuchRun when unknown. */
export async function runState(client: Client, workflowId: string): Promise<RunState> {
  const handle = client.workflow.getHandle(workflowId);
  let description;
  try {
    description = await handle.describe();
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw new NoSuchRun(workflowId);
    throw err;
  }
  if (description.status.name !== 'RUNNING') return { kind: 'closed', status: description.status.name };
  const question = (await description.staticSummary().catch(() => undefined)) ?? '';
  return { kind: 'running', question, progress: await progress(client, workflowId) };
}

/** The run's progress (the progress query); null when no worker has answered yet. */
export async function progress(client: Client, workflowId: string): Promise<RunProgress | null> {
  try {
    return await client.workflow.getHandle(workflowId).query(progressQuery);
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw new NoSuchRun(workflowId);
    return null;
  }
}

/** A finished run's full view (its record). */
export async function runResult(client: Client, workflowId: string): Promise<AnalysisResult> {
  try {
    return await fullResult((await client.workflow.getHandle(workflowId).result()) as StoredResult);
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw new NoSuchRun(workflowId);
    throw err;
  }
}

export async function runReport(result: AnalysisResult): Promise<ReportOutput | null> {
  return result.report ? loadArtifact<ReportOutput>(result.report.report_ref) : null;
}

/** One citation as the page explains it: the calculation, the SQL it comes from, and what the verifier recomputed. */
export interface CitationDetail {
  marker: number;
  calculation: Calculation | null;
  /** The SQL of the calculation's step, or of the steps it was derived from. */
  sql: { step_id: string; sql: string; params: (string | number)[] }[];
  check: CheckedCalculation | null;
}

/** The run's calculations, from the references its record holds (artifacts are shared by content, not by run). */
async function runCalculations(result: AnalysisResult): Promise<Map<string, Calculation>> {
  const refs = [
    ...result.steps.map((s) => s.result?.calculations_ref),
    result.dataQuality?.calculations_ref,
    result.statistics?.calculations_ref,
  ].filter((r): r is string => typeof r === 'string');
  const sets = await Promise.all(refs.map((ref) => loadArtifact<Calculation[]>(ref).catch(() => [])));
  return new Map(sets.flat().map((c) => [c.id, c]));
}

/** Every citation of the report with its calculation, SQL and verification. */
export async function citationDetails(result: AnalysisResult, report: ReportOutput): Promise<CitationDetail[]> {
  const calculations = await runCalculations(result);
  const checks = result.verification
    ? await loadArtifact<{ checked: CheckedCalculation[] }>(result.verification.checks_ref).catch(() => ({ checked: [] }))
    : { checked: [] };
  const checkOf = new Map(checks.checked.map((c) => [c.id, c]));
  const steps = new Map(result.steps.map((s) => [s.step.step_id, s]));
  const sqlOf = (stepId: string, seen = new Set<string>()): CitationDetail['sql'] => {
    const step = steps.get(stepId);
    if (!step || seen.has(stepId)) return [];
    seen.add(stepId);
    if (step.result?.sql) return [{ step_id: stepId, sql: step.result.sql, params: step.result.params }];
    return step.step.depends_on.flatMap((d) => sqlOf(d, seen));
  };
  return report.citations.map((c) => {
    const calculation = calculations.get(c.calculation_id) ?? null;
    return {
      marker: c.marker,
      calculation,
      sql: calculation ? sqlOf(calculation.step_id) : [],
      check: checkOf.get(c.calculation_id) ?? null,
    };
  });
}

/** Sends a plan decision (the reviewPlan Update); the run's refusal comes back as the error's message. */
export async function decide(client: Client, workflowId: string, decision: ReviewDecision): Promise<void> {
  try {
    await client.workflow.getHandle(workflowId).executeUpdate(reviewPlanUpdate, { args: [decision] });
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw new NoSuchRun(workflowId);
    const cause = (err as { cause?: Error }).cause;
    throw new Error(cause?.message ?? (err as Error).message, { cause: err });
  }
}
