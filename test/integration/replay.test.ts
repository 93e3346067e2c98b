/**
 * Replay: stored histories of representative runs are replayed against the
 * current workflow code with the SDK's replayer, so a change that alters the
 * command sequence of existing runs fails here instead of in production.
 *
 * The fixtures live in test/fixtures/histories/. `npm run histories:update`
 * records them again on purpose (BATON_UPDATE_HISTORIES=1): one run per intent,
 * one with step retries, one with a coder→tester rollback, one with a report
 * rewrite and one with a plan revision.
 */
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { bundleWorkflowCode, DefaultLogger, NativeConnection, Worker } from '@temporalio/worker';
import * as activities from '../../src/activities';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { todayIn } from '../../src/settings/config';
import type { AnalysisRequest } from '../../src/contracts';
import { WORKFLOW_BUNDLE } from '../../src/settings/config';
import { TRACED_WORKFLOW_BUNDLE } from '../../src/temporal/telemetry';
import { Resource } from '@opentelemetry/resources';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { makeWorkflowExporter } from '@temporalio/interceptors-opentelemetry/lib/worker';
import { analysisWorkflow } from '../../src/workflows';
import { progressQuery, reviewPlanUpdate } from '../../src/contracts/workflow-messages';
import { plantFaults, type PlantedFaults } from '../../scripts/planted-faults';
import { connectClient, runAnalysis, testConfig, uniqueTaskQueue, withWorker } from '../helpers';

const DIR = path.resolve(__dirname, '..', 'fixtures', 'histories');
const UPDATE = process.env.BATON_UPDATE_HISTORIES === '1';
const TEMPORAL_CLI = path.resolve(__dirname, '../..', '.tools', 'bin', 'temporal');

