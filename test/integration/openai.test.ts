/**
 * Baton on a language model: the real `openai` client over HTTP against a local
 * OpenAI-compatible server with scripted replies (test/openai-server.ts). The whole
 * pipeline produces an audited report; invalid JSON, schema breaks and names not in
 * the catalog are sent back with the problem quoted; 429, 500 and slow replies are
 * retried by Temporal; a rejected key is not; the key never shows up in the
 * history, the artifacts or the usage records.
 */
import { fitConversation, type Turn } from '../../src/model/conversation';
import { loadSkills, skillCatalog } from '../../src/model/skills';
import { classifyIntent as rulesIntent, planQuestion } from '../../src/model/rules';
import { writeStepCode } from '../../src/coding/rules-coder';
import { todayIn } from '../../src/settings/config';
import type { Plan, PlanStep } from '../../src/contracts';
import { catalogFor } from '../../src/settings/sources';
import { ScriptedModelServer, type RecordedRequest, type ScriptedReply } from '../openai-server';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { db, manifest, publishedReport, runAnalysis, runCli, uniqueTaskQueue, withWorker } from '../helpers';
import { CASES, evalContext, repurchaseEffects } from '../../eval/cases';
import { percent, points, signOf } from '../../src/format/numbers';
import { formatByModel, runSuiteByModel } from '../../eval/run';

const KEY = 'sk-baton-test-4f1c9e0d2b7a5e3cSECRET';
const server = new ScriptedModelServer();
const saved: Record<string, string | undefined> = {};
const harness = withWorker('openai');

