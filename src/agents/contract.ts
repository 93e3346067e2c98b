/**
 * The shape every agent shares: a name, a zod contract for what comes in and
 * what goes out, and the work in between. Contract violations become
 * non-retryable Temporal failures that name the agent, the field and the problem.
 */
import { ApplicationFailure } from '@temporalio/common';
import type { z } from 'zod';
import type { AGENTS, AgentName } from './table';

/** An agent's name in words, as the agents' table gives it ("data quality", "step check"). */
export type AgentLabel = (typeof AGENTS)[AgentName]['label']['en'];

export type ContractDirection = 'input' | 'output';

export function checkContract<S extends z.ZodType>(agent: string, direction: ContractDirection, schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : '(whole value)',
    problem: issue.message,
  }));
  const first = problems[0] ?? { field: '(whole value)', problem: 'invalid' };
  throw ApplicationFailure.create({
    type: 'ContractViolation',
    nonRetryable: true,
    message:
      `${agent} agent ${direction} breaks its contract: field "${first.field}": ${first.problem}` +
      (problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''),
    details: [{ agent, direction, problems }],
  });
}

/**
 * Wraps an agent's work so that both sides of it are checked against the contract.
 * The returned function is what the worker registers as the activity.
 */
export function defineAgent<I extends z.ZodType, O extends z.ZodType>(spec: {
  /** The agent's name in words from src/agents/table.ts: the contract errors name it. */
  name: AgentLabel;
  input: I;
  output: O;
  run: (input: z.output<I>) => z.input<O> | Promise<z.input<O>>;
}): (input: z.input<I>) => Promise<z.output<O>> {
  return async (raw) => {
    const input = checkContract(spec.name, 'input', spec.input, raw);
    const output = await spec.run(input);
    return checkContract(spec.name, 'output', spec.output, output);
  };
}
