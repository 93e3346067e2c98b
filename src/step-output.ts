/**
 * Building a step's hand-off: at most INLINE_ROWS rows travel inline; a larger
 * result is stored as an artifact and referenced, so workflow history stays small.
 */
import { storeArtifact, loadArtifact } from './artifacts';
import { INLINE_ROWS } from './limits';
import { CatalogSchema, type Catalog } from './catalog/catalog';
import type { CatalogFragment, ColumnInfo, DependencyResult, PlanStep, Row, StepOutput } from './contracts';


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

export async function buildStepOutput(workflowId: string, step: PlanStep, parts: StepResultParts): Promise<StepOutput> {
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
