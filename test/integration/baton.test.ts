/**
 * The relay on the real servers: the report agent receives the analysis output, the
 * SQL data scope and the user's intent; validated results feed the shared memory
 * pool; a planted contradiction between parallel agents is caught.
 */
import { Context } from '@temporalio/activity';
import * as realActivities from '../../src/activities';
import type { AnalysisInput, ReportInput, StepInput, StepOutput } from '../../src/contracts';
import { activityInputs, publishedReport, runAnalysis, runCli, startWorker, uniqueTaskQueue, withWorker } from '../helpers';

/** The analysis agent runs as a local activity, whose input is not in the history: the worker keeps what it received. */
const analysisInputs = new Map<string, AnalysisInput>();
const harness = withWorker('baton', {
  activityOverrides: {
    analyzeResults: async (input) => {
      analysisInputs.set(Context.current().info.workflowExecution?.workflowId ?? '', input);
      return realActivities.analyzeResults(input);
    },
  },
});

test('SQL → analysis → report: the report gets the analysis output, the data scope and the intent', async () => {
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, '为什么华东区上个月复购率下降了？');
  expect(result.status).toBe('completed');

  const analysisInput = analysisInputs.get(workflowId);
  expect(analysisInput!.chain.map((h) => [h.task_id, h.layer])).toEqual([
    ['s1', 'conclusion'],
    ['s2', 'findings'],
    ['s3', 'findings'],
    ['s4', 'full'],
    ['s5', 'full'],
  ]);
  // Compressed or not, every hand-off keeps its filters.
  expect(analysisInput!.chain.every((h) => h.filters_applied.includes('region = 华东'))).toBe(true);

  const [reportInput] = await activityInputs<ReportInput>(harness.client, workflowId, 'writeReport');
  expect(reportInput!.user_intent).toMatchObject({
    question: '为什么华东区上个月复购率下降了？',
    intent: { intent: 'attribution', decided_by: 'rules', matched: '为什么' },
  });
  expect(reportInput!.data_scope.filters).toEqual(expect.arrayContaining(['paid orders only', 'region = 华东']));
  expect(reportInput!.data_scope.result_shapes.map((r) => r.task_id)).toEqual(['s1', 's2', 's3', 's5']);
  // The analysis agent's output, as the report agent received it.
  const analysis = reportInput!.analysis;
  expect(analysis).toMatchObject({ task_id: 'analysis', input_task_id: 's5', analysis_type: 'attribution', complete: true });
  expect(analysis.statistical_tests.map((t) => [t.test, t.effect_size_kind, t.significant])).toEqual([
    ['Welch two-sample t-test', "Cohen's d", true],
  ]);
  expect(analysis.confidence_level).toBeGreaterThan(0.8);
  expect(analysis.assumptions_made).toContain('复购率先按 orders.user_id 汇总，每个对象在一个期间内只计一次');
  expect(analysis.paths_excluded).toContain('channel=referral：效应不足变化的百分之五，不作为原因');

  const report = await publishedReport(result);
  expect(report).toMatchObject({ task_id: 'report', input_task_id: 'analysis', title: '分析报告：为什么华东区上个月复购率下降了？' });
  expect(report.sections.map((s) => s.heading)).toEqual([
    '执行摘要',
    '关键指标',
    ...(reportInput!.chart_data ?? []).map((d) => d.description),
    '统计检验',
    '数据质量',
    '数据范围',
    '假设',
    '排除的路径',
  ]);
  expect(report.limitations).toEqual([]);

  // Validated results are facts in the pool; the ranking is a tracked hypothesis.
  expect(result.memory.facts.length).toBeGreaterThanOrEqual(4);
  expect(result.memory.contradictions).toEqual([]);
  const hypothesis = result.memory.entries.find((e) => e.type === 'hypothesis');
  expect(hypothesis).toMatchObject({ agent: 'code-s4', tags: { metric: 'repurchase_rate', scope: 'customer_type=new' } });
});

test("later steps receive the pool's facts that share their tags", async () => {
  const { workflowId } = await runAnalysis(harness.client, harness.config.taskQueue, '对比一下新老客的客单价变化并找出贡献最大的三个品类');
  const inputs = await activityInputs<StepInput>(harness.client, workflowId, 'runSqlStep');
  const s2 = inputs.find((i) => i.step.step_id === 's2')!;
  // s1 (AOV by customer type over the window) passed first; s2 and s3 are about AOV too.
  expect(s2.memory?.map((m) => m.agent)).toEqual(['sql-s1', 'sql-s1']);
  expect(s2.memory?.every((m) => m.tags.metric === 'aov')).toBe(true);
  const s1 = inputs.find((i) => i.step.step_id === 's1')!;
  expect(s1.memory).toEqual([]);
});

