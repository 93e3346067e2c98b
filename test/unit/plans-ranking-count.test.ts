/**
 * "Revenue by customer" on a catalog whose customer dimension is ranking_only (issue 25, bad input): the run asks back,
 * saying how many values the dimension has (the data-extent agent counts them) and offering the top 10.
 */
import path from 'node:path';
import { loadCatalog, type Catalog } from '../../src/catalog/catalog';
import { classifyIntent, planQuestion } from '../../src/model/rules';

const demo: Catalog = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'demo.yaml'));
const extent = { time_fields: {}, dimension_values: { customer: 47935 } };

test.each([
  ['GMV by customer', /customer has 47935 values, too many to list/, /top 10 customer by GMV/],
  ['按客户统计销售额', /客户有 47935 个值/, /前 10 个客户/],
])('%s asks back with the number of values and the top 10', (question, reason, offer) => {
  const plan = planQuestion(question, classifyIntent(question), demo, '2026-12-01', [], extent);
  expect(plan.kind).toBe('needs_clarification');
  if (plan.kind !== 'needs_clarification') return;
  expect(plan.reason).toMatch(reason);
  expect(plan.question).toMatch(offer);
});

test('the top 3 customers by GMV is answered, not refused', () => {
  const plan = planQuestion('Top 3 customers by GMV', classifyIntent('Top 3 customers by GMV'), demo, '2026-12-01', [], extent);
  expect(plan.kind).toBe('plan');
});
