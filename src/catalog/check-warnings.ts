/**
 * `catalog check`'s warnings: what runs but probably does not mean what it says (rows that cannot be dated, sums of
 * ids, joins that fan out, dimensions with thousands of values, sensitive columns, a historical database).
 */
import { parse as parseYaml } from 'yaml';
import { getPool } from '../storage/db';
import { queryReadOnly } from '../storage/read-only';
import { defaultTimeWindow } from '../model/time-window';
import type { Catalog } from './catalog';
import { MAX_DIMENSION_VALUES, type CheckWarning, type ColumnRow } from './check';
import { isSensitiveColumn } from './draft/names';
import { compileMetricQuery, FanOutError } from './sql';

/** An id, key, code or year: a number that labels a row and means nothing summed. */
const ID_LIKE = /(^id$|_id$|^id_|_key$|_code$|^code$|_no$|_num$|_number$|year|zip|postal|phone)/i;

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

/** Dimensions with thousands of values, unless marked ranking_only. */
async function cardinalityWarnings(w: WarningContext): Promise<void> {
  const { catalog, databaseUrl, warn, tableOfColumn, from } = w;
  for (const [name, d] of Object.entries(catalog.dimensions)) {
    // A ranking_only dimension says it has many values and is kept for top-N questions.
    if (!d.column || d.ranking_only) continue;
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
export async function semanticWarnings(
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
