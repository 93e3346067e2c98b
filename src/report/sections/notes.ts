/** The closing sections: the assumptions, the paths excluded and the limitations of the analysis. */
import type { ReportSection } from '../../contracts';
import { readable } from '../names';
import { bullets, capitalised, type SectionContext } from './context';

/** Each item once, from the analysis, the data-quality check and the statistics, in that order. */
function merged(ctx: SectionContext, field: 'assumptions_made' | 'paths_excluded'): string[] {
  const { analysis, data_quality: dq, statistics } = ctx.input;
  // Written by the agents for the pipeline as much as for people: their column and segment references in the catalog's words.
  return [...new Set([...analysis[field], ...(dq?.[field] ?? []), ...(statistics?.[field] ?? [])])].map((item) =>
    capitalised(ctx, readable(item, ctx.catalog, ctx.language)),
  );
}

export function assumptionsSection(ctx: SectionContext): ReportSection | null {
  const items = merged(ctx, 'assumptions_made');
  return items.length > 0 ? { id: 'assumptions', heading: ctx.text('report.heading.assumptions'), body: bullets(items) } : null;
}

export function pathsExcludedSection(ctx: SectionContext): ReportSection | null {
  const items = merged(ctx, 'paths_excluded');
  return items.length > 0 ? { id: 'paths-excluded', heading: ctx.text('report.heading.paths-excluded'), body: bullets(items) } : null;
}

export function limitationsSection(ctx: SectionContext): ReportSection | null {
  const { text, input, mismatched, writerNote } = ctx;
  const { analysis, data_scope } = input;
  const items = [
    ...(analysis.complete ? [] : [text('report.limitations.incomplete')]),
    ...(!input.statistics?.tests[0] ? [text('report.limitations.no-test')] : []),
    ...mismatched.map((m) => text('report.limitations.mismatched', { calculation: m.description })),
    ...(analysis.context_note ? [`\`${analysis.context_note}\``] : []),
    ...(writerNote ? [`\`${writerNote}\``] : []),
    ...data_scope.anomalies.map((a) => `\`${a}\``),
  ];
  return items.length > 0 ? { id: 'limitations', heading: text('report.heading.limitations'), body: bullets(items) } : null;
}
