/**
 * The bench's three engines, each running the same chain of stub agents (./stub.ts):
 *   (a) temporal:  Temporal activities in a workflow (./workflows.ts) on a dev server, worker in this process;
 *   (b) langgraph: a LangGraph.js StateGraph, one node per agent, checkpointed by PostgresSaver after every node
 *                  (durability "sync": the checkpoint is written before the next node starts);
 *   (c) file:      a loop that keeps the state in a JSON file, written (temporary file, fsync, rename, fsync of the
 *                  directory) after every agent, and resumes from it.
 * Each can also run as a child process (./child.ts) for the recovery measurement.
 */
import { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import fs from 'node:fs';
import path from 'node:path';
import { Client as PgClient, Pool } from 'pg';
import * as activities from './activities';
import { initialHandoff, stubAgent } from './stub';
import { benchChain } from './workflows';

export type EngineName = 'temporal' | 'langgraph' | 'file';

export interface Engine {
  name: EngineName;
  /** Runs one pipeline to its end. */
  run(runId: string, agents: number, workMs: number): Promise<void>;
  /** The bytes of durable state the run left. */
  stateBytes(runId: string): Promise<number>;
  close(): Promise<void>;
}

// ---- (a) Temporal -------------------------------------------------------------------------------------------

export interface TemporalSettings {
  address: string;
  taskQueue: string;
  bundlePath: string;
  /** Ask the server to hand the first workflow task to this process's worker (client and worker share a NativeConnection). */
  eagerStart: boolean;
  /** Worker options other than Baton's (the knob ladder's worker variants). */
  worker?: Pick<WorkerOptions, 'maxCachedWorkflows' | 'workflowTaskPollerBehavior' | 'activityTaskPollerBehavior'>;
}

export async function temporalWorker(connection: NativeConnection, settings: TemporalSettings): Promise<Worker> {
  // Baton's worker options (src/worker.ts), less its execution ledger: the SDK's defaults for concurrency,
  // workflow cache and sticky queues.
  return Worker.create({
    connection,
    namespace: 'default',
    taskQueue: settings.taskQueue,
    workflowBundle: { codePath: settings.bundlePath },
    activities,
    shutdownGraceTime: '10 seconds',
    maxHeartbeatThrottleInterval: '500 ms',
    ...settings.worker,
  });
}

/** Where a Temporal run's time went, from its history: medians in ms. */
export interface TemporalBreakdown {
  /** ActivityTaskScheduled → ActivityTaskStarted. */
  dispatchMs: number;
  /** ActivityTaskStarted → ActivityTaskCompleted (the stub work and the worker's round trip). */
  activityMs: number;
  /** ActivityTaskCompleted → the next ActivityTaskScheduled: a workflow task, from its scheduling to its completion. */
  turnMs: number;
  /** WorkflowTaskScheduled → WorkflowTaskStarted: the workflow task's dispatch. */
  workflowTaskDispatchMs: number;
  /** WorkflowTaskStarted → WorkflowTaskCompleted: the worker's turn. */
  workflowTaskMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return sorted.length ? ((sorted[Math.floor(mid)] ?? 0) + (sorted[Math.ceil(mid)] ?? 0)) / 2 : NaN;
};

export async function temporalEngine(
  settings: TemporalSettings,
): Promise<Engine & { client: Client; breakdown(runId: string): Promise<TemporalBreakdown> }> {
  const connection = await NativeConnection.connect({ address: settings.address });
  const worker = await temporalWorker(connection, settings);
  const running = worker.run();
  const client = new Client({ connection, namespace: 'default' });
  return {
    name: 'temporal',
    client,
    async run(runId, agents, workMs) {
      await client.workflow.execute(benchChain, {
        taskQueue: settings.taskQueue,
        workflowId: runId,
        args: [{ runId, agents, workMs, handoff: initialHandoff(runId) }],
        requestEagerStart: settings.eagerStart,
      });
    },
    async breakdown(runId) {
      const history = await client.workflow.getHandle(runId).fetchHistory();
      const ms = (t: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
        Number(t?.seconds ?? 0) * 1000 + (t?.nanos ?? 0) / 1e6;
      const { EventType } = temporal.api.enums.v1;
      const scheduled = new Map<number, number>();
      const started = new Map<number, number>();
      const dispatch: number[] = [];
      const activity: number[] = [];
      const turn: number[] = [];
      const wftDispatch: number[] = [];
      const wft: number[] = [];
      let wftScheduled: number | null = null;
      let wftStarted: number | null = null;
      let lastCompleted: number | null = null;
      for (const event of history.events ?? []) {
        const at = ms(event.eventTime);
        const id = Number(event.eventId ?? 0);
        if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED) {
          wftScheduled = at;
        } else if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED) {
          if (wftScheduled !== null) wftDispatch.push(at - wftScheduled);
          wftStarted = at;
        } else if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) {
          if (wftStarted !== null) wft.push(at - wftStarted);
        } else if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED) {
          scheduled.set(id, at);
          if (lastCompleted !== null) turn.push(at - lastCompleted);
        } else if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED) {
          const s = scheduled.get(Number(event.activityTaskStartedEventAttributes?.scheduledEventId ?? 0));
          if (s !== undefined) dispatch.push(at - s);
          started.set(Number(event.activityTaskStartedEventAttributes?.scheduledEventId ?? 0), at);
        } else if (event.eventType === EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED) {
          const s = started.get(Number(event.activityTaskCompletedEventAttributes?.scheduledEventId ?? 0));
          if (s !== undefined) activity.push(at - s);
          lastCompleted = at;
        }
      }
      return {
        dispatchMs: median(dispatch),
        activityMs: median(activity),
        turnMs: median(turn),
        workflowTaskDispatchMs: median(wftDispatch),
        workflowTaskMs: median(wft),
      };
    },
    async stateBytes(runId) {
      const description = await client.workflow.getHandle(runId).describe();
      return Number(description.raw.workflowExecutionInfo?.historySizeBytes ?? 0);
    },
    async close() {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}

