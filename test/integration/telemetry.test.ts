/**
 * Metrics and traces from real processes (issue 18, part 5): a worker process started as operators start it
 * (`node dist/src/worker.js`) with BATON_METRICS_ADDRESS and OTEL_EXPORTER_OTLP_ENDPOINT set, the suite's dev server
 * with its metrics port (scripts/test.sh), and an OTLP/HTTP receiver this test runs. The counters scraped after real
 * runs are checked against the runs' histories and the execution ledger; the spans received are checked against
 * the run's agents.
 */
import type { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { localActivityMarker } from '../../src/cli/export';
import { BATON_SPAN_ATTRIBUTES as A } from '../../src/temporal/telemetry';
import { WORKFLOW_BUNDLE } from '../../src/settings/config';
import { agentCalls, closeDb, connectClient, db, runAnalysis, runCli, testConfig, uniqueTaskQueue } from '../helpers';

const ROOT = path.resolve(__dirname, '../..');
const DEMO = '为什么华东区上个月复购率下降了？';
const SERVER_METRICS = `http://127.0.0.1:${process.env.BATON_TEST_TEMPORAL_METRICS_PORT ?? '9234'}/metrics`;

// ------------------------------------------------------------------------------------------------ plumbing

/** A port nobody listens on now (the kernel's pick). */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const children: ChildProcess[] = [];
/** `node dist/src/worker.js` with `env` added, resolved once it polls. */
async function startWorkerProcess(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'src', 'worker.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  for (let i = 0; i < 300 && !output.includes('polling task queue') && child.exitCode === null; i++)
    await new Promise((r) => setTimeout(r, 100));
  if (!output.includes('polling task queue')) throw new Error(`the worker did not start:\n${output}`);
  return { child, output: () => output };
}

async function stopWorkerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await closeDb();
});

/** One sample of the Prometheus text format: `name{label="value",…} number`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parsePrometheus(text: string): Sample[] {
  return text.split('\n').flatMap((line): Sample[] => {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m || line.startsWith('#')) return [];
    const labels = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1] as string, l[2] as string]),
    );
    return [{ name: m[1] as string, labels, value: Number(m[3]) }];
  });
}

async function scrape(url: string): Promise<Sample[]> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return parsePrometheus(await response.text());
}

/** The sum of a metric's samples whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** Per label value (e.g. per activity type), the sum of a metric's samples. */
function byLabel(samples: Sample[], name: string, label: string, labels: Record<string, string> = {}): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples.filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v))) {
    const key = s.labels[label] ?? '';
    out[key] = (out[key] ?? 0) + s.value;
  }
  return out;
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

