/**
 * The offline rules model's coder: writes the script for a computed step. The
 * script is plain JavaScript that reads its inputs, calls the analysis kit (the
 * vetted functions of src/analysis/derive.ts) and shapes the result; it never
 * sees a database connection, a file or the network (see src/sandbox). The body
 * for each kind of step is its operation module's (src/operations).
 */
import type { PlanStep, TestFailure } from '../contracts';
import { operationOf } from '../operations';

export interface WrittenCode {
  code: string;
  /** Read-only SQL the script needs (the tester runs it first); the rules coder needs none. */
  queries: { name: string; sql: string; params: (string | number)[] }[];
}

function body(step: PlanStep, plantBug: boolean): string[] {
  const op = step.operation;
  const operation = operationOf(op);
  if (!operation.code) throw new Error(`step ${step.step_id}: "${op.kind}" is answered by one query, not by code`);
  return operation.code(op, plantBug);
}

/**
 * The script for one attempt. `plantBug` (a planted fault, for tests) makes it
 * subtly wrong in a way the step's acceptance criteria catch; earlier failures are
 * quoted in the header so the history shows what the rewrite answers.
 */
export function writeStepCode(step: PlanStep, attempt: number, failures: TestFailure[], plantBug: boolean): WrittenCode {
  const header = [
    `// Step ${step.step_id}: ${step.description}`.replace(/[\r\n]+/g, ' '),
    `// Operation: ${step.operation.kind}; written by the offline rules coder, attempt ${attempt}.`,
    '// Input: input.dependencies[id] = { columns, rows, summary }, input.partial_periods, input.queries.',
    '// Returns { columns, rows, summary }.',
    ...failures.map((f) => `// Fixes attempt ${f.attempt}: ${f.criterion} — ${f.detail}`.replace(/\n/g, ' ')),
  ];
  return { code: [...header, ...body(step, plantBug)].join('\n'), queries: [] };
}
