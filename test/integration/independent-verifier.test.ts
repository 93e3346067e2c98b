/**
 * Bugs planted in the agents' own code path (test-only activity overrides) that the old
 * validator, re-running the step's own SQL through the agents' derivations, could not see:
 * a fan-out join, a wrong mix-effect formula, a mis-sorted ranking. The independent
 * verifier must catch each one: the affected calculations are mismatched, the run ends
 * degraded, and the wrong numbers are not cited.
 */
import { stepFragment } from '../../src/storage/fragments';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSqlStep as realSqlStep, testCode as realTestCode } from '../../src/activities';
import { stepCalculations } from '../../src/analysis/calculations';
import type { Derived } from '../../src/analysis/derive';
import { describeStep } from '../../src/analysis/findings';
import { deriveFromSql, metricSummary, queryRows } from '../../src/analysis/recompute';
import { loadArtifact, loadCalculations, storeCalculations } from '../../src/storage/artifacts';
import { compileMetricQuery } from '../../src/catalog/sql';
import {
  PlanStep,
  StepInput,
  type AnalysisResult,
  type CodeRequirements,
  type Row,
  type StepOutput,
  type TesterInput,
  type TesterOutput,
  type VerificationOutput,
} from '../../src/contracts';
import { operationOf } from '../../src/operations';
import { databaseFor } from '../../src/settings/sources';
import { buildStepOutput, fragmentCatalog } from '../../src/storage/step-output';
import { chinookDatabaseUrl } from '../../eval/chinook-cases';
import { activityResults, publishedReport, runAnalysis, withWorker } from '../helpers';

interface Plant {
  /** Rewrites the compiled SQL of a matching step. */
  sql?: (sql: string, step: PlanStep) => string;
  /** Rewrites a matching step's derivation. */
  derived?: (derived: Derived, step: PlanStep) => Derived;
}

/** The SQL agent with one planted bug: compiles, runs and derives as the agent does, the plant applied in between. */
async function plantedSqlStep(raw: StepInput, plant: Plant): Promise<StepOutput> {
  const { workflow_id, step, catalog: inline, catalog_ref, databaseUrl, language } = StepInput.parse(raw);
  // The step's catalog fragment, as the agent reads it (behind the plan's fragments reference).
  const fragment = await stepFragment(inline, catalog_ref, step.step_id);
  const op = step.operation;
  if (!('query' in op)) throw new Error('not an SQL step');
  const catalog = fragmentCatalog(fragment);
  const compiled = compileMetricQuery(catalog, op.query);
  const sql = plant.sql ? plant.sql(compiled.sql, step) : compiled.sql;
  const { rows } = await queryRows(databaseFor(databaseUrl), sql, compiled.params);
  const correct = deriveFromSql(op, rows);
  const derived = correct && plant.derived ? plant.derived(correct, step) : correct;
  const handedOn = derived?.rows ?? rows;
  const summary = derived?.summary ?? metricSummary(rows);
  const columns = derived?.columns ?? compiled.columns;
  return buildStepOutput(workflow_id, step, {
    sql,
    params: compiled.params,
    columns,
    rows: handedOn,
    filters_applied: compiled.filters_applied,
    aggregation_logic: compiled.aggregation_logic,
    execution_time_ms: 1,
    data_summary: summary,
    anomalies_found: [],
    value_metric: derived ? null : op.query.metric,
    facts: describeStep(step, { columns, rows: handedOn, data_summary: summary }, {}, catalog, language),
    paths_excluded: [],
    metrics: operationOf(op).keyMetrics?.(op, rows, catalog, step) ?? [],
    calculations: stepCalculations(step, handedOn, summary, catalog, language),
  });
}

// (a) An invoice-level metric computed through a plain LEFT JOIN to invoice_line: each invoice counts once per line.
const fanOut = (raw: StepInput) => {
  const op = raw.step.operation;
  if (op.kind !== 'metric' || op.query.metric !== 'revenue' || op.query.group_by.length === 0) return realSqlStep(raw);
  return plantedSqlStep(raw, {
    sql: (sql) => sql.replace(/^FROM invoice$/m, 'FROM invoice\nLEFT JOIN invoice_line ON invoice_line.invoice_id = invoice.invoice_id'),
  });
};

