/**
 * `baton catalog check`: verify a catalog against a live PostgreSQL database (tables, columns, every metric runs),
 * with warnings on what it probably does not mean (check-warnings.ts) and advice on missing indexes (check-indexes.ts).
 * `baton catalog init`, the draft, is src/catalog/draft/.
 */
import { getPool } from '../storage/db';
import { queryReadOnly } from '../storage/read-only';
import { defaultTimeWindow } from '../model/time-window';
import { catalogLines, CatalogError, parseCatalog, type Catalog } from './catalog';
import { indexAdvice } from './check-indexes';
import { semanticWarnings } from './check-warnings';
import { compileMetricQuery } from './sql';
import { TIME_TYPE_NAMES } from './time-types';

export interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
}

async function columns(databaseUrl: string, schema: string): Promise<ColumnRow[]> {
  const { rows } = await getPool(databaseUrl).query<ColumnRow>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type IN ('BASE TABLE', 'VIEW')
     WHERE c.table_schema = $1 ORDER BY c.table_name, c.ordinal_position`,
    [schema],
  );
  return rows;
}

/** Something in a catalog that runs but probably does not mean what it says; `--strict` makes it fail. */
export interface CheckWarning {
  /** The dotted path of the entry to change (metrics.revenue.expression). */
  path: string;
  /** Its line in the file, when the file has it. */
  line?: number;
  message: string;
}

/** A dimension with more values than this is a list, not a grouping. */
export const MAX_DIMENSION_VALUES = 1000;

/** An index the questions' windows and lookups need and the database lacks, with the statement that creates it. */
export interface IndexAdvice {
  table: string;
  column: string;
  /** Why Baton reads through it (a time field's windows, a join's lookups). */
  reason: string;
  /** PostgreSQL's estimate of the table's rows (null when never analysed). */
  rows: number | null;
  sql: string;
}

export interface CheckReport {
  problems: string[];
  /** Each problem's line in the file (same order as problems), when known. */
  problemLines: (number | undefined)[];
  warnings: CheckWarning[];
  /** Missing indexes (a base table's column that no index starts with); advice, not a problem or a warning. */
  indexes?: IndexAdvice[];
  checked: { tables: number; columns: number; metrics: number; dimensions: number };
}

/** Every `table.column` the catalog's joins, time fields, dimensions and metrics name, with where it is first named. */
function referencedColumns(catalog: Catalog): Map<string, string> {
  const referenced = new Map<string, string>();
  const scan = (where: string, sql: string | undefined) => {
    for (const m of (sql ?? '').matchAll(/\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/gi)) {
      if (m[1] && m[1] in catalog.tables && !referenced.has(`${m[1]}.${m[2]}`)) referenced.set(`${m[1]}.${m[2]}`, where);
    }
  };
  catalog.joins.forEach((j, i) => {
    scan(`joins.${i}`, j.from);
    scan(`joins.${i}`, j.to);
  });
  for (const [n, t] of Object.entries(catalog.time_fields)) scan(`time_fields.${n}`, t.column);
  for (const [t, def] of Object.entries(catalog.tables))
    def.checks.forEach((c, i) => {
      scan(`tables.${t}.checks.${i}`, `${t}.${c.column}`);
      if (c.other) scan(`tables.${t}.checks.${i}`, c.other.includes('.') ? c.other : `${t}.${c.other}`);
    });
  for (const [n, d] of Object.entries(catalog.dimensions)) {
    scan(`dimensions.${n}`, d.column);
    scan(`dimensions.${n}`, d.expression);
  }
  for (const [n, m] of Object.entries(catalog.metrics)) {
    for (const sql of [m.expression, m.numerator, m.denominator, m.per, ...Object.values(m.per_entity), ...m.filters.map((f) => f.sql)])
      scan(`metrics.${n}`, sql);
  }
  return referenced;
}

/** The catalog's columns found in the database: each table's, by catalog key, and the raw rows with their schema. */
interface Found {
  cols: (ColumnRow & { schema: string })[];
  /** table key.column for every column of a table that exists. */
  existing: Set<string>;
  /** The data_type of each table key.column. */
  typeOf: Map<string, string>;
  tablesThere: Set<string>;
}

/** The tables and columns the catalog names that the database lacks. */
async function findColumns(catalog: Catalog, databaseUrl: string, schema: string, problems: string[]): Promise<Found> {
  // A table may live in its own schema, under its own name (tables.<key>.schema / .name); columns are named by key.
  const schemas = [...new Set(Object.values(catalog.tables).map((t) => t.schema ?? schema))];
  const cols = (await Promise.all(schemas.map(async (s) => (await columns(databaseUrl, s)).map((c) => ({ ...c, schema: s }))))).flat();
  const existing = new Set<string>();
  const typeOf = new Map<string, string>();
  const tablesThere = new Set<string>();
  for (const [key, def] of Object.entries(catalog.tables)) {
    const own = cols.filter((c) => c.schema === (def.schema ?? schema) && c.table_name === (def.name ?? key));
    if (own.length === 0) problems.push(`tables.${key}: table "${def.name ?? key}" does not exist in schema ${def.schema ?? schema}`);
    else tablesThere.add(key);
    for (const c of own) {
      existing.add(`${key}.${c.column_name}`);
      typeOf.set(`${key}.${c.column_name}`, c.data_type);
    }
  }
  return { cols, existing, typeOf, tablesThere };
}

/**
 * A time field's declared type decides whether its values are converted to the catalog's zone: a declared one must
 * match the column's. One left out (a catalog written before `type` existed) is the column's, set here so the metrics
 * below run as a run would run them.
 */
function checkTimeTypes(catalog: Catalog, found: Found, problems: string[]): void {
  for (const [n, field] of Object.entries(catalog.time_fields)) {
    const actual = found.typeOf.get(field.column);
    if (!actual) continue;
    const name = TIME_TYPE_NAMES[actual];
    if (field.type === undefined && name) field.type = name;
    else if (name !== field.type)
      problems.push(
        `time_fields.${n}.type: ${field.column} is ${actual}${name ? `; declare type: ${name}` : ', not a time type'} (declared ${field.type ?? 'none'})`,
      );
  }
}

/** Every metric runs, and every dimension groups at least one metric whose tables reach it. */
async function runMetrics(catalog: Catalog, databaseUrl: string, problems: string[]): Promise<void> {
  const window = defaultTimeWindow(new Date().toISOString().slice(0, 10));
  const limits = { statementTimeoutMs: 10_000, rowCap: 1000 };
  const query = (metric: string, groupBy: string[]) =>
    compileMetricQuery(catalog, { metric, window, filters: [], group_by: groupBy, order: null, limit: null });
  const run = async (where: string, metric: string, groupBy: string[]) => {
    try {
      const compiled = query(metric, groupBy);
      await queryReadOnly(databaseUrl, compiled.sql, compiled.params, limits);
    } catch (err) {
      problems.push(`${where}: ${(err as Error).message}`);
    }
  };
  for (const metric of Object.keys(catalog.metrics)) await run(`metrics.${metric}`, metric, []);
  for (const dim of Object.keys(catalog.dimensions)) {
    const usable = Object.keys(catalog.metrics).find((metric) => {
      try {
        query(metric, [dim]);
        return true;
      } catch {
        return false;
      }
    });
    if (!usable) problems.push(`dimensions.${dim}: no metric's tables reach it through the declared joins`);
    else await run(`dimensions.${dim}`, usable, [dim]);
  }
}

