/**
 * How dimensions and their values are written for people, from the catalog's labels and aliases. Pure: only the
 * catalog handed in.
 */
import type { Catalog } from '../catalog/catalog';
import type { DimensionFilter, Language } from '../contracts';
import { textIn } from '../messages';

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

/**
 * A definition the catalog writes, as the report quotes it: its numbers ("9 launch courses", "before 2024-07",
 * 金额≤0) define, they are not claims to cite, so each is in a code span, which the auditor and the unverified marks
 * skip (src/format/read.ts). The plain answer shows them without the spans (`withoutCodeSpans`).
 */
export function definitionText(text: string): string {
  return text.replace(/(?:[≤≥<>=]\s*)?\d(?:[\d.,:-]*\d)?/g, (n) => `\`${n}\``);
}

/** The text with its code spans unwrapped, for plain text. */
export function withoutCodeSpans(text: string): string {
  return text.replace(/`([^`\n]*)`/g, '$1');
}

/** A catalog text in the report's language: its Chinese version in Chinese when the catalog has one. */
export function catalogText(language: Language, text: string, textZh: string | null | undefined): string {
  return language === 'zh' ? (textZh ?? text) : text;
}

/**
 * A time field's name for people: the first words of its meaning in the language (支付时间（收入在支付时入账） →
 * 支付时间; "When the order was paid. Revenue …" → "When the order was paid"). In Chinese without `meaning_zh`, the
 * English meaning: never the field's id (order_date), which is no word of either language.
 */
export function timeFieldLabel(catalog: Catalog, language: Language, name: string): string {
  const field = catalog.time_fields[name];
  if (!field) return name;
  const meaning = catalogText(language, field.meaning, field.meaning_zh);
  return meaning === field.meaning ? meaning.replace(/\.(\s.*)?$/, '') : meaning.replace(/（.*$/, '');
}

/**
 * A filter's values for people, each written by `value`, joined by `between` (common.alternatives unless given):
 * 华东、华南 / all but USA.
 */
export function filterValuesText(
  language: Language,
  f: DimensionFilter,
  value: (dimension: string, v: string) => string,
  between?: string,
): string {
  const text = textIn(language);
  const values = f.values.map((v) => value(f.dimension, v)).join(between ?? text('common.alternatives'));
  return f.exclude ? text('common.all-but', { values }) : values;
}

/** A filter's values as the catalog labels them (valueLabel). */
export const filterLabels = (catalog: Catalog, language: Language, f: DimensionFilter, between?: string) =>
  filterValuesText(language, f, (d, v) => valueLabel(catalog, language, d, v), between);
