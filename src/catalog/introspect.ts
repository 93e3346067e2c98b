/**
 * `baton catalog init` and `baton catalog check`: draft a catalog from a live
 * PostgreSQL database, and verify a catalog against one.
 */
import { stringify } from 'yaml';
import { getPool, queryReadOnly } from '../db';
import { defaultTimeWindow } from '../model/time-window';
import { CatalogError, parseCatalog, type Catalog } from './catalog';
import { compileMetricQuery } from './sql';

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
}

const TIME_TYPES = new Set(['timestamp without time zone', 'timestamp with time zone', 'date']);
/** How a time field's `type` names each PostgreSQL time type. */
const TIME_TYPE_NAMES: Record<string, string> = { 'timestamp without time zone': 'timestamp', 'timestamp with time zone': 'timestamptz', date: 'date' };
const NUMERIC_TYPES = new Set(['numeric', 'integer', 'bigint', 'smallint', 'double precision', 'real']);
const TEXT_TYPES = new Set(['text', 'character varying', 'character']);
/** Text columns with at most this many distinct values become dimensions. */
const MAX_DIMENSION_VALUES = 30;

async function columns(databaseUrl: string, schema: string): Promise<ColumnRow[]> {
  const { rows } = await getPool(databaseUrl).query<ColumnRow>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
     WHERE c.table_schema = $1 ORDER BY c.table_name, c.ordinal_position`,
    [schema],
  );
  return rows;
}

async function keys(databaseUrl: string, schema: string) {
  const { rows } = await getPool(databaseUrl).query<{ kind: string; table_name: string; column_name: string; ref_table: string | null; ref_column: string | null }>(
    `SELECT tc.constraint_type AS kind, kcu.table_name, kcu.column_name, ccu.table_name AS ref_table, ccu.column_name AS ref_column
     FROM information_schema.table_constraints tc
     JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
     LEFT JOIN information_schema.constraint_column_usage ccu ON tc.constraint_type = 'FOREIGN KEY' AND ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
     WHERE tc.table_schema = $1 AND tc.constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY')
     ORDER BY kcu.table_name, tc.constraint_type, kcu.ordinal_position`,
    [schema],
  );
  return rows;
}

/** A draft catalog for every table in the schema; the user edits labels, aliases and filters. */
export async function draftCatalog(databaseUrl: string, name: string, schema = 'public'): Promise<string> {
  const cols = await columns(databaseUrl, schema);
  const constraintRows = await keys(databaseUrl, schema);
  // Every column of a primary key, in order: a composite key is kept whole.
  const primary = new Map<string, string[]>();
  for (const k of constraintRows.filter((r) => r.kind === 'PRIMARY KEY')) primary.set(k.table_name, [...(primary.get(k.table_name) ?? []), k.column_name]);
  const foreign = constraintRows.filter((k) => k.kind === 'FOREIGN KEY' && k.ref_table && k.ref_column);
  const isKey = (t: string, c: string) => (primary.get(t) ?? []).includes(c) || foreign.some((f) => f.table_name === t && f.column_name === c);

  const tables: Record<string, { description: string; primary_key?: string | string[] }> = {};
  const timeFields: Record<string, { column: string; meaning: string; type: string }> = {};
  const metrics: Record<string, unknown> = {};
  const dimensions: Record<string, unknown> = {};
  const tableNames = [...new Set(cols.map((c) => c.table_name))];
  for (const table of tableNames) {
    const pk = primary.get(table);
    tables[table] = { description: `TODO: what one row of ${table} is`, ...(pk ? { primary_key: pk.length === 1 ? pk[0] : pk } : {}) };
    const own = cols.filter((c) => c.table_name === table);
    const times = own.filter((c) => TIME_TYPES.has(c.data_type));
    for (const t of times) timeFields[`${table}_${t.column_name}`] = { column: `${table}.${t.column_name}`, meaning: `TODO: what ${t.column_name} records`, type: TIME_TYPE_NAMES[t.data_type] ?? 'timestamp' };
    const time = times[0];
    if (!time) continue;
    const timeField = `${table}_${time.column_name}`;
    metrics[`${table}_count`] = {
      label: `${table} count`, label_zh: `${table} 数`, aliases: [], description: `Number of ${table} rows`,
      table, expression: 'COUNT(*)', time_field: timeField, format: 'integer', rules: { min: 0 },
    };
    for (const n of own.filter((c) => NUMERIC_TYPES.has(c.data_type) && !isKey(table, c.column_name))) {
      metrics[`${table}_${n.column_name}_sum`] = {
        label: `total ${n.column_name}`, label_zh: `${n.column_name} 合计`, aliases: [], description: `Sum of ${table}.${n.column_name}`,
        table, expression: `SUM(${table}.${n.column_name})`, time_field: timeField, format: 'number',
      };
    }
  }
  for (const c of cols.filter((col) => TEXT_TYPES.has(col.data_type) && !isKey(col.table_name, col.column_name))) {
    const { rows } = await getPool(databaseUrl).query<{ v: string }>(
      `SELECT DISTINCT "${c.column_name}"::text AS v FROM "${schema}"."${c.table_name}" WHERE "${c.column_name}" IS NOT NULL LIMIT ${MAX_DIMENSION_VALUES + 1}`,
    );
    if (rows.length === 0 || rows.length > MAX_DIMENSION_VALUES) continue;
    const id = c.column_name in dimensions ? `${c.table_name}_${c.column_name}` : c.column_name;
    dimensions[id] = {
      label: c.column_name, label_zh: c.column_name, column: `${c.table_name}.${c.column_name}`, aliases: [],
      values: Object.fromEntries(rows.map((r): [string, string[]] => [r.v, []]).sort((x, y) => x[0].localeCompare(y[0]))),
    };
  }
  const draft = {
    name,
    description: `TODO: describe the ${name} database`,
    tables,
    joins: foreign.map((f) => ({ from: `${f.table_name}.${f.column_name}`, to: `${f.ref_table}.${f.ref_column}` })),
    time_fields: timeFields,
    metrics,
    dimensions,
  };
  const text = `# Draft metric catalog for ${name}, generated by "baton catalog init".\n# Review every TODO, give metrics their business names, aliases (中文 and English) and default filters,\n# then verify with "baton catalog check".\n${stringify(draft, { lineWidth: 0 })}`;
  parseCatalog(text, '(draft)'); // the draft must load as it is
  return text;
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
