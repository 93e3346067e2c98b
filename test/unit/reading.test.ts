/**
 * How questions are read, without a server: periods (ranges, halves, since, relative, all time),
 * grains, rankings and comparisons, the period chosen from the data's extent, words the plan
 * does not use, and bad input. The planner runs on the Chinook catalog with an extent shaped
 * like Chinook's data (2021-01-01 – 2025-12-22, a handful of invoices a month). Questions the planner plans
 * store catalog fragments in PostgreSQL: those are in test/integration/reading-plans.test.ts.
 */
import path from 'node:path';
import { planAnalysis } from '../../src/activities/planner';
import { loadCatalog, parseCatalog } from '../../src/catalog/catalog';
import { compileMetricQuery, FanOutError } from '../../src/catalog/sql';
import { partialMonths } from '../../src/analysis/coverage';
import type { MetricQuery, Plan } from '../../src/contracts';
import { extent, months } from './chinook-extent';
import { classifyIntent, planQuestion, readingOfPlan } from '../../src/model/rules';
import { readPeriods } from '../../src/model/period-text';

const AS_OF = '2026-11-30';
const catalog = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'));

const plan = (question: string): Plan => planQuestion(question, classifyIntent(question), catalog, AS_OF, [], extent);
const firstQuery = (p: Plan): MetricQuery => {
  if (p.kind !== 'plan') throw new Error(`expected a plan, got ${p.kind}: ${'reason' in p ? p.reason : ''}`);
  const op = p.steps[0]!.operation;
  if (!('query' in op)) throw new Error('the first step has no query');
  return op.query;
};
const window = (p: Plan) => [firstQuery(p).window.start, firstQuery(p).window.end];

describe('periods named in a question', () => {
  const cases: [string, string, string][] = [
    ['revenue from March to June 2024', '2024-03-01', '2024-07-01'],
    ['2023年3月到6月的销售额', '2023-03-01', '2023-07-01'],
    ['orders between 2021 and 2023', '2021-01-01', '2024-01-01'],
    ['2021年到2023年的订单数', '2021-01-01', '2024-01-01'],
    ['revenue in the first half of 2024', '2024-01-01', '2024-07-01'],
    ['2024年上半年的销售额', '2024-01-01', '2024-07-01'],
    ['revenue in Q3 2024', '2024-07-01', '2024-10-01'],
    ['2024年第三季度的销售额', '2024-07-01', '2024-10-01'],
    ['revenue since June 2023', '2023-06-01', '2026-12-01'],
    ['自2023年6月以来的销售额', '2023-06-01', '2026-12-01'],
    ['revenue in the past 2 years', '2024-01-01', '2026-01-01'],
    ['去年的销量', '2025-01-01', '2026-01-01'],
    ['revenue from 2023-03-01 to 2023-06-30', '2023-03-01', '2023-07-01'],
    ['revenue Jan–Mar 2025', '2025-01-01', '2025-04-01'],
  ];
  test.each(cases)('%s → [%s, %s)', (question, start, end) => {
    const { periods } = readPeriods(question, AS_OF);
    expect(periods).toHaveLength(1);
    expect([periods[0]!.window.start, periods[0]!.window.end]).toEqual([start, end]);
  });

  test('a range whose end precedes its start is a problem, not a window', () => {
    const read = readPeriods('revenue from June to March 2024', AS_OF);
    expect(read.periods).toEqual([]);
    expect(read.problem).toBe('the range ends (2024-03-31) before it starts (2024-06-01)');
  });

  test('two periods set against each other stay two', () => {
    expect(readPeriods('revenue March 2024 vs March 2023', AS_OF).periods.map((p) => p.window.start)).toEqual(['2024-03-01', '2023-03-01']);
    expect(readPeriods('why did revenue change between 2023 and 2024', AS_OF, true).periods.map((p) => p.window.start)).toEqual([
      '2023-01-01',
      '2024-01-01',
    ]);
  });

  test('"may" the verb is not May', () => {
    expect(readPeriods('may I see revenue by year', AS_OF).periods).toEqual([]);
  });
});

