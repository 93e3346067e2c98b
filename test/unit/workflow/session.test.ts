/**
 * The session workflow's own logic (src/workflows/session*.ts) through the session API (src/sessions/client.ts), with
 * every agent stubbed (session-harness.ts): turns taken in order, a turn answered once, a reset, a question back with
 * no child run, a follow-up read otherwise than the thread implied, continue-as-new keeping the memory, the idle
 * close and the reopening by id, and the refusals of the Update's validator.
 */
import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { FollowUpInput, FollowUpOutput } from '../../../src/contracts/session';
import type { SessionLimits } from '../../../src/contracts/session-limits';
import { askUpdate, closeSessionSignal, sessionWorkflowId } from '../../../src/contracts/session-messages';
import { readFollowUp } from '../../../src/model/followup';
import { askInSession, describeSession, reopenSession, startSession, UnknownSession } from '../../../src/sessions/client';
import { CODE_STEP, planOf, SQL_STEP } from './harness';
import { readingOf, startSessionHarness, WINDOW, type SessionHarness } from './session-harness';

let h: SessionHarness;
const ASOF = '2026-12-15';

beforeAll(async () => {
  h = await startSessionHarness();
}, 120_000);
afterAll(async () => h?.stop());
beforeEach(() => h.reset());

const newSession = (limits?: SessionLimits) => startSession(h.env.client, { config: h.config, ...(limits ? { limits } : {}) });
const ask = (sessionId: string, question: string, turnId?: string) =>
  askInSession(h.env.client, sessionId, question, { asOf: ASOF, config: h.config, ...(turnId ? { turnId } : {}) });

/** A follow-up that adds the region east to the thread's reading (what "only east" means after "GMV last month"). */
function onlyEast(): FollowUpOutput {
  const { statement: _s, not_used: _n, metric_labels: _m, ...expected } = readingOf('GMV in east');
  return {
    kind: 'follow_up',
    changes: ['add_filter'],
    carried_over: ['metric', 'period'],
    resolved_question: 'GMV last month in east',
    expected,
    lifted: [],
  };
}

test('a turn runs its analysis as a child workflow of the session, and its answer opens with the reading', async () => {
  const { sessionId, workflowId } = await newSession();
  expect(workflowId).toBe(sessionWorkflowId(sessionId));
  const turn = await ask(sessionId, 'GMV by region last month');
  expect(turn).toMatchObject({ turn: 1, status: 'completed', workflowId: `${workflowId}-turn-1`, sessionId });
  expect(turn.answer.split('\n')[0]).toBe('GMV, November 2026, by region');
  const child = await h.env.client.workflow.getHandle(turn.workflowId as string).describe();
  expect(child.typedSearchAttributes.get({ name: 'BatonSession', type: 'KEYWORD' } as never)).toBe(sessionId);
  expect(await child.staticSummary()).toBe(`session ${sessionId} turn 1: GMV by region last month`);
  const view = await describeSession(h.env.client, sessionId);
  expect(view.turns.map((t) => [t.turn, t.question, t.status])).toEqual([[1, 'GMV by region last month', 'completed']]);
  // The Web UI's current details list the turn with a link to its child run.
  const meta = await h.env.client.workflow.getHandle(workflowId).query<{ currentDetails?: string }>('__temporal_workflow_metadata');
  expect(meta.currentDetails).toContain(
    `1. GMV, November 2026, by region · completed · [run](/namespaces/default/workflows/${workflowId}-turn-1)`,
  );
});

test('two turns sent at once are taken in order: the second waits for the first and gets its own answer', async () => {
  const { sessionId } = await newSession();
  // The first turn's planner is slow: the second turn arrives while it runs.
  h.agents.planAnalysis = async (input: { question: string }) => {
    if (input.question.includes('first')) await new Promise((r) => setTimeout(r, 1500));
    return { ...planOf([SQL_STEP, CODE_STEP]), reading: readingOf(input.question) };
  };
  const [first, second] = await Promise.all([
    ask(sessionId, 'GMV by region last month (first)'),
    new Promise((r) => setTimeout(r, 300)).then(() => ask(sessionId, 'GMV last month (second)')),
  ]);
  expect([first.turn, first.question]).toEqual([1, 'GMV by region last month (first)']);
  expect([second.turn, second.question]).toEqual([2, 'GMV last month (second)']);
  expect(second.answer.split('\n')[0]).toBe('GMV, November 2026');
  // The second turn's follow-up reading started only after the first turn's run had ended.
  const agents = h.calls.map((c) => c.agent);
  const firstRecord = agents.indexOf('storeRunRecord');
  const secondFollowUp = agents.lastIndexOf('resolveFollowUp');
  expect(firstRecord).toBeGreaterThan(-1);
  expect(secondFollowUp).toBeGreaterThan(firstRecord);
  expect(Date.parse(second.started_at)).toBeGreaterThanOrEqual(Date.parse(first.started_at) + first.duration_ms);
});

