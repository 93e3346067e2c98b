/**
 * Statistics agent: is the change (or the gap) the question is about larger than
 * chance? It picks the two samples from the plan (the two months of an
 * attribution, the two segments of a comparison, the last two full months of a
 * trend), queries their unit-level values read-only and runs Welch's t-test, with
 * a confidence interval for the difference, Cohen's d, and an interval per sample.
 */
import { defineAgent } from '../agents/contract';
import { displayOf, sourcesFor } from '../analysis/calculations';
import { queryRows } from '../analysis/recompute';
import { isTransientDatabaseError } from '../storage/db';
import { ALPHA, twoSampleTest, type TwoSampleResult } from '../analysis/statistics';
import type { Catalog } from '../catalog/catalog';
import { compileUnitSample } from '../catalog/sql';
import { StatisticsInput, StatisticsOutput, type Calculation, type PlanStep, type Recipe } from '../contracts';
import { operationOf } from '../operations';
import type { Samples, SamplesContext } from '../operations/operation';
import { catalogWithTypesFor, databaseFor } from '../settings/sources';
import { storeArtifact, storeCalculations } from '../storage/artifacts';
import { catalogText } from '../format/labels';
import { fixed, significant as significantDigits } from '../format/numbers';
import { textIn, type Text } from '../messages';

const LIMITS = { statementTimeoutMs: 25_000, rowCap: 500_000 };

/**
 * The most units a sample is read with (BATON_STATISTICS_MAX_UNITS, default 200 thousand). A larger sample is thinned
 * by a deterministic rule: a unit is kept when abs(hashtext(unit::text)) mod 1000 is below the kept share in
 * thousandths (floor(1000 × limit / units), at least 1), so the same data gives the same sample, the validator
 * re-runs the same query, and the report says the test was run on a sample and how it was drawn.
 */
export function maxUnits(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.BATON_STATISTICS_MAX_UNITS ?? 200_000);
  return Number.isInteger(value) && value > 0 ? Math.min(value, LIMITS.rowCap) : 200_000;
}

interface Thinned {
  sql: string;
  params: unknown[];
  units: number;
  permille: number | null;
}

/** The two samples the question compares, read from the plan (each operation module says what its steps offer); null when it compares nothing. */
function samplesFor(steps: PlanStep[], intent: string, partial: string[], catalog: Catalog, zh: boolean): Samples | null {
  for (const step of steps) {
    const samples = operationOf(step.operation).samples?.(step.operation, { step, intent, partial, catalog, zh });
    if (samples !== undefined) return samples;
  }
  return null;
}

/** The test's calculations (p-value, effect size, intervals, sample sizes), described in the question's language; the ones not finite are left out. */
function testCalculations(
  catalog: Catalog,
  samples: Samples,
  result: TwoSampleResult,
  unit: string,
  words: { compared: string; label: string; daily: string; unitWord: string },
  text: Text,
): Calculation[] {
  const { compared, label, daily, unitWord } = words;
  const metric = catalog.metrics[samples.metric];
  const display = displayOf(catalog, samples.metric);
  const sources = sourcesFor(catalog, [samples.metric], samples.step.dimensions);
  const calc = (
    id: keyof TwoSampleResult,
    description: string,
    d: Calculation['display'],
    delta: boolean,
    importance: Calculation['importance'],
    formula: string,
  ): Calculation => ({
    id: `stats.${id}`,
    step_id: 'stats',
    value: result[id] as number,
    display: d,
    unit: d === 'currency' ? (metric?.unit ?? null) : null,
    delta,
    description,
    formula,
    sources,
    importance,
    pick: { field: id, match: null },
  });
  return [
    calc('p_value', text('stats.calc.p-value', { compared }), 'p_value', false, 'high', `${result.method}, ${unitWord} values`),
    calc('cohens_d', text('stats.calc.cohens-d'), 'number', true, 'high', '(mean_after − mean_before) / pooled standard deviation'),
    calc('ci_low', text('stats.calc.ci-low', { daily }), display, true, 'high', 'Welch interval of mean_after − mean_before'),
    calc('ci_high', text('stats.calc.ci-high', { daily }), display, true, 'high', 'Welch interval of mean_after − mean_before'),
    calc('statistic', text('stats.calc.statistic'), 'number', true, 'low', '(mean_after − mean_before) / standard error'),
    calc(
      'n_before',
      text('stats.calc.sample-size', { sample: samples.before.label }),
      'integer',
      false,
      'medium',
      `count of ${unit} values`,
    ),
    calc('n_after', text('stats.calc.sample-size', { sample: samples.after.label }), 'integer', false, 'medium', `count of ${unit} values`),
    calc(
      'after_ci_low',
      text('stats.calc.after-ci-low', { metric: label, daily, sample: samples.after.label }),
      display,
      false,
      'high',
      'one-sample t interval of the mean',
    ),
    calc(
      'after_ci_high',
      text('stats.calc.after-ci-high', { metric: label, daily, sample: samples.after.label }),
      display,
      false,
      'high',
      'one-sample t interval of the mean',
    ),
  ].filter((c) => Number.isFinite(c.value));
}

