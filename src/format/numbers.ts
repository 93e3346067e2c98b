/**
 * How Baton writes numbers for people: amounts of money, counts, ratios and percentages, percentage points, and a
 * calculation's value as the report cites it. The one home of number formatting: every agent, operation, renderer
 * and the auditor write (and, through src/format/read.ts, read back) numbers by these rules, and nothing else calls
 * `toFixed`. Pure: no catalog loading, only the metric or calculation handed in.
 */
import type { MetricDefinition } from '../catalog/catalog';
import type { Calculation, Language } from '../contracts';
import { render } from '../messages';

/** Currency symbols by ISO code; another code is written before the amount ("CHF 12.00"). */
const CURRENCY_SYMBOLS: Record<string, string> = { CNY: '¥', RMB: '¥', JPY: '¥', USD: '$', EUR: '€', GBP: '£' };

/** The symbol of a currency (ISO code, upper case); undefined for a currency written by its code. */
export function currencySymbol(code: string): string | undefined {
  return CURRENCY_SYMBOLS[code];
}

/** What may stand before an amount when it is read back: a symbol, or a three-letter code and a space. */
export const MONEY_PREFIX = '(?:[¥$€£]|[A-Z]{3} )';

/** A number with exactly `digits` decimals: `fixed(2.345, 1)` → "2.3" (JavaScript's rounding of `toFixed`). */
export function fixed(value: number, digits: number): string {
  return value.toFixed(digits);
}

/** A number to `digits` significant digits: `significant(0.0123, 2)` → "0.012" (JavaScript's `toPrecision`). */
export function significant(value: number, digits: number): string {
  return value.toPrecision(digits);
}

/** "−" for a negative value, else nothing (a minus sign, not a hyphen). */
const minus = (value: number) => (value < 0 ? '−' : '');

/** A number grouped by thousands, with a minus sign (U+2212) when negative: `grouped(-1234.5, 0)` → "−1,235". */
function grouped(value: number, maximumFractionDigits: number): string {
  const digits = Math.abs(value).toLocaleString('en-US', { maximumFractionDigits });
  return `${/[1-9]/.test(digits) ? minus(value) : ''}${digits}`;
}

/** A fraction as a percentage with `digits` decimals: `percent(0.1234, 1)` → "12.3%". */
export function percent(fraction: number, digits: number): string {
  const shown = fixed(Math.abs(fraction) * 100, digits);
  return `${/[1-9]/.test(shown) ? minus(fraction) : ''}${shown}%`;
}

/** A difference of two fractions in percentage points: `points(0.0757, 'en')` → "7.57 pp", "7.57 个百分点". */
export function points(fraction: number, language: Language): string {
  return `${fixed(fraction * 100, 2)}${render('common.points', {}, language)}`;
}

/** The sign before a change: "+", "−" (a minus sign, not a hyphen), or nothing for zero. */
export function signOf(value: number): string {
  return value > 0 ? '+' : value < 0 ? '−' : '';
}

/**
 * An amount of money in the metric's currency (the catalog's `unit`): ¥ for CNY, $ for USD, € for EUR, £ for GBP,
 * the code for another, and ¥ when the catalog names none (Baton's first catalogs were in CNY). The report writer,
 * the findings and the auditor all write and read money through this one rule.
 */
/** One formatter for every amount: toLocaleString builds a new one per call, which the report's many amounts felt. */
const MONEY_DIGITS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(amount: number, unit: string | null | undefined): string {
  const code = (unit ?? 'CNY').toUpperCase();
  const digits = MONEY_DIGITS.format(Math.abs(amount));
  const symbol = currencySymbol(code);
  // A loss is "−$2,639.77": the minus sign (U+2212, as signOf writes it) before the symbol, never "$-2,639.77".
  const sign = digits === '0.00' ? '' : minus(amount);
  return symbol ? `${sign}${symbol}${digits}` : `${sign}${code} ${digits}`;
}

/** A value in its metric's format: money, a whole number, a ratio as a percentage, or a plain number. */
export function formatValue(value: number | null | undefined, metric: MetricDefinition | undefined, language: Language): string {
  if (value === null || value === undefined || Number.isNaN(value)) return render('common.no-data', {}, language);
  switch (metric?.format) {
    case 'currency':
      return formatMoney(value, metric.unit);
    case 'integer':
      return grouped(Math.round(value), 0);
    case 'ratio':
      return percent(value, 2);
    default:
      return grouped(value, 4);
  }
}

/** A change or effect in the metric's unit: percentage points for ratios. */
export function formatDelta(value: number, metric: MetricDefinition | undefined, language: Language): string {
  const sign = signOf(value);
  if (metric?.format === 'ratio') return `${sign}${points(Math.abs(value), language)}`;
  return `${sign}${formatValue(Math.abs(value), metric, language)}`;
}

/** A calculation's value as the report writes it (before its citation marker), in its display format. */
export function formatCalculation(calc: Pick<Calculation, 'value' | 'display' | 'delta' | 'unit'>, language: Language): string {
  const v = calc.value;
  const a = Math.abs(v);
  const s = calc.delta ? signOf(v) : v < 0 ? '−' : '';
  switch (calc.display) {
    case 'currency':
      return `${s}${formatMoney(a, calc.unit)}`;
    case 'integer':
      return `${s}${Math.round(a).toLocaleString('en-US')}`;
    case 'ratio':
      return calc.delta ? `${s}${points(a, language)}` : `${s}${percent(a, 2)}`;
    case 'percent':
      return `${s}${percent(a, 1)}`;
    case 'p_value':
      return v < 0.0001 ? '< 0.0001' : fixed(v, 4);
    case 'number':
      return `${s}${a.toLocaleString('en-US', { maximumFractionDigits: 3 })}`;
  }
}
