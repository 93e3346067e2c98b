/**
 * The decompositions against hand computations, in both implementations: the agents' (src/analysis/derive.ts) and
 * the validator's own (src/verify/derivations.ts). The overlapping cases are units in several groups (an order with
 * lines in two categories): before and after must be the metric itself, and what the groups cannot explain is the
 * residual, never spread over them.
 */
import { changeDecomposition, gapContribution, rankContributors } from '../../src/analysis/derive';
import * as independent from '../../src/verify/derivations';
import type { Row } from '../../src/contracts';

const close = (actual: unknown, expected: number, digits = 4) => expect(Number(actual)).toBeCloseTo(expected, digits);
const byKey = (rows: Row[], column: string, key: string): Row => {
  const row = rows.find((r) => r[column] === key);
  if (!row) throw new Error(`no row ${column}=${key}`);
  return row;
};
const total = (rows: Row[]) => rows.map((r) => ({ ...r, is_total: true }));

describe('changeDecomposition', () => {
  // GMV by region: January A 100, B 50; February A 80, B 90.
  const additive: Row[] = [
    { month: '2024-01', region: 'A', value: 100 },
    { month: '2024-01', region: 'B', value: 50 },
    { month: '2024-02', region: 'A', value: 80 },
    { month: '2024-02', region: 'B', value: 90 },
  ];

  it("splits an additive change into each group's own change", () => {
    const d = changeDecomposition(
      [
        ...additive,
        ...total([
          { month: '2024-01', region: null, value: 150 },
          { month: '2024-02', region: null, value: 170 },
        ]),
      ],
      'region',
      '2024-01',
      '2024-02',
    );
    expect(d.summary).toMatchObject({ value_before: 150, value_after: 170, change: 20, groups_overlap: 'no', residual: 0 });
    close(byKey(d.rows, 'region', 'A').total_effect, -20);
    close(byKey(d.rows, 'region', 'B').total_effect, 40);
    close(byKey(d.rows, 'region', 'A').share_of_change, -1);
    close(byKey(d.rows, 'region', 'B').share_of_change, 2);
  });

  // AOV by region: January A 1000/10, B 400/10 (70 overall); February A 1800/20, B 500/10 (76.67 overall).
  const ratio: Row[] = [
    { month: '2024-01', region: 'A', value: 100, numerator: 1000, denominator: 10 },
    { month: '2024-01', region: 'B', value: 40, numerator: 400, denominator: 10 },
    { month: '2024-02', region: 'A', value: 90, numerator: 1800, denominator: 20 },
    { month: '2024-02', region: 'B', value: 50, numerator: 500, denominator: 10 },
  ];
  const ratioTotals = total([
    { month: '2024-01', region: null, value: 70, numerator: 1400, denominator: 20 },
    { month: '2024-02', region: null, value: 2300 / 30, numerator: 2300, denominator: 30 },
  ]);

  it('splits a ratio change into mix and rate effects that add up exactly', () => {
    const d = changeDecomposition([...ratio, ...ratioTotals], 'region', '2024-01', '2024-02');
    close(d.summary.value_before, 70);
    close(d.summary.value_after, 76.666667);
    close(d.summary.change, 6.666667);
    expect(d.summary.groups_overlap).toBe('no');
    close(d.summary.residual, 0, 6);
    // A: weight 1/2 → 2/3, value 100 → 90.  mix = (2/3 − 1/2)·(100 + 90)/2, rate = (90 − 100)·(1/2 + 2/3)/2.
    const a = byKey(d.rows, 'region', 'A');
    close(a.mix_effect, 15.833333);
    close(a.rate_effect, -5.833333);
    close(a.total_effect, 10);
    // B: weight 1/2 → 1/3, value 40 → 50.
    const b = byKey(d.rows, 'region', 'B');
    close(b.mix_effect, -7.5);
    close(b.rate_effect, 4.166667);
    close(b.total_effect, -3.333333);
  });

  /*
   * AOV by category with orders in two categories. Before: o1 100 (X and Y), o2 50 (X), o3 30 (Y): X 150/2 = 75,
   * Y 130/2 = 65, the metric 180/3 = 60. After: o4 200 (X), o5 40 (Y), o6 60 (X and Y): X 260/2 = 130, Y 100/2 = 50,
   * the metric 300/3 = 100. The groups' pooled values (70 → 90) are not the metric (60 → 100).
   */
  const overlapping: Row[] = [
    { month: '2024-01', category: 'X', value: 75, numerator: 150, denominator: 2 },
    { month: '2024-01', category: 'Y', value: 65, numerator: 130, denominator: 2 },
    { month: '2024-02', category: 'X', value: 130, numerator: 260, denominator: 2 },
    { month: '2024-02', category: 'Y', value: 50, numerator: 100, denominator: 2 },
  ];
  const overlappingTotals = total([
    { month: '2024-01', category: null, value: 60, numerator: 180, denominator: 3 },
    { month: '2024-02', category: null, value: 100, numerator: 300, denominator: 3 },
  ]);

  it('with overlapping groups, keeps before and after equal to the metric and reports the residual', () => {
    const d = changeDecomposition([...overlapping, ...overlappingTotals], 'category', '2024-01', '2024-02');
    expect(d.summary).toMatchObject({ value_before: 60, value_after: 100, change: 40, groups_overlap: 'yes', residual: 20 });
    // Weights stay 1/2 each, so the effects are rate effects: X (130 − 75)/2, Y (50 − 65)/2.
    close(byKey(d.rows, 'category', 'X').total_effect, 27.5);
    close(byKey(d.rows, 'category', 'Y').total_effect, -7.5);
    const explained = d.rows.reduce((s, r) => s + Number(r.total_effect), 0);
    close(explained + Number(d.summary.residual), Number(d.summary.change));
  });

  it('without the total rows (a result from before them) treats the groups as a partition', () => {
    const d = changeDecomposition(overlapping, 'category', '2024-01', '2024-02');
    // The pooled value: what older runs reported as the metric.
    expect(d.summary).toMatchObject({ value_before: 70, value_after: 90, change: 20, groups_overlap: 'no', residual: 0 });
  });

  it('an additive metric whose groups overlap (distinct buyers by category) keeps the distinct total', () => {
    // Before: 5 buyers, 3 of X and 3 of Y (one bought both). After: 6 buyers, 4 of X and 4 of Y (two bought both).
    const rows: Row[] = [
      { month: '2024-01', category: 'X', value: 3 },
      { month: '2024-01', category: 'Y', value: 3 },
      { month: '2024-02', category: 'X', value: 4 },
      { month: '2024-02', category: 'Y', value: 4 },
      ...total([
        { month: '2024-01', category: null, value: 5 },
        { month: '2024-02', category: null, value: 6 },
      ]),
    ];
    const d = changeDecomposition(rows, 'category', '2024-01', '2024-02');
    expect(d.summary).toMatchObject({ value_before: 5, value_after: 6, change: 1, groups_overlap: 'yes', residual: -1 });
    close(byKey(d.rows, 'category', 'X').share_of_change, 1);
  });

  it("the validator's own derivation gives the same numbers", () => {
    for (const [rows, dimension] of [
      [ratio, 'region'],
      [overlapping, 'category'],
    ] as const) {
      const totals = dimension === 'region' ? ratioTotals : overlappingTotals;
      const agents = changeDecomposition([...rows, ...totals], dimension, '2024-01', '2024-02');
      const own = independent.changeDecomposition(rows, totals, true, dimension, '2024-01', '2024-02', 'month');
      for (const field of ['value_before', 'value_after', 'change', 'residual', 'groups_overlap'])
        if (typeof agents.summary[field] === 'number') expect(own.summary[field]).toBeCloseTo(agents.summary[field], 9);
        else expect(own.summary[field]).toEqual(agents.summary[field]);
      for (const row of agents.rows)
        expect(byKey(own.rows, dimension, String(row[dimension])).total_effect).toBeCloseTo(Number(row.total_effect), 6);
    }
  });
});

