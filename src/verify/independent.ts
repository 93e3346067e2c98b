/**
 * A step's result by the validator's own path: the second path's SQL
 * (src/verify/second-path.ts) for the metric, then the separate derivations
 * (src/verify/derivations.ts), with reconciliation checks that do not hold by
 * construction:
 *   - an additive metric's group values add up to its ungrouped total (queried on its own);
 *   - a decomposition's before and after equal the metric queried directly for each period;
 *   - a decomposition's effects add up to its change;
 *   - ranks follow the values (the recomputed ranking, and the order the agent reported in).
 * What each kind recomputes is its entry in INDEPENDENT_CHECKS (src/verify/checks.ts).
 * Steps it cannot recompute (quality checks, significance tests, a metric the
 * builder cannot express) return null: the validator then re-runs the step's own
 * recipe and says the numbers were re-run, not independently verified.
 */
import type { Catalog } from '../catalog/catalog';
import { GRAIN_KEY_PATTERN, isTimeGrain } from '../catalog/time-grain';
import type { Calculation, MetricQuery, Recipe, Row, StepOperation } from '../contracts';
import { INDEPENDENT_CHECKS, type CheckContext, type Independent, type Inputs, type Reconciliation } from './checks';
import type { OwnResults } from './own-reuse';
import { NotIndependent, groupsMayOverlap, isAdditive, secondPathRows, uniqueKeysOf } from './second-path';

export type { Reconciliation } from './checks';

/** The check on the order an agent reported a ranking in. */
const REPORTED_ORDER = 'the reported ranking follows its values';
const REPORTED_TOTAL = 'the reported groups add up to their independent total';

const close = (a: number, b: number, slack = 0) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b)) + slack;
const numberOf = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** The [start, end) dates of a period key of a grain (2024, 2024-Q3, 2024-03, 2024-03-15) or of a named period; null when unknown. */
function periodWindow(column: string, key: string, query: MetricQuery): { start: string; end: string } | null {
  if (column === 'period') return query.periods.find((p) => p.key === key) ?? null;
  const date = (y: number, m: number, day = 1) => new Date(Date.UTC(y, m - 1, day)).toISOString().slice(0, 10);
  const m = isTimeGrain(column) ? GRAIN_KEY_PATTERN[column].exec(key) : null;
  if (!m) return null;
  if (column === 'year') return { start: date(+m[1]!, 1), end: date(+m[1]! + 1, 1) };
  if (column === 'quarter') return { start: date(+m[1]!, 3 * +m[2]! - 2), end: date(+m[1]!, 3 * +m[2]! + 1) };
  if (column === 'month') return { start: date(+m[1]!, +m[2]!), end: date(+m[1]!, +m[2]! + 1) };
  if (column === 'day') return { start: date(+m[1]!, +m[2]!, +m[3]!), end: date(+m[1]!, +m[2]!, +m[3]! + 1) };
  return null;
}

/**
 * A period of the query's window as a window of its own, named by its key: no longer all of the data, whatever the
 * window was (an all-time window read without a time filter would otherwise read every row for one month).
 */
function periodAlone(window: MetricQuery['window'], key: string, dates: { start: string; end: string }): MetricQuery['window'] {
  const { kind: _kind, ...rest } = window as MetricQuery['window'] & { kind?: unknown };
  return { ...rest, ...dates, label_en: key, label_zh: key, source: 'question' };
}

export class IndependentPath {
  private readonly results = new Map<string, Promise<Independent | null>>();

  constructor(
    private readonly databaseUrl: string,
    private readonly catalog: Catalog,
    private readonly recipes: Map<string, Recipe>,
    /** The verifier's own results of earlier turns (src/verify/own-reuse.ts), in a conversation's turn. */
    private readonly own?: OwnResults,
    /** The database's unique keys when the caller has started reading them; else read at the first query. */
    uniqueKeys?: Promise<Set<string>>,
  ) {
    if (uniqueKeys) this.uniqueKeys = this.forgetOnFailure(uniqueKeys);
  }

  /** The step recomputed by the second path, once per step; null when the second path cannot recompute it. */
  step(stepId: string): Promise<Independent | null> {
    let known = this.results.get(stepId);
    if (!known) {
      const recipe = this.recipes.get(stepId);
      known = recipe
        ? this.compute(recipe).catch((err: unknown) => {
            if (err instanceof NotIndependent) return null;
            throw err;
          })
        : Promise.resolve(null);
      this.results.set(stepId, known);
    }
    return known;
  }

