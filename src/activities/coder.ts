/**
 * Coder agent: writes the script for a step that needs computation beyond one
 * query. The script is stored as an artifact; only a one-line summary and the
 * reference travel on. On a rollback it receives the original requirements
 * unchanged and every earlier test failure.
 */
import { z } from 'zod';
import { defineAgent } from '../agents/contract';
import { storeArtifact } from '../storage/artifacts';
import { writeStepCode } from '../coding/rules-coder';
import { CodeDraft, CoderInput } from '../contracts';
import { SAMPLE_ROWS } from '../settings/limits';
import { modelFor } from '../model/model';
import { OPERATIONS } from '../operations';

const WrittenCode = z.object({
  code: z.string().min(1),
  queries: z
    .array(z.object({ name: z.string().min(1), sql: z.string().min(1), params: z.array(z.union([z.string(), z.number()])) }))
    .default([]),
});

const INSTRUCTIONS = [
  'Write the body of a JavaScript function (input, kit) => ({ columns, rows, summary }) that computes one analysis step.',
  'input.dependencies[step id] = { columns, rows, summary } are the results of the steps it depends on;',
  'input.partial_periods lists months (YYYY-MM) the data only partly covers: leave them out of series;',
  'input.queries[name] holds the rows of read-only SQL you declare in "queries" (avoid it when the dependencies suffice).',
  `kit offers vetted functions: ${Object.values(OPERATIONS)
    .flatMap((o) => (o.prompt.kit ? [o.prompt.kit] : []))
    .join(', ')}.`,
  'There is no require, process, fetch, timers or eval: plain computation only. The result must meet every acceptance',
  'criterion; earlier failures are quoted in "failures". Reply {"code": "...", "queries": []}.',
].join('\n');

export const writeCode = defineAgent({
  name: 'coder',
  input: CoderInput,
  output: CodeDraft,
  run: async ({ requirements, attempt, failures }) => {
    const { step, workflow_id } = requirements;
    const answer = await modelFor('writeCode').ask({
      agent: 'writeCode',
      schema: WrittenCode,
      schemaName: 'code',
      instructions: INSTRUCTIONS,
      context: {
        step,
        acceptance: requirements.acceptance,
        failures,
        partial_periods: requirements.partial_periods,
        dependencies: Object.fromEntries(
          Object.entries(requirements.dependencies).map(([id, d]) => [
            id,
            { columns: d.columns, row_count: d.row_count, sample_rows: d.rows.slice(0, SAMPLE_ROWS), summary: d.data_summary },
          ]),
        ),
      },
      offline: () => writeStepCode(step, attempt, failures, false),
    });
    const written = answer.value;
    const code_ref = await storeArtifact(workflow_id, step.step_id, 'code', { language: 'javascript', ...written });
    // The same requirements every attempt, so the same artifact: the tester reads them by reference.
    const requirements_ref = await storeArtifact(workflow_id, step.step_id, 'requirements', requirements);
    const lines = written.code.split('\n').length;
    return {
      step_id: step.step_id,
      attempt,
      requirements_ref,
      code_ref,
      language: 'javascript' as const,
      queries: written.queries,
      lines,
      summary: `wrote ${lines} lines of JavaScript for ${step.operation.kind.replace('_', ' ')}${written.queries.length > 0 ? ` and ${written.queries.length} SQL quer${written.queries.length === 1 ? 'y' : 'ies'}` : ''}${failures.length > 0 ? `, answering ${failures.length} earlier failure(s)` : ''}`,
    };
  },
});