type UnitSample = ReturnType<typeof compileUnitSample>;

/**
 * The two samples the plan offers and their test. A month of the window that holds no data yet (this month, early in
 * it) is skipped as a partial one is: the operation then offers the two months before it. The reason when there is
 * nothing to test, with no count in it (the report's auditor reads every number as a claim to cite).
 */
async function readSamples(
  ctx: Omit<SamplesContext, 'step'> & { steps: PlanStep[] },
  db: string,
  thinned: Thinned[],
  text: ReturnType<typeof textIn>,
): Promise<{ samples: Samples; before: UnitSample; after: UnitSample; result: TwoSampleResult } | { reason: string; summary: string }> {
  let partial = ctx.partial;
  let samples = samplesFor(ctx.steps, ctx.intent, partial, ctx.catalog, ctx.zh);
  if (!samples) return { reason: text('stats.no-samples'), summary: text('stats.no-samples-summary') };
  const limit = maxUnits();
  const read = async (s: Samples) => {
    thinned.length = 0;
    const [before, after] = [compileUnitSample(ctx.catalog, s.before.query), compileUnitSample(ctx.catalog, s.after.query)];
    return { before, after, a: await sampleValues(db, before, limit, thinned), b: await sampleValues(db, after, limit, thinned) };
  };
  try {
    let values = await read(samples);
    while (values.b.length === 0 && /^\d{4}-\d{2}$/.test(samples.after.label) && !partial.includes(samples.after.label)) {
      partial = [...partial, samples.after.label];
      const earlier = samplesFor(ctx.steps, ctx.intent, partial, ctx.catalog, ctx.zh);
      if (!earlier) return { reason: text('stats.no-data', { period: samples.after.label }), summary: text('stats.failed-summary') };
      samples = earlier;
      values = await read(samples);
    }
    if (values.a.length < 2 || values.b.length < 2)
      return {
        reason: text('stats.too-few', { before: samples.before.label, after: samples.after.label }),
        summary: text('stats.failed-summary'),
      };
    return { samples, before: values.before, after: values.after, result: twoSampleTest(values.a, values.b) };
  } catch (err) {
    // A sample half read when its connection was cut (or a database that may come back) is not "no test":
    // the activity fails and is tried again (src/temporal/failures.ts says whether that counts against the agent).
    if (isTransientDatabaseError(err)) throw err;
    return { reason: text('stats.failed', { reason: (err as Error).message }), summary: text('stats.failed-summary') };
  }
}

