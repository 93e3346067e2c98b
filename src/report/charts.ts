/**
 * Charts for the report as Vega-Lite specifications with their data inline: the
 * renderers turn them into SVG (HTML) or tables (DOCX). One chart per kind of
 * result: effects of the contributors, a monthly series, values by segment.
 */
import type { Chart, Row } from '../contracts';

export interface ChartSource {
  step_id: string;
  kind: string;
  description: string;
  rows: Row[];
}

const base = (title: string, values: Row[]) => ({
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  title,
  width: 480,
  height: 240,
  data: { values },
});

function textColumn(rows: Row[]): string | undefined {
  const first = rows[0];
  return first ? Object.keys(first).find((k) => k !== 'month' && typeof first[k] === 'string') : undefined;
}

export function chartFor(source: ChartSource, label: (dimension: string, value: string) => string): Chart | null {
  const { rows, description: title, step_id } = source;
  if (rows.length === 0) return null;
  const id = `chart-${step_id}`;
  if (source.kind === 'rank_contributors') {
    const values = rows.map((r) => ({ contributor: `${label(String(r.dimension), String(r.segment))} · ${String(r.effect_type)}`, effect: Number(r.effect) }));
    return {
      id, title,
      spec: { ...base(title, values), mark: 'bar', encoding: { y: { field: 'contributor', type: 'nominal', sort: null, title: null }, x: { field: 'effect', type: 'quantitative', title: 'effect on the change' }, color: { condition: { test: 'datum.effect < 0', value: '#c0392b' }, value: '#2e86c1' } } },
    };
  }
  if (source.kind === 'change_decomposition' || source.kind === 'gap_contribution') {
    const key = textColumn(rows);
    const field = source.kind === 'gap_contribution' ? 'contribution' : 'total_effect';
    if (!key) return null;
    const values = rows.map((r) => ({ segment: label(key, String(r[key])), effect: Number(r[field]) }));
    return { id, title, spec: { ...base(title, values), mark: 'bar', encoding: { x: { field: 'segment', type: 'nominal', sort: null, title: null }, y: { field: 'effect', type: 'quantitative', title: field.replace('_', ' ') } } } };
  }
  if (source.kind === 'metric' && rows.some((r) => r.value !== undefined)) {
    const key = textColumn(rows);
    const values = rows.map((r) => ({ month: r.month ?? null, group: key ? label(key, String(r[key])) : 'all', value: Number(r.value) }));
    const monthly = rows.some((r) => r.month !== undefined);
    if (monthly && rows.length > 2) {
      return { id, title, spec: { ...base(title, values), mark: { type: 'line', point: true }, encoding: { x: { field: 'month', type: 'ordinal', title: null }, y: { field: 'value', type: 'quantitative', title: null }, color: { field: 'group', type: 'nominal', title: null } } } };
    }
    return { id, title, spec: { ...base(title, values), mark: 'bar', encoding: { x: { field: monthly ? 'month' : 'group', type: 'nominal', sort: null, title: null }, y: { field: 'value', type: 'quantitative', title: null }, ...(monthly && key ? { xOffset: { field: 'group' }, color: { field: 'group', type: 'nominal', title: null } } : {}) } } };
  }
  return null;
}