describe('the period chosen from the data, not the calendar', () => {
  test('no period: all of the data, said in the assumptions', () => {
    const p = plan('What is the revenue?');
    expect(window(p)).toEqual(['2021-01-01', '2025-12-23']);
    expect(firstQuery(p).window.source).toBe('all_time');
    expect(p.kind === 'plan' && p.assumptions).toContain('no period given; used all of the data (2021-01-01 – 2025-12-22)');
  });

  test('a breakdown by year, or "all time", reads all of the data', () => {
    expect(window(plan('Show revenue by year'))).toEqual(['2021-01-01', '2025-12-23']);
    expect(firstQuery(plan('Show revenue by year')).group_by).toEqual(['year']);
    expect(firstQuery(plan('每季度的订单数')).group_by).toEqual(['quarter']);
    expect(window(plan('历史上总销售额是多少'))).toEqual(['2021-01-01', '2025-12-23']);
  });

  test('a relative period with no data asks back, naming where the data is', () => {
    for (const q of ['What was revenue last month?', '今年的销售额是多少']) {
      const p = plan(q);
      expect(p.kind).toBe('needs_clarification');
      expect(p.kind === 'needs_clarification' && p.reason).toMatch(/2021-01-01 (–|至) 2025-12-22/);
    }
    expect(plan('What was revenue last month?')).toMatchObject({
      reason: 'there is no revenue data in October 2026; the data covers 2021-01-01 – 2025-12-22',
    });
  });

  test('a period wholly outside the data gets the extent, not a zero', () => {
    expect(plan('revenue in 2019')).toMatchObject({
      kind: 'needs_clarification',
      reason: 'there is no revenue data in 2019; the data covers 2021-01-01 – 2025-12-22',
    });
  });

  test('a trend without a period: the six latest full months with data', () => {
    expect(window(plan('What is the revenue trend?'))).toEqual(['2025-07-01', '2026-01-01']);
  });
});

describe('rankings, comparisons and words the plan uses', () => {
  test('"which X … most" is the top one by X; "which year" ranks the years', () => {
    expect(firstQuery(plan('Which genre brought in the most revenue in 2023?'))).toMatchObject({
      metric: 'track_revenue',
      group_by: ['genre'],
      order: 'desc',
      limit: 1,
    });
    expect(firstQuery(plan('哪一年的销售额最高'))).toMatchObject({ group_by: ['year'], order: 'desc', limit: 1 });
    expect(firstQuery(plan('2024年哪个流派的销售额最低'))).toMatchObject({ group_by: ['genre'], order: 'asc', limit: 1 });
    expect(firstQuery(plan('累计销售额最高的销售代表'))).toMatchObject({ group_by: ['support_rep'], order: 'desc', limit: 1 });
  });

  test('year over year and period over period compare two named periods', () => {
    const yoy = firstQuery(plan('2025年第四季度的销售额同比怎么样'));
    expect(yoy.group_by).toEqual(['period']);
    expect(yoy.periods.map((p) => p.key)).toEqual(['2024-Q4', '2025-Q4']);
    // Neighbours on one grain group by that grain.
    const pop = firstQuery(plan('Compare revenue in November 2025 with the month before'));
    expect(pop).toMatchObject({ group_by: ['month'], periods: [], window: { start: '2025-10-01', end: '2025-12-01' } });
    const zhPop = firstQuery(plan('2025年第三季度的订单数环比怎么样'));
    expect(zhPop).toMatchObject({ group_by: ['quarter'], window: { start: '2025-04-01', end: '2025-10-01' } });
  });

  test('why between two years decomposes the change between those years', () => {
    const p = plan('Why did revenue change between 2023 and 2024?');
    expect(p.kind).toBe('plan');
    const ops = p.kind === 'plan' ? p.steps.map((s) => s.operation) : [];
    expect(ops.find((o) => o.kind === 'change_decomposition')).toMatchObject({ before: '2023', after: '2024', period_column: 'year' });
  });

  test('mixed-language questions read both languages', () => {
    expect(firstQuery(plan('2024年 revenue by country'))).toMatchObject({
      metric: 'revenue',
      group_by: ['country'],
      window: { start: '2024-01-01', end: '2025-01-01' },
    });
  });

  test('the reading restates what is computed and names the words not used', () => {
    const q = 'Show revenue by year for the board meeting';
    const p = plan(q);
    if (p.kind !== 'plan') throw new Error(p.kind);
    const { reading, blocking } = readingOfPlan(q, p.steps, catalog, 'en', AS_OF, null);
    expect(reading.statement).toBe('revenue, all time (2021-01-01 – 2025-12-22), by year: (not used: board, meeting)');
    expect(blocking).toEqual([]);
    // A catalog word the plan leaves out blocks: "customers" names a dimension nothing here filters or groups by.
    expect(plan('Show revenue by year for our happy customers')).toMatchObject({ kind: 'plan' });
    expect(readingOfPlan('Show revenue by year for our happy customers', p.steps, catalog, 'en', AS_OF, null).blocking).toEqual([
      'customers',
    ]);
  });

  test('a plan that drops a grain, a ranking or a metric the question asks for is blocked', () => {
    // A plan for the overall total, held against a question that asks by year and for the top one.
    const total = plan('What is our total revenue of all time?');
    if (total.kind !== 'plan') throw new Error(total.kind);
    expect(readingOfPlan('Which year had the most revenue?', total.steps, catalog, 'en', AS_OF, null).blocking).toEqual(['year', 'most']);
    expect(readingOfPlan('revenue and orders of all time', total.steps, catalog, 'en', AS_OF, null).blocking).toEqual(['orders']);
  });
});

