/**
 * The planning loop on the real Temporal server and PostgreSQL: the plan DAG,
 * parallel isolated steps, per-step retries, fuses, plan feedback, review and export.
 */
import { WorkflowFailedError } from '@temporalio/client';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as realActivities from '../../src/activities';
import { exportRun } from '../../src/cli/export';
import { todayIn } from '../../src/settings/config';
import type { CoderInput, Plan, PlannerInput, StepInput } from '../../src/contracts';
import { analysisWorkflow } from '../../src/workflows';
import { progressQuery, reviewPlanUpdate } from '../../src/contracts/workflow-messages';
import { fullResult } from '../../src/storage/run-record';
import { resolveInputs } from '../../src/storage/input-refs';
import { stepFragment } from '../../src/storage/fragments';
import { activityInputs, db, manifest, runAnalysis, scheduledActivities, startWorker, uniqueTaskQueue, withWorker } from '../helpers';

const harness = withWorker('planning');

async function history(workflowId: string) {
  return (await harness.client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
}

test('the new-vs-returning question runs its 4-step DAG, s2 and s3 in parallel, and finds the top 3 categories', async () => {
  const { workflowId, result } = await runAnalysis(
    harness.client,
    harness.config.taskQueue,
    '对比一下新老客的客单价变化并找出贡献最大的三个品类',
  );
  expect(result.status).toBe('completed');
  expect(result.steps.map((s) => [s.step.step_id, s.status])).toEqual([
    ['s1', 'passed'],
    ['s2', 'passed'],
    ['s3', 'passed'],
    ['s4', 'passed'],
  ]);

  // s2 and s3 are scheduled together, before either completes.
  const events = await history(workflowId);
  // Bulky inputs travel by reference (src/storage/input-refs.ts): read them back.
  const scheduled = events.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'runSqlStep');
  const inputs = (await resolveInputs(
    scheduled.map((e) =>
      harness.client.options.loadedDataConverter.payloadConverter.fromPayload<unknown>(
        e.activityTaskScheduledEventAttributes!.input!.payloads![0]!,
      ),
    ),
  )) as StepInput[];
  const s2 = scheduled[inputs.findIndex((i) => i.step.step_id === 's2')];
  const s3 = scheduled[inputs.findIndex((i) => i.step.step_id === 's3')];
  const firstCompletionAfter = events.find(
    (e) => e.activityTaskCompletedEventAttributes && Number(e.eventId) > Math.min(Number(s2?.eventId), Number(s3?.eventId)),
  );
  expect(Number(s3?.eventId)).toBeLessThan(Number(firstCompletionAfter?.eventId));
  expect(Number(s2?.eventId)).toBeLessThan(Number(firstCompletionAfter?.eventId));
  // Nothing but the markers of their stored inputs between the two.
  const [earlier, later] = [Math.min(Number(s2?.eventId), Number(s3?.eventId)), Math.max(Number(s2?.eventId), Number(s3?.eventId))];
  expect(events.filter((e) => Number(e.eventId) > earlier && Number(e.eventId) < later).every((e) => e.markerRecordedEventAttributes)).toBe(
    true,
  );

  // Context isolation: s4 sees only s3; s3 sees only s1.
  const [s4Input] = await activityInputs<CoderInput>(harness.client, workflowId, 'writeCode');
  expect(Object.keys(s4Input!.requirements.dependencies)).toEqual(['s3']);
  const s3Input = inputs[scheduled.indexOf(s3!)]!;
  expect(Object.keys(s3Input.dependencies)).toEqual(['s1']);
  // The step's catalog fragment is behind the plan's fragments reference.
  const s3Fragment = (await stepFragment(s3Input.catalog, s3Input.catalog_ref, 's3')) as { metrics: object };
  expect(Object.keys(s3Fragment.metrics)).toEqual(['aov']);

  // Expected by hand: a category's contribution to the AOV gap is GMV_c,a / orders_a − GMV_c,b / orders_b.
  const window = (result.plan as Extract<Plan, { kind: 'plan' }>).steps[0]!.operation;
  const { start, end } = (window as { query: { window: { start: string; end: string } } }).query.window;
  const { rows } = await db().query<{ segment: string; category: string | null; gmv: string; orders: string }>(
    `SELECT CASE WHEN date_trunc('month', u.first_order_at) = date_trunc('month', o.pay_time) THEN 'new' ELSE 'returning' END AS segment,
            c.name AS category, sum(o.amount) AS gmv, count(*) AS orders
     FROM orders o JOIN users u USING (user_id) LEFT JOIN categories c USING (category_id)
     WHERE o.status = 'paid' AND o.amount > 0 AND o.pay_time >= $1 AND o.pay_time < $2 GROUP BY 1, 2`,
    [start, end],
  );
  const total = (seg: string) => rows.filter((r) => r.segment === seg).reduce((s, r) => s + Number(r.orders), 0);
  const aov = (seg: string) => rows.filter((r) => r.segment === seg).reduce((s, r) => s + Number(r.gmv), 0) / total(seg);
  const [hi, lo] = aov('returning') > aov('new') ? ['returning', 'new'] : ['new', 'returning'];
  const categories = [...new Set(rows.map((r) => r.category ?? '(missing)'))];
  const contribution = (c: string) => {
    const g = (seg: string) => Number(rows.find((r) => r.segment === seg && (r.category ?? '(missing)') === c)?.gmv ?? 0);
    return g(hi) / total(hi) - g(lo) / total(lo);
  };
  const expectedTop = categories.sort((x, y) => contribution(y) - contribution(x)).slice(0, 3);
  const top = result.steps[3]!.result!.rows.map((r) => r.category);
  expect(top).toEqual(expectedTop);
  expect(result.steps[2]!.result!.data_summary.gap).toBeCloseTo(aov(hi) - aov(lo), 3);
  // How many are listed is a tally, spelled out: every digit in the answer is a number someone can verify.
  expect(result.answer).toContain(`贡献最大的三个品类：${expectedTop[0]}`);
});

