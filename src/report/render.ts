/**
 * A run's report in three formats: Markdown, HTML with the charts embedded as
 * SVG (rendered by Vega from the Vega-Lite specs, no browser needed) and DOCX
 * (through the docx package, the charts as PNG images drawn by resvg). In HTML
 * and DOCX each chart stands beside the finding it shows, and the DOCX keeps
 * the charts' data as tables in an appendix; Markdown gives the tables. The
 * citation markers [n] link to the calculations appendix in HTML; Markdown and
 * DOCX list it.
 */
import { AlignmentType, Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import type { Chart, Citation, Language, ReportOutput, ReportSection } from '../contracts';
import { textIn, type Text } from '../messages';
import { chartPng, chartSvg } from './chart-drawing';
import { fieldName } from './charts';

export { chartSvg } from './chart-drawing';

export type ReportFormat = 'md' | 'html' | 'docx';

const textFor = (r: ReportOutput): Text => textIn(r.language);

/** The HTML document's language, and the DOCX body font, by the report's language. */
const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en' };
const DOCX_FONT: Record<Language, string> = { zh: 'Microsoft YaHei', en: 'Calibri' };

function auditLine(report: ReportOutput): string {
  const text = textFor(report);
  const a = report.audit;
  if (!a) return text('render.audit.none');
  if (a.clean) return text('render.audit.clean', { checked: a.numbers_checked });
  return text('render.audit.findings', { count: a.findings.length, note: a.note ? text('render.audit.note', { note: a.note }) : '' });
}

function citationLine(c: Citation, report: ReportOutput): string {
  const sources = c.sources.map((s) => `${s.table}(${s.columns.join(', ')})`).join('; ');
  return `[${c.marker}] ${c.description} = ${c.value} — ${c.formula.replace(/\s+/g, ' ')}${sources ? textFor(report)('render.citation-sources', { sources }) : ''}`;
}

type Cell = string | number | boolean | null;

function chartRows(chart: Chart): Record<string, Cell>[] {
  const data = chart.spec.data as { values?: Record<string, Cell>[] } | undefined;
  return data?.values ?? [];
}

/**
 * A chart's data as table cells: a value that is a verified calculation is written as the report writes it, with its
 * marker ("26.88%[3]"); any other number is marked unverified; text is as it is.
 */
export function chartTable(chart: Chart, report: ReportOutput): { header: string[]; rows: string[][] } {
  const rows = chartRows(chart);
  const fields = Object.keys(rows[0] ?? {});
  const unverified = textFor(report)('common.unverified-suffix');
  return {
    header: fields.map((f) => fieldName(f, report.language)),
    rows: rows.map((r, i) =>
      fields.map((k) => {
        const value = r[k];
        if (typeof value !== 'number') return String(value ?? '');
        const source = chart.sources?.[i]?.[k];
        return source ? `${source.text}[${source.marker}]` : `${value}${unverified}`;
      }),
    ),
  };
}

// ------------------------------------------------------------------ Markdown

export function toMarkdown(report: ReportOutput): string {
  const text = textFor(report);
  const out = [`# ${report.title}`, '', `> ${auditLine(report)}`, ''];
  for (const section of report.sections) out.push(`## ${section.heading}`, '', section.body, '');
  for (const chart of report.charts) {
    const { header, rows } = chartTable(chart, report);
    out.push(
      `### ${text('render.chart-heading', { title: chart.title })}`,
      '',
      `| ${header.join(' | ')} |`,
      `| ${header.map(() => '---').join(' | ')} |`,
    );
    for (const r of rows) out.push(`| ${r.join(' | ')} |`);
    out.push('');
  }
  out.push(`## ${text('render.citations')}`, '');
  for (const c of report.citations) out.push(`${citationLine(c, report)}  `);
  return `${out.join('\n')}\n`;
}

// ------------------------------------------------------------------ HTML

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function inlineHtml(text: string): string {
  return escapeHtml(text)
    .replace(/\x60([^\x60]*)\x60/g, '<code>$1</code>')
    .replace(/\[(\d+)\]/g, '<sup><a href="#cite-$1">[$1]</a></sup>');
}

function bodyHtml(body: string): string {
  const lines = body.split('\n');
  const items = lines.filter((l) => l.startsWith('- '));
  const prose = lines.filter((l) => !l.startsWith('- ') && l.trim());
  return [
    ...prose.map((p) => `<p>${inlineHtml(p)}</p>`),
    ...(items.length > 0 ? [`<ul>${items.map((i) => `<li>${inlineHtml(i.slice(2))}</li>`).join('')}</ul>`] : []),
  ].join('\n');
}

/**
 * Each chart with the section it stands in: the finding that names it (`chart_id`); a chart no section names (older
 * reports) goes to a charts section after the findings' sections.
 */
function placeCharts(report: ReportOutput): { beside: Map<string, Chart>; unplaced: Chart[] } {
  const beside = new Map<string, Chart>();
  for (const section of report.sections) {
    const chart = section.chart_id ? report.charts.find((c) => c.id === section.chart_id) : undefined;
    if (chart && ![...beside.values()].includes(chart)) beside.set(section.id, chart);
  }
  const placed = new Set(beside.values());
  return { beside, unplaced: report.charts.filter((c) => !placed.has(c)) };
}

export async function toHtml(report: ReportOutput): Promise<string> {
  const text = textFor(report);
  const svgs = new Map(await Promise.all(report.charts.map(async (c) => [c.id, await chartSvg(c)] as const)));
  const figure = (c: Chart) =>
    `<figure id="${escapeHtml(c.id)}" class="chart">${svgs.get(c.id) ?? ''}<figcaption>${escapeHtml(c.title)}</figcaption></figure>`;
  const { beside, unplaced } = placeCharts(report);
  const section = (s: ReportSection) => {
    const chart = beside.get(s.id);
    return `<section id="${escapeHtml(s.id)}"><h2>${escapeHtml(s.heading)}</h2>\n${bodyHtml(s.body)}${chart ? `\n${figure(chart)}` : ''}</section>`;
  };
  const clean = report.audit?.clean === true;
  return `<!doctype html>
<html lang="${HTML_LANG[report.language]}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(report.title)}</title>
<style>
body { font-family: -apple-system, "Segoe UI", "PingFang SC", "Noto Sans CJK SC", sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; line-height: 1.55; }
h1 { font-size: 1.6rem; } h2 { border-bottom: 1px solid #ddd; padding-bottom: .2rem; margin-top: 2rem; }
.audit { padding: .5rem .8rem; border-radius: 4px; background: ${clean ? '#e8f6ec' : '#fdecea'}; border: 1px solid ${clean ? '#9bd3ae' : '#f1a9a0'}; }
sup a { text-decoration: none; color: #2e86c1; } code { background: #f4f4f4; padding: 0 .2rem; border-radius: 3px; }
figure { margin: 1.5rem 0; } figcaption { color: #666; font-size: .9rem; } figure svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-size: .9rem; } td, th { border: 1px solid #ddd; padding: .25rem .5rem; vertical-align: top; }
tr:target { background: #fff7d6; }
@page { size: A4; margin: 16mm 14mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10.5pt; }
  h2 { break-after: avoid; } figure, tr, li { break-inside: avoid; }
  sup a { color: inherit; } #citations { break-before: page; } #citations td code { white-space: pre-wrap; word-break: break-all; }
}
</style>
</head>
<body>
<h1>${escapeHtml(report.title)}</h1>
<p class="audit">${escapeHtml(auditLine(report))}</p>
${report.sections.map(section).join('\n')}
${unplaced.length > 0 ? `<section id="charts"><h2>${text('render.charts')}</h2>\n${unplaced.map(figure).join('\n')}</section>` : ''}
<section id="citations"><h2>${text('render.citations')}</h2>
<table><tr><th>#</th><th>${text('render.column.what')}</th><th>${text('render.column.value')}</th><th>${text('render.column.how')}</th><th>${text('render.column.sources')}</th></tr>
${report.citations.map((c) => `<tr id="cite-${c.marker}"><td>[${c.marker}]</td><td>${escapeHtml(c.description)}</td><td>${c.value}</td><td><code>${escapeHtml(c.formula)}</code></td><td>${escapeHtml(c.sources.map((s) => `${s.table}(${s.columns.join(', ')})`).join('; '))}</td></tr>`).join('\n')}
</table></section>
</body>
</html>
`;
}

// ------------------------------------------------------------------ DOCX

function runs(text: string): TextRun[] {
  // Citation markers as superscript, code spans in a monospace font.
  return text
    .split(/(\[\d+\]|\x60[^\x60]*\x60)/)
    .filter(Boolean)
    .map((part) => {
      if (/^\[\d+\]$/.test(part)) return new TextRun({ text: part, superScript: true });
      if (part.startsWith('\x60')) return new TextRun({ text: part.slice(1, -1), font: 'Consolas' });
      return new TextRun(part);
    });
}

const cell = (text: string, bold = false) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });

