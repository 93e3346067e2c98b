/**
 * The catalogs the page offers: every catalogs/*.yaml, the configured one (BATON_CATALOG) and any listed in
 * BATON_WEB_CATALOGS (separated by commas, each `file` or `file=databaseUrl`). A catalog's database
 * is the one given there, else <NAME>_DATABASE_URL (CHINOOK_DATABASE_URL for catalogs/chinook.yaml), else DATABASE_URL.
 * The configured catalog runs with the worker's defaults (no catalog or database in the request), as `baton ask` does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadCatalog } from '../catalog/catalog';
import { checkCatalog, type CheckReport } from '../catalog/check';
import type { Catalog } from '../catalog/schema';
import type { Language } from '../contracts';
import { textIn } from '../messages';
import { PROJECT_ROOT, type BatonConfig } from '../settings/config';

export interface KnownCatalog {
  /** Its id on the page: the catalog's name. */
  id: string;
  file: string;
  databaseUrl: string;
  /** The worker's default catalog (BATON_CATALOG): a run from it names no catalog or database. */
  isDefault: boolean;
}

export function knownCatalogs(config: BatonConfig, env: NodeJS.ProcessEnv = process.env): KnownCatalog[] {
  const dir = path.join(PROJECT_ROOT, 'catalogs');
  const listed = (env.BATON_WEB_CATALOGS ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=');
      return at > 0 ? { file: path.resolve(entry.slice(0, at)), db: entry.slice(at + 1) } : { file: path.resolve(entry), db: undefined };
    });
  const files = [
    { file: config.catalogPath, db: undefined as string | undefined },
    ...listed,
    ...(fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)) : [])
      .sort()
      .map((f) => ({ file: path.join(dir, f), db: undefined })),
  ];
  const out: KnownCatalog[] = [];
  for (const { file, db } of files) {
    if (out.some((c) => c.file === file)) continue;
    let name: string;
    try {
      name = loadCatalog(file).name;
    } catch {
      name = path.basename(file).replace(/\.ya?ml$/, '');
    }
    if (out.some((c) => c.id === name)) continue;
    const isDefault = file === config.catalogPath;
    const databaseUrl = db ?? env[`${name.toUpperCase()}_DATABASE_URL`] ?? config.databaseUrl;
    out.push({ id: name, file, databaseUrl: isDefault && !db ? config.databaseUrl : databaseUrl, isDefault });
  }
  return out;
}

/** Questions to start from, from the catalog's metrics and dimensions, in the page's language. */
export function suggestions(catalog: Catalog, language: Language): string[] {
  const text = textIn(language);
  const label = (x: { label: string; label_zh: string }) => (language === 'zh' ? x.label_zh : x.label);
  const metrics = Object.values(catalog.metrics).slice(0, 3);
  const dimension = Object.values(catalog.dimensions).find((d) => !d.ranking_only);
  const out: string[] = [];
  const [first, second] = metrics;
  if (first) out.push(text('web.ask.suggest.total', { metric: label(first) }));
  if (first && dimension) out.push(text('web.ask.suggest.breakdown', { metric: label(first), dimension: label(dimension) }));
  if (second) out.push(text('web.ask.suggest.trend', { metric: label(second) }));
  if (metrics[2] ?? second) out.push(text('web.ask.suggest.why', { metric: label((metrics[2] ?? second)!) }));
  return out;
}

/** `baton catalog check` of each catalog, kept for a few minutes (each check runs every metric). */
const checks = new Map<string, { at: number; report: Promise<CheckReport> }>();
const CHECK_TTL_MS = 5 * 60_000;

export function checkKnownCatalog(catalog: KnownCatalog): Promise<CheckReport> {
  const hit = checks.get(catalog.file);
  if (hit && Date.now() - hit.at < CHECK_TTL_MS) return hit.report;
  const report = checkCatalog(fs.readFileSync(catalog.file, 'utf8'), catalog.file, catalog.databaseUrl);
  report.catch(() => checks.delete(catalog.file));
  checks.set(catalog.file, { at: Date.now(), report });
  return report;
}
