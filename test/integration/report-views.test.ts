/**
 * The demo report as its readers see it. The DOCX carries each chart as an image beside its finding, drawn at twice
 * the chart's size and not blank, with the chart data as an appendix. The HTML report is opened in a real browser
 * (Debian's Chromium, driven by playwright-core; .ci/run installs it with fonts-noto-cjk and poppler-utils): every
 * chart's SVG has its marks and stands in its finding's section, axes and tooltips are in the metric's format,
 * every [n] jumps to an existing calculation, Chinese renders with a CJK font, the user-facing words are Chinese,
 * the key metrics state each number once; a screenshot and a print to PDF are taken, the PDF has the pages the
 * printed layout needs and its first page is not blank. Screenshots and PDFs go to a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { PNG } from 'pngjs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { toDocx, toHtml } from '../../src/report/render';
import type { ReportOutput } from '../../src/contracts';
import { publishedReport, runAnalysis, withWorker } from '../helpers';

/** The browser's globals these checks use inside the page (the project compiles without the DOM library). */
interface PageElement {
  id: string;
  textContent: string | null;
  offsetTop: number;
  offsetHeight: number;
  closest(selector: string): PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { top: number };
  getBBox(): { width: number; height: number };
}
declare const document: {
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
  getElementById(id: string): PageElement | null;
};
declare const location: { hash: string };
declare const window: { innerHeight: number };

const harness = withWorker('report-views');
const QUESTION = '为什么华东区上个月复购率下降了？';
let published: ReportOutput;
let dir: string;

/** Debian's Chromium on the PATH; missing, the test fails and says how to install it. */
function chromiumPath(): string {
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      // not this name
    }
  }
  throw new Error(
    'Chromium is not installed: the browser test needs it (apt-get install chromium fonts-noto-cjk poppler-utils; .ci/run does this)',
  );
}

/** The share of pixels that are not (near) white, and how many distinct colours the image has. */
function ink(png: Buffer): { width: number; height: number; inked: number; colours: number } {
  const image = PNG.sync.read(png);
  let inked = 0;
  const colours = new Set<number>();
  for (let i = 0; i < image.data.length; i += 4) {
    const [r, g, b, a] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, image.data[i + 3]!];
    if (a > 0 && (r < 235 || g < 235 || b < 235)) inked++;
    colours.add((r << 16) | (g << 8) | b);
  }
  return { width: image.width, height: image.height, inked: inked / (image.width * image.height), colours: colours.size };
}

beforeAll(async () => {
  const run = await runAnalysis(harness.client, harness.config.taskQueue, QUESTION);
  published = await publishedReport(run.result);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baton-report-'));
});

