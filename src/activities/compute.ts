/**
 * Compute agent: steps that work only on the results of the steps they depend
 * on (top N, comparisons, trends, ranking contributors). No database access to
 * the analysed data; a large dependency is read back from its artifact.
 */
import { ApplicationFailure } from '@temporalio/common';
import { defineAgent } from '../agent';
import { compare, rankContributors, topN, trend, type Derived } from '../analysis/derive';
import { StepInput, StepOutput, type DependencyResult, type Row } from '../contracts';
import { describeStep } from '../analysis/findings';
import { allRows, buildStepOutput, fragmentCatalog } from '../step-output';

function dependency(deps: Record<string, DependencyResult>, id: string, stepId: string): DependencyResult {
  const dep = deps[id];
  if (!dep) {
    throw ApplicationFailure.create({ type: 'MissingDependency', nonRetryable: true, message: `compute agent, step ${stepId}: dependency ${id} was not handed over` });
  }
  return dep;
}

/** Segments whose effect is under 5% of the change: ruled out as explanations. */
function negligibleEffects(decompositions: { dimension: string; rows: Row[]; summary: DependencyResult['data_summary'] }[]): string[] {
  return decompositions.flatMap(({ dimension, rows, summary }) => {
    const change = Math.abs(Number(summary.change));
    return rows
      .filter((row) => Math.abs(Number(row.total_effect)) < 0.05 * change)
      .map((row) => `${dimension}=${String(row[dimension])}: effect ${Number(row.total_effect)}, under 5% of the change`);
  });
}

export const computeStep = defineAgent({
  name: 'compute',
  input: StepInput,
  output: StepOutput,
  run: async ({ workflow_id, step, dependencies, catalog: fragment, language }) => {
    const started = process.hrtime.bigint();
    const op = step.operation;
    let derived: Derived;
    let inputs: DependencyResult[];
    let ruledOut: string[] = [];
    switch (op.kind) {
      case 'top_n': {
        const source = dependency(dependencies, op.source, step.step_id);
        inputs = [source];
        derived = topN(await allRows(source), source.columns, op.column, op.n, op.order);
        break;
      }
      case 'compare': {
        const source = dependency(dependencies, op.source, step.step_id);
        inputs = [source];
        derived = compare(await allRows(source), op.key_columns);
        break;
      }
      case 'trend': {
        const source = dependency(dependencies, op.source, step.step_id);
        inputs = [source];
        derived = trend(await allRows(source), op.key_columns);
        break;
      }
      case 'rank_contributors': {
        inputs = op.sources.map((id) => dependency(dependencies, id, step.step_id));
        const decompositions = await Promise.all(
          inputs.map(async (d) => ({ dimension: String(d.data_summary.dimension ?? ''), rows: await allRows(d), summary: d.data_summary })),
        );
        derived = rankContributors(decompositions, op.n);
        ruledOut = negligibleEffects(decompositions);
        break;
      }
      default:
        throw ApplicationFailure.create({ type: 'WrongAgent', nonRetryable: true, message: `compute agent, step ${step.step_id}: "${op.kind}" needs the SQL agent` });
    }
    const written = describeStep(step, { columns: derived.columns, rows: derived.rows, data_summary: derived.summary }, dependencies, fragmentCatalog(fragment), language);
    // Assumptions travel on from the inputs.
    const facts = { ...written, assumptions: [...new Set([...inputs.flatMap((d) => d.assumptions_made), ...written.assumptions])] };
    return buildStepOutput(workflow_id, step, {
      sql: null,
      params: [],
      columns: derived.columns,
      rows: derived.rows,
      // Filters travel on: whatever scoped the inputs scopes this result.
      filters_applied: [...new Set(inputs.flatMap((d) => d.filters_applied))],
      aggregation_logic: [`${op.kind.replace('_', ' ')} of ${inputs.map((d) => d.step_id).join(', ')}`],
      execution_time_ms: Number(process.hrtime.bigint() - started) / 1e6,
      data_summary: derived.summary,
      anomalies_found: derived.rows.length === 0 ? ['no rows to work on'] : [],
      value_metric: null,
      facts,
      paths_excluded: [...new Set([...inputs.flatMap((d) => d.paths_excluded), ...ruledOut])],
      metrics: [],
    });
  },
});
