/** The data-scope section: the period, the filters in the catalog's words, the problem rows. */
import type { Catalog } from '../../catalog/catalog';
import type { Language, ReportSection } from '../../contracts';
import { catalogText, definitionText, dimensionLabel, timeFieldLabel, valueLabel } from '../../format/labels';
import { textIn } from '../../messages';
import { lastDayOf } from '../../model/time-window';
import { readable } from '../names';
import { bullets, dirtyTables, dqCounts, type SectionContext } from './context';

/**
 * A filter of the data scope as the report's reader reads it, in the report's language. The SQL compiler writes each
 * filter it applies as one line (src/catalog/sql.ts): a metric filter's description, the time field's window
 * (`pay_time in [2026-09-01, 2026-11-01) (September 2026 and October 2026)`), the named periods, and a dimension's
 * values (`region = 华东`, `channel in app, web`). Each is written here with the catalog's words: the metric
 * filter's Chinese description, the time field's meaning and the window's last day, the dimension's and its
 * values' labels. A line of another form is kept as it is.
 */
export function scopeFilterText(filter: string, catalog: Catalog, language: Language): string {
  const text = textIn(language);
  const metricFilter = Object.values(catalog.metrics)
    .flatMap((m) => m.filters)
    .find((f) => f.description === filter);
  // A threshold in a definition (剔除金额≤0 的订单) is not a claim to cite: in a code span, as the auditor reads it.
  if (metricFilter) return definitionText(catalogText(language, filter, metricFilter.description_zh));
  const window = /^(\w+) in \[(\d{4}-\d{2}-\d{2}), (\d{4}-\d{2}-\d{2})\)/.exec(filter);
  if (window && catalog.time_fields[window[1] ?? '']) {
    const field = timeFieldLabel(catalog, language, window[1] ?? '');
    return text('report.scope.window', { field, start: window[2] ?? '', end: lastDayOf(window[3] ?? '') });
  }
  const periods = /^periods: (.*)$/.exec(filter);
  if (periods) {
    const named = [...(periods[1] ?? '').matchAll(/(\S+) \[(\S+), (\S+)\)/g)].map((m) =>
      text('report.scope.named-period', { name: m[1] ?? '', start: m[2] ?? '', end: lastDayOf(m[3] ?? '') }),
    );
    return text('report.scope.compared-periods', { periods: named.join(text('common.comma')) });
  }
  const values = /^(\w+) (=|in) (.+)$/.exec(filter);
  if (values && catalog.dimensions[values[1] ?? '']) {
    const dimension = values[1] ?? '';
    const shown = (values[2] === '=' ? [values[3] ?? ''] : (values[3] ?? '').split(', ')).map((v) =>
      valueLabel(catalog, language, dimension, v),
    );
    return text('common.labelled', { label: dimensionLabel(catalog, language, dimension), value: shown.join(text('common.list')) });
  }
  return readable(filter, catalog, language);
}

export function dataScopeSection(ctx: SectionContext): ReportSection {
  const { c, catalog, language, text } = ctx;
  const scope = ctx.input.data_scope;
  const q = scope.primary_query;
  const lastDay = q ? lastDayOf(q.window.end) : null;
  return {
    id: 'data-scope',
    heading: text('report.heading.data-scope'),
    body: bullets([
      q ? text('report.scope.period', { start: q.window.start, end: lastDay ?? '' }) : null,
      ...scope.filters.map((f) => text('report.scope.filter', { filter: scopeFilterText(f, catalog, language) })),
      // The result shapes (rows × columns of each step) are the pipeline's, not the reader's: the findings show the results.
      ...dirtyTables(ctx.input.data_quality).map((tb) => {
        const dirty = dqCounts(c, tb, `${tb.table}.dirty_rows`);
        if (dirty.period && dirty.all)
          return text('report.scope.dirty-in-period', { table: tb.table, period: dirty.period, all: dirty.all });
        return dirty.all ? text('report.scope.dirty', { table: tb.table, all: dirty.all }) : null;
      }),
    ]),
  };
}
