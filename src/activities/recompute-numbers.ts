/**
 * Recomputing the numbers: re-verify the numbers a run reports before any of them
 * reaches the report. Calculations are chosen by importance (see
 * selectForVerification) and each is recomputed from the source tables by a path
 * that does not share the code that produced it: SQL this agent builds itself
 * from the catalog (src/verify/second-path.ts, correlated lookups, no joins) and
 * derivations written separately (src/verify/derivations.ts), with reconciliation
 * checks (src/verify/independent.ts). A number the second path cannot recompute
 * (data-quality counts, significance tests, a metric the builder cannot express)
 * falls back to re-running the step's own recipe through the agents' derivations,
 * and is reported as re-run, not independently verified (rerun_only); a data-quality
 * question's counts are recounted from the catalog's checks (src/verify/quality-recount.ts). Matches
 * become citable; mismatches and failed reconciliations are flagged and never cited.
 */
import { defineAgent } from '../agents/contract';
import { TOLERANCE, sameNumber, selectForVerification } from '../analysis/calculations';
import { deriveCompute, deriveFromSql, metricSummary, pickValue, queryRows, type StepData } from '../analysis/recompute';
import { twoSampleTest } from '../analysis/statistics';
import { VerificationInput, VerificationOutput, type Calculation, type CheckedCalculation, type Recipe, type Row } from '../contracts';
import { catalogWithTypesFor, databaseFor } from '../settings/sources';
import { IndependentPath, reportedOrder, reportedTotal, type Reconciliation } from '../verify/independent';
import { loadArtifact, loadCalculations, storeArtifact } from '../storage/artifacts';
import { isTransientDatabaseError } from '../storage/db';
import type { Catalog } from '../catalog/catalog';
import { recount, type RecountEntry } from '../verify/quality-recount';
import { OwnResults } from '../verify/own-reuse';
import { uniqueKeysOf } from '../verify/unique-keys';

const LIMITS = { statementTimeoutMs: 25_000, rowCap: 500_000 };

export const recomputeNumbers = defineAgent({
  name: 'verify numbers',
  input: VerificationInput,
  output: VerificationOutput,
  run: async ({ workflow_id, calculation_refs, recipes: given, databaseUrl, catalogPath, reuse, data_version }) => {
    const db = databaseFor(databaseUrl);
    // What it works from, read at once: the calculations, the recipes (data quality's and statistics' are stored by
    // their agents) and the database's unique keys, which the second path's queries are built with.
    const catalog = await catalogWithTypesFor(catalogPath, databaseUrl);
    const uniqueKeys = uniqueKeysOf(db, catalog);
    uniqueKeys.catch(() => undefined); // read again, and its failure reported, by the first query that needs it
    const [calculations, recipes] = await Promise.all([
      loadCalculations(calculation_refs),
      Promise.all(given.map(async (r): Promise<Recipe> => (r.kind === 'stored' ? loadArtifact<Recipe>(r.recipe_ref) : r))),
    ]);
    const byStep = new Map(recipes.map((r) => [r.step_id, r]));
    // A conversation's turn reads back the verifier's own earlier results of the same queries on the same data.
    const own = reuse
      ? new OwnResults({ workflowId: workflow_id, db, catalog, offered: reuse, dataVersion: data_version ?? null })
      : undefined;
    const independent = new IndependentPath(db, catalog, byStep, own, uniqueKeys);
    const paths: Paths = {
      db,
      catalog,
      rerun: reRunner(rowsOf(db, own), byStep),
      independent,
      own,
      recounts: new Map(recipes.flatMap((r) => (r.kind === 'quality' ? (r.recount ?? []) : [])).map((e) => [e.id, e])),
      failuresOf: reconciler(independent, byStep, catalog, calculations),
    };
    const { selected, rule } = selectForVerification(calculations);
    const picked = new Set(selected.map((c) => c.id));
    // Each calculation at once (their steps' recomputations are shared, made once each), in the selection's order.
    const checked: CheckedCalculation[] = await allSettledInOrder(selected.map((calc) => checkOne(calc, paths)));
    const verified = checked.filter((c) => c.status === 'verified');
    const reconciliations = paths.failuresOf.all();
    return {
      // Every check in full, the ids not selected and every reconciliation's detail are in the artifact; the output
      // (which the workflow's history records) keeps what the run acts on: failures in full, passes without detail.
      checks_ref: await storeArtifact(workflow_id, 'verification', 'verification', {
        rule,
        checked,
        reconciliations,
        not_selected: calculations.filter((c) => !picked.has(c.id)).map((c) => c.id),
      }),
      total: calculations.length,
      rule,
      checked_count: checked.length,
      checked: checked.filter((c) => c.status !== 'verified'),
      verified: verified.map((c) => c.id),
      mismatches: checked.filter((c) => c.status !== 'verified').map((c) => c.id),
      not_selected: [],
      rerun_only: verified.filter((c) => c.path === 're-run').map((c) => c.id),
      reconciliations: reconciliations.map((r) => (r.ok ? { ...r, detail: '' } : r)),
      tolerance: TOLERANCE,
      ...(own ? { reusable: own.madeByKey(), reused_queries: own.reused } : {}),
    };
  },
});