function table(header: string[], rows: string[][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ children: header.map((h) => cell(h, true)), tableHeader: true }),
      ...rows.map((r) => new TableRow({ children: r.map((v) => cell(v)) })),
    ],
  });
}

/** The widest a chart is shown in the DOCX, in pixels at 96 per inch: the text width of an A4 or Letter page. */
const DOCX_CHART_WIDTH = 600;

/** A chart as an image paragraph and its caption, shown at its SVG size (at most the text width). */
async function docxChart(chart: Chart): Promise<Paragraph[]> {
  const image = await chartPng(chart);
  const width = Math.min(DOCX_CHART_WIDTH, image.svgWidth);
  const height = Math.round((image.svgHeight * width) / image.svgWidth);
  return [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [
        new ImageRun({
          type: 'png',
          data: image.png,
          transformation: { width, height },
          altText: { name: chart.id, title: chart.title, description: chart.title },
        }),
      ],
    }),
    new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: chart.title, italics: true, color: '666666' })] }),
  ];
}

export async function toDocx(report: ReportOutput): Promise<Buffer> {
  const text = textFor(report);
  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: report.title, heading: HeadingLevel.TITLE }),
    new Paragraph({ children: [new TextRun({ text: auditLine(report), italics: true })] }),
  ];
  const { beside, unplaced } = placeCharts(report);
  for (const section of report.sections) {
    children.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }));
    for (const line of section.body.split('\n').filter((l) => l.trim())) {
      children.push(
        line.startsWith('- ')
          ? new Paragraph({ children: runs(line.slice(2)), bullet: { level: 0 } })
          : new Paragraph({ children: runs(line) }),
      );
    }
    const chart = beside.get(section.id);
    if (chart) children.push(...(await docxChart(chart)));
  }
  if (unplaced.length > 0) {
    children.push(new Paragraph({ text: text('render.charts'), heading: HeadingLevel.HEADING_1 }));
    for (const chart of unplaced) children.push(...(await docxChart(chart)));
  }
  if (report.charts.length > 0) {
    // The appendix: each chart's data, every value with its citation.
    children.push(new Paragraph({ text: text('render.appendix.chart-data'), heading: HeadingLevel.HEADING_1 }));
    for (const chart of report.charts) {
      const { header, rows } = chartTable(chart, report);
      children.push(new Paragraph({ text: chart.title, heading: HeadingLevel.HEADING_2 }), table(header, rows));
    }
  }
  children.push(new Paragraph({ text: text('render.citations'), heading: HeadingLevel.HEADING_1 }));
  children.push(
    table(
      ['#', text('render.column.what'), text('render.column.value'), text('render.column.how')],
      report.citations.map((c) => [`[${c.marker}]`, c.description, String(c.value), c.formula.replace(/\s+/g, ' ')]),
    ),
  );
  const doc = new Document({
    creator: 'Baton',
    title: report.title,
    styles: { default: { document: { run: { font: DOCX_FONT[report.language] } } } },
    sections: [{ properties: {}, children }],
  });
  return Packer.toBuffer(doc);
}

export async function renderReport(report: ReportOutput, format: ReportFormat): Promise<string | Buffer> {
  if (format === 'md') return toMarkdown(report);
  if (format === 'html') return toHtml(report);
  return toDocx(report);
}
