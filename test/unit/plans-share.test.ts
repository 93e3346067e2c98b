/**
 * Share of total and ranking-only dimensions in the rules model (issue 25): "what share of revenue came from Rock",
 * "华东占GMV的比例", "各品类销售额占比" read as share_of_total along the value's dimension or the breakdown's; a share
 * of something the catalog does not have asks back naming the values it has; a ratio has no share. A dimension kept
 * for rankings works for "top 3 customers" and asks back, offering the top 10, for a plain breakdown.
 */
import path from 'node:path';
import { loadCatalog, parseCatalog, type Catalog } from '../../src/catalog/catalog';
import type { Plan, PlanStep } from '../../src/contracts';
import { classifyIntent, planQuestion, readingOfPlan } from '../../src/model/rules';
import { extent } from './chinook-extent';

const root = path.resolve(__dirname, '../..');
const chinook = loadCatalog(path.join(root, 'catalogs', 'chinook.yaml'));
const demo = loadCatalog(path.join(root, 'catalogs', 'demo.yaml'));
const AS_OF = '2026-11-30';

const plan = (catalog: Catalog, question: string): Plan =>
  planQuestion(question, classifyIntent(question), catalog, AS_OF, [], catalog === chinook ? extent : null);
const steps = (p: Plan): PlanStep[] => {
  if (p.kind !== 'plan') throw new Error(`expected a plan, got ${p.kind}: ${'reason' in p ? p.reason : ''}`);
  return p.steps;
};
const shareOf = (p: Plan) =>
  steps(p).map((s) => {
    if (s.operation.kind !== 'share_of_total') throw new Error(`expected share_of_total, got ${s.operation.kind}`);
    const q = s.operation.query;
    return { metric: q.metric, dimension: s.operation.dimension, group_by: q.group_by, filters: q.filters, source: q.window.source };
  });

describe('share of total', () => {
  test.each([
    [chinook, 'What share of revenue came from Rock?', 'track_revenue', 'genre'],
    [chinook, 'What percentage of revenue came from the USA?', 'revenue', 'country'],
    [chinook, '各流派销售额占比', 'track_revenue', 'genre'],
    [demo, '华东占GMV的比例', 'gmv', 'region'],
    [demo, '各品类销售额占比', 'gmv', 'category'],
    [demo, 'Show the share of orders by region', 'orders', 'region'],
    [demo, '华南的销售额占比是多少', 'gmv', 'region'],
    [demo, 'What percentage of our sales came from new customers?', 'gmv', 'customer_type'],
  ] as [Catalog, string, string, string][])('%#: %s → the shares of %s by %s', (catalog, question, metric, dimension) => {
    const p = plan(catalog, question);
    expect(shareOf(p)).toEqual([{ metric, dimension, group_by: [dimension], filters: [], source: 'all_time' }]);
    // The share words and the value named are part of the reading: nothing the plan leaves unused blocks it.
    const intent = classifyIntent(question);
    expect(readingOfPlan(question, steps(p), catalog, intent.language, AS_OF, intent.matched).blocking).toEqual([]);
  });

  test("a share keeps the question's other filters and its period", () => {
    const p = plan(demo, 'What share of GMV in East China came from each category in March 2026?');
    const op = steps(p)[0]!.operation;
    expect(op).toMatchObject({
      kind: 'share_of_total',
      dimension: 'category',
      query: { metric: 'gmv', group_by: ['category'], filters: [{ dimension: 'region', values: ['华东'] }] },
    });
    expect(op.kind === 'share_of_total' && [op.query.window.start, op.query.window.end]).toEqual(['2026-03-01', '2026-04-01']);
  });

  test('shares across a fan-out dimension may add up to more than 100 %, and the assumptions say so', () => {
    const p = plan(chinook, 'What share of buying customers came from Rock?');
    expect(shareOf(p)[0]).toMatchObject({ metric: 'buying_customers', dimension: 'genre' });
    expect(p.kind === 'plan' && p.assumptions.join(' ')).toMatch(/add up to more than the total/);
  });

  test('a share of a value the catalog does not have asks back, naming the values it has', () => {
    const p = plan(chinook, 'Share of revenue from Narnia');
    expect(p.kind).toBe('needs_clarification');
    if (p.kind !== 'needs_clarification') return;
    expect(p.reason).toBe('the question asks for a share, but of what: the catalog has no value "Narnia"');
    expect(p.question).toMatch(/^A share of which part\? The catalog has: country: Argentina, Australia, Austria/);
    const zh = plan(demo, '占销售额的比例是多少');
    expect(zh).toMatchObject({ kind: 'needs_clarification', reason: '问题问的是占比，但没有说明是哪个值或哪个维度' });
    expect(zh.kind === 'needs_clarification' && zh.question).toContain('区域：华东、华北、华南、西南、东北');
  });

  test('a ratio has no share of a total', () => {
    expect(plan(demo, '华东占客单价的比例')).toMatchObject({
      kind: 'needs_clarification',
      reason: '客单价是比率，没有“占总体的比例”；可以问其分子指标的占比',
    });
  });
});