export const testSignificance = defineAgent({
  name: 'statistics',
  input: StatisticsInput,
  output: StatisticsOutput,
  run: async ({ workflow_id, catalogPath, databaseUrl, intent, steps, partial_periods }) => {
    const catalog = await catalogWithTypesFor(catalogPath, databaseUrl);
    const zh = intent.language === 'zh';
    const text = textIn(intent.language);
    const thinned: Thinned[] = [];
    const read = await readSamples(
      { steps, intent: intent.intent, partial: partial_periods, catalog, zh },
      databaseFor(databaseUrl),
      thinned,
      text,
    );
    if ('reason' in read) return noTest(read.reason, read.summary);
    const { samples, before, after, result } = read;
    const metric = catalog.metrics[samples.metric];
    const label = metric ? catalogText(intent.language, metric.label, metric.label_zh) : samples.metric;
    const compared = text('stats.compared', { metric: label, after: samples.after.label, before: samples.before.label });
    const unitWord = text(`stats.unit.${before.unit}`);
    // Daily totals test the mean day, not the month's total: their intervals are labelled so and not attached to the totals.
    const daily = before.unit === 'day' ? text('stats.daily-mean') : '';
    const significant = result.p_value < ALPHA;
    const calculations = testCalculations(catalog, samples, result, before.unit, { compared, label, daily, unitWord }, text);
    return {
      task_id: 'stats',
      ...testAndIntervals(result, compared, significant, `${label}${daily}`, samples),
      calculations_ref: await storeCalculations(workflow_id, 'stats', calculations),
      calculation_count: calculations.length,
      compared_calculations: daily ? { before: null, after: null } : samples.ids,
      // The sample queries are long: the validator reads them from the artifact store.
      recipe: {
        kind: 'stored' as const,
        step_id: 'stats',
        recipe_ref: await storeArtifact(workflow_id, 'stats', 'recipe', {
          kind: 'statistics',
          step_id: 'stats',
          before: { sql: thinned[0]?.sql ?? before.sql, params: before.params },
          after: { sql: thinned[1]?.sql ?? after.sql, params: after.params },
        } satisfies Recipe),
      },
      assumptions_made: [
        // No digits here: the report's auditor reads every number in it as a claim to cite (the sizes are n_before
        // and n_after; the units before thinning and the kept share are in the recipe's SQL).
        ...thinned.flatMap((x, i) =>
          x.permille === null ? [] : [text('stats.thinned', { sample: i === 0 ? samples.before.label : samples.after.label })],
        ),
        text('stats.test-unit', { unitWord, unit: before.unit, values: text(`stats.values.${before.unit}`) }),
        ...(before.unit === 'day' ? [text('stats.days-without-data')] : []),
      ],
      paths_excluded: significant ? [] : [text('stats.not-significant')],
      summary: text('stats.summary', {
        compared,
        verdict: text(significant ? 'stats.verdict.significant' : 'stats.verdict.not-significant'),
        p: significantDigits(result.p_value, 2),
        d: fixed(result.cohens_d, 2),
        nBefore: result.n_before,
        nAfter: result.n_after,
      }),
    };
  },
});

/** The output when no test is made: why, in the excluded paths, and the stage's line. */
function noTest(why: string, summary: string) {
  return {
    task_id: 'stats',
    tests: [],
    intervals: [],
    calculations_ref: null,
    calculation_count: 0,
    compared_calculations: { before: null, after: null },
    recipe: null,
    assumptions_made: [],
    paths_excluded: [why],
    summary,
  };
}

/**
 * A sample's values: all of them up to the limit of units; over it, counted, then thinned by the hash rule (never an
 * arbitrary first-N). Each sample read is recorded in `thinned`, for the recipe and the assumptions.
 */
async function sampleValues(
  db: string,
  c: { sql: string; params: (string | number)[] },
  limit: number,
  thinned: Thinned[],
): Promise<number[]> {
  const first = await queryRows(db, c.sql, c.params, { ...LIMITS, rowCap: limit });
  if (!first.capped) {
    thinned.push({ sql: c.sql, params: c.params, units: first.rows.length, permille: null });
    return first.rows.map((r) => Number(r.value)).filter(Number.isFinite);
  }
  const units = Number((await queryRows(db, `SELECT count(*) AS value FROM (${c.sql}\n) AS sample`, c.params, LIMITS)).rows[0]?.value ?? 0);
  const permille = Math.max(1, Math.floor((1000 * limit) / units));
  const sql = `SELECT sample.unit, sample.value FROM (${c.sql}\n) AS sample WHERE abs(hashtext(sample.unit::text)) % 1000 < ${permille}`;
  const { rows, capped } = await queryRows(db, sql, c.params, LIMITS);
  // A capped sample is an arbitrary subset: no test on it.
  if (capped) throw new Error(`a sample has more than ${LIMITS.rowCap} units after thinning`);
  thinned.push({ sql, params: c.params, units, permille });
  return rows.map((r) => Number(r.value)).filter(Number.isFinite);
}

/** The test as reported, and the two samples' means with their intervals. */
function testAndIntervals(
  result: TwoSampleResult,
  compared: string,
  significant: boolean,
  label: string,
  samples: { before: { label: string }; after: { label: string } },
) {
  return {
    tests: [
      {
        test: result.method,
        compared,
        n_a: result.n_before,
        n_b: result.n_after,
        mean_a: result.mean_before,
        mean_b: result.mean_after,
        statistic: result.statistic,
        p_value: result.p_value,
        ci_low: result.ci_low,
        ci_high: result.ci_high,
        effect_size: result.cohens_d,
        effect_size_kind: "Cohen's d",
        significant,
      },
    ],
    intervals: [
      {
        label: `${label} ${samples.before.label}`,
        value: result.mean_before,
        ci_low: result.before_ci_low,
        ci_high: result.before_ci_high,
        level: 0.95,
      },
      {
        label: `${label} ${samples.after.label}`,
        value: result.mean_after,
        ci_low: result.after_ci_low,
        ci_high: result.after_ci_high,
        level: 0.95,
      },
    ],
  };
}
