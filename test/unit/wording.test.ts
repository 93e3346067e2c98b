/**
 * The wording helpers (src/messages: words, prose, trend-sentence) and the marks that keep unverified numbers visible
 * (src/report/answer.ts, the chart tables of src/report/render.ts): pure, no server needed.
 */
import path from 'node:path';
import { describeStep } from '../../src/analysis/findings';
import { joinSentences, say, wordsFor, countWord } from '../../src/messages/words';
import { proseProblems } from '../../src/messages/prose';
import { trendSentence } from '../../src/messages/trend-sentence';
import { fixed, formatCalculation, formatDelta, formatMoney, formatValue, percent, points, significant } from '../../src/format/numbers';
import { readNumbers } from '../../src/format/read';
import type { Calculation, PlanStep, ReportOutput } from '../../src/contracts';
import { basisLines, markFindings, markUnverified, resultMetrics } from '../../src/report/answer';
import { scopeFilterText } from '../../src/report/sections/data-scope';
import { loadCatalog, type Catalog } from '../../src/catalog/catalog';
import { timeFieldLabel } from '../../src/format/labels';
import { makeWindow } from '../../src/model/time-window';
import { MetricQuery } from '../../src/contracts';
import { chartPng, chartFont, chartSvg } from '../../src/report/chart-drawing';
import { presentChart } from '../../src/report/charts';
import { chartTable, toMarkdown } from '../../src/report/render';
import { catalogFor } from '../../src/settings/sources';

const calc = (id: string, value: number, display: Calculation['display'], extra: Partial<Calculation> = {}): Calculation => ({
  id,
  value,
  display,
  delta: false,
  unit: null,
  step_id: id.split('.')[0] ?? 's1',
  importance: 'high',
  description: id,
  formula: 'f',
  sources: [],
  pick: { field: 'value', match: null },
  ...extra,
});

