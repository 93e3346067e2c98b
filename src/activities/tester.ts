/**
 * Tester agent: runs the coder's script against the step's inputs and checks the
 * result against the step's acceptance criteria.
 *
 *   SQL the script declares runs in a READ ONLY transaction with a statement
 *   timeout and a row cap; the script runs in the sandbox (a separate process with
 *   a time limit and a heap limit, no file writes or child processes, and a V8
 *   context with no require, process, fetch, sockets or timers).
 *
 * Anything the sandbox stops, and any failed criterion, comes back as a failure
 * for the coder; a pass comes back with the step's result.
 */
import { defineAgent } from '../agents/contract';
import { catalogTables } from '../catalog/catalog';
import { loadArtifact } from '../storage/artifacts';
import { isConnectionLost } from '../temporal/failures';
import { checkAcceptance, type InputResult } from '../coding/acceptance';
import type { WrittenCode } from '../coding/rules-coder';
import { CodeRequirements, StepOutput, TesterInput, TesterOutput, type Row, type TestFailure } from '../contracts';
import { queryRows } from '../analysis/recompute';
import { runInSandbox } from '../sandbox/sandbox';
import { databaseFor } from '../settings/sources';
import { allRows, buildComputedOutput, fragmentCatalog } from '../storage/step-output';
import { stepFragment } from '../storage/fragments';

/** Limits for SQL a script declares: tighter than the SQL agent's. */
export const SCRIPT_SQL_LIMITS = { statementTimeoutMs: 5_000, rowCap: 10_000 };

const SCRIPT_SQL_CRITERION = 'its SQL runs read-only, within 5 s and 10,000 rows';

/** The step's inputs, every row of each (stored results read back), as the script and the criteria see them. */
async function inputsOf(dependencies: CodeRequirements['dependencies']) {
  const inputs: Record<string, InputResult & { columns: (typeof dependencies)[string]['columns'] }> = {};
  const inputRows = new Map<string, Row[]>();
  for (const [id, dep] of Object.entries(dependencies)) {
    const rows = await allRows(dep);
    inputRows.set(id, rows);
    inputs[id] = { columns: dep.columns, rows, summary: dep.data_summary };
  }
  return { inputs, inputRows };
}

/** The SQL the script declares, run read-only within the script limits; a refused query is the code's failure. */
async function scriptQueries(
  stored: WrittenCode,
  db: string,
  tables: string[],
): Promise<{ rows: Record<string, Row[]> } | { refused: { detail: string; summary: string } }> {
  const rows: Record<string, Row[]> = {};
  for (const q of stored.queries) {
    try {
      rows[q.name] = (await queryRows(db, q.sql, q.params, SCRIPT_SQL_LIMITS, { tables })).rows;
    } catch (err) {
      // A connection cut under the script's query is not the code's failure: no rollback to the coder for it.
      if (isConnectionLost(err)) throw err;
      return { refused: { detail: `query "${q.name}" was refused: ${(err as Error).message}`, summary: `query "${q.name}" refused` } };
    }
  }
  return { rows };
}

export const testCode = defineAgent({
  name: 'tester',
  input: TesterInput,
  output: TesterOutput,
  run: async ({ draft, databaseUrl }) => {
    const requirements = CodeRequirements.parse(await loadArtifact(draft.requirements_ref));
    const { step, dependencies, partial_periods, workflow_id } = requirements;
    const fragment = await stepFragment(requirements.catalog, requirements.catalog_ref, step.step_id);
    const attempt = draft.attempt;
    const failed = (criterion: string, detail: string, summary: string) => ({
      step_id: step.step_id,
      attempt,
      passed: false,
      failures: [{ attempt, criterion, detail }],
      summary: `${draft.summary}; ${summary}`,
      result: null,
    });

    const stored = await loadArtifact<WrittenCode>(draft.code_ref);
    const { inputs, inputRows } = await inputsOf(dependencies);
    const queries = await scriptQueries(stored, databaseFor(databaseUrl), catalogTables(fragmentCatalog(fragment)));
    if ('refused' in queries) return failed(SCRIPT_SQL_CRITERION, queries.refused.detail, queries.refused.summary);

    const run = await runInSandbox(stored.code, { dependencies: inputs, partial_periods, queries: queries.rows });
    if (run.status !== 'ok') {
      return failed(
        'runs in the sandbox within its limits (2 s of CPU, 96 MB, no files, no network)',
        `${run.status}: ${run.detail}`,
        `stopped by the sandbox (${run.status})`,
      );
    }
    const problems: TestFailure[] = checkAcceptance(step, run.output, inputs, partial_periods).map((p) => ({ attempt, ...p }));
    if (problems.length > 0) {
      return {
        step_id: step.step_id,
        attempt,
        passed: false,
        failures: problems,
        summary: `${draft.summary}; ran in ${Math.round(run.ms)} ms but failed: ${problems[0]?.criterion ?? ''}`,
        result: null,
      };
    }
    const derived = run.output as Parameters<typeof buildComputedOutput>[0]['derived'];
    // A result that passes the criteria must still make a valid hand-off; if not, that too goes back to the coder.
    const built = await buildComputedOutput({
      workflowId: workflow_id,
      step,
      derived,
      dependencies,
      inputRows,
      fragment,
      language: requirements.language,
      elapsedMs: run.ms,
      aggregationLogic: [
        `generated JavaScript (${draft.lines} lines, artifact ${draft.code_ref}) over ${Object.keys(dependencies).join(', ')}`,
        `accepted against ${requirements.acceptance.length} criteria`,
      ],
    }).then(
      (r) => StepOutput.safeParse(r),
      (err: unknown) => ({ success: false as const, error: err as Error }),
    );
    if (!built.success) {
      return failed('its result forms a valid step hand-off', built.error.message.slice(0, 500), 'the result is not a valid hand-off');
    }
    const result = built.data;
    return {
      step_id: step.step_id,
      attempt,
      passed: true,
      failures: [],
      summary: `${draft.summary}; ran OK in ${Math.round(run.ms)} ms, ${derived.rows.length} row(s), ${requirements.acceptance.length} criteria met`,
      result,
    };
  },
});
