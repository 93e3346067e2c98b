/**
 * The report's sections in the order the report shows them, each written by its own module: the executive summary,
 * the key metrics, a section per finding, statistics, data quality, data scope, assumptions, paths excluded and
 * limitations. A writer is called only for a section that is (re)written: a revision keeps the sections the audit
 * did not flag.
 */
import type { ReportSection } from '../../contracts';
import { formulaText } from '../formulas';
import { quantityName } from '../names';
import type { SectionContext } from './context';
import { dataQualitySection } from './data-quality';
import { dataScopeSection } from './data-scope';
import { findingSection } from './findings';
import { keyMetricsSection } from './key-metrics';
import { assumptionsSection, limitationsSection, pathsExcludedSection } from './notes';
import { statisticsSection } from './statistics';
import { summarySection } from './summary';

export type { SectionContext } from './context';
export { keyMetrics } from './key-metrics';
export { PLACEHOLDER } from './summary';

/** The section writers by section id, in the report's order. */
export function sectionWriters(ctx: SectionContext): Map<string, () => ReportSection | null> {
  const writers = new Map<string, () => ReportSection | null>();
  // The citations list names each calculation as the sections do.
  ctx.c.useNames(
    (calc) => quantityName(ctx, calc),
    (formula) => formulaText(formula, ctx.catalog, ctx.language),
  );
  writers.set('summary', () => summarySection(ctx));
  writers.set('key-metrics', () => keyMetricsSection(ctx));
  ctx.input.chart_data.forEach((step, i) => writers.set(`finding-${i + 1}`, () => findingSection(ctx, step, i)));
  writers.set('statistics', () => statisticsSection(ctx));
  writers.set('data-quality', () => dataQualitySection(ctx));
  writers.set('data-scope', () => dataScopeSection(ctx));
  writers.set('assumptions', () => assumptionsSection(ctx));
  writers.set('paths-excluded', () => pathsExcludedSection(ctx));
  writers.set('limitations', () => limitationsSection(ctx));
  return writers;
}