beforeAll(async () => {
  const baseURL = await server.start();
  const env = {
    BATON_MODEL_PROVIDER: 'openai',
    OPENAI_BASE_URL: baseURL,
    OPENAI_API_KEY: KEY,
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
beforeEach(() => server.reset());

/** A valid model-written summary for any run on the demo data: one verified number, as a placeholder. */
const scriptSummary = () => server.script('writeReport', [{ json: { summary: '数据质量检查覆盖 {{dq.orders.rows}} 行订单。' } }]);

const asOf = () => todayIn(harness.config.timeZone);
/** The plan a model would be scripted to write: the rules model's, without the fragments code adds. */
function scriptedPlan(question: string): Omit<Extract<Plan, { kind: 'plan' }>, 'fragments'> {
  const plan = planQuestion(question, rulesIntent(question), catalogFor(undefined), asOf());
  if (plan.kind !== 'plan') throw new Error(`no plan for ${question}`);
  const { fragments: _fragments, ...draft } = plan;
  return draft;
}
const lastUserMessage = (r: RecordedRequest | undefined) =>
  [...(r?.body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '';
const attemptsOf = async (workflowId: string, type: string) =>
  (
    await db().query<{ attempt: number; outcome: string | null }>(
      'SELECT attempt, outcome FROM baton.activity_executions WHERE workflow_id = $1 AND activity_type = $2 ORDER BY id',
      [workflowId, type],
    )
  ).rows;

const TREND = '最近6个月销售额的趋势';
/** The catalog's customer type, by hand: new in the month of the user's first paid order. */
const NEW_OR_RETURNING = `CASE WHEN date_trunc('month', u.first_order_at) = date_trunc('month', o.pay_time) THEN 'new' ELSE 'returning' END`;

test('the whole pipeline runs on the model: skill loaded by a tool call, plan, code, audited report, tokens recorded', async () => {
  const question = '为什么华东区上个月复购率下降了？';
  const plan = scriptedPlan(question);
  const rank = plan.steps.find((s) => s.operation.kind === 'rank_contributors') as PlanStep;
  server.script('planAnalysis', [
    {
      toolCall: { name: 'load_skill', arguments: JSON.stringify({ name: 'metric-definitions' }) },
      usage: { prompt_tokens: 1800, completion_tokens: 20, cached_tokens: 0 },
    },
    // The plan schema is a union, so it is asked for inside {"value": …} (APIs want an object at the top).
    { json: { value: plan }, usage: { prompt_tokens: 2600, completion_tokens: 900, cached_tokens: 1536 } },
  ]);
  server.script('writeCode', [
    {
      json: { code: writeStepCode(rank, 1, [], false).code, queries: [] },
      usage: { prompt_tokens: 2200, completion_tokens: 300, cached_tokens: 1024 },
    },
  ]);
  server.script('writeReport', [
    // Digits instead of placeholders, and an id that is not a verified calculation: sent back.
    { json: { summary: '华东复购率下降了 7.57 个百分点，见 {{s9.value}}。' } },
    {
      json: {
        summary:
          '华东复购率从 {{s4.value_before}} 变为 {{s4.value_after}}（{{s4.change}}）。主要原因是 客户类型=新客 的占比变化：{{s4.customer_type=new.mix.effect}}。',
      },
    },
  ]);

  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, question);
  expect(server.unused()).toEqual({});
  expect(result.status).toBe('completed');
  expect(result.intent).toMatchObject({ intent: 'attribution', decided_by: 'rules' });
  const report = await publishedReport(result);
  expect(report.audit).toMatchObject({ clean: true });
  // The figures derived here, not copied from a run: the two months' rates by hand-written SQL, and the new
  // customers' mix effect by the shift-share formula (eval/cases.ts repurchaseEffects), written as the report writes them.
  const ctx = evalContext(db(), (await manifest()).last_month);
  const rate = async (month: string) =>
    Number(
      (
        await db().query<{ v: string }>(
          `SELECT avg((n >= 2)::int) AS v FROM (SELECT o.user_id, count(*) AS n FROM orders o JOIN users u USING (user_id)
           WHERE o.status = 'paid' AND o.amount > 0 AND u.region = '华东' AND to_char(o.pay_time, 'YYYY-MM') = $1 GROUP BY 1) x`,
          [month],
        )
      ).rows[0]?.v,
    );
  const [before, after] = [await rate(ctx.previous), await rate(ctx.last)];
  const mix = (await repurchaseEffects(ctx, '华东', { customer_type: NEW_OR_RETURNING }))['customer_type=new mix'] ?? NaN;
  const pp = (x: number) => `${signOf(x)}${points(Math.abs(x), 'zh')}`;
  expect(report.sections.find((s) => s.id === 'summary')!.body).toBe(
    `华东复购率从 ${percent(before, 2)}[1] 变为 ${percent(after, 2)}[2]（${pp(after - before)}[3]）。主要原因是 客户类型=新客 的占比变化：${pp(mix)}[4]。`,
  );
  expect(lastUserMessage(server.requestsOf('writeReport')[1])).toBe(
    'Your reply cannot be used: these placeholders are not verified calculations: {{s9.value}}; use only the ids listed in "calculations"; write every number as a {{calculation id}} placeholder, not as digits: 7.57 个百分点. Reply again with only the corrected JSON object.',
  );
  expect(server.requestsOf('writeReport')[0]!.body.temperature).toBe(0.2);

  // Prompts built for caching: the same system prompt first (instructions and the skills catalog, no skill
  // text), the tool definition, the dynamic context last; temperature 0; a JSON-schema response format.
  const [first, second] = server.requestsOf('planAnalysis');
  expect(first!.body.messages[0]).toEqual(second!.body.messages[0]);
  expect(first!.body.messages[0]!.content).toContain(skillCatalog(loadSkills()));
  expect(first!.body.messages[0]!.content).not.toContain('# Metric definitions');
  expect(JSON.parse(first!.body.messages[1]!.content ?? '{}')).toMatchObject({ question, intent: 'attribution' });
  // The catalog is reference material in the system prompt, the same for every question.
  expect(first!.body.messages[0]!.content).toContain('"repurchase_rate":{"label":"repurchase rate"');
  expect(JSON.parse(first!.body.messages[1]!.content ?? '{}')).not.toHaveProperty('catalog');
  expect(first!.body).toMatchObject({
    model: 'test-model',
    temperature: 0,
    response_format: { type: 'json_schema', json_schema: { name: 'plan' } },
  });
  expect(first!.body.tools).toHaveLength(1);
  // The skill's full text arrives only through the tool call.
  expect(second!.body.messages.find((m) => m.role === 'tool')?.content).toContain('# Metric definitions');
  expect(first!.authorization).toBe(`Bearer ${KEY}`);

  // Usage per call, cached prompt tokens included, as the API reported it; shown by baton show.
  const shown = await runCli(['show', workflowId, '--json'], { TEMPORAL_ADDRESS: harness.config.temporalAddress });
  const modelTokens = (JSON.parse(shown.stdout) as { modelTokens: unknown[] }).modelTokens;
  expect(modelTokens).toEqual([
    { agent: 'planAnalysis', model: 'test-model', calls: 2, prompt_tokens: 4400, completion_tokens: 920, cached_prompt_tokens: 1536 },
    { agent: 'writeCode', model: 'test-model', calls: 1, prompt_tokens: 2200, completion_tokens: 300, cached_prompt_tokens: 1024 },
    { agent: 'writeReport', model: 'test-model', calls: 2, prompt_tokens: 2000, completion_tokens: 200, cached_prompt_tokens: 0 },
  ]);

  // The key is nowhere: not in the history, the artifacts, the usage records or the export.
  const history = JSON.stringify(await harness.client.workflow.getHandle(workflowId).fetchHistory());
  const artifacts = JSON.stringify((await db().query('SELECT content FROM baton.artifacts WHERE workflow_id = $1', [workflowId])).rows);
  const usage = JSON.stringify((await db().query('SELECT * FROM baton.model_usage WHERE workflow_id = $1', [workflowId])).rows);
  const exported = await runCli(['export', workflowId], { TEMPORAL_ADDRESS: harness.config.temporalAddress });
  for (const text of [history, artifacts, usage, exported.stdout, shown.stdout]) {
    expect(text.length).toBeGreaterThan(100);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('SECRET');
  }
  expect(exported.stderr).toBe('');
});

test('the model plans in the same language: quarters as a grain, and a year over year of two named periods', async () => {
  // The demo shop holds the 13 months ending last month, so last month has its year-earlier twin.
  const last = (await manifest()).last_month;
  const [year, month] = last.split('-').map(Number) as [number, number];
  const yearEarlier = `${year - 1}-${last.slice(5)}`;
  const quarterQuestion = `${year}年每个季度的销售额`;
  const yoyQuestion = `${year}年${month}月的销售额同比怎么样`;
  const byQuarter = scriptedPlan(quarterQuestion);
  const yearOverYear = scriptedPlan(yoyQuestion);
  expect(byQuarter.steps[0]!.operation).toMatchObject({ query: { group_by: ['quarter'] } });
  expect(yearOverYear.steps[0]!.operation).toMatchObject({
    query: { group_by: ['period'], periods: [{ key: yearEarlier }, { key: last }] },
  });
  const rowsOf = async (question: string, plan: typeof byQuarter) => {
    server.reset();
    // No keyword rule for a plain breakdown: the model names the intent too.
    if (rulesIntent(question).decided_by === 'model') server.script('classifyIntent', [{ json: { intent: 'query' } }]);
    server.script('planAnalysis', [{ json: { value: plan } }]);
    // A computed step (the comparison) is written by the model too.
    const computed = plan.steps.find((st) => st.operation.kind === 'compare');
    if (computed) server.script('writeCode', [{ json: { code: writeStepCode(computed, 1, [], false).code, queries: [] } }]);
    scriptSummary();
    const { result } = await runAnalysis(harness.client, harness.config.taskQueue, question);
    // The JSON schema the model is given is the plan contract, named periods included.
    expect(JSON.stringify(server.requestsOf('planAnalysis')[0]!.body.response_format)).toContain('"periods"');
    expect(result.status).toBe('completed');
    return { result, rows: result.steps[0]!.result!.rows };
  };
  // Hand-written SQL: paid GMV per quarter of that year, and in the two months a year apart.
  const paid = `status = 'paid' AND amount > 0`;
  const quarters = await db().query<{ k: string; v: string }>(
    `SELECT to_char(pay_time, 'YYYY-"Q"Q') AS k, sum(amount) AS v FROM orders WHERE ${paid} AND to_char(pay_time, 'YYYY') = $1 GROUP BY 1 ORDER BY 1`,
    [String(year)],
  );
  const months = await db().query<{ k: string; v: string }>(
    `SELECT to_char(pay_time, 'YYYY-MM') AS k, sum(amount) AS v FROM orders WHERE ${paid} AND to_char(pay_time, 'YYYY-MM') IN ($1, $2) GROUP BY 1 ORDER BY 1`,
    [yearEarlier, last],
  );
  const quarterly = await rowsOf(quarterQuestion, byQuarter);
  expect(quarterly.rows.map((r) => [r.quarter, Number(r.value).toFixed(2)])).toEqual(
    quarters.rows.map((r) => [r.k, Number(r.v).toFixed(2)]),
  );
  expect(quarterly.result.reading?.statement).toMatch(new RegExp(`^销售额，${year}年（.*按季度：`));
  const yoy = await rowsOf(yoyQuestion, yearOverYear);
  expect(yoy.rows.map((r) => [r.period, Number(r.value).toFixed(2)])).toEqual(months.rows.map((r) => [r.k, Number(r.v).toFixed(2)]));
  expect(yoy.result.reading).toMatchObject({ window: { start: `${last}-01` }, compared_with: { start: `${yearEarlier}-01` } });
});

test('an eval suite runs unchanged through the model and prints its score beside the rules model', async () => {
  // Three demo cases; the model is scripted with the rules' own plans, but the third question gets the first one's
  // plan (GMV for a count of orders), so the model's column must show a miss the rules' column does not.
  const cases = CASES.slice(0, 3);
  const questions = cases.map((c) => c.question as string);
  for (const [i, question] of questions.entries()) {
    if (rulesIntent(question).decided_by === 'model') server.script('classifyIntent', [{ json: { intent: 'query' } }]);
    server.script('planAnalysis', [{ json: { value: scriptedPlan(questions[i === 2 ? 0 : i]!) } }]);
    scriptSummary();
  }
  const byModel = await runSuiteByModel(
    harness.client,
    harness.config.taskQueue,
    { cases, ctx: evalContext(db(), (await manifest()).last_month), request: { asOf: asOf() } },
    ['rules', 'openai'],
    1, // one at a time: the scripted replies are answered in order
  );
  // Every question was planned by the model (a plan that does not fit its question may stop before the report).
  expect(server.requestsOf('planAnalysis')).toHaveLength(3);
  const rules = byModel.get('rules')!.rows;
  const model = byModel.get('openai')!.rows;
  expect(rules.map((r) => [r.pass, r.status])).toEqual([
    [true, 'completed'],
    [true, 'completed'],
    [true, 'completed'],
  ]);
  expect(model.map((r) => r.pass)).toEqual([true, true, false]);
  expect(model[2]!.reason).not.toBe('');
  const table = formatByModel(byModel);
  console.log(table);
  const [header, ...lines] = table.split('\n');
  expect(header).toMatch(/│ rules +│ openai/);
  expect(
    lines.slice(0, 3).map((l) =>
      l
        .split('│')
        .slice(2)
        .map((c) => c.trim()),
    ),
  ).toEqual([
    ['PASS completed', 'PASS completed'],
    ['PASS completed', 'PASS completed'],
    ['PASS completed', `FAIL ${model[2]!.status}`],
  ]);
  expect(table).toMatch(/^rules +3\/3 passed \(100%.*median time per question \d+(\.\d+)? ms; wall time \d+ s$/m);
  expect(table).toMatch(/^openai +2\/3 passed \(66\.7%.*median time per question \d+(\.\d+)? ms; wall time \d+ s$/m);
  // The file's own setting is back: the model pass left BATON_MODEL_PROVIDER as it found it.
  expect(process.env.BATON_MODEL_PROVIDER).toBe('openai');
});

test('no keyword rule: the model decides the intent; a reply that is not JSON is sent back with the error', async () => {
  const question = 'GMV by region last month';
  expect(rulesIntent(question).decided_by).toBe('model');
  server.script('classifyIntent', [{ content: 'The intent is query.' }, { json: { intent: 'query' } }]);
  server.script('planAnalysis', [{ json: scriptedPlan(question) }]);
  scriptSummary();
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, question);
  expect(result.intent).toMatchObject({ intent: 'query', decided_by: 'model', model: 'test-model' });
  const asked = server.requestsOf('classifyIntent');
  expect(asked).toHaveLength(2);
  expect(lastUserMessage(asked[1])).toMatch(
    /^Your reply cannot be used: it is not valid JSON \(.*\)\. Reply again with only the corrected JSON object\.$/,
  );
  expect(asked[1]!.body.messages.find((m) => m.role === 'assistant')?.content).toBe('The intent is query.');
  expect(result.status).toBe('completed');
});

test('a plan that breaks the schema, then names a metric the catalog lacks, is repaired with the problems quoted', async () => {
  const plan = scriptedPlan(TREND);
  const hallucinated = {
    ...plan,
    steps: plan.steps.map((s) =>
      s.operation.kind === 'metric'
        ? { ...s, metrics: ['gmv_total'], operation: { ...s.operation, query: { ...s.operation.query, metric: 'gmv_total' } } }
        : s,
    ),
  };
  server.script('planAnalysis', [{ json: { kind: 'plan', steps: 'all of them' } }, { json: hallucinated }, { json: plan }]);
  scriptSummary();
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, TREND);
  const asked = server.requestsOf('planAnalysis');
  expect(asked).toHaveLength(3);
  expect(lastUserMessage(asked[1])).toMatch(/^Your reply cannot be used: field "steps": /);
  expect(lastUserMessage(asked[2])).toMatch(/gmv_total/);
  expect(lastUserMessage(asked[2])).toMatch(/not in the catalog|unknown metric/i);
  expect(result.status).toBe('completed');
});

test('a reply still invalid after 3 repairs fails the planner clearly, without Temporal retries', async () => {
  server.script(
    'planAnalysis',
    Array.from({ length: 4 }, (): ScriptedReply => ({ content: '{"kind": "plan"' })),
  );
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, TREND);
  expect(server.requestsOf('planAnalysis')).toHaveLength(4);
  expect(result.status).toBe('cannot_answer');
  expect(result.answer).toMatch(
    /the planner failed: planAnalysis: the model's reply was still invalid after 3 repairs: it is not valid JSON/,
  );
  expect((await attemptsOf(workflowId, 'planAnalysis')).map((r) => r.attempt)).toEqual([1]);
});

test('429 then success: retried by Temporal with backoff', async () => {
  server.script('planAnalysis', [{ status: 429 }, { json: scriptedPlan(TREND) }]);
  scriptSummary();
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, TREND);
  expect(result.status).toBe('completed');
  expect(await attemptsOf(workflowId, 'planAnalysis')).toEqual([
    { attempt: 1, outcome: 'failed' },
    { attempt: 2, outcome: 'completed' },
  ]);
});

test('a reply slower than the timeout is retried', async () => {
  server.script('planAnalysis', [{ delayMs: 3000, json: scriptedPlan(TREND) }, { json: scriptedPlan(TREND) }]);
  scriptSummary();
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, TREND);
  expect(result.status).toBe('completed');
  expect(await attemptsOf(workflowId, 'planAnalysis')).toEqual([
    { attempt: 1, outcome: 'failed' },
    { attempt: 2, outcome: 'completed' },
  ]);
});

test("500 on every attempt ends after the retry policy's 3 attempts, as a failed planner", async () => {
  server.script('planAnalysis', [{ status: 500 }, { status: 500 }, { status: 500 }]);
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, TREND);
  expect(server.requestsOf('planAnalysis')).toHaveLength(3);
  expect(result.status).toBe('cannot_answer');
  expect(result.answer).toMatch(/the planner failed: planAnalysis: the model API answered 500/);
  expect((await attemptsOf(workflowId, 'planAnalysis')).map((r) => r.attempt)).toEqual([1, 2, 3]);
});

