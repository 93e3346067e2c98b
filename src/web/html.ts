/**
 * HTML written from TypeScript, escaped by default: `html\`<p>${value}</p>\`` escapes every interpolated value (text
 * from the database, the question, a catalog), unless it is itself Html (a fragment built the same way, or `raw()` for
 * markup Baton wrote, such as the report renderer's). Arrays are joined. One home for the page's escaping.
 */

/** Markup that is safe to write as it is. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Text as HTML text or an attribute value: & < > " ' escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Markup Baton wrote itself (the report renderer escapes its own values). */
export function raw(text: string): Html {
  return new Html(text);
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

function piece(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return (value as readonly Value[]).map(piece).join('');
  return escapeHtml(String(value));
}

/** The template with each value escaped (Html as it is, arrays joined, null/undefined/false as nothing). */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += piece(v) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}
