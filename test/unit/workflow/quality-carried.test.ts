/**
 * Data quality's outcome carried from one turn of a conversation to the next (src/workflows/reuse.ts): a turn that would
 * ask the data-quality agent the same question (the same metrics, windows and language) on the same data (the same data
 * version), before the first row dated in the future passes "now", takes the earlier turn's outcome without asking the
 * agent again. Any difference, and the agent is asked. Every agent stubbed (harness.ts).
 */
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { ReusableResult } from '../../../src/contracts';
import { mergeReuse } from '../../../src/sessions/state';
import { carriedQuality } from '../../../src/workflows/reuse';
import { runAnalysis, startEnvironment, workflowBundle, type Stub } from './harness';

let env: TestWorkflowEnvironment;

beforeAll(async () => {
  [env] = await Promise.all([startEnvironment(), workflowBundle()]);
}, 120_000);

afterAll(async () => {
  await env?.teardown();
});

/** The data's extent as the agent reads it in a conversation's turn: with the data's version. */
const extentOf = (version: string) => () => ({ time_fields: {}, extent_ref: `extent-${version}`, data_version: `${version}|rows` });

/** Data quality as the agent answers in a conversation's turn: its counts, and its key's record with until when they hold. */
const qualityUntil =
  (holdsUntil: number | null): Stub =>
  (input: { reuse?: { key: string }[] }) => ({
    task_id: 'dq',
    tables: [{ table: 'orders', rows: 120, rows_all: 500, period: 'orders.pay_time' }],
    checks: [],
    partial_periods: [],
    dirty_rows: 3,
    dirty_rows_all: 7,
    calculations_ref: 'dq-calculations',
    calculation_count: 2,
    reuse: { key: 'dq:asked.data', result_ref: 'dq-stored', reused: false, data_changed: false, holds_until: holdsUntil },
    recipe: { kind: 'stored', step_id: 'dq', recipe_ref: 'dq-recipe' },
    assumptions_made: [],
    paths_excluded: [],
    // What the agent was offered, for the test to read back: never the carried outcome itself.
    offered: input.reuse,
  });

async function firstTurn(holdsUntil: number | null) {
  const first = await runAnalysis(env, { reuse: [] }, { readDataExtent: extentOf('v1'), checkDataQuality: qualityUntil(holdsUntil) });
  expect(first.result?.status).toBe('completed');
  return first.result?.reusable ?? [];
}

test("a turn's data-quality entry carries its outcome: what was asked, on which data, until when", async () => {
  const offered = await firstTurn(null);
  const dq = offered.find((o) => o.key === 'dq:asked.data');
  expect(dq?.result_ref).toBe('dq-stored');
  expect(dq?.quality?.data_version).toBe('v1|rows');
  expect(dq?.quality?.holds_until).toBeNull();
  expect(dq?.quality?.asked).toMatchObject({ metrics: ['gmv'], language: 'en' });
  expect(dq?.quality?.asked.windows).toEqual([expect.objectContaining({ start: '2026-11-01', end: '2026-12-01' })]);
  expect(dq?.quality?.output).toMatchObject({ dirty_rows: 3, dirty_rows_all: 7, calculations_ref: 'dq-calculations' });
  expect(dq?.quality?.output).not.toHaveProperty('reuse');
}, 60_000);

test('the next turn asking the same on the same data takes it without asking the agent, and says it was reused', async () => {
  const offered = await firstTurn(null);
  const again = await runAnalysis(env, { reuse: offered }, { readDataExtent: extentOf('v1'), checkDataQuality: qualityUntil(null) });
  expect(again.result?.status).toBe('completed');
  expect(again.of('checkDataQuality')).toHaveLength(0);
  expect(again.record?.dataQuality).toMatchObject({ dirty_rows: 3, calculations_ref: 'dq-calculations' });
  expect(again.record?.dataQuality?.reuse).toMatchObject({ key: 'dq:asked.data', result_ref: 'dq-stored', reused: true });
  expect(again.record?.checklist).toContain('reused from an earlier turn');
  expect(again.result?.reused).toBe(true);
  // The verifier is handed the earlier turn's calculations and recipe, as when the agent reads its stored outcome back.
  const verify = again.of('recomputeNumbers')[0]?.input as { calculation_refs: string[]; recipes: { recipe_ref?: string }[] };
  expect(verify.calculation_refs).toContain('dq-calculations');
  expect(verify.recipes.map((r) => r.recipe_ref)).toContain('dq-recipe');
  // The agents are offered keys and references only.
  const sql = again.of('runSqlStep')[0]?.input as { reuse: ReusableResult[] };
  expect(sql.reuse.length).toBeGreaterThan(0);
  expect(sql.reuse.every((r) => Object.keys(r).sort().join() === 'key,result_ref')).toBe(true);
}, 60_000);