test('a large dependency travels as schema + sample + reference, and the next step reads all of it', async () => {
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, 'GMV trend by category over the last 6 months');
  expect(result.status).toBe('completed');
  const series = result.steps[0]!.result!;
  expect(series.result_shape[0]).toBe(54); // 9 categories (8 + missing) × 6 months
  expect(series.rows).toHaveLength(20);
  expect(series.result_ref).toMatch(/^rows:[0-9a-f]{32}$/);
  const trend = result.steps[1]!.result!;
  expect(trend.result_shape[0]).toBe(9);
  expect(trend.rows.find((r) => r.category === '数码')).toMatchObject({ direction: 'up' });
  expect(trend.rows.find((r) => r.category === '图书')).toMatchObject({ direction: 'down', run_length: 5 });
});

describe('per-step retries and fuses', () => {
  let impossibleCatalog: string;
  beforeAll(() => {
    const text = fs.readFileSync(path.resolve(__dirname, '../..', 'catalogs', 'demo.yaml'), 'utf8');
    impossibleCatalog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'baton-')), 'impossible.yaml');
    // GMV can never satisfy this rule, so validation fails on every attempt.
    fs.writeFileSync(
      impossibleCatalog,
      text.replace(
        '    format: currency\n    rules: { min: 0 }\n    decompose_by: [region, category, customer_type]',
        '    format: currency\n    rules: { max: -1 }\n    decompose_by: [region, category, customer_type]',
      ),
    );
  });

  test('a step that always fails ends after exactly 3 retries with a degraded answer', async () => {
    const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, 'What was GMV last month?', {
      catalogPath: impossibleCatalog,
    });
    expect(result.status).toBe('degraded');
    const step = result.steps[0]!;
    expect(step.status).toBe('failed');
    expect(step.attempts).toBe(4); // the first attempt and 3 retries
    expect(step.validations.map((v) => v.reason)).toEqual(
      Array(4).fill(expect.stringMatching(/^value_rules: 1 gmv value\(s\) outside \[-inf, -1\]/)),
    );
    const activities = await scheduledActivities(harness.client, workflowId);
    expect(activities.filter((a) => a === 'runSqlStep')).toHaveLength(4);
    expect(activities.filter((a) => a === 'checkStep')).toHaveLength(4);
    expect(result.answer).toMatch(/^[^\n]*\nStep s1 \(GMV · \w+ \d{4}\) could not be computed: value_rules/);
    // The reason is quoted back to each retry.
    const retries = (await activityInputs<StepInput>(harness.client, workflowId, 'runSqlStep')).map((i) => i.feedback ?? []);
    expect(retries.map((f) => f.length)).toEqual([0, 1, 2, 3]);
  });

  test('past the retries, onStepFailure "fail" fails the run with a diagnostic', async () => {
    const run = runAnalysis(harness.client, harness.config.taskQueue, 'What was GMV last month?', {
      catalogPath: impossibleCatalog,
      onStepFailure: 'fail',
      maxStepRetries: 1,
    });
    await expect(run).rejects.toBeInstanceOf(WorkflowFailedError);
    await run.catch((err: WorkflowFailedError) => {
      expect(err.cause?.message).toMatch(/^step s1 \(GMV · \w+ \d{4}\) failed after 2 attempt\(s\): value_rules/);
    });
  });

  test('a run that would pass the activity cap stops cleanly with a message', async () => {
    const { result } = await runAnalysis(harness.client, harness.config.taskQueue, '对比一下新老客的客单价变化并找出贡献最大的三个品类', {
      maxActivities: 5,
    });
    expect(result.status).toBe('degraded');
    expect(result.activitiesExecuted).toBe(5);
    expect(result.answer).toBe(
      'stopped: the run reached its cap of 5 activity executions before it could answer; simplify the question or raise the cap',
    );
  });

  test('a question needing more than 6 steps ends with a clarification request', async () => {
    const { result } = await runAnalysis(harness.client, harness.config.taskQueue, '最近半年销售额、订单量、购买用户数和客单价的走势');
    expect(result.status).toBe('needs_clarification');
    expect(result.answer).toMatch(/^问题涉及 4 个指标.*请拆成几个更小的问题/);
    expect(result.steps).toEqual([]);
  });
});

