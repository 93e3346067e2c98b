/** The rules planner and the workflow's plan checks, on their own. */
import path from 'node:path';
import { loadCatalog } from '../../src/catalog/catalog';
import { catalogIndex } from '../../src/catalog/sql';
import type { Plan, PlanStep } from '../../src/contracts';
import { classifyIntent, planQuestion } from '../../src/model/rules';
import { checkPlan } from '../../src/planning/plan-checks';

const catalog = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'demo.yaml'));
const AS_OF = '2026-11-29';
const plan = (question: string): Plan => planQuestion(question, classifyIntent(question), catalog, AS_OF);
const steps = (p: Plan): PlanStep[] => (p.kind === 'plan' ? p.steps : []);

test('the new-vs-returning example plans exactly four steps with only the necessary dependencies', () => {
  const p = plan('对比一下新老客的客单价变化并找出贡献最大的三个品类');
  expect(p.kind).toBe('plan');
  const s = steps(p);
  expect(s.map((x) => [x.step_id, x.depends_on])).toEqual([
    ['s1', []],
    ['s2', ['s1']],
    ['s3', ['s1']],
    ['s4', ['s3']],
  ]);
  expect(s.map((x) => x.operation.kind)).toEqual(['metric', 'metric', 'gap_contribution', 'top_n']);
  expect(s[0]?.description).toMatch(/^划分新客与老客（按首单时间划分/);
  expect(s[1]?.operation).toMatchObject({ kind: 'metric', query: { metric: 'aov', group_by: ['month', 'customer_type'] } });
  expect(s[2]?.operation).toMatchObject({ kind: 'gap_contribution', across: 'category', segment: { dimension: 'customer_type' } });
  expect(s[3]?.operation).toEqual({ kind: 'top_n', source: 's3', column: 'contribution', n: 3, order: 'desc' });
  expect(checkPlan(p as Extract<Plan, { kind: 'plan' }>, catalogIndex(catalog))).toEqual([]);
});

test('a question one step can answer gets one step', () => {
  const p = plan('上个月销售额多少');
  expect(steps(p)).toHaveLength(1);
  expect(steps(p)[0]?.operation).toMatchObject({
    kind: 'metric',
    query: { metric: 'gmv', group_by: [], window: { start: '2026-10-01', end: '2026-11-01' } },
  });
});

test('top-N questions are one sorted, limited step', () => {
  const p = plan('上个月销售额最高的三个品类');
  expect(steps(p)).toHaveLength(1);
  expect(steps(p)[0]?.operation).toMatchObject({
    kind: 'metric',
    query: { metric: 'gmv', group_by: ['category'], order: 'desc', limit: 3 },
  });
  expect(steps(plan('Which 2 regions had the lowest AOV last month?'))[0]?.operation).toMatchObject({
    query: { metric: 'aov', group_by: ['region'], order: 'asc', limit: 2 },
  });
});

test('"why did X change" plans the change, its decompositions, a ranking and the related metrics', () => {
  const p = plan('为什么华东区上个月复购率下降了？');
  const s = steps(p);
  expect(s.map((x) => x.operation.kind)).toEqual(['metric', 'change_decomposition', 'change_decomposition', 'rank_contributors', 'metric']);
  expect(s.map((x) => x.depends_on)).toEqual([[], ['s1'], ['s1'], ['s2', 's3'], []]);
  expect(s[0]?.operation).toMatchObject({
    query: {
      metric: 'repurchase_rate',
      filters: [{ dimension: 'region', values: ['华东'] }],
      window: { start: '2026-09-01', end: '2026-11-01' },
    },
  });
  expect(s[4]?.operation).toMatchObject({
    query: { metric: 'new_customer_conversion', filters: [{ dimension: 'region', values: ['华东'] }] },
  });
});

test('trends cover six full months and end in a trend step', () => {
  const s = steps(plan('Show the trend of books GMV'));
  expect(s.map((x) => x.operation.kind)).toEqual(['metric', 'trend']);
  expect(s[0]?.operation).toMatchObject({
    query: {
      group_by: ['month'],
      filters: [{ dimension: 'category', values: ['图书'] }],
      window: { start: '2026-05-01', end: '2026-11-01' },
    },
  });
});

test('a question that would need more than 6 steps asks for clarification', () => {
  const p = plan('最近半年销售额、订单量、购买用户数和客单价的走势');
  expect(p).toMatchObject({ kind: 'needs_clarification', reason: '回答这个问题需要 8 步，超过上限 6 步' });
});

test('reviewer feedback is read with the question', () => {
  const p = planQuestion('上个月各区域的销售额', classifyIntent('上个月各区域的销售额'), catalog, AS_OF, ['只看华东']);
  expect(steps(p)[0]?.operation).toMatchObject({ query: { filters: [{ dimension: 'region', values: ['华东'] }] } });
});

test('each step carries only the catalog entries it uses', () => {
  const p = plan('对比一下新老客的客单价变化并找出贡献最大的三个品类') as Extract<Plan, { kind: 'plan' }>;
  const fragment = p.fragments.s3 as { metrics: Record<string, unknown>; dimensions: Record<string, unknown> };
  expect(Object.keys(fragment.metrics)).toEqual(['aov']);
  expect(Object.keys(fragment.dimensions).sort()).toEqual(['category', 'customer_type']);
  expect(Object.keys((p.fragments.s4 as { metrics: object }).metrics)).toEqual(['aov']);
  expect(Object.keys((p.fragments.s4 as { dimensions: object }).dimensions)).toEqual(['category']);
});

describe('plan checks', () => {
  const base = plan('对比一下新老客的客单价变化并找出贡献最大的三个品类') as Extract<Plan, { kind: 'plan' }>;
  const index = catalogIndex(catalog);
  const withSteps = (mutate: (s: PlanStep[]) => PlanStep[]) => ({ ...base, steps: mutate(structuredClone(base.steps)) });

  test('a cycle is named with its path', () => {
    const cyclic = withSteps((s) => {
      (s[0] as PlanStep).depends_on = ['s4'];
      return s;
    });
    expect(checkPlan(cyclic, index)).toEqual(['the dependencies form a cycle: s1 → s4 → s3 → s1']);
  });
  test('unknown dependencies, undeclared sources and names outside the catalog are each reported', () => {
    const broken = withSteps((s) => {
      (s[1] as PlanStep).depends_on = ['s9'];
      (s[3] as PlanStep).depends_on = [];
      (s[2] as PlanStep).metrics = ['profit'];
      return s;
    });
    expect(checkPlan(broken, index)).toEqual([
      'step s2 depends on unknown step s9',
      'step s3 uses metric "profit", which is not in catalog demo (gmv, orders, buyers, aov, repurchase_rate, new_customers, returning_customers, new_customer_conversion, item_revenue, items_sold)',
      'step s4 reads s3 but does not declare it in depends_on',
    ]);
  });
  test('more than 6 steps is refused', () => {
    const long = withSteps((s) => [...s, ...s.map((x) => ({ ...x, step_id: `${x.step_id}b`, depends_on: [] }))]);
    expect(checkPlan(long, index)[0]).toBe('the plan has 8 steps; at most 6 are allowed');
  });
});