/** A shop whose drafted catalog has a count of orders and, beside it, the orders never shipped (issue 25's example). */
const shipping = parseCatalog(
  `
name: shipping
tables: { orders: { primary_key: order_id } }
time_fields: { ordered: { column: orders.ordered_at, meaning: when the order was placed } }
metrics:
  orders: { label: orders, label_zh: 订单数, aliases: [orders, order count, 订单, 订单数], description: orders, table: orders, expression: COUNT(*), time_field: ordered }
  unshipped_orders:
    label: orders never shipped
    label_zh: 未发货订单数
    aliases: [never shipped, unshipped orders, not shipped, 从未发货, 未发货]
    description: orders without a ship date
    table: orders
    expression: COUNT(*)
    time_field: ordered
    filters: [{ sql: orders.shipped_at IS NULL, description: never shipped }]
dimensions:
  region: { label: region, label_zh: 区域, column: orders.region, aliases: [region, 区域] }
`,
  'shipping.yaml',
);

describe('only what was asked', () => {
  test.each([
    [demo, 'How many orders were there last month?', ['orders']],
    [chinook, 'How many invoices without a billing state were there in 2024?', ['invoices_without_state']],
    [chinook, 'Why did revenue drop in December 2025?', ['revenue']],
    [shipping, 'How many orders were never shipped?', ['unshipped_orders']],
    [shipping, 'How many orders never shipped by region?', ['unshipped_orders']],
    [shipping, '有多少订单从未发货', ['unshipped_orders']],
    // Both named, both computed.
    [shipping, 'How many orders and orders never shipped were there?', ['orders', 'unshipped_orders']],
  ] as [Catalog, string, string[]][])('%#: %s computes %j', (catalog, question, metrics) => {
    const p = planQuestion(question, classifyIntent(question), catalog, AS_OF, [], catalog === chinook ? extent : null);
    expect([...new Set(steps(p).flatMap((s) => s.metrics))]).toEqual(metrics);
  });

  test('a why keeps the metrics the catalog relates to its metric: they are its explanation, not another answer', () => {
    const p = planQuestion('为什么上个月复购率下降了', classifyIntent('为什么上个月复购率下降了'), demo, '2026-12-01');
    expect([...new Set(steps(p).flatMap((s) => s.metrics))]).toEqual(['repurchase_rate', 'new_customer_conversion']);
  });
});

describe('a dimension kept for rankings', () => {
  const customer = chinook.dimensions.customer!;
  const ranked: Catalog = { ...chinook, dimensions: { ...chinook.dimensions, customer: { ...customer, ranking_only: true } } };

  test('"top 3 customers by revenue" works', () => {
    const op = steps(plan(ranked, 'Top 3 customers by revenue'))[0]!.operation;
    expect(op).toMatchObject({ kind: 'metric', query: { metric: 'revenue', group_by: ['customer'], order: 'desc', limit: 3 } });
  });

  test('a plain breakdown by it asks back, offering the top 10', () => {
    expect(plan(ranked, 'Revenue by customer')).toEqual({
      kind: 'needs_clarification',
      reason: 'customer has too many values to list; it is offered for rankings only',
      question: 'Would the top 10 customer by revenue do? For example "top 10 customer by revenue".',
    });
    expect(plan(ranked, '各客户的销售额')).toMatchObject({
      kind: 'needs_clarification',
      reason: '客户的值太多，无法全部列出；这个维度只用于排名',
    });
    // Without the key the same breakdown is planned.
    expect(steps(plan(chinook, 'Revenue by customer'))[0]!.operation).toMatchObject({ query: { group_by: ['customer'] } });
  });
});

test('the qualified noun counts as read: nothing blocks the plan of "orders were never shipped"', () => {
  const question = 'How many orders were never shipped?';
  const p = planQuestion(question, classifyIntent(question), shipping, AS_OF);
  expect(readingOfPlan(question, steps(p), shipping, 'en', AS_OF, null).blocking).toEqual([]);
});
