/**
 * The metric kind (src/catalog/metric-kind.ts): implied by the definition when the catalog does not declare it,
 * and a declared kind that disagrees with the definition stops the catalog with the line to change.
 */
import path from 'node:path';
import { CatalogError, loadCatalog, parseCatalog } from '../../src/catalog/catalog';
import { impliedMetricKind } from '../../src/catalog/metric-kind';

const catalogFile = (name: string) => path.resolve(__dirname, '../..', 'catalogs', name);

const shop = (metric: string) => `name: shop
tables:
  orders: {}
time_fields:
  ordered:
    column: orders.ordered_at
    meaning: when the order was placed
metrics:
${metric}
`;

test('the kind follows the definition: numerator and denominator a ratio, COUNT(DISTINCT …) distinct, a sum or a count additive', () => {
  expect(impliedMetricKind({ numerator: 'SUM(orders.amount)', denominator: 'COUNT(*)' })).toBe('ratio');
  expect(impliedMetricKind({ expression: 'COUNT(DISTINCT orders.user_id)' })).toBe('distinct');
  expect(impliedMetricKind({ expression: "COUNT(DISTINCT orders.user_id) FILTER (WHERE orders.kind = 'new')" })).toBe('distinct');
  expect(impliedMetricKind({ expression: 'SUM(orders.amount)' })).toBe('additive');
  expect(impliedMetricKind({ expression: 'COUNT(*)' })).toBe('additive');
  expect(impliedMetricKind({ expression: 'SUM(line.unit_price * line.quantity * (1 - line.discount))' })).toBe('additive');
  expect(impliedMetricKind({ expression: 'SUM(items.price) FILTER (WHERE items.is_food = 1)' })).toBe('additive');
  // Aggregates that are not sums: their groups need not add up either.
  expect(impliedMetricKind({ expression: 'MAX(orders.order_total)' })).toBe('distinct');
  expect(impliedMetricKind({ expression: 'avg(orders.order_total)' })).toBe('distinct');
});

test('the shipped catalogs: every metric has its kind', () => {
  const kinds = (name: string) => Object.fromEntries(Object.entries(loadCatalog(catalogFile(name)).metrics).map(([n, m]) => [n, m.kind]));
  expect(kinds('chinook.yaml')).toMatchObject({
    revenue: 'additive',
    track_revenue: 'additive',
    orders: 'additive',
    aov: 'ratio',
    avg_track_price: 'ratio',
    buying_customers: 'distinct',
    business_customers: 'distinct',
  });
  const demo = kinds('demo.yaml');
  expect(Object.values(demo).every((k) => k === 'additive' || k === 'ratio' || k === 'distinct')).toBe(true);
});

test('a declared kind that agrees is kept; one that disagrees is reported with the line', () => {
  const ok = parseCatalog(
    shop(
      '  orders:\n    label: orders\n    description: d\n    table: orders\n    expression: COUNT(*)\n    time_field: ordered\n    kind: additive',
    ),
  );
  expect(ok.metrics.orders?.kind).toBe('additive');
  const wrong = () =>
    parseCatalog(
      shop(
        '  buyers:\n    label: buyers\n    description: d\n    table: orders\n    expression: COUNT(DISTINCT orders.user_id)\n    time_field: ordered\n    kind: additive',
      ),
      'shop.yaml',
    );
  expect(wrong).toThrow(CatalogError);
  expect(wrong).toThrow(
    'catalog shop.yaml: line 15: metrics.buyers.kind: kind is "additive" but the definition is a distinct metric: its expression counts distinct values (or is an aggregate other than SUM and COUNT)',
  );
  expect(() =>
    parseCatalog(
      shop(
        '  aov:\n    label: aov\n    description: d\n    table: orders\n    numerator: SUM(orders.amount)\n    denominator: COUNT(*)\n    time_field: ordered\n    kind: distinct',
      ),
    ),
  ).toThrow('kind is "distinct" but the definition is a ratio metric: it has numerator and denominator');
  expect(() =>
    parseCatalog(
      shop(
        '  orders:\n    label: orders\n    description: d\n    table: orders\n    expression: COUNT(*)\n    time_field: ordered\n    kind: sum',
      ),
    ),
  ).toThrow(/metrics\.orders\.kind/);
});
