/**
 * `baton catalog check`: verify a catalog against a live PostgreSQL database (tables, columns, every metric runs),
 * with warnings on what it probably does not mean and advice on missing indexes. `baton catalog init`, the draft, is
 * src/catalog/draft/.
 */
import { getPool } from '../storage/db';
import { queryReadOnly } from '../storage/read-only';
import { defaultTimeWindow } from '../model/time-window';
import { parse as parseYaml } from 'yaml';
import { catalogLines, CatalogError, parseCatalog, type Catalog } from './catalog';
import { isSensitiveColumn } from './draft/names';
import { compileMetricQuery, FanOutError } from './sql';

interface ColumnRow {
  table_name: string;
  column_name: string;
  data_type: string;
}

/** How a time field's `type` names each PostgreSQL time type. */
const TIME_TYPE_NAMES: Record<string, string> = {
  'timestamp without time zone': 'timestamp',
  'timestamp with time zone': 'timestamptz',
  date: 'date',
};

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

/** An id, key, code or year: a number that labels a row and means nothing summed. */
const ID_LIKE = /(^id$|_id$|^id_|_key$|_code$|^code$|_no$|_num$|_number$|year|zip|postal|phone)/i;
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

/**
 * The indexes Baton's queries read through, and which of them the database lacks. Every query of a run is bounded by
 * a window on a time field (the metrics', data quality's period and coverage probes, the extent's probes), so each
 * time field's column, and each table's own time_column, needs an index that starts with it; rows reached through a
 * join are looked up by key: the `to` side of every join (usually a primary key), and the `from` side when its table
 * has no time column of its own, since its rows are then found from the rows of the table it points to
 * (order_items.order_id IN (the orders in the window)). Views are skipped: their tables' indexes are what counts.
 */
