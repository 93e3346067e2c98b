/**
 * Charts for the report as Vega-Lite specifications with their data inline: the
 * renderers turn them into SVG (HTML) or tables (DOCX). One chart per kind of
 * result, drawn by its operation module (src/operations): effects of the
 * contributors, a monthly series, values by segment.
 */
import type { Chart, Row } from '../contracts';
import { operationNamed } from '../operations';

export interface ChartSource {
  step_id: string;
  kind: string;
  description: string;
  rows: Row[];
}

export function chartFor(source: ChartSource, label: (dimension: string, value: string) => string): Chart | null {
  const { rows, description: title, step_id } = source;
  if (rows.length === 0) return null;
  const operation = operationNamed(source.kind);
  return operation?.chart ? operation.chart({ id: `chart-${step_id}`, title, rows, label }) : null;
}