test('on other data, or once a dated row has passed "now", the agent is asked again', async () => {
  const offered = await firstTurn(null);
  const changed = await runAnalysis(env, { reuse: offered }, { readDataExtent: extentOf('v2'), checkDataQuality: qualityUntil(null) });
  expect(changed.of('checkDataQuality')).toHaveLength(1);
  expect((changed.of('checkDataQuality')[0]?.input as { reuse: ReusableResult[] }).reuse.every((r) => r.quality === undefined)).toBe(true);

  // Counts that held until a moment already past (1 s after the epoch).
  const past = await firstTurn(1000);
  const later = await runAnalysis(env, { reuse: past }, { readDataExtent: extentOf('v1'), checkDataQuality: qualityUntil(1000) });
  expect(later.of('checkDataQuality')).toHaveLength(1);

  // Counts that hold for another hour.
  const hour = await firstTurn(Date.now() + 3_600_000);
  const soon = await runAnalysis(env, { reuse: hour }, { readDataExtent: extentOf('v1'), checkDataQuality: qualityUntil(null) });
  expect(soon.of('checkDataQuality')).toHaveLength(0);
}, 120_000);

test('a question that asks data quality of other metrics or periods asks the agent', async () => {
  const offered = await firstTurn(null);
  const other = offered.map((o) =>
    o.quality ? { ...o, quality: { ...o.quality, asked: { ...o.quality.asked, metrics: ['orders'] } } } : o,
  );
  const again = await runAnalysis(env, { reuse: other }, { readDataExtent: extentOf('v1'), checkDataQuality: qualityUntil(null) });
  expect(again.of('checkDataQuality')).toHaveLength(1);
}, 60_000);

test("a session keeps the carried outcome on its newest turn's entries only", () => {
  const carried = { asked: { metrics: ['gmv'], windows: [], language: 'en' as const }, data_version: 'v1', holds_until: null, output: {} };
  const turn1: ReusableResult[] = [
    { key: 'dq:1', result_ref: 'a', quality: carried as never },
    { key: 'sql:1', result_ref: 'b' },
  ];
  const turn2: ReusableResult[] = [{ key: 'dq:2', result_ref: 'c', quality: carried as never }];
  const merged = mergeReuse(mergeReuse([], turn1), turn2);
  expect(merged.map((r) => [r.key, r.quality !== undefined])).toEqual([
    ['dq:1', false],
    ['sql:1', false],
    ['dq:2', true],
  ]);
});

test('what was asked compares equal whatever order its keys came back in (a record read back from jsonb)', () => {
  const window = { start: '2024-01-01', end: '2025-01-01', label_en: '2024', label_zh: '2024年', source: 'question' as const };
  const asked = { catalogPath: 'c.yaml', databaseUrl: 'postgres://db', metrics: ['revenue'], windows: [window], language: 'en' as const };
  const reordered = {
    metrics: ['revenue'],
    windows: [{ source: 'question' as const, end: '2025-01-01', start: '2024-01-01', label_zh: '2024年', label_en: '2024' }],
    language: 'en' as const,
    databaseUrl: 'postgres://db',
    catalogPath: 'c.yaml',
  };
  const offered: ReusableResult[] = [
    {
      key: 'dq:k',
      result_ref: 'r',
      quality: { asked: reordered, data_version: 'v', holds_until: null, output: { dirty_rows: 1 } as never },
    },
  ];
  expect(carriedQuality(offered, asked, 'v', 0)?.reuse).toMatchObject({ key: 'dq:k', reused: true });
  expect(carriedQuality(offered, { ...asked, metrics: ['orders'] }, 'v', 0)).toBeNull();
  expect(carriedQuality(offered, asked, 'w', 0)).toBeNull();
});