describe('the two languages in one place', () => {
  test('say and wordsFor pick by language', () => {
    expect(say('zh')('上升', 'rising')).toBe('上升');
    expect(say('en')('上升', 'rising')).toBe('rising');
    expect(wordsFor('zh').list(['a', 'b'])).toBe('a、b');
    expect(wordsFor('en').list(['a', 'b'])).toBe('a, b');
    expect(wordsFor('zh').unverified).toBe('（未核实）');
    expect(wordsFor('en').unverified).toBe('(unverified)');
    expect(countWord(3, 'zh')).toBe('三');
    expect(countWord(3, 'en')).toBe('three');
    expect(countWord(11, 'en')).toBeNull();
  });

  test('sentences are joined with one space in English, none in Chinese, whatever their ends', () => {
    expect(joinSentences('en', ['GMV moved from ¥1.00 to ¥2.00 (+¥1.00). ', 'The main contributor is X.', null, ''])).toBe(
      'GMV moved from ¥1.00 to ¥2.00 (+¥1.00). The main contributor is X.',
    );
    expect(joinSentences('zh', ['销售额从 ¥1.00 变为 ¥2.00。', '主要原因是 X。'])).toBe('销售额从 ¥1.00 变为 ¥2.00。主要原因是 X。');
    expect(proseProblems(joinSentences('en', ['A moved (−7.57 pp).', 'The main contributor is X.']))).toEqual([]);
  });

  test('the checks catch what the issue saw: no space after a full stop, a sentence without its subject, falling next to a rise', () => {
    expect(proseProblems('GMV moved from ¥1.00 to ¥2.00 (−7.57 pp).The main contributor is X.')).toHaveLength(1);
    expect(proseProblems('went from $1.00 (2024-01) to $3.53 (2024-06), falling for the last 1 month(s).')[0]).toMatch(
      /without its subject/,
    );
    expect(
      proseProblems('revenue has been falling for 1 consecutive month(s), from $1.00 (2024-01) to $3.53 (2024-06), 253.0% overall.')[0],
    ).toMatch(/falling" next to a rise/);
  });
});

describe('a trend says the change over the period and the latest direction without contradicting itself', () => {
  const base = {
    subject: 'revenue',
    first: '$1,000.00',
    firstMonth: '2024-01',
    last: '$3,530.00',
    lastMonth: '2024-06',
    overallText: '253.0%',
  };

  test('up over the period, the latest month down', () => {
    const en = trendSentence('en', { ...base, overall: 1, direction: 'down', runText: '1', single: true });
    expect(en).toBe('revenue rose 253.0% over the period, from $1,000.00 (2024-01) to $3,530.00 (2024-06); but the latest month fell.');
    expect(proseProblems(en)).toEqual([]);
    const zh = trendSentence('zh', { ...base, subject: '销售额', overall: 1, direction: 'down', runText: '1', single: true });
    expect(zh).toBe('销售额在此期间上升 253.0%，从 $1,000.00（2024-01）到 $3,530.00（2024-06）；但最近一个月环比下降。');
  });

  test('down over the period and for the last three months', () => {
    const en = trendSentence('en', { ...base, overallText: '40.0%', overall: -1, direction: 'down', runText: '3', single: false });
    expect(en).toMatch(/^revenue fell 40\.0% over the period, .*; falling for the last 3 months in a row\.$/);
    expect(proseProblems(en)).toEqual([]);
  });

  test('the trend step writes it, with its subject, in both languages', () => {
    const catalog = catalogFor(undefined);
    const step: PlanStep = {
      step_id: 's2',
      description: 'trend',
      depends_on: ['s1'],
      expected_output: 'trend',
      metrics: ['gmv'],
      dimensions: [],
      operation: { kind: 'trend', source: 's1', key_columns: [] },
    };
    const rows = [
      {
        series: 'all',
        first_month: '2024-01',
        last_month: '2024-06',
        first_value: 1000,
        last_value: 3530,
        direction: 'down',
        run_length: 1,
        total_change_pct: 2.53,
        change_points: null,
      },
    ];
    for (const language of ['en', 'zh'] as const) {
      const { findings } = describeStep(step, { columns: [], rows, data_summary: {} }, {}, catalog, language);
      const text = findings.map((f) => f.summary).join('\n');
      expect(proseProblems(text)).toEqual([]);
      expect(text).toMatch(
        language === 'en'
          ? /^GMV rose 253\.0% over the period, .*but the latest month fell\.$/
          : /^销售额在此期间上升 253\.0%.*但最近一个月环比下降。$/,
      );
    }
  });
});

describe('numbers nobody verified are marked', () => {
  const money = calc('s1.total.value', 1234.5, 'currency', { unit: 'USD' });

  test('a number that states a verified calculation stays; any other is marked', () => {
    expect(markUnverified('GMV for March 2026 was $1,234.50.', [money], 'en')).toBe('GMV for March 2026 was $1,234.50.');
    expect(markUnverified('GMV for March 2026 was $1,234.50.', [], 'en')).toBe('GMV for March 2026 was $1,234.50 (unverified).');
    expect(markUnverified('2026年3月的销售额为 $1,234.50，占 40.0%。', [money], 'zh')).toBe(
      '2026年3月的销售额为 $1,234.50，占 40.0%（未核实）。',
    );
    // Dates, code spans and cited numbers are not claims to mark.
    expect(markUnverified('From 2026-01 to 2026-03 `x > 0` was 5[2].', [], 'en')).toBe('From 2026-01 to 2026-03 `x > 0` was 5[2].');
  });

  test('metrics carry verified, their calculation and citation; a value with no verified calculation is verified: false', () => {
    const metrics = [
      { name: 'gmv', label: 'GMV', value: 1234.5, unit: 'USD', period: 'March 2026', calculation_id: 's1.total.value' },
      { name: 'gmv', label: 'GMV', value: 99, unit: 'USD', period: 'April 2026', calculation_id: 's1.2026-04.value' },
      { name: 'gmv', label: 'GMV', value: 7, unit: 'USD', period: 'May 2026', calculation_id: null },
    ];
    const shown = resultMetrics(metrics, ['s1.total.value', 's1.2026-04.value'], [{ marker: 3, calculation_id: 's1.total.value' }]);
    expect(shown.map((m) => [m.verified, m.calculation_id, m.citation])).toEqual([
      [true, 's1.total.value', 3],
      [true, 's1.2026-04.value', null],
      [false, null, null],
    ]);
    const lines = markFindings([{ summary: 'GMV was $1,234.50, then $7.00.', evidence_refs: ['s1'] }], shown, 'en');
    expect(lines).toEqual(['GMV was $1,234.50, then $7.00 (unverified).']);
  });

  test('chart data tables cite each verified value and mark the rest', () => {
    const report: ReportOutput = {
      task_id: 'report',
      input_task_id: 'analysis',
      title: 'T',
      language: 'en',
      sections: [],
      key_metrics: [],
      citations: [],
      limitations: [],
      status: 'completed',
      answer: 'a',
      attempt: 1,
      audit: null,
      charts: [
        {
          id: 'chart-s1',
          title: 'GMV by month',
          spec: {
            data: {
              values: [
                { month: '2026-03', group: 'all', value: 1234.5 },
                { month: '2026-04', group: 'all', value: 99 },
              ],
            },
          },
          sources: [{ value: { calculation_id: 's1.2026-03.value', marker: 2, text: '$1,234.50' } }, { value: null }],
        },
      ],
    };
    expect(chartTable(report.charts[0]!, report).rows).toEqual([
      ['2026-03', 'all', '$1,234.50[2]'],
      ['2026-04', 'all', '99 (unverified)'],
    ]);
    expect(toMarkdown(report)).toContain('| 2026-04 | all | 99 (unverified) |');
    // An older report, without sources: every number is marked, none passes silently.
    const older = { ...report, language: 'zh' as const, charts: [{ ...report.charts[0]!, sources: undefined }] };
    expect(chartTable(older.charts[0]!, older).rows[0]).toEqual(['2026-03', 'all', '1234.5（未核实）']);
  });
});

describe("charts in the metric's own format and the report's language", () => {
  const values = [
    { month: '2026-03', group: 'all', value: 1234.5 },
    { month: '2026-04', group: 'all', value: 99 },
    { month: '2026-05', group: 'all', value: 2500 },
  ];
  const gmv = {
    id: 'chart-s1',
    title: 'GMV by month',
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
      title: 'GMV by month',
      width: 480,
      height: 240,
      data: { values },
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'month', type: 'ordinal', title: null },
        y: { field: 'value', type: 'quantitative', title: null },
        color: { field: 'group', type: 'nominal', title: null },
      },
    },
  };

  test("money in its currency on the axis and in each point's title; one series has no legend; the caption carries the title", async () => {
    const chart = presentChart(gmv, { value: { display: 'currency', delta: false, unit: 'EUR' } }, 'en');
    expect(chart.spec.title).toBeUndefined();
    expect((chart.spec.encoding as Record<string, unknown>).color).toBeUndefined();
    const svg = await chartSvg(chart);
    const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    // d3's SI format, one prefix for all ticks (€0k, €0.5k … €2.5k); never a bare 1000.
    expect(labels).toEqual(['2026-03', '2026-04', '2026-05', '€0k', '€0.5k', '€1k', '€1.5k', '€2k', '€2.5k']);
    expect(labels).not.toContain('all');
    expect([...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual([
      'month: 2026-03; amount: €1,234.50',
      'month: 2026-04; amount: €99.00',
      'month: 2026-05; amount: €2,500.00',
    ]);
  });

  test('a change of a rate in percentage points, in Chinese; the PNG drawn with a CJK font at twice the size', async () => {
    const effects = {
      id: 'chart-s2',
      title: '按客户类型分解变化',
      spec: {
        width: 300,
        height: 200,
        data: {
          values: [
            { segment: '客户类型=新客', effect: -0.096645 },
            { segment: '客户类型=老客', effect: 0.020972 },
          ],
        },
        mark: 'bar',
        encoding: {
          x: { field: 'segment', type: 'nominal', sort: null, title: null },
          y: { field: 'effect', type: 'quantitative', title: '对变化的贡献' },
        },
      },
    };
    const chart = presentChart(effects, { effect: { display: 'ratio', delta: true } }, 'zh');
    const svg = await chartSvg(chart);
    expect(svg).toContain('对变化的贡献（个百分点）');
    expect([...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1])).toEqual([
      '分组：客户类型=新客；对变化的贡献（个百分点）：−9.66',
      '分组：客户类型=老客；对变化的贡献（个百分点）：+2.10',
    ]);
    expect(chartFont()).toMatchObject({ file: expect.stringMatching(/NotoSansCJK/), note: null });
    const image = await chartPng(chart);
    expect([image.width, image.height]).toEqual([Math.round(image.svgWidth * 2), Math.round(image.svgHeight * 2)]);
    // Data tables name their columns in the report's language.
    const report = { language: 'zh' } as ReportOutput;
    expect(chartTable(chart, report).header).toEqual(['分组', '影响']);
  });
});