describe('plans the workflow rejects go back to the planner with the reason', () => {
  const scripted = uniqueTaskQueue('scripted');
  let stop: () => Promise<void>;
  const plannerInputs: PlannerInput[] = [];
  beforeAll(async () => {
    // A scripted model: the first plan is cyclic; once the reason comes back, the real planner answers.
    const planAnalysis = async (input: PlannerInput): Promise<Plan> => {
      plannerInputs.push(input);
      const plan = await realActivities.planAnalysis(input);
      if ((input.feedback ?? []).length > 0 || plan.kind !== 'plan') return plan;
      return { ...plan, steps: plan.steps.map((s) => (s.step_id === 's1' ? { ...s, depends_on: ['s4'] } : s)) };
    };
    stop = (await startWorker({ ...harness.config, taskQueue: scripted }, { activityOverrides: { planAnalysis } })).stop;
  });
  afterAll(async () => stop());

  test('a cyclic plan is rejected, its reason quoted back, and the revised plan runs', async () => {
    const { result } = await runAnalysis(harness.client, scripted, '对比一下新老客的客单价变化并找出贡献最大的三个品类');
    expect(result.planRejections).toEqual(['the dependencies form a cycle: s1 → s4 → s3 → s1']);
    expect(plannerInputs.map((i) => i.feedback)).toEqual([
      [],
      ['the previous plan was rejected: the dependencies form a cycle: s1 → s4 → s3 → s1'],
    ]);
    expect(result.status).toBe('completed');
  });
});

