/**
 * share_of_total against hand computations, in both implementations: the operation module's
 * (src/operations/share-of-total.ts) and the validator's own (src/verify/derivations.ts). The
 * overlapping case is a unit in several groups (an invoice with tracks of two genres): the
 * shares are of the metric itself and then add up to more than 100 %, which the finding says.
 */
import path from 'node:path';
import { stepCalculations } from '../../src/analysis/calculations';
import { describeStep } from '../../src/analysis/findings';
import { loadCatalog } from '../../src/catalog/catalog';
import { PlanStep, type Row } from '../../src/contracts';
import { makeWindow } from '../../src/model/time-window';
import { OPERATIONS } from '../../src/operations';
import { shareOfTotal } from '../../src/operations/share-of-total';
import * as independent from '../../src/verify/derivations';

const catalog = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'));
const window = makeWindow('2024-01-01', '2025-01-01', 'question', { zh: '2024年', en: '2024' });
const byGenre = (rows: Row[], genre: string) => rows.find((r) => r.genre === genre);

// Track revenue by genre in a year, as the SQL agent's one statement returns it: the groups, then the total row.
const partition: Row[] = [
  { genre: 'Latin', value: 91.08, is_total: false },
  { genre: 'Rock', value: 200.97, is_total: false },
  { genre: 'Metal', value: 55.44, is_total: false },
  { genre: null, value: 347.49, is_total: true },
];
// Buying customers by genre: a customer who bought Rock and Metal counts in both groups, once in the total.
const overlapping: Row[] = [
  { genre: 'Rock', value: 40, is_total: false },
  { genre: 'Metal', value: 25, is_total: false },
  { genre: null, value: 50, is_total: true },
];

const step = (dimension = 'genre', metric = 'track_revenue') =>
  PlanStep.parse({
    step_id: 's1',
    description: 'share of track revenue by genre',
    depends_on: [],
    expected_output: 'shares',
    metrics: [metric],
    dimensions: [dimension],
    operation: { kind: 'share_of_total', dimension, query: { metric, window, filters: [], group_by: [dimension] } },
  });

describe('shareOfTotal', () => {
  it("divides each group by the metric's total, largest share first", () => {
    const d = shareOfTotal(partition, ['genre'], 'genre');
    expect(d.rows.map((r) => r.genre)).toEqual(['Rock', 'Latin', 'Metal']);
    // Shares are stored unrounded (rounding is for display only): 200.97 / 347.49, 91.08 / 347.49, 55.44 / 347.49.
    expect(byGenre(d.rows, 'Rock')).toMatchObject({ value: 200.97, total: 347.49 });
    expect(byGenre(d.rows, 'Rock')?.share).toBeCloseTo(200.97 / 347.49, 12);
    expect(byGenre(d.rows, 'Latin')?.share).toBeCloseTo(91.08 / 347.49, 12);
    expect(byGenre(d.rows, 'Metal')?.share).toBeCloseTo(55.44 / 347.49, 12);
    expect(d.summary).toMatchObject({
      dimension: 'genre',
      kind: 'additive',
      total: 347.49,
      share_sum: 1,
      groups: 3,
      groups_overlap: 'no',
      top: 'Rock',
    });
    expect(d.summary.top_share).toBeCloseTo(200.97 / 347.49, 12);
  });

  it('keeps the metric itself as the total when groups overlap: the shares add up to more than 100 %', () => {
    const d = shareOfTotal(overlapping, ['genre'], 'genre');
    expect(byGenre(d.rows, 'Rock')?.share).toBe(0.8);
    expect(byGenre(d.rows, 'Metal')?.share).toBe(0.5);
    expect(d.summary).toMatchObject({ total: 50, share_sum: 1.3, groups_overlap: 'yes' });
  });

  it("takes each partition's own total when the query has other groups too", () => {
    const rows: Row[] = [
      { year: '2023', genre: 'Rock', value: 30, is_total: false },
      { year: '2023', genre: 'Jazz', value: 10, is_total: false },
      { year: '2024', genre: 'Rock', value: 45, is_total: false },
      { year: '2024', genre: 'Jazz', value: 15, is_total: false },
      { year: '2023', genre: null, value: 40, is_total: true },
      { year: '2024', genre: null, value: 60, is_total: true },
    ];
    const d = shareOfTotal(rows, ['year', 'genre'], 'genre');
    expect(d.rows.find((r) => r.year === '2024' && r.genre === 'Rock')).toMatchObject({ total: 60, share: 0.75 });
    expect(d.rows.find((r) => r.year === '2023' && r.genre === 'Jazz')).toMatchObject({ total: 40, share: 0.25 });
    expect(d.summary).toMatchObject({ total: null, share_sum: null, groups_overlap: 'no' });
  });

  it("the validator's own derivation, from its two queries, gives the same shares and summary", () => {
    const groups: Row[] = partition
      .filter((r) => r.is_total !== true)
      .map(({ genre, value }) => ({ genre: genre ?? null, value: value ?? null }));
    const mine = shareOfTotal(partition, ['genre'], 'genre');
    const theirs = independent.shareOfTotal(groups, [{ value: 347.49 }], ['genre'], 'genre');
    for (const r of mine.rows)
      expect(byGenre(theirs.rows, String(r.genre))).toMatchObject({ value: r.value, total: r.total, share: r.share });
    expect(theirs.summary).toMatchObject({
      total: mine.summary.total,
      share_sum: mine.summary.share_sum,
      groups_overlap: 'no',
      top: 'Rock',
      top_share: mine.summary.top_share,
    });
    const over = independent.shareOfTotal(
      [
        { genre: 'Rock', value: 40 },
        { genre: 'Metal', value: 25 },
      ],
      [{ value: 50 }],
      ['genre'],
      'genre',
    );
    expect(over.summary).toMatchObject({ share_sum: 1.3, groups_overlap: 'yes' });
  });
});