/**
 * The values of `work` in its order, once every one has settled: the first failure is thrown then, so no recomputation
 * goes on after the agent has ended.
 */
async function allSettledInOrder<T>(work: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(work);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

/** The ways a number is recomputed: the independent path, the recount of a data-quality question, a re-run of the recipe. */
interface Paths {
  db: string;
  catalog: Catalog;
  rerun: (stepId: string) => Promise<StepData>;
  independent: IndependentPath;
  own: OwnResults | undefined;
  recounts: Map<string, RecountEntry>;
  failuresOf: ReturnType<typeof reconciler>;
}

/** A step's result recomputed from its own recipe, once per step (inputs first for computed steps). */
function reRunner(query: QueryRows, byStep: Map<string, Recipe>): (stepId: string) => Promise<StepData> {
  const results = new Map<string, Promise<StepData>>();
  const recompute = (stepId: string): Promise<StepData> => {
    const known = results.get(stepId);
    if (known) return known;
    const recipe = byStep.get(stepId);
    const promise = recipe ? fromRecipe(query, recipe, recompute) : Promise.reject(new Error(`no recipe for ${stepId}`));
    results.set(stepId, promise);
    return promise;
  };
  return recompute;
}

/** Rows of one re-run query. */
type QueryRows = (sql: string, params: (string | number)[]) => Promise<Row[]>;

/**
 * How a re-run queries: in a conversation's turn, through the verifier's own earlier results of the same query on the
 * same data (src/verify/own-reuse.ts: its own rows, never the producing agent's; one that reads the clock only while no
 * row has passed "now" since); otherwise, and for a query not offered, against the database.
 */
function rowsOf(db: string, own: OwnResults | undefined): QueryRows {
  const run = async (sql: string, params: (string | number)[]) => (await queryRows(db, sql, params, LIMITS)).rows;
  return (sql, params) => (own ? own.rows(sql, params, () => run(sql, params)) : run(sql, params));
}

async function fromRecipe(query: QueryRows, recipe: Recipe, recompute: (stepId: string) => Promise<StepData>): Promise<StepData> {
  switch (recipe.kind) {
    case 'sql': {
      const rows = await query(recipe.sql, recipe.params);
      const derived = deriveFromSql(recipe.operation, rows);
      return derived
        ? { columns: derived.columns, rows: derived.rows, summary: derived.summary }
        : { columns: [], rows, summary: metricSummary(rows) };
    }
    case 'compute': {
      const inputs: Record<string, StepData> = {};
      for (const id of recipe.inputs) inputs[id] = await recompute(id);
      const derived = deriveCompute(recipe.operation, inputs, recipe.excluded_periods);
      return { columns: derived.columns, rows: derived.rows, summary: derived.summary };
    }
    case 'quality': {
      // Checks of one table share a statement (one count per column): each distinct statement is run once, all at once.
      const statements = new Map<string, Promise<Row | undefined>>();
      for (const check of recipe.checks) {
        const key = JSON.stringify([check.sql, check.params]);
        if (!statements.has(key))
          statements.set(
            key,
            query(check.sql, check.params).then((rows) => rows[0]),
          );
      }
      const counted = new Map(await Promise.all([...statements].map(async ([key, row]) => [key, await row] as const)));
      const rows = recipe.checks.map((check) => ({
        check: check.id,
        value: Number(counted.get(JSON.stringify([check.sql, check.params]))?.[check.column ?? 'value'] ?? 0),
      }));
      return { columns: [], rows, summary: {} };
    }
    case 'statistics': {
      const sample = async (q: { sql: string; params: (string | number)[] }) =>
        (await query(q.sql, q.params)).map((r) => Number(r.value)).filter(Number.isFinite);
      const result = twoSampleTest(await sample(recipe.before), await sample(recipe.after));
      return {
        columns: [],
        rows: [],
        summary: Object.fromEntries(Object.entries(result).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)])),
      };
    }
  }
}

