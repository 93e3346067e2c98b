/**
 * The executive summary: a model's summary when one was written (its placeholders replaced by cited values),
 * otherwise sentences by rule: the change and its main contributor, the gap of a comparison, or the trend of each
 * series; the significance test; and what the data-quality check found.
 */
import type { Calculation, ReportSection, Row } from '../../contracts';
import { catalogText, filterLabels } from '../../format/labels';
import { effectName, segmentName } from '../names';
import { overWhole } from '../shares';
import { trendSentence } from '../../messages/trend-sentence';
import { capitalised, citedLine, dirtyTables, dqCounts, type SectionContext } from './context';

/** Placeholders a model writes for numbers: {{calculation id}}. */
export const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** The primary metric's label, or `fallback` when the scope names none. */
function metricName(ctx: SectionContext, fallback: string): string {
  const query = ctx.input.data_scope.primary_query;
  const metric = query ? ctx.catalog.metrics[query.metric] : undefined;
  return metric ? catalogText(ctx.language, metric.label, metric.label_zh) : fallback;
}

/**
 * The main contributor of a decomposed change, named as the sections name it: the segment's total contribution to
 * the change (its decomposition's) and, of it, the effect the ranking puts first, with its share of the change (above
 * the whole change, with what offset it). Without the total, the effect alone.
 */
function contributorSentence(ctx: SectionContext, rank: SectionContext['input']['chart_data'][number], top: Row): string | null {
  const { c, citable, text } = ctx;
  const dimension = String(top.dimension);
  const segment = String(top.segment);
  const who = `${dimension}=${segment}.${String(top.effect_type)}`;
  const effect = citable.find((x) => x.id === `${rank.step_id}.${who}.effect`);
  const shareCalc = citable.find((x) => x.id === `${rank.step_id}.${who}.share`);
  const total = citable.find(
    (x) =>
      x.pick.field === 'total_effect' &&
      x.pick.match?.[dimension] === segment &&
      ctx.input.chart_data.some((d) => d.step_id === x.step_id && d.kind === 'change_decomposition'),
  );
  if (!effect) return null;
  const totalText = total && total.value !== effect.value ? c.cite(total.id) : null;
  const value = c.cite(effect.id);
  const shareValue = shareCalc ? c.cite(shareCalc.id) : null;
  const share =
    shareValue && shareCalc ? `${text('report.summary.share-of-change', { share: shareValue })}${overWhole(ctx, shareCalc)}` : '';
  if (!value) return null;
  if (totalText) {
    const kind = top.effect_type === 'mix' ? 'mix' : top.effect_type === 'rate' ? 'rate' : 'own';
    return text('report.summary.contributor-total', {
      segment: segmentName(ctx.catalog, ctx.language, dimension, segment),
      total: totalText,
      effect: text(`report.name.effect-word.${kind}`),
      value,
      share,
    });
  }
  return text('report.summary.contributor', { name: effectName(ctx, dimension, segment, String(top.effect_type)), value, share });
}

/** A decomposed change: the move, its main contributor, and the related metrics over the same months. */
function changeSentences(ctx: SectionContext, rank: SectionContext['input']['chart_data'][number]): string[] {
  const { c, catalog, language, text, w, input } = ctx;
  const sentences: string[] = [];
  const top = rank.rows[0];
  const values =
    input.data_scope.primary_query?.filters
      .map((f) => filterLabels(catalog, language, f, text('report.summary.value-separator')))
      .join(' ') ?? '';
  sentences.push(
    text('report.summary.change', {
      scope: values ? text('report.summary.scope', { scope: values }) : '',
      metric: metricName(ctx, input.user_intent.question),
      before: c.cite(`${rank.step_id}.value_before`) ?? w.unverified,
      after: c.cite(`${rank.step_id}.value_after`) ?? w.unverified,
      change: String(c.cite(`${rank.step_id}.change`)),
    }),
  );
  const main = top ? contributorSentence(ctx, rank, top) : null;
  if (main) sentences.push(main);
  // Related metrics (drivers the plan looked at): their move over the same two months.
  const colon = text('common.labelled', { label: '', value: '' }).trim();
  for (const related of input.chart_data.filter(
    (d) => d.kind === 'metric' && d.rows.length === 2 && d.step_id !== input.chart_data[0]?.step_id,
  )) {
    const [from, to] = related.rows.map((r) => c.cite(`${related.step_id}.${String(r.month)}.value`));
    if (from && to) sentences.push(text('report.summary.related', { metric: related.description.split(colon)[0] ?? '', from, to }));
  }
  return sentences;
}

