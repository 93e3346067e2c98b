/**
 * The metric catalog (the semantic layer, 口径): one YAML file per database, validated when it is loaded. A bad file
 * fails with its path, the line and path of the bad field, and why. The schema is schema.ts, the key and line lookups
 * keys.ts, and how SQL reads its tables table-sql.ts; they are re-exported here, where most code imports them from.
 */
import fs from 'node:fs';
import { LineCounter, parseDocument, YAMLParseError } from 'yaml';
import { catalogLines, unknownKeys } from './keys';
import { CatalogSchema, type Catalog } from './schema';
import { SQL_RESERVED } from './reserved';
import { PERIOD_GROUP, isTimeGrain } from './time-grain';

export { CatalogSchema, type Catalog, type ColumnCheck, type DimensionDefinition, type MetricDefinition } from './schema';
export { catalogTables, qualifiedTable, tableSql, wallNow, wallTime } from './table-sql';
export { catalogLines, suggestKeys, unknownKeys } from './keys';

export class CatalogError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
    /** The line of the file to change, when known. */
    readonly line?: number,
  ) {
    super(`catalog ${file}: ${line !== undefined ? `line ${line}: ` : ''}${field}: ${problem}`);
    this.name = 'CatalogError';
  }
}

/** The tables a table reaches through declared joins, followed either way. */
export function joinedTables(catalog: Pick<Catalog, 'joins'>, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const t = queue.shift() as string;
    for (const j of catalog.joins) {
      const [a, b] = [j.from.split('.')[0] ?? '', j.to.split('.')[0] ?? ''];
      const next = a === t ? b : b === t ? a : undefined;
      if (next !== undefined && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** Cross-references zod cannot see: every table, time field and column named must be declared. */
function checkReferences(catalog: Catalog, file: string): void {
  const tableOf = (ref: string) => ref.split('.')[0] ?? '';
  const requireTable = (field: string, ref: string) => {
    if (!(tableOf(ref) in catalog.tables)) {
      throw new CatalogError(file, field, `table "${tableOf(ref)}" is not declared under tables`);
    }
  };
  catalog.joins.forEach((join, i) => {
    requireTable(`joins.${i}.from`, join.from);
    requireTable(`joins.${i}.to`, join.to);
  });
  for (const [name, field] of Object.entries(catalog.time_fields)) requireTable(`time_fields.${name}.column`, field.column);
  if (catalog.primary_metric !== undefined && !(catalog.primary_metric in catalog.metrics)) {
    throw new CatalogError(file, 'primary_metric', `"${catalog.primary_metric}" is not a metric`);
  }
  for (const [table, def] of Object.entries(catalog.tables)) {
    def.checks.forEach((check, i) => {
      const other = check.other?.split('.');
      if (!other || other.length < 2) return;
      const target = other[0] ?? '';
      if (!(target in catalog.tables))
        throw new CatalogError(file, `tables.${table}.checks.${i}.other`, `table "${target}" is not declared under tables`);
      if (target !== table && !joinedTables(catalog, table).has(target))
        throw new CatalogError(
          file,
          `tables.${table}.checks.${i}.other`,
          `no declared join leads from ${table} to ${target}: declare one under joins (from ${table}.<column> to ${target}.<key>), or compare with a column of ${table}`,
        );
    });
  }
  for (const [name, dim] of Object.entries(catalog.dimensions)) {
    if (dim.column) requireTable(`dimensions.${name}.column`, dim.column);
    if (SQL_RESERVED.has(name.toLowerCase())) {
      throw new CatalogError(
        file,
        `dimensions.${name}`,
        `"${name}" is a reserved word in SQL, and a dimension's id names its column in every query: rename it (${name}s, customer, …)`,
      );
    }
    if (isTimeGrain(name) || name === PERIOD_GROUP) {
      throw new CatalogError(file, `dimensions.${name}`, `"${name}" is a built-in time grain and cannot be redefined`);
    }
  }
  for (const [name, metric] of Object.entries(catalog.metrics)) {
    if (!(metric.table in catalog.tables)) {
      throw new CatalogError(file, `metrics.${name}.table`, `table "${metric.table}" is not declared under tables`);
    }
    for (const [i, ref] of [...metric.decompose_by.entries()]) {
      if (!(ref in catalog.dimensions)) throw new CatalogError(file, `metrics.${name}.decompose_by.${i}`, `"${ref}" is not a dimension`);
    }
    for (const [i, ref] of [...metric.related_metrics.entries()]) {
      if (!(ref in catalog.metrics)) throw new CatalogError(file, `metrics.${name}.related_metrics.${i}`, `"${ref}" is not a metric`);
    }
    if (metric.finer !== undefined && !(metric.finer in catalog.metrics)) {
      throw new CatalogError(file, `metrics.${name}.finer`, `"${metric.finer}" is not a metric`);
    }
    if (!(metric.time_field in catalog.time_fields)) {
      throw new CatalogError(
        file,
        `metrics.${name}.time_field`,
        `"${metric.time_field}" is not one of the time_fields (${Object.keys(catalog.time_fields).join(', ')})`,
      );
    }
  }
}

export function parseCatalog(text: string, file = '<inline>'): Catalog {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const where = yamlError instanceof YAMLParseError ? `line ${counter.linePos(yamlError.pos[0]).line}` : '(file)';
    throw new CatalogError(file, where, `not valid YAML: ${yamlError.message.split('\n')[0]}`);
  }
  const raw: unknown = doc.toJS();
  const lineOf = catalogLines(text);
  // A misspelt key would be dropped silently (and its default would apply): name it, with the keys it may have meant.
  const unknown = unknownKeys(raw)[0];
  if (unknown) {
    const hint =
      unknown.suggestions.length > 0
        ? `; did you mean ${unknown.suggestions
            .slice(0, 3)
            .map((k) => `\`${k}\``)
            .join(' or ')}?`
        : '';
    throw new CatalogError(
      file,
      unknown.path.join('.') || '(root)',
      `unknown key \`${unknown.key}\`${hint}`,
      lineOf([...unknown.path, unknown.key]),
    );
  }
  const parsed = CatalogSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).map(String);
    throw new CatalogError(file, path.join('.') || '(root)', issue?.message ?? 'invalid', path.length > 0 ? lineOf(path) : undefined);
  }
  try {
    checkReferences(parsed.data, file);
  } catch (err) {
    if (err instanceof CatalogError && err.line === undefined) throw new CatalogError(err.file, err.field, err.problem, lineOf(err.field));
    throw err;
  }
  return parsed.data;
}

const cache = new Map<string, { mtimeMs: number; catalog: Catalog }>();

/** Loads (and caches until the file changes) the catalog at an absolute path. */
export function loadCatalog(file: string): Catalog {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new CatalogError(file, '(file)', 'file not found');
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === stat.mtimeMs) return hit.catalog;
  const catalog = parseCatalog(fs.readFileSync(file, 'utf8'), file);
  cache.set(file, { mtimeMs: stat.mtimeMs, catalog });
  return catalog;
}
