/**
 * The bench's agent, the same on every engine: fixed stub work (a sleep of workMs, or none) and a 2 KB hand-off
 * made from the previous one. No I/O, so what an engine adds around it is orchestration. When BENCH_EXEC_LOG
 * names a file (the recovery runs), each execution appends "<ms> <pid> start|end <runId> <step>" to it with a
 * synchronous write, so a SIGKILL cannot lose a line that was written.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';

export const HANDOFF_BYTES = 2048;

/** A 2 KB hand-off (hex) determined by the previous one and the step. */
export function nextHandoff(previous: string, step: number): string {
  let out = '';
  let seed = createHash('sha256').update(previous).update(String(step)).digest('hex');
  while (out.length < HANDOFF_BYTES) {
    out += seed;
    seed = createHash('sha256').update(seed).digest('hex');
  }
  return out.slice(0, HANDOFF_BYTES);
}

/** The hand-off a run starts with. */
export function initialHandoff(runId: string): string {
  return nextHandoff(runId, -1);
}

function logExecution(what: 'start' | 'end', runId: string, step: number): void {
  const file = process.env.BENCH_EXEC_LOG;
  if (file) fs.appendFileSync(file, `${Date.now()} ${process.pid} ${what} ${runId} ${step}\n`);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Milliseconds the agents of each run took in this process (their sleep as the timers really fired, and the hash),
 * so the bench subtracts the work as done rather than as asked for; taken and deleted by takeAgentTime().
 */
const agentTime = new Map<string, number>();

export function takeAgentTime(runId: string): number | undefined {
  const ms = agentTime.get(runId);
  agentTime.delete(runId);
  return ms;
}

/** One agent: the stub work, then the next hand-off. */
export async function stubAgent(runId: string, step: number, workMs: number, handoff: string): Promise<string> {
  logExecution('start', runId, step);
  const started = performance.now();
  if (workMs > 0) await sleep(workMs);
  const next = nextHandoff(handoff, step);
  agentTime.set(runId, (agentTime.get(runId) ?? 0) + performance.now() - started);
  logExecution('end', runId, step);
  return next;
}