test('a request the API refuses (400) is not retried', async () => {
  server.script('planAnalysis', [{ status: 400 }]);
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, TREND);
  expect(server.requestsOf('planAnalysis')).toHaveLength(1);
  expect(result.answer).toMatch(/the planner failed: planAnalysis: the model API refused the request \(400\)/);
  expect((await attemptsOf(workflowId, 'planAnalysis')).map((r) => r.attempt)).toEqual([1]);
});

test('a rejected key is reported once, clearly, without retries and without the key', async () => {
  server.script('planAnalysis', [{ status: 401 }]);
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, TREND);
  expect(server.requestsOf('planAnalysis')).toHaveLength(1);
  expect(result.answer).toMatch(
    /the planner failed: planAnalysis: the model API at http:\/\/127\.0\.0\.1:\d+\/v1 rejected the credentials \(401\); check OPENAI_API_KEY/,
  );
  expect(result.answer).not.toContain(KEY);
  expect((await attemptsOf(workflowId, 'planAnalysis')).map((r) => r.attempt)).toEqual([1]);
});

test('a missing key is reported once, before any request', async () => {
  delete process.env.OPENAI_API_KEY;
  try {
    const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, TREND);
    expect(result.status).toBe('cannot_answer');
    expect(result.answer).toContain('the planner failed: the model provider is openai but OPENAI_API_KEY is not set');
    expect(server.requests).toEqual([]);
    expect((await attemptsOf(workflowId, 'planAnalysis')).map((r) => r.attempt)).toEqual([1]);
  } finally {
    process.env.OPENAI_API_KEY = KEY;
  }
});

