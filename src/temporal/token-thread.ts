/**
 * The execution ledger's token counts (src/temporal/execution-ledger.ts), counted on a thread of their own.
 *
 * Every agent's input and output are counted with the real tokenizer (src/agents/budgets.ts, o200k) for the run's
 * token accounting. Counting is bookkeeping, but it is CPU: a few milliseconds per run on the worker's main thread,
 * the thread that also hands the next agent its task. On a turn whose agents run locally in quick succession, that
 * time sat between one agent and the next. Here it runs on one worker thread, started at the first count and
 * unreferenced, so it never keeps a process alive; a thread that fails is replaced at the next count, and the counts
 * it had not sent back are lost (the ledger's token rows are bookkeeping: `baton status` then lacks that try's row).
 * A thread with nothing to count for IDLE_MS stops, and with it the tokenizer's tables it holds: a worker at rest
 * keeps no thread, and the next count starts one again.
 */
import { Worker } from 'node:worker_threads';

interface Reply {
  id: number;
  counts?: number[];
  error?: string;
}

/** The thread's code: it receives strings and answers their token counts, with the same tokenizer as tokensOf. */
const THREAD_CODE = `
const { parentPort } = require('node:worker_threads');
const { countTokens } = require(${JSON.stringify(require.resolve('gpt-tokenizer'))});
parentPort.on('message', ({ id, texts }) => {
  try {
    parentPort.postMessage({ id, counts: texts.map((t) => countTokens(t)) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  }
});
`;

/** How long the thread waits for the next count before it stops. */
export const IDLE_MS = 10_000;

let thread: Worker | null = null;
let idle: NodeJS.Timeout | null = null;
let lastId = 0;
const waiting = new Map<number, { resolve: (counts: number[]) => void; reject: (err: Error) => void }>();

function failAll(err: Error): void {
  for (const w of waiting.values()) w.reject(err);
  waiting.clear();
}

function counter(): Worker {
  if (thread) return thread;
  const started = new Worker(THREAD_CODE, { eval: true });
  started.on('message', ({ id, counts, error }: Reply) => {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    if (counts) w.resolve(counts);
    else w.reject(new Error(error ?? 'no counts'));
    if (waiting.size === 0) stopWhenIdle(started);
  });
  const gone = (err: Error) => {
    if (thread === started) thread = null;
    failAll(err);
  };
  started.on('error', gone);
  started.on('exit', (code) => gone(new Error(`the token-counting thread exited with code ${code}`)));
  // Unreferenced after its listeners are attached (a listener refs the thread's port again).
  started.unref();
  thread = started;
  return started;
}

function stopWhenIdle(t: Worker): void {
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => {
    idle = null;
    if (thread === t && waiting.size === 0) {
      thread = null;
      void t.terminate();
    }
  }, IDLE_MS);
  idle.unref();
}

/** The tokens of each value as an agent sees it (its JSON, as tokensOf counts it), counted on the token thread. */
export function countTokensApart(values: unknown[]): Promise<number[]> {
  const texts = values.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  return new Promise((resolve, reject) => {
    const id = ++lastId;
    waiting.set(id, { resolve, reject });
    if (idle) {
      clearTimeout(idle);
      idle = null;
    }
    try {
      counter().postMessage({ id, texts });
    } catch (err) {
      waiting.delete(id);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/**
 * Stops the thread now. A process that ends does not need it (the thread is unreferenced); test/setup.ts calls it after
 * each test file, whose modules the thread's listeners would otherwise keep alive until it stops when idle.
 */
export async function stopTokenThread(): Promise<void> {
  const t = thread;
  thread = null;
  if (idle) {
    clearTimeout(idle);
    idle = null;
  }
  failAll(new Error('the token-counting thread was stopped'));
  if (t) await t.terminate();
}

/** Whether a counting thread is running now. */
export function tokenThreadRunning(): boolean {
  return thread !== null;
}