describe('plan review', () => {
  const start = async (question: string, review: { timeoutSeconds?: number; onTimeout?: 'approve' | 'cancel' } = {}) => {
    const handle = await harness.client.workflow.start(analysisWorkflow, {
      workflowId: `analysis-review-${Math.random().toString(16).slice(2, 10)}`,
      taskQueue: harness.config.taskQueue,
      args: [{ question, asOf: todayIn(harness.config.timeZone), review }],
    });
    for (let i = 0; i < 100; i++) {
      if ((await handle.query(progressQuery)).phase === 'awaiting_approval') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return handle;
  };

  test('revise sends feedback to the planner; approve runs the revised plan', async () => {
    const handle = await start('上个月各区域的销售额');
    const before = await handle.query(progressQuery);
    expect(before.plan).toMatchObject({ kind: 'plan', steps: [{ operation: { query: { group_by: ['region'], filters: [] } } }] });
    await expect(handle.executeUpdate(reviewPlanUpdate, { args: [{ action: 'revise', feedback: '  ' }] })).rejects.toMatchObject({
      cause: { message: 'revise needs feedback for the planner' },
    });
    await handle.executeUpdate(reviewPlanUpdate, { args: [{ action: 'revise', feedback: '只看华东' }] });
    let after = await handle.query(progressQuery);
    for (let i = 0; i < 50 && after.phase !== 'awaiting_approval'; i++) after = await handle.query(progressQuery);
    expect(after.plan).toMatchObject({ steps: [{ operation: { query: { filters: [{ dimension: 'region', values: ['华东'] }] } } }] });
    await handle.executeUpdate(reviewPlanUpdate, { args: [{ action: 'approve' }] });
    const result = await fullResult(await handle.result());
    expect(result.status).toBe('completed');
    expect(result.reviews).toEqual([
      { action: 'revise', feedback: '只看华东' },
      { action: 'approve', feedback: null },
    ]);
    expect(result.metrics.map((m) => m.label)).toEqual(['GMV · 华东']);

    // Export: rebuilt from the history.
    const exported = await exportRun(harness.client, handle.workflowId);
    expect(exported).toMatchObject({
      state: 'completed',
      question: '上个月各区域的销售额',
      intent: { intent: 'query', decided_by: 'model' },
    });
    expect((exported.plans as { feedback: string[] }[]).map((p) => p.feedback)).toEqual([[], ['只看华东']]);
    expect(exported.reviews).toEqual([{ action: 'revise', feedback: '只看华东' }, { action: 'approve' }]);
    const steps = exported.steps as { step_id: string; attempts: { output: { sql: string }; validation: { passed: boolean } }[] }[];
    expect(steps).toHaveLength(1);
    expect(steps[0]!.attempts[0]!.output.sql).toContain('users.region = $3');
    expect(steps[0]!.attempts[0]!.validation.passed).toBe(true);
    expect(exported.answer).toMatchObject({ status: 'completed' });
  });

  test('reject ends the run without executing the plan; decisions outside review are refused', async () => {
    const handle = await start('上个月销售额');
    await handle.executeUpdate(reviewPlanUpdate, { args: [{ action: 'reject', feedback: 'wrong question' }] });
    const result = await fullResult(await handle.result());
    expect(result).toMatchObject({ status: 'rejected', answer: 'rejected by the reviewer: wrong question', steps: [] });
    // Local activities (catalog, intent, the run record) included, in order; the data extent starts with the catalog and
    // the intent, and is recorded first (a remote activity's scheduling comes before the local ones' markers, which
    // follow in the order they finished: either of the catalog and the intent may finish first).
    const recorded = await scheduledActivities(harness.client, handle.workflowId);
    expect([recorded[0], ...recorded.slice(1, 3).sort(), ...recorded.slice(3)]).toEqual([
      'readDataExtent',
      'classifyIntent',
      'describeCatalog',
      'planAnalysis',
      'storeRunRecord',
    ]);

    const running = await start('上个月订单量');
    await running.executeUpdate(reviewPlanUpdate, { args: [{ action: 'approve' }] });
    await running.result();
    await expect(running.executeUpdate(reviewPlanUpdate, { args: [{ action: 'approve' }] })).rejects.toThrow(
      /workflow execution already completed/,
    );
  });

  test('the review timeout approves or cancels as configured', async () => {
    const approved = await fullResult(await (await start('上个月订单量', { timeoutSeconds: 1, onTimeout: 'approve' })).result());
    expect(approved.status).toBe('completed');
    expect(approved.reviews).toEqual([{ action: 'timeout', feedback: null }]);
    const cancelled = await (await start('上个月订单量', { timeoutSeconds: 1, onTimeout: 'cancel' })).result();
    expect(cancelled).toMatchObject({ status: 'rejected', answer: 'cancelled: the plan was not approved within 1 s' });
  });
});

test('the seeded signals are what the attribution finds', async () => {
  const m = await manifest();
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, '为什么华东区上个月复购率下降了？');
  expect(result.status).toBe('completed');
  const rank = result.steps.find((s) => s.step.operation.kind === 'rank_contributors')!.result!;
  expect(rank.data_summary).toMatchObject({ top_dimension: 'customer_type', top_segment: 'new', top_effect_type: 'mix' });
  expect(rank.data_summary.value_before).toBeCloseTo(m.signals.east_repurchase_drop.repurchase_rate.previous, 5);
  expect(rank.data_summary.value_after).toBeCloseTo(m.signals.east_repurchase_drop.repurchase_rate.last, 5);
  const conversion = result.steps.find((s) => s.step.metrics.includes('new_customer_conversion'))!.result!;
  expect(conversion.rows.map((r) => r.value)).toEqual([
    expect.closeTo(m.signals.east_repurchase_drop.new_customer_conversion.previous, 5),
    expect.closeTo(m.signals.east_repurchase_drop.new_customer_conversion.last, 5),
  ]);
  expect(result.answer).toMatch(
    /^[^\n]*\n华东复购率从 26\.\d\d% 变为 19\.\d\d%（−7\.\d\d 个百分点）。主要原因：新客（客户类型）占比变化（结构效应）/,
  );
});