async function indexAdvice(catalog: Catalog, databaseUrl: string, schema: string): Promise<IndexAdvice[]> {
  const tableOf = (column: string) => column.split('.')[0] ?? '';
  const needed = new Map<string, string>();
  const need = (column: string, reason: string) => {
    if (!needed.has(column)) needed.set(column, reason);
  };
  for (const [name, field] of Object.entries(catalog.time_fields)) need(field.column, `windows on the time field ${name}`);
  for (const [table, def] of Object.entries(catalog.tables))
    if (def.time_column) need(`${table}.${def.time_column}`, `windows on ${table}'s time_column`);
  const timed = new Set([
    ...Object.values(catalog.time_fields).map((f) => tableOf(f.column)),
    ...Object.entries(catalog.tables)
      .filter(([, d]) => d.time_column)
      .map(([t]) => t),
  ]);
  for (const join of catalog.joins) {
    need(join.to, `lookups along the join ${join.from} → ${join.to}`);
    if (!timed.has(tableOf(join.from)))
      need(join.from, `${tableOf(join.from)}'s rows found from ${tableOf(join.to)}'s through ${join.from}`);
  }
  const schemaOf = (table: string) => catalog.tables[table]?.schema ?? schema;
  const nameOf = (table: string) => catalog.tables[table]?.name ?? table;
  const schemas = [...new Set(Object.keys(catalog.tables).map(schemaOf))];
  const pool = getPool(databaseUrl);
  const { rows: tables } = await pool.query<{ schema: string; name: string; rows: string }>(
    `SELECT n.nspname AS schema, c.relname AS name, c.reltuples::bigint AS rows FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY($1)`,
    [schemas],
  );
  const { rows: leading } = await pool.query<{ schema: string; name: string; column: string }>(
    `SELECT n.nspname AS schema, c.relname AS name, a.attname AS column FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
     WHERE n.nspname = ANY($1) AND i.indisvalid`,
    [schemas],
  );
  const indexed = new Set(leading.map((r) => `${r.schema}.${r.name}.${r.column}`));
  const advice: IndexAdvice[] = [];
  for (const [column, reason] of needed) {
    const [table, col] = column.split('.') as [string, string];
    const base = tables.find((t) => t.schema === schemaOf(table) && t.name === nameOf(table));
    if (!base || !col || indexed.has(`${base.schema}.${base.name}.${col}`)) continue;
    const estimate = Number(base.rows);
    const quote = (id: string) => (/^[a-z_][a-z0-9_]*$/.test(id) ? id : `"${id.replace(/"/g, '""')}"`);
    const qualified = base.schema === 'public' ? quote(base.name) : `${quote(base.schema)}.${quote(base.name)}`;
    const indexName = `${base.name}_${col}_idx`.slice(0, 63);
    advice.push({
      table,
      column: col,
      reason,
      rows: estimate >= 0 ? estimate : null,
      sql: `CREATE INDEX CONCURRENTLY ${quote(indexName)} ON ${qualified} (${quote(col)});`,
    });
  }
  return advice;
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

/** Every table and column the catalog names exists, every metric compiles and runs, every dimension can group its metrics. */
export async function checkCatalog(text: string, file: string, databaseUrl: string, schema = 'public'): Promise<CheckReport> {
  let catalog: Catalog;
  try {
    catalog = parseCatalog(text, file);
  } catch (err) {
    if (err instanceof CatalogError)
      return {
        problems: [err.message],
        problemLines: [err.line],
        warnings: [],
        checked: { tables: 0, columns: 0, metrics: 0, dimensions: 0 },
      };
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

  const referenced = referencedColumns(catalog);
  for (const [ref, where] of referenced) {
    const [table] = ref.split('.');
    if (tablesThere.has(table ?? '') && !existing.has(ref)) problems.push(`${where}: column ${ref} does not exist`);
  }

  // A time field's declared type decides whether its values are converted to the catalog's zone: it must match.
  for (const [n, field] of Object.entries(catalog.time_fields)) {
    const actual = cols.find((c) => `${c.table_name}.${c.column_name}` === field.column)?.data_type;
    const name = actual ? TIME_TYPE_NAMES[actual] : undefined;
    if (actual && name !== field.type)
      problems.push(
        `time_fields.${n}.type: ${field.column} is ${actual}${name ? `; declare type: ${name}` : ', not a time type'} (declared ${field.type})`,
      );
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
  const lineOf = catalogLines(text);
  const warnings = await semanticWarnings(catalog, text, databaseUrl, cols);
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

/** What the warnings share: the catalog, the database and its columns, and where warnings go. */
interface WarningContext {
  catalog: Catalog;
  databaseUrl: string;
  cols: (ColumnRow & { schema: string })[];
  warnings: CheckWarning[];
  warn: (path: string, message: string) => void;
  /** The table of a `table.column` reference. */
  tableOfColumn: (ref: string) => string;
  /** A catalog table as SQL names it: its schema and name. */
  from: (table: string) => string;
}

/** Whether a metric's table reaches another through joins that do not fan out (many-to-one or one-to-one). */
function reachesWithoutFanOut(catalog: Catalog, tableOfColumn: (ref: string) => string, start: string, target: string): boolean {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const t = queue.shift() as string;
    if (t === target) return true;
    for (const j of catalog.joins) {
      const [a, b] = [tableOfColumn(j.from), tableOfColumn(j.to)];
      const next = a === t && j.relationship !== 'one_to_many' ? b : b === t && j.relationship !== 'many_to_one' ? a : undefined;
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return false;
}

/** Metrics whose rows cannot be dated, and sums of ids, keys, codes or years. */
function datingAndSumWarnings(w: WarningContext): void {
  const { catalog, warn, warnings, tableOfColumn } = w;
  for (const [name, m] of Object.entries(catalog.metrics)) {
    const field = catalog.time_fields[m.time_field];
    const fieldTable = field ? tableOfColumn(field.column) : '';
    const own = catalog.tables[m.table];
    if (!own?.time_column && fieldTable === m.table) {
      if (!warnings.some((w) => w.path === `tables.${m.table}`))
        warn(
          `tables.${m.table}`,
          `table ${m.table} has no time_column, yet metrics.${name} dates its rows by ${field?.column}: declare time_column: ${field?.column.split('.')[1]} so data quality and partial periods are judged on it`,
        );
    } else if (!own?.time_column && fieldTable !== m.table && !reachesWithoutFanOut(catalog, tableOfColumn, m.table, fieldTable)) {
      warn(
        `metrics.${name}.time_field`,
        `metrics.${name} counts rows of ${m.table}, which has no time column and does not reach ${field?.column} through a many-to-one join: its rows cannot be dated; declare tables.${m.table}.time_column or a join to ${fieldTable}`,
      );
    }
    for (const [key, sql] of [
      ['expression', m.expression],
      ['numerator', m.numerator],
      ['denominator', m.denominator],
    ] as const) {
      for (const hit of (sql ?? '').matchAll(/\b(SUM|AVG)\s*\(\s*(?:DISTINCT\s+)?([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\s*\)/gi)) {
        if (ID_LIKE.test(hit[3] ?? ''))
          warn(
            `metrics.${name}.${key}`,
            `metrics.${name} ${hit[1]?.toUpperCase()}s ${hit[2]}.${hit[3]}, an id, key, code or year: a number that labels a row means nothing summed; count it (COUNT(DISTINCT ...)) or pick a measure`,
          );
      }
    }
  }
}

/** A view is allowed as a table, with the key it lacks declared. */
async function viewWarnings(w: WarningContext): Promise<void> {
  const { catalog, databaseUrl, cols, warn } = w;
  const { rows: views } = await getPool(databaseUrl).query<{ table_schema: string; table_name: string }>(
    `SELECT table_schema, table_name FROM information_schema.views WHERE table_schema = ANY($1)`,
    [[...new Set(cols.map((c) => c.schema))]],
  );
  for (const [key, def] of Object.entries(catalog.tables)) {
    if (!def.primary_key && views.some((v) => v.table_name === (def.name ?? key) && cols.some((c) => c.schema === v.table_schema))) {
      warn(
        `tables.${key}`,
        `tables.${key} is a view, which has no primary key: declare primary_key (the column or columns that identify a row), or a metric joined across it is refused`,
      );
    }
  }
}

/** Joins: a many-to-one join whose "one" side is not unique multiplies rows. */
async function joinWarnings(w: WarningContext): Promise<void> {
  const { catalog, databaseUrl, cols, warn, from } = w;
  for (const [i, j] of catalog.joins.entries()) {
    const oneSide = j.relationship === 'one_to_many' ? j.from : j.to;
    const [table, column] = oneSide.split('.');
    if (!table || !column || !cols.some((c) => c.table_name === (catalog.tables[table]?.name ?? table) && c.column_name === column))
      continue;
    try {
      const { rows } = await queryReadOnly<{ dup: string }>(
        databaseUrl,
        `SELECT (count(${column}) - count(DISTINCT ${column}))::text AS dup FROM ${from(table)} AS ${table}`,
        [],
        { statementTimeoutMs: 10_000, rowCap: 1 },
      );
      const dup = Number(rows[0]?.dup ?? 0);
      if (dup > 0)
        warn(
          `joins.${i}`,
          `joins.${i} (${j.from} → ${j.to}, ${j.relationship}): ${oneSide} repeats ${dup} value(s), so the join fans out and multiplies the metrics across it; declare relationship: ${j.relationship === 'one_to_many' ? 'many_to_one' : 'one_to_many'} or join to a key`,
        );
    } catch {
      // A join on a missing column is a problem reported above.
    }
  }
}

/** Metric × dimension pairs the compiler refuses because the join would count rows several times. */
function fanOutWarnings(w: WarningContext): void {
  const { catalog, warn } = w;
  const window = defaultTimeWindow(new Date().toISOString().slice(0, 10));
  for (const [name, m] of Object.entries(catalog.metrics)) {
    const refused: string[] = [];
    let join = '';
    for (const dim of Object.keys(catalog.dimensions)) {
      try {
        compileMetricQuery(catalog, { metric: name, window, filters: [], group_by: [dim], order: null, limit: null });
      } catch (err) {
        if (!(err instanceof FanOutError)) continue;
        const finer = m.finer;
        if (finer) {
          try {
            compileMetricQuery(catalog, { metric: finer, window, filters: [], group_by: [dim], order: null, limit: null });
            continue; // answered with its finer twin
          } catch {
            // the twin cannot either
          }
        }
        refused.push(dim);
        join = err.join;
      }
    }
    if (refused.length > 0)
      warn(
        `metrics.${name}`,
        `metrics.${name} cannot be grouped by ${refused.join(', ')}: the join ${join} fans it out (one ${m.table} row to many); give it a finer: twin on the line table, or drop those dimensions from what it is asked with`,
      );
  }
}

/** Dimensions with thousands of values. */
async function cardinalityWarnings(w: WarningContext): Promise<void> {
  const { catalog, databaseUrl, warn, tableOfColumn, from } = w;
  for (const [name, d] of Object.entries(catalog.dimensions)) {
    if (!d.column) continue;
    const table = tableOfColumn(d.column);
    try {
      const { rows } = await queryReadOnly<{ n: string }>(
        databaseUrl,
        `SELECT count(*)::text AS n FROM (SELECT DISTINCT ${d.column} FROM ${from(table)} AS ${table} LIMIT ${MAX_DIMENSION_VALUES + 1}) v`,
        [],
        { statementTimeoutMs: 10_000, rowCap: 1 },
      );
      if (Number(rows[0]?.n ?? 0) > MAX_DIMENSION_VALUES)
        warn(
          `dimensions.${name}`,
          `dimensions.${name} (${d.column}) has more than ${MAX_DIMENSION_VALUES.toLocaleString('en-US')} values: grouped by it, an answer is a list, not a comparison; group by something coarser or keep it for top-N questions`,
        );
    } catch {
      // reported above
    }
  }
}

/** Sensitive columns in use. */
function sensitiveWarnings(w: WarningContext): void {
  const { catalog, warn } = w;
  const sensitiveIn = (path: string, sql: string | undefined) => {
    for (const hit of (sql ?? '').matchAll(/\b([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)\b/gi)) {
      if (hit[1] && hit[1] in catalog.tables && isSensitiveColumn(hit[2] ?? ''))
        warn(
          path,
          `${path} uses ${hit[1]}.${hit[2]}, a column that looks sensitive (password, hash, token, card, e-mail, phone): its values would reach answers, reports and the run's history`,
        );
    }
  };
  for (const [n, d] of Object.entries(catalog.dimensions)) {
    sensitiveIn(`dimensions.${n}.${d.column ? 'column' : 'expression'}`, d.column ?? d.expression);
  }
  for (const [n, m] of Object.entries(catalog.metrics)) {
    for (const key of ['expression', 'numerator', 'denominator'] as const) sensitiveIn(`metrics.${n}.${key}`, m[key]);
    m.filters.forEach((f, i) => sensitiveIn(`metrics.${n}.filters.${i}.sql`, f.sql));
  }
}

/** Time fields with no data in the last year: a historical database. */
async function historicalWarnings(w: WarningContext): Promise<void> {
  const { catalog, databaseUrl, warn, tableOfColumn, from } = w;
  for (const [name, f] of Object.entries(catalog.time_fields)) {
    const table = tableOfColumn(f.column);
    try {
      const { rows } = await queryReadOnly<{ last: string | null; recent: boolean | null }>(
        databaseUrl,
        `SELECT max(${f.column})::date::text AS last, max(${f.column}) >= now() - interval '1 year' AS recent FROM ${from(table)} AS ${table}`,
        [],
        { statementTimeoutMs: 10_000, rowCap: 1 },
      );
      const last = rows[0]?.last;
      if (!last) warn(`time_fields.${name}`, `time_fields.${name} (${f.column}) has no data at all: every question over it ends "no data"`);
      else if (rows[0]?.recent === false)
        warn(
          `time_fields.${name}`,
          `time_fields.${name} (${f.column}) has no data in the last year (the latest is ${last}): a historical database; ask with explicit periods ("in ${last.slice(0, 4)}", "from January to June ${last.slice(0, 4)}"), since "last month" finds nothing`,
        );
    } catch {
      // reported above
    }
  }
}

/**
 * What `catalog check` says about meaning, each warning naming the entry (and so the line) to change: a metric whose
 * rows cannot be dated, a sum of ids, joins that fan a metric out, dimensions with thousands of values, sensitive
 * columns in use, no timezone written, time fields with no data in the last year.
 */
async function semanticWarnings(
  catalog: Catalog,
  text: string,
  databaseUrl: string,
  cols: (ColumnRow & { schema: string })[],
): Promise<CheckWarning[]> {
  const warnings: CheckWarning[] = [];
  const warn = (path: string, message: string) => warnings.push({ path, message });
  const raw = parseYaml(text) as Record<string, unknown> | null;
  if (!raw || !('timezone' in raw)) {
    warn(
      'name',
      `no timezone written: ${catalog.timezone} applies, so "last month" and the months of timestamptz columns are read there; write timezone: (the server's is in "SHOW TimeZone")`,
    );
  }
  const tableOfColumn = (ref: string) => ref.split('.')[0] ?? '';
  const from = (table: string) => {
    const def = catalog.tables[table];
    return `${def?.schema ? `"${def.schema}".` : ''}"${def?.name ?? table}"`;
  };
  const w: WarningContext = { catalog, databaseUrl, cols, warnings, warn, tableOfColumn, from };
  datingAndSumWarnings(w);
  await viewWarnings(w);
  await joinWarnings(w);
  fanOutWarnings(w);
  await cardinalityWarnings(w);
  sensitiveWarnings(w);
  await historicalWarnings(w);
  return warnings;
}