/** The runs the fixtures hold: name → question and request options. */
const RUNS: Record<string, { question: string; extra?: Partial<AnalysisRequest>; faults?: PlantedFaults; revise?: string }> = {
  query: { question: '上个月各区域的GMV' },
  trend: { question: 'GMV trend by category over the last 6 months' },
  comparison: { question: '对比一下新老客的客单价变化并找出贡献最大的三个品类' },
  attribution: { question: '为什么华东区上个月复购率下降了？' },
  'step-retries': {
    question: 'What was the AOV of new customers last month?',
    extra: { maxStepRetries: 1, onStepFailure: 'degrade', databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere' },
  },
  'code-rollback': { question: '为什么华东区上个月复购率下降了？', faults: { failingCodeAttempts: 1 } },
  'report-rewrite': { question: '为什么华东区上个月复购率下降了？', faults: { reportTypoAttempts: 1 } },
  'plan-revision': { question: '上个月各区域的GMV', extra: { review: { timeoutSeconds: 600 } }, revise: '只看华东' },
};

/** Recording: the run being recorded meets its fixture's planted faults (test-only agents of this worker). */
let planted: PlantedFaults = {};
const harness = UPDATE ? withWorker('replay', { activityOverrides: plantFaults(() => planted) }) : null;

if (UPDATE) {
  test('record the replay fixtures', async () => {
    fs.mkdirSync(DIR, { recursive: true });
    for (const [name, run] of Object.entries(RUNS)) {
      const client = harness!.client;
      planted = run.faults ?? {};
      let workflowId: string;
      if (run.revise) {
        const handle = await client.workflow.start(analysisWorkflow, {
          workflowId: `analysis-fixture-${name}`,
          taskQueue: harness!.config.taskQueue,
          args: [{ question: run.question, asOf: todayIn(harness!.config.timeZone), ...run.extra }],
        });
        const waitForReview = async () => {
          for (let i = 0; i < 200 && (await handle.query(progressQuery)).phase !== 'awaiting_approval'; i++)
            await new Promise((r) => setTimeout(r, 100));
        };
        await waitForReview();
        await handle.executeUpdate(reviewPlanUpdate, { args: [{ action: 'revise', feedback: run.revise }] });
        await waitForReview();
        await handle.executeUpdate(reviewPlanUpdate, { args: [{ action: 'approve' }] });
        await handle.result();
        workflowId = handle.workflowId;
      } else {
        workflowId = (await runAnalysis(client, harness!.config.taskQueue, run.question, run.extra)).workflowId;
      }
      // The Temporal CLI's JSON export: the format historyFromJSON reads (and users get from the Web UI).
      const json = execFileSync(
        TEMPORAL_CLI,
        [
          'workflow',
          'show',
          '--workflow-id',
          workflowId,
          '--address',
          harness!.config.temporalAddress,
          '--namespace',
          harness!.config.temporalNamespace,
          '--output',
          'json',
        ],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      fs.writeFileSync(path.join(DIR, `${name}.json`), json.endsWith('\n') ? json : `${json}\n`);
    }
  });
}

test('every stored history replays against the current workflow code', async () => {
  const files = fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  expect(files).toEqual(
    Object.keys(RUNS)
      .map((n) => `${n}.json`)
      .sort(),
  );
  for (const file of files) {
    const history = historyFromJSON(JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')));
    // Throws DeterminismViolationError (naming the event) if the code no longer produces the recorded commands.
    await expect(Worker.runReplayHistory({ workflowBundle: { codePath: WORKFLOW_BUNDLE } }, history, file)).resolves.toBeUndefined();
  }
});

test('the traced bundle replays every stored history too, and a replay exports no spans: tracing can be turned on under open runs', async () => {
  // The bundle a worker runs when OTEL_EXPORTER_OTLP_ENDPOINT is set: the same workflows with the OpenTelemetry workflow interceptors (src/temporal/telemetry.ts).
  const exported = new InMemorySpanExporter();
  const sinks = { exporter: makeWorkflowExporter(exported, Resource.default()) };
  for (const file of fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const history = historyFromJSON(JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')));
    await expect(
      Worker.runReplayHistory({ workflowBundle: { codePath: TRACED_WORKFLOW_BUNDLE }, sinks }, history, file),
    ).resolves.toBeUndefined();
  }
  expect(exported.getFinishedSpans()).toEqual([]);
});

describe('a change to the command sequence', () => {
  const history = () => historyFromJSON(JSON.parse(fs.readFileSync(path.join(DIR, 'attribution.json'), 'utf8')));
  const bundle = (file: string) =>
    bundleWorkflowCode({
      workflowsPath: path.join(__dirname, '..', 'fixtures', 'workflow-changes', file),
      logger: new DefaultLogger('WARN'),
    });

  test('made without patching fails the replay, naming the mismatch', async () => {
    await expect(Worker.runReplayHistory({ workflowBundle: await bundle('unpatched.ts') }, history(), 'attribution')).rejects.toMatchObject(
      {
        name: 'DeterminismViolationError',
        message: expect.stringMatching(/Nondeterminism/i),
      },
    );
  });

  test('made behind patched() replays the recorded runs, and new runs take the new way', async () => {
    const patchedBundle = await bundle('patched.ts');
    await expect(Worker.runReplayHistory({ workflowBundle: patchedBundle }, history(), 'attribution')).resolves.toBeUndefined();

    const config = testConfig({ taskQueue: uniqueTaskQueue('patched') });
    const connection = await NativeConnection.connect({ address: config.temporalAddress });
    const client = await connectClient(config);
    try {
      const worker = await Worker.create({
        connection,
        namespace: config.temporalNamespace,
        taskQueue: config.taskQueue,
        workflowBundle: patchedBundle,
        activities,
      });
      const handle = await client.workflow.start(analysisWorkflow, {
        workflowId: `analysis-patched-${Date.now()}`,
        taskQueue: config.taskQueue,
        args: [{ question: '上个月 GMV 是多少？', asOf: todayIn(config.timeZone) }],
      });
      await worker.runUntil(handle.result());
      const events = (await handle.fetchHistory()).events ?? [];
      const firstTimer = events.findIndex((e) => e.timerStartedEventAttributes);
      const firstActivity = events.findIndex((e) => e.activityTaskScheduledEventAttributes);
      expect(events.some((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')).toBe(true);
      expect(firstTimer).toBeGreaterThan(0);
      expect(firstTimer).toBeLessThan(firstActivity);
    } finally {
      await client.connection.close();
      await connection.close();
    }
  });
});
