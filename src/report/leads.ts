/**
 * The plain sentence a finding opens with: what the step's result means, in words, before its numbers ("新客解释了
 * 这次变化的大部分。", "Most of the change comes from New Customers (customer type)."). It states no number: it
 * reads the direction, the largest part or the first row from the step's rows, and the numbers follow it as cited
 * lines. A key with digits in it (a customer id, a year) is left to the lines, so the sentence never holds a figure
 * the auditor would have to find a citation for.
 */
import type { Row } from '../contracts';
import { valueLabel } from '../format/labels';
import { effectName, segmentName } from './names';
import type { SectionContext } from './sections/context';

type Step = SectionContext['input']['chart_data'][number];

const TIME_KEYS = new Set(['month', 'quarter', 'year', 'period', 'week', 'day', 'date']);
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

/** The row's key in words: its text columns (not the period's), each value by its catalog label. */
function keyOf(ctx: SectionContext, row: Row, skip: Set<string> = new Set()): string | null {
  const parts = Object.entries(row)
    .filter(([k, v]) => typeof v === 'string' && !TIME_KEYS.has(k) && !skip.has(k))
    .map(([k, v]) => (ctx.catalog.dimensions[k] ? valueLabel(ctx.catalog, ctx.language, k, String(v)) : String(v)));
  const key = parts.join(' · ');
  return key && !/\d/.test(key) ? key : null;
}

/** The row with the largest `field` (the smallest when `lowest`). */
function extreme(rows: Row[], field: string, lowest = false): Row | undefined {
  const sign = lowest ? -1 : 1;
  return rows.filter((r) => Number.isFinite(num(r[field]))).sort((a, b) => sign * (num(b[field]) - num(a[field])))[0];
}

/** A level over months, or the highest group of a breakdown. */
function levelLead(ctx: SectionContext, rows: Row[], subject: string): string | null {
  const keyed = rows.some((r) => keyOf(ctx, r) !== null);
  if (!keyed) {
    const months = rows.filter((r) => Number.isFinite(num(r.value)));
    const first = months[0];
    const last = months.at(-1);
    if (!first || !last || months.length < 2) return ctx.text('report.lead.level.one', { subject });
    const change = num(last.value) - num(first.value);
    return ctx.text(change > 0 ? 'report.lead.level.rose' : change < 0 ? 'report.lead.level.fell' : 'report.lead.level.flat', { subject });
  }
  const top = extreme(rows, 'value');
  const key = top ? keyOf(ctx, top) : null;
  return key ? ctx.text('report.lead.highest', { subject, top: key }) : null;
}

/** A decomposition: the segment with the largest part in the direction of the change, and how large a part. */
function decompositionLead(ctx: SectionContext, rows: Row[]): string | null {
  const change = rows.reduce((sum, r) => sum + (Number.isFinite(num(r.total_effect)) ? num(r.total_effect) : 0), 0);
  const top = extreme(rows, 'total_effect', change < 0);
  if (!top || change === 0) return null;
  const dimension = Object.keys(top).find((k) => ctx.catalog.dimensions[k] && typeof top[k] === 'string');
  if (!dimension || /\d/.test(String(top[dimension]))) return null;
  const segment = segmentName(ctx.catalog, ctx.language, dimension, String(top[dimension]));
  const part = num(top.total_effect) / change;
  const key =
    part > 1 ? 'report.lead.decomposition.more' : part > 0.5 ? 'report.lead.decomposition.most' : 'report.lead.decomposition.largest';
  return ctx.text(key, { segment });
}

/** A ranking of effects: the first, and whether it is most of the change or more than all of it. */
function rankLead(ctx: SectionContext, rows: Row[]): string | null {
  const top = rows[0];
  if (!top || /\d/.test(String(top.segment))) return null;
  const effect = effectName(ctx, String(top.dimension), String(top.segment), String(top.effect_type));
  const share = num(top.share_of_change);
  const key = share > 1 ? 'report.lead.rank.more' : share > 0.5 ? 'report.lead.rank.most' : 'report.lead.rank.largest';
  return ctx.text(key, { effect });
}

/** A trend: the direction over the whole period of its first series. */
function trendLead(ctx: SectionContext, rows: Row[], subject: string): string | null {
  const row = rows[0];
  if (!row) return null;
  const change = Number.isFinite(num(row.total_change_pct)) ? num(row.total_change_pct) : num(row.last_value) - num(row.first_value);
  if (!Number.isFinite(change)) return null;
  const series = row.series === undefined || row.series === 'all' || /\d/.test(String(row.series)) ? '' : String(row.series);
  const who = series ? ctx.text('report.summary.series-subject', { series, metric: subject }) : subject;
  return ctx.text(change > 0 ? 'report.lead.trend.rose' : change < 0 ? 'report.lead.trend.fell' : 'report.lead.trend.flat', {
    subject: who,
  });
}

/** A ranked list: the first row, said as the highest or the lowest by the order of its values. */
function topLead(ctx: SectionContext, rows: Row[], subject: string): string | null {
  const first = rows[0];
  const last = rows.at(-1);
  const key = first ? keyOf(ctx, first) : null;
  if (!first || !key) return null;
  const field = Object.keys(first).find((k) => typeof first[k] === 'number');
  if (!field || !last || rows.length < 2) return ctx.text('report.lead.first', { top: key });
  return ctx.text(num(first[field]) < num(last[field]) ? 'report.lead.lowest' : 'report.lead.highest', { subject, top: key });
}

/** The sentence a finding opens with; `subject` is the metric its numbers are about. */
export function leadSentence(ctx: SectionContext, step: Step, subject: string): string {
  const rows = step.rows;
  const lead = (() => {
    switch (step.kind) {
      case 'metric':
      case 'compare':
        return levelLead(ctx, rows, subject);
      case 'change_decomposition':
        return decompositionLead(ctx, rows);
      case 'rank_contributors':
        return rankLead(ctx, rows);
      case 'trend':
        return trendLead(ctx, rows, subject);
      case 'top_n':
        return topLead(ctx, rows, subject);
      case 'share_of_total': {
        const top = extreme(rows, 'share');
        const key = top ? keyOf(ctx, top) : null;
        return key ? ctx.text('report.lead.largest-share', { subject, top: key }) : null;
      }
      case 'gap_contribution': {
        const top = rows
          .filter((r) => Number.isFinite(num(r.contribution)))
          .sort((a, b) => Math.abs(num(b.contribution)) - Math.abs(num(a.contribution)))[0];
        const key = top ? keyOf(ctx, top) : null;
        return key ? ctx.text('report.lead.largest-contribution', { top: key }) : null;
      }
      default:
        return null;
    }
  })();
  const sentence = lead ?? ctx.text('report.lead.other');
  return ctx.language === 'en' ? sentence.replace(/^[a-z]/, (c) => c.toUpperCase()) : sentence;
}