describe('the number formatter (src/format/numbers.ts)', () => {
  it('writes percentages, points, fixed and significant digits as toFixed and toPrecision do', () => {
    expect(percent(0.12345, 1)).toBe('12.3%');
    expect(percent(0.5, 0)).toBe('50%');
    expect(points(0.0757, 'en')).toBe('7.57 pp');
    expect(points(0.0757, 'zh')).toBe('7.57 个百分点');
    expect(fixed(2.5, 0)).toBe((2.5).toFixed(0));
    expect(significant(0.012345, 2)).toBe('0.012');
  });

  it('writes a change of a ratio in points and other changes in the metric unit, with a minus sign', () => {
    expect(formatDelta(-0.0757, { format: 'ratio' } as never, 'en')).toBe('−7.57 pp');
    expect(formatDelta(-0.0757, { format: 'ratio' } as never, 'zh')).toBe('−7.57 个百分点');
    expect(formatDelta(1234.5, { format: 'currency', unit: 'USD' } as never, 'en')).toBe('+$1,234.50');
    expect(formatValue(null, undefined, 'zh')).toBe('无数据');
    expect(formatValue(Number.NaN, undefined, 'en')).toBe('no data');
    expect(formatCalculation({ value: 0.0412, display: 'percent', delta: true, unit: null }, 'en')).toBe('+4.1%');
  });

  it('writes a negative amount with the minus sign (U+2212) before the currency symbol, in every path', () => {
    const usd = { format: 'currency', unit: 'USD' } as never;
    expect(formatMoney(-2639.77, 'USD')).toBe('−$2,639.77');
    expect(formatMoney(-12, 'CHF')).toBe('−CHF 12.00');
    expect(formatMoney(-0.001, 'USD')).toBe('$0.00');
    expect(formatValue(-2639.77, usd, 'en')).toBe('−$2,639.77');
    expect(formatCalculation({ value: -2639.77, display: 'currency', delta: false, unit: 'USD' }, 'en')).toBe('−$2,639.77');
    expect(formatValue(-1234, { format: 'integer' } as never, 'en')).toBe('−1,234');
    expect(formatValue(-0.25, { format: 'ratio' } as never, 'en')).toBe('−25.00%');
    expect(formatValue(-1.5, undefined, 'en')).toBe('−1.5');
    // The auditor reads the written amount back as the negative number it is.
    const [read] = readNumbers('a loss of −$2,639.77[3]').numbers;
    expect(read).toMatchObject({ value: -2639.77, marker: 3 });
  });
});