test("the report writer puts each chart beside its finding, with axes in the metric's format and Chinese words", () => {
  const findings = published.sections.filter((s) => s.chart_id);
  expect(published.charts.map((c) => c.id)).toEqual(['chart-s1', 'chart-s2', 'chart-s3']);
  expect(findings.map((s) => [s.id, s.chart_id])).toEqual([
    ['finding-1', 'chart-s1'],
    ['finding-2', 'chart-s2'],
    ['finding-3', 'chart-s3'],
  ]);
  const [rate, byType] = published.charts;
  const encoding = (c: typeof rate) => c!.spec.encoding as Record<string, { field: string; axis?: { format?: string }; title?: string }>;
  // The repurchase rate is a rate: its axis reads 25%, not 0.25. A decomposition's effects are percentage points.
  expect(encoding(rate).y).toMatchObject({ field: 'value', axis: { format: '~%' } });
  expect(encoding(byType).y).toMatchObject({ field: 'effect_points', title: '对变化的贡献（个百分点）', axis: { format: '~f' } });
  expect(JSON.stringify(published.charts.map((c) => c.spec))).not.toMatch(/effect on the change|total effect|"all"/);
  // The data scope in Chinese, with the catalog's words; no filter is shown as code.
  const scope = published.sections
    .find((s) => s.id === 'data-scope')!
    .body.split('\n')
    .filter((l) => l.startsWith('- 筛选'));
  expect(scope).toEqual([
    '- 筛选：仅统计已支付订单',
    '- 筛选：剔除金额`≤0` 的订单（数据错误）',
    expect.stringMatching(/^- 筛选：支付时间在 \d{4}-\d{2}-01 至 \d{4}-\d{2}-\d{2} 之间$/),
    '- 筛选：区域：华东',
    expect.stringMatching(/^- 筛选：注册时间在 \d{4}-\d{2}-01 至 \d{4}-\d{2}-\d{2} 之间$/),
  ]);
  // Each number of the key metrics once: the month before is not listed again as the decomposition's "before".
  const values = published.sections
    .find((s) => s.id === 'key-metrics')!
    .body.split('\n')
    .map((l) => /：([^[：]+)\[\d+\]/.exec(l)?.[1]);
  expect(values).not.toContain(undefined);
  expect(new Set(values).size).toBe(values.length);
  expect(values.slice(0, 2)).toEqual(['26.88%', '19.31%']);
});

test('the DOCX shows each chart as an image beside its finding, sharp and not blank, and keeps the data as an appendix', async () => {
  const zip = await JSZip.loadAsync(await toDocx(published));
  const media = Object.keys(zip.files)
    .filter((f) => /^word\/media\/.*\.png$/.test(f))
    .sort();
  expect(media).toHaveLength(published.charts.length);
  for (const file of media) {
    const png = await zip.file(file)!.async('nodebuffer');
    const { width, height, inked, colours } = ink(png);
    // Drawn at twice the chart's size (the SVG is about 530 × 270 CSS pixels with its axes).
    expect(width).toBeGreaterThanOrEqual(900);
    expect(width).toBeLessThanOrEqual(1300);
    expect(height).toBeGreaterThanOrEqual(450);
    expect(height).toBeLessThanOrEqual(700);
    // Bars, axes and labels: a real share of the image is ink, in several colours (anti-aliased text, bar fill).
    expect(inked).toBeGreaterThan(0.05);
    expect(inked).toBeLessThan(0.9);
    expect(colours).toBeGreaterThan(20);
    fs.writeFileSync(path.join(dir, path.basename(file)), png);
  }
  const xml = await zip.file('word/document.xml')!.async('string');
  // Shown at most 600 px (6.25 in) wide: inside the page's text width.
  const extents = [...xml.matchAll(/<wp:extent cx="(\d+)" cy="(\d+)"\/>/g)].map((m) => Number(m[1]) / 9525);
  expect(extents).toHaveLength(published.charts.length);
  for (const w of extents) expect(w).toBeLessThanOrEqual(600);
  // Each image sits after its finding's heading and before the next heading; the data tables come after them all.
  const text = (s: string) => xml.indexOf(`>${s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}<`);
  const drawings = [...xml.matchAll(/<w:drawing>/g)].map((m) => m.index);
  const headings = published.sections.map((s) => text(s.heading));
  published.charts.forEach((chart, i) => {
    const section = published.sections.findIndex((s) => s.chart_id === chart.id);
    expect(drawings[i]).toBeGreaterThan(headings[section]!);
    expect(drawings[i]).toBeLessThan(headings[section + 1]!);
  });
  const appendix = text('附录：图表数据');
  expect(appendix).toBeGreaterThan(drawings.at(-1)!);
  expect(xml.slice(appendix)).toContain('26.88%[');
});

describe('the HTML report in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let htmlFile: string;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--font-render-hinting=none'] });
    page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    htmlFile = path.join(dir, 'demo.html');
    fs.writeFileSync(htmlFile, await toHtml(published));
    await page.goto(`file://${htmlFile}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  test("every chart's SVG has its marks, stands in its finding's section, and reads in the metric's format", async () => {
    const charts = await page.evaluate(() =>
      [...document.querySelectorAll('figure.chart')].map((f) => ({
        id: f.id,
        section: f.closest('section')?.id ?? null,
        marks: [...f.querySelectorAll('g.mark-rect path, g.mark-symbol path')].map((m) => {
          const box = m.getBBox();
          return { w: box.width, h: box.height, title: m.querySelector('title')?.textContent ?? '' };
        }),
        axisLabels: [...f.querySelectorAll('g.role-axis-label text')].map((t) => t.textContent ?? ''),
        words: [...f.querySelectorAll('text')].map((t) => t.textContent ?? '').join(' '),
      })),
    );
    expect(charts.map((c) => [c.id, c.section])).toEqual([
      ['chart-s1', 'finding-1'],
      ['chart-s2', 'finding-2'],
      ['chart-s3', 'finding-3'],
    ]);
    for (const [i, chart] of charts.entries()) {
      const rows = (published.charts[i]!.spec.data as { values: unknown[] }).values;
      // One bar per data row, each with a size, each with its value as its hover title.
      expect(chart.marks).toHaveLength(rows.length);
      for (const m of chart.marks) {
        expect(m.w).toBeGreaterThan(1);
        expect(m.h).toBeGreaterThan(0);
        expect(m.title).not.toBe('');
      }
      // Every word of the chart is Chinese (or a date, a number, a sign).
      expect(chart.words).not.toMatch(/[A-Za-z]{2,}/);
    }
    const [rate, byType] = charts;
    // The rate's axis in percent, its bars' titles the rates as the report writes them.
    expect(rate!.axisLabels.filter((l) => /\d/.test(l) && !/^\d{4}-\d{2}$/.test(l)).every((l) => /^\d+%$/.test(l))).toBe(true);
    expect(rate!.axisLabels).toContain('25%');
    expect(rate!.marks.map((m) => m.title)).toEqual([
      expect.stringMatching(/^月份：\d{4}-\d{2}；数值：26\.88%$/),
      expect.stringMatching(/^月份：\d{4}-\d{2}；数值：19\.31%$/),
    ]);
    // The effects in percentage points: −9.66 for new customers, as the finding says.
    expect(byType!.marks.map((m) => m.title)).toEqual([
      '分组：新客（客户类型）；对变化的贡献（个百分点）：−9.66',
      '分组：老客（客户类型）；对变化的贡献（个百分点）：+2.10',
    ]);
    expect(byType!.axisLabels).toEqual(expect.arrayContaining(['−8', '0', '2']));
  });

  test('every [n] links to an existing calculation and jumps to it', async () => {
    const links = await page.evaluate(() =>
      [...document.querySelectorAll('a[href^="#cite-"]')].map((a) => {
        const target = document.getElementById((a.getAttribute('href') ?? '').slice(1));
        return {
          text: a.textContent,
          inTable: target?.closest('#citations') !== null && target !== null,
          first: target?.querySelector('td')?.textContent ?? null,
        };
      }),
    );
    expect(links.length).toBeGreaterThanOrEqual(published.citations.length);
    for (const l of links) {
      expect(l.inTable).toBe(true);
      expect(l.first).toBe(l.text);
    }
    // Every citation is used by some marker.
    expect(new Set(links.map((l) => l.text))).toEqual(new Set(published.citations.map((c) => `[${c.marker}]`)));
    // Clicking the summary's [5] scrolls its row into view.
    await page.click('#summary a[href="#cite-5"]');
    const row = await page.evaluate(() => ({
      top: document.getElementById('cite-5')?.getBoundingClientRect().top ?? -1,
      hash: location.hash,
      height: window.innerHeight,
    }));
    expect(row.hash).toBe('#cite-5');
    expect(row.top).toBeGreaterThan(-2);
    expect(row.top).toBeLessThan(row.height);
    await page.goto(`file://${htmlFile}`);
  });

  test('Chinese text renders with a CJK font, in the page and in the charts', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const fontsOf = async (selector: string) => {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return fonts;
    };
    for (const selector of ['h1', '#summary p', '#chart-s2 g.role-axis-label text']) {
      const fonts = await fontsOf(selector);
      // The Chinese glyphs come from Noto Sans CJK (a Latin font may draw the digits).
      expect(fonts.some((f) => /CJK/.test(f.familyName) && f.glyphCount > 0)).toBe(true);
      expect(fonts.filter((f) => !/CJK/.test(f.familyName) && !/DejaVu|Liberation|Noto Sans$/.test(f.familyName))).toEqual([]);
    }
  });

  test('every user-facing word is Chinese, and the key metrics state each number once', async () => {
    const seen = await page.evaluate(() => ({
      headings: [...document.querySelectorAll('h1, h2, figcaption, th')].map((h) => h.textContent ?? ''),
      filters: [...document.querySelectorAll('#data-scope li')]
        .map((li) => ({ text: li.textContent ?? '', code: [...li.querySelectorAll('code')].map((c) => c.textContent ?? '') }))
        .filter((f) => f.text.startsWith('筛选')),
      keyMetrics: [...document.querySelectorAll('#key-metrics li')].map((li) => li.textContent ?? ''),
      statistics: document.querySelector('#statistics')?.textContent ?? '',
      quality: document.querySelector('#data-quality')?.textContent ?? '',
    }));
    for (const h of seen.headings) expect(h).not.toMatch(/[A-Za-z]{2,}/);
    expect(seen.filters.length).toBe(5);
    for (const f of seen.filters) {
      expect(f.text).not.toMatch(/[A-Za-z]{2,}/);
      expect(f.code.every((c) => /^[≤≥<>=]?\d+$/.test(c))).toBe(true);
    }
    expect(seen.statistics).toContain('Welch 双样本 t 检验：');
    // The period's time fields by their meaning, not their columns (orders.pay_time).
    expect(seen.quality).toContain('支付时间（为空时按 下单时间）');
    expect(seen.quality).not.toMatch(/ where | is empty/);
    const numbers = seen.keyMetrics.map((l) => /：(.+?)\[\d+\]/.exec(l)?.[1]);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  test('a screenshot and a print to PDF: the PDF has the pages its printed layout needs and is not blank', async () => {
    const screenshot = path.join(dir, 'demo.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    const shot = ink(fs.readFileSync(screenshot));
    console.log(
      `report screenshot: ${shot.width} × ${shot.height} px, ${fs.statSync(screenshot).size} bytes, ${(shot.inked * 100).toFixed(1)}% ink (${screenshot})`,
    );
    expect(shot.width).toBe(1000);
    expect(shot.height).toBeGreaterThan(3000);
    expect(shot.inked).toBeGreaterThan(0.02);

    // The printed layout (A4, 16 mm × 14 mm margins): the pages before the calculations appendix, which starts a page.
    await page.emulateMedia({ media: 'print' });
    const mm = 96 / 25.4;
    await page.setViewportSize({ width: Math.floor((210 - 28) * mm), height: 800 });
    const layout = await page.evaluate(() => {
      const citations = document.getElementById('citations')!;
      return { body: citations.offsetTop, appendix: citations.offsetHeight };
    });
    const pageHeight = (297 - 32) * mm;
    const expected = Math.ceil(layout.body / pageHeight) + Math.ceil(layout.appendix / pageHeight);
    const pdf = path.join(dir, 'demo.pdf');
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    console.log(`report PDF: ${pages} pages (layout needs ${expected}), ${/^Page size:\s+(.*)$/m.exec(info)?.[1] ?? '?'}`);
    expect(info).toMatch(/^Page size:.*\(A4\)$/m);
    // Figures and rows are not split across pages: a page may end early, never more than one page over.
    expect(pages).toBeGreaterThanOrEqual(expected);
    expect(pages).toBeLessThanOrEqual(expected + 1);
    execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '50', '-png', '-singlefile', pdf, path.join(dir, 'page-1')]);
    const first = ink(fs.readFileSync(path.join(dir, 'page-1.png')));
    expect(Math.abs(first.width - (210 / 25.4) * 50)).toBeLessThan(1.5);
    expect(first.inked).toBeGreaterThan(0.02);
  });
});
