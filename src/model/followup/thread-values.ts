/**
 * A word that names values of two dimensions, read against the thread: "what abt SEO" after a sign-up channel filter is
 * the channel "Organic search" (whose other name is SEO), not the course subcategory SEO the word names first. A value
 * the message sets on a dimension the thread neither filters nor breaks down by is taken as the thread's dimension's
 * value when one of that value's names is also one of its own and is written in the message.
 */
import type { Catalog } from '../../catalog/catalog';
import type { DimensionFilter } from '../../contracts';
import type { State } from './state';

const namesOf = (catalog: Catalog, dimension: string, value: string): string[] =>
  [value, ...(catalog.dimensions[dimension]?.values[value] ?? [])].map((n) => n.toLowerCase());

/** Whether `name` is written in `text` as a word of its own (or anywhere, for a Chinese name). */
function written(text: string, name: string): boolean {
  if (/[\u4e00-\u9fff]/.test(name)) return text.includes(name);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

export function valuesOnThreadDimensions(text: string, values: DimensionFilter[], thread: State, catalog: Catalog): DimensionFilter[] {
  const threadDims = [...new Set([...thread.filters.map((f) => f.dimension), ...thread.dims])];
  return values.map((f) => {
    if (f.exclude || f.values.length !== 1 || threadDims.includes(f.dimension)) return f;
    const value = f.values[0] as string;
    const said = namesOf(catalog, f.dimension, value).filter((n) => written(text, n));
    for (const d of threadDims) {
      const other = Object.keys(catalog.dimensions[d]?.values ?? {}).filter((v) => namesOf(catalog, d, v).some((n) => said.includes(n)));
      if (other.length === 1) return { dimension: d, values: [other[0] as string] };
    }
    return f;
  });
}