describe('bad input gets a message naming what exists', () => {
  test('top 0 and top 10000', () => {
    expect(plan('top 0 countries by revenue')).toMatchObject({
      kind: 'needs_clarification',
      reason: 'a ranking of 0 is not possible: ask for between 1 and 1000',
    });
    expect(plan('top 10000 countries by revenue')).toMatchObject({
      kind: 'needs_clarification',
      reason: 'a ranking of 10000 is not possible: ask for between 1 and 1000',
    });
  });

  test('a dimension the catalog lacks', () => {
    const p = plan('revenue by planet');
    expect(p.kind).toBe('cannot_answer');
    expect(p.kind === 'cannot_answer' && p.reason).toMatch(/^the catalog has no dimension "planet"; it offers: country \(country\), /);
  });
});

describe('fan-out', () => {
  const year2024 = { start: '2024-01-01', end: '2025-01-01', label_zh: '', label_en: '', source: 'question' as const };

  test('an invoice-level metric by a line-level dimension counts each invoice once per genre; revenue by genre uses line revenue', () => {
    const compiled = compileMetricQuery(catalog, { metric: 'revenue', window: year2024, filters: [], group_by: ['genre'] });
    // The invoices matching each genre, by primary key, then their totals once each.
    expect(compiled.sql).toMatch(/SELECT DISTINCT genre\.name AS genre, invoice\.invoice_id AS row_key_1/);
    expect(compiled.sql).toMatch(/JOIN invoice ON invoice\.invoice_id = matched\.row_key_1/);
    expect(compiled.aggregation_logic.join(' ')).toMatch(/each invoice row counted once per group it matches/);
    expect(firstQuery(plan('revenue by genre in 2024')).metric).toBe('track_revenue');
    // Without a finer twin the metric is answered, and the plan says the genres overlap.
    const aov = plan('average order value by genre in 2024');
    expect(aov.kind).toBe('plan');
    expect(aov.kind === 'plan' && aov.assumptions.join(' ')).toMatch(/each invoice row counts once in every group it has lines in/);
  });
});

