/**
 * Validator agent, run after every step, in three layers:
 *   structure   - rows present, with the columns this kind of step must produce
 *   value_rules - the catalog's value rules for the metric (AOV >= 0, rates within [0, 1])
 *   logic       - the result answers what the step was asked (the model's check; the offline
 *                 model checks row counts, applied scope, and that effects add up to the total)
 */
import { defineAgent } from '../agent';
import { ValidationOutput, ValidatorInput, type PlanStep, type Row, type StepOutput, type ValidationCheck } from '../contracts';
import { fragmentCatalog } from '../step-output';

const num = (v: Row[string] | undefined) => (typeof v === 'number' ? v : Number(v ?? NaN));

function expectedColumns(step: PlanStep): string[] {
  const op = step.operation;
  switch (op.kind) {
    case 'metric': return [...op.query.group_by, 'value'];
    case 'gap_contribution': return [op.across, 'contribution'];
    case 'change_decomposition': return [op.dimension, 'value_before', 'value_after', 'total_effect'];
    case 'top_n': return [op.column];
    case 'compare': return [...op.key_columns, 'value', 'diff_vs_first'];
    case 'trend': return ['direction', 'run_length'];
    case 'rank_contributors': return ['rank', 'dimension', 'segment', 'effect'];
  }
}

/** Whether the parts add up to the whole, within rounding. */
function addsUp(parts: number[], whole: number): boolean {
  const sum = parts.reduce((a, b) => a + b, 0);
  return Math.abs(sum - whole) <= 1e-3 * Math.max(1, Math.abs(whole));
}

function logicProblem(step: PlanStep, result: StepOutput): string | null {
  const op = step.operation;
  const rows = result.rows;
  const total = result.result_shape[0];
  switch (op.kind) {
    case 'metric': {
      const q = op.query;
      if (q.group_by.length === 0 && total !== 1) return `expected exactly one row, got ${total}`;
      if (q.limit !== null && total > q.limit) return `expected at most ${q.limit} rows, got ${total}`;
      if (!result.filters_applied.some((f) => f.includes(`[${q.window.start}, ${q.window.end})`))) return `the period ${q.window.start}..${q.window.end} was not applied`;
      const missing = q.filters.find((f) => !result.filters_applied.includes(`${f.dimension} ${f.values.length === 1 ? '=' : 'in'} ${f.values.join(', ')}`));
      if (missing) return `the filter on ${missing.dimension} was not applied`;
      return null;
    }
    case 'gap_contribution': {
      const gap = num(result.data_summary.gap);
      if (!Number.isFinite(gap)) return 'no gap between the segments could be computed (a segment has no rows)';
      if (!addsUp(rows.map((r) => num(r.contribution)), gap) && total <= rows.length) return `contributions do not add up to the gap ${gap}`;
      return null;
    }
    case 'change_decomposition': {
      const { value_before: before, value_after: after, change } = result.data_summary;
      if (before === 0 && after === 0) return `no data for ${op.before} or ${op.after}`;
      if (!addsUp(rows.map((r) => num(r.total_effect)), num(change)) && total <= rows.length) return `effects do not add up to the change ${String(change)}`;
      return null;
    }
    case 'top_n': {
      if (total > op.n) return `expected at most ${op.n} rows, got ${total}`;
      const values = rows.map((r) => num(r[op.column]));
      const sorted = values.every((v, i) => i === 0 || (op.order === 'desc' ? v <= (values[i - 1] as number) : v >= (values[i - 1] as number)));
      return sorted ? null : `rows are not sorted by ${op.column} ${op.order}`;
    }
    case 'compare':
      return total >= 2 ? null : `a comparison needs at least two rows, got ${total}`;
    case 'trend':
      return rows.every((r) => r.first_month !== r.last_month) ? null : 'a trend needs at least two months';
    case 'rank_contributors':
      return null;
  }
}

export const validateStep = defineAgent({
  name: 'validator',
  input: ValidatorInput,
  output: ValidationOutput,
  run: ({ step, result, catalog: fragment }) => {
    const checks: ValidationCheck[] = [];

    // Structure.
    const expected = expectedColumns(step);
    const columnNames = result.columns.map((c) => c.name);
    const missing = expected.filter((c) => !columnNames.includes(c));
    const nonNumeric = result.rows.filter((r) => r.value !== undefined && r.value !== null && typeof r.value !== 'number').length;
    const structureProblem =
      result.rows.length === 0 ? 'the result is empty'
      : missing.length > 0 ? `missing column(s): ${missing.join(', ')}`
      : nonNumeric > 0 ? `${nonNumeric} row(s) have a non-numeric value`
      : null;
    checks.push({ layer: 'structure', passed: structureProblem === null, detail: structureProblem ?? `${result.result_shape[0]} row(s) with columns ${expected.join(', ')}` });

    // Value rules from the catalog.
    const metric = result.value_metric ? fragmentCatalog(fragment).metrics[result.value_metric] : undefined;
    const rules = metric?.rules ?? {};
    const broken = metric
      ? result.rows.filter((r) => typeof r.value === 'number' && ((rules.min !== undefined && r.value < rules.min) || (rules.max !== undefined && r.value > rules.max)))
      : [];
    const range = `[${rules.min ?? '-inf'}, ${rules.max ?? '+inf'}]`;
    checks.push({
      layer: 'value_rules',
      passed: broken.length === 0,
      detail: !metric ? 'no metric values in this result'
        : broken.length === 0 ? `all ${result.value_metric} values within ${range}`
        : `${broken.length} ${result.value_metric} value(s) outside ${range}, for example ${String(broken[0]?.value)}`,
    });

    // Logic: does the result answer the step?
    const logic = structureProblem === null ? logicProblem(step, result) : 'not checked: the structure is wrong';
    checks.push({ layer: 'logic', passed: logic === null, detail: logic ?? `answers "${step.expected_output}"` });

    const failed = checks.find((c) => !c.passed);
    return { step_id: step.step_id, passed: failed === undefined, checks, reason: failed ? `${failed.layer}: ${failed.detail}` : null };
  },
});
