/**
 * The analysis workflow's own logic, with every agent stubbed (test/unit/workflow/harness.ts): the retry caps, the
 * rollback from the tester to the coder, the plan-review timeout and the fuses (the activity cap, the plan attempts).
 * No PostgreSQL and no shared server: TestWorkflowEnvironment.createLocal starts a dev server of its own.
 */
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/common';
import { giveUp } from '../../../src/temporal/failures';
import { MAX_CODE_ROLLBACKS, MAX_PLAN_ATTEMPTS } from '../../../src/settings/limits';
import type { PlanStep, TestFailure } from '../../../src/contracts';
import { planOf, runAnalysis, SQL_STEP, startEnvironment, stepOutput, workflowBundle, type Call } from './harness';

let env: TestWorkflowEnvironment;

beforeAll(async () => {
  [env] = await Promise.all([startEnvironment(), workflowBundle()]);
}, 120_000);

afterAll(async () => {
  await env?.teardown();
});

/** How the worker's ledger ends an agent whose database stayed unreachable for all its tries (src/temporal/execution-ledger.ts). */
const gaveUp = (message: string) => () => {
  const cause = ApplicationFailure.retryable(message, 'DatabaseUnreachable');
  throw giveUp(
    cause,
    [1, 2, 3].map((attempt) => ({ attempt, failure: 'agent_retryable' as const, message })),
  );
};
const agentsOf = (calls: Call[]) => calls.map((c) => c.agent);

test("a clean run calls each agent once, in the story's order, and completes", async () => {
  const ran = await runAnalysis(env, {});
  expect(ran.failure).toBeNull();
  expect(ran.result?.status).toBe('completed');
  expect(agentsOf(ran.calls)).toEqual([
    'describeCatalog',
    'classifyIntent',
    'readDataExtent',
    'planAnalysis',
    'checkDataQuality',
    'runSqlStep',
    'checkStep',
    'writeCode',
    'testCode',
    'checkStep',
    'testSignificance',
    'analyzeResults',
    'recomputeNumbers',
    'writeReport',
    'auditReport',
    'storeRunRecord',
  ]);
  // Bookkeeping (the run record) does not count against the cap.
  expect(ran.result?.activitiesExecuted).toBe(15);
  expect(ran.record?.checklist).toContain('- [x] verify numbers — done');
});

