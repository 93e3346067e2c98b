/**
 * The SQL guard: every statement that reaches the analysed database on an
 * agent's behalf is first read by PostgreSQL's own parser (libpg-query: the
 * server's parser compiled to WebAssembly, so it reads SQL exactly as the server
 * would) and refused, with a reason, unless it is
 *
 *   - one statement, and that statement a plain query (SELECT, VALUES, WITH … SELECT);
 *   - free of writes anywhere inside it (INSERT, UPDATE, DELETE or MERGE in a WITH),
 *     of SELECT … INTO and of row locks (FOR UPDATE / FOR SHARE);
 *   - free of functions that wait, change settings, reach other servers or read
 *     server files (pg_sleep, set_config, dblink, pg_read_file, lo_import, …);
 *   - reading only the catalog's tables (when the caller knows them), never
 *     PostgreSQL's system catalogs or Baton's own "baton" schema.
 *
 * The guard gives a clear error early; it is not the only wall. The database
 * still runs the query as the read-only role, in a READ ONLY transaction, under
 * a statement timeout and a row cap (see src/storage/db.ts).
 */
import { loadModule, parse } from 'libpg-query';

export class RefusedSqlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedSqlError';
  }
}

/** Function names agent SQL may not call, and why. */
const FORBIDDEN_FUNCTIONS: { pattern: RegExp; reason: string }[] = [
  { pattern: /^pg_sleep/, reason: 'it waits on purpose' },
  { pattern: /^(set_config|current_setting)$/, reason: 'it reads or changes server settings' },
  { pattern: /^dblink/, reason: 'it reaches another database' },
  { pattern: /^(pg_read_file|pg_read_binary_file|pg_ls_\w+|pg_stat_file)$/, reason: 'it reads server files' },
  { pattern: /^lo_/, reason: 'it reads or writes large objects and files' },
  {
    pattern: /^(query_to_xml|query_to_xml_and_xmlschema|cursor_to_xml|table_to_xml|schema_to_xml|database_to_xml|ts_stat|ts_rewrite)/,
    reason: 'it runs SQL given as text',
  },
  { pattern: /^(nextval|setval)$/, reason: 'it changes a sequence' },
  { pattern: /^pg_/, reason: 'it is a server administration function' },
];

const STATEMENT_WORDS: Record<string, string> = {
  InsertStmt: 'INSERT',
  UpdateStmt: 'UPDATE',
  DeleteStmt: 'DELETE',
  MergeStmt: 'MERGE',
  DropStmt: 'DROP',
  AlterTableStmt: 'ALTER',
  GrantStmt: 'GRANT',
  GrantRoleStmt: 'GRANT',
  CopyStmt: 'COPY',
  VariableSetStmt: 'SET',
  TransactionStmt: 'a transaction command',
  CreateStmt: 'CREATE TABLE',
  CreateTableAsStmt: 'CREATE TABLE AS',
  TruncateStmt: 'TRUNCATE',
  DoStmt: 'DO',
  CallStmt: 'CALL',
  ExplainStmt: 'EXPLAIN',
  VacuumStmt: 'VACUUM',
  LockStmt: 'LOCK',
  CreateFunctionStmt: 'CREATE FUNCTION',
  CreateRoleStmt: 'CREATE ROLE',
  AlterRoleStmt: 'ALTER ROLE',
  PrepareStmt: 'PREPARE',
  ExecuteStmt: 'EXECUTE',
  NotifyStmt: 'NOTIFY',
};

const WRITES_INSIDE = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);
const SYSTEM_SCHEMAS = new Set(['pg_catalog', 'information_schema', 'pg_toast', 'baton']);

let loaded: Promise<void> | undefined;

function statementWord(node: string): string {
  return STATEMENT_WORDS[node] ?? node.replace(/Stmt$/, '').toUpperCase();
}

interface Found {
  functions: string[];
  /** Each table read, with the WITH-query names visible where it is read. */
  tables: { schema: string | undefined; name: string; ctes: ReadonlySet<string> }[];
  writes: string[];
  locks: boolean;
  into: boolean;
}

