/** The key metrics: the compared values with their confidence intervals, then the other important levels. */
import type { Calculation, Language, ReportSection } from '../../contracts';
import { formatCalculation } from '../../format/numbers';
import { bullets, citedLine, type SectionContext } from './context';

/**
 * The key metrics: `first` (the compared values), then the important levels of the steps, at most 8. A number is
 * listed once: two calculations of the same metric written the same way ("复购率 · 华东 · 2026-09" and "复购率 ·
 * 变化前", both 26.88%) are the same number under two names, and only the first is kept.
 */
export function keyMetrics(first: Calculation[], citable: Calculation[], language: Language): Calculation[] {
  const levels = citable.filter((x) => x.importance === 'high' && x.step_id !== 'dq' && x.step_id !== 'stats' && !x.delta);
  const seen = new Set<string>();
  const kept: Calculation[] = [];
  for (const calc of [...first, ...levels]) {
    const metric = calc.description.split(' · ')[0] ?? calc.description;
    const key = `${metric}\u0000${formatCalculation(calc, language)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(calc);
  }
  return kept.slice(0, 8);
}

export function keyMetricsSection(ctx: SectionContext): ReportSection | null {
  const { c, citable, text, language } = ctx;
  const compared = ctx.input.statistics?.compared_calculations;
  const interval = (id: string) =>
    compared?.after === id && c.has('stats.after_ci_low')
      ? text('report.key-metrics.interval', { low: String(c.cite('stats.after_ci_low')), high: String(c.cite('stats.after_ci_high')) })
      : '';
  // The compared values (their intervals are shown with them), then the other important levels; a number that two
  // steps both computed (the month before as a monthly value and as a decomposition's "before") is listed once.
  const first = [compared?.before, compared?.after]
    .filter((id): id is string => c.has(id))
    .map((id) => citable.find((x) => x.id === id) as Calculation);
  const body = bullets(
    keyMetrics(first, citable, language).map((k) => {
      const l = citedLine(ctx, k);
      return l ? `${l}${interval(k.id)}` : null;
    }),
  );
  return body ? { id: 'key-metrics', heading: text('report.heading.key-metrics'), body } : null;
}
