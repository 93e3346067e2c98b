/** The bench's one activity (engine a): the stub agent. */
import { stubAgent } from './stub';

export interface BenchAgentInput {
  runId: string;
  step: number;
  workMs: number;
  handoff: string;
}

export async function benchAgent(input: BenchAgentInput): Promise<string> {
  return stubAgent(input.runId, input.step, input.workMs, input.handoff);
}
