/**
 * A ranking ranks values (issue 25, as users ask): "which category had the lowest GMV" is never answered "(missing)",
 * the group of orders with no category; a breakdown still shows that group. And a group known by a number (a customer
 * id) is a name in the answer, not a figure to verify.
 */
import path from 'node:path';
import { loadCatalog } from '../../src/catalog/catalog';
import { compileMetricQuery } from '../../src/catalog/sql';
import { MetricQuery } from '../../src/contracts';
import { readNumbers } from '../../src/format/read';
import { ordered } from '../../src/verify/second-path';

const demo = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'demo.yaml'));
const window = { start: '2026-11-01', end: '2026-12-01', label_en: 'November 2026', label_zh: '2026年11月', source: 'question' as const };

test('a ranked query leaves out the groups with no value; a plain breakdown keeps them', () => {
  const ranked = compileMetricQuery(
    demo,
    MetricQuery.parse({ metric: 'gmv', window, filters: [], group_by: ['category'], order: 'asc', limit: 1 }),
  );
  expect(ranked.sql).toMatch(/HAVING [^\n]+ IS NOT NULL/);
  const breakdown = compileMetricQuery(demo, MetricQuery.parse({ metric: 'gmv', window, filters: [], group_by: ['category'] }));
  expect(breakdown.sql).not.toMatch(/HAVING/);
});

test('the second path ranks the same rows it is given: with the missing group left out first, the lowest is a category', () => {
  const rows = [
    { category: '图书', value: 120 },
    { category: '食品', value: 150 },
    { category: '数码', value: 900 },
  ];
  expect(ordered(rows, 'asc', 2).map((r) => r.category)).toEqual(['图书', '食品']);
});

test('a customer id among the rows named is not read as a number; a longer number holding its digits still is', () => {
  const text = 'GMV by customer: 25550 ¥9,493.12, and 125550 orders in 2024';
  const read = readNumbers(text, ['25550', '2024']).numbers.map((n) => n.text);
  expect(read).toEqual(expect.arrayContaining(['¥9,493.12', '125550']));
  expect(read).not.toContain('25550');
  expect(readNumbers(text, []).numbers.map((n) => n.text)).toContain('25550');
});
