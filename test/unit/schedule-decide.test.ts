/** A schedule run's verdict and the checks of `baton schedule add`'s options (src/schedules). */
import type { ScheduledRunSummary } from '../../src/schedules/contract';
import { alertText, crossedRule, decide } from '../../src/schedules/decide';
import { checkCron, checkTimeZone, parseAlert, parseEvery, parseWhen } from '../../src/schedules/parse';
import { isoWeekOf, parsePlantWeeks, plantFactor } from '../../src/seed/plant';
import { MINUTE } from '../../src/seed/calendar';

const run = (over: Partial<ScheduledRunSummary> = {}): ScheduledRunSummary => ({
  status: 'completed',
  answer: 'AOV moved',
  metric: 'aov',
  metricLabel: 'AOV',
  before: 200,
  after: 150,
  change: -50,
  changeRatio: -0.25,
  unit: 'CNY',
  citations: { before: 1, after: 2 },
  pValue: 0.2,
  mainContributor: { dimension: 'region', segment: '华东', effect: -40, share: 0.8 },
  reportSummary: 'AOV fell from ¥200.00[1] to ¥150.00[2].',
  reportRef: 'report:1',
  ...over,
});

test('alerts on a significant change at the level, a crossed threshold, a broken run; else no material change', () => {
  const config = { level: 0.05, when: [] };
  expect(decide(run({ pValue: 0.01 }), config)).toBe('significant_change');
  expect(decide(run({ pValue: 0.06 }), config)).toBe('no_material_change');
  expect(decide(run({ pValue: 0.06 }), { level: 0.1, when: [] })).toBe('significant_change');
  for (const status of ['degraded', 'needs_clarification', 'cannot_answer', 'failed'] as const)
    expect(decide(run({ status, pValue: 0.9 }), config)).toBe('broken');
  const change = parseWhen('change > 10%', ['aov']);
  expect(decide(run(), { level: 0.05, when: [change] })).toBe('threshold');
  expect(decide(run({ changeRatio: 0.05 }), { level: 0.05, when: [change] })).toBe('no_material_change');
  const floor = parseWhen('aov < 160', ['aov']);
  expect(crossedRule(run(), [floor])).toEqual(floor);
  expect(crossedRule(run({ after: 170 }), [floor])).toBeNull();
});

test("the alert says what changed, by how much, the main contributor and the report, with the run's citations", () => {
  const refs = {
    reportCommand: 'baton report r1 --format html',
    link: 'http://ui/r1',
    previous: 'r0',
    previousDecision: 'no_material_change',
  };
  const { headline, text } = alertText(run({ pValue: 0.001 }), 'significant_change', { level: 0.05, when: [] }, 'en', refs);
  expect(headline).toBe('AOV changed significantly: ¥200.00[1] → ¥150.00[2] (−¥50.00, −25.0%), p = 0.0010');
  expect(text).toContain('main contributor: region=华东, −¥40.00 (80.0% of the change)');
  expect(text).toContain('AOV fell from ¥200.00[1] to ¥150.00[2].');
  expect(text).toContain('baton report r1 --format html');
  expect(text).toContain('previous run: r0');
  const broken = alertText(run({ status: 'degraded', answer: 'the planner failed' }), 'broken', { level: 0.05, when: [] }, 'zh', refs);
  expect(broken.headline).toContain('degraded');
  expect(broken.headline).toContain('the planner failed');
});

test('bad options are refused naming what is wrong', () => {
  expect(checkCron('0 9 * * MON', 'Asia/Shanghai')).toBe('0 9 * * MON');
  expect(() => checkCron('0 9 * * FOO', 'UTC')).toThrow('does not parse');
  expect(() => checkCron('0 9 * *', 'UTC')).toThrow('five');
  expect(() => checkTimeZone('Mars/Olympus')).toThrow('not a time zone');
  expect(() => parseWhen('happiness < 0.2', ['aov'])).toThrow('no metric "happiness"');
  expect(() => parseWhen('change > 10', ['aov'])).toThrow('percentage');
  expect(() => parseAlert('webhook:ftp://x/y')).toThrow('http or https');
  expect(parseAlert('file:/tmp/a.jsonl')).toEqual({ kind: 'file', path: '/tmp/a.jsonl' });
  expect(parseEvery('1w')).toBe(604_800_000);
  expect(() => parseEvery('fortnightly')).toThrow('not an interval');
});

test('planted weeks alternate the level: each named week differs from the one before it', () => {
  const weeks = parsePlantWeeks('2026-W43,2026-W39');
  expect(weeks.map(isoWeekOf)).toEqual(['2026-W39', '2026-W43']);
  expect(plantFactor(weeks, '华东', '2026-09-20 23:59:00')).toBe(1);
  expect(plantFactor(weeks, '华东', '2026-09-21 00:00:00')).toBeLessThan(1);
  expect(plantFactor(weeks, '华北', '2026-09-22 10:00:00')).toBe(1);
  expect(plantFactor(weeks, '华东', '2026-10-19 00:00:00')).toBe(1);
  expect(isoWeekOf(Date.parse('2027-01-01T00:00:00Z') / MINUTE)).toBe('2026-W53');
  expect(() => parsePlantWeeks('2026-40')).toThrow('ISO weeks');
});