async function history(workflowId: string): Promise<temporal.api.history.v1.IHistoryEvent[]> {
  const client = await connectClient();
  try {
    return (await client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
  } finally {
    await client.connection.close();
  }
}

/** Activities (not local ones) that completed, by type, from a history. */
function completedActivities(events: temporal.api.history.v1.IHistoryEvent[]): string[] {
  const typeOf = new Map(
    events
      .filter((e) => e.activityTaskScheduledEventAttributes)
      .map((e) => [String(e.eventId), e.activityTaskScheduledEventAttributes?.activityType?.name ?? '']),
  );
  return events
    .filter((e) => e.activityTaskCompletedEventAttributes)
    .map((e) => typeOf.get(String(e.activityTaskCompletedEventAttributes?.scheduledEventId)) ?? '?');
}

// ------------------------------------------------------------------------------------------------ metrics

test('the worker and the dev server serve Prometheus metrics whose counters match the runs: activities completed and failed, schedule-to-start latency', async () => {
  const config = testConfig({ taskQueue: uniqueTaskQueue('metrics') });
  const metricsAddress = `127.0.0.1:${await freePort()}`;
  const { child, output } = await startWorkerProcess({ BATON_TASK_QUEUE: config.taskQueue, BATON_METRICS_ADDRESS: metricsAddress });
  expect(output()).toContain(`Prometheus metrics on http://${metricsAddress}/metrics`);

  const client = await connectClient(config);
  let ids: string[];
  try {
    // The demo question, and a run whose database is unreachable: its SQL agents fail their three tries each.
    const demo = await runAnalysis(client, config.taskQueue, DEMO);
    expect(demo.result.status).toBe('completed');
    const broken = await runAnalysis(client, config.taskQueue, 'What was the AOV of new customers last month?', {
      maxStepRetries: 0,
      onStepFailure: 'degrade',
      databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere',
    });
    expect(broken.result.status).not.toBe('completed');
    ids = [demo.workflowId, broken.workflowId];
  } finally {
    await client.connection.close();
  }
  const histories = await Promise.all(ids.map(history));
  const completed = countBy(histories.flatMap(completedActivities));
  const agentSteps = histories.flat().filter((e) => e.activityTaskScheduledEventAttributes || localActivityMarker(e)).length;
  // Every try, as the worker's interceptor recorded it (src/temporal/execution-ledger.ts).
  const { rows: tries } = await db().query<{ activity_type: string; local: boolean; outcome: string; attempt: number }>(
    `SELECT activity_type, activity_id LIKE 'local:%' AS local, outcome, attempt FROM baton.activity_executions WHERE workflow_id = ANY($1)`,
    [ids],
  );
  const failedTries = countBy(tries.filter((t) => !t.local && t.outcome === 'failed').map((t) => t.activity_type));
  expect(Object.values(failedTries).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);

  // The worker's own endpoint: its runtime's counters, labelled with this test's task queue.
  const worker = await scrape(`http://${metricsAddress}/metrics`);
  const tq = { task_queue: config.taskQueue };
  expect(byLabel(worker, 'temporal_activity_succeed_endtoend_latency_count', 'activity_type', tq)).toEqual(completed);
  expect(total(worker, 'temporal_activity_succeed_endtoend_latency_count', tq)).toBeLessThanOrEqual(agentSteps);
  // Local activities (the fast agents, src/workflows/run.ts): one marker per completed one, every try counted.
  const localMarkers = histories.flat().filter((e) => localActivityMarker(e)).length;
  expect(total(worker, 'temporal_local_activity_succeed_endtoend_latency_count', tq)).toBe(localMarkers);
  expect(total(worker, 'temporal_local_activity_total', tq)).toBe(tries.filter((t) => t.local).length);
  const demoSteps = histories[0]?.filter((e) => e.activityTaskScheduledEventAttributes || localActivityMarker(e)).length ?? 0;
  expect(total(worker, 'temporal_activity_succeed_endtoend_latency_count', tq) + localMarkers).toBeGreaterThanOrEqual(demoSteps);
  // Failed tries: the agents of the run without its database, three each, as the ledger counted them.
  expect(byLabel(worker, 'temporal_activity_execution_failed', 'activity_type', tq)).toEqual(failedTries);
  expect(total(worker, 'temporal_activity_execution_latency_count', tq)).toBe(tries.filter((t) => !t.local).length);
  // Schedule-to-start: one observation per activity task the worker received, its buckets cumulative up to +Inf.
  const started = tries.filter((t) => !t.local).length;
  expect(total(worker, 'temporal_activity_schedule_to_start_latency_count', tq)).toBe(started);
  expect(total(worker, 'temporal_activity_schedule_to_start_latency_bucket', { ...tq, le: '+Inf' })).toBe(started);
  const buckets = worker.filter(
    (s) => s.name === 'temporal_activity_schedule_to_start_latency_bucket' && s.labels.task_queue === config.taskQueue,
  );
  expect(buckets.map((b) => b.value)).toEqual([...buckets.map((b) => b.value)].sort((a, b) => a - b));
  expect(total(worker, 'temporal_activity_schedule_to_start_latency_sum', tq)).toBeGreaterThanOrEqual(0);
  expect(total(worker, 'temporal_workflow_completed', tq)).toBe(2);

  // The activities that failed for good (their last try): ActivityTaskFailed events, by type.
  const failedEvents = histories.map((events) => {
    const typeOf = new Map(
      events
        .filter((e) => e.activityTaskScheduledEventAttributes)
        .map((e) => [String(e.eventId), e.activityTaskScheduledEventAttributes?.activityType?.name ?? '']),
    );
    return events
      .filter((e) => e.activityTaskFailedEventAttributes)
      .map((e) => typeOf.get(String(e.activityTaskFailedEventAttributes?.scheduledEventId)) ?? '?');
  });
  // The dev server's endpoint: the history service's counters for the same task queue (its labels write - as _),
  // reported every second or so, each counter on its own: read until the last completions and failures are all in.
  const queue = { taskqueue: config.taskQueue.replace(/-/g, '_') };
  const failedTryCount = Object.values(failedTries).reduce((a, b) => a + b, 0);
  let server: Sample[] = [];
  for (let i = 0; i < 60; i++) {
    server = await scrape(SERVER_METRICS);
    const allIn =
      total(server, 'activity_success', queue) >= histories.flatMap(completedActivities).length &&
      total(server, 'activity_task_fail', queue) >= failedTryCount &&
      total(server, 'activity_fail', queue) >= failedEvents.flat().length;
    if (allIn) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(byLabel(server, 'activity_success', 'activityType', queue)).toEqual(completed);
  expect(total(server, 'activity_end_to_end_latency_count', { ...queue, operation: 'RespondActivityTaskCompleted' })).toBe(
    total(server, 'activity_success', queue),
  );
  // Schedule-to-start at the server: activity tasks handed out by matching (retries always are; a first try may have
  // been started eagerly, in the workflow task's reply, and never queued), in seconds.
  const activityQueue = { ...queue, task_type: 'Activity' };
  const matched = total(server, 'task_schedule_to_start_latency_count', activityQueue);
  expect(matched).toBeGreaterThanOrEqual(tries.filter((t) => !t.local && t.attempt > 1).length);
  expect(matched).toBeLessThanOrEqual(started);
  expect(total(server, 'task_schedule_to_start_latency_bucket', { ...activityQueue, le: '+Inf' })).toBe(matched);
  expect(total(server, 'task_schedule_to_start_latency_sum', activityQueue)).toBeGreaterThanOrEqual(0);
  // Every failed try reaches the server (activity_task_fail); the last try of each failed activity fails it (activity_fail).
  expect(byLabel(server, 'activity_task_fail', 'activityType', queue)).toEqual(failedTries);
  const finalFailures = Object.fromEntries(
    Object.entries(byLabel(server, 'activity_fail', 'activityType', queue)).filter(([, n]) => n > 0),
  );
  expect(finalFailures).toEqual(countBy(failedEvents.flat()));

  await stopWorkerProcess(child);
}, 120_000);

// ------------------------------------------------------------------------------------------------ traces

/** One span as OTLP/HTTP JSON carries it, with its service and attributes flattened. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  attributes: Record<string, string | number | boolean>;
  error: boolean;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: {
      spans: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        attributes?: OtlpAttribute[];
        status?: { code?: number };
      }[];
    }[];
  }[];
}

function attributes(list: OtlpAttribute[] = []): Record<string, string | number | boolean> {
  return Object.fromEntries(
    list.map((a) => [
      a.key,
      a.value.stringValue ??
        (a.value.intValue !== undefined ? Number(a.value.intValue) : undefined) ??
        a.value.boolValue ??
        a.value.doubleValue ??
        '',
    ]),
  );
}

/** A local OTLP/HTTP receiver (JSON, what the OpenTelemetry SDK's OTLP/HTTP exporter sends to /v1/traces). */
async function otlpReceiver(): Promise<{ endpoint: string; spans: ReceivedSpan[]; paths: string[]; close: () => Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(`${req.method ?? ''} ${req.url ?? ''} ${req.headers['content-type'] ?? ''}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
      for (const rs of body.resourceSpans) {
        const service = String(attributes(rs.resource.attributes)['service.name'] ?? '');
        for (const span of rs.scopeSpans.flatMap((ss) => ss.spans)) {
          spans.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || null,
            name: span.name,
            attributes: attributes(span.attributes),
            error: span.status?.code === 2,
          });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, spans, paths, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('a run started by `baton ask` is one trace, exported over OTLP: a span per agent with the workflow id, step id and status, and the traced history replays without tracing', async () => {
  const receiver = await otlpReceiver();
  try {
    const taskQueue = uniqueTaskQueue('traces');
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' };
    const { child } = await startWorkerProcess({ ...otel, BATON_TASK_QUEUE: taskQueue, OTEL_SERVICE_NAME: 'baton-worker-test' });
    const asked = await runCli(['ask', DEMO, '--json'], { ...otel, BATON_TASK_QUEUE: taskQueue, OTEL_SERVICE_NAME: 'baton-cli-test' });
    expect(asked.code).toBe(0);
    const answer = JSON.parse(asked.stdout) as { workflowId: string; status: string; steps: { step_id: string; status: string }[] };
    expect(answer.status).toBe('completed');
    // A worker stopping sends what it still holds.
    await stopWorkerProcess(child);
    expect(receiver.paths.every((p) => p === 'POST /v1/traces application/json')).toBe(true);

    const id = answer.workflowId;
    const start = receiver.spans.filter((s) => s.name === 'StartWorkflow:analysisWorkflow' && s.attributes.temporalWorkflowId === id);
    expect(start).toHaveLength(1);
    const trace = start[0]!.traceId;
    const inTrace = receiver.spans.filter((s) => s.traceId === trace);
    // One trace for the run: the CLI's start, the workflow, every agent's scheduling and execution.
    expect(
      receiver.spans
        .filter((s) => s.attributes.temporalWorkflowId === id || s.attributes[A.workflowId] === id)
        .every((s) => s.traceId === trace),
    ).toBe(true);
    expect(start[0]!.service).toBe('baton-cli-test');
    expect(start[0]!.parentSpanId).toBeNull();
    const run = inTrace.filter((s) => s.name === 'RunWorkflow:analysisWorkflow');
    expect(run).toHaveLength(1);
    expect(run[0]!.parentSpanId).toBe(start[0]!.spanId);
    expect(run[0]!.service).toBe('baton-worker-test');
    expect(inTrace.filter((s) => s.name.startsWith('QueryWorkflow'))).toEqual([]);

    // Every agent call in the history (activities and local activities) has its RunActivity span, under a StartActivity
    // span of the workflow, with Baton's attributes.
    const client = await connectClient(testConfig({ taskQueue }));
    let calls: { type: string }[];
    let history: temporal.api.history.v1.IHistory;
    try {
      calls = await agentCalls(client, id);
      history = await client.workflow.getHandle(id).fetchHistory();
    } finally {
      await client.connection.close();
    }
    const tries = inTrace.filter((s) => s.name.startsWith('RunActivity:'));
    // One span per try; on a machine this busy an infrastructure retry is possible, and its failed try has its span too.
    expect(
      tries.every(
        (s) => ['completed', 'failed'].includes(String(s.attributes[A.status])) && s.error === (s.attributes[A.status] === 'failed'),
      ),
    ).toBe(true);
    const agents = tries.filter((s) => s.attributes[A.status] === 'completed');
    expect(countBy(agents.map((s) => s.name.slice('RunActivity:'.length)))).toEqual(countBy(calls.map((c) => c.type)));
    const byId = new Map(inTrace.map((s) => [s.spanId, s]));
    for (const span of agents) {
      expect(byId.get(span.parentSpanId ?? '')?.name).toBe(span.name.replace('RunActivity:', 'StartActivity:'));
      expect(byId.get(byId.get(span.parentSpanId ?? '')?.parentSpanId ?? '')?.spanId).toBe(run[0]!.spanId);
      expect(span.service).toBe('baton-worker-test');
      expect(span.attributes).toMatchObject({
        [A.workflowId]: id,
        [A.agent]: span.name.slice('RunActivity:'.length),
        [A.status]: 'completed',
      });
      expect(span.attributes[A.attempt]).toBeGreaterThanOrEqual(1);
    }
    // The plan's steps: each one's SQL or code agents and its validation carry its step id.
    const stepIds = answer.steps.map((s) => s.step_id).sort();
    expect(stepIds.length).toBeGreaterThanOrEqual(3);
    expect(
      [...new Set(agents.filter((s) => s.attributes[A.agent] === 'checkStep').map((s) => String(s.attributes[A.stepId])))].sort(),
    ).toEqual(stepIds);
    expect(
      [
        ...new Set(
          agents
            .filter((s) => ['runSqlStep', 'analyzeTrend', 'writeCode'].includes(String(s.attributes[A.agent])))
            .map((s) => String(s.attributes[A.stepId])),
        ),
      ].sort(),
    ).toEqual(stepIds);
    expect(
      agents
        .filter((s) => ['planAnalysis', 'writeReport', 'auditReport'].includes(String(s.attributes[A.agent])))
        .every((s) => s.attributes[A.stepId] === undefined),
    ).toBe(true);
    expect(agents.find((s) => s.attributes[A.agent] === 'describeCatalog')?.attributes[A.local]).toBe(true);
    expect(agents.find((s) => s.attributes[A.agent] === 'planAnalysis')?.attributes[A.local]).toBe(false);

    // Turning tracing off mid-run is safe: the traced run's history replays on the plain bundle.
    await expect(Worker.runReplayHistory({ workflowBundle: { codePath: WORKFLOW_BUNDLE } }, history, id)).resolves.toBeUndefined();
  } finally {
    await receiver.close();
  }
}, 120_000);
