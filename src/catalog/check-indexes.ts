/** `catalog check`'s advice on indexes: the columns Baton's queries read through that no index of the database starts with. */
import { getPool } from '../storage/db';
import type { Catalog } from './catalog';
import type { IndexAdvice } from './check';

/**
 * The indexes Baton's queries read through, and which of them the database lacks. Every query of a run is bounded by
 * a window on a time field (the metrics', data quality's period and coverage probes, the extent's probes), so each
 * time field's column, and each table's own time_column, needs an index that starts with it; rows reached through a
 * join are looked up by key: the `to` side of every join (usually a primary key), and the `from` side when its table
 * has no time column of its own, since its rows are then found from the rows of the table it points to
 * (order_items.order_id IN (the orders in the window)). Views are skipped: their tables' indexes are what counts.
 */
export async function indexAdvice(catalog: Catalog, databaseUrl: string, schema: string): Promise<IndexAdvice[]> {
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
