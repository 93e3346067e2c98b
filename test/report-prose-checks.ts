/**
 * What the report-prose tests check in a report's text, in every format: the text a reader sees (Markdown as
 * written, the HTML's text content, the DOCX's paragraphs), the internal artefacts that must not be in it, the
 * clause a number stands in, and whether a finding opens with a plain sentence.
 */
import JSZip from 'jszip';
import type { Catalog } from '../src/catalog/catalog';
import type { ReportOutput } from '../src/contracts';
import { valueLabel } from '../src/format/labels';
import { isSql } from '../src/report/formulas';
import { toDocx, toHtml, toMarkdown } from '../src/report/render';

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&apos;': "'", '&quot;': '"', '&#39;': "'" };
const decode = (s: string) => s.replace(/&(lt|gt|amp|apos|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** The report's text in each format, as a reader sees it. */
export async function reportTexts(report: ReportOutput): Promise<Record<'md' | 'html' | 'docx', string>> {
  const html = (await toHtml(report))
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<\/(p|li|h1|h2|tr|figcaption|text)>/g, '\n')
    .replace(/<[^>]+>/g, ' ');
  const zip = await JSZip.loadAsync(await toDocx(report));
  const xml = await zip.file('word/document.xml')!.async('string');
  const docx = xml
    .split(/<\/w:p>/)
    .map((p) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1] ?? '').join(''))
    .join('\n');
  return { md: toMarkdown(report), html: decode(html), docx: decode(docx) };
}

/**
 * The text with the calculations' recipes taken out: a statement the verifier re-runs (SQL, shown as code) and the
 * source tables and columns a number was read from are the database's own words, which the citations list shows
 * on purpose, and the tables the data-quality section counts by name. Everything else of the report stays.
 */
export function withoutRecipes(text: string, report: ReportOutput, tables: string[] = []): string {
  let out = text;
  const recipes = report.citations.flatMap((c) => [
    ...(isSql(c.formula) ? [c.formula, c.formula.replace(/\s+/g, ' ')] : []),
    ...c.sources.map((s) => `${s.table}(${s.columns.join(', ')})`),
  ]);
  for (const r of recipes.sort((a, b) => b.length - a.length)) out = out.split(r).join(' ');
  // The database's table names too: the data-quality section counts the rows of each table by its name ("orders 表").
  return tables.reduce((t, table) => t.replace(new RegExp(`(?<![\\w.])${table}(?![\\w.])`, 'g'), ' '), out);
}

/** Internal artefacts no reader should see, each with what it is. */
export const ARTEFACTS: [string, RegExp][] = [
  ['a step id', /(?<![\w.-])s\d{1,2}(?![\w.-])/],
  ['a result shape', /\d+\s*×\s*\d+/],
  ['an internal name in backticks', /`[^`]*[A-Za-z_][^`]*`/],
  ['a snake_case field name', /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/],
  ['a table.column reference', /\b[a-z]+\.[a-z][a-z_]*\b/],
  ['a dimension=value pair', /[\w\u4e00-\u9fff]+=[\w\u4e00-\u9fff]+/],
  ['undefined', /\bundefined\b/],
  ['NaN', /\bNaN\b/],
  ['null', /\bnull\b/],
];

/** Every artefact found in the text: "<what>: …context…". */
export function artefactsIn(text: string): string[] {
  const found: string[] = [];
  for (const [what, pattern] of ARTEFACTS) {
    for (const m of text.matchAll(new RegExp(pattern.source, 'g'))) {
      const at = m.index ?? 0;
      found.push(`${what}: "${text.slice(Math.max(0, at - 30), at + m[0].length + 30).replace(/\n/g, ' ')}"`);
    }
  }
  return found;
}

/** The clause a number at `index` stands in: back to the previous sentence, clause or line break. */
export function clauseBefore(text: string, index: number): string {
  const before = text.slice(0, index);
  const cut = Math.max(...['。', '；', '; ', '，', ', ', '\n', '. ', '（例如', '(for example'].map((p) => before.lastIndexOf(p)));
  return before.slice(cut + 1);
}

/** Every occurrence of a written number followed by a citation marker: its index. */
export function occurrences(body: string, written: string): number[] {
  const out: number[] = [];
  let at = body.indexOf(`${written}[`);
  while (at >= 0) {
    out.push(at);
    at = body.indexOf(`${written}[`, at + 1);
  }
  return out;
}

/** The names a catalog gives its metrics and its dimensions' values, in the language: what a lead may name. */
export function subjectsOf(catalog: Catalog, language: 'zh' | 'en'): string[] {
  const metrics = Object.values(catalog.metrics).map((m) => (language === 'zh' ? m.label_zh : m.label));
  const values = Object.entries(catalog.dimensions).flatMap(([id, d]) =>
    Object.keys(d.values).map((v) => valueLabel(catalog, language, id, v)),
  );
  return [...metrics, ...values].filter((s) => s.length >= 2);
}

/**
 * What is wrong with a finding section's opening: it must be one plain sentence before the figures (not a bullet),
 * end before the first number (no digits, no citation), and name its subject (a metric or a segment the section's
 * figures are about).
 */
export function leadProblems(body: string, subjects: string[]): string[] {
  const [first = '', ...rest] = body.split('\n');
  const problems: string[] = [];
  if (first.startsWith('- ') || !first.trim()) problems.push(`no opening sentence: "${first}"`);
  if (!/[.。]$/.test(first.trim())) problems.push(`the opening is not one finished sentence: "${first}"`);
  if ((first.match(/[.。](?=\s|$)/g) ?? []).length > 1) problems.push(`the opening is more than one sentence: "${first}"`);
  if (/\d|\[\d+\]/.test(first)) problems.push(`the opening states figures: "${first}"`);
  const figures = rest.join('\n').toLowerCase();
  const named = subjects.filter((s) => first.toLowerCase().includes(s.toLowerCase()) && figures.includes(s.toLowerCase()));
  if (named.length === 0) problems.push(`the opening names no subject of the figures: "${first}"`);
  if (!rest.some((l) => l.startsWith('- '))) problems.push('no figures after the opening');
  return problems;
}
