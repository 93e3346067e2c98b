/** Runs an accuracy suite against a Temporal server with a Baton worker, and tabulates it. */
import type { Client } from '@temporalio/client';
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import type { AnalysisRequest, AnalysisResult, Row } from '../src/contracts';
import { loadArtifact } from '../src/storage/artifacts';
import { proseProblems } from '../src/analysis/wording';
import { fullResult } from '../src/storage/run-record';
import { analysisWorkflow } from '../src/workflows';
import { CASES, evalContext, matches, show, type Answer, type EvalCase, type EvalContext } from './cases';

/** Every row of each step: the rows kept inline, or all of them from the artifact store when there are more. */
export async function withAllRows(r: AnalysisResult): Promise<AnalysisResult> {
  const steps = await Promise.all(
    r.steps.map(async (s) => {
      const ref = s.result?.result_ref;
      if (!s.result || !ref) return s;
      const { rows } = await loadArtifact<{ rows: Row[] }>(ref);
      return { ...s, result: { ...s.result, rows } };
    }),
  );
  return { ...r, steps };
}

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
  /** How the run ended ('error' when the workflow itself failed). */
  status: string;
  /** Why a miss missed: the run's own answer when it did not complete, else what differed. */
  reason: string;
  /** The reading the expected answer assumes. */
  note: string;
  /** What in the answer and the report's summary does not read as written by a person (proseProblems). */
  prose: string[];
}

/** A suite: its cases, the context their SQL runs in, and the fields every run's request carries. */
export interface Suite {
  cases: EvalCase[];
  ctx: EvalContext;
  /** asOf, and for a database other than the worker's own, catalogPath and databaseUrl. */
  request: Pick<AnalysisRequest, 'asOf' | 'catalogPath' | 'databaseUrl'>;
}

/** How many of a suite's questions run at once through the one worker (BATON_EVAL_CONCURRENCY overrides it). */
export function evalConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.BATON_EVAL_CONCURRENCY ?? 5);
  return Number.isInteger(n) && n >= 1 ? n : 5;
}

/**
 * Runs every case, `concurrency` at a time (the worker's default slots hold far more than that), and returns the rows
 * in the cases' order; `onRow` hears each row as it finishes. A case passes when the run completed with the expected
 * intent and answer, or, for a case whose answer is the run's status (a question that must end in a clarification
 * request), when the run ended with that status.
 */
export async function runSuite(
  client: Client,
  taskQueue: string,
  suite: Suite,
  onRow: (row: EvalRow) => void = () => undefined,
  concurrency = evalConcurrency(),
): Promise<EvalRow[]> {
  const rows: EvalRow[] = new Array<EvalRow>(suite.cases.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < suite.cases.length; i = next++) {
      const row = await runCase(client, taskQueue, suite, suite.cases[i] as EvalCase, i);
      rows[i] = row;
      onRow(row);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, suite.cases.length) }, lane));
  return rows;
}

async function runCase(client: Client, taskQueue: string, suite: Suite, c: EvalCase, i: number): Promise<EvalRow> {
  const { ctx } = suite;
  const question = typeof c.question === 'function' ? c.question(ctx) : c.question;
  const started = Date.now();
  let result: AnalysisResult | null = null;
  let failure = '';
  try {
    result = await fullResult(
      await client.workflow.execute(analysisWorkflow, {
        workflowId: `analysis-eval-${randomBytes(4).toString('hex')}`,
        taskQueue,
        args: [{ question, ...suite.request }],
        staticSummary: question,
      }),
    );
  } catch (err) {
    failure = (err as Error).message;
  }
  const ms = Date.now() - started;
  // A step's rows past those kept inline are read from the artifact store (a share of 24 countries, say).
  if (result) result = await withAllRows(result);
  const expected = await c.expected(ctx);
  const actual: Answer = result ? c.actual(result) : NaN;
  // A case may accept any intent (c.intent null): a data-quality question has no intent of its own yet.
  const intentOk = c.intent === null || result?.intent.intent === c.intent;
  const correct = matches(actual, expected);
  const status = result?.status ?? 'error';
  const pass = result?.status === 'completed' ? intentOk && correct : actual === status && correct;
  return {
    n: i + 1,
    language: c.language ?? (/[\u4e00-\u9fff]/.test(question) ? 'zh' : 'en'),
    question,
    intent: result?.intent.intent ?? '-',
    intentOk,
    steps: result?.steps.length ?? 0,
    answer: show(actual),
    expected: show(expected),
    pass,
    ms,
    status,
    reason: pass
      ? ''
      : !result
        ? failure
        : status !== 'completed'
          ? result.answer
          : !intentOk
            ? `read as ${result.intent.intent}, expected ${String(c.intent)}`
            : `answered ${show(actual)}, expected ${show(expected)}`,
    note: c.note ?? '',
    prose: result ? proseProblems(`${result.answer}\n${result.report?.summary ?? ''}`) : [],
  };
}

