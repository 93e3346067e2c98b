/** Runs the accuracy suite against a Temporal server with a Baton worker, and tabulates it. */
import type { Client } from '@temporalio/client';
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { analysisWorkflow } from '../src/workflows';
import { CASES, evalContext, matches, show } from './cases';

export interface EvalRow {
  n: number;
  language: 'zh' | 'en';
  question: string;
  intent: string;
  intentOk: boolean;
  steps: number;
  answer: string;
  expected: string;
  pass: boolean;
  ms: number;
}

export async function runEval(client: Client, taskQueue: string, db: Pool, asOf: string, lastMonth: string, onRow: (row: EvalRow) => void = () => undefined): Promise<EvalRow[]> {
  const ctx = evalContext(db, lastMonth);
  const rows: EvalRow[] = [];
  for (const [i, c] of CASES.entries()) {
    const question = typeof c.question === 'function' ? c.question(ctx) : c.question;
    const started = Date.now();
    const result = await client.workflow.execute(analysisWorkflow, {
      workflowId: `analysis-eval-${randomBytes(4).toString('hex')}`,
      taskQueue,
      args: [{ question, asOf }],
      staticSummary: question,
    });
    const ms = Date.now() - started;
    const expected = await c.expected(ctx);
    const actual = c.actual(result);
    const intentOk = result.intent.intent === c.intent;
    const row: EvalRow = {
      n: i + 1,
      language: /[\u4e00-\u9fff]/.test(question) ? 'zh' : 'en',
      question,
      intent: result.intent.intent,
      intentOk,
      steps: result.steps.length,
      answer: show(actual),
      expected: show(expected),
      pass: intentOk && result.status === 'completed' && matches(actual, expected),
      ms,
    };
    rows.push(row);
    onRow(row);
  }
  return rows;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

export function formatRow(row: EvalRow): string {
  return [
    String(row.n).padStart(2),
    cut(row.question, 34).padEnd(34),
    `${row.intent}${row.intentOk ? '' : '!'}`.padEnd(12),
    String(row.steps).padStart(2),
    cut(row.answer, 40).padEnd(40),
    cut(row.expected, 40).padEnd(40),
    row.pass ? 'PASS' : 'FAIL',
    `${row.ms} ms`.padStart(8),
  ].join(' │ ');
}

export const HEADER = [' #', 'question'.padEnd(34), 'intent'.padEnd(12), 'st', 'answer'.padEnd(40), 'expected'.padEnd(40), 'pass', 'time'.padStart(8)].join(' │ ');