describe('the share_of_total module', () => {
  it('is an SQL operation whose statement also returns the total without the dimension', () => {
    const op = step().operation;
    expect(OPERATIONS.share_of_total.agent).toBe('sql');
    if (op.kind !== 'share_of_total') throw new Error('not share_of_total');
    expect(OPERATIONS.share_of_total.totalsWithout?.(op)).toBe('genre');
  });

  it('writes its finding in both languages, and says when the shares add up to more than 100 %', () => {
    const d = shareOfTotal(partition, ['genre'], 'genre');
    const en = describeStep(step(), { columns: d.columns, rows: d.rows, data_summary: d.summary }, {}, catalog, 'en');
    expect(en.findings[0]?.summary).toBe(
      'Share of track revenue (of $347.49 in all) by genre for 2024: Rock 57.83%, Latin 26.21%, Metal 15.95%.',
    );
    const zh = describeStep(step(), { columns: d.columns, rows: d.rows, data_summary: d.summary }, {}, catalog, 'zh');
    expect(zh.findings[0]?.summary).toBe('2024年各流派占曲目销售额（合计 $347.49）的比例：摇滚 57.83%、拉丁 26.21%、金属 15.95%。');
    const o = shareOfTotal(overlapping, ['genre'], 'genre');
    const over = describeStep(
      step('genre', 'buying_customers'),
      { columns: o.columns, rows: o.rows, data_summary: o.summary },
      {},
      catalog,
      'en',
    );
    expect(over.findings[0]?.summary).toContain('so the shares add up to 130.00%, more than 100%.');
  });

  it('reports each share and value as a calculation the validator finds again', () => {
    const d = shareOfTotal(partition, ['genre'], 'genre');
    const calcs = stepCalculations(step(), d.rows, d.summary, catalog, 'en');
    expect(calcs.find((c) => c.id === 's1.total')).toMatchObject({ value: 347.49, pick: { field: 'total', match: null } });
    expect(calcs.find((c) => c.id === 's1.Rock.share')?.value).toBeCloseTo(200.97 / 347.49, 12);
    expect(calcs.find((c) => c.id === 's1.Rock.share')).toMatchObject({
      display: 'percent',
      pick: { field: 'share', match: { genre: 'Rock' } },
    });
    expect(calcs.find((c) => c.id === 's1.Metal.value')).toMatchObject({
      value: 55.44,
      pick: { field: 'value', match: { genre: 'Metal' } },
    });
  });
});