describe('gapContribution', () => {
  // AOV of two regions across channels. North: app 2000/20 = 100, web 600/20 = 30 (65 overall). South: app 900/10 = 90, web 1200/30 = 40 (52.5).
  const rows: Row[] = [
    { region: 'North', channel: 'app', value: 100, numerator: 2000, denominator: 20 },
    { region: 'North', channel: 'web', value: 30, numerator: 600, denominator: 20 },
    { region: 'South', channel: 'app', value: 90, numerator: 900, denominator: 10 },
    { region: 'South', channel: 'web', value: 40, numerator: 1200, denominator: 30 },
  ];
  const totals = total([
    { region: 'North', channel: null, value: 65, numerator: 2600, denominator: 40 },
    { region: 'South', channel: null, value: 52.5, numerator: 2100, denominator: 40 },
  ]);

  it('orients the gap from the higher segment and splits it by channel', () => {
    // Asked South first: North is higher, so it is segment a.
    const g = gapContribution([...rows, ...totals], 'region', 'South', 'North', 'channel');
    expect(g.summary).toMatchObject({
      segment_a: 'North',
      segment_b: 'South',
      value_a: 65,
      value_b: 52.5,
      gap: 12.5,
      groups_overlap: 'no',
      residual: 0,
    });
    // app: 0.5·100 − 0.25·90 = 27.5; web: 0.5·30 − 0.75·40 = −15.
    close(byKey(g.rows, 'channel', 'app').contribution, 27.5);
    close(byKey(g.rows, 'channel', 'web').contribution, -15);
    // mix (0.5 − 0.25)·(100 + 90)/2 = 23.75, rate (100 − 90)·(0.5 + 0.25)/2 = 3.75.
    close(byKey(g.rows, 'channel', 'app').mix_effect, 23.75);
    close(byKey(g.rows, 'channel', 'app').rate_effect, 3.75);
    expect(g.summary.top).toBe('app');
  });

  it("with overlapping groups, the segments keep their own values and the residual is the overlap's", () => {
    // North's units are counted in both channels: its groups' denominators add to 40, its own total to 30.
    const overlapTotals = total([
      { region: 'North', channel: null, value: 2400 / 30, numerator: 2400, denominator: 30 },
      { region: 'South', channel: null, value: 52.5, numerator: 2100, denominator: 40 },
    ]);
    const g = gapContribution([...rows, ...overlapTotals], 'region', 'North', 'South', 'channel');
    close(g.summary.value_a, 80);
    close(g.summary.gap, 27.5);
    expect(g.summary.groups_overlap).toBe('yes');
    // The contributions explain the pooled gap 65 − 52.5 = 12.5; the rest, 15, is the residual.
    close(g.summary.residual, 15);
    const own = independent.gapContribution(rows, overlapTotals, true, 'region', 'North', 'South', 'channel');
    expect(own.summary).toEqual(g.summary);
  });
});

