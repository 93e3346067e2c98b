/**
 * Two-sample significance tests, through stdlib-js (a maintained numerical
 * library with its own t distribution): Welch's t-test on the unit-level values
 * of two samples, Cohen's d as the effect size, and one-sample confidence
 * intervals for each sample's mean. Shared by the statistics agent and the
 * validator, which recomputes the numbers from the source rows.
 */
import ttest from '@stdlib/stats-ttest';
import ttest2 from '@stdlib/stats-ttest2';
import variance from '@stdlib/stats-strided-variance';

export const ALPHA = 0.05;

export interface TwoSampleResult {
  n_before: number;
  n_after: number;
  mean_before: number;
  mean_after: number;
  /** Welch's t statistic for after − before. */
  statistic: number;
  df: number;
  p_value: number;
  /** 95% interval of mean_after − mean_before. */
  ci_low: number;
  ci_high: number;
  /** Cohen's d with the pooled standard deviation. */
  cohens_d: number;
  /** 95% intervals of each mean. */
  before_ci_low: number;
  before_ci_high: number;
  after_ci_low: number;
  after_ci_high: number;
  method: string;
}

export function twoSampleTest(before: number[], after: number[]): TwoSampleResult {
  if (before.length < 2 || after.length < 2)
    throw new Error(`each sample needs at least 2 values (got ${before.length} and ${after.length})`);
  const test = ttest2(after, before, { alpha: ALPHA });
  const [nb, na] = [before.length, after.length];
  const pooled = Math.sqrt(((nb - 1) * variance(nb, 1, before, 1) + (na - 1) * variance(na, 1, after, 1)) / (nb + na - 2));
  const b = ttest(before, { alpha: ALPHA });
  const a = ttest(after, { alpha: ALPHA });
  const meanBefore = test.ymean ?? b.mean;
  const meanAfter = test.xmean ?? a.mean;
  const result = {
    n_before: nb,
    n_after: na,
    mean_before: meanBefore,
    mean_after: meanAfter,
    statistic: test.statistic,
    df: test.df ?? nb + na - 2,
    p_value: test.pValue,
    ci_low: test.ci[0] ?? Number.NaN,
    ci_high: test.ci[1] ?? Number.NaN,
    cohens_d: pooled > 0 ? (meanAfter - meanBefore) / pooled : 0,
    before_ci_low: b.ci[0] ?? Number.NaN,
    before_ci_high: b.ci[1] ?? Number.NaN,
    after_ci_low: a.ci[0] ?? Number.NaN,
    after_ci_high: a.ci[1] ?? Number.NaN,
    method: test.method,
  };
  // Samples that do not vary (everyone repurchased, or no one) have no test: say so rather than report NaN.
  const bad = Object.entries(result)
    .filter(([, v]) => typeof v === 'number' && !Number.isFinite(v))
    .map(([k]) => k);
  if (bad.length > 0) throw new Error(`the samples do not vary enough for a t-test (${bad.join(', ')} undefined)`);
  return result;
}