test('the same turn id sent twice is answered once, with the same answer', async () => {
  const { sessionId, workflowId } = await newSession();
  const handle = h.env.client.workflow.getHandle(workflowId);
  const request = { question: 'GMV by region last month', asOf: ASOF, turnId: 'turn-a' };
  // Two Updates (different Update ids) for one turn id: the turn runs once.
  const [a, b] = await Promise.all([
    handle.executeUpdate(askUpdate, { args: [request], updateId: 'u1' }),
    handle.executeUpdate(askUpdate, { args: [request], updateId: 'u2' }),
  ]);
  const again = await ask(sessionId, 'GMV by region last month', 'turn-a');
  expect(b).toEqual(a);
  expect(again).toEqual(a);
  expect(h.of('planAnalysis')).toHaveLength(1);
  expect((await describeSession(h.env.client, sessionId)).turns).toHaveLength(1);
});

test('a reset drops the thread without a run; a question back from the follow-up agent runs nothing', async () => {
  const { sessionId } = await newSession();
  h.agents.resolveFollowUp = (input: FollowUpInput) => readFollowUp(input);
  await ask(sessionId, 'GMV by region last month');
  const reset = await ask(sessionId, 'start over');
  expect(reset).toMatchObject({ turn: 2, status: 'needs_clarification', workflowId: null });
  h.agents.resolveFollowUp = () => ({ kind: 'needs_clarification', reason: 'nothing to resolve against', question: 'by region of what?' });
  const asked = await ask(sessionId, 'and by region?');
  expect(asked).toMatchObject({ turn: 3, status: 'needs_clarification', workflowId: null });
  expect(asked.answer).toContain('by region of what?');
  expect(h.of('planAnalysis')).toHaveLength(1);
  // After the reset the follow-up agent had no thread to read against.
  expect(h.of('resolveFollowUp')[2]?.input.thread).toBeNull();
});

test('a follow-up read as the thread implied is answered with what it carried over; one read otherwise is asked back', async () => {
  const { sessionId } = await newSession();
  await ask(sessionId, 'GMV last month');
  h.agents.resolveFollowUp = () => onlyEast();
  const east = await ask(sessionId, 'only east');
  expect(east.status).toBe('completed');
  expect(east.answer.split('\n')[0]).toBe('GMV, November 2026, region = east (carried over: metric, period):');
  expect(east.carried_over).toEqual(['metric', 'period']);
  expect((await describeSession(h.env.client, sessionId)).constraints).toEqual([{ dimension: 'region', values: ['east'], set_in_turn: 2 }]);
  // The planner reads the next follow-up without the filter the thread implies: asked back, never completed.
  h.agents.resolveFollowUp = () => ({ ...onlyEast(), resolved_question: 'GMV by region last month', changes: ['add_breakdown'] });
  const wrong = await ask(sessionId, 'and by region?');
  expect(wrong.status).toBe('needs_clarification');
  expect(wrong.workflowId).toBe(`${sessionWorkflowId(sessionId)}-turn-3`);
  expect(wrong.answer).toContain('GMV, November 2026, by region');
  expect(wrong.answer).toContain('region = east');
  expect(wrong.answer).toContain('please ask the question in full');
  // The thread is still turn 2's.
  h.agents.resolveFollowUp = (input) => ({ kind: 'fresh', question: input.question });
  await ask(sessionId, 'GMV last month');
  expect(h.of('resolveFollowUp').at(-1)?.input.thread.turn).toBe(2);
});

test('after turnsPerRun turns the session continues as new, keeping its memory, turns and constraints', async () => {
  const { sessionId, workflowId } = await newSession({ turnsPerRun: 2 });
  const firstRun = (await h.env.client.workflow.getHandle(workflowId).describe()).runId;
  await ask(sessionId, 'GMV last month');
  h.agents.resolveFollowUp = () => onlyEast();
  await ask(sessionId, 'only east');
  for (let i = 0; i < 50; i++) {
    if ((await h.env.client.workflow.getHandle(workflowId).describe()).runId !== firstRun) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await h.env.client.workflow.getHandle(workflowId).describe()).runId).not.toBe(firstRun);
  h.agents.resolveFollowUp = (input) => ({ kind: 'fresh', question: input.question });
  const third = await ask(sessionId, 'GMV by region last month');
  expect(third.turn).toBe(3);
  const followUp = h.of('resolveFollowUp').at(-1)?.input;
  expect(followUp.thread).toMatchObject({ turn: 2, reading: { filters: [{ dimension: 'region', values: ['east'] }], window: WINDOW } });
  expect(followUp.constraints).toEqual([{ dimension: 'region', values: ['east'], set_in_turn: 2 }]);
  const view = await describeSession(h.env.client, sessionId);
  expect(view.turns.map((t) => t.turn)).toEqual([1, 2, 3]);
});