/** Failed reconciliations of a step: its own, its inputs', the reported order (made once per step); all() lists every one made. */
function reconciler(independent: IndependentPath, byStep: Map<string, Recipe>, catalog: Catalog, calculations: Calculation[]) {
  const made = new Map<string, Reconciliation[]>();
  const failuresOf = async (stepId: string): Promise<Reconciliation[]> => {
    if (!made.has(stepId)) {
      const got = await independent.step(stepId);
      const recipe = byStep.get(stepId);
      const own = calculations.filter((c) => c.step_id === stepId);
      const reported =
        recipe && got
          ? [
              reportedOrder(recipe, own, typeof got.summary.change === 'number' ? got.summary.change : null),
              reportedTotal(recipe, catalog, own, got),
            ]
          : [];
      made.set(stepId, [...(got?.checks ?? []), ...reported.filter((r): r is Reconciliation => r !== null)]);
    }
    return (made.get(stepId) ?? []).filter((r) => !r.ok);
  };
  return Object.assign(failuresOf, { all: () => [...made.values()].flat() });
}

/** One calculation recomputed and compared: verified, a mismatch, or an error (a recomputation that could not run). */
async function checkOne(calc: Calculation, paths: Paths): Promise<CheckedCalculation> {
  let recomputed: unknown;
  let path: CheckedCalculation['path'] = 'independent';
  let failed: Reconciliation[] = [];
  try {
    const counted = paths.recounts.get(calc.id);
    const second = counted ? null : await paths.independent.step(calc.step_id);
    if (counted) recomputed = await recount(paths.db, paths.catalog, counted, paths.own);
    else if (second) {
      recomputed = pickOwn(second, calc.pick);
      // A failed check marks the calculations it names (a ranking: those out of place), else all of the step's.
      failed = (await paths.failuresOf(calc.step_id)).filter((f) => !f.ids || f.ids.includes(calc.id));
    } else {
      path = 're-run';
      recomputed = pickValue(await paths.rerun(calc.step_id), calc.pick);
    }
  } catch (err) {
    // A recomputation cut short by the database (a terminated connection, a statement timeout) is no mismatch:
    // the whole verification is tried again rather than recording a half-read result.
    if (isTransientDatabaseError(err)) throw err;
    const detail = `could not recompute: ${(err as Error).message}`;
    return { id: calc.id, importance: calc.importance, reported: calc.value, recomputed: null, status: 'error', detail, path };
  }
  const value = typeof recomputed === 'number' ? recomputed : recomputed === null || recomputed === undefined ? null : Number(recomputed);
  const ok = sameNumber(calc.value, value, calc.display);
  const how = path === 'independent' ? 'the independent recomputation' : "a re-run of the step's own SQL (not independently verified)";
  return {
    id: calc.id,
    importance: calc.importance,
    reported: calc.value,
    recomputed: value !== null && Number.isFinite(value) ? value : null,
    status: ok && failed.length === 0 ? 'verified' : 'mismatch',
    detail: !ok
      ? `reported ${calc.value}, recomputed ${String(value)} by ${how} (tolerance ${calc.display === 'integer' ? 'exact' : `${TOLERANCE} relative`})`
      : failed.length > 0
        ? `reconciliation failed: ${failed.map((f) => `${f.check} (${f.detail})`).join('; ')}`
        : `matches ${how}`,
    path,
  };
}

/** The value a calculation points at in the second path's result: a summary field, or a column of the row whose keys match. */
function pickOwn(data: { rows: Row[]; summary: Record<string, string | number | null> }, pick: Calculation['pick']): unknown {
  if (pick.match === null) return data.summary[pick.field] ?? null;
  const wanted = Object.entries(pick.match);
  for (const row of data.rows) if (wanted.every(([k, v]) => String(row[k]) === String(v))) return row[pick.field] ?? null;
  return null;
}
