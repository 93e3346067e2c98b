/**
 * The databases nobody on the project designed: each written by a helper who knew nothing of Baton, as a deterministic
 * script with its data dictionary (test/fixtures/<name>/<name>.sql and README.md), loaded by
 * scripts/load-fixture-db.sh into database baton_<name>, its catalog finished from `catalog init`'s draft by an analyst
 * who never read Baton's code (catalogs/<name>.yaml).
 */

/** Where a fixture database is: <NAME>_DATABASE_URL, else database baton_<name> on the given server. */
export function fixtureDatabaseUrl(fixture: string, serverUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  const override = env[`${fixture.toUpperCase()}_DATABASE_URL`];
  if (override) return override;
  const url = new URL(serverUrl);
  url.pathname = `/baton_${fixture}`;
  return url.toString();
}