  /** The catalog's keys the database declares unique, read once per verification (every step's queries use them). */
  private uniqueKeys: Promise<Set<string>> | undefined;

  /**
   * The second path's rows of each distinct query, asked once per verification. Steps of one run ask the same query
   * again: every decomposition of a metric checks the same per-period totals and the same periods queried alone, so an
   * attribution over two dimensions asked each of them two or three times (each a read of the whole window).
   */
  private readonly queried = new Map<string, Promise<Row[]>>();

  private async rows(query: MetricQuery): Promise<Row[]> {
    const key = JSON.stringify(query);
    let found = this.queried.get(key);
    if (!found) {
      found = this.query(query).catch((err: unknown) => {
        this.queried.delete(key); // a failed read is not kept: the next step asks again
        throw err;
      });
      this.queried.set(key, found);
    }
    // Each caller gets rows of its own: the derivations may not change what another step reads.
    return (await found).map((row) => ({ ...row }));
  }

  private async query(query: MetricQuery): Promise<Row[]> {
    this.uniqueKeys ??= this.forgetOnFailure(uniqueKeysOf(this.databaseUrl, this.catalog));
    return secondPathRows(this.databaseUrl, this.catalog, query, await this.uniqueKeys, this.own);
  }

  /** The unique keys' read, not kept when it fails: the next query asks again. */
  private forgetOnFailure(read: Promise<Set<string>>): Promise<Set<string>> {
    const kept = read.catch((err: unknown) => {
      this.uniqueKeys = undefined;
      throw err;
    });
    kept.catch(() => undefined); // the failure is the awaiting query's to report, if a query comes
    return kept;
  }

  private async compute(recipe: Recipe): Promise<Independent | null> {
    if (recipe.kind === 'quality' || recipe.kind === 'statistics') return null;
    const op: StepOperation = recipe.operation;
    const check = INDEPENDENT_CHECKS[op.kind] as (op: StepOperation, ctx: CheckContext) => Promise<Independent | null>;
    return check(op, this.context(recipe));
  }

  /** What a kind's check works with, for one step. */
  private context(recipe: Extract<Recipe, { operation: unknown }>): CheckContext {
    const id = recipe.step_id;
    return {
      stepId: id,
      catalog: this.catalog,
      rows: (query) => this.rows(query),
      inputs: () => this.inputs(recipe),
      additivity: (query, rows) => this.additivity(id, query, rows),
      periodsMatchDirect: (query, column, periods) => this.periodsMatchDirect(id, query, column, periods),
      addsUp: (check, parts, whole) => this.addsUp(id, check, parts, whole),
      monotone: (values, sign) => this.monotone(id, values, sign),
    };
  }

  /** A computed step's inputs, each recomputed first; null for a step that is not computed or an input the second path cannot recompute. */
  private async inputs(recipe: Recipe): Promise<Inputs | null> {
    if (recipe.kind !== 'compute') return null;
    const inputs = new Map<string, Independent>();
    for (const input of recipe.inputs) {
      const got = await this.step(input);
      if (!got) return null;
      inputs.set(input, got);
    }
    const input = (source: string): Independent => {
      const got = inputs.get(source);
      if (!got) throw new NotIndependent(`input ${source} is missing`);
      return got;
    };
    return { input, inherited: [...inputs.values()].flatMap((i) => i.checks), excludedPeriods: recipe.excluded_periods };
  }

  /** An additive metric grouped: the group values add up to the total queried on its own. */
  private async additivity(stepId: string, query: MetricQuery, rows: Row[]): Promise<Reconciliation[]> {
    if (query.group_by.length === 0 || !isAdditive(this.catalog, query.metric) || groupsMayOverlap(this.catalog, query)) return [];
    const [total] = await this.rows({ ...query, group_by: [], order: null, limit: null });
    const sum = rows.reduce((s, r) => s + numberOf(r.value), 0);
    const ok = close(sum, numberOf(total?.value));
    return [
      {
        step_id: stepId,
        check: `${query.metric} by ${query.group_by.join(', ')} adds up to the total`,
        ok,
        detail: `groups sum to ${sum}, the total is ${numberOf(total?.value)}`,
      },
    ];
  }

