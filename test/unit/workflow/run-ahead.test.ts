/**
 * A conversation's follow-up run ahead on what the earlier turn read (src/workflows/ahead.ts): given the earlier turn's
 * reads and its results, the planner plans from the earlier reads and the plan's steps start while the agents read the
 * kind of question and where the data is again. When both come back the same, that plan and those steps are the run's;
 * when the kind of question differs, the steps wait and the planner is asked again; when the data changed, the run starts
 * over without the earlier reads and answers from the data as it is. Every agent stubbed (harness.ts).
 */
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/common';
import type { EarlierReads, IntentOutput } from '../../../src/contracts';
import { markers, replay, ROWS, runAnalysis, startEnvironment, stepOutput, workflowBundle, type Stub } from './harness';

let env: TestWorkflowEnvironment;

beforeAll(async () => {
  [env] = await Promise.all([startEnvironment(), workflowBundle()]);
}, 120_000);

afterAll(async () => {
  await env?.teardown();
});

const QUERY: IntentOutput = { intent: 'query', decided_by: 'rules', matched: null, model: null, language: 'en' };
/** What an earlier turn offers: a stored result (so the agents run as a turn given earlier results does). */
const OFFERED = [{ key: 'sql:earlier.v1', result_ref: 'stored-rows' }];

/** Where the data is, read in `ms`, with the data's version; the time it came back is kept in `ended`. */
function slowExtent(version: string, ms: number, ended: number[]): Stub {
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    ended.push(Date.now());
    return { time_fields: {}, extent_ref: `extent-${version}`, data_version: `${version}|rows` };
  };
}

/** The SQL agent's default answer, with the time each call started kept in `started`. */
function timedSql(started: number[]): Stub {
  return (input: { step: { step_id: string } }) => {
    started.push(Date.now());
    return { ...stepOutput(input.step.step_id, ROWS), sql: 'SELECT region, sum(amount) AS value FROM orders GROUP BY region' };
  };
}

const earlierReads = (version: string, intent: IntentOutput = QUERY): EarlierReads => ({
  intent,
  extent: { time_fields: {}, extent_ref: `extent-${version}`, data_version: `${version}|rows` },
});

test("a turn says what it read before planning, for the next turn's planner to start from", async () => {
  const ran = await runAnalysis(env, { reuse: [] }, { readDataExtent: slowExtent('v1', 0, []) });
  expect(ran.result?.status).toBe('completed');
  expect(ran.result?.reads).toEqual(earlierReads('v1'));
  // A single question says nothing of it.
  const single = await runAnalysis(env, {});
  expect(single.result?.reads).toBeUndefined();
}, 60_000);

test('read the same: the plan from the earlier reads is the one used, and the steps start before the extent is back', async () => {
  const extentEnded: number[] = [];
  const sqlStarted: number[] = [];
  const ran = await runAnalysis(
    env,
    { reuse: OFFERED, earlierReads: earlierReads('v1') },
    { readDataExtent: slowExtent('v1', 1500, extentEnded), runSqlStep: timedSql(sqlStarted) },
  );
  expect(ran.failure).toBeNull();
  expect(ran.result?.status).toBe('completed');
  expect(ran.of('planAnalysis')).toHaveLength(1);
  expect(ran.of('planAnalysis')[0]?.input.extent).toEqual(earlierReads('v1').extent);
  expect(ran.of('runSqlStep')).toHaveLength(1);
  expect(sqlStarted[0]).toBeLessThan(extentEnded[0] as number);
  // The run's record keeps the extent as read, and the next turn is offered it.
  expect(ran.result?.reads?.extent?.data_version).toBe('v1|rows');
  expect(ran.record?.checklist).toContain('- [x] verify numbers — done');
  // Every patch the run asked was asked at its start, before any agent came back: a patch asked while agents run is
  // recorded after the results that came back first, and a replay that reaches it at another point (the agents' results
  // are known at once on replay) fails with a nondeterminism error. Before the fix, 'run-ahead' came after three.
  const recorded = await markers(env, ran);
  expect(recorded.lastIndexOf('core_patch')).toBeLessThan(recorded.indexOf('core_local_activity'));
  // And the run replays as it ran, as a worker does that no longer holds it (a query after it ended).
  await replay(env, ran);
}, 60_000);

