/**
 * Validator, second pass: re-verify the numbers a run reports before any of them
 * reaches the report. Calculations are chosen by importance (see
 * selectForVerification), each is recomputed from the source tables by its step's
 * recipe (read-only SQL, then the vetted derivations, never the reporting agent's
 * output or the generated code) and compared within the tolerance. Matches become
 * citable; mismatches are flagged and can never be cited.
 */
import { defineAgent } from '../agent';
import { TOLERANCE, sameNumber, selectForVerification } from '../analysis/calculations';
import { deriveCompute, deriveFromSql, metricSummary, pickValue, queryRows, type StepData } from '../analysis/recompute';
import { twoSampleTest } from '../analysis/statistics';
import { VerificationInput, VerificationOutput, type CheckedCalculation, type Recipe } from '../contracts';
import { databaseFor } from '../sources';
import { loadCalculations, storeArtifact } from '../artifacts';

const LIMITS = { statementTimeoutMs: 25_000, rowCap: 500_000 };

export const verifyCalculations = defineAgent({
  name: 'validator',
  input: VerificationInput,
  output: VerificationOutput,
  run: async ({ workflow_id, calculation_refs, recipes, databaseUrl }) => {
    const calculations = await loadCalculations(calculation_refs);
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
          return derived ? { columns: derived.columns, rows: derived.rows, summary: derived.summary } : { columns: [], rows, summary: metricSummary(rows) };
        }
        case 'compute': {
          const inputs: Record<string, StepData> = {};
          for (const id of recipe.inputs) inputs[id] = await recompute(id);
          const derived = deriveCompute(recipe.operation, inputs, recipe.excluded_periods);
          return { columns: derived.columns, rows: derived.rows, summary: derived.summary };
        }
        case 'quality': {
          const rows = [];
          for (const check of recipe.checks) {
            const { rows: found } = await queryRows(db, check.sql, check.params, LIMITS);
            rows.push({ check: check.id, value: Number(found[0]?.value ?? 0) });
          }
          return { columns: [], rows, summary: {} };
        }
        case 'statistics': {
          const sample = async (q: { sql: string; params: (string | number)[] }) => (await queryRows(db, q.sql, q.params, LIMITS)).rows.map((r) => Number(r.value)).filter(Number.isFinite);
          const result = twoSampleTest(await sample(recipe.before), await sample(recipe.after));
          return { columns: [], rows: [], summary: Object.fromEntries(Object.entries(result).map(([k, v]) => [k, typeof v === 'number' ? v : String(v)])) };
        }
      }
    };

    const { selected, rule } = selectForVerification(calculations);
    const picked = new Set(selected.map((c) => c.id));
    const checked: CheckedCalculation[] = [];
    for (const calc of selected) {
      let recomputed: unknown;
      try {
        recomputed = pickValue(await recompute(calc.step_id), calc.pick);
      } catch (err) {
        checked.push({ id: calc.id, importance: calc.importance, reported: calc.value, recomputed: null, status: 'error', detail: `could not recompute: ${(err as Error).message}` });
        continue;
      }
      const value = typeof recomputed === 'number' ? recomputed : recomputed === null || recomputed === undefined ? null : Number(recomputed);
      const ok = sameNumber(calc.value, value, calc.display);
      checked.push({
        id: calc.id, importance: calc.importance, reported: calc.value, recomputed: value !== null && Number.isFinite(value) ? value : null,
        status: ok ? 'verified' : 'mismatch',
        detail: ok ? 'matches the recomputation' : `reported ${calc.value}, recomputed ${String(value)} from the source (tolerance ${calc.display === 'integer' ? 'exact' : `${TOLERANCE} relative`})`,
      });
    }
    return {
      checks_ref: await storeArtifact(workflow_id, 'verification', 'verification', { rule, checked }),
      total: calculations.length,
      rule,
      checked_count: checked.length,
      checked: checked.filter((c) => c.status !== 'verified'),
      verified: checked.filter((c) => c.status === 'verified').map((c) => c.id),
      mismatches: checked.filter((c) => c.status !== 'verified').map((c) => c.id),
      not_selected: calculations.filter((c) => !picked.has(c.id)).map((c) => c.id),
      tolerance: TOLERANCE,
    };
  },
});
