/**
 * A report chart drawn: as SVG for the HTML report (Vega renders the Vega-Lite spec headless, with no canvas and no
 * browser), and as a PNG image for the DOCX report (that SVG rendered by resvg, whose binary ships in its npm
 * package). Chart text in Chinese needs a font that covers it: a Noto CJK font from the system (Debian's
 * fonts-noto-cjk), found with fontconfig's `fc-match` or at its usual paths. Without one the image is still drawn,
 * with the system's fonts, and `chartFont().note` says why its Chinese may not show.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';
import type { Chart } from '../contracts';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A Vega-Lite spec rendered to SVG on the server. Each mark item that has a description (presentChart writes one
 * from the tooltip fields, e.g. "月份：2026-09；数值：26.88%") also gets it as its <title>, which browsers show on
 * hover: a bar, a point. A line or an area is one path for all its data and Vega describes it by its first datum,
 * so it gets none (its points carry the values).
 */
export async function chartSvg(chart: Chart): Promise<string> {
  const compiled = vegaLite.compile(chart.spec as unknown as vegaLite.TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    const svg = await view.toSVG();
    return svg.replace(
      /<path([^>]*?) aria-label="([^"]*)"([^>]*?)(\/>|><\/path>)/g,
      (whole: string, before: string, label: string, after: string) =>
        /aria-roledescription="(line|area|trail) mark"/.test(whole)
          ? whole
          : `<path${before} aria-label="${label}"${after}><title>${escapeXml(label.replace(/&quot;/g, '"'))}</title></path>`,
    );
  } finally {
    view.finalize();
  }
}

/** Where Debian, Ubuntu, Fedora and Arch put the Noto CJK fonts. */
const KNOWN_CJK_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf',
];

let cjkFont: { file: string | null; note: string | null } | undefined;

/** The file of a font that covers Chinese, or null with a note saying what to install (looked up once). */
export function chartFont(): { file: string | null; note: string | null } {
  if (cjkFont) return cjkFont;
  let file: string | null = null;
  try {
    const found = execFileSync('fc-match', ['-f', '%{file}', 'Noto Sans CJK SC:lang=zh-cn'], {
      encoding: 'utf8',
      timeout: 5000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (/cjk/i.test(found) && fs.existsSync(found)) file = found;
  } catch {
    // No fontconfig on this machine: the usual paths below.
  }
  file ??= KNOWN_CJK_FONTS.find((f) => fs.existsSync(f)) ?? null;
  cjkFont = file
    ? { file, note: null }
    : {
        file: null,
        note: 'no font covering Chinese was found (install fonts-noto-cjk): chart images are drawn with the system fonts, and Chinese text in them may not show',
      };
  return cjkFont;
}

export interface ChartImage {
  png: Buffer;
  /** The PNG's size in pixels. */
  width: number;
  height: number;
  /** The chart's size in the SVG (CSS pixels): the size to show it at. */
  svgWidth: number;
  svgHeight: number;
}

/** The chart as a PNG drawn at `scale` times its SVG size (2 by default: sharp when shown at the SVG's size). */
export async function chartPng(chart: Chart, scale = 2): Promise<ChartImage> {
  const svg = await chartSvg(chart);
  const font = chartFont();
  const family = font.file ? 'Noto Sans CJK SC' : 'DejaVu Sans';
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
    font: {
      fontFiles: font.file ? [font.file] : [],
      loadSystemFonts: font.file === null,
      defaultFontFamily: family,
      sansSerifFamily: family,
    },
  });
  const image = resvg.render();
  return { png: image.asPng(), width: image.width, height: image.height, svgWidth: resvg.width, svgHeight: resvg.height };
}
