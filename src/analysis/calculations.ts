/**
 * Calculation metadata: every number a step reports, with what it means, how it
 * was computed, which tables and columns it reads, how important it is and where
 * it sits in the step's result, so the validator can recompute it from the source
 * data and the reporter can cite it.
 *
 * Descriptions never contain numbers other than dates: every number in a report
 * must carry a citation, and a description is printed next to its own value.
 */
import type { Catalog } from '../catalog/catalog';
import type { Calculation, Display, Language, PlanStep, Row, StepOutput } from '../contracts';
import { operationOf } from '../operations';
import type { CalculationContext } from '../operations/operation';
import { catalogText, filterLabels } from '../format/labels';

type Summary = StepOutput['data_summary'];
type Importance = Calculation['importance'];

/** The tables and columns a set of metrics and dimensions read, from their catalog definitions. */
export function sourcesFor(catalog: Catalog, metrics: string[], dimensions: string[]): Calculation['sources'] {
  const text: string[] = [];
  for (const m of metrics) {
    const def = catalog.metrics[m];
    if (!def) continue;
    text.push(
      def.expression ?? '',
      def.numerator ?? '',
      def.denominator ?? '',
      def.per ?? '',
      ...Object.values(def.per_entity),
      ...def.filters.map((f) => f.sql),
    );
    text.push(catalog.time_fields[def.time_field]?.column ?? '');
    if (!/\b[a-z_]+\.[a-z_]+/i.test([def.expression, def.numerator].join(' '))) text.push(`${def.table}.*`);
  }
  for (const d of dimensions) {
    const def = catalog.dimensions[d];
    if (def) text.push(def.column ?? def.expression ?? '');
  }
  const byTable = new Map<string, Set<string>>();
  for (const match of text.join(' ').matchAll(/\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*|\*)/gi)) {
    const [, table, column] = match;
    if (!table || !column || !(table in catalog.tables)) continue;
    byTable.set(table, (byTable.get(table) ?? new Set()).add(column));
  }
  return [...byTable].map(([table, columns]) => ({ table, columns: [...columns].sort() }));
}

/** How a metric's values are shown. */
export function displayOf(catalog: Catalog, metric: string | undefined): Display {
  return (metric ? catalog.metrics[metric]?.format : undefined) ?? 'number';
}

/** The values of the step's filters, for descriptions. */
function scopeText(step: PlanStep, catalog: Catalog, language: Language): string {
  const op = step.operation;
  if (!('query' in op)) return '';
  return op.query.filters.map((f) => filterLabels(catalog, language, f)).join(' ');
}

/**
 * The calculations of one step's result. `rows` are all the step's rows (the validator
 * recomputes them all, so any row can be picked), `summary` its data summary.
 */
export function stepCalculations(step: PlanStep, rows: Row[], summary: Summary, catalog: Catalog, language: Language): Calculation[] {
  const metric = 'query' in step.operation ? step.operation.query.metric : step.metrics[0];
  const def = metric ? catalog.metrics[metric] : undefined;
  const display = displayOf(catalog, metric);
  const named = (...parts: string[]) => parts.filter(Boolean).join(' · ');
  const ctx: CalculationContext = {
    step,
    catalog,
    language,
    metric,
    label: def ? catalogText(language, def.label, def.label_zh) : (metric ?? ''),
    sources: sourcesFor(catalog, step.metrics, step.dimensions),
    display,
    scope: scopeText(step, catalog, language),
    named,
  };
  return operationOf(step.operation).calculations(step.operation, ctx, rows, summary);
}

/**
 * Which calculations the validator recomputes: every one, whatever its importance. The validator recomputes each
 * step once (one query or one derivation per step, src/verify/independent.ts) and reads every number of the step
 * from that result, so a number costs a lookup, not a query: there is nothing to save by leaving one out, and a
 * number left out is one the answer, the summary or the key metrics would print unverified ("28.2%（未核实）").
 * What a step records at all is capped by the step (MAX_CALCULATIONS_PER_STEP, for rows only the appendix shows).
 */
export function selectForVerification(calcs: Calculation[]): { selected: Calculation[]; rule: string } {
  const count = (i: Importance) => calcs.filter((c) => c.importance === i).length;
  return {
    selected: calcs,
    rule: `${calcs.length} calculations: all recomputed (${count('high')} high, ${count('medium')} medium, ${count('low')} low)`,
  };
}

/**
 * Tolerance for a recomputed value: 0.01 relative (1% of the recomputed value, so a rate of 0.05
 * is held to 0.0005 and a sum of millions is not held to a cent); counts must match exactly.
 */
export const TOLERANCE = 0.01;

export function sameNumber(reported: unknown, recomputed: unknown, display?: Calculation['display']): boolean {
  // Numbers arrive as numbers, numeric strings (pg numeric / bigint) or null: compare as finite doubles only.
  const a = typeof reported === 'string' ? Number(reported) : reported;
  const b = typeof recomputed === 'string' ? Number(recomputed) : recomputed;
  if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b)) return false;
  if (display === 'integer') return Math.round(a) === Math.round(b);
  return Math.abs(a - b) <= TOLERANCE * Math.abs(b) + 1e-12;
}
