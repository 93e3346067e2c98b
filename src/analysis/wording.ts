/**
 * How numbers, dimensions and their values are written for people: the helpers
 * the findings, calculations, reports and the operation modules share. Pure: no
 * catalog loading here, only the catalog handed in.
 */
import type { Catalog, MetricDefinition } from '../catalog/catalog';
import type { Language } from '../contracts';

/** Columns that key a row by its period: the time grains and the named periods of a comparison. */
export const PERIOD_COLUMNS = ['year', 'quarter', 'month', 'week', 'day', 'period'];

/** Currency symbols by ISO code; another code is written before the amount ("CHF 12.00"). */
const CURRENCY_SYMBOLS: Record<string, string> = { CNY: '¥', RMB: '¥', JPY: '¥', USD: '$', EUR: '€', GBP: '£' };

/**
 * An amount of money in the metric's currency (the catalog's `unit`): ¥ for CNY, $ for USD, € for EUR, £ for GBP,
 * the code for another, and ¥ when the catalog names none (Baton's first catalogs were in CNY). The report writer,
 * the findings and the auditor all write and read money through this one rule.
 */
export function formatMoney(amount: number, unit: string | null | undefined): string {
  const code = (unit ?? 'CNY').toUpperCase();
  const digits = amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const symbol = CURRENCY_SYMBOLS[code];
  return symbol ? `${symbol}${digits}` : `${code} ${digits}`;
}

/** What may stand before an amount when it is read back: a symbol, or a three-letter code and a space. */
export const MONEY_PREFIX = '(?:[¥$€£]|[A-Z]{3} )';

export function formatValue(value: number | null | undefined, metric: MetricDefinition | undefined, language: Language): string {
  if (value === null || value === undefined || Number.isNaN(value)) return language === 'zh' ? '无数据' : 'no data';
  switch (metric?.format) {
    case 'currency':
      return formatMoney(value, metric.unit);
    case 'integer':
      return Math.round(value).toLocaleString('en-US');
    case 'ratio':
      return `${(value * 100).toFixed(2)}%`;
    default:
      return value.toLocaleString('en-US', { maximumFractionDigits: 4 });
  }
}

/** A change or effect in the metric's unit: percentage points for ratios. */
export function formatDelta(value: number, metric: MetricDefinition | undefined, language: Language): string {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  if (metric?.format === 'ratio') return `${sign}${Math.abs(value * 100).toFixed(2)}${language === 'zh' ? ' 个百分点' : ' pp'}`;
  return `${sign}${formatValue(Math.abs(value), metric, language)}`;
}

/** A dimension's name for people. */
export function dimensionLabel(catalog: Catalog, language: Language, dimension: string): string {
  const dim = catalog.dimensions[dimension];
  return dim ? (language === 'zh' ? dim.label_zh : dim.label) : dimension;
}

/** A dimension value for people: its first Chinese alias in Chinese, its first longer English alias in English. */
export function valueLabel(catalog: Catalog, language: Language, dimension: string, value: string): string {
  const aliases = catalog.dimensions[dimension]?.values[value] ?? [];
  if (language === 'zh') return aliases.find((a) => /[\u4e00-\u9fff]/.test(a)) ?? value;
  const english = aliases.find((a) => /^[\x20-\x7e]+$/.test(a) && a.includes(' '));
  // Aliases are matched case-insensitively and often written in lower case; show them capitalised.
  return english ? english.replace(/\b[a-z]/g, (c) => c.toUpperCase()) : value;
}
