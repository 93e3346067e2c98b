/**
 * Charts for the report as Vega-Lite specifications with their data inline: the
 * renderers turn them into SVG (HTML) or PNG images (DOCX). One chart per kind of
 * result, drawn by its operation module (src/operations): effects of the
 * contributors, a monthly series, values by segment. `presentChart` then writes
 * its axes and tooltips in the format and unit of the numbers it shows.
 */
import type { Catalog } from '../catalog/catalog';
import type { Calculation, Chart, ChartCellSource, Display, Language, Row } from '../contracts';
import { segmentName } from './names';
import { currencySymbol } from '../format/numbers';
import { render, textIn } from '../messages';
import { operationNamed } from '../operations';
import { chartSources, type Citations } from './citations';

export interface ChartSource {
  step_id: string;
  kind: string;
  description: string;
  rows: Row[];
}

export function chartFor(source: ChartSource, label: (dimension: string, value: string) => string, language: Language): Chart | null {
  const { rows, description: title, step_id } = source;
  if (rows.length === 0) return null;
  const operation = operationNamed(source.kind);
  return operation?.chart ? operation.chart({ id: `chart-${step_id}`, title, rows, label, language }) : null;
}

/** How the numbers of a chart field are written: the display of the calculations they are. */
export interface FieldFormat {
  display: Display;
  delta: boolean;
  /** The currency of a money value. */
  unit?: string | null;
}

/** The chart data fields with a name of their own in the message catalog (`chart.field.<field>`). */
const NAMED_FIELDS = ['month', 'group', 'segment', 'contributor', 'value', 'effect'] as const;

/** What a chart's data field is called in the report's language (tooltips and data tables). */
export function fieldName(field: string, language: Language): string {
  const named = NAMED_FIELDS.find((f) => f === field);
  return named ? render(`chart.field.${named}`, {}, language) : field;
}

interface Encoding {
  field?: string;
  type?: string;
  title?: string | null;
  axis?: Record<string, unknown> | null;
  [key: string]: unknown;
}

/** What formatting a chart's channels collects: extra transforms, the tooltip's fields, the currency of its money. */
interface Presented {
  transforms: Record<string, unknown>[];
  tooltip: Record<string, unknown>[];
  currency: string | null;
}

/** A quantitative channel in its numbers' format and unit (points for a change of a rate, money with its currency); the encoding it becomes. */
function formatQuantity(enc: Encoding, format: FieldFormat, language: Language, out: Presented): Encoding {
  const text = textIn(language);
  const field = enc.field ?? '';
  const title = enc.title ?? fieldName(field, language);
  const percent = format.display === 'ratio' || format.display === 'percent';
  if (percent && format.delta) {
    // A change of a rate: percentage points, drawn from the value times 100 so axis and tooltip read in points.
    const points = `${field}_points`;
    out.transforms.push({ calculate: `datum[${JSON.stringify(field)}] * 100`, as: points });
    const unit = text('common.points-unit');
    const withUnit = enc.title ? text('chart.title-with-unit', { title: enc.title, unit }) : unit;
    out.tooltip.push({ field: points, type: 'quantitative', title: withUnit, format: format.display === 'ratio' ? '+.2f' : '+.1f' });
    return { ...enc, field: points, title: withUnit, axis: { format: '~f' } };
  }
  if (percent) {
    out.tooltip.push({ field, type: 'quantitative', title, format: format.display === 'ratio' ? '.2%' : '.1%' });
    return { ...enc, axis: { format: '~%' } };
  }
  if (format.display === 'currency') {
    out.currency = (format.unit ?? 'CNY').toUpperCase();
    // d3's format writes a loss as −$2,639.77: the locale's minus sign before the symbol, as the report does.
    out.tooltip.push({ field, type: 'quantitative', title: enc.title ?? text('chart.amount'), format: `${format.delta ? '+' : ''}$,.2f` });
    return { ...enc, axis: { format: '$,~s' } };
  }
  const digits = format.display === 'integer' ? ',d' : ',.3~f';
  out.tooltip.push({ field, type: 'quantitative', title, format: `${format.delta ? '+' : ''}${digits}` });
  return { ...enc, axis: { format: format.display === 'integer' ? ',~s' : '~s' } };
}

/** The marks' description (the SVG's aria-label, and its hover title): the tooltip's fields, each in its format. */
function describeMarks(tooltip: Record<string, unknown>[], language: Language): Record<string, unknown> {
  const text = textIn(language);
  const parts = tooltip.map((tip) => {
    const value = `datum[${JSON.stringify(tip.field)}]`;
    const shown = typeof tip.format === 'string' ? `format(${value}, ${JSON.stringify(tip.format)})` : value;
    return `${JSON.stringify(text('common.labelled', { label: String(tip.title), value: '' }))} + ${shown}`;
  });
  return { calculate: parts.join(` + ${JSON.stringify(text('common.semicolon'))} + `), as: 'mark_description' };
}

