/**
 * A section per finding: one plain sentence of what it means (src/report/leads.ts), then the verified calculations
 * of its step, and the chart drawn from it.
 */
import type { ReportSection } from '../../contracts';
import { catalogText } from '../../format/labels';
import { leadSentence } from '../leads';
import { quantityName } from '../names';
import { bullets, chartId, citedLine, type SectionContext } from './context';

/** The metric a step's numbers are about: the name its first level starts with, else the question's metric. */
function subjectOf(ctx: SectionContext, stepId: string): string {
  const level = ctx.citable.find((x) => x.step_id === stepId && !x.delta && x.pick.field === 'value');
  if (level) return quantityName(ctx, level).split(' · ')[0] ?? '';
  const query = ctx.input.data_scope.primary_query;
  const metric = query ? ctx.catalog.metrics[query.metric] : undefined;
  return metric ? catalogText(ctx.language, metric.label, metric.label_zh) : ctx.text('report.lead.subject');
}

export function findingSection(
  ctx: SectionContext,
  step: SectionContext['input']['chart_data'][number],
  index: number,
): ReportSection | null {
  const id = `finding-${index + 1}`;
  const calcs = ctx.citable.filter((x) => x.step_id === step.step_id).slice(0, 10);
  const lines = bullets(calcs.map((calc) => citedLine(ctx, calc)));
  if (!lines) return null;
  const body = `${leadSentence(ctx, step, subjectOf(ctx, step.step_id))}\n${lines}`;
  // The chart of the step (when one is drawn) stands beside its finding: the renderers place it by this id.
  const heading = ctx.language === 'en' ? step.description.replace(/^[a-z]/, (c) => c.toUpperCase()) : step.description;
  return { id, heading, body, ...(ctx.charted.has(step.step_id) ? { chart_id: chartId(step.step_id) } : {}) };
}
