/** The data-quality section: the rows of each table, what each check found and how it was handled, the partial periods. */
import type { ReportSection } from '../../contracts';
import { readable } from '../names';
import { bullets, dqCounts, type DataQuality, type DataQualityTable, type SectionContext } from './context';

/**
 * How rows are placed in the analysed period, as the data-quality agent writes it (src/activities/quality.ts:
 * "paid_at (created_at where paid_at is empty)", "order_id through orders"), in the report's language.
 */
function placementText(ctx: SectionContext, how: string): string {
  const said = (s: string) => readable(s, ctx.catalog, ctx.language);
  const fallback = /^(\S+) \((\S+) where \1 is empty\)$/.exec(how);
  if (fallback) return ctx.text('report.dq.placed-by-fallback', { field: said(fallback[1] ?? ''), fallback: said(fallback[2] ?? '') });
  const referenced = /^referenced through (\S+) by (\S+) rows with (\S+) in the period$/.exec(how);
  if (referenced) return ctx.text('report.name.placed-through-rows', { table: referenced[2] ?? '', field: said(referenced[3] ?? '') });
  const through = /^(\S+) through (\S+)$/.exec(how);
  if (through) return ctx.text('report.dq.placed-through', { field: said(through[1] ?? ''), through: said(through[2] ?? '') });
  return said(how);
}

/** A table's rows: in the analysed period when they can be placed in it, otherwise in the whole table. */
function tableLine(ctx: SectionContext, tb: DataQualityTable): string | null {
  const rows = dqCounts(ctx.c, tb, `${tb.table}.rows`);
  if (rows.period)
    return ctx.text('report.dq.rows-in-period', { table: tb.table, rows: rows.period, placement: placementText(ctx, tb.period ?? '') });
  if (!rows.all) return null;
  return ctx.text(tb.rows_all === undefined ? 'report.dq.rows' : 'report.dq.rows-whole-table', { table: tb.table, rows: rows.all });
}

/** What one check found, in the period and in the whole table, and whether the metric counts those rows. */
function checkLine(ctx: SectionContext, dq: DataQuality, k: DataQuality['checks'][number]): string | null {
  const { c, text } = ctx;
  const tb = dq.tables.find((x) => x.table === k.table);
  const n = tb ? dqCounts(c, tb, k.id) : { period: null, all: null };
  const rows = (tb ? dqCounts(c, tb, `${tb.table}.rows`).period : null) ?? '?';
  const handling = text(k.excluded_by_metrics ? 'report.dq.excluded' : 'report.dq.still-counted');
  if (n.period && n.all) return text('report.dq.check-in-period', { check: k.description, found: n.period, rows, all: n.all, handling });
  if (n.period && tb?.whole_table_rows_estimate !== undefined)
    return text('report.dq.check-in-period-only', { check: k.description, found: n.period, rows, handling });
  return n.all ? text('report.dq.check', { check: k.description, all: n.all, handling }) : null;
}

/** A period only partly loaded; coverage is counted on the metric's time field, whose table may be another than the metric's. */
function partialLine(ctx: SectionContext, p: DataQuality['partial_periods'][number]): string {
  const { c, text } = ctx;
  const table = Object.keys(ctx.catalog.tables).find((tb) => c.has(`dq.${tb}.coverage.${p.period}`));
  const days = table ? c.cite(`dq.${table}.coverage.${p.period}`) : null;
  return text('report.dq.partial', {
    period: p.period,
    days: days ?? text('report.dq.partial-some'),
    last: p.last_day_with_data ? text('report.dq.partial-last', { day: p.last_day_with_data }) : '',
  });
}

export function dataQualitySection(ctx: SectionContext): ReportSection | null {
  const dq = ctx.input.data_quality;
  if (!dq) return null;
  const found = dq.checks.filter((k) => (k.count_all ?? k.count) > 0);
  const clean = dq.checks.filter((k) => (k.count_all ?? k.count) === 0);
  return {
    id: 'data-quality',
    heading: ctx.text('report.heading.data-quality'),
    body: bullets([
      ...dq.tables.map((tb) => tableLine(ctx, tb)),
      ...found.map((k) => checkLine(ctx, dq, k)),
      clean.length > 0 ? ctx.text('report.dq.none-found', { checks: ctx.w.list(clean.map((k) => k.description)) }) : null,
      ...dq.partial_periods.map((p) => partialLine(ctx, p)),
    ]),
  };
}
