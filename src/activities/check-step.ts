/**
 * The step check, run after every step, in three layers:
 *   structure   - rows present, with the columns this kind of step must produce (its operation module says which)
 *   value_rules - the catalog's value rules for the metric (AOV >= 0, rates within [0, 1])
 *   logic       - the result answers what the step was asked (the model's check; the offline
 *                 model checks row counts, applied scope, and that effects add up to the total:
 *                 each operation module's validation.logic)
 */
import { defineAgent } from '../agents/contract';
import { ValidationOutput, ValidatorInput, type ValidationCheck } from '../contracts';
import { operationOf } from '../operations';
import { fragmentCatalog } from '../storage/step-output';
import { stepFragment } from '../storage/fragments';

export const checkStep = defineAgent({
  name: 'step check',
  input: ValidatorInput,
  output: ValidationOutput,
  run: async ({ step, result, catalog: inline, catalog_ref }) => {
    const fragment = await stepFragment(inline, catalog_ref, step.step_id);
    const checks: ValidationCheck[] = [];
    const operation = operationOf(step.operation);

    // Structure.
    const expected = operation.validation.columns(step.operation);
    const columnNames = result.columns.map((c) => c.name);
    const missing = expected.filter((c) => !columnNames.includes(c));
    const nonNumeric = result.rows.filter((r) => r.value !== undefined && r.value !== null && typeof r.value !== 'number').length;
    const structureProblem =
      result.rows.length === 0
        ? 'the result is empty'
        : missing.length > 0
          ? `missing column(s): ${missing.join(', ')}`
          : nonNumeric > 0
            ? `${nonNumeric} row(s) have a non-numeric value`
            : null;
    checks.push({
      layer: 'structure',
      passed: structureProblem === null,
      detail: structureProblem ?? `${result.result_shape[0]} row(s) with columns ${expected.join(', ')}`,
    });

    // Value rules from the catalog.
    const metric = result.value_metric ? fragmentCatalog(fragment).metrics[result.value_metric] : undefined;
    const rules = metric?.rules ?? {};
    const broken = metric
      ? result.rows.filter(
          (r) =>
            typeof r.value === 'number' &&
            ((rules.min !== undefined && r.value < rules.min) || (rules.max !== undefined && r.value > rules.max)),
        )
      : [];
    const range = `[${rules.min ?? '-inf'}, ${rules.max ?? '+inf'}]`;
    checks.push({
      layer: 'value_rules',
      passed: broken.length === 0,
      detail: !metric
        ? 'no metric values in this result'
        : broken.length === 0
          ? `all ${result.value_metric} values within ${range}`
          : `${broken.length} ${result.value_metric} value(s) outside ${range}, for example ${String(broken[0]?.value)}`,
    });

    // Logic: does the result answer the step?
    const logic =
      structureProblem === null ? (operation.validation.logic?.(step.operation, result) ?? null) : 'not checked: the structure is wrong';
    checks.push({ layer: 'logic', passed: logic === null, detail: logic ?? `answers "${step.expected_output}"` });

    const failed = checks.find((c) => !c.passed);
    return { step_id: step.step_id, passed: failed === undefined, checks, reason: failed ? `${failed.layer}: ${failed.detail}` : null };
  },
});