describe('retry caps', () => {
  test('a SQL step whose agent gives up every time is tried 1 + maxStepRetries times, and the run ends degraded', async () => {
    const ran = await runAnalysis(env, { maxStepRetries: 2 }, { runSqlStep: gaveUp('cannot reach PostgreSQL at nowhere:1') });
    expect(ran.result?.status).toBe('degraded');
    expect(ran.of('runSqlStep')).toHaveLength(3);
    // Each try gets the reasons of the tries before it.
    expect(ran.of('runSqlStep').map((c) => c.input.feedback.length)).toEqual([0, 1, 2]);
    expect(ran.of('runSqlStep')[2]?.input.feedback[0]).toContain('cannot reach PostgreSQL at nowhere:1');
    // The step check never ran, and the computed step that depends on s1 was skipped.
    expect(ran.of('checkStep')).toHaveLength(0);
    expect(ran.of('writeCode')).toHaveLength(0);
    const steps = ran.record?.steps.map((s) => [s.step.step_id, s.status, s.attempts]);
    expect(steps).toEqual([
      ['s1', 'failed', 3],
      ['s2', 'skipped', 0],
    ]);
    // The analysis agent hears why the step did not pass.
    const chain = ran.of('analyzeResults')[0]?.input.chain as { status: string }[];
    expect(chain.map((h) => h.status)).toEqual(['failed', 'skipped']);
    expect(ran.of('testSignificance')).toHaveLength(0);
  });

  test('with onStepFailure "fail", the same step fails the run, naming the attempts', async () => {
    const ran = await runAnalysis(
      env,
      { maxStepRetries: 1, onStepFailure: 'fail' },
      { runSqlStep: gaveUp('cannot reach PostgreSQL at nowhere:1') },
    );
    expect(ran.result).toBeNull();
    expect(ran.of('runSqlStep')).toHaveLength(2);
    const cause = (ran.failure as { cause?: { message?: string; type?: string } } | null)?.cause;
    expect(cause?.type).toBe('StepFailed');
    expect(cause?.message).toMatch(/^step s1 \(GMV by region\) failed after 2 attempt\(s\): cannot reach PostgreSQL at nowhere:1/);
    expect(ran.of('testSignificance')).toHaveLength(0);
  });

  test('a result the step check rejects is tried again with the reason, and passes on the second try', async () => {
    let checks = 0;
    const ran = await runAnalysis(
      env,
      {},
      {
        checkStep: (input: { step: PlanStep }) => {
          checks += 1;
          const passed = input.step.step_id !== 's1' || checks > 1;
          return { step_id: input.step.step_id, passed, checks: [], reason: passed ? null : 'structure: missing column(s): value' };
        },
      },
    );
    expect(ran.result?.status).toBe('completed');
    expect(ran.of('runSqlStep').map((c) => c.input.feedback)).toEqual([[], ['structure: missing column(s): value']]);
    expect(ran.record?.steps.find((s) => s.step.step_id === 's1')?.attempts).toBe(2);
  });

  test('a stage agent that gives up fails its stage, not the run: the run ends degraded with the reason', async () => {
    const ran = await runAnalysis(env, {}, { testSignificance: gaveUp('statement timeout') });
    expect(ran.of('testSignificance')).toHaveLength(1);
    expect(ran.result?.status).toBe('degraded');
    expect(ran.record?.checklist).toContain('- [ ] statistics — failed: statement timeout');
    // The run went on to the report.
    expect(agentsOf(ran.calls).slice(-4)).toEqual(['recomputeNumbers', 'writeReport', 'auditReport', 'storeRunRecord']);
  });
});

describe('rollback from the tester to the coder', () => {
  const failure: TestFailure = { attempt: 1, criterion: 'rows sorted by value, largest first', detail: 'row 2 is larger than row 1' };

  test('a test that fails once sends the coder back with the failure and the same requirements', async () => {
    let tests = 0;
    const ran = await runAnalysis(
      env,
      {},
      {
        testCode: (input: { draft: { step_id: string } }) => {
          tests += 1;
          if (tests === 1) return { passed: false, failures: [failure], summary: 'failed', result: null };
          return { passed: true, failures: [], summary: '2 rows', result: { ...emptyResult(input.draft.step_id) } };
        },
      },
    );
    expect(ran.result?.status).toBe('completed');
    const coder = ran.of('writeCode');
    expect(coder.map((c) => c.input.attempt)).toEqual([1, 2]);
    expect(coder.map((c) => c.input.failures)).toEqual([[], [failure]]);
    expect(coder[1]?.input.requirements).toEqual(coder[0]?.input.requirements);
    expect(coder[0]?.input.requirements.step.step_id).toBe('s2');
    expect(coder[0]?.input.requirements.dependencies.s1.rows).toHaveLength(3);
    expect(ran.of('testCode')).toHaveLength(2);
    // The step check ran once for s1 and once for the passing code.
    expect(ran.of('checkStep').map((c) => c.input.step.step_id)).toEqual(['s1', 's2']);
    const s2 = ran.record?.steps.find((s) => s.step.step_id === 's2');
    expect([s2?.status, s2?.attempts]).toEqual(['passed', 2]);
  });

  test(`a test that always fails ends the step after ${MAX_CODE_ROLLBACKS} rollbacks with every failure listed`, async () => {
    const ran = await runAnalysis(
      env,
      {},
      {
        testCode: (input: { draft: { attempt: number } }) => ({
          passed: false,
          failures: [{ ...failure, attempt: input.draft.attempt }],
          summary: 'failed',
          result: null,
        }),
      },
    );
    expect(ran.of('writeCode')).toHaveLength(1 + MAX_CODE_ROLLBACKS);
    expect(ran.of('writeCode').map((c) => c.input.failures.length)).toEqual([0, 1, 2, 3]);
    const s2 = ran.record?.steps.find((s) => s.step.step_id === 's2');
    expect(s2?.status).toBe('failed');
    expect(s2?.error).toMatch(/^the code failed its tests 4 time\(s\) \(3 rollback\(s\)\): attempt 1: rows sorted by value/);
    expect(ran.result?.status).toBe('degraded');
  });
});

