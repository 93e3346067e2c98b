/**
 * Report agent: the last runner of the relay. It writes the report from the
 * analysis output, the data scope, the data-quality and statistics results and
 * the re-verified calculations, in the question's language:
 *
 *   title, executive summary, key metrics (with confidence intervals where a test
 *   gives one), a section per finding, statistics, data quality, data scope,
 *   assumptions, excluded paths and limitations, and charts.
 *
 * Every number it writes is a verified calculation followed by its citation
 * marker [n] (src/report/citations.ts); a number that did not verify is never
 * written. Each section kind is written by its module in src/report/sections/.
 * Asked to revise after an audit, it rewrites only the flagged sections and
 * keeps the rest, with the same markers.
 */
import { defineAgent } from '../agents/contract';
import { ReportDraft, ReportInput, type Calculation, type ReportOutput, type ReportSection } from '../contracts';
import { textIn } from '../messages';
import { wordsFor } from '../messages/words';
import { basisLines, reportAnswer } from '../report/answer';
import { reportCharts } from '../report/charts';
import { Citations } from '../report/citations';
import { modelSummary } from '../report/model-summary';
import { keyMetrics, sectionWriters, type SectionContext } from '../report/sections';
import { catalogFor } from '../settings/sources';
import { loadArtifact, loadCalculations, storeArtifact } from '../storage/artifacts';

/** The sections: those the audit flagged (all, the first time) written anew, the others kept as they were. */
function writeSections(ctx: SectionContext, previous: ReportOutput | null, toFix: Set<string>): ReportSection[] {
  const sections: ReportSection[] = [];
  for (const [id, write] of sectionWriters(ctx)) {
    const kept = previous?.sections.find((s) => s.id === id);
    if (previous && !toFix.has(id)) {
      if (kept) sections.push(kept);
      continue;
    }
    const section = write();
    if (section) sections.push(section);
  }
  return sections;
}

export const writeReport = defineAgent({
  name: 'report',
  input: ReportInput,
  output: ReportDraft,
  run: async (input) => {
    const { task_id, workflow_id, user_intent, catalogPath, revision, attempt } = input;
    const catalog = catalogFor(catalogPath);
    const calculations = await loadCalculations(input.calculation_refs);
    const verified = new Set(input.verified);
    const citable = calculations.filter((x) => verified.has(x.id));
    const previous = revision ? await loadArtifact<ReportOutput>(revision.previous_ref) : null;
    const language = user_intent.intent.language;
    const text = textIn(language);
    const citations = new Citations(new Map(citable.map((x) => [x.id, x])), language, previous?.citations ?? []);
    // A model writes the summary only when the summary is (re)written.
    const summaryDue = !revision || revision.audit.sections_to_fix.includes('summary');
    const summary = summaryDue ? await modelSummary(input, citable, language) : { text: null, note: null };
    const charts = reportCharts(input.chart_data, catalog, calculations, citable, citations, language);
    const ctx: SectionContext = {
      input,
      catalog,
      c: citations,
      citable,
      mismatched: calculations.filter((x) => input.mismatched.includes(x.id)),
      charted: charts.charted,
      written: summary.text,
      writerNote: summary.note,
      language,
      w: wordsFor(language),
      text,
    };
    const sections = writeSections(ctx, previous, new Set(revision?.audit.sections_to_fix ?? []));
    // Every value in a chart's data table cites its calculation (cited after the sections, so the sections' markers come first).
    const drawn = charts.present();
    const used = new Set([
      ...sections.flatMap((s) => [...s.body.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))),
      ...drawn.flatMap((ch) => ch.sources.flatMap((row) => Object.values(row).map((cell) => cell?.marker ?? 0))),
    ]);
    const report = assemble(ctx, sections, drawn, used, calculations);
    // The report is an artifact; the history carries its reference and the executive summary.
    const keyIds = new Set(input.analysis.key_metrics.flatMap((m) => (m.calculation_id ? [m.calculation_id] : [])));
    return {
      task_id,
      report_ref: await storeArtifact(workflow_id, 'report', 'report', report),
      title: report.title,
      status: report.status,
      answer: report.answer,
      attempt,
      section_ids: sections.map((s) => s.id),
      citation_count: report.citations.length,
      chart_count: drawn.length,
      summary: sections.find((s) => s.id === 'summary')?.body ?? '',
      // The key metrics' citations (the run's metrics show their markers); every citation is in the report artifact.
      citations: report.citations
        .filter((x) => keyIds.has(x.calculation_id))
        .map((x) => ({ marker: x.marker, calculation_id: x.calculation_id })),
    };
  },
});

/** The report as stored: title, sections, key metrics, charts, the citations used, limitations, status and answer. */
function assemble(
  ctx: SectionContext,
  sections: ReportSection[],
  drawn: ReportOutput['charts'],
  used: Set<number>,
  calculations: Calculation[],
): ReportOutput {
  const { input, catalog, citable, language, text } = ctx;
  const { task_id, analysis, data_scope, user_intent, attempt } = input;
  const citations = ctx.c;
  const stats = input.statistics;
  const compared = stats?.compared_calculations.after;
  // Group keys are names, numeric ones too (a customer known by its id, 25550): their digits are not numbers to verify.
  const names = calculations.flatMap((x) =>
    Object.values(x.pick.match ?? {})
      .filter((v) => v !== null && v !== undefined)
      .map(String),
  );
  return {
    task_id,
    input_task_id: analysis.task_id,
    title: text('report.title', { question: user_intent.question }),
    language,
    sections,
    key_metrics: keyMetrics([], citable, language).map((x) => ({
      name: x.description,
      value: x.value,
      ...(x.id === compared && stats?.intervals[1] ? { ci_low: stats.intervals[1].ci_low, ci_high: stats.intervals[1].ci_high } : {}),
    })),
    charts: drawn,
    citations: citations.list.filter((x) => used.has(x.marker)).sort((a, b) => a.marker - b.marker),
    limitations:
      sections
        .find((s) => s.id === 'limitations')
        ?.body.split('\n')
        .map((l) => l.replace(/^- /, '')) ?? [],
    status: analysis.complete ? ('completed' as const) : ('degraded' as const),
    answer: reportAnswer(
      analysis.findings,
      citable,
      basisLines(data_scope, catalog, language),
      analysis.assumptions_made,
      language,
      names,
      catalog,
    ),
    attempt,
    audit: null,
  };
}
