/**
 * A conversation's thread reaches the OpenAI planner (AnalysisRequest.thread → PlannerInput → the model's context),
 * trimmed to the planner's input budget (src/agents/budgets.ts): the real `openai` client against the local
 * OpenAI-compatible server (test/openai-server.ts), a whole run on the demo shop.
 */
import { budgetFor, tokensOf } from '../../src/agents/budgets';
import { classifyIntent as rulesIntent, planQuestion } from '../../src/model/rules';
import { todayIn } from '../../src/settings/config';
import { catalogFor } from '../../src/settings/sources';
import { ScriptedModelServer } from '../openai-server';
import { runAnalysis, withWorker } from '../helpers';

const server = new ScriptedModelServer();
const saved: Record<string, string | undefined> = {};
const harness = withWorker('openai-thread');

beforeAll(async () => {
  const env = {
    BATON_MODEL_PROVIDER: 'openai',
    OPENAI_BASE_URL: await server.start(),
    OPENAI_API_KEY: 'sk-baton-thread-test',
    BATON_MODEL: 'test-model',
    BATON_MODEL_TIMEOUT_MS: '1500',
  };
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await server.stop();
});

/** The `thread` the model was given, read from the planner's request to the server. */
function threadSent(): string | null {
  const body = server.requestsOf('planAnalysis')[0]?.body as { messages?: { content?: unknown }[] } | undefined;
  for (const m of body?.messages ?? []) {
    const text = typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '');
    const at = text.indexOf('{');
    if (!text.includes('"thread"') || at < 0) continue;
    try {
      const parsed = JSON.parse(text.slice(at)) as { thread?: string };
      if (typeof parsed.thread === 'string') return parsed.thread;
    } catch {
      const raw = /"thread":\s*("(?:[^"\\]|\\.)*")/.exec(text)?.[1];
      if (raw) return JSON.parse(raw) as string;
    }
  }
  return null;
}

test('the planner receives the compressed thread, cut from its oldest end to the planner’s input budget', async () => {
  const question = '上个月各区域的GMV';
  const asOf = todayIn(harness.config.timeZone);
  const plan = planQuestion(question, rulesIntent(question), catalogFor(undefined), asOf);
  if (plan.kind !== 'plan') throw new Error('no plan');
  const { fragments: _fragments, ...draft } = plan;
  if (rulesIntent(question).decided_by === 'model') server.script('classifyIntent', [{ json: { intent: 'query' } }]);
  server.script('planAnalysis', [{ json: { value: draft } }]);
  server.script('writeReport', [{ json: { summary: '数据质量检查覆盖 {{dq.orders.rows}} 行订单。' } }]);
  // The last turn whole first, then older turns newest first: far more than the budget.
  const older = Array.from({ length: 400 }, (_, i) => `turn ${400 - i}: GMV by region, last month; 华东 ${1000 + i} (verified)`);
  const thread = ['Last turn (2): 上个月各品类的GMV → GMV by category, last month', ...older, 'turn 1: OLDEST-TURN-MARK'].join('\n');
  expect(tokensOf(thread)).toBeGreaterThan(budgetFor('planAnalysis').input);

  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, question, { asOf, thread });
  expect(result.status).toBe('completed');
  const sent = threadSent();
  expect(sent).not.toBeNull();
  expect(sent!.startsWith('Last turn (2): 上个月各品类的GMV')).toBe(true);
  expect(sent).toContain('turn 400: GMV by region');
  expect(sent).not.toContain('OLDEST-TURN-MARK');
  expect(thread.startsWith(sent!)).toBe(true);
  expect(tokensOf(sent)).toBeLessThanOrEqual(budgetFor('planAnalysis').input);
  expect(tokensOf(sent)).toBeGreaterThan(budgetFor('planAnalysis').input / 3);
}, 120_000);
