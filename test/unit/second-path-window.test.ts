/**
 * The independent verifier reads a window as the planner does (issue 25): all of the data means no time filter, so
 * rows with no time count too, when the window's source says it is all time (the contract's readsEveryRow, which the SQL
 * compiler reads as well; a label alone does not make a window all time, since the compiler would bound it); a calendar bucket,
 * a named period or a period of it keeps the bounds.
 */
import path from 'node:path';
import { loadCatalog } from '../../src/catalog/catalog';
import { MetricQuery } from '../../src/contracts';
import { readsAllTime, secondPathSql } from '../../src/verify/second-path';

const catalog = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'));
const allTime = {
  start: '2021-01-01',
  end: '2025-12-23',
  label_en: 'all time (2021-01-01 – 2025-12-22)',
  label_zh: '全部时间（2021-01-01 – 2025-12-22）',
};
/** The query as the contract reads it, with the window as given (a field the contract may add, such as kind, kept). */
const query = (window: object, extra: object = {}): MetricQuery => ({
  ...MetricQuery.parse({ metric: 'revenue', window, filters: [], group_by: ['country'], ...extra }),
  window: window as MetricQuery['window'],
});
const bounded = (q: MetricQuery) => /invoice_date[^\n]*>= \$1::timestamp/.test(secondPathSql(catalog, q).sql);

test.each([['its source', { ...allTime, source: 'all_time' }]])(
  'an all-time window by %s reads every row: no time filter, no bound parameters',
  (_, window) => {
    const q = query(window);
    expect(readsAllTime(q)).toBe(true);
    expect(bounded(q)).toBe(false);
    expect(secondPathSql(catalog, q).params).toEqual([]);
    expect(secondPathSql(catalog, q).sql).not.toMatch(/WHERE\s*$/m);
  },
);

test('a window merely labelled all time keeps its bounds, as the SQL compiler keeps them', () => {
  const labelled = query({ ...allTime, source: 'default' });
  expect(readsAllTime(labelled)).toBe(false);
  expect(bounded(labelled)).toBe(true);
});

test('a window of one year, or all of the data put in months or filtered to one, keeps its bounds', () => {
  const year = { start: '2024-01-01', end: '2025-01-01', label_en: '2024', label_zh: '2024年', source: 'question' };
  expect(bounded(query(year))).toBe(true);
  expect(readsAllTime(query(year))).toBe(false);
  const monthly = query({ ...allTime, source: 'all_time' }, { group_by: ['month'] });
  expect(readsAllTime(monthly)).toBe(false);
  expect(bounded(monthly)).toBe(true);
  const oneMonth = query({ ...allTime, source: 'all_time' }, { group_by: [], filters: [{ dimension: 'month', values: ['2024-03'] }] });
  expect(readsAllTime(oneMonth)).toBe(false);
  expect(secondPathSql(catalog, oneMonth).params.slice(0, 2)).toEqual([allTime.start, allTime.end]);
});
