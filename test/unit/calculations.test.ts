/**
 * The pure parts of re-verification and citation: tolerances, finding a row again,
 * the two-sample test's refusals, and reading numbers back from report text.
 */
import { sameNumber, stepCalculations } from '../../src/analysis/calculations';
import { pickValue } from '../../src/analysis/recompute';
import { twoSampleTest } from '../../src/analysis/statistics';
import { writeStepCode } from '../../src/coding/rules-coder';
import type { PlanStep } from '../../src/contracts';
import { formatCalculation } from '../../src/format/numbers';
import { readNumbers, states, statesCalculation } from '../../src/format/read';
import { runInSandbox } from '../../src/sandbox/sandbox';
import { catalogFor } from '../../src/settings/sources';

test('recomputed numbers match within 1% relative, counts exactly', () => {
  expect(sameNumber(0.25, 0.259)).toBe(false);
  expect(sameNumber(0.045, 0.055)).toBe(false);
  expect(sameNumber(0.05 * 1.1, 0.05)).toBe(false);
  expect(sameNumber(108, 107, 'integer')).toBe(false);
  expect(sameNumber('107', 107, 'integer')).toBe(true);
  expect(sameNumber(2_980_711.75, 2_980_711.7500001)).toBe(true);
  expect(sameNumber(0, 0)).toBe(true);
});

test('a row whose group value is missing is found again by the validator', () => {
  const step: PlanStep = {
    step_id: 's1',
    description: 'GMV by category',
    depends_on: [],
    expected_output: 'rows',
    metrics: ['gmv'],
    dimensions: ['category'],
    operation: {
      kind: 'metric',
      query: {
        metric: 'gmv',
        window: { start: '2026-10-01', end: '2026-11-01', label_zh: '2026年10月', label_en: 'October 2026', source: 'question' },
        filters: [],
        group_by: ['category'],
        periods: [],
        order: null,
        limit: null,
      },
    },
  };
  const rows = [
    { category: '数码', value: 10 },
    { category: null, value: 3 },
  ];
  const calcs = stepCalculations(step, rows, {}, catalogFor(undefined), 'en');
  expect(calcs.map((c) => c.id)).toEqual(['s1.数码.value', 's1.(missing).value']);
  expect(calcs.map((c) => pickValue({ rows, summary: {} }, c.pick))).toEqual([10, 3]);
});

test('samples that do not vary get no t-test instead of NaN', () => {
  expect(() => twoSampleTest([1, 1, 1], [1, 1, 1])).toThrow(/do not vary enough for a t-test/);
  expect(() => twoSampleTest([1], [0, 1])).toThrow(/at least 2 values/);
  const ok = twoSampleTest([0, 1, 0, 1, 1], [0, 0, 0, 1, 0]);
  expect(ok.p_value).toBeGreaterThan(0);
  expect(ok.p_value).toBeLessThan(1);
});

test('dates and periods in report text are not claims; "<" only bounds a p-value', () => {
  const text = 'GMV for October 2026, Q3 2026, 2026年第3季度, 2026年, 2026-W40, 2026-10 and 2026-10-31: ¥1.00[1], p < 0.0001[2]';
  expect(readNumbers(text).numbers.map((n) => [n.text, n.marker])).toEqual([
    ['¥1.00', 1],
    ['< 0.0001', 2],
  ]);
  const [, bound] = readNumbers(text).numbers;
  expect(states(bound!, 0.00002)).toBe(true);
  expect(states(bound!, 0.002)).toBe(false);
});

test('the rules coder writes valid code whatever the step ids and descriptions', async () => {
  const step: PlanStep = {
    step_id: 'step-2',
    description: 'top regions\nby GMV',
    depends_on: ['default'],
    expected_output: 'rows',
    metrics: ['gmv'],
    dimensions: ['region'],
    operation: { kind: 'top_n', source: 'default', column: 'value', n: 1, order: 'desc' },
  };
  const { code } = writeStepCode(step, 1, [], false);
  const run = await runInSandbox(code, {
    dependencies: {
      default: {
        columns: [{ name: 'region', type: 'text', meaning: 'r' }],
        rows: [
          { region: '华东', value: 2 },
          { region: '华北', value: 5 },
        ],
        summary: {},
      },
    },
    partial_periods: [],
    queries: {},
  });
  expect(run).toMatchObject({ status: 'ok', output: { rows: [{ region: '华北', value: 5 }] } });
});

test('digits inside a row label are a name, not an uncited number', () => {
  const text = 'B-Sides 1980-1990 ¥6.93[1]; The Office, Season 1 ¥1.99[2]; 42 orders';
  expect(readNumbers(text).numbers.map((n) => n.text)).toEqual(['90', '¥6.93', '1', '¥1.99', '42']);
  expect(readNumbers(text, ['B-Sides 1980-1990', 'The Office, Season 1']).numbers.map((n) => n.text)).toEqual(['¥6.93', '¥1.99', '42']);
});

test('period keys among the row labels stay dates: masking a year never leaves "-01" behind', () => {
  expect(readNumbers('2021-01 ¥35.64[1]; 2021 ¥449.46[2]', ['2021', '2021-01']).numbers.map((n) => n.text)).toEqual(['¥35.64', '¥449.46']);
});

test("money is written in the metric's currency, and the auditor reads every currency back", () => {
  const money = (unit: string | null) => formatCalculation({ value: 2328.6, display: 'currency', delta: false, unit }, 'en');
  expect([money('USD'), money('EUR'), money('GBP'), money('CNY'), money('CHF'), money(null)]).toEqual([
    '$2,328.60',
    '€2,328.60',
    '£2,328.60',
    '¥2,328.60',
    'CHF 2,328.60',
    '¥2,328.60',
  ]);
  expect(formatCalculation({ value: -21.09, display: 'currency', delta: true, unit: 'USD' }, 'en')).toBe('−$21.09');
  const read = readNumbers('revenue $2,328.60[1], down −$21.09[2], fees CHF 5.00[3]').numbers;
  expect(read.map((n) => [n.value, n.marker])).toEqual([
    [2328.6, 1],
    [-21.09, 2],
    [5, 3],
  ]);
});

test('a year before a comma or a full stop is a date; a year-like amount with decimals or thousands is a number', () => {
  expect(readNumbers('revenue change (2023 → 2024, by country): +$7.95[8]. Sales in 2024.').numbers.map((n) => n.text)).toEqual(['+$7.95']);
  expect(readNumbers('2024.50 and 2024,500 orders').numbers.map((n) => n.text)).toEqual(['2024.50', '2024,500']);
});

test('one rounding rule for writer and auditor: an amount whose next digit is 5 passes as the writer wrote it', () => {
  const calc = { value: 480231.255, display: 'currency' as const, delta: false, unit: 'USD' };
  const written = formatCalculation(calc, 'en');
  expect(written).toBe('$480,231.26');
  const [n] = readNumbers(`${written}[1]`).numbers;
  // By arithmetic it is a hair over half a cent away (binary fractions) …
  expect(states(n!, calc.value)).toBe(false);
  // … but it is exactly what the writer writes for this calculation.
  expect(statesCalculation(n!, calc)).toBe(true);
  const [wrong] = readNumbers('$480,231.27[1]').numbers;
  expect(statesCalculation(wrong!, calc)).toBe(false);
});
