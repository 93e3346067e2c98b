/**
 * Pieces several operation modules share: reading numbers, the memory scope of a
 * row, building calculations, the rules coder's dependency lines and chart
 * scaffolding. Pure and sandbox-safe, like the modules themselves.
 */
import type { Calculation, Chart, PlanStep, Row } from '../contracts';
import { valueLabel } from '../analysis/wording';
import { PERIOD_COLUMNS } from '../catalog/time-grain';
import { filterKey } from '../contracts/query';
import { templateOf, type Message } from '../messages/message';
import type { CalculationContext, ChartContext } from './operation';

/** A cell as a number (null is 0, like Number()). */
export const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
/** A cell as a number for the validator: a missing or null cell is NaN. */
export const numOrNaN = (v: Row[string] | undefined): number => (typeof v === 'number' ? v : Number(v ?? NaN));

/** Whether the parts add up to the whole, within rounding. */
export function addsUp(parts: number[], whole: number): boolean {
  const sum = parts.reduce((a, b) => a + b, 0);
  return Math.abs(sum - whole) <= 1e-3 * Math.max(1, Math.abs(whole));
}

// ---- findings

/** The canonical scope of a row: the step's single-value filters and the row's group values (months aside). */
export function scopeOf(step: PlanStep, row: Row | null): { scope: string; dimensions: string[] } {
  const op = step.operation;
  const parts: string[] = [];
  const dims: string[] = [];
  if ('query' in op) {
    for (const f of op.query.filters) {
      dims.push(f.dimension);
      if (f.exclude) parts.push(filterKey(f));
      else if (f.values.length === 1) parts.push(`${f.dimension}=${f.values[0]}`);
    }
    for (const g of op.query.group_by) {
      if (PERIOD_COLUMNS.includes(g) || !row) continue;
      dims.push(g);
      parts.push(`${g}=${String(row[g])}`);
    }
  }
  return { scope: parts.sort().join(','), dimensions: [...new Set(dims)] };
}

// ---- calculations

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function make(
  ctx: CalculationContext,
  id: string,
  value: unknown,
  parts: Omit<Calculation, 'id' | 'step_id' | 'value' | 'sources'>,
): Calculation[] {
  if (!isNumber(value)) return [];
  // Money carries its currency, so the writer and the auditor print and read the same symbol.
  const unit = parts.display === 'currency' && ctx.metric ? (ctx.catalog.metrics[ctx.metric]?.unit ?? null) : null;
  return [{ id: `${ctx.step.step_id}.${id}`, step_id: ctx.step.step_id, value, sources: ctx.sources, unit, ...parts }];
}

/** Rows the step reads by key: group values joined, for ids and descriptions. */
export function rowKey(row: Row, keys: string[]): string {
  return keys.map((k) => String(row[k] ?? '(missing)')).join('/');
}

export function rowLabel(ctx: CalculationContext, row: Row, keys: string[]): string {
  return keys.map((k) => (k === 'month' ? String(row[k]) : valueLabel(ctx.catalog, ctx.language, k, String(row[k] ?? '')))).join(' · ');
}

/** The key columns of a row as the validator finds it again (pickValue compares with String(), so null is "null" on both sides). */
export function matchOf(row: Row, keys: string[]): Record<string, string | number> {
  return Object.fromEntries(keys.map((k) => [k, typeof row[k] === 'number' ? row[k] : String(row[k])]));
}

/** Importance by position: the first `high` rows high, then medium up to 10, low after. */
export function ranked(i: number, high: number): Calculation['importance'] {
  return i < high ? 'high' : i < 10 ? 'medium' : 'low';
}

// ---- the rules coder's scripts

export const json = (v: unknown) => JSON.stringify(v);

/** Step ids are data, not names: the script reads its source into a fixed variable. */
export const readDependency = (id: string) => [
  `const source = input.dependencies[${json(id)}];`,
  `if (!source) throw new Error(${json(`dependency ${id} was not handed over`)});`,
];

// ---- charts

export const chartBase = (title: string, values: Row[]) => ({
  $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
  title,
  width: 480,
  height: 240,
  data: { values },
});

export function textColumn(rows: Row[]): string | undefined {
  const first = rows[0];
  return first ? Object.keys(first).find((k) => k !== 'month' && typeof first[k] === 'string') : undefined;
}

/** Bars of each segment's effect (a decomposition's total effect, a gap's contribution). */
export function effectBars({ id, title, rows, label, language }: ChartContext, field: string, axisTitle: Message): Chart | null {
  const key = textColumn(rows);
  if (!key) return null;
  const values = rows.map((r) => ({ segment: label(key, String(r[key])), effect: Number(r[field]) }));
  return {
    id,
    title,
    spec: {
      ...chartBase(title, values),
      mark: 'bar',
      encoding: {
        x: { field: 'segment', type: 'nominal', sort: null, title: null },
        y: { field: 'effect', type: 'quantitative', title: templateOf(axisTitle, language) },
      },
    },
  };
}

/** Items joined pairwise by a message (`(a, b) => text('….and', { scope: a, filter: b })`), like `join` with a separator: '' for none. */
export function joinedBy(items: string[], join: (joined: string, item: string) => string): string {
  return items.slice(1).reduce(join, items[0] ?? '');
}