test('another kind of question: the steps wait for the reads and the planner is asked again with what was read', async () => {
  const extentEnded: number[] = [];
  const sqlStarted: number[] = [];
  const trend: IntentOutput = { ...QUERY, intent: 'trend', matched: 'trend' };
  const ran = await runAnalysis(
    env,
    { reuse: OFFERED, earlierReads: earlierReads('v1', trend) },
    { readDataExtent: slowExtent('v1', 800, extentEnded), runSqlStep: timedSql(sqlStarted) },
  );
  expect(ran.result?.status).toBe('completed');
  const plans = ran.of('planAnalysis');
  expect(plans.map((c) => c.input.intent.intent)).toEqual(['trend', 'query']);
  expect(ran.of('runSqlStep')).toHaveLength(1);
  expect(sqlStarted[0]).toBeGreaterThanOrEqual(extentEnded[0] as number);
}, 60_000);

test('the data changed since the earlier turn: the run starts over without the earlier reads, on the data as it is', async () => {
  const ran = await runAnalysis(
    env,
    { reuse: OFFERED, earlierReads: earlierReads('v1') },
    { readDataExtent: slowExtent('v2', 300, []), runSqlStep: timedSql([]) },
  );
  expect(ran.failure).toBeNull();
  expect(ran.result?.status).toBe('completed');
  // Ahead on v1, then again from the start on v2: two plans, two extents read, the steps run twice.
  expect(ran.of('planAnalysis').map((c) => c.input.extent?.data_version)).toEqual(['v1|rows', 'v2|rows']);
  expect(ran.of('readDataExtent')).toHaveLength(2);
  expect(ran.of('runSqlStep').map((c) => c.input.data_version)).toEqual(['v1|rows', 'v2|rows']);
  // What is answered is the second run's: its record and its reads are on v2.
  expect(ran.result?.reads?.extent?.data_version).toBe('v2|rows');
  expect(ran.record?.steps[0]?.status).toBe('passed');
}, 60_000);

test('a plan someone reviews is never run ahead: the steps wait for the reads and the approval', async () => {
  const extentEnded: number[] = [];
  const sqlStarted: number[] = [];
  const ran = await runAnalysis(
    env,
    { reuse: OFFERED, earlierReads: earlierReads('v1'), review: { timeoutSeconds: 1, onTimeout: 'approve' } },
    { readDataExtent: slowExtent('v1', 300, extentEnded), runSqlStep: timedSql(sqlStarted) },
  );
  expect(ran.result?.status).toBe('completed');
  expect(sqlStarted[0]).toBeGreaterThanOrEqual(extentEnded[0] as number);
}, 60_000);

test('given earlier results, the significance test runs beside the steps; a fresh run tests after them', async () => {
  const order = (calls: { agent: string }[]) => calls.map((c) => c.agent).filter((a) => a === 'runSqlStep' || a === 'testSignificance');
  const given = await runAnalysis(env, { reuse: OFFERED });
  expect(order(given.calls)).toEqual(['testSignificance', 'runSqlStep']);
  expect(given.record?.checklist).toMatch(/- \[x\] statistics/);
  const fresh = await runAnalysis(env, {});
  expect(order(fresh.calls)).toEqual(['runSqlStep', 'testSignificance']);
}, 60_000);

test('a read that fails while the run is ahead ends the run with that read’s reason', async () => {
  const ran = await runAnalysis(
    env,
    { reuse: OFFERED, earlierReads: earlierReads('v1') },
    {
      describeCatalog: () => {
        throw ApplicationFailure.nonRetryable('the catalog file is gone', 'CatalogMissing');
      },
    },
  );
  expect(ran.result).toBeNull();
  const reasons: string[] = [];
  for (let e: unknown = ran.failure; e instanceof Error; e = (e as Error & { cause?: unknown }).cause) reasons.push(e.message);
  expect(reasons.join(' | ')).toContain('the catalog file is gone');
  expect(ran.of('runSqlStep')).toHaveLength(0);
}, 60_000);
