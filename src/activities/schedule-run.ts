/**
 * Schedule run agent: after a scheduled run's analysis, reads its record (the verified numbers, the statistics
 * agent's test, the main contributor, the report's summary), compares it with the schedule's previous run (the row
 * scheduled last before it in baton.schedule_runs), decides whether it is a material change, keeps the verdict, and
 * returns the alert to send, if any (src/schedules/decide.ts). Idempotent: a retry rewrites the same row.
 */
import { z } from 'zod';
import { defineAgent } from '../agents/contract';
import { fullResult } from '../storage/run-record';
import { loadConfig } from '../settings/config';
import type { AnalysisResult, RunResult } from '../contracts';
import { alertKey, type RecordRunInput, type RecordRunOutput } from '../schedules/contract';
import { alertText, decide, summarise } from '../schedules/decide';
import { previousRun, saveRun } from '../schedules/store';

const Input = z.custom<RecordRunInput>((v) => typeof v === 'object' && v !== null && 'config' in v && 'workflowId' in v);
const Output = z.custom<RecordRunOutput>((v) => typeof v === 'object' && v !== null && 'decision' in v);

async function readRecord(result: RecordRunInput['result']): Promise<AnalysisResult | null> {
  if (!result?.record_ref) return null;
  return fullResult(result as RunResult);
}

async function recordRun(input: RecordRunInput): Promise<RecordRunOutput> {
  const { config, workflowId, scheduledTime, asOf, runId } = input;
  const databaseUrl = loadConfig().databaseUrl;
  const record = await readRecord(input.result);
  const status = input.result?.status ?? 'failed';
  const summary = summarise(record, status, input.result?.answer ?? input.failure ?? 'the run failed');
  const decision = decide(summary, config);
  const previous = await previousRun(databaseUrl, config.scheduleId, scheduledTime);
  await saveRun(databaseUrl, config.scheduleId, { scheduledTime, workflowId, runId, asOf, decision, summary });
  const language = record?.intent.language ?? (/[\u4e00-\u9fff]/.test(config.question) ? 'zh' : 'en');
  const link = `${config.webUi ?? loadConfig().temporalUiUrl}/namespaces/default/workflows/${encodeURIComponent(runId)}`;
  const reportCommand = `baton report ${runId} --format html`;
  const refs = { reportCommand, link, previous: previous?.runId ?? null, previousDecision: previous?.decision ?? null };
  const { headline, text } = alertText(summary, decision, config, language, refs);
  if (decision === 'no_material_change') return { decision, summary: headline, alert: null };
  return {
    decision,
    summary: headline,
    alert: {
      key: alertKey(workflowId, scheduledTime),
      scheduleId: config.scheduleId,
      scheduledTime,
      asOf,
      question: config.question,
      decision,
      headline,
      text,
      runId,
      status,
      metric: summary.metric,
      before: summary.before,
      after: summary.after,
      change: summary.change,
      changeRatio: summary.changeRatio,
      pValue: summary.pValue,
      mainContributor: summary.mainContributor,
      reportSummary: summary.reportSummary,
      reportCommand,
      link,
      previousRun: previous?.runId ?? null,
    },
  };
}

export const recordScheduledRun = defineAgent({ name: 'schedule run', input: Input, output: Output, run: recordRun });