describe('a time field in Chinese text, when the catalog has no meaning_zh', () => {
  const chinook = loadCatalog(path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'));
  const bare: Catalog = {
    ...chinook,
    time_fields: Object.fromEntries(Object.entries(chinook.time_fields).map(([k, f]) => [k, { ...f, meaning_zh: undefined }])),
  };
  const window = makeWindow('2024-01-01', '2025-01-01', 'question', { zh: '2024年', en: '2024' });
  const scope = {
    filters: ['invoice_date in [2024-01-01, 2025-01-01) (2024)', 'country = USA'],
    result_shapes: [],
    anomalies: [],
    primary_query: MetricQuery.parse({ metric: 'revenue', window, filters: [{ dimension: 'country', values: ['USA'] }], group_by: [] }),
  };

  it('names it by its English meaning, never by its id (按order_date统计), in the answer and the data scope', () => {
    const basis = basisLines(scope, bare, 'zh');
    expect(basis.join('；')).not.toMatch(/invoice_date|country =/);
    expect(basis).toContain('按The invoice date统计，2024-01-01 至 2024-12-31');
    expect(basisLines(scope, chinook, 'zh').join('；')).toMatch(/按开票日期统计/);
    expect(scopeFilterText(scope.filters[0]!, bare, 'zh')).not.toMatch(/invoice_date/);
    // Without a compiled query the scope's own lines are written in the catalog's words too.
    expect(basisLines({ ...scope, primary_query: null }, bare, 'zh').join('；')).not.toMatch(/invoice_date/);
    expect(timeFieldLabel(bare, 'en', 'invoice_date')).toBe('The invoice date');
  });
});
