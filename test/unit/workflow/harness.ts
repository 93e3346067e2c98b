/**
 * Workflow tests without services: the real analysis workflow (bundled from src/workflows) on a Temporal dev server
 * that TestWorkflowEnvironment.createLocal starts from the binary the project builds (.tools/bin/temporal), with every
 * agent stubbed. Each stub records its calls; a test overrides the agents it is about.
 */
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, DefaultLogger, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import path from 'node:path';
import type * as activities from '../../../src/activities';
import type { analysisWorkflow } from '../../../src/workflows';
import { INTENT_ATTRIBUTE, STATUS_ATTRIBUTE } from '../../../src/temporal/search-attributes';
import type { AnalysisRequest, AnalysisResult, Plan, PlanStep, RunResult, StepOutput } from '../../../src/contracts';

export const TEMPORAL_CLI = path.resolve(__dirname, '../../..', '.tools', 'bin', 'temporal');

type Agents = typeof activities;
export type AgentName = keyof Agents;
/** A stub takes the agent's input (bulky inputs already resolved) and returns its output. */
/** What the stubs receive and the tests read: each agent's own input, left untyped so a test can reach into it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AgentInput = any;
export type Stub = (input: AgentInput) => unknown;
export interface Call {
  agent: AgentName;
  input: AgentInput;
}

export async function startEnvironment(): Promise<TestWorkflowEnvironment> {
  return TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: TEMPORAL_CLI },
      ip: '127.0.0.1',
      ui: false,
      searchAttributes: [INTENT_ATTRIBUTE, STATUS_ATTRIBUTE],
    },
  });
}

let bundle: Promise<WorkflowBundleWithSourceMap> | null = null;
/** The workflow bundle of src/workflows, built once per test file. */
export function workflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  bundle ??= bundleWorkflowCode({ workflowsPath: require.resolve('../../../src/workflows'), logger: new DefaultLogger('WARN') });
  return bundle;
}

export const CATALOG = { name: 'shop', metrics: ['gmv'], dimensions: ['region', 'month'] };
const WINDOW = { start: '2026-11-01', end: '2026-12-01', label_zh: '2026年11月', label_en: 'November 2026', source: 'question' as const };

/** s1: GMV by region (the SQL agent). */
export const SQL_STEP = {
  step_id: 's1',
  description: 'GMV by region',
  depends_on: [],
  expected_output: 'one row per region',
  metrics: ['gmv'],
  dimensions: ['region'],
  operation: {
    kind: 'metric',
    query: { metric: 'gmv', window: WINDOW, filters: [], group_by: ['region'], periods: [], order: null, limit: null },
  },
} as PlanStep;
/** s2: the top two regions of s1 (computed by code: the coder and the tester). */
export const CODE_STEP = {
  step_id: 's2',
  description: 'the top two regions',
  depends_on: ['s1'],
  expected_output: 'two rows',
  metrics: ['gmv'],
  dimensions: ['region'],
  operation: { kind: 'top_n', source: 's1', column: 'value', n: 2, order: 'desc' },
} as PlanStep;

export function planOf(steps: PlanStep[]): Plan {
  return { kind: 'plan', steps, assumptions: [], fragments: {} } as unknown as Plan;
}

export function stepOutput(stepId: string, rows: Record<string, string | number>[]): StepOutput {
  return {
    task_id: stepId,
    sql: null,
    params: [],
    result_shape: [rows.length, 2],
    columns: [
      { name: 'region', type: 'string', meaning: 'region' },
      { name: 'value', type: 'number', meaning: 'GMV' },
    ] as StepOutput['columns'],
    rows,
    filters_applied: [],
    aggregation_logic: [],
    execution_time_ms: 1,
    data_summary: {},
    anomalies_found: [],
    result_ref: null,
    value_metric: 'gmv',
    findings: [],
    assumptions_made: [],
    paths_excluded: [],
    memory_entries: [],
    metrics: [],
    metrics_ref: null,
    calculations_ref: null,
    calculation_count: 0,
  };
}

export const ROWS = [
  { region: 'east', value: 30 },
  { region: 'north', value: 20 },
  { region: 'west', value: 10 },
];

