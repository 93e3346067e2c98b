/**
 * The run's last phase: the report, written with citations of verified numbers only, and its audit; flagged sections
 * are rewritten at most MAX_REPORT_RETRIES times, then it is published with the audit's note. Without a published
 * report the analysis agent's findings are the answer, each number marked verified or not, and the run says why.
 */
import type { AnalysisOutput, AuditOutput, DataScope, ReportDraft, RunResult, StepRecord } from '../contracts';
import { MAX_REPORT_RETRIES } from '../settings/limits';
import { markFindings, resultMetrics } from '../report/answer';
import { type AnalysisRun, withoutRecipe } from './run';

/** What the SQL steps scoped, for the report: filters, result shapes, anomalies and the first query. */
function dataScope(records: StepRecord[]): DataScope {
  const sql = records.filter((r) => r.result?.sql);
  const first = sql.map((r) => r.step.operation).find((op) => 'query' in op);
  return {
    filters: [...new Set(sql.flatMap((r) => r.result?.filters_applied ?? []))],
    result_shapes: sql.map((r) => ({ task_id: r.step.step_id, shape: r.result?.result_shape ?? [0, 0] })),
    anomalies: records.flatMap((r) => (r.result?.anomalies_found ?? []).map((a) => `${r.step.step_id}: ${a}`)),
    primary_query: first && 'query' in first ? first.query : null,
  };
}

/** The report agent's input: the analysis, the scope, the stages' outputs and the verified numbers it may cite. */
function reportInput(run: AnalysisRun, analysis: AnalysisOutput, passed: StepRecord[], calculationRefs: string[]) {
  return {
    task_id: 'report',
    workflow_id: run.workflowId,
    analysis,
    data_scope: dataScope(run.records),
    user_intent: { question: run.question, intent: run.intent },
    catalogPath: run.catalogPath,
    data_quality: run.dataQuality ? withoutRecipe(run.dataQuality) : null,
    statistics: run.statistics ? withoutRecipe(run.statistics) : null,
    calculation_refs: calculationRefs,
    // Without a verification nothing is citable: the report is written without numbers rather than with unchecked ones.
    verified: run.verification?.verified ?? [],
    mismatched: run.verification?.mismatches ?? [],
    chart_data: passed.map((r) => ({
      step_id: r.step.step_id,
      kind: r.step.operation.kind,
      description: r.step.description,
      rows: r.result?.rows ?? [],
    })),
  };
}

/** Writes the report and audits it; a flagged report is rewritten with the audit, at most MAX_REPORT_RETRIES times. */
async function writeAndAudit(
  run: AnalysisRun,
  input: ReturnType<typeof reportInput>,
  calculationRefs: string[],
): Promise<{ draft: ReportDraft | null; audit: AuditOutput | null }> {
  let draft = null as ReportDraft | null;
  let audit = null as AuditOutput | null;
  for (let attempt = 1; attempt <= 1 + MAX_REPORT_RETRIES; attempt++) {
    const fixing = audit?.sections_to_fix.join(', ') ?? '';
    run.stage('report', 'running', attempt > 1 ? `rewriting ${fixing}` : null);
    const revision = draft && audit ? { previous_ref: draft.report_ref, audit } : null;
    const written = await run.optional('report', () =>
      run.call('writeReport', attempt === 1 ? 'report' : `report · rewrite ${fixing}`, { ...input, revision, attempt }),
    );
    if (!written) break;
    draft = written;
    run.stage(
      'report',
      'done',
      `${draft.section_ids.length} sections, ${draft.citation_count} citations, ${draft.chart_count} chart(s)${attempt > 1 ? `, attempt ${attempt}` : ''}`,
    );
    run.stage('audit', 'running');
    const final = attempt === 1 + MAX_REPORT_RETRIES;
    const reportRef = draft.report_ref;
    audit = await run.optional('audit', () =>
      run.call('auditReport', attempt === 1 ? 'audit' : `audit · attempt ${attempt}`, {
        task_id: 'audit',
        workflow_id: run.workflowId,
        report_ref: reportRef,
        calculation_refs: calculationRefs,
        verified: input.verified,
        final_attempt: final,
      }),
    );
    if (!audit || audit.sections_to_fix.length === 0) break;
  }
  return { draft, audit };
}

/**
 * 8. The report, and its audit. Completed only when every step passed, every recomputed number matched and the audit
 * left nothing to fix.
 */
export async function writeAuditedReport(
  run: AnalysisRun,
  analysis: AnalysisOutput,
  passed: StepRecord[],
  calculationRefs: string[],
): Promise<RunResult> {
  run.progress.phase = 'reporting';
  const input = reportInput(run, analysis, passed, calculationRefs);
  const { verified, mismatched } = input;
  const { draft, audit } = await writeAndAudit(run, input, calculationRefs);
  if (!draft || !audit?.published_ref) {
    // No published report: the analysis agent's findings are the answer, each number a verified metric's or marked
    // unverified, and the run says why.
    const metrics = resultMetrics(analysis.key_metrics, verified);
    const lines = markFindings(analysis.findings, metrics, run.intent.language);
    return run.finish({
      status: 'degraded',
      answer: [...lines, `(${run.stageFailures.join('; ') || 'no report was written'})`].join('\n'),
      metrics,
    });
  }
  const { title, attempt, section_ids, citation_count, chart_count, summary } = draft;
  run.report = { report_ref: audit.published_ref, title, attempt, section_ids, citation_count, chart_count, summary, audit };
  run.stage(
    'audit',
    audit.clean ? 'done' : 'failed',
    audit.clean
      ? `clean: ${audit.numbers_checked} numbers checked`
      : `${audit.findings.length} finding(s): ${audit.findings.map((f) => f.kind).join(', ')}`,
  );
  const clean = audit.sections_to_fix.length === 0 && run.verification !== null && mismatched.length === 0;
  const status = draft.status === 'completed' && clean && run.stageFailures.length === 0 ? 'completed' : 'degraded';
  // Every metric says whether it was verified, and which calculation and citation it came from.
  return run.finish({ status, answer: draft.answer, metrics: resultMetrics(analysis.key_metrics, verified, draft.citations ?? []) });
}