/** A trend: each series that verified in full, worded so the change over the period and the latest direction never contradict each other. */
function trendSentences(ctx: SectionContext, trendStep: SectionContext['input']['chart_data'][number]): string[] {
  const { c, language, text, w } = ctx;
  const name = metricName(ctx, trendStep.description);
  const sentences: string[] = [];
  for (const row of trendStep.rows.slice(0, 3)) {
    const id = (field: string) => `${trendStep.step_id}.${String(row.series)}.${field}`;
    if (![id('first_value'), id('last_value'), id('run_length')].every((x) => c.has(x))) continue;
    const series = row.series === 'all' || row.series === undefined ? '' : String(row.series);
    const change = typeof row.total_change_pct === 'number' ? row.total_change_pct : Number(row.last_value) - Number(row.first_value);
    const run = Number(row.run_length);
    sentences.push(
      trendSentence(language, {
        subject: series ? text('report.summary.series-subject', { series, metric: name }) : name,
        first: c.cite(id('first_value')) ?? w.unverified,
        firstMonth: String(row.first_month),
        last: c.cite(id('last_value')) ?? w.unverified,
        lastMonth: String(row.last_month),
        overall: Math.sign(change),
        overallText: c.has(id('total_change_pct')) ? (c.cite(id('total_change_pct')) ?? '').replace(/^[+−-]/, '') : null,
        // A single month is said in words ("the latest month fell") and cites nothing; a longer run cites its length.
        direction: String(row.direction),
        runText: run === 1 ? '' : (c.cite(id('run_length')) ?? ''),
        single: run === 1,
      }),
    );
  }
  return sentences;
}

/** Calculations as one sentence: "a: 1[1]; b: 2[2]." */
function asSentence(ctx: SectionContext, calcs: Calculation[]): string | null {
  const parts = calcs.map((x) => citedLine(ctx, x)).filter(Boolean);
  return parts.length > 0 ? `${parts.join(ctx.text('common.semicolon'))}${ctx.text('common.full-stop')}` : null;
}

/** What the numbers say: the change, the gap or the trend; the headline numbers when none of them verified. */
function findingSentences(ctx: SectionContext): string[] {
  const { c, citable, input } = ctx;
  const rank = input.chart_data.find((d) => d.kind === 'rank_contributors');
  const gap = input.chart_data.find((d) => d.kind === 'gap_contribution');
  const trendStep = input.chart_data.find((d) => d.kind === 'trend');
  let sentences: string[] = [];
  if (rank && c.has(`${rank.step_id}.change`)) sentences = changeSentences(ctx, rank);
  else if (gap && c.has(`${gap.step_id}.gap`)) {
    // A comparison: the two segments and the gap between them.
    const parts = ['value_a', 'value_b', 'gap']
      .map((f) => citable.find((x) => x.id === `${gap.step_id}.${f}`))
      .filter((x): x is Calculation => x !== undefined);
    sentences = [
      `${parts
        .map((x) => citedLine(ctx, x))
        .filter(Boolean)
        .join(ctx.text('common.semicolon'))}${ctx.text('common.full-stop')}`,
    ];
  } else if (trendStep) sentences = trendSentences(ctx, trendStep);
  if (sentences.length === 0) {
    const weight = { high: 0, medium: 1, low: 2 };
    const headline = asSentence(
      ctx,
      citable
        .filter((x) => x.step_id !== 'dq' && x.step_id !== 'stats')
        .sort((p, q) => weight[p.importance] - weight[q.importance])
        .slice(0, 4),
    );
    if (headline) sentences.push(headline);
  }
  return sentences;
}

/** The significance test's verdict, when it verified. */
function testSentence(ctx: SectionContext): string | null {
  const { c, text, input } = ctx;
  const test = input.statistics?.tests[0];
  if (!test || !c.has('stats.p_value')) return null;
  const p = String(c.cite('stats.p_value'));
  const tested = text(input.user_intent.intent.intent === 'comparison' ? 'report.summary.tested.gap' : 'report.summary.tested.change');
  if (!test.significant) return text('report.summary.not-significant', { tested, p });
  const d = c.cite('stats.cohens_d');
  return text('report.summary.significant', { tested, p, effect: d ? text('report.summary.effect-size', { d }) : '' });
}

/** What the data-quality check found, and the periods only partly loaded. */
function dataQualitySentences(ctx: SectionContext): string[] {
  const { c, text, w, input } = ctx;
  const dq = input.data_quality;
  if (!dq) return [];
  const sentences: string[] = [];
  const dirty = dirtyTables(dq).map((tb) => dqCounts(c, tb, `${tb.table}.dirty_rows`));
  const inPeriod = dirty.map((d) => d.period).filter(Boolean);
  const whole = dirty.map((d) => d.all).filter(Boolean);
  const wholeRows =
    whole.length === 0
      ? ''
      : text(whole.length > 1 ? 'report.summary.dirty-whole-tables' : 'report.summary.dirty-whole-table', { rows: whole.join(' + ') });
  if (inPeriod.length > 0) sentences.push(text('report.summary.dirty-in-period', { rows: inPeriod.join(' + '), whole: wholeRows }));
  else if (whole.length > 0) sentences.push(text('report.summary.dirty', { rows: whole.join(' + ') }));
  if (dq.partial_periods.length > 0)
    sentences.push(text('report.summary.partial-periods', { periods: w.list(dq.partial_periods.map((p) => p.period)) }));
  return sentences;
}

export function summarySection(ctx: SectionContext): ReportSection {
  const { c, text, w, written } = ctx;
  const heading = text('report.heading.summary');
  if (written !== null)
    return { id: 'summary', heading, body: written.replace(PLACEHOLDER, (_, id: string) => c.cite(id) ?? w.unverified) };
  const sentences = [...findingSentences(ctx), testSentence(ctx), ...dataQualitySentences(ctx)].filter((s): s is string => s !== null);
  if (sentences.length === 0) sentences.push(text('report.summary.nothing-verified'));
  return { id: 'summary', heading, body: w.sentences(sentences.map((s) => capitalised(ctx, s))) };
}
