/**
 * A time field's PostgreSQL type (timestamp, timestamptz or date) decides whether its values are read as wall time in
 * the catalog's zone. Catalogs written before `type` existed leave it out: it is then read from the database, by
 * `catalog check` and by a run before it reads the data, and a declared type is compared with the database's.
 */
import { DatabaseUnreachableError, getPool } from '../storage/db';
import { isDatabaseUnreachable } from '../temporal/failures';
import type { Catalog } from './catalog';

export type TimeFieldType = 'timestamp' | 'timestamptz' | 'date';

/** How a time field's `type` names each PostgreSQL time type (information_schema.columns.data_type). */
export const TIME_TYPE_NAMES: Record<string, TimeFieldType> = {
  'timestamp without time zone': 'timestamp',
  'timestamp with time zone': 'timestamptz',
  date: 'date',
};

/** The database's data_type of each time field's column, by time field id (absent where the column is not found). */
export async function timeFieldDataTypes(catalog: Catalog, databaseUrl: string, schema = 'public'): Promise<Map<string, string>> {
  const wanted = Object.entries(catalog.time_fields).map(([id, f]) => {
    const [table = '', column = ''] = f.column.split('.');
    const def = catalog.tables[table];
    return { id, schema: def?.schema ?? schema, table: def?.name ?? table, column };
  });
  const found = new Map<string, string>();
  if (wanted.length === 0) return found;
  // A database that cannot be reached says so in the words every other reader uses (DatabaseUnreachableError): an agent's
  // reason must not depend on whether its worker had the types already (a restarted worker has not).
  const { rows } = await getPool(databaseUrl)
    .query<{ table_schema: string; table_name: string; column_name: string; data_type: string }>(
      `SELECT table_schema, table_name, column_name, data_type FROM information_schema.columns
     WHERE (table_schema, table_name, column_name) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))`,
      [wanted.map((w) => w.schema), wanted.map((w) => w.table), wanted.map((w) => w.column)],
    )
    .catch((err: unknown) => {
      throw isDatabaseUnreachable(err) ? new DatabaseUnreachableError(databaseUrl, err) : err;
    });
  for (const w of wanted) {
    const row = rows.find((r) => r.table_schema === w.schema && r.table_name === w.table && r.column_name === w.column);
    if (row) found.set(w.id, row.data_type);
  }
  return found;
}

const resolved = new WeakMap<Catalog, Map<string, Promise<Catalog>>>();

/**
 * Fills in the `type` of every time field that does not declare one, from the database, in place (the catalog loaded
 * once per file is the one every later reader gets), and returns the catalog. Once per catalog and database; a
 * declared type is left as written (`catalog check` reports one that differs). Call it before any SQL reads a time
 * field: wallTime() reads an undeclared type as timestamp.
 */
export function resolveTimeFieldTypes(catalog: Catalog, databaseUrl: string, schema = 'public'): Promise<Catalog> {
  if (Object.values(catalog.time_fields).every((f) => f.type !== undefined)) return Promise.resolve(catalog);
  const byUrl = resolved.get(catalog) ?? new Map<string, Promise<Catalog>>();
  resolved.set(catalog, byUrl);
  const key = `${databaseUrl}\u0000${schema}`;
  const hit = byUrl.get(key);
  if (hit) return hit;
  const pending = timeFieldDataTypes(catalog, databaseUrl, schema).then((types) => {
    for (const [id, field] of Object.entries(catalog.time_fields)) {
      const name = TIME_TYPE_NAMES[types.get(id) ?? ''];
      if (field.type === undefined && name) field.type = name;
    }
    return catalog;
  });
  // A failed read (the database down) is not remembered: the next call tries again.
  pending.catch(() => byUrl.delete(key));
  byUrl.set(key, pending);
  return pending;
}
