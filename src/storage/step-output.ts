/**
 * Building a step's hand-off: at most INLINE_ROWS rows travel inline; a larger
 * result is stored as an artifact and referenced, so workflow history stays small.
 */
import { storeArtifact, loadArtifact, storeCalculations } from './artifacts';
import { INLINE_ROWS } from '../settings/limits';
import { CatalogSchema, type Catalog } from '../catalog/catalog';
import { describeStep, type StepFacts } from '../analysis/findings';
import { stepCalculations } from '../analysis/calculations';
import { operationOf } from '../operations';
import type {
  AnswerMetric,
  Calculation,
  CatalogFragment,
  ColumnInfo,
  DependencyResult,
  Language,
  PlanStep,
  Row,
  StepOutput,
} from '../contracts';

export interface StepResultParts {
  sql: string | null;
  params: (string | number)[];
  columns: ColumnInfo[];
  rows: Row[];
  filters_applied: string[];
  aggregation_logic: string[];
  execution_time_ms: number;
  data_summary: StepOutput['data_summary'];
  anomalies_found: string[];
  value_metric: string | null;
}

/** Everything a step hands on, including what its agent wrote about it. */
export interface StepHandOn extends StepResultParts {
  facts: StepFacts;
  paths_excluded: string[];
  metrics: AnswerMetric[];
  calculations: Calculation[];
  /** A conversation's turn: the step's reuse key and what it did with it (src/storage/reuse.ts). */
  reuse?: StepOutput['reuse'];
}

export async function buildStepOutput(workflowId: string, step: PlanStep, parts: StepHandOn): Promise<StepOutput> {
  const large = parts.rows.length > INLINE_ROWS;
  const ref = large ? await storeArtifact(workflowId, step.step_id, 'rows', { columns: parts.columns, rows: parts.rows }) : null;
  return {
    task_id: step.step_id,
    sql: parts.sql,
    params: parts.params,
    result_shape: [parts.rows.length, parts.columns.length],
    columns: parts.columns,
    rows: parts.rows.slice(0, INLINE_ROWS),
    filters_applied: parts.filters_applied,
    aggregation_logic: parts.aggregation_logic,
    execution_time_ms: Math.round(parts.execution_time_ms * 10) / 10,
    data_summary: parts.data_summary,
    anomalies_found: parts.anomalies_found,
    result_ref: ref,
    value_metric: parts.value_metric,
    findings: parts.facts.findings,
    assumptions_made: parts.facts.assumptions,
    paths_excluded: parts.paths_excluded,
    // Only the analysis agent reads the metric values: they wait in the artifact store.
    metrics: [],
    metrics_ref: parts.metrics.length > 0 ? await storeArtifact(workflowId, step.step_id, 'metrics', parts.metrics) : null,
    calculations_ref: await storeCalculations(workflowId, step.step_id, parts.calculations),
    calculation_count: parts.calculations.length,
    ...(parts.reuse ? { reuse: parts.reuse } : {}),
    memory_entries: [
      ...parts.facts.memory,
      ...parts.anomalies_found.map((a) => ({
        type: 'question' as const,
        content: `${step.step_id}: ${a}`,
        confidence: 0.5,
        references: [step.step_id],
        tags: { metric: step.metrics[0] ?? null, dimensions: step.dimensions, scope: '', period: '' },
        value: null,
        direction: null,
      })),
    ],
  };
}

/** Every row of a dependency: inline when small, from its artifact when large. */
export async function allRows(dependency: DependencyResult): Promise<Row[]> {
  if (!dependency.result_ref) return dependency.rows;
  const stored = await loadArtifact<{ rows: Row[] }>(dependency.result_ref);
  return stored.rows;
}

/** A step's catalog fragment, checked like a whole catalog. */
export function fragmentCatalog(fragment: CatalogFragment): Catalog {
  return CatalogSchema.parse(fragment);
}

/**
 * The hand-off of a step computed from its dependencies' results (by tested code
 * or by the trend agent): findings, calculations, and the filters, assumptions and
 * excluded paths of its inputs carried on.
 */
export async function buildComputedOutput(args: {
  workflowId: string;
  step: PlanStep;
  derived: { columns: ColumnInfo[]; rows: Row[]; summary: StepOutput['data_summary'] };
  dependencies: Record<string, DependencyResult>;
  /** All rows of each dependency, by step id. */
  inputRows: Map<string, Row[]>;
  fragment: CatalogFragment;
  language: Language;
  elapsedMs: number;
  aggregationLogic: string[];
  pathsExcluded?: string[];
}): Promise<StepOutput> {
  const { step, derived, dependencies, language } = args;
  const catalog = fragmentCatalog(args.fragment);
  const inputs = Object.values(dependencies);
  const written = describeStep(
    step,
    { columns: derived.columns, rows: derived.rows, data_summary: derived.summary },
    dependencies,
    catalog,
    language,
  );
  // Assumptions, filters and excluded paths travel on from the inputs.
  const facts = { ...written, assumptions: [...new Set([...inputs.flatMap((d) => d.assumptions_made), ...written.assumptions])] };
  const operation = operationOf(step.operation);
  const ruledOut = operation.ruledOut ? operation.ruledOut(step.operation, { derived, inputs, inputRows: args.inputRows, language }) : [];
  return buildStepOutput(args.workflowId, step, {
    sql: null,
    params: [],
    columns: derived.columns,
    rows: derived.rows,
    filters_applied: [...new Set(inputs.flatMap((d) => d.filters_applied))],
    aggregation_logic: args.aggregationLogic,
    execution_time_ms: args.elapsedMs,
    data_summary: derived.summary,
    anomalies_found: derived.rows.length === 0 ? ['no rows to work on'] : [],
    value_metric: null,
    facts,
    paths_excluded: [...new Set([...inputs.flatMap((d) => d.paths_excluded), ...ruledOut, ...(args.pathsExcluded ?? [])])],
    metrics: [],
    calculations: stepCalculations(step, derived.rows, derived.summary, catalog, language),
  });
}