/** Every agent, answering as a clean run of the two-step plan would. */
export function defaultStubs(): Record<AgentName, Stub> {
  return {
    describeCatalog: () => CATALOG,
    classifyIntent: () => ({ intent: 'query', decided_by: 'rules', matched: null, model: null, language: 'en' }),
    readDataExtent: () => null,
    planAnalysis: () => planOf([SQL_STEP, CODE_STEP]),
    checkDataQuality: () => ({
      summary: 'no problems found',
      partial_periods: [],
      calculations_ref: null,
      recipe: { kind: 'stored', step_id: 'dq', recipe_ref: 'dq-recipe' },
    }),
    runSqlStep: (input: { step: PlanStep }) => ({
      ...stepOutput(input.step.step_id, ROWS),
      sql: 'SELECT region, sum(amount) AS value FROM orders GROUP BY region',
    }),
    analyzeTrend: () => {
      throw new Error('no trend step in these plans');
    },
    writeCode: (input: { requirements: { step: PlanStep }; attempt: number }) => ({
      step_id: input.requirements.step.step_id,
      attempt: input.attempt,
      code: 'return top(2)',
    }),
    testCode: (input: { draft: { step_id: string } }) => ({
      passed: true,
      failures: [],
      summary: '2 rows',
      result: stepOutput(input.draft.step_id, ROWS.slice(0, 2)),
    }),
    checkStep: (input: { step: PlanStep }) => ({ step_id: input.step.step_id, passed: true, checks: [], reason: null }),
    testSignificance: () => ({ summary: 'no test applies', tests: [], calculations_ref: null, recipe: null }),
    // Complete when every step passed, as the analysis agent says; the report's status follows it, as the reporter's does.
    analyzeResults: (input: { chain: { status: string }[] }) => ({
      findings: [],
      confidence_level: 'high',
      key_metrics: [],
      complete: input.chain.every((h) => h.status === 'passed'),
    }),
    recomputeNumbers: () => ({
      verified: [],
      mismatches: [],
      checked_count: 0,
      rule: 'every number',
      reconciliations: [],
      not_selected: [],
    }),
    writeReport: (input: { attempt: number; analysis: { complete: boolean } }) => ({
      report_ref: `report-${input.attempt}`,
      title: 'GMV by region',
      attempt: input.attempt,
      section_ids: ['summary'],
      citation_count: 0,
      chart_count: 0,
      summary: 'east leads',
      status: input.analysis.complete ? 'completed' : 'degraded',
      answer: 'east leads with 30',
      citations: [],
    }),
    auditReport: () => ({ sections_to_fix: [], published_ref: 'published-1', clean: true, numbers_checked: 0, findings: [] }),
    storeRunRecord: () => 'record-1',
    resolveFollowUp: (input: { question: string }) => ({ kind: 'fresh', question: input.question }),
    recordScheduledRun: () => ({ decision: 'no_material_change', summary: 'no material change', alert: null }),
    deliverAlert: () => ({ delivered: true, sink: 'file:-', already: false }),
    storeInput: () => {
      throw new Error('replaced by the harness');
    },
  };
}

export interface Ran {
  /** The workflow's result, or its failure. */
  result: RunResult | null;
  failure: Error | null;
  /** Every agent call, in the order they started (storeInput left out; bulky inputs resolved). */
  calls: Call[];
  /** The run's record, as the workflow handed it to storeRunRecord. */
  record: AnalysisResult | null;
  of(agent: AgentName): Call[];
  /** The run's workflow id (its last run, after a continue-as-new). */
  workflowId: string;
}

let runs = 0;

/** Runs one analysis with the default stubs and the overrides, on a worker of its own. */
export async function runAnalysis(
  env: TestWorkflowEnvironment,
  request: Partial<AnalysisRequest>,
  overrides: Partial<Record<AgentName, Stub>> = {},
  during?: (workflowId: string) => Promise<void>,
): Promise<Ran> {
  const taskQueue = `workflow-unit-${process.pid}-${++runs}`;
  const calls: Call[] = [];
  const stored = new Map<string, unknown>();
  let record: AnalysisResult | null = null;
  const stubs = { ...defaultStubs(), ...overrides };
  const registered: Record<string, (input: AgentInput) => Promise<unknown>> = {};
  for (const [agent, stub] of Object.entries(stubs) as [AgentName, Stub][]) {
    registered[agent] = (raw: AgentInput) => {
      if (agent === 'storeInput') {
        const ref = `input-${stored.size + 1}`;
        stored.set(ref, raw.input);
        return Promise.resolve(ref);
      }
      const input: AgentInput = raw && typeof raw === 'object' && 'input_ref' in raw ? stored.get(raw.input_ref as string) : raw;
      calls.push({ agent, input });
      if (agent === 'storeRunRecord') record = (input as { record: AnalysisResult }).record;
      // A stub that throws fails its activity, as an agent's error does.
      return Promise.resolve().then(() => stub(input));
    };
  }
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities: registered,
  });
  const workflowId = `unit-${taskQueue}`;
  const args: [AnalysisRequest] = [{ question: 'GMV by region last month', asOf: '2026-12-15', ...request }];
  let result: RunResult | null = null;
  let failure: Error | null = null;
  await worker.runUntil(async () => {
    // A run that cannot end (a workflow task failing again and again) fails the test within a minute, not at jest's timeout.
    const handle = await env.client.workflow.start<typeof analysisWorkflow>('analysisWorkflow', {
      workflowId,
      taskQueue,
      args,
      workflowExecutionTimeout: '1 minute',
    });
    if (during) await during(workflowId);
    try {
      result = await handle.result();
    } catch (err) {
      failure = err as Error;
    }
  });
  return { result, failure, calls, record, of: (agent) => calls.filter((c) => c.agent === agent), workflowId };
}

/**
 * Replays a finished run's history against the workflow code, as a worker does when the run is no longer in its cache
 * (a query after the run ended, a worker restart). Throws the replayer's error (a nondeterminism error) when the code
 * does not give the commands the history holds.
 */
/** The markers of a run's history in order: the patches it asked (core_patch) and its local activities' results. */
export async function markers(env: TestWorkflowEnvironment, ran: Ran): Promise<string[]> {
  const history = await env.client.workflow.getHandle(ran.workflowId).fetchHistory();
  return (history.events ?? []).flatMap((e) =>
    e.markerRecordedEventAttributes?.markerName ? [e.markerRecordedEventAttributes.markerName] : [],
  );
}

export async function replay(env: TestWorkflowEnvironment, ran: Ran): Promise<void> {
  const history = await env.client.workflow.getHandle(ran.workflowId).fetchHistory();
  await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, ran.workflowId);
}
