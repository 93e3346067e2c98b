/**
 * Charts for the report as Vega-Lite specifications with their data inline: the
 * renderers turn them into SVG (HTML) or PNG images (DOCX). One chart per kind of
 * result, drawn by its operation module (src/operations): effects of the
 * contributors, a monthly series, values by segment. `presentChart` then writes
 * its axes and tooltips in the format and unit of the numbers it shows.
 */
import type { Chart, Display, Language, Row } from '../contracts';
import { operationNamed } from '../operations';

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

/** Currency symbols as formatMoney writes them; another currency's code stands before the amount. */
const CURRENCY_SYMBOLS: Record<string, string> = { CNY: '¥', RMB: '¥', JPY: '¥', USD: '$', EUR: '€', GBP: '£' };

/** What a chart's data field is called in the report's language (tooltips and data tables). */
export function fieldName(field: string, language: Language): string {
  const names: Record<string, [string, string]> = {
    month: ['月份', 'month'], group: ['分组', 'group'], segment: ['分组', 'segment'], contributor: ['因素', 'contributor'], value: ['数值', 'value'], effect: ['影响', 'effect'],
  };
  const name = names[field];
  return name ? (language === 'zh' ? name[0] : name[1]) : field;
}

interface Encoding { field?: string; type?: string; title?: string | null; axis?: Record<string, unknown> | null; [key: string]: unknown }

/**
 * The chart as a reader sees it: the quantitative axis and the tooltips in the numbers' own format and unit (a rate
 * as 25%, a change of a rate in percentage points, money with its currency, counts with thousands separators), the
 * category labels upright, and no title inside the drawing (the report captions it). Fields without a format keep
 * the plain numbers. The data values are left as they are (the data tables read them).
 */
export function presentChart(chart: Chart, formats: Record<string, FieldFormat>, language: Language): Chart {
  const zh = language === 'zh';
  const spec = { ...chart.spec } as Record<string, unknown>;
  delete spec.title;
  const encoding: Record<string, Encoding | Record<string, unknown>[]> = { ...(spec.encoding as Record<string, Encoding> | undefined) };
  const transforms: Record<string, unknown>[] = [];
  const tooltip: Record<string, unknown>[] = [];
  let currency: string | null = null;
  const values = ((spec.data as { values?: Row[] } | undefined)?.values ?? []);
  // A single series needs no legend ("all").
  const colorField = (encoding.color as Encoding | undefined)?.field;
  if (colorField && new Set(values.map((v) => v[colorField])).size <= 1) delete encoding.color;
  for (const channel of ['x', 'y'] as const) {
    const enc = encoding[channel] as Encoding | undefined;
    if (!enc?.field) continue;
    if (enc.type !== 'quantitative') {
      // Category labels upright when they fit, slanted when there are many.
      const many = new Set(values.map((v) => v[enc.field ?? ''])).size > 6;
      encoding[channel] = { ...enc, axis: { labelAngle: channel === 'x' && many ? -35 : 0, labelLimit: 140, ...(enc.axis ?? {}) } };
      tooltip.unshift({ field: enc.field, type: enc.type ?? 'nominal', title: enc.title ?? fieldName(enc.field, language) });
      continue;
    }
    const format = formats[enc.field];
    if (!format) {
      tooltip.push({ field: enc.field, type: 'quantitative', title: enc.title ?? fieldName(enc.field, language) });
      continue;
    }
    const percent = format.display === 'ratio' || format.display === 'percent';
    if (percent && format.delta) {
      // A change of a rate: percentage points, drawn from the value times 100 so axis and tooltip read in points.
      const points = `${enc.field}_points`;
      transforms.push({ calculate: `datum[${JSON.stringify(enc.field)}] * 100`, as: points });
      const unit = zh ? '个百分点' : 'pp';
      const title = enc.title ? (zh ? `${enc.title}（${unit}）` : `${enc.title} (${unit})`) : unit;
      encoding[channel] = { ...enc, field: points, title, axis: { format: '~f' } };
      tooltip.push({ field: points, type: 'quantitative', title, format: format.display === 'ratio' ? '+.2f' : '+.1f' });
    } else if (percent) {
      encoding[channel] = { ...enc, axis: { format: '~%' } };
      tooltip.push({ field: enc.field, type: 'quantitative', title: enc.title ?? fieldName(enc.field, language), format: format.display === 'ratio' ? '.2%' : '.1%' });
    } else if (format.display === 'currency') {
      currency = (format.unit ?? 'CNY').toUpperCase();
      encoding[channel] = { ...enc, axis: { format: '$,~s' } };
      tooltip.push({ field: enc.field, type: 'quantitative', title: enc.title ?? (zh ? '金额' : 'amount'), format: `${format.delta ? '+' : ''}$,.2f` });
    } else {
      const digits = format.display === 'integer' ? ',d' : ',.3~f';
      encoding[channel] = { ...enc, axis: { format: format.display === 'integer' ? ',~s' : '~s' } };
      tooltip.push({ field: enc.field, type: 'quantitative', title: enc.title ?? fieldName(enc.field, language), format: `${format.delta ? '+' : ''}${digits}` });
    }
  }
  const color = encoding.color as Encoding | undefined;
  if (color?.field && color.type === 'nominal') tooltip.splice(tooltip.length - 1, 0, { field: color.field, type: 'nominal', title: fieldName(color.field, language) });
  if (tooltip.length > 0) {
    encoding.tooltip = tooltip;
    // The marks' description (the SVG's aria-label, and its hover title): the tooltip's fields, each in its format.
    const parts = tooltip.map((tip) => {
      const value = `datum[${JSON.stringify(tip.field)}]`;
      const shown = typeof tip.format === 'string' ? `format(${value}, ${JSON.stringify(tip.format)})` : value;
      return `${JSON.stringify(`${String(tip.title)}${zh ? '：' : ': '}`)} + ${shown}`;
    });
    transforms.push({ calculate: parts.join(` + ${JSON.stringify(zh ? '；' : '; ')} + `), as: 'mark_description' });
    encoding.description = { field: 'mark_description', type: 'nominal' };
  }
  if (transforms.length > 0) spec.transform = [...((spec.transform as unknown[] | undefined) ?? []), ...transforms];
  spec.encoding = encoding;
  // Money in its own currency: the locale's currency symbol (a code that has none stands before the amount).
  if (currency) {
    const symbol = CURRENCY_SYMBOLS[currency] ?? `${currency} `;
    spec.config = { ...(spec.config as Record<string, unknown> | undefined), locale: { number: { decimal: '.', thousands: ',', grouping: [3], currency: [symbol, ''], minus: '−' } } };
  }
  return { ...chart, spec };
}
