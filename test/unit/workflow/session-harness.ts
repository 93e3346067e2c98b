/**
 * The session workflow without services: the real session and analysis workflows (bundled from src/workflows) on a
 * dev server of their own, every agent stubbed as in harness.ts, with a planner whose reading follows the question
 * (so a follow-up's expected reading can match it or not). One worker serves a whole test file; a test overrides
 * agents through `agents` and reads the calls back.
 */
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import type { QuestionReading } from '../../../src/contracts';
import { INTENT_ATTRIBUTE, SESSION_ATTRIBUTE, STATUS_ATTRIBUTE } from '../../../src/temporal/search-attributes';
import { loadConfig, type BatonConfig } from '../../../src/settings/config';
import {
  defaultStubs,
  planOf,
  SQL_STEP,
  CODE_STEP,
  TEMPORAL_CLI,
  workflowBundle,
  type AgentInput,
  type AgentName,
  type Call,
  type Stub,
} from './harness';

export const WINDOW = {
  start: '2026-11-01',
  end: '2026-12-01',
  label_zh: '2026年11月',
  label_en: 'November 2026',
  source: 'question' as const,
};

/** The reading a question gets from the stub planner: GMV, November 2026, by region if it says so, east if it says so. */
export function readingOf(question: string): QuestionReading {
  const byRegion = /region|地区/.test(question);
  const east = /\beast\b/.test(question);
  return {
    metrics: ['gmv'],
    metric_labels: ['GMV'],
    window: WINDOW,
    compared_with: null,
    grain: null,
    group_by: byRegion ? ['region'] : [],
    filters: east ? [{ dimension: 'region', values: ['east'] }] : [],
    ranking: null,
    not_used: [],
    statement: `GMV, November 2026${east ? ', region = east' : ''}${byRegion ? ', by region' : ''}`,
  };
}

export interface SessionHarness {
  env: TestWorkflowEnvironment;
  worker: Worker;
  config: BatonConfig;
  calls: Call[];
  /** Per-test overrides of the stubs (cleared by reset()). */
  agents: Partial<Record<AgentName, Stub>>;
  of(agent: AgentName): Call[];
  reset(): void;
  stop(): Promise<void>;
}

export async function startSessionHarness(): Promise<SessionHarness> {
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: { type: 'existing-path', path: TEMPORAL_CLI },
      ip: '127.0.0.1',
      ui: false,
      searchAttributes: [INTENT_ATTRIBUTE, STATUS_ATTRIBUTE, SESSION_ATTRIBUTE],
    },
  });
  const taskQueue = `session-unit-${process.pid}`;
  const calls: Call[] = [];
  const stored = new Map<string, unknown>();
  const agents: Partial<Record<AgentName, Stub>> = {};
  const stubs: Record<AgentName, Stub> = {
    ...defaultStubs(),
    planAnalysis: (input: { question: string }) => ({ ...planOf([SQL_STEP, CODE_STEP]), reading: readingOf(input.question) }),
  };
  const registered: Record<string, (input: AgentInput) => Promise<unknown>> = {};
  for (const agent of Object.keys(stubs) as AgentName[]) {
    registered[agent] = (raw: AgentInput) => {
      if (agent === 'storeInput') {
        const ref = `input-${stored.size + 1}`;
        stored.set(ref, raw.input);
        return Promise.resolve(ref);
      }
      const input: AgentInput = raw && typeof raw === 'object' && 'input_ref' in raw ? stored.get(raw.input_ref as string) : raw;
      calls.push({ agent, input });
      const stub = agents[agent] ?? stubs[agent];
      return Promise.resolve().then(() => stub(input));
    };
  }
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities: registered,
  });
  const running = worker.run();
  const config = { ...loadConfig(), taskQueue };
  return {
    env,
    worker,
    config,
    calls,
    agents,
    of: (agent) => calls.filter((c) => c.agent === agent),
    reset() {
      calls.length = 0;
      for (const k of Object.keys(agents)) delete agents[k as AgentName];
    },
    async stop() {
      worker.shutdown();
      await running.catch(() => undefined);
      await env.teardown();
    },
  };
}