// ---- (b) LangGraph with PostgresSaver ------------------------------------------------------------------------

const ChainState = Annotation.Root({
  runId: Annotation<string>(),
  workMs: Annotation<number>(),
  step: Annotation<number>(),
  handoff: Annotation<string>(),
});
type ChainStateType = typeof ChainState.State;

/** The database (created when missing) that holds the LangGraph checkpoints. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new PgClient({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** A chain of `agents` nodes agent_0 → … → agent_{N-1}, each one agent. */
function chainGraph(agents: number, checkpointer: PostgresSaver) {
  const node =
    (step: number) =>
    async (state: ChainStateType): Promise<Partial<ChainStateType>> => ({
      handoff: await stubAgent(state.runId, step, state.workMs, state.handoff),
      step: step + 1,
    });
  // Node names are made at run time, which StateGraph's literal-typed builder cannot follow: built untyped.
  const graph = new StateGraph(ChainState) as unknown as {
    addNode(name: string, fn: (state: ChainStateType) => Promise<Partial<ChainStateType>>): void;
    addEdge(from: string, to: string): void;
    compile(options: { checkpointer: PostgresSaver }): {
      invoke(input: ChainStateType | null, config: Record<string, unknown>): Promise<ChainStateType>;
    };
  };
  for (let step = 0; step < agents; step++) graph.addNode(`agent_${step}`, node(step));
  graph.addEdge(START, 'agent_0');
  for (let step = 1; step < agents; step++) graph.addEdge(`agent_${step - 1}`, `agent_${step}`);
  graph.addEdge(`agent_${agents - 1}`, END);
  return graph.compile({ checkpointer });
}

export async function langGraphEngine(databaseUrl: string): Promise<Engine & { resume(runId: string, agents: number): Promise<void> }> {
  await ensureDatabase(databaseUrl);
  const checkpointer = PostgresSaver.fromConnString(databaseUrl);
  await checkpointer.setup();
  const pool = new Pool({ connectionString: databaseUrl, max: 2 });
  const graphs = new Map<number, ReturnType<typeof chainGraph>>();
  const graphFor = (agents: number) => {
    let graph = graphs.get(agents);
    if (!graph) graphs.set(agents, (graph = chainGraph(agents, checkpointer)));
    return graph;
  };
  const config = (runId: string, agents: number) => ({
    configurable: { thread_id: runId },
    durability: 'sync',
    recursionLimit: agents + 5,
  });
  return {
    name: 'langgraph',
    async run(runId, agents, workMs) {
      await graphFor(agents).invoke({ runId, workMs, step: 0, handoff: initialHandoff(runId) }, config(runId, agents));
    },
    /** Goes on from the thread's last checkpoint. */
    async resume(runId, agents) {
      await graphFor(agents).invoke(null, config(runId, agents));
    },
    async stateBytes(runId) {
      const { rows } = await pool.query<{ bytes: string }>(
        `SELECT (SELECT coalesce(sum(pg_column_size(c.*)), 0) FROM checkpoints c WHERE thread_id = $1)
              + (SELECT coalesce(sum(pg_column_size(b.*)), 0) FROM checkpoint_blobs b WHERE thread_id = $1)
              + (SELECT coalesce(sum(pg_column_size(w.*)), 0) FROM checkpoint_writes w WHERE thread_id = $1) AS bytes`,
        [runId],
      );
      return Number(rows[0]?.bytes ?? 0);
    },
    async close() {
      await checkpointer.end();
      await pool.end();
    },
  };
}

// ---- (c) the state-file loop ---------------------------------------------------------------------------------

interface FileState {
  runId: string;
  agents: number;
  workMs: number;
  next: number;
  handoff: string;
}

/** Writes the state durably: a temporary file, fsync, rename over the old one, fsync of the directory. */
async function writeDurably(file: string, state: FileState): Promise<void> {
  const temporary = `${file}.tmp`;
  const handle = await fs.promises.open(temporary, 'w');
  try {
    await handle.writeFile(JSON.stringify(state));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temporary, file);
  const directory = await fs.promises.open(path.dirname(file), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

export function fileEngine(directory: string): Engine {
  fs.mkdirSync(directory, { recursive: true });
  const fileOf = (runId: string) => path.join(directory, `${runId}.json`);
  return {
    name: 'file',
    /** Starts the run, or resumes it from its file when one is there. */
    async run(runId, agents, workMs) {
      const file = fileOf(runId);
      let state: FileState;
      if (fs.existsSync(file)) {
        state = JSON.parse(await fs.promises.readFile(file, 'utf8')) as FileState;
      } else {
        state = { runId, agents, workMs, next: 0, handoff: initialHandoff(runId) };
        await writeDurably(file, state);
      }
      while (state.next < state.agents) {
        const handoff = await stubAgent(runId, state.next, state.workMs, state.handoff);
        state = { ...state, next: state.next + 1, handoff };
        await writeDurably(file, state);
      }
    },
    async stateBytes(runId) {
      return (await fs.promises.stat(fileOf(runId))).size;
    },
    async close() {},
  };
}