// (b) A mix effect weighted by the earlier value and a rate effect by the later weight: still adds up to the change, so the agents' own checks pass.
const wrongMix = (raw: StepInput) => {
  if (raw.step.operation.kind !== 'change_decomposition') return realSqlStep(raw);
  return plantedSqlStep(raw, {
    derived: (d) => ({
      ...d,
      rows: d.rows.map((r): Row => {
        if (r.mix_effect === undefined) return r;
        const [w0, w1, v0, v1] = [Number(r.weight_before), Number(r.weight_after), Number(r.value_before), Number(r.value_after)];
        const round = (x: number) => Math.round(x * 1e6) / 1e6;
        return { ...r, mix_effect: round((w1 - w0) * v0), rate_effect: round((v1 - v0) * w1) };
      }),
    }),
  });
};

// (c) A ranking with its first two contributors swapped (ranks 1 and 2 kept in place).
const swappedRanking = async (input: TesterInput): Promise<TesterOutput> => {
  const tested = await realTestCode(input);
  const requirements = await loadArtifact<CodeRequirements>(input.draft.requirements_ref);
  const { language } = requirements;
  const step = PlanStep.parse(requirements.step);
  const catalog = await stepFragment(requirements.catalog, requirements.catalog_ref, step.step_id);
  if (step.operation.kind !== 'rank_contributors' || !tested.result || tested.result.rows.length < 2) return tested;
  const rows = tested.result.rows.map((r) => ({ ...r }));
  const [first, second] = [rows[0] as Row, rows[1] as Row];
  rows[0] = { ...second, rank: 1 };
  rows[1] = { ...first, rank: 2 };
  const calcs = stepCalculations(step, rows, tested.result.data_summary, fragmentCatalog(catalog), language);
  return {
    ...tested,
    result: {
      ...tested.result,
      rows,
      calculations_ref: await storeCalculations(requirements.workflow_id, step.step_id, calcs),
      calculation_count: calcs.length,
    },
  };
};

async function verificationOf(workflowId: string): Promise<VerificationOutput> {
  const [verification] = await activityResults<VerificationOutput>(harness.client, workflowId, 'recomputeNumbers');
  if (!verification) throw new Error('no verification');
  return verification;
}

/** Every mismatched id is absent from the published report's citations, and the run is degraded. */
async function notCited(result: AnalysisResult, mismatches: string[]): Promise<void> {
  const report = await publishedReport(result);
  const cited = report.citations.map((c) => c.calculation_id);
  for (const id of mismatches) expect(cited).not.toContain(id);
  expect(result.status).toBe('degraded');
}

const harness = withWorker('independent-verifier', {
  activityOverrides: { runSqlStep: (input: StepInput) => route(input), testCode: (input: TesterInput) => routeTest(input) },
});
let route: (input: StepInput) => Promise<StepOutput> = realSqlStep;
let routeTest: (input: TesterInput) => Promise<TesterOutput> = realTestCode;
afterEach(() => {
  route = realSqlStep;
  routeTest = realTestCode;
});

const CHINOOK = {
  catalogPath: path.resolve(__dirname, '../..', 'catalogs', 'chinook.yaml'),
  databaseUrl: chinookDatabaseUrl(harness.config.databaseUrl),
  asOf: '2025-12-31',
};
const ATTRIBUTION = '为什么华东区上个月复购率下降了？';

/** The attribution question run through the workflow: its verification, result, ranking step and that step's reported calculations. */
async function attribution() {
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, ATTRIBUTION);
  const verification = await verificationOf(workflowId);
  const ranking = result.steps.find((s) => s.step.operation.kind === 'rank_contributors');
  if (!ranking?.result?.calculations_ref) throw new Error('the plan has no ranking step with calculations');
  return { result, verification, rankId: ranking.step.step_id, reported: await loadCalculations([ranking.result.calculations_ref]) };
}

