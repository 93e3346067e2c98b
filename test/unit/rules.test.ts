/** The offline rules model's pieces on their own: time windows, intent keywords, catalog reading. */
import path from 'node:path';
import { CatalogError, loadCatalog, parseCatalog } from '../../src/catalog/catalog';
import { compileMetricQuery } from '../../src/catalog/sql';
import { classifyIntent, planQuestion, readQuestion } from '../../src/model/rules';
import { findTimeWindow } from '../../src/model/period-text';
import { defaultTimeWindow } from '../../src/model/time-window';

const catalog = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'demo.yaml'));
const AS_OF = '2026-11-29';

test.each([
  ['上个月 GMV', '2026-10-01', '2026-11-01', '2026年10月'],
  ['What was GMV last month?', '2026-10-01', '2026-11-01', '2026年10月'],
  ['2025年Q3 销售额', '2025-07-01', '2025-10-01', '2025年第3季度'],
  ['GMV in Q3 2025', '2025-07-01', '2025-10-01', '2025年第3季度'],
  ['2026年3月的订单量', '2026-03-01', '2026-04-01', '2026年3月'],
  ['orders in March 2026', '2026-03-01', '2026-04-01', '2026年3月'],
  ['最近4周的销售额', '2026-11-01', '2026-11-29', '2026-11-01 至 2026-11-28'],
  ['GMV over the last 2 weeks', '2026-11-15', '2026-11-29', '2026-11-15 至 2026-11-28'],
  ['最近三个月 GMV', '2026-08-01', '2026-11-01', '2026年8月至2026年10月'],
  ['GMV last week', '2026-11-16', '2026-11-23', '2026-11-16 至 2026-11-22'],
])('time window of %j', (question, start, end, label) => {
  expect(findTimeWindow(question, AS_OF)).toMatchObject({ start, end, label_zh: label, source: 'question' });
});

test('no period in the question means the last full month, marked as a default', () => {
  expect(findTimeWindow('GMV 是多少', AS_OF)).toBeNull();
  expect(defaultTimeWindow('2026-01-05')).toMatchObject({ start: '2025-12-01', end: '2026-01-01', source: 'default' });
});

test.each([
  ['为什么华东区上个月复购率下降了？', 'attribution', '为什么'],
  ['Why did GMV drop last month?', 'attribution', 'Why'],
  ['对比一下新老客的客单价', 'comparison', '对比'],
  ['Compare GMV in 华东 versus 华北', 'comparison', 'Compare'],
  ['最近三个月销售额的走势', 'trend', '走势'],
  ['Show the GMV trend', 'trend', 'trend'],
])('intent rule for %j', (question, intent, matched) => {
  expect(classifyIntent(question)).toMatchObject({ intent, decided_by: 'rules', matched });
});

test('without a keyword the model decides, and says so', () => {
  expect(classifyIntent('上个月 GMV 是多少？')).toEqual({
    intent: 'query',
    decided_by: 'model',
    matched: null,
    model: 'offline-rules',
    language: 'zh',
  });
});

test('catalog terms are read as whole words, longest first', () => {
  expect(readQuestion('average order value in East China by category', catalog)).toMatchObject({
    metrics: ['aov'],
    filters: [{ dimension: 'region', values: ['华东'] }],
    groupBy: ['category'],
    mentionedDimensions: ['category'],
    topN: null,
    unknownDimensions: [],
  });
  expect(readQuestion('GMV by city', catalog).unknownDimensions).toEqual(['city']);
});

test('a question without a catalog metric cannot be answered and lists what the catalog offers', () => {
  const plan = planQuestion('上个月天气如何', classifyIntent('上个月天气如何'), catalog, AS_OF);
  expect(plan).toEqual({
    kind: 'cannot_answer',
    reason:
      '问题中没有可识别的指标；目录“demo”提供：销售额 (gmv)、订单量 (orders)、购买用户数 (buyers)、客单价 (aov)、复购率 (repurchase_rate)、新客数 (new_customers)、老客数 (returning_customers)、新客转化率 (new_customer_conversion)、明细销售额 (item_revenue)、商品件数 (items_sold)',
    available_metrics: [
      '销售额 (gmv)',
      '订单量 (orders)',
      '购买用户数 (buyers)',
      '客单价 (aov)',
      '复购率 (repurchase_rate)',
      '新客数 (new_customers)',
      '老客数 (returning_customers)',
      '新客转化率 (new_customer_conversion)',
      '明细销售额 (item_revenue)',
      '商品件数 (items_sold)',
    ],
  });
});