describe('rankContributors', () => {
  const decomposition = (rows: Row[], summary: Record<string, string | number | null>, dimension: string) => ({ dimension, rows, summary });

  it('ranks mix and rate effects in the direction of a rise', () => {
    const d = changeDecomposition(
      [
        { month: '2024-01', region: 'A', value: 100, numerator: 1000, denominator: 10 },
        { month: '2024-01', region: 'B', value: 40, numerator: 400, denominator: 10 },
        { month: '2024-02', region: 'A', value: 90, numerator: 1800, denominator: 20 },
        { month: '2024-02', region: 'B', value: 50, numerator: 500, denominator: 10 },
      ],
      'region',
      '2024-01',
      '2024-02',
    );
    const r = rankContributors([decomposition(d.rows, d.summary, 'region')], 2);
    expect(r.rows.map((x) => [x.rank, x.segment, x.effect_type])).toEqual([
      [1, 'A', 'mix'],
      [2, 'B', 'rate'],
    ]);
    close(r.rows[0]?.effect, 15.833333);
    close(r.rows[0]?.share_of_change, 2.375);
    close(r.rows[1]?.share_of_change, 0.625);
    expect(r.summary).toMatchObject({ top_dimension: 'region', top_segment: 'A', top_effect_type: 'mix' });
  });

  it('ranks the most negative effects first for a fall, across two dimensions', () => {
    const byRegion = changeDecomposition(
      [
        { month: '2024-01', region: 'A', value: 100 },
        { month: '2024-01', region: 'B', value: 100 },
        { month: '2024-02', region: 'A', value: 70 },
        { month: '2024-02', region: 'B', value: 110 },
      ],
      'region',
      '2024-01',
      '2024-02',
    );
    const byChannel = changeDecomposition(
      [
        { month: '2024-01', channel: 'app', value: 150 },
        { month: '2024-01', channel: 'web', value: 50 },
        { month: '2024-02', channel: 'app', value: 130 },
        { month: '2024-02', channel: 'web', value: 50 },
      ],
      'channel',
      '2024-01',
      '2024-02',
    );
    const r = rankContributors(
      [decomposition(byRegion.rows, byRegion.summary, 'region'), decomposition(byChannel.rows, byChannel.summary, 'channel')],
      3,
    );
    // The change is −20: region A −30, channel app −20, channel web 0 (region B +10 is last).
    expect(r.rows.map((x) => `${String(x.dimension)}=${String(x.segment)}`)).toEqual(['region=A', 'channel=app', 'channel=web']);
    close(r.rows[0]?.share_of_change, 1.5);
    const own = independent.rankContributors(
      [
        { ...byRegion, dimension: 'region' },
        { ...byChannel, dimension: 'channel' },
      ],
      3,
    );
    expect(own.rows).toEqual(r.rows);
  });
});
