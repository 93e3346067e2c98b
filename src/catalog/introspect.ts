/**
 * `baton catalog init` and `baton catalog check`: draft a catalog from a live
 * PostgreSQL database, and verify a catalog against one.
 */
import { getPool, queryReadOnly } from '../db';
import { defaultTimeWindow } from '../model/time-window';
import { CatalogError, parseCatalog, type Catalog } from './catalog';
import { compileMetricQuery } from './sql';

export { draftCatalog, draftCatalogWithNotes, DraftError, type Draft } from './draft';

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
}

/** How a time field's `type` names each PostgreSQL time type. */
const TIME_TYPE_NAMES: Record<string, string> = { 'timestamp without time zone': 'timestamp', 'timestamp with time zone': 'timestamptz', date: 'date' };

async function columns(databaseUrl: string, schema: string): Promise<ColumnRow[]> {
  const { rows } = await getPool(databaseUrl).query<ColumnRow>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema = $1 ORDER BY c.table_name, c.ordinal_position`,
    [schema],
  );
  return rows;
}


export interface CheckReport {
  problems: string[];
  checked: { tables: number; columns: number; metrics: number; dimensions: number };
}

/** Every table and column the catalog names exists, every metric compiles and runs, every dimension can group its metrics. */
export async function checkCatalog(text: string, file: string, databaseUrl: string, schema = 'public'): Promise<CheckReport> {
  let catalog: Catalog;
  try {
    catalog = parseCatalog(text, file);
  } catch (err) {
    if (err instanceof CatalogError) return { problems: [err.message], checked: { tables: 0, columns: 0, metrics: 0, dimensions: 0 } };
    throw err;
  }
  const problems: string[] = [];
  // A table may live in its own schema, under its own name (tables.<key>.schema / .name); columns are named by key.
  const schemas = [...new Set(Object.values(catalog.tables).map((t) => t.schema ?? schema))];
  const cols = (await Promise.all(schemas.map(async (s) => (await columns(databaseUrl, s)).map((c) => ({ ...c, schema: s }))))).flat();
  const existing = new Set<string>();
  const tablesThere = new Set<string>();
  for (const [key, def] of Object.entries(catalog.tables)) {
    const own = cols.filter((c) => c.schema === (def.schema ?? schema) && c.table_name === (def.name ?? key));
    if (own.length === 0) problems.push(`tables.${key}: table "${def.name ?? key}" does not exist in schema ${def.schema ?? schema}`);
    else tablesThere.add(key);
    for (const c of own) existing.add(`${key}.${c.column_name}`);
  }

  const referenced = new Map<string, string>();
  const scan = (where: string, sql: string | undefined) => {
    for (const m of (sql ?? '').matchAll(/\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/gi)) {
      if (m[1] && m[1] in catalog.tables && !referenced.has(`${m[1]}.${m[2]}`)) referenced.set(`${m[1]}.${m[2]}`, where);
    }
  };
  catalog.joins.forEach((j, i) => { scan(`joins.${i}`, j.from); scan(`joins.${i}`, j.to); });
  for (const [n, t] of Object.entries(catalog.time_fields)) scan(`time_fields.${n}`, t.column);
  for (const [n, d] of Object.entries(catalog.dimensions)) { scan(`dimensions.${n}`, d.column); scan(`dimensions.${n}`, d.expression); }
  for (const [n, m] of Object.entries(catalog.metrics)) {
    for (const sql of [m.expression, m.numerator, m.denominator, m.per, ...Object.values(m.per_entity), ...m.filters.map((f) => f.sql)]) scan(`metrics.${n}`, sql);
  }
  for (const [ref, where] of referenced) {
    const [table] = ref.split('.');
    if (tablesThere.has(table ?? '') && !existing.has(ref)) problems.push(`${where}: column ${ref} does not exist`);
  }

  // A time field's declared type decides whether its values are converted to the catalog's zone: it must match.
  for (const [n, field] of Object.entries(catalog.time_fields)) {
    const actual = cols.find((c) => `${c.table_name}.${c.column_name}` === field.column)?.data_type;
    const name = actual ? TIME_TYPE_NAMES[actual] : undefined;
    if (actual && name !== field.type) problems.push(`time_fields.${n}.type: ${field.column} is ${actual}${name ? `; declare type: ${name}` : ', not a time type'} (declared ${field.type})`);
  }

  const window = defaultTimeWindow(new Date().toISOString().slice(0, 10));
  const limits = { statementTimeoutMs: 10_000, rowCap: 1000 };
  const run = async (where: string, metric: string, groupBy: string[]) => {
    try {
      const compiled = compileMetricQuery(catalog, { metric, window, filters: [], group_by: groupBy, order: null, limit: null });
      await queryReadOnly(databaseUrl, compiled.sql, compiled.params, limits);
      return true;
    } catch (err) {
      problems.push(`${where}: ${(err as Error).message}`);
      return false;
    }
  };
  for (const metric of Object.keys(catalog.metrics)) await run(`metrics.${metric}`, metric, []);
  for (const [dim] of Object.entries(catalog.dimensions)) {
    // A dimension must group at least one metric whose tables reach it.
    const usable = Object.keys(catalog.metrics).find((metric) => {
      try {
        compileMetricQuery(catalog, { metric, window, filters: [], group_by: [dim], order: null, limit: null });
        return true;
      } catch {
        return false;
      }
    });
    if (!usable) problems.push(`dimensions.${dim}: no metric's tables reach it through the declared joins`);
    else await run(`dimensions.${dim}`, usable, [dim]);
  }
  return {
    problems,
    checked: { tables: Object.keys(catalog.tables).length, columns: referenced.size, metrics: Object.keys(catalog.metrics).length, dimensions: Object.keys(catalog.dimensions).length },
  };
}
