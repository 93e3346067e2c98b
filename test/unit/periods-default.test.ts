/**
 * No period means all of the data (issue 25): a total, a breakdown, a ranking, an average, a count or a share with no
 * period reads the metric's whole extent, stated "all time (first – last)"; a comparison, a why and a trend keep the
 * latest full month(s) with data; `default_period: latest_full_month` keeps the old rule. On the Chinook and demo
 * catalogs and on an inline one neither suite uses, with exact windows and plans.
 */
import path from 'node:path';
import { loadCatalog, parseCatalog, type Catalog } from '../../src/catalog/catalog';
import { compileMetricQuery } from '../../src/catalog/sql';
import type { DataExtent, MetricQuery, MonthCoverage, Plan } from '../../src/contracts';
import { classifyIntent, planQuestion, readingOfPlan } from '../../src/model/rules';
import { loadModule, parse } from 'libpg-query';
import { secondPathSql } from '../../src/verify/second-path';
import { extent as chinookExtent } from './chinook-extent';

const root = path.resolve(__dirname, '../..');
const chinook = loadCatalog(path.join(root, 'catalogs', 'chinook.yaml'));
const demo = loadCatalog(path.join(root, 'catalogs', 'demo.yaml'));

function monthsFrom(first: string, last: string): MonthCoverage[] {
  const out: MonthCoverage[] = [];
  for (let d = new Date(`${first}-01T00:00:00Z`); d.toISOString().slice(0, 7) <= last; d.setUTCMonth(d.getUTCMonth() + 1)) {
    const month = d.toISOString().slice(0, 7);
    out.push({ month, rows: 50, first_day: `${month}-01`, last_day: `${month}-28` });
  }
  return out;
}
function extentOf(fields: Record<string, string>, first: string, last: string): DataExtent {
  const months = monthsFrom(first, last);
  const lastDay = months[months.length - 1]!.last_day;
  return {
    time_fields: Object.fromEntries(
      Object.entries(fields).map(([name, column]) => [
        name,
        { time_field: name, column, rows: 600, first: `${first}-01`, last: lastDay, months, latest_full_month: last, partial_months: [] },
      ]),
    ),
  };
}
const demoExtent = extentOf(
  { pay_time: 'orders.pay_time', order_time: 'orders.order_time', registered_at: 'users.registered_at' },
  '2025-11',
  '2026-11',
);

/** A rental shop neither suite uses: rentals by store and film, dated by rental_date. */
const RENTALS = `
name: rentals
tables:
  rental: { primary_key: rental_id }
  store: { primary_key: store_id }
joins:
  - { from: rental.store_id, to: store.store_id }
time_fields:
  rental_date: { column: rental.rental_date, meaning: when the film was rented }
metrics:
  rentals:
    label: rentals
    label_zh: 租借次数
    aliases: [rentals, rental count, 租借次数]
    description: rentals
    table: rental
    expression: COUNT(*)
    time_field: rental_date
  rental_income:
    label: rental income
    label_zh: 租金收入
    aliases: [rental income, income, 租金收入]
    description: money taken for rentals
    table: rental
    expression: SUM(rental.amount)
    time_field: rental_date
dimensions:
  store:
    label: store
    label_zh: 门店
    column: store.city
    aliases: [store, stores, 门店]
    values: { Lethbridge: [莱斯布里奇], Woodridge: [伍德里奇] }
`;
const rentals = parseCatalog(RENTALS, 'rentals.yaml');
const rentalsExtent = extentOf({ rental_date: 'rental.rental_date' }, '2005-05', '2006-02');

function plan(catalog: Catalog, extent: DataExtent, question: string, asOf = '2026-12-01'): Plan {
  return planQuestion(question, classifyIntent(question), catalog, asOf, [], extent);
}
function queries(p: Plan): MetricQuery[] {
  if (p.kind !== 'plan') throw new Error(`expected a plan, got ${p.kind}: ${'reason' in p ? p.reason : ''}`);
  return p.steps.flatMap((s) => ('query' in s.operation ? [s.operation.query] : []));
}
const windowOf = (p: Plan) => {
  const q = queries(p)[0]!;
  return [q.window.start, q.window.end, q.window.source];
};
const statement = (catalog: Catalog, question: string, p: Plan) => {
  if (p.kind !== 'plan') throw new Error(p.kind);
  const intent = classifyIntent(question);
  return readingOfPlan(question, p.steps, catalog, intent.language, '2026-12-01', intent.matched).reading.statement;
};

