/**
 * A data-quality question ("is anything wrong with the orders data?", "how many orders have no pay time?"), answered by
 * the data-quality agent rather than by steps: the catalog's checks on the tables the question names, counted over all
 * of the data (or in the period it names); every count then recounted by recomputeNumbers, independently (its own SQL
 * from the catalog's check, src/verify/quality-recount.ts); and the answer, which lists every failing check with its
 * count, or says that none fails, or gives the named problem's count. Completed only when every number in it matched.
 */
import type {
  DataQualityOutput,
  Language,
  QualityCheckResult,
  QualityQuestion,
  ResultMetric,
  RunResult,
  VerificationOutput,
} from '../contracts';
import { pendingStages } from '../agents/checklist';
import { catalogText } from '../format/labels';
import { formatCalculation } from '../format/numbers';
import { textOf } from '../messages/message';
import { QUALITY_MESSAGES, qualitySummary } from '../messages/quality';
import { unverifiedMark } from '../messages/words';
import type { AnalysisRun } from './run';

export async function answerQualityQuestion(run: AnalysisRun, plan: QualityQuestion): Promise<RunResult> {
  const { language } = run.intent;
  const text = textOf(QUALITY_MESSAGES, language);
  run.progress.stages = pendingStages().filter((s) => s.id === 'data_quality' || s.id === 'verification');
  run.progress.phase = 'checking_data';
  run.stage('data_quality', 'running');
  const dq = await run.optional('data_quality', () =>
    run.call('checkDataQuality', 'data quality', {
      workflow_id: run.workflowId,
      catalogPath: run.catalogPath,
      databaseUrl: run.databaseUrl,
      metrics: [],
      windows: plan.window ? [plan.window] : [],
      language,
      question: { tables: plan.tables, checks: plan.checks },
    }),
  );
  run.dataQuality = dq;
  if (!dq)
    return run.finish({
      status: 'degraded',
      answer: text('quality.question.failed', { reason: run.stageFailures.join('; ') }),
      metrics: [],
    });
  run.stage('data_quality', 'done', qualitySummary(dq, language));
  if (dq.calculations_ref) run.calculations.set('dq', dq.calculations_ref);

  run.progress.phase = 'verifying';
  run.stage('verification', 'running');
  const verification = await run.optional('verification', () =>
    run.call('recomputeNumbers', 'recompute numbers', {
      workflow_id: run.workflowId,
      calculation_refs: dq.calculations_ref ? [dq.calculations_ref] : [],
      recipes: [dq.recipe],
      databaseUrl: run.databaseUrl,
      catalogPath: run.catalogPath,
    }),
  );
  run.verification = verification;
  if (verification) {
    const failed = verification.mismatches.length > 0;
    run.stage(
      'verification',
      failed ? 'failed' : 'done',
      `${verification.verified.length} of ${verification.checked_count} counts recounted and matched`,
    );
  }
  const { answer, metrics } = qualityAnswer(plan, dq, verification, language);
  const status = metrics.every((m) => m.verified) && run.stageFailures.length === 0 ? 'completed' : 'degraded';
  return run.finish({ status, answer: [plan.statement, ...answer].join('\n'), metrics });
}

/** A check's shown count and the calculation that holds it: in the window when the table was placed in it, else whole. */
function shownCount(plan: QualityQuestion, dq: DataQualityOutput, check: QualityCheckResult): { value: number; calculation: string } {
  const placed = dq.tables.find((t) => t.table === check.table)?.period;
  const all = check.count_all ?? check.count;
  if (plan.window && placed && all > 0) return { value: check.count, calculation: `dq.${check.id}` };
  return { value: all, calculation: `dq.${check.id}.all` };
}

/** The answer's lines and its metrics (one per check shown, verified only when recounted independently and matched). */
export function qualityAnswer(
  plan: QualityQuestion,
  dq: DataQualityOutput,
  verification: VerificationOutput | null,
  language: Language,
): { answer: string[]; metrics: ResultMetric[] } {
  const text = textOf(QUALITY_MESSAGES, language);
  const independent = new Set((verification?.verified ?? []).filter((id) => !(verification?.rerun_only ?? []).includes(id)));
  const period = plan.window ? catalogText(language, plan.window.label_en, plan.window.label_zh) : text('quality.question.all-data');
  const counted = dq.checks.map((c) => ({ check: c, ...shownCount(plan, dq, c) }));
  const shown = plan.ask === 'named_problem' ? counted : counted.filter((c) => c.value > 0);
  const metrics: ResultMetric[] = shown.map(({ check, value, calculation }) => ({
    name: check.id,
    label: check.description,
    value,
    unit: null,
    period,
    calculation_id: calculation,
    verified: independent.has(calculation),
    citation: null,
  }));
  const line = (m: ResultMetric, i: number) =>
    text(plan.ask === 'named_problem' ? 'quality.question.named-line' : 'quality.question.line', {
      check: m.label,
      count: formatCalculation({ value: m.value ?? 0, display: 'integer', delta: false }, language),
      table: shown[i]?.check.table ?? '',
      mark: m.verified ? '' : ` ${unverifiedMark(language)}`,
    });
  const whole = plan.window ? dq.tables.filter((t) => !t.period).map((t) => text('quality.question.whole-table', { table: t.table })) : [];
  if (plan.ask === 'what_is_wrong' && shown.length === 0)
    return { answer: [text('quality.question.all-pass', { tables: plan.tables.join(', '), checks: dq.checks.length }), ...whole], metrics };
  const header = plan.ask === 'what_is_wrong' ? [text('quality.question.failing')] : [];
  return { answer: [...header, ...metrics.map(line), ...whole], metrics };
}