test('code the model writes that fails its test rolls back to the model with the failure', async () => {
  const question = '为什么华东区上个月复购率下降了？';
  const plan = scriptedPlan(question);
  const rank = plan.steps.find((s) => s.operation.kind === 'rank_contributors') as PlanStep;
  server.script('planAnalysis', [{ json: plan }]);
  server.script('writeCode', [
    { json: { code: writeStepCode(rank, 1, [], true).code } },
    { json: { code: writeStepCode(rank, 2, [], false).code } },
  ]);
  scriptSummary();
  const { result } = await runAnalysis(harness.client, harness.config.taskQueue, question);
  const asked = server.requestsOf('writeCode');
  expect(asked).toHaveLength(2);
  expect(JSON.parse(asked[1]!.body.messages[1]!.content ?? '{}')).toMatchObject({ failures: [{ attempt: 1, detail: 'row 1 has rank 5' }] });
  expect(result.steps.find((s) => s.step.step_id === rank.step_id)).toMatchObject({ status: 'passed', attempts: 2 });
});

test('a worker process on the model logs its failures without the key', async () => {
  const queue = uniqueTaskQueue('openai-logs');
  const child = spawn(process.execPath, [path.resolve(__dirname, '../..', 'dist', 'src', 'worker.js')], {
    env: { ...process.env, BATON_TASK_QUEUE: queue },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      logs += d.toString();
      if (logs.includes('polling task queue')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited early (${String(code)}): ${logs}`)));
  });
  try {
    await ready;
    server.script('planAnalysis', [{ status: 500 }, { status: 401 }]);
    const { result } = await runAnalysis(harness.client, queue, TREND);
    expect(result.answer).toContain('rejected the credentials (401)');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  // The failures were logged (with their messages), the key never.
  expect(logs).toContain('the model API answered 500');
  expect(logs).not.toContain(KEY);
  expect(logs).not.toContain('SECRET');
});

describe('parts', () => {
  test('skills: four, each with a name, a description and its text', () => {
    const skills = loadSkills();
    expect(skills.map((s) => s.name)).toEqual([
      'choosing-a-chart',
      'choosing-a-statistical-test',
      'metric-definitions',
      'writing-the-report',
    ]);
    for (const s of skills) {
      expect(s.description.length).toBeGreaterThan(20);
      expect(s.body.length).toBeGreaterThan(300);
      expect(s.allowedTools).toEqual(['load_skill']);
    }
  });

  test('the conversation safety net summarises the oldest half and keeps pinned and newest turns verbatim', () => {
    const task: Turn = { role: 'user', content: 'PLAN: s1 → s2; clues: 华东; tracking: s1 done', pinned: true };
    const turns: Turn[] = [
      task,
      ...Array.from({ length: 30 }, (_, i): Turn => ({ role: i % 2 ? 'user' : 'assistant', content: `turn ${i} ${'x'.repeat(400)}` })),
    ];
    const { turns: kept, summarised } = fitConversation(turns, 1000, 10);
    expect(kept[0]).toEqual(task);
    expect(summarised).toBe(10);
    expect(kept[1]!.content).toMatch(/^Summary of 10 earlier turn\(s\):\nassistant: turn 0 x+…\nuser: turn 1 /);
    expect(kept.slice(-10)).toEqual(turns.slice(-10));
    expect(kept).toHaveLength(1 + 1 + 20);
    expect(fitConversation(turns.slice(0, 3), 1_000_000, 10)).toEqual({ turns: turns.slice(0, 3), summarised: 0 });
  });
});
