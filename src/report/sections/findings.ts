/** A section per finding: the verified calculations of its step, and the chart drawn from it. */
import type { ReportSection } from '../../contracts';
import { bullets, chartId, citedLine, type SectionContext } from './context';

export function findingSection(
  ctx: SectionContext,
  step: SectionContext['input']['chart_data'][number],
  index: number,
): ReportSection | null {
  const id = `finding-${index + 1}`;
  const calcs = ctx.citable.filter((x) => x.step_id === step.step_id).slice(0, 10);
  const body = bullets(calcs.map((calc) => citedLine(ctx, calc)));
  // The chart of the step (when one is drawn) stands beside its finding: the renderers place it by this id.
  return body
    ? { id, heading: step.description, body, ...(ctx.charted.has(step.step_id) ? { chart_id: chartId(step.step_id) } : {}) }
    : null;
}
