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
 * and is reported as re-run, not independently verified (rerun_only). Matches
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

const LIMITS = { statementTimeoutMs: 25_000, rowCap: 500_000 };

export const recomputeNumbers = defineAgent({
  name: 'verify numbers',
  input: VerificationInput,
  output: VerificationOutput,
  run: async ({ workflow_id, calculation_refs, recipes: given, databaseUrl, catalogPath }) => {
    const calculations = await loadCalculations(calculation_refs);
    // Data quality's and statistics' recipes are stored by their agents.
    const recipes = await Promise.all(
      given.map(async (r): Promise<Recipe> => (r.kind === 'stored' ? loadArtifact<Recipe>(r.recipe_ref) : r)),
    );
    const db = databaseFor(databaseUrl);
    const byStep = new Map(recipes.map((r) => [r.step_id, r]));
    const results = new Map<string, Promise<StepData>>();

    /** A step's result recomputed from the source, once per step (inputs first for computed steps). */
    const recompute = (stepId: string): Promise<StepData> => {
      const known = results.get(stepId);
      if (known) return known;
      const recipe = byStep.get(stepId);
      const promise = recipe ? fromRecipe(recipe) : Promise.reject(new Error(`no recipe for ${stepId}`));
      results.set(stepId, promise);
      return promise;
    };
    const fromRecipe = async (recipe: Recipe): Promise<StepData> => {
      switch (recipe.kind) {
        case 'sql': {
          const { rows } = await queryRows(db, recipe.sql, recipe.params, LIMITS);
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
          // Checks of one table share a statement (one count per column): each distinct statement is run once.
          const statements = new Map<string, Row | undefined>();
          const rows = [];
          for (const check of recipe.checks) {
            const key = JSON.stringify([check.sql, check.params]);
            if (!statements.has(key)) statements.set(key, (await queryRows(db, check.sql, check.params, LIMITS)).rows[0]);
            rows.push({ check: check.id, value: Number(statements.get(key)?.[check.column ?? 'value'] ?? 0) });
          }
          return { columns: [], rows, summary: {} };
        }
        case 'statistics': {
          const sample = async (q: { sql: string; params: (string | number)[] }) =>
            (await queryRows(db, q.sql, q.params, LIMITS)).rows.map((r) => Number(r.value)).filter(Number.isFinite);
          const result = twoSampleTest(await sample(recipe.before), await sample(recipe.after));
          return {
            columns: [],
            rows: [],
            summary: Object.fromEntries(Object.entries(result).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)])),
          };
        }
      }
    };

    const catalog = await catalogWithTypesFor(catalogPath, databaseUrl);
    const independent = new IndependentPath(db, catalog, byStep);
    const { selected, rule } = selectForVerification(calculations);
    const picked = new Set(selected.map((c) => c.id));
    const checked: CheckedCalculation[] = [];
    const reconciliations = new Map<string, Reconciliation[]>();
    /** Failed reconciliations of a step: its own, its inputs', the reported order (made once per step). */
    const failuresOf = async (stepId: string): Promise<Reconciliation[]> => {
      if (!reconciliations.has(stepId)) {
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
        reconciliations.set(stepId, [...(got?.checks ?? []), ...reported.filter((r): r is Reconciliation => r !== null)]);
      }
      return (reconciliations.get(stepId) ?? []).filter((r) => !r.ok);
    };
    for (const calc of selected) {
      let recomputed: unknown;
      let path: CheckedCalculation['path'] = 'independent';
      let failed: Reconciliation[] = [];
      try {
        const second = await independent.step(calc.step_id);
        if (second) {
          recomputed = pickOwn(second, calc.pick);
          // A failed check marks the calculations it names (a ranking: those out of place), else all of the step's.
          failed = (await failuresOf(calc.step_id)).filter((f) => !f.ids || f.ids.includes(calc.id));
        } else {
          path = 're-run';
          recomputed = pickValue(await recompute(calc.step_id), calc.pick);
        }
      } catch (err) {
        // A recomputation cut short by the database (a terminated connection, a statement timeout) is no mismatch:
        // the whole verification is tried again rather than recording a half-read result.
        if (isTransientDatabaseError(err)) throw err;
        checked.push({
          id: calc.id,
          importance: calc.importance,
          reported: calc.value,
          recomputed: null,
          status: 'error',
          detail: `could not recompute: ${(err as Error).message}`,
          path,
        });
        continue;
      }
      const value =
        typeof recomputed === 'number' ? recomputed : recomputed === null || recomputed === undefined ? null : Number(recomputed);
      const ok = sameNumber(calc.value, value, calc.display);
      const how = path === 'independent' ? 'the independent recomputation' : "a re-run of the step's own SQL (not independently verified)";
      checked.push({
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
      });
    }
    const verified = checked.filter((c) => c.status === 'verified');
    const notSelected = calculations.filter((c) => !picked.has(c.id)).map((c) => c.id);
    return {
      // Every check in full, the ids not selected and every reconciliation's detail are in the artifact; the output
      // (which the workflow's history records) keeps what the run acts on: failures in full, passes without detail.
      checks_ref: await storeArtifact(workflow_id, 'verification', 'verification', {
        rule,
        checked,
        reconciliations: [...reconciliations.values()].flat(),
        not_selected: notSelected,
      }),
      total: calculations.length,
      rule,
      checked_count: checked.length,
      checked: checked.filter((c) => c.status !== 'verified'),
      verified: verified.map((c) => c.id),
      mismatches: checked.filter((c) => c.status !== 'verified').map((c) => c.id),
      not_selected: [],
      rerun_only: verified.filter((c) => c.path === 're-run').map((c) => c.id),
      reconciliations: [...reconciliations.values()].flat().map((r) => (r.ok ? { ...r, detail: '' } : r)),
      tolerance: TOLERANCE,
    };
  },
});

/** The value a calculation points at in the second path's result: a summary field, or a column of the row whose keys match. */
function pickOwn(data: { rows: Row[]; summary: Record<string, string | number | null> }, pick: Calculation['pick']): unknown {
  if (pick.match === null) return data.summary[pick.field] ?? null;
  const wanted = Object.entries(pick.match);
  for (const row of data.rows) if (wanted.every(([k, v]) => String(row[k]) === String(v))) return row[pick.field] ?? null;
  return null;
}