/**
 * The chart as a reader sees it: the quantitative axis and the tooltips in the numbers' own format and unit (a rate
 * as 25%, a change of a rate in percentage points, money with its currency, counts with thousands separators), the
 * category labels upright, and no title inside the drawing (the report captions it). Fields without a format keep
 * the plain numbers. The data values are left as they are (the data tables read them).
 */
export function presentChart(chart: Chart, formats: Record<string, FieldFormat>, language: Language): Chart {
  const spec = { ...chart.spec } as Record<string, unknown>;
  delete spec.title;
  const encoding: Record<string, Encoding | Record<string, unknown>[]> = { ...(spec.encoding as Record<string, Encoding> | undefined) };
  const out: Presented = { transforms: [], tooltip: [], currency: null };
  const { transforms, tooltip } = out;
  const values = (spec.data as { values?: Row[] } | undefined)?.values ?? [];
  // A single series needs no legend ("all").
  const colorField = (encoding.color as Encoding | undefined)?.field;
  if (colorField && new Set(values.map((v) => v[colorField])).size <= 1) delete encoding.color;
  for (const channel of ['x', 'y'] as const) {
    const enc = encoding[channel] as Encoding | undefined;
    if (!enc?.field) continue;
    const title = enc.title ?? fieldName(enc.field, language);
    if (enc.type !== 'quantitative') {
      // Category labels upright when they fit, slanted when there are many.
      const many = new Set(values.map((v) => v[enc.field ?? ''])).size > 6;
      encoding[channel] = { ...enc, axis: { labelAngle: channel === 'x' && many ? -35 : 0, labelLimit: 140, ...(enc.axis ?? {}) } };
      tooltip.unshift({ field: enc.field, type: enc.type ?? 'nominal', title });
      continue;
    }
    const format = formats[enc.field];
    if (format) encoding[channel] = formatQuantity(enc, format, language, out);
    else tooltip.push({ field: enc.field, type: 'quantitative', title });
  }
  const color = encoding.color as Encoding | undefined;
  if (color?.field && color.type === 'nominal')
    tooltip.splice(tooltip.length - 1, 0, { field: color.field, type: 'nominal', title: fieldName(color.field, language) });
  if (tooltip.length > 0) {
    encoding.tooltip = tooltip;
    transforms.push(describeMarks(tooltip, language));
    encoding.description = { field: 'mark_description', type: 'nominal' };
  }
  if (transforms.length > 0) spec.transform = [...((spec.transform as unknown[] | undefined) ?? []), ...transforms];
  spec.encoding = encoding;
  // Money in its own currency: the locale's currency symbol (a code that has none stands before the amount).
  if (out.currency) {
    const symbol = currencySymbol(out.currency) ?? `${out.currency} `;
    spec.config = {
      ...(spec.config as Record<string, unknown> | undefined),
      locale: { number: { decimal: '.', thousands: ',', grouping: [3], currency: [symbol, ''], minus: '−' } },
    };
  }
  return { ...chart, spec };
}

/**
 * The report's charts (at most three): drawn first, so that each finding can name the chart that shows it
 * (`charted`), and presented once the sections are written (`present`): every value in a chart's data table then
 * cites its calculation, or is marked unverified when it is none, and its axes and tooltips are written in the
 * format of the calculations its values are.
 */
export function reportCharts(
  chartData: ChartSource[],
  catalog: Catalog,
  calculations: Calculation[],
  citable: Calculation[],
  citations: Citations,
  language: Language,
): {
  charted: Set<string>;
  present: () => (Chart & { sources: Record<string, ChartCellSource | null>[] })[];
} {
  // A group as the report names it (新客（客户类型）); a month or another key that is no dimension, as it is.
  const label = (dim: string, value: string) => (catalog.dimensions[dim] ? segmentName(catalog, language, dim, value) : value);
  const drawn = chartData
    .map((d) => ({ step_id: d.step_id, chart: chartFor(d, label, language) }))
    .filter((x): x is { step_id: string; chart: Chart } => x.chart !== null)
    .slice(0, 3);
  const present = () =>
    drawn.map(({ step_id, chart }) => {
      const sources = chartSources(
        chart,
        citable.filter((x) => x.step_id === step_id),
        citations,
        language,
      );
      // A field none of whose values verified takes the format of the step's calculations that hold its values.
      const formats: Record<string, FieldFormat> = {};
      const rows = (chart.spec.data as { values?: Row[] } | undefined)?.values ?? [];
      rows.forEach((row, i) => {
        for (const [field, value] of Object.entries(row)) {
          if (typeof value !== 'number' || formats[field]) continue;
          const cited = sources[i]?.[field];
          const calc = cited
            ? citable.find((x) => x.id === cited.calculation_id)
            : calculations.find((x) => x.step_id === step_id && x.value === value);
          if (calc) formats[field] = { display: calc.display, delta: calc.delta, unit: calc.unit ?? null };
        }
      });
      return { ...presentChart(chart, formats, language), sources };
    });
  return { charted: new Set(drawn.map((d) => d.step_id)), present };
}
