/**
 * The bench's workflow (engine a, bundled by scripts/bench-orchestration.ts, never by Baton's build): a chain of
 * N agents as activities, each given the previous hand-off. The activity options are Baton's agent options
 * (src/workflows/run.ts AGENT_OPTIONS), so a lost worker is noticed within the same 10 s heartbeat timeout.
 */
import { proxyActivities } from '@temporalio/workflow';
import type * as activities from './activities';

const { benchAgent } = proxyActivities<typeof activities>({
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: '10 seconds',
  scheduleToCloseTimeout: '15 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: Number.POSITIVE_INFINITY },
});

export interface BenchChainInput {
  runId: string;
  agents: number;
  workMs: number;
  handoff: string;
}

export async function benchChain(input: BenchChainInput): Promise<{ agents: number; last: string }> {
  let handoff = input.handoff;
  for (let step = 0; step < input.agents; step++) {
    handoff = await benchAgent({ runId: input.runId, step, workMs: input.workMs, handoff });
  }
  return { agents: input.agents, last: handoff.slice(0, 16) };
}