test('an idle session closes; asking again reopens it by id with its memory', async () => {
  const { sessionId, workflowId } = await newSession({ idleTimeoutSeconds: 2 });
  await ask(sessionId, 'GMV by region last month');
  const closed = await h.env.client.workflow.getHandle(workflowId).result();
  expect(closed).toMatchObject({ sessionId, carried: { closed: true, turnCount: 1 } });
  expect((await describeSession(h.env.client, sessionId)).closed).toBe(true);
  const next = await ask(sessionId, 'GMV last month');
  expect(next.turn).toBe(2);
  expect(h.of('resolveFollowUp').at(-1)?.input.thread).toMatchObject({ turn: 1, question: 'GMV by region last month' });
  const view = await describeSession(h.env.client, sessionId);
  expect([view.closed, view.turns.length]).toEqual([false, 2]);
  await reopenSession(h.env.client, sessionId, h.config); // already open: left as it is
});

test('closeSession closes it now; the next turn reopens it', async () => {
  const { sessionId, workflowId } = await newSession();
  await ask(sessionId, 'GMV last month');
  const handle = h.env.client.workflow.getHandle(workflowId);
  await handle.signal(closeSessionSignal);
  expect(await handle.result()).toMatchObject({ carried: { closed: true, turnCount: 1 } });
  expect(await ask(sessionId, 'GMV by region last month')).toMatchObject({ turn: 2, status: 'completed' });
  expect(h.of('resolveFollowUp').at(-1)?.input.thread).toMatchObject({ turn: 1 });
});

test('the validator refuses an empty turn, another catalog or database; an unknown id is a clear error', async () => {
  const { workflowId } = await newSession();
  const handle = h.env.client.workflow.getHandle(workflowId);
  const refused = (args: Record<string, string>) =>
    handle.executeUpdate(askUpdate, { args: [{ question: 'GMV last month', asOf: ASOF, ...args }] }).then(
      () => 'accepted',
      (err: unknown) => (err instanceof WorkflowUpdateFailedError ? String((err.cause as Error).message) : String(err)),
    );
  expect(await refused({ question: '  ' })).toBe('the question is empty');
  expect(await refused({ catalogPath: '/elsewhere/catalog.yaml' })).toContain(
    `is bound to the catalog the worker’s default; this turn names /elsewhere/catalog.yaml`,
  );
  expect(await refused({ databaseUrl: 'postgres://u:secret@other/db' })).toContain('postgres://u:***@other/db');
  expect(h.of('resolveFollowUp')).toHaveLength(0);
  await expect(ask('no-such-session', 'GMV')).rejects.toThrow(new UnknownSession('no-such-session'));
  await expect(describeSession(h.env.client, 'no-such-session')).rejects.toThrow(
    'no session no-such-session; list them with: baton sessions',
  );
});

test("a question back's choices go to the next turn's reader, and only to it; the planner's choices too", async () => {
  const { sessionId } = await newSession();
  const choices = [
    { label: 'region east', question: 'GMV last month in east' },
    { label: 'channel East Mall', question: 'GMV last month in the channel East Mall' },
  ];
  h.agents.resolveFollowUp = () => ({
    kind: 'needs_clarification',
    reason: '"east" names values of two dimensions',
    question: 'which?',
    choices,
  });
  await ask(sessionId, 'GMV last month for east');
  h.agents.resolveFollowUp = (input: FollowUpInput) => readFollowUp(input);
  const picked = await ask(sessionId, 'the region');
  expect(h.of('resolveFollowUp')[1]?.input.choices).toEqual(choices);
  // The reply was read as the choice it named: asked as that choice's message.
  expect(h.of('planAnalysis')[0]?.input.question).toBe('GMV last month in east');
  expect(picked.status).toBe('completed');
  await ask(sessionId, 'and by region?');
  expect(h.of('resolveFollowUp')[2]?.input.choices).toBeUndefined();
  // A question back from the run's planner offers its choices the same way.
  const planned = h.agents.planAnalysis;
  h.agents.planAnalysis = () => ({ kind: 'needs_clarification', reason: 'two Easts', question: 'which?', choices });
  const back = await ask(sessionId, 'GMV for east last month');
  expect(back.status).toBe('needs_clarification');
  h.agents.planAnalysis = planned;
  await ask(sessionId, 'the 2nd one');
  expect(h.of('resolveFollowUp')[4]?.input.choices).toEqual(choices);
  expect(h.of('planAnalysis').at(-1)?.input.question).toBe('GMV last month in the channel East Mall');
});
