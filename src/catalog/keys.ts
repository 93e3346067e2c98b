/**
 * Keys in a catalog's YAML: the line each dotted path is written on, and the keys zod would drop silently (a misspelt
 * key), each with the known keys it may have meant.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import { CatalogSchema } from './schema';

/**
 * Where a dotted path (`metrics.gmv.expression`, `joins.2.to`) is written in a catalog's YAML: the line of its key
 * (or of the list item), 1-based; the nearest enclosing entry's line when the path goes deeper than the file does.
 */
export function catalogLines(text: string): (path: string | (string | number)[]) => number | undefined {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const lineAt = (offset: number | undefined) => (offset === undefined ? undefined : counter.linePos(offset).line);
  return (path) => {
    const parts = typeof path === 'string' ? path.split('.').filter((p) => p.length > 0) : path;
    let node: unknown = doc.contents;
    let line: number | undefined = parts.length === 0 ? 1 : undefined;
    for (const part of parts) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(part));
        if (!pair) break;
        line = lineAt((pair.key as YamlNode).range?.[0]);
        node = pair.value;
      } else if (isSeq(node)) {
        const item = node.items[Number(part)] as YamlNode | undefined;
        if (!item) break;
        line = lineAt(item.range?.[0]);
        node = item;
      } else break;
    }
    return line;
  };
}

/** Edit distance between two keys (a swap of two letters counts once), for "did you mean": a dozen lines, so no library. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  let prev = row;
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      // Two letters swapped (lable, label) is one slip.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) next[j] = Math.min(next[j] ?? 0, (prev[j - 2] ?? 0) + 1);
    }
    prev = row;
    row = next;
  }
  return row[b.length] ?? 0;
}

/** The known keys closest to an unknown one (at most a third of its letters apart), best first. */
export function suggestKeys(key: string, known: string[]): string[] {
  const limit = Math.max(1, Math.floor(key.length / 3));
  return known
    .map((k) => ({ k, d: editDistance(key.toLowerCase(), k.toLowerCase()) }))
    .filter((x) => x.d <= limit || (x.k.startsWith(key) && key.length >= 3))
    .sort((x, y) => x.d - y.d)
    .map((x) => x.k);
}

interface ZodDefLike {
  type: string;
  shape?: Record<string, { _zod: { def: ZodDefLike } }>;
  innerType?: { _zod: { def: ZodDefLike } };
  in?: { _zod: { def: ZodDefLike } };
  element?: { _zod: { def: ZodDefLike } };
  valueType?: { _zod: { def: ZodDefLike } };
  options?: { _zod: { def: ZodDefLike } }[];
}

/** Keys the schema does not know, each with where it is and the keys it may have meant (zod would drop them silently). */
export function unknownKeys(
  raw: unknown,
  schema: { _zod: { def: unknown } } = CatalogSchema,
): { path: string[]; key: string; suggestions: string[] }[] {
  const found: { path: string[]; key: string; suggestions: string[] }[] = [];
  const walk = (value: unknown, def: ZodDefLike, path: string[]) => {
    const inner = def.innerType ?? def.in;
    if (inner) return walk(value, inner._zod.def, path);
    if (def.type === 'object' && def.shape && value && typeof value === 'object' && !Array.isArray(value)) {
      const known = Object.keys(def.shape);
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const child = def.shape[k];
        if (!child) {
          // A key already written is not what a typo meant.
          const missing = known.filter((x) => !(x in (value as Record<string, unknown>)));
          found.push({ path, key: k, suggestions: suggestKeys(k, missing) });
        } else walk(v, child._zod.def, [...path, k]);
      }
    } else if (def.type === 'record' && def.valueType && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, def.valueType._zod.def, [...path, k]);
    } else if (def.type === 'array' && def.element && Array.isArray(value)) {
      value.forEach((v, i) => walk(v, def.element!._zod.def, [...path, String(i)]));
    } else if (def.type === 'union' && def.options) {
      const object = def.options.find((o) => o._zod.def.type === 'object');
      if (object && value && typeof value === 'object' && !Array.isArray(value)) walk(value, object._zod.def, path);
    }
  };
  walk(raw, schema._zod.def as ZodDefLike, []);
  return found;
}
