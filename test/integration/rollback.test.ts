/**
 * Coder → tester with rollback, on the real servers: a planted bug fails the
 * tester's acceptance criteria and the workflow rolls back to the coder with the
 * original requirements and the failure; after 3 rollbacks the step ends with a
 * diagnostic result. Each attempt is a separate activity in the history.
 */
import type { CodeDraft, CoderInput, TesterOutput } from '../../src/contracts';
import { plantFaults, type PlantedFaults } from '../../scripts/planted-faults';
import { activityInputs, activityResults, db, publishedReport, runAnalysis, scheduledActivities, withWorker } from '../helpers';

/** The faults the next run meets: planted by this test worker's coder, never by anything in the request. */
let planted: PlantedFaults = {};
const harness = withWorker('rollback', { activityOverrides: plantFaults(() => planted) });
const QUESTION = '为什么华东区上个月复购率下降了？';
const codeLoop = (types: string[]) => types.filter((t) => t === 'writeCode' || t === 'testCode');

test('a failing test rolls back to the coder once, with the same requirements and the failure quoted', async () => {
  planted = { failingCodeAttempts: 1 };
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, QUESTION);
  expect(codeLoop(await scheduledActivities(harness.client, workflowId))).toEqual(['writeCode', 'testCode', 'writeCode', 'testCode']);

  const coder = await activityInputs<CoderInput>(harness.client, workflowId, 'writeCode');
  expect(coder.map((c) => c.attempt)).toEqual([1, 2]);
  // Preserved, not re-derived: the second attempt gets exactly the first attempt's requirements.
  expect(coder[1]!.requirements).toEqual(coder[0]!.requirements);
  const draftsSoFar = await activityResults<CodeDraft>(harness.client, workflowId, 'writeCode');
  expect(new Set(draftsSoFar.map((d) => d.requirements_ref)).size).toBe(1);
  expect(coder[0]!.failures).toEqual([]);
  expect(coder[1]!.failures).toEqual([
    { attempt: 1, criterion: 'at most 5 rows ranked 1, 2, 3, …, each a (dimension, segment) found in s2, s3', detail: 'row 1 has rank 5' },
  ]);

  const tests = await activityResults<TesterOutput>(harness.client, workflowId, 'testCode');
  expect(tests.map((t) => t.passed)).toEqual([false, true]);
  expect(tests[0]!.result).toBeNull();
  expect(tests[1]!.summary).toMatch(
    /^wrote \d+ lines of JavaScript for rank contributors, answering 1 earlier failure\(s\); ran OK in \d+ ms, 5 row\(s\), 4 criteria met$/,
  );

  // The code lives in artifacts, two versions; only references and summaries are in the history.
  const drafts = await activityResults<CodeDraft>(harness.client, workflowId, 'writeCode');
  expect(new Set(drafts.map((d) => d.code_ref)).size).toBe(2);
  const { rows } = await db().query<{ content: { code: string } }>('SELECT content FROM baton.artifacts WHERE id = ANY($1)', [
    drafts.map((d) => d.code_ref),
  ]);
  expect(rows.map((r) => r.content.code.includes('result.rows.reverse();')).sort()).toEqual([false, true]);
  const history = JSON.stringify(await harness.client.workflow.getHandle(workflowId).fetchHistory());
  expect(history).not.toContain('kit.rankContributors');

  const s4 = result.steps.find((s) => s.step.step_id === 's4')!;
  expect(s4).toMatchObject({ status: 'passed', attempts: 2 });
  expect(result.status).toBe('completed');
  expect(result.report!.audit.clean).toBe(true);
});

test('after 3 rollbacks the step ends with a diagnostic result and the run degrades', async () => {
  planted = { failingCodeAttempts: 10 };
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, QUESTION);
  expect(codeLoop(await scheduledActivities(harness.client, workflowId))).toEqual(Array(4).fill(['writeCode', 'testCode']).flat());
  const coder = await activityInputs<CoderInput>(harness.client, workflowId, 'writeCode');
  expect(coder.map((c) => c.failures.length)).toEqual([0, 1, 2, 3]);
  const s4 = result.steps.find((s) => s.step.step_id === 's4')!;
  expect(s4.status).toBe('failed');
  expect(s4.attempts).toBe(4);
  expect(s4.error).toMatch(
    /^the code failed its tests 4 time\(s\) \(3 rollback\(s\)\): attempt 1: .*row 1 has rank 5 \| attempt 2: .* \| attempt 3: .* \| attempt 4: /,
  );
  expect(s4.validations).toEqual([]);
  expect(result.status).toBe('degraded');
  // The report is still written, from what did pass, and says what is missing.
  expect((await publishedReport(result)).sections.find((s) => s.id === 'limitations')!.body).toContain('部分步骤未能计算，结论不完整');
});
