/**
 * Validator agent, run after every step, in three layers:
 *   structure   - rows present, the expected columns with numeric values
 *   value_rules - the catalog's value rules for the metric (for example AOV >= 0)
 *   logic       - the result answers what the step was asked (the model's check;
 *                 the offline model checks row count and applied scope)
 */
import { defineAgent } from '../agent';
import { ValidationOutput, ValidatorInput, type ValidationCheck } from '../contracts';
import { catalogFor } from '../sources';

export const validateStep = defineAgent({
  name: 'validator',
  input: ValidatorInput,
  output: ValidationOutput,
  run: ({ step, result, catalogPath }) => {
    const checks: ValidationCheck[] = [];
    const metric = catalogFor(catalogPath).metrics[step.query.metric];
    const expectedColumns = [...step.query.group_by, 'value'];

    // Structure.
    const columnNames = result.columns.map((c) => c.name);
    const missing = expectedColumns.filter((c) => !columnNames.includes(c));
    const nonNumeric = result.rows.filter((r) => r.value !== null && typeof r.value !== 'number').length;
    const structureProblem =
      result.rows.length === 0 ? 'the result is empty'
      : missing.length > 0 ? `missing column(s): ${missing.join(', ')}`
      : nonNumeric > 0 ? `${nonNumeric} row(s) have a non-numeric value`
      : null;
    checks.push({ layer: 'structure', passed: structureProblem === null, detail: structureProblem ?? `${result.rows.length} row(s) with columns ${expectedColumns.join(', ')}` });

    // Value rules from the catalog.
    const rules = metric?.rules ?? {};
    const broken = result.rows.filter((r) => {
      if (typeof r.value !== 'number') return false;
      return (rules.min !== undefined && r.value < rules.min) || (rules.max !== undefined && r.value > rules.max);
    });
    const range = `[${rules.min ?? '-inf'}, ${rules.max ?? '+inf'}]`;
    checks.push({
      layer: 'value_rules',
      passed: broken.length === 0,
      detail: broken.length === 0 ? `all values within ${range}` : `${broken.length} value(s) outside ${range}, for example ${String(broken[0]?.value)}`,
    });

    // Logic: does the result answer the step?
    const scalar = step.query.group_by.length === 0;
    const rowsOk = scalar ? result.rows.length === 1 : result.rows.length >= 1;
    const windowApplied = result.filters_applied.some((f) => f.includes(`[${step.query.window.start}, ${step.query.window.end})`));
    const filtersApplied = step.query.filters.every((f) => result.filters_applied.includes(`${f.dimension} = ${f.value}`));
    const logicProblem =
      !rowsOk ? `expected ${scalar ? 'exactly one row' : 'at least one row'}, got ${result.rows.length}`
      : !windowApplied ? `the period ${step.query.window.start}..${step.query.window.end} was not applied`
      : !filtersApplied ? 'not every requested filter was applied'
      : null;
    checks.push({ layer: 'logic', passed: logicProblem === null, detail: logicProblem ?? `answers "${step.expected_output}"` });

    const failed = checks.find((c) => !c.passed);
    return { step_id: step.step_id, passed: failed === undefined, checks, reason: failed ? `${failed.layer}: ${failed.detail}` : null };
  },
});
