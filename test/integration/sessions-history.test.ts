/**
 * A session's history stays bounded (issue 26): many real Chinook turns in one session with small limits, so it
 * continues as new every few turns; each run's history is measured (historySizeBytes of every run of the session
 * workflow) and printed, with their total, which is what one run would hold without continue-as-new. The suite runs
 * 12 turns; `npm run sessions:history` runs 50 (BATON_SESSION_TURNS).
 */
import path from 'node:path';
import { sessionWorkflowId } from '../../src/contracts/session-messages';
import { CHINOOK_AS_OF, chinookDatabaseUrl } from '../../eval/chinook-cases';
import { askInSession, describeSession, startSession } from '../../src/sessions/client';
import { withWorker } from '../helpers';

const harness = withWorker('sessions-history');
const databaseUrl = chinookDatabaseUrl(harness.config.databaseUrl);
const CATALOG = path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml');
const TURNS = Number(process.env.BATON_SESSION_TURNS ?? 12);
const QUESTIONS = ['What was revenue in 2024?', 'How many orders have we had in total?', '2024年销售额最高的5个国家', '去年的销量是多少'];
const MB = 1024 * 1024;

test(`${TURNS} turns: the session continues as new and no run's history reaches 1 MB`, async () => {
  const limits = { turnsPerRun: 5, historyBytesPerRun: 200_000 };
  const { sessionId } = await startSession(harness.client, { config: harness.config, catalogPath: CATALOG, databaseUrl, limits });
  const times: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    const started = Date.now();
    const turn = await askInSession(harness.client, sessionId, QUESTIONS[i % QUESTIONS.length] as string, {
      config: harness.config,
      asOf: CHINOOK_AS_OF,
    });
    times.push(Date.now() - started);
    expect([turn.turn, turn.status]).toEqual([i + 1, 'completed']);
  }
  const workflowId = sessionWorkflowId(sessionId);
  const sizes: number[] = [];
  for await (const run of harness.client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
    const desc = await harness.client.workflow.getHandle(workflowId, run.runId).describe();
    sizes.push(Number(desc.raw.workflowExecutionInfo?.historySizeBytes ?? 0));
  }
  const view = await describeSession(harness.client, sessionId);
  expect(view.turns.map((t) => t.turn)).toEqual(Array.from({ length: TURNS }, (_, i) => i + 1));
  // A run continues as new right after its turnsPerRun-th turn (the latest run may hold none yet, or not have started).
  expect(sizes.length).toBeGreaterThanOrEqual(Math.ceil(TURNS / limits.turnsPerRun));
  expect(sizes.length).toBeLessThanOrEqual(Math.floor(TURNS / limits.turnsPerRun) + 1);
  const total = sizes.reduce((a, b) => a + b, 0);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `session history over ${TURNS} turns: ${sizes.length} runs, largest ${Math.max(...sizes)} bytes, total ${total} bytes ` +
      `(one run without continue-as-new); turn median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`,
  );
  expect(Math.max(...sizes)).toBeLessThan(MB);
  expect(Math.max(...sizes)).toBeLessThan(limits.historyBytesPerRun + 150_000);
});
