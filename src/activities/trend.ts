/**
 * Trend agent: the direction of a monthly series, how many consecutive months it
 * has moved that way, and where it turned. Months the data-quality agent found
 * only partly covered are left out (and said so), so a half-loaded month is never
 * read as a drop.
 */
import { ApplicationFailure } from '@temporalio/common';
import { defineAgent } from '../agents/contract';
import { deriveCompute, type StepData } from '../analysis/recompute';
import { StepInput, StepOutput, type Row } from '../contracts';
import { allRows, buildComputedOutput } from '../storage/step-output';
import { stepFragment } from '../storage/fragments';
import { textIn } from '../messages';

export const analyzeTrend = defineAgent({
  name: 'trend',
  input: StepInput,
  output: StepOutput,
  run: async ({ workflow_id, step, dependencies, catalog: inline, catalog_ref, language, partial_periods }) => {
    const catalog = await stepFragment(inline, catalog_ref, step.step_id);
    const op = step.operation;
    if (op.kind !== 'trend') {
      throw ApplicationFailure.create({
        type: 'WrongAgent',
        nonRetryable: true,
        message: `trend agent, step ${step.step_id}: "${op.kind}" is not a trend`,
      });
    }
    const source = dependencies[op.source];
    if (!source) {
      throw ApplicationFailure.create({
        type: 'MissingDependency',
        nonRetryable: true,
        message: `trend agent, step ${step.step_id}: dependency ${op.source} was not handed over`,
      });
    }
    const started = process.hrtime.bigint();
    const rows = await allRows(source);
    const inputs: Record<string, StepData> = { [op.source]: { columns: source.columns, rows, summary: source.data_summary } };
    const left = [...new Set(rows.map((r: Row) => String(r.month)).filter((m) => partial_periods.includes(m)))];
    const derived = deriveCompute(op, inputs, partial_periods);
    const text = textIn(language);
    return buildComputedOutput({
      workflowId: workflow_id,
      step,
      derived,
      dependencies,
      inputRows: new Map([[op.source, rows]]),
      fragment: catalog,
      language,
      elapsedMs: Number(process.hrtime.bigint() - started) / 1e6,
      aggregationLogic: [
        `trend of ${op.source} by ${op.key_columns.join(', ') || 'the whole series'}${left.length > 0 ? `, without the partial period(s) ${left.join(', ')}` : ''}`,
      ],
      pathsExcluded: left.map((month) => text('trend.partial-left-out', { month })),
    });
  },
});