  /** Before and after of a decomposition equal the metric queried for that period alone. */
  private async periodsMatchDirect(
    stepId: string,
    query: MetricQuery,
    column: string,
    periods: [string, number][],
  ): Promise<Reconciliation[]> {
    const out: Reconciliation[] = [];
    for (const [key, derived] of periods) {
      const period = periodWindow(column, key, query);
      if (!period) continue;
      const window = periodAlone(query.window, key, {
        start: period.start > query.window.start ? period.start : query.window.start,
        end: period.end < query.window.end ? period.end : query.window.end,
      });
      const [direct] = await this.rows({ ...query, window, group_by: [], periods: [], order: null, limit: null });
      const value = numberOf(direct?.value);
      out.push({
        step_id: stepId,
        check: `${query.metric} in ${key} equals the metric queried for ${key} alone`,
        ok: close(derived, value, 1e-6),
        detail: `decomposition says ${derived}, direct query ${value}`,
      });
    }
    return out;
  }

  private addsUp(stepId: string, check: string, parts: number[], whole: number): Reconciliation {
    const sum = parts.reduce((a, b) => a + b, 0);
    // Each part is rounded (4 or 6 digits): allow that much per part.
    const ok = close(sum, whole, parts.length * 1e-4);
    return { step_id: stepId, check, ok, detail: `parts sum to ${sum}, the whole is ${whole}` };
  }

  private monotone(stepId: string, values: number[], sign: 1 | -1): Reconciliation {
    const bad = values.findIndex((v, i) => i > 0 && sign * (v - (values[i - 1] as number)) < -1e-12);
    return {
      step_id: stepId,
      check: 'ranks follow the values',
      ok: bad < 0,
      detail: bad < 0 ? `${values.length} ranked values in order` : `rank ${bad + 1} is out of order`,
    };
  }
}

/**
 * The order the agent reported a ranking in, checked against its own values: rank_contributors calculations carry their
 * rank (pick.match.rank), top_n calculations come in the reported row order. Returns the ids out of order.
 */
export function reportedOrder(recipe: Recipe, calcs: Calculation[], recomputedChange: number | null): Reconciliation | null {
  if (recipe.kind !== 'compute') return null;
  const op = recipe.operation;
  let ranked: Calculation[];
  let sign: 1 | -1;
  if (op.kind === 'rank_contributors') {
    ranked = calcs
      .filter((c) => c.pick.field === 'effect' && c.pick.match?.rank !== undefined)
      .sort((p, q) => numberOf(p.pick.match?.rank) - numberOf(q.pick.match?.rank));
    sign = (recomputedChange ?? 0) < 0 ? 1 : -1;
  } else if (op.kind === 'top_n') {
    ranked = calcs.filter((c) => c.pick.field === op.column);
    sign = op.order === 'desc' ? -1 : 1;
  } else {
    return null;
  }
  const ids = new Set<string>();
  ranked.forEach((c, i) => {
    const before = ranked[i - 1];
    if (before && sign * (c.value - before.value) < -1e-12) [before.id, c.id].forEach((x) => ids.add(x));
  });
  return {
    step_id: recipe.step_id,
    check: REPORTED_ORDER,
    ok: ids.size === 0,
    detail: ids.size === 0 ? `${ranked.length} ranked values in order` : `out of order: ${[...ids].join(', ')}`,
    ids: [...ids],
  };
}

/**
 * The group values an agent reported for an additive metric add up to the independent total of the same groups (the
 * whole total when every group was reported): a join that multiplied rows cannot hide behind a group whose value happens
 * to be right, the step's numbers are uncitable together.
 */
export function reportedTotal(recipe: Recipe, catalog: Catalog, calcs: Calculation[], recomputed: Independent): Reconciliation | null {
  if (recipe.kind !== 'sql' || recipe.operation.kind !== 'metric') return null;
  const query = recipe.operation.query;
  if (query.group_by.length === 0 || !isAdditive(catalog, query.metric) || groupsMayOverlap(catalog, query)) return null;
  const values = calcs.filter((c) => c.pick.field === 'value' && c.pick.match !== null);
  if (values.length < 2) return null;
  const reported = values.reduce((s, c) => s + c.value, 0);
  const total = values.reduce((s, c) => {
    const row = recomputed.rows.find((r) => Object.entries(c.pick.match ?? {}).every(([k, v]) => String(r[k]) === String(v)));
    return s + (row ? numberOf(row.value) : Number.NaN);
  }, 0);
  const all = values.length === recomputed.rows.length;
  return {
    step_id: recipe.step_id,
    check: REPORTED_TOTAL,
    ok: close(reported, total),
    detail: `the ${values.length} reported groups sum to ${reported}, independently ${total}${all ? ' (every group: the total)' : ''}`,
  };
}