test('joins declare their relationship: one_to_one never fans out, one_to_many fans out forwards only', () => {
  const catalogWith = (relationship: string, key = 'primary_key: account_id, ') =>
    parseCatalog(`
name: rel
tables:
  accounts: { ${key}time_column: opened_at }
  profiles: { primary_key: account_id }
joins:
  - { from: accounts.account_id, to: profiles.account_id, relationship: ${relationship} }
time_fields:
  opened_at: { column: accounts.opened_at, meaning: when the account was opened }
metrics:
  accounts: { label: accounts, label_zh: 账户数, description: accounts, table: accounts, expression: COUNT(*), time_field: opened_at }
  tiered: { label: tiered, label_zh: 等级数, description: profile rows, table: accounts, expression: COUNT(profiles.tier), time_field: opened_at }
dimensions:
  tier: { label: tier, label_zh: 等级, column: profiles.tier }
`);
  const q = {
    metric: 'accounts',
    window: { start: '2024-01-01', end: '2025-01-01', label_zh: '', label_en: '', source: 'question' as const },
    filters: [],
    group_by: ['tier'],
  };
  expect(compileMetricQuery(catalogWith('one_to_one'), q).sql).not.toMatch(/DISTINCT/);
  expect(compileMetricQuery(catalogWith('many_to_one'), q).sql).not.toMatch(/DISTINCT/);
  // Towards the many side: accounts are matched by key and counted once per tier.
  expect(compileMetricQuery(catalogWith('one_to_many'), q).sql).toMatch(
    /SELECT DISTINCT profiles\.tier AS tier, accounts\.account_id AS row_key_1/,
  );
  // Refused when nothing can count a row once: no primary key, or the aggregate itself reads the finer table.
  expect(() => compileMetricQuery(catalogWith('one_to_many', ''), q)).toThrow(
    new FanOutError(
      'accounts',
      'accounts.account_id → profiles.account_id',
      'the table accounts declares no primary_key, so its rows cannot be counted once each',
    ),
  );
  expect(() => compileMetricQuery(catalogWith('one_to_many'), { ...q, metric: 'tiered', group_by: [] })).toThrow(
    /the metric's own aggregate reads the finer table/,
  );
});

describe('partial months', () => {
  test('only a month at either end of the data, cut shorter than the months in between, is partial', () => {
    expect(partialMonths(months)).toEqual([]);
    const stopped = months.map((m) => (m.month === '2025-12' ? { ...m, last_day: '2025-12-04' } : m));
    expect(partialMonths(stopped)).toEqual(['2025-12']);
    const lateStart = months.map((m) => (m.month === '2021-01' ? { ...m, first_day: '2021-01-23' } : m));
    expect(partialMonths(lateStart)).toEqual(['2021-01']);
  });
});

describe('a plan that cannot say what was asked', () => {
  test('asks back with what it would have answered and rephrasings the plan language can answer', async () => {
    const ask = (question: string, language: 'zh' | 'en') =>
      planAnalysis({
        question,
        intent: { intent: 'query', decided_by: 'model', matched: null, model: 'offline-rules', language },
        asOf: AS_OF,
        catalogPath: path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'),
        feedback: [],
        extent,
      });
    expect(await ask('Show revenue by year for our happy customers', 'en')).toMatchObject({
      kind: 'needs_clarification',
      reason:
        'the plan cannot express “customers” from the question; as planned it would only answer: revenue, all time (2021-01-01 – 2025-12-22), by year: (not used: happy, customers)',
      question: 'You could ask: "revenue by year, all time" or "revenue by customer, top 5".',
    });
    expect(await ask('2024年我们快乐客户的销售额', 'zh')).toMatchObject({
      kind: 'needs_clarification',
      // The same metric, period and dimension as asked, each read by the rules model before it is offered.
      question: '可以这样问：“2024年销售额最高的 5 个客户”，或“2024年按客户统计销售额”。',
      reading: { window: { start: '2024-01-01', end: '2025-01-01' }, not_used: ['快乐', '客户'] },
    });
  });
});

describe('questions phrased as people ask them', () => {
  test('"compare A and B" and "A比B" set two periods against each other', () => {
    expect(firstQuery(plan('Compare 2023 and 2024 revenue'))).toMatchObject({
      group_by: ['year'],
      window: { start: '2023-01-01', end: '2025-01-01' },
    });
    expect(firstQuery(plan('2024年销售额比2023年增长了多少'))).toMatchObject({
      group_by: ['year'],
      window: { start: '2023-01-01', end: '2025-01-01' },
    });
  });

  test('a comparison of a longer period without a second one compares it with the period before', () => {
    expect(firstQuery(plan('compare revenue in Q3 2025'))).toMatchObject({
      group_by: ['quarter'],
      window: { start: '2025-04-01', end: '2025-10-01' },
    });
  });
});