describe('no period: all of the data', () => {
  const cases: [string, Catalog, DataExtent, string, string[]][] = [
    // total, breakdown, ranking, average, count
    ['Chinook total', chinook, chinookExtent, 'What was total revenue?', ['2021-01-01', '2025-12-23']],
    ['Chinook breakdown', chinook, chinookExtent, 'Revenue by country', ['2021-01-01', '2025-12-23']],
    ['Chinook ranking', chinook, chinookExtent, 'Top 3 countries by revenue', ['2021-01-01', '2025-12-23']],
    ['Chinook average', chinook, chinookExtent, '平均客单价是多少？', ['2021-01-01', '2025-12-23']],
    ['Chinook count', chinook, chinookExtent, 'How many invoices are there?', ['2021-01-01', '2025-12-23']],
    ['demo total', demo, demoExtent, "What's our GMV?", ['2025-11-01', '2026-11-29']],
    ['demo breakdown', demo, demoExtent, '各区域的订单量', ['2025-11-01', '2026-11-29']],
    ['demo ranking', demo, demoExtent, '销售额最高的三个品类', ['2025-11-01', '2026-11-29']],
    ['demo average', demo, demoExtent, '客单价是多少？', ['2025-11-01', '2026-11-29']],
    ['rentals total', rentals, rentalsExtent, 'What is our rental income?', ['2005-05-01', '2006-03-01']],
    ['rentals ranking', rentals, rentalsExtent, 'Which store had the most rentals?', ['2005-05-01', '2006-03-01']],
  ];
  test.each(cases)('%s: %s', (_name, catalog, extent, question, [start, end]) => {
    const p = plan(catalog, extent, question);
    for (const q of queries(p)) expect([q.window.start, q.window.end, q.window.source]).toEqual([start, end, 'all_time']);
    expect(statement(catalog, question, p)).toMatch(/^(.*, all time \(|.*全部时间（)\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/);
  });

  test('the statement names the dates, and the assumptions say that no period was named', () => {
    const p = plan(chinook, chinookExtent, 'What was total revenue?');
    expect(statement(chinook, 'What was total revenue?', p)).toBe('revenue, all time (2021-01-01 – 2025-12-22):');
    expect(p.kind === 'plan' && p.assumptions).toContain('no period given; used all of the data (2021-01-01 – 2025-12-22)');
    const zh = plan(demo, demoExtent, '客单价是多少？');
    expect(statement(demo, '客单价是多少？', zh)).toBe('客单价，全部时间（2025-11-01 – 2026-11-28）：');
  });

  test('the all-time query has no time filter, so rows without a time count too; the second path reads it the same way', () => {
    const q = queries(plan(demo, demoExtent, "What's our GMV?"))[0]!;
    const compiled = compileMetricQuery(demo, q);
    expect(compiled.sql).not.toMatch(/pay_time/);
    expect(compiled.params).toEqual([]);
    const second = secondPathSql(demo, q);
    expect(second.sql).not.toMatch(/pay_time/);
    // A named period keeps its bounds in both.
    const named = queries(plan(demo, demoExtent, 'GMV in March 2026'))[0]!;
    expect(compileMetricQuery(demo, named).params).toEqual(['2026-03-01', '2026-04-01']);
    expect(secondPathSql(demo, named).sql).toMatch(/pay_time/);
  });

  test('a metric with no filters of its own, over all of the data, still compiles to SQL PostgreSQL parses', async () => {
    await loadModule();
    for (const question of ['What was total revenue?', 'Top 3 countries by revenue', 'What share of revenue came from Rock?']) {
      for (const q of queries(plan(chinook, chinookExtent, question))) {
        expect(q.window.source).toBe('all_time');
        const compiled = compileMetricQuery(chinook, q);
        expect(compiled.sql).not.toMatch(/invoice_date/);
        await expect(parse(compiled.sql)).resolves.toBeDefined();
        await expect(parse(secondPathSql(chinook, q).sql)).resolves.toBeDefined();
      }
    }
  });

  test('all time by a grain still buckets by the time field, so it keeps the window', () => {
    const q = queries(plan(chinook, chinookExtent, 'Show revenue by year'))[0]!;
    expect(q.window.source).toBe('all_time');
    expect(compileMetricQuery(chinook, q).params).toEqual(['2021-01-01', '2025-12-23']);
  });
});

describe('comparisons, whys and trends keep the latest full months', () => {
  test.each([
    [chinook, chinookExtent, 'Why did revenue drop?', ['2025-11-01', '2026-01-01', 'default']],
    [chinook, chinookExtent, 'What is the revenue trend?', ['2025-07-01', '2026-01-01', 'default']],
    [demo, demoExtent, '为什么销售额下降了', ['2026-10-01', '2026-12-01', 'default']],
    [rentals, rentalsExtent, 'Show the rentals trend', ['2005-09-01', '2006-03-01', 'default']],
  ] as [Catalog, DataExtent, string, string[]][])('%#: %s', (catalog, extent, question, expected) => {
    expect(windowOf(plan(catalog, extent, question))).toEqual(expected);
  });
  // Members set against each other need no second period: all of the data, as the catalog's default says (three blind
  // PawCare writers read "no show rate web vs app appts" and "app vs phone bookings, overall" so; this was the latest month).
  test('members compared with no period read the catalog default', () => {
    expect(windowOf(plan(demo, demoExtent, 'Compare GMV in East China versus North China'))).toEqual([
      '2025-11-01',
      '2026-11-29',
      'all_time',
    ]);
  });
});

describe('default_period: latest_full_month keeps the old rule', () => {
  const old = (c: Catalog): Catalog => ({ ...c, default_period: 'latest_full_month' });
  test.each([
    [chinook, chinookExtent, 'What was total revenue?', ['2025-12-01', '2026-01-01', 'default']],
    [demo, demoExtent, '各区域的订单量', ['2026-11-01', '2026-12-01', 'default']],
    [rentals, rentalsExtent, 'What is our rental income?', ['2006-02-01', '2006-03-01', 'default']],
  ] as [Catalog, DataExtent, string, string[]][])('%#: %s', (catalog, extent, question, expected) => {
    const p = plan(old(catalog), extent, question);
    expect(windowOf(p)).toEqual(expected);
    expect(
      p.kind === 'plan' &&
        p.assumptions.some((a) => a.startsWith('no period given; used the latest full month') || a.includes('最近一个完整月')),
    ).toBe(true);
  });

  test('"all time" named still reads all of the data there', () => {
    expect(windowOf(plan(old(chinook), chinookExtent, 'What was revenue of all time?'))).toEqual(['2021-01-01', '2025-12-23', 'all_time']);
  });

  test('the catalog key defaults to all and refuses other values', () => {
    expect(chinook.default_period).toBe('all');
    expect(() => parseCatalog(`${RENTALS}\ndefault_period: last_week\n`, 'rentals.yaml')).toThrow(/default_period/);
  });
});
