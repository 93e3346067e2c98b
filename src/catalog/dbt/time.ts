/**
 * The column under a dbt time dimension's `expr`.
 *
 * MetricFlow projects declare a day grain by casting or truncating a timestamp: `cast(ordered_at as date)`,
 * `ordered_at::date`, `date_trunc('day', ordered_at)` (or BigQuery's `date_trunc(ordered_at, day)`), `date(ordered_at)`.
 * Each of those, nested in any order, in any case, with any spacing, with the column quoted or not, reads as the
 * column itself: Baton buckets a time field by whatever grain a question asks, so the grain is a note, not SQL.
 * Anything else (arithmetic, a function of two columns, Jinja) is refused with the reason.
 */

const IDENT = String.raw`(?:"(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)`;
const TYPE = String.raw`[a-z_][a-z0-9_ ]*(?:\(\s*\d+\s*\))?`;
const GRAINS = new Set(['microsecond', 'millisecond', 'second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year', 'isoweek']);

const unquote = (id: string) => (id.startsWith('"') ? id.slice(1, -1).replace(/""/g, '"') : id.toLowerCase());

/** The expression without parentheses that enclose all of it: `((x))` → `x`. */
function stripParens(s: string): string {
  let t = s.trim();
  while (t.startsWith('(') && t.endsWith(')')) {
    let depth = 0;
    let enclosesAll = true;
    for (let i = 0; i < t.length; i++) {
      if (t[i] === '(') depth++;
      else if (t[i] === ')') depth--;
      if (depth === 0 && i < t.length - 1) {
        enclosesAll = false;
        break;
      }
    }
    if (!enclosesAll) break;
    t = t.slice(1, -1).trim();
  }
  return t;
}

export type TimeColumn = { column: string } | { reason: string };

/** The column a time dimension's expression reads, or why it is not one column. */
export function timeColumnOf(expr: string): TimeColumn {
  if (/\{\{|\{%/.test(expr)) return { reason: 'it is Jinja, which Baton does not render' };
  let t = stripParens(expr);
  for (let depth = 0; depth < 8; depth++) {
    // A column, maybe quoted, maybe written table.column (the table is the model's own).
    const plain = new RegExp(`^(?:${IDENT}\\s*\\.\\s*)?(${IDENT})$`, 'i').exec(t);
    if (plain?.[1]) return { column: unquote(plain[1]) };
    const inner =
      new RegExp(`^cast\\s*\\(([\\s\\S]+)\\s+as\\s+${TYPE}\\)$`, 'i').exec(t)?.[1] ??
      new RegExp(`^([\\s\\S]+?)\\s*::\\s*${TYPE}$`, 'i').exec(t)?.[1] ??
      /^(?:date|to_date|timestamp|datetime)\s*\(([\s\S]+)\)$/i.exec(t)?.[1] ??
      dateTrunc(t);
    if (inner === undefined) break;
    t = stripParens(inner);
  }
  return {
    reason:
      "it is not a column, nor a column cast to a date (cast(col as date), col::date, date(col)) or truncated to a grain (date_trunc('day', col))",
  };
}

/** `date_trunc('day', col)` or `date_trunc(col, day)` → `col`; undefined for anything else. */
function dateTrunc(t: string): string | undefined {
  const m = /^date_trunc\s*\(([\s\S]+)\)$/i.exec(t);
  if (!m?.[1]) return undefined;
  const args = m[1].split(',').map((a) => a.trim());
  if (args.length !== 2) return undefined;
  const [a = '', b = ''] = args;
  const grain = (s: string) => GRAINS.has(s.replace(/^'|'$/g, '').toLowerCase());
  if (/^'\w+'$/.test(a) && grain(a)) return b;
  if (grain(b)) return a;
  return undefined;
}