test('SQL is compiled from the catalog definition, joining only what it needs', () => {
  const window = findTimeWindow('last month', AS_OF);
  if (!window) throw new Error('no window');
  const plain = compileMetricQuery(catalog, { metric: 'gmv', window, filters: [], group_by: [], order: null, limit: null });
  expect(plain.sql).not.toContain('JOIN');
  expect(plain.params).toEqual(['2026-10-01', '2026-11-01']);
  const scoped = compileMetricQuery(catalog, {
    metric: 'gmv',
    window,
    filters: [{ dimension: 'region', values: ['华东'] }],
    group_by: ['category'],
    order: null,
    limit: null,
  });
  expect(scoped.sql).toContain('LEFT JOIN users ON orders.user_id = users.user_id');
  expect(scoped.sql).toContain('LEFT JOIN categories ON orders.category_id = categories.category_id');
  expect(scoped.params).toEqual(['2026-10-01', '2026-11-01', '华东']);
  expect(scoped.filters_applied).toEqual([
    'paid orders only',
    'orders with a non-positive amount excluded (data errors)',
    'pay_time in [2026-10-01, 2026-11-01) (October 2026)',
    'region = 华东',
  ]);
});

test('a malformed catalog fails with the file, the field path and why', () => {
  expect(() => parseCatalog('name: x\ntables: [oops', 'bad.yaml')).toThrow(/^catalog bad\.yaml: line \d+: not valid YAML/);
  const missingTimeField = `
name: shop
tables: { orders: {} }
time_fields: { paid: { column: orders.paid_at, meaning: paid } }
metrics:
  gmv: { label: GMV, label_zh: 销售额, description: d, table: orders, expression: SUM(orders.amount), time_field: nope }
`;
  expect(() => parseCatalog(missingTimeField, 'shop.yaml')).toThrow(
    new CatalogError('shop.yaml', 'metrics.gmv.time_field', '"nope" is not one of the time_fields (paid)', 6),
  );
  expect(() => parseCatalog('name: shop\ntables: {}\ntime_fields: {}\nmetrics: { gmv: { label: 3 } }', 'x.yaml')).toThrow(
    /^catalog x\.yaml: line 4: metrics\.gmv\.label: /,
  );
});

test('a misspelt key is named with its line and the keys it may have meant, never dropped silently', () => {
  const typo = 'name: shop\ntables:\n  orders:\n    primary_key: id\n    time_colum: placed_at\ntime_fields: {}\nmetrics: {}\n';
  expect(() => parseCatalog(typo, 'shop.yaml')).toThrow(
    new CatalogError('shop.yaml', 'tables.orders', 'unknown key `time_colum`; did you mean `time_column`?', 5),
  );
  expect(() => parseCatalog('name: shop\ntimzone: UTC\ntables: {}\ntime_fields: {}\nmetrics: {}\n', 'shop.yaml')).toThrow(
    'catalog shop.yaml: line 2: (root): unknown key `timzone`; did you mean `timezone`?',
  );
  expect(() =>
    parseCatalog('name: shop\ntables: {}\ntime_fields: {}\nmetrics: {}\njoins:\n  - { form: a.b, to: c.d }\n', 'shop.yaml'),
  ).toThrow('line 6: joins.0: unknown key `form`; did you mean `from`?');
  expect(() => parseCatalog('name: shop\ntables: {}\ntime_fields: {}\nmetrics: {}\nwidgets: {}\n', 'shop.yaml')).toThrow(
    'line 5: (root): unknown key `widgets`',
  );
});