/** Walks the parse tree collecting what the guard judges; `ctes` are the WITH names in scope. */
function walk(node: unknown, found: Found, ctes: ReadonlySet<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, found, ctes);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    let inner = ctes;
    if (WRITES_INSIDE.has(key)) found.writes.push(statementWord(key));
    if (key === 'SelectStmt') {
      // A WITH query's names are visible inside its own statement only.
      const defined = ((value as { withClause?: { ctes?: { CommonTableExpr?: { ctename?: string } }[] } }).withClause?.ctes ?? []).map(
        (c) => c.CommonTableExpr?.ctename ?? '',
      );
      if (defined.length > 0) inner = new Set([...ctes, ...defined]);
    }
    if (key === 'FuncCall') {
      const names = ((value as { funcname?: { String?: { sval?: string } }[] }).funcname ?? []).map((n) => n.String?.sval ?? '');
      found.functions.push(names.join('.'));
    }
    if (key === 'ColumnRef') {
      // "o.pg_column_size" calls pg_column_size(o) when o has no such column (attribute notation).
      const fields = (value as { fields?: { String?: { sval?: string } }[] }).fields ?? [];
      const last = fields[fields.length - 1]?.String?.sval;
      if (fields.length > 1 && last) found.functions.push(last);
    }
    if (key === 'RangeVar') {
      const range = value as { schemaname?: string; relname?: string };
      found.tables.push({ schema: range.schemaname, name: range.relname ?? '', ctes });
    }
    if (key === 'lockingClause') found.locks = true;
    if (key === 'intoClause') found.into = true;
    walk(value, found, inner);
  }
}

export interface SqlGuardOptions {
  /**
   * The tables agent SQL may read (the catalog's, as the database names them: `orders`, or `sales.orders` for a table
   * in another schema); when absent, any table outside the system schemas.
   */
  tables?: readonly string[];
}

/**
 * Refuses SQL that is not one read-only query (see the header); returns the SQL
 * ready to be wrapped in a subquery: the one statement, without what follows it.
 */
export async function guardSql(sql: string, options: SqlGuardOptions = {}): Promise<string> {
  loaded ??= loadModule();
  await loaded;
  let tree: { stmts?: { stmt?: Record<string, unknown>; stmt_location?: number; stmt_len?: number }[] };
  try {
    tree = (await parse(sql)) as typeof tree;
  } catch (err) {
    throw new RefusedSqlError(`refused: the SQL does not parse (${(err as Error).message})`);
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) {
    throw new RefusedSqlError(`refused: agent SQL must be exactly one statement; this has ${statements.length}`);
  }
  const kind = Object.keys(statements[0]?.stmt ?? {})[0] ?? 'nothing';
  if (kind !== 'SelectStmt') {
    throw new RefusedSqlError(`refused: agent SQL must be a query (SELECT); this is ${statementWord(kind)}`);
  }
  const found: Found = { functions: [], tables: [], writes: [], locks: false, into: false };
  walk(statements[0]?.stmt, found, new Set());
  if (found.writes.length > 0) throw new RefusedSqlError(`refused: the query contains ${found.writes[0]}, and agent SQL only reads`);
  if (found.into) throw new RefusedSqlError('refused: SELECT … INTO creates a table, and agent SQL only reads');
  if (found.locks) throw new RefusedSqlError('refused: FOR UPDATE / FOR SHARE lock rows, and agent SQL only reads');
  for (const name of found.functions) {
    const bare = (name.split('.').pop() ?? '').toLowerCase();
    const rule = FORBIDDEN_FUNCTIONS.find((r) => r.pattern.test(bare));
    if (rule) throw new RefusedSqlError(`refused: the query calls ${bare}(), which agent SQL may not use (${rule.reason})`);
  }
  for (const table of found.tables) {
    const schema = table.schema?.toLowerCase();
    if ((schema !== undefined && SYSTEM_SCHEMAS.has(schema)) || table.name.startsWith('pg_')) {
      throw new RefusedSqlError(
        `refused: the query reads ${schema ? `${schema}.` : ''}${table.name}, a system table; agent SQL reads only the catalog's tables`,
      );
    }
    const fromWith = schema === undefined && table.ctes.has(table.name);
    const known =
      options.tables &&
      (schema === undefined || schema === 'public'
        ? options.tables.includes(table.name) || options.tables.includes(`public.${table.name}`)
        : options.tables.includes(`${schema}.${table.name}`));
    if (options.tables && !fromWith && !known) {
      throw new RefusedSqlError(`refused: unknown table "${table.name}"; the catalog has: ${options.tables.join(', ')}`);
    }
  }
  // The statement alone, without a trailing semicolon or comment (the parser counts in UTF-8 bytes).
  const bytes = Buffer.from(sql, 'utf8');
  const from = statements[0]?.stmt_location ?? 0;
  const length = statements[0]?.stmt_len ?? 0;
  return bytes.subarray(from, length > 0 ? from + length : undefined).toString('utf8');
}