describe('plan review', () => {
  test('a plan nobody approves within the review timeout ends the run rejected, before anything reads data', async () => {
    const started = Date.now();
    const ran = await runAnalysis(env, { review: { timeoutSeconds: 1 } });
    expect(ran.result?.status).toBe('rejected');
    expect(ran.result?.answer).toBe('cancelled: the plan was not approved within 1 s');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(agentsOf(ran.calls)).toEqual(['describeCatalog', 'classifyIntent', 'readDataExtent', 'planAnalysis', 'storeRunRecord']);
    expect(ran.record?.reviews).toEqual([{ action: 'timeout', feedback: null }]);
  });

  test('with onTimeout "approve", the plan runs when the timeout passes', async () => {
    const ran = await runAnalysis(env, { review: { timeoutSeconds: 1, onTimeout: 'approve' } });
    expect(ran.result?.status).toBe('completed');
    expect(ran.of('runSqlStep')).toHaveLength(1);
    expect(ran.record?.reviews).toEqual([{ action: 'timeout', feedback: null }]);
  });
});

describe('fuses', () => {
  test('the activity cap stops the run at the cap, degraded, saying so', async () => {
    const ran = await runAnalysis(env, { maxActivities: 5 });
    expect(ran.result?.status).toBe('degraded');
    expect(ran.result?.answer).toBe(
      'stopped: the run reached its cap of 5 activity executions before it could answer; simplify the question or raise the cap',
    );
    expect(ran.result?.activitiesExecuted).toBe(5);
    expect(agentsOf(ran.calls)).toEqual([
      'describeCatalog',
      'classifyIntent',
      'readDataExtent',
      'planAnalysis',
      'checkDataQuality',
      'storeRunRecord',
    ]);
  });

  test(`a planner whose plans keep failing the checks is asked ${MAX_PLAN_ATTEMPTS} times, with the reasons, then the run cannot answer`, async () => {
    const unknownMetric = { ...SQL_STEP, metrics: ['revenue'] };
    const ran = await runAnalysis(env, {}, { planAnalysis: () => planOf([unknownMetric]) });
    expect(ran.of('planAnalysis')).toHaveLength(MAX_PLAN_ATTEMPTS);
    const problem = 'step s1 uses metric "revenue", which is not in catalog shop (gmv)';
    expect(ran.of('planAnalysis').map((c) => c.input.feedback)).toEqual([
      [],
      [`the previous plan was rejected: ${problem}`],
      [`the previous plan was rejected: ${problem}`, `the previous plan was rejected: ${problem}`],
    ]);
    expect(ran.result?.status).toBe('cannot_answer');
    expect(ran.result?.answer).toBe(`cannot answer: no valid plan after ${MAX_PLAN_ATTEMPTS} attempts: ${problem}`);
    expect(ran.record?.planRejections).toHaveLength(MAX_PLAN_ATTEMPTS);
    expect(ran.of('checkDataQuality')).toHaveLength(0);
  });
});

test('new runs schedule the renamed agents under their names, behind the agent-names patch', async () => {
  let workflowId = '';
  await runAnalysis(env, {}, {}, (id) => {
    workflowId = id;
    return Promise.resolve();
  });
  const events = (await env.client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
  const scheduled = events.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityType?.name ?? []);
  expect(scheduled).toContain('recomputeNumbers');
  expect(scheduled).not.toContain('verifyCalculations');
  const patches = events.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch').length;
  expect(patches).toBeGreaterThanOrEqual(3);
});

function emptyResult(stepId: string) {
  return {
    ...stepOutput(stepId, [
      { region: 'east', value: 30 },
      { region: 'north', value: 20 },
    ]),
    columns: [],
  };
}