/** The demo suite (eval/cases.ts) over the seeded demo shop and the worker's own catalog. */
export async function runEval(
  client: Client,
  taskQueue: string,
  db: Pool,
  asOf: string,
  lastMonth: string,
  onRow: (row: EvalRow) => void = () => undefined,
): Promise<EvalRow[]> {
  return runSuite(client, taskQueue, { cases: CASES, ctx: evalContext(db, lastMonth), request: { asOf } }, onRow);
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

export const HEADER = [
  ' #',
  'question'.padEnd(34),
  'intent'.padEnd(12),
  'st',
  'answer'.padEnd(40),
  'expected'.padEnd(40),
  'pass',
  'time'.padStart(8),
].join(' │ ');

/** One line per miss: its status, why, and the reading the expected answer assumed. */
export function formatMiss(row: EvalRow): string {
  return `#${row.n} [${row.status}] ${row.question}\n    ${row.reason.replace(/\n/g, '\n    ')}${row.note ? `\n    expected reading: ${row.note}` : ''}`;
}

/** The score line: passes, share, languages, and the median time per question. */
export function formatScore(rows: EvalRow[]): string {
  const passed = rows.filter((r) => r.pass).length;
  const zh = rows.filter((r) => r.language === 'zh').length;
  const share = rows.length > 0 ? Math.round((1000 * passed) / rows.length) / 10 : 0;
  return `${passed}/${rows.length} passed (${share}%; ${zh} Chinese, ${rows.length - zh} English); median time per question ${median(rows.map((r) => r.ms))} ms`;
}

/** Every case on one line: number, question, status, pass, time and, for a miss, why. */
export function formatCaseTable(rows: EvalRow[]): string {
  const lines = rows.map((r) =>
    [
      String(r.n).padStart(3),
      cut(r.question, 44).padEnd(44),
      r.status.padEnd(19),
      r.pass ? 'PASS' : 'FAIL',
      `${r.ms} ms`.padStart(8),
      r.pass ? '' : cut(r.reason.replace(/\s+/g, ' '), 160),
    ].join(' │ '),
  );
  return [[' # ', 'question'.padEnd(44), 'status'.padEnd(19), 'pass', 'time'.padStart(8), 'reason'].join(' │ '), ...lines].join('\n');
}

/** The whole printout of a suite: every case, the score with the median time, and the wall time of the suite. */
export function formatSuite(name: string, rows: EvalRow[], wallMs: number): string {
  return `${name}\n${formatCaseTable(rows)}\n\n${formatScore(rows)}; wall time ${Math.round(wallMs / 1000)} s`;
}

/** The misses that claim an answer: a miss must ask for clarification or say it cannot answer, never complete. */
export function claimedMisses(rows: EvalRow[]): EvalRow[] {
  return rows.filter((r) => !r.pass && r.status !== 'needs_clarification' && r.status !== 'cannot_answer');
}

/** The models a suite can run through: the offline rules model, or an OpenAI-compatible model (src/model/model-config.ts). */
export type EvalModel = 'rules' | 'openai';

/**
 * Runs the suite once per model, unchanged, through the same worker: the model is the worker's BATON_MODEL_PROVIDER,
 * which its activities read at each call, so the worker must run in this process (the eval script and the tests start
 * their own). The openai runs use OPENAI_BASE_URL, OPENAI_API_KEY and BATON_MODEL as the worker would.
 */
export async function runSuiteByModel(
  client: Client,
  taskQueue: string,
  suite: Suite,
  models: EvalModel[],
  concurrency = evalConcurrency(),
  onRow: (model: EvalModel, row: EvalRow) => void = () => undefined,
): Promise<Map<EvalModel, { rows: EvalRow[]; wallMs: number }>> {
  const saved = process.env.BATON_MODEL_PROVIDER;
  const out = new Map<EvalModel, { rows: EvalRow[]; wallMs: number }>();
  try {
    for (const model of models) {
      if (model === 'openai' && !process.env.OPENAI_API_KEY)
        throw new Error('--model openai needs OPENAI_API_KEY (and OPENAI_BASE_URL, BATON_MODEL)');
      process.env.BATON_MODEL_PROVIDER = model;
      const started = Date.now();
      const rows = await runSuite(client, taskQueue, suite, (row) => onRow(model, row), concurrency);
      out.set(model, { rows, wallMs: Date.now() - started });
    }
  } finally {
    if (saved === undefined) delete process.env.BATON_MODEL_PROVIDER;
    else process.env.BATON_MODEL_PROVIDER = saved;
  }
  return out;
}

/** The models side by side: one line per case with each model's status and pass, then each model's score. */
export function formatByModel(byModel: Map<EvalModel, { rows: EvalRow[]; wallMs: number }>): string {
  const models = [...byModel.keys()];
  const first = byModel.get(models[0] as EvalModel)?.rows ?? [];
  const cellOf = (row: EvalRow | undefined) => (row ? `${row.pass ? 'PASS' : 'FAIL'} ${row.status}` : '-').padEnd(26);
  const header = [' # ', 'question'.padEnd(44), ...models.map((m) => m.padEnd(26))].join(' │ ');
  const lines = first.map((row, i) =>
    [String(row.n).padStart(3), cut(row.question, 44).padEnd(44), ...models.map((m) => cellOf(byModel.get(m)?.rows[i]))].join(' │ '),
  );
  const scores = models.map((m) => {
    const run = byModel.get(m) as { rows: EvalRow[]; wallMs: number };
    return `${m.padEnd(7)} ${formatScore(run.rows)}; wall time ${Math.round(run.wallMs / 1000)} s`;
  });
  return [header, ...lines, '', ...scores].join('\n');
}
