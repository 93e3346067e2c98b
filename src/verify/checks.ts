/**
 * The independent check of every kind of operation, one entry per kind: the
 * mapped type makes a kind without an entry a compile error, so a new operation
 * cannot be silently re-run instead of verified. An entry returns null when the
 * second path cannot recompute the step (the validator then re-runs the step's
 * own recipe and says so).
 *
 * Each check recomputes by the validator's own path: the second path's SQL
 * (src/verify/second-path.ts) and the separate derivations
 * (src/verify/derivations.ts); only the kind's plan type is shared with the
 * operation modules (src/operations), never their code.
 */
import type { Catalog } from '../catalog/catalog';
import type { MetricQuery, Row } from '../contracts';
import type { OperationKind, OperationOf } from '../operations/operation';
import * as d from './derivations';
import { isRatio, ordered } from './second-path';

export interface Reconciliation {
  step_id: string;
  check: string;
  ok: boolean;
  detail: string;
  /** The calculations a failure makes uncitable; all of the step's when absent. */
  ids?: string[];
}

export interface Independent {
  rows: Row[];
  summary: Record<string, string | number | null>;
  /** Checks made on the way; a failed one (here or in an input) makes every number of the step uncitable. */
  checks: Reconciliation[];
}

/** A computed step's inputs, each recomputed independently, and the checks they made. */
export interface Inputs {
  input: (source: string) => Independent;
  inherited: Reconciliation[];
  excludedPeriods: string[];
}

/** What a check works with: the second path's rows and the reconciliations IndependentPath (src/verify/independent.ts) makes. */
export interface CheckContext {
  stepId: string;
  catalog: Catalog;
  /** The second path's rows of a query (asked once per verification). */
  rows(query: MetricQuery): Promise<Row[]>;
  /** A computed step's inputs recomputed; null when the step is not a computed one or an input cannot be recomputed. */
  inputs(): Promise<Inputs | null>;
  /** An additive metric grouped: the group values add up to the total queried on its own. */
  additivity(query: MetricQuery, rows: Row[]): Promise<Reconciliation[]>;
  /** Before and after of a decomposition equal the metric queried for that period alone. */
  periodsMatchDirect(query: MetricQuery, column: string, periods: [string, number][]): Promise<Reconciliation[]>;
  addsUp(check: string, parts: number[], whole: number): Reconciliation;
  /** Values ranked in order: sign -1 for largest first, 1 for smallest first. */
  monotone(values: number[], sign: 1 | -1): Reconciliation;
}

type Check<K extends OperationKind> = (op: OperationOf<K>, ctx: CheckContext) => Promise<Independent | null>;

const numberOf = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

export const INDEPENDENT_CHECKS: { [K in OperationKind]: Check<K> } = {
  async metric(op, ctx) {
    const all = await ctx.rows({ ...op.query, order: null, limit: null });
    const checks = await ctx.additivity(op.query, all);
    // A ranking ranks values: groups with none are not ranked (the same rule as the second path's ranked query).
    const ranked = op.query.order !== null && op.query.limit !== null;
    const known = ranked ? all.filter((r) => op.query.group_by.every((g) => r[g] !== null && r[g] !== undefined)) : all;
    const rows = ordered(known, op.query.order, op.query.limit);
    const values = rows.map((r) => r.value).filter((v): v is number => typeof v === 'number');
    const summary = {
      rows: rows.length,
      value_min: values.length ? Math.min(...values) : null,
      value_max: values.length ? Math.max(...values) : null,
      value_sum: values.length ? values.reduce((a, b) => a + b, 0) : null,
    };
    return { rows, summary, checks };
  },

  async gap_contribution(op, ctx) {
    const rows = await ctx.rows(op.query);
    const totals = await ctx.rows({ ...op.query, group_by: op.query.group_by.filter((g) => g !== op.across) });
    const result = d.gapContribution(
      rows,
      totals,
      isRatio(ctx.catalog, op.query.metric),
      op.segment.dimension,
      op.segment.a,
      op.segment.b,
      op.across,
    );
    const parts = [...result.rows.map((r) => numberOf(r.contribution)), numberOf(result.summary.residual)];
    const checks = [
      ...(await ctx.additivity(op.query, rows)),
      ctx.addsUp("contributions (and the overlap's residual) add up to the gap", parts, numberOf(result.summary.gap)),
    ];
    return { ...result, checks };
  },

  async change_decomposition(op, ctx) {
    const rows = await ctx.rows(op.query);
    const totals = await ctx.rows({ ...op.query, group_by: op.query.group_by.filter((g) => g !== op.dimension) });
    const result = d.changeDecomposition(
      rows,
      totals,
      isRatio(ctx.catalog, op.query.metric),
      op.dimension,
      op.before,
      op.after,
      op.period_column,
    );
    const parts = [...result.rows.map((r) => numberOf(r.total_effect)), numberOf(result.summary.residual)];
    const checks = [
      ...(await ctx.additivity(op.query, rows)),
      ctx.addsUp("effects (and the overlap's residual) add up to the change", parts, numberOf(result.summary.change)),
      ...(await ctx.periodsMatchDirect(op.query, op.period_column, [
        [op.before, numberOf(result.summary.value_before)],
        [op.after, numberOf(result.summary.value_after)],
      ])),
    ];
    return { ...result, checks };
  },

  async top_n(op, ctx) {
    const got = await ctx.inputs();
    if (!got) return null;
    const source = got.input(op.source);
    const key = Object.keys(source.rows[0] ?? {}).find((k) => typeof source.rows[0]?.[k] === 'string');
    const result = d.topN(source.rows, key, op.column, op.n, op.order);
    return {
      ...result,
      checks: [
        ...got.inherited,
        ctx.monotone(
          result.rows.map((r) => numberOf(r[op.column])),
          op.order === 'desc' ? -1 : 1,
        ),
      ],
    };
  },

  async compare(op, ctx) {
    const got = await ctx.inputs();
    return got ? { ...d.compare(got.input(op.source).rows, op.key_columns), checks: got.inherited } : null;
  },

  async trend(op, ctx) {
    const got = await ctx.inputs();
    return got ? { ...d.trend(got.input(op.source).rows, op.key_columns, got.excludedPeriods), checks: got.inherited } : null;
  },

  async rank_contributors(op, ctx) {
    const got = await ctx.inputs();
    if (!got) return null;
    const result = d.rankContributors(
      op.sources.map((s) => ({ ...got.input(s), dimension: String(got.input(s).summary.dimension ?? '') })),
      op.n,
    );
    return {
      ...result,
      checks: [
        ...got.inherited,
        ctx.monotone(
          result.rows.map((r) => numberOf(r.effect)),
          numberOf(result.summary.change) < 0 ? 1 : -1,
        ),
      ],
    };
  },

  async share_of_total(op, ctx) {
    const rows = await ctx.rows({ ...op.query, order: null, limit: null });
    const totals = await ctx.rows({ ...op.query, group_by: op.query.group_by.filter((g) => g !== op.dimension), order: null, limit: null });
    return { ...d.shareOfTotal(rows, totals, op.query.group_by, op.dimension), checks: await ctx.additivity(op.query, rows) };
  },
};
