/**
 * What a step found, written by the agent that ran it: one-line findings in the
 * question's language, the assumptions the computation rests on, and the entries
 * it proposes for the shared memory pool. The text of each kind of step is its
 * operation module's (src/operations); the wording helpers are in ./wording.
 */
import type { Catalog } from '../catalog/catalog';
import type { ColumnInfo, DependencyResult, Finding, Language, PlanStep, Row, StepOutput } from '../contracts';
import { operationOf } from '../operations';
import type { StepFacts, Written } from '../operations/operation';

export type { StepFacts } from '../operations/operation';
import { catalogText } from '../format/labels';
import { wordsFor } from './wording';
export { dimensionLabel, valueLabel } from './wording';

/**
 * Findings, assumptions and memory entries for one step's result. `rows` are all of
 * the step's rows; `deps` are its dependencies as handed over.
 */
export function describeStep(
  step: PlanStep,
  result: { columns: ColumnInfo[]; rows: Row[]; data_summary: StepOutput['data_summary'] },
  deps: Record<string, DependencyResult>,
  catalog: Catalog,
  language: Language,
): StepFacts {
  const w: Written = { ...wordsFor(language), catalog };
  const metricName = 'query' in step.operation ? step.operation.query.metric : step.metrics[0];
  const metric = metricName ? catalog.metrics[metricName] : undefined;
  const label = metric ? catalogText(language, metric.label, metric.label_zh) : (metricName ?? '');
  const finding = (summary: string, detail = ''): Finding[] => [{ summary, detail, evidence_refs: [step.step_id, ...step.depends_on] }];
  return operationOf(step.operation).findings(step.operation, {
    w,
    catalog,
    language,
    step,
    metricName,
    metric,
    label,
    columns: result.columns,
    rows: result.rows,
    summary: result.data_summary,
    deps,
    finding,
  });
}
