/**
 * Reading data-quality questions (src/model/rules/plan-quality.ts), on the demo shop's and Chinook's catalogs as they
 * are and on a copy of Chinook's with a billing-state check and a rental-like join check: which tables, which checks,
 * which period. What the counts are is the integration test's (test/integration/quality-questions.test.ts).
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { loadCatalog, parseCatalog } from '../../src/catalog/catalog';
import { planQuestion } from '../../src/model/rules';
import { classifyIntent } from '../../src/model/rules/intent';
import type { Plan } from '../../src/contracts';

const root = path.resolve(__dirname, '../..');
const demo = loadCatalog(path.join(root, 'catalogs/demo.yaml'));
const chinookText = readFileSync(path.join(root, 'catalogs/chinook.yaml'), 'utf8');
const chinook = parseCatalog(chinookText);
/** Chinook with a check on the billing state (the catalog as shipped has a metric for it, not a check). */
export const CHINOOK_WITH_STATE = chinookText.replace(
  '      - { column: total, rule: non_negative,',
  '      - { column: billing_state, rule: not_null, description: invoices without a billing state, description_zh: 没有账单州的发票 }\n      - { column: total, rule: non_negative,',
);
const chinookState = parseCatalog(CHINOOK_WITH_STATE);
const AS_OF = '2026-12-01';

function plan(question: string, catalog = demo): Plan {
  return planQuestion(question, classifyIntent(question), catalog, AS_OF);
}

function quality(question: string, catalog = demo) {
  const p = plan(question, catalog);
  if (p.kind !== 'quality') throw new Error(`${question}: read as ${p.kind}`);
  return p;
}

test('"what is wrong" questions name a table by its name, in English, or by its words in Chinese', () => {
  for (const [question, table] of [
    ['Is anything wrong with the orders data?', 'orders'],
    ['订单数据有什么问题？', 'orders'],
    ['用户数据有没有问题', 'users'],
    ['Are there any problems with the users table?', 'users'],
  ] as const) {
    const p = quality(question);
    expect({ question, ask: p.ask, tables: p.tables, checks: p.checks, window: p.window }).toEqual({
      question,
      ask: 'what_is_wrong',
      tables: [table],
      checks: [],
      window: null,
    });
  }
});

test('a named problem is the check whose column and rule the question names', () => {
  expect(quality('How many orders have no pay time?').checks).toEqual(['orders.pay_time.not_null']);
  expect(quality('Are there any orders with a negative amount?').checks).toEqual(['orders.amount.non_negative']);
  expect(quality('有多少订单缺少品类').checks).toEqual(['orders.category_id.not_null']);
  expect(quality('how many invoices have no billing state', chinookState)).toMatchObject({
    ask: 'named_problem',
    tables: ['invoice'],
    checks: ['invoice.billing_state.not_null'],
  });
});

test('a named period limits the counts; none means all of the data', () => {
  const p = quality('Is anything wrong with the orders data in 2026?');
  expect(p.window).toMatchObject({ start: '2026-01-01', end: '2027-01-01' });
  expect(quality('Is anything wrong with the orders data?').statement).toContain('all of the data');
});

test('questions about metrics are not data-quality questions', () => {
  for (const question of ["What's our GMV?", 'Compare orders last month with the month before', '上个月的销售额是多少']) {
    expect(plan(question).kind).not.toBe('quality');
  }
  // Chinook as shipped counts invoices without a state with a metric, not a check.
  expect(plan('How many invoices without a billing state were there in 2024?', chinook).kind).toBe('plan');
});

test('a table with no checks is refused with the tables that have some', () => {
  const p = plan('Is anything wrong with the categories data?');
  expect(p.kind).toBe('cannot_answer');
  expect(p.kind === 'cannot_answer' && p.reason).toContain('orders, users');
});