test('(a) a fan-out join: revenue by country through invoice lines is caught, not cited', async () => {
  route = fanOut;
  const { workflowId, result } = await runAnalysis(harness.client, harness.config.taskQueue, 'Revenue by country in 2024', CHINOOK);
  const verification = await verificationOf(workflowId);
  const step = result.steps.find((s) => s.step.operation.kind === 'metric' && s.step.operation.query.group_by.includes('country'));
  expect(step?.result?.sql).toContain('LEFT JOIN invoice_line');
  const reported = await loadCalculations([step!.result!.calculations_ref!]);
  const selected = reported.filter((c) => verification.verified.includes(c.id) || verification.mismatches.includes(c.id));
  expect(selected.length).toBeGreaterThan(0);
  // Every selected value of the multiplied step is mismatched: the multiplied ones against the independent recomputation,
  // the rest (a country whose invoices have one line each) because the reported groups no longer add up to their total.
  expect(verification.mismatches).toEqual(expect.arrayContaining(selected.map((c) => c.id)));
  const checks = await loadArtifact<{
    checked: { id: string; path: string; recomputed: number | null; reported: number; detail: string }[];
  }>(verification.checks_ref);
  const mine = checks.checked.filter((x) => selected.some((s) => s.id === x.id));
  for (const c of mine) {
    expect(c.path).toBe('independent');
    expect(c.reported).toBeGreaterThanOrEqual(c.recomputed!);
  }
  expect(mine.filter((c) => c.reported > c.recomputed! * 1.01).length).toBeGreaterThan(selected.length / 2);
  expect(
    verification.reconciliations.find(
      (r) => r.step_id === step!.step.step_id && r.check === 'the reported groups add up to their independent total',
    )?.ok,
  ).toBe(false);
  await notCited(result, verification.mismatches);
});

test('(b) a wrong mix-effect formula in a change decomposition is caught, not cited', async () => {
  route = wrongMix;
  const { result, verification, rankId, reported } = await attribution();
  // The ranked mix and rate effects come from the planted formula: the top one is mismatched, and every mismatch is a planted effect.
  const effects = reported.filter((c) => /\.(mix|rate)\.(effect|share)$/.test(c.id));
  expect(effects.length).toBeGreaterThan(0);
  expect(verification.mismatches).toContain(effects[0]!.id);
  expect(verification.mismatches.every((id) => id.startsWith(`${rankId}.`) && /\.(mix|rate)\.(effect|share)$/.test(id))).toBe(true);
  await notCited(result, verification.mismatches);
});

test('(c) a ranking with two contributors swapped is caught, not cited', async () => {
  routeTest = swappedRanking;
  const { result, verification, rankId, reported } = await attribution();
  const swapped = reported
    .filter((c) => c.pick.field === 'effect' && (c.pick.match?.rank === 1 || c.pick.match?.rank === 2))
    .map((c) => c.id);
  expect(swapped).toHaveLength(2);
  expect(verification.mismatches).toEqual(expect.arrayContaining(swapped));
  expect(verification.reconciliations.find((r) => r.step_id === rankId && r.check === 'the reported ranking follows its values')?.ok).toBe(
    false,
  );
  await notCited(result, verification.mismatches);
});

test('a correct run verifies its metric steps independently and says which numbers were only re-run', async () => {
  // Every query the run sends to the database, logged (the worker runs in this process).
  const log = path.join(os.tmpdir(), `baton-verifier-queries-${process.pid}.jsonl`);
  fs.rmSync(log, { force: true });
  process.env.BATON_SQL_LOG = log;
  let run;
  try {
    run = await attribution();
  } finally {
    delete process.env.BATON_SQL_LOG;
  }
  const { result, verification } = run;
  // The verifier asks each distinct query once: the decompositions of one metric share their per-period totals and
  // their periods queried alone, and data quality's counts of a table are one statement.
  const asked = fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { activity: string | null; sql: string; params: unknown[] })
    .filter((q) => q.activity === 'recomputeNumbers')
    .map((q) => JSON.stringify([q.sql, q.params]));
  fs.rmSync(log, { force: true });
  expect(asked.length).toBeGreaterThan(5);
  expect(asked.filter((q, i) => asked.indexOf(q) !== i)).toEqual([]);
  expect(verification.mismatches).toEqual([]);
  expect(result.status).toBe('completed');
  expect(verification.reconciliations.length).toBeGreaterThan(0);
  expect(verification.reconciliations.every((r) => r.ok)).toBe(true);
  // Data-quality counts and significance tests are re-run, not independently verified; every step number is independent.
  expect(verification.rerun_only.length).toBeGreaterThan(0);
  expect(verification.rerun_only.every((id) => id.startsWith('dq.') || id.startsWith('stats.'))).toBe(true);
  expect(verification.verified.filter((id) => /^s\d+\./.test(id)).length).toBeGreaterThan(0);
});
