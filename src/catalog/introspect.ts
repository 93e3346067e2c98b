/**
 * What a live PostgreSQL schema holds, read from the system catalogs: tables, views and partitioned tables, their
 * columns (type, NOT NULL, enum labels), primary keys, unique constraints and foreign keys. `baton catalog init`
 * drafts a catalog from it (src/catalog/draft/).
 */
import type { Client } from 'pg';
import { DraftError } from './draft/types';

export interface Col {
  name: string;
  type: string;
  /** pg_type.typcategory: N numeric, S string, D date/time, B boolean, E enum. */
  category: string;
  notNull: boolean;
  enumValues: string[] | null;
}
export interface Rel {
  name: string;
  kind: 'table' | 'view' | 'partitioned';
  columns: Col[];
  pk: string[];
  unique: string[][];
}
export interface Fk {
  from: string;
  fromColumns: string[];
  to: string;
  toColumns: string[];
}

/** A quoted identifier. */
export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The schema's relations by name, and its foreign keys between them. */
export async function introspect(client: Client, schema: string): Promise<{ rels: Map<string, Rel>; fks: Fk[] }> {
  const ns = await client.query<{ oid: number }>('SELECT oid FROM pg_namespace WHERE nspname = $1', [schema]);
  if (ns.rows.length === 0) {
    const { rows } = await client.query<{ nspname: string }>(
      `SELECT DISTINCT n.nspname FROM pg_namespace n JOIN pg_class c ON c.relnamespace = n.oid AND c.relkind IN ('r','p','v','m')
       WHERE n.nspname NOT IN ('pg_catalog','information_schema','pg_toast') AND n.nspname NOT LIKE 'pg_temp%' ORDER BY 1`,
    );
    throw new DraftError(
      `schema "${schema}" does not exist in this database; schemas with tables: ${rows.map((r) => r.nspname).join(', ') || 'none'}`,
    );
  }
  const { rows: relRows } = await client.query<{ relname: string; relkind: string }>(
    `SELECT c.relname, c.relkind FROM pg_class c WHERE c.relnamespace = $1 AND c.relkind IN ('r','p','v','m') AND NOT c.relispartition ORDER BY c.relname`,
    [ns.rows[0]!.oid],
  );
  const rels = new Map<string, Rel>();
  for (const r of relRows)
    rels.set(r.relname, {
      name: r.relname,
      kind: r.relkind === 'p' ? 'partitioned' : r.relkind === 'r' ? 'table' : 'view',
      columns: [],
      pk: [],
      unique: [],
    });
  const { rows: colRows } = await client.query<{
    relname: string;
    attname: string;
    type: string;
    typcategory: string;
    attnotnull: boolean;
    enum_values: string[] | null;
  }>(
    `SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) AS type, t.typcategory, a.attnotnull,
            (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid) AS enum_values
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_type t ON t.oid = a.atttypid
     WHERE c.relnamespace = $1 AND c.relkind IN ('r','p','v','m') AND NOT c.relispartition AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname, a.attnum`,
    [ns.rows[0]!.oid],
  );
  for (const c of colRows)
    rels
      .get(c.relname)
      ?.columns.push({ name: c.attname, type: c.type, category: c.typcategory, notNull: c.attnotnull, enumValues: c.enum_values });
  const { rows: conRows } = await client.query<{
    contype: string;
    relname: string;
    cols: string[];
    ref: string | null;
    refcols: string[] | null;
    same_schema: boolean;
  }>(
    `SELECT con.contype, c.relname,
            (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(con.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n) AS cols,
            rc.relname AS ref, rc.relnamespace = c.relnamespace AS same_schema,
            (SELECT array_agg(a.attname::text ORDER BY k.i) FROM unnest(con.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n) AS refcols
     FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid LEFT JOIN pg_class rc ON rc.oid = con.confrelid
     WHERE c.relnamespace = $1 AND NOT c.relispartition AND con.contype IN ('p','u','f') AND con.conparentid = 0
     ORDER BY c.relname, con.conname`,
    [ns.rows[0]!.oid],
  );
  const fks: Fk[] = [];
  for (const k of conRows) {
    const rel = rels.get(k.relname);
    if (!rel) continue;
    if (k.contype === 'p') rel.pk = k.cols;
    else if (k.contype === 'u') rel.unique.push(k.cols);
    else if (k.ref && k.refcols && k.same_schema && rels.has(k.ref))
      fks.push({ from: k.relname, fromColumns: k.cols, to: k.ref, toColumns: k.refcols });
  }
  return { rels, fks };
}

// ------------------------------------------------------------------ the draft
