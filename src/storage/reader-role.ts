/** The read-only role agent SQL logs in as: its connection URL, and the role created and granted when missing. */
import { Client } from 'pg';
import { loadConfig, redactUrl } from '../settings/config';
import { DatabaseUnreachableError } from './db';

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * Where agent SQL connects: the same server and database, but logged in as the
 * read-only role (BATON_READER_ROLE, with BATON_READER_PASSWORD when the server
 * wants one). Logging in as the role, rather than switching to it with SET ROLE,
 * matters: a session that started as a privileged user could switch back.
 */
export function readerUrl(databaseUrl: string, config = loadConfig()): string {
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(config.readerRole);
  url.password = config.readerPassword ? encodeURIComponent(config.readerPassword) : '';
  return url.toString();
}

/**
 * The role agent SQL logs in as: LOGIN but nothing else (not a superuser, no
 * CREATEDB, CREATEROLE or replication), SELECT on the tables of schema public and
 * of any other schema the catalog's tables are declared in (now and, through
 * default privileges, those the same owner creates later) and
 * no other privilege, so not Baton's own schema. Created when missing; run by the
 * worker at start, by `baton seed` and by `baton catalog check` for a database of
 * one's own. Safe to run concurrently and repeatedly.
 */
export async function ensureReaderRole(databaseUrl: string, config = loadConfig(), schemas: string[] = ['public']): Promise<void> {
  const role = config.readerRole;
  // The lock below must not wait forever, and a lost connection must not crash the process.
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000, options: '-c lock_timeout=10000' });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw new DatabaseUnreachableError(databaseUrl, err);
  }
  const ident = quoteIdent(role);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query('BEGIN');
        // Grants on one database from two processes at once fail with "tuple concurrently updated".
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`baton reader role ${role}`]);
        const found = await client.query<{ rolcanlogin: boolean; rolsuper: boolean }>(
          'SELECT rolcanlogin, rolsuper FROM pg_roles WHERE rolname = $1',
          [role],
        );
        const existing = found.rows[0];
        if (!existing) {
          await client.query(`CREATE ROLE ${ident} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION`);
        } else if (existing.rolsuper) {
          throw new Error(
            `the role ${role} is a superuser; agent SQL needs a role that can only read (set BATON_READER_ROLE to another name)`,
          );
        } else if (!existing.rolcanlogin) {
          await client.query(`ALTER ROLE ${ident} LOGIN`);
        }
        if (config.readerPassword) await client.query(`ALTER ROLE ${ident} PASSWORD ${quoteLiteral(config.readerPassword)}`);
        // The schemas the catalog reads (public, and any a table is declared in), never Baton's own.
        for (const schema of [...new Set(schemas)].filter((x) => x !== 'baton')) {
          const name = quoteIdent(schema);
          await client.query(`GRANT USAGE ON SCHEMA ${name} TO ${ident}`);
          await client.query(`GRANT SELECT ON ALL TABLES IN SCHEMA ${name} TO ${ident}`);
          await client.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${name} GRANT SELECT ON TABLES TO ${ident}`);
        }
        await client.query('COMMIT');
        return;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        const code = (err as { code?: string }).code;
        // Roles are shared by all databases of a server: another database's setup may have created it just now.
        if ((code === '42710' || code === '23505' || code === 'XX000') && attempt < 3) continue;
        if (code === '42501') {
          throw new Error(
            `cannot set up the read-only role ${role} in ${redactUrl(databaseUrl)} (${(err as Error).message}); ` +
              `ask an administrator to run: CREATE ROLE ${ident} LOGIN PASSWORD '…'; ` +
              `GRANT USAGE ON SCHEMA public TO ${ident}; GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${ident}; ` +
              `and set BATON_READER_PASSWORD for the workers`,
            { cause: err },
          );
        }
        throw err;
      }
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
