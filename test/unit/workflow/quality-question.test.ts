/**
 * A data-quality question's route through the workflow (src/workflows/quality.ts), with every agent stubbed: the plan
 * of kind `quality` goes to the data-quality agent and recomputeNumbers only (no steps, no report), the checklist shows
 * those two stages, and the run is completed only when every count in the answer was recounted independently.
 */
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { markers, replay, runAnalysis, startEnvironment, workflowBundle, type Call } from './harness';

let env: TestWorkflowEnvironment;
beforeAll(async () => {
  [env] = await Promise.all([startEnvironment(), workflowBundle()]);
}, 120_000);
afterAll(async () => {
  await env?.teardown();
});

const PLAN = {
  kind: 'quality',
  ask: 'what_is_wrong',
  tables: ['orders'],
  checks: [],
  window: null,
  assumptions: [],
  statement: 'data quality of orders: the catalog’s 2 check(s), all of the data',
};
const check = (id: string, description: string, count: number) => ({
  id,
  kind: 'negative_value',
  table: 'orders',
  column: id.split('.')[1],
  description,
  count,
  count_all: count,
  excluded_by_metrics: false,
});
const DQ = {
  task_id: 'dq',
  tables: [{ table: 'orders', rows: 1200, rows_all: 1200, period: null }],
  checks: [
    check('orders.amount.non_negative', 'negative order amounts', 1037),
    check('orders.pay_time.not_null', 'paid orders without a pay time', 0),
  ],
  partial_periods: [],
  dirty_rows: 0,
  calculations_ref: 'dq-calcs',
  calculation_count: 3,
  recipe: { kind: 'stored', step_id: 'dq', recipe_ref: 'dq-recipe' },
  assumptions_made: [],
  paths_excluded: [],
};
const verification =
  (verified: string[], mismatches: string[] = []) =>
  () => ({
    verified,
    mismatches,
    checked_count: verified.length + mismatches.length,
    rule: 'every number',
    reconciliations: [],
    not_selected: [],
    rerun_only: [],
  });
const agentsOf = (calls: Call[]) => calls.map((c) => c.agent);

test('the question goes to the data-quality agent and the recount, lists the failing check and completes', async () => {
  const ran = await runAnalysis(
    env,
    { question: 'Is anything wrong with the orders data?' },
    { planAnalysis: () => PLAN, checkDataQuality: () => DQ, recomputeNumbers: verification(['dq.orders.amount.non_negative.all']) },
  );
  expect(ran.failure).toBeNull();
  expect(agentsOf(ran.calls)).toEqual([
    'describeCatalog',
    'classifyIntent',
    'readDataExtent',
    'planAnalysis',
    'checkDataQuality',
    'recomputeNumbers',
    'storeRunRecord',
  ]);
  // The agent is asked about the question's tables over all of the data.
  expect(ran.of('checkDataQuality')[0]?.input).toMatchObject({ metrics: [], windows: [], question: { tables: ['orders'], checks: [] } });
  expect(ran.of('recomputeNumbers')[0]?.input).toMatchObject({ calculation_refs: ['dq-calcs'], recipes: [DQ.recipe] });
  expect(ran.result?.status).toBe('completed');
  expect(ran.result?.answer).toBe(`${PLAN.statement}\nfailing checks:\n- negative order amounts: 1,037 row(s) (orders)`);
  expect(ran.result?.metrics).toEqual([
    expect.objectContaining({
      name: 'orders.amount.non_negative',
      value: 1037,
      calculation_id: 'dq.orders.amount.non_negative.all',
      verified: true,
    }),
  ]);
  expect(ran.record?.checklist).toContain('- [x] data quality — done');
  expect(ran.record?.checklist).toContain('- [x] verify numbers — done');
  expect(ran.record?.checklist).not.toContain('statistics');
  // The branch was decided at the run's start: every patch marker comes before the first agent's result, and it replays.
  const recorded = await markers(env, ran);
  expect(recorded.lastIndexOf('core_patch')).toBeLessThan(recorded.indexOf('core_local_activity'));
  await replay(env, ran);
});

test('a count the recount does not match is marked unverified and the run ends degraded', async () => {
  const ran = await runAnalysis(
    env,
    { question: 'Is anything wrong with the orders data?' },
    { planAnalysis: () => PLAN, checkDataQuality: () => DQ, recomputeNumbers: verification([], ['dq.orders.amount.non_negative.all']) },
  );
  expect(ran.result?.status).toBe('degraded');
  expect(ran.result?.answer).toContain('negative order amounts: 1,037 row(s) (orders) (unverified)');
  expect(ran.record?.checklist).toContain('verify numbers — failed');
});

test('when nothing fails the answer says so', async () => {
  const clean = { ...DQ, checks: DQ.checks.map((c) => ({ ...c, count: 0, count_all: 0 })) };
  const ran = await runAnalysis(
    env,
    { question: 'Is anything wrong with the orders data?' },
    { planAnalysis: () => PLAN, checkDataQuality: () => clean, recomputeNumbers: verification([]) },
  );
  expect(ran.result?.status).toBe('completed');
  expect(ran.result?.answer).toBe(`${PLAN.statement}\nall 2 check(s) on orders pass: no failing rows.`);
  expect(ran.result?.metrics).toEqual([]);
});
