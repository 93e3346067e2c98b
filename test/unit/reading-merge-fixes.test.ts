/**
 * Readings the merged branches got wrong on the blind suites (issue 25), each written here from its class, not the
 * suite's phrasing: a Chinese month range that writes its year and 月 once ("2022年4到9月"), the same period a year
 * earlier ("去年同期", "上年同期"), and a term as written beating a word form of another ("best customer": the
 * dimension customer, not the metric whose alias is "customers").
 */
import path from 'node:path';
import { loadCatalog } from '../../src/catalog/catalog';
import type { Plan } from '../../src/contracts';
import { classifyIntent, planQuestion } from '../../src/model/rules';
import { readPeriods } from '../../src/model/period-text';

const catalogs = path.resolve(__dirname, '../..', 'catalogs');
const chinook = loadCatalog(path.join(catalogs, 'chinook.yaml'));
const demo = loadCatalog(path.join(catalogs, 'demo.yaml'));
const AS_OF = '2026-12-01';

test.each([
  ['2022年4到9月的订单数', '2022-04-01', '2022-10-01'],
  ['2021年1至3月卖了多少', '2021-01-01', '2021-04-01'],
  ['2025年10-12月份的销售额', '2025-10-01', '2026-01-01'],
])('%s reads the months of that year, not the whole year', (question, start, end) => {
  const found = readPeriods(question, AS_OF, false);
  expect(found.periods.map((p) => [p.window.start, p.window.end])).toEqual([[start, end]]);
});

const queries = (p: Plan) => (p.kind === 'plan' ? p.steps.flatMap((s) => ('query' in s.operation ? [s.operation.query] : [])) : []);

test.each(['2024年Q2的销售额和去年同期相比如何', '2024年第二季度销售额与上年同期比怎么样'])(
  '%s compares the quarter with the same quarter a year earlier, not with last year',
  (question) => {
    const plan = planQuestion(question, classifyIntent(question), chinook, AS_OF);
    const [query] = queries(plan);
    expect(query?.periods.map((p) => [p.start, p.end])).toEqual([
      ['2023-04-01', '2023-07-01'],
      ['2024-04-01', '2024-07-01'],
    ]);
  },
);

test.each(['Which customer is the best?', 'Show me our single best customer'])('%s ranks customers by the primary metric', (question) => {
  const plan = planQuestion(question, classifyIntent(question), demo, AS_OF);
  const [query] = queries(plan);
  expect(query).toMatchObject({ metric: 'gmv', group_by: ['customer'], order: 'desc', limit: 1 });
});
