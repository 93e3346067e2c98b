/**
 * The joins a metric query follows: the declared joins from the metric's table to every table it reads, breadth-first,
 * each marked where it fans out (one row of the metric's table to many), and the error when that cannot be handled.
 */
import { tableSql, type Catalog, type MetricDefinition } from './catalog';

export function tablesReferenced(catalog: Catalog, text: string): string[] {
  return Object.keys(catalog.tables).filter((table) => new RegExp(`\\b${table}\\.`).test(text));
}

/**
 * A metric that a join would multiply and that cannot be computed another way: the join reaches a finer table
 * (one row of the metric's table to many there) from inside the metric's own aggregate, or the metric's table
 * declares no primary key to count its rows once by.
 */
export class FanOutError extends Error {
  constructor(
    readonly metric: string,
    readonly join: string,
    readonly why = "it reaches a finer table (one row of the metric's table to many there) and would count each row several times",
  ) {
    super(`metric "${metric}" cannot be computed through the join ${join}: ${why}`);
    this.name = 'FanOutError';
  }
}

export interface JoinStep {
  clause: string;
  /** The declared join it follows. */
  join: Catalog['joins'][number];
  /** The join goes from the referenced (one) side to the referencing (many) side. */
  fansOut: boolean;
  text: string;
}

/** Join clauses that reach every needed table from the base table (breadth-first over the declared joins). */
export function joinPath(catalog: Catalog, base: string, needed: string[]): JoinStep[] {
  const reached = new Map<string, JoinStep[]>([[base, []]]);
  const queue = [base];
  while (queue.length > 0) {
    const table = queue.shift() as string;
    for (const join of catalog.joins) {
      const [fromTable] = join.from.split('.');
      const [toTable] = join.to.split('.');
      const next = fromTable === table ? toTable : toTable === table ? fromTable : undefined;
      if (next === undefined || reached.has(next)) continue;
      // Following the join from `from` to `to` fans out only for one_to_many; the other way only for many_to_one.
      const forward = fromTable === table;
      const fansOut = forward ? join.relationship === 'one_to_many' : join.relationship === 'many_to_one';
      const step = {
        clause: `LEFT JOIN ${tableSql(catalog, next)} ON ${join.from} = ${join.to}`,
        join,
        fansOut,
        text: forward ? `${join.from} → ${join.to}` : `${join.to} → ${join.from}`,
      };
      reached.set(next, [...(reached.get(table) ?? []), step]);
      queue.push(next);
    }
  }
  const steps: JoinStep[] = [];
  for (const table of needed) {
    const path = reached.get(table);
    if (!path) throw new Error(`catalog ${catalog.name}: no declared join reaches table "${table}" from "${base}"`);
    for (const step of path) if (!steps.some((s) => s.clause === step.clause)) steps.push(step);
  }
  return steps;
}

/** Aggregates that a fan-out cannot change: counts of distinct values. */
export function fanOutSafe(metric: MetricDefinition): boolean {
  const parts = metric.expression ? [metric.expression] : [metric.numerator ?? '', metric.denominator ?? ''];
  return !metric.per && parts.every((p) => /^\s*COUNT\s*\(\s*DISTINCT\b[^()]*\)\s*$/i.test(p));
}