describe('a planted contradiction', () => {
  const queue = uniqueTaskQueue('contradiction');
  let stop: () => Promise<void>;
  beforeAll(async () => {
    // s3 also claims a fact about s1's subject, with another value.
    const runSqlStep = async (input: StepInput): Promise<StepOutput> => {
      const output = await realActivities.runSqlStep(input);
      if (input.step.step_id !== 's3') return output;
      const claim = input.memory?.find((m) => m.agent === 'sql-s1');
      if (!claim) return output;
      return {
        ...output,
        memory_entries: [...output.memory_entries, { ...claim, content: `${claim.content} (recomputed)`, value: (claim.value ?? 0) + 10 }],
      };
    };
    stop = (await startWorker({ ...harness.config, taskQueue: queue }, { activityOverrides: { runSqlStep } })).stop;
  });
  afterAll(async () => stop());

  test('is recorded with both entry ids, lowers confidence and is reported', async () => {
    const { workflowId, result } = await runAnalysis(harness.client, queue, '对比一下新老客的客单价变化并找出贡献最大的三个品类');
    const [contradiction] = result.memory.contradictions;
    expect(result.memory.contradictions).toHaveLength(1);
    const [first, second] = contradiction!.entry_ids;
    expect(result.memory.entries.find((e) => e.id === first)?.agent).toBe('sql-s1');
    expect(result.memory.entries.find((e) => e.id === second)?.agent).toBe('sql-s3');
    expect(contradiction!.description).toMatch(
      /^aov customer_type=\w+ 2026-\d\d-01\.\.2026-\d\d-01: sql-s1 says [\d.]+, sql-s3 says [\d.]+$/,
    );
    const [reportInput] = await activityInputs<ReportInput>(harness.client, workflowId, 'writeReport');
    expect(reportInput!.analysis.confidence_level).toBeLessThan(0.5);
    // The two conflicting values are not verified calculations: the answer marks both, and names the segment in the
    // catalog's words (新客（客户类型）, not customer_type=new).
    const [, one, other] = /says ([\d.]+), sql-s3 says ([\d.]+)$/.exec(contradiction!.description)!;
    const segment = (value: string) => `${value === 'new' ? '新客' : '老客'}（客户类型）`;
    expect(result.answer).toContain(
      `矛盾：${contradiction!.description
        .replace(/customer_type=(\w+) /, (_m, value: string) => segment(value))
        .replace(`says ${one},`, `says ${one}（未核实）,`)
        .replace(/says ([\d.]+)$/, `says ${other}（未核实）`)}`,
    );
  });
});

// The history's size and its largest payload: test/integration/history.test.ts.

test('token usage per agent is recorded for every run and shown by baton show', async () => {
  const { workflowId } = await runAnalysis(harness.client, harness.config.taskQueue, '为什么华东区上个月复购率下降了？');
  const shown = await runCli(['show', workflowId, '--json']);
  expect(shown.code).toBe(0);
  const summary = JSON.parse(shown.stdout) as {
    tokens: { agent: string; calls: number; input_tokens: number; output_tokens: number; output_budget: number }[];
    history: { bytes: number };
  };
  expect(summary.tokens.map((t) => t.agent).sort()).toEqual([
    'analyzeResults',
    'auditReport',
    'checkDataQuality',
    'checkStep',
    'classifyIntent',
    'describeCatalog',
    'planAnalysis',
    'readDataExtent',
    'recomputeNumbers',
    'runSqlStep',
    'storeInput',
    'storeRunRecord',
    'testCode',
    'testSignificance',
    'writeCode',
    'writeReport',
  ]);
  const sql = summary.tokens.find((t) => t.agent === 'runSqlStep')!;
  expect(sql.calls).toBe(4);
  expect(sql.input_tokens).toBeGreaterThan(1000);
  expect(summary.tokens.every((t) => t.output_tokens > 0)).toBe(true);
  expect(summary.tokens.find((t) => t.agent === 'writeReport')!.output_budget).toBe(1000);
  expect(summary.history.bytes).toBeLessThanOrEqual(64 * 1024);
});
