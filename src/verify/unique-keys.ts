/** The join keys the database declares unique, which the second path may LEFT JOIN through (src/verify/second-path.ts). */
import { qualifiedTable, type Catalog } from '../catalog/catalog';
import { runReadOnly } from '../storage/read-only';

/**
 * The catalog's join keys (`table.column`, catalog names) that the database declares unique: a primary key or a
 * unique index on that one column. Read from the system catalog by code (not agent SQL), as the read-only role.
 */
export async function uniqueKeysOf(databaseUrl: string, catalog: Catalog): Promise<Set<string>> {
  const keys = [...new Set(catalog.joins.flatMap((j) => [j.from, j.to]))];
  const candidates = keys
    .map((k) => {
      const [table, column] = k.split('.') as [string, string];
      return { key: k, relation: qualifiedTable(catalog, table), column };
    })
    .filter((c) => c.column !== undefined);
  if (candidates.length === 0) return new Set();
  const { rows } = await runReadOnly<{ i: number }>(
    databaseUrl,
    `SELECT c.i FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS c(relation, col, i)
      WHERE EXISTS (SELECT 1 FROM pg_index x JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[0]
                    WHERE x.indrelid = to_regclass(c.relation) AND x.indisunique AND x.indnatts = 1 AND x.indpred IS NULL
                      AND x.indexprs IS NULL AND a.attname = c.col)`,
    [candidates.map((c) => c.relation), candidates.map((c) => c.column)],
    { statementTimeoutMs: 10_000, rowCap: 10_000 },
  );
  return new Set(rows.map((r) => candidates[Number(r.i) - 1]?.key).filter((k): k is string => k !== undefined));
}