/** Every table and column the catalog names exists, every metric compiles and runs, every dimension can group its metrics. */
export async function checkCatalog(text: string, file: string, databaseUrl: string, schema = 'public'): Promise<CheckReport> {
  let catalog: Catalog;
  try {
    catalog = parseCatalog(text, file);
  } catch (err) {
    if (!(err instanceof CatalogError)) throw err;
    return {
      problems: [err.message],
      problemLines: [err.line],
      warnings: [],
      checked: { tables: 0, columns: 0, metrics: 0, dimensions: 0 },
    };
  }
  const problems: string[] = [];
  const found = await findColumns(catalog, databaseUrl, schema, problems);
  const referenced = referencedColumns(catalog);
  for (const [ref, where] of referenced) {
    const [table] = ref.split('.');
    if (found.tablesThere.has(table ?? '') && !found.existing.has(ref)) problems.push(`${where}: column ${ref} does not exist`);
  }
  checkTimeTypes(catalog, found, problems);
  await runMetrics(catalog, databaseUrl, problems);
  const lineOf = catalogLines(text);
  const warnings = await semanticWarnings(catalog, text, databaseUrl, found.cols);
  const indexes = await indexAdvice(catalog, databaseUrl, schema);
  // A missing column is found by the scan and again when its metric's query runs: say each problem once.
  const unique = [...new Set(problems)];
  return {
    problems: unique,
    problemLines: unique.map((p) => lineOf(p.split(':')[0] ?? '')),
    warnings: warnings.map((w) => ({ ...w, line: w.line ?? lineOf(w.path) })),
    indexes,
    checked: {
      tables: Object.keys(catalog.tables).length,
      columns: referenced.size,
      metrics: Object.keys(catalog.metrics).length,
      dimensions: Object.keys(catalog.dimensions).length,
    },
  };
}
