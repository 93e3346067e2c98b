/**
 * The metric kind, in one place: how a metric's values combine across groups,
 * which the verifier reads (src/verify) instead of guessing from the SQL.
 *   - additive: a sum or a count of rows; the groups of a partition add up to the total.
 *   - ratio: numerator / denominator; changes split into mix and rate effects, groups never add up.
 *   - distinct: a count of distinct units (or another aggregate that is not a sum: MAX, MIN, AVG);
 *     a unit in several groups counts once in each, so the groups need not add up to the total.
 * A catalog may declare `kind:`; when it does, it must agree with the definition (parseCatalog says so if not).
 * Pure and dependency-free.
 */

export const METRIC_KINDS = ['additive', 'ratio', 'distinct'] as const;
export type MetricKind = (typeof METRIC_KINDS)[number];

/** Aggregates whose groups do not add up to the total (anything but SUM and COUNT). */
const NOT_ADDITIVE =
  /\b(AVG|MIN|MAX|STDDEV(_POP|_SAMP)?|VARIANCE|VAR_(POP|SAMP)|MEDIAN|MODE|PERCENTILE_(CONT|DISC)|BOOL_(AND|OR)|EVERY|BIT_(AND|OR))\s*\(/i;

/** The kind a metric's definition implies: numerator and denominator → ratio, COUNT(DISTINCT …) (or MAX, MIN, AVG …) → distinct, else additive. */
export function impliedMetricKind(metric: { expression?: string; numerator?: string; denominator?: string }): MetricKind {
  if (metric.numerator !== undefined || metric.denominator !== undefined) return 'ratio';
  const expression = metric.expression ?? '';
  if (/\bDISTINCT\b/i.test(expression) || NOT_ADDITIVE.test(expression)) return 'distinct';
  return 'additive';
}

/** Why a declared kind disagrees with the definition, or null when it agrees (or none is declared). */
export function metricKindProblem(metric: {
  kind?: MetricKind;
  expression?: string;
  numerator?: string;
  denominator?: string;
}): string | null {
  if (metric.kind === undefined) return null;
  const implied = impliedMetricKind(metric);
  if (metric.kind === implied) return null;
  const why: Record<MetricKind, string> = {
    ratio: 'it has numerator and denominator',
    distinct: 'its expression counts distinct values (or is an aggregate other than SUM and COUNT)',
    additive: 'its expression is a sum or a count of rows',
  };
  return `kind is "${metric.kind}" but the definition is ${implied === 'additive' ? 'an' : 'a'} ${implied} metric: ${why[implied]}`;
}
