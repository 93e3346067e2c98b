#!/usr/bin/env bash
# Loads the public Chinook sample database (../shared/data/chinook, beside the clone) for the
# Chinook accuracy suite, then checks catalogs/chinook.yaml against it, which also grants
# Baton's read-only role SELECT on its tables.
#
#   CHINOOK_DATABASE_URL  where to load it (default: the DATABASE_URL server, database baton_chinook)
#   CHINOOK_SQL           the script to load (default: $ROOT/../shared/data/chinook/Chinook_PostgreSql.sql)
#
# Idempotent: a database that already holds Chinook's 412 invoices is left as it is.
# Needs the build (dist/) for the catalog check.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

SQL="${CHINOOK_SQL:-$ROOT/../shared/data/chinook/Chinook_PostgreSql.sql}"
BASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/baton}"
# URLs are rewritten with node's URL parser rather than by hand: it keeps credentials and query strings intact.
with_database() { node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$1" "$2"; }
database_of() { node -e 'console.log(decodeURIComponent(new URL(process.argv[1]).pathname.slice(1)))' "$1"; }
URL="${CHINOOK_DATABASE_URL:-$(with_database "$BASE_URL" baton_chinook)}"
NAME="$(database_of "$URL")"
ADMIN_URL="$(with_database "$URL" postgres)"
SHOWN="$(node -e 'const u = new URL(process.argv[1]); if (u.password) u.password = "***"; console.log(u.toString())' "$URL")"

if [[ ! "$NAME" =~ ^[a-z_][a-z0-9_]*$ ]]; then
  echo "error: the Chinook database name must be a plain identifier, got '$NAME'" >&2
  exit 1
fi

invoices() {
  node -e '
    const { Client } = require("pg");
    const c = new Client({ connectionString: process.argv[1] });
    c.on("error", () => undefined);
    c.connect()
      .then(() => c.query("SELECT count(*)::int AS n FROM invoice"))
      .then((r) => console.log(r.rows[0].n), () => console.log(0))
      .finally(() => c.end().catch(() => undefined));
  ' "$1"
}

if [ "$(invoices "$URL")" = "412" ]; then
  echo "Chinook already loaded in $SHOWN"
else
  if [ ! -f "$SQL" ]; then
    echo "error: $SQL not found (the Chinook script lives in shared/data/chinook beside the clone; set CHINOOK_SQL to load it from elsewhere)" >&2
    exit 1
  fi
  echo "loading Chinook into $SHOWN"
  # The script drops, creates and connects to a database named chinook: point those lines at ours.
  rewrite() {
    sed -e "s/^DROP DATABASE IF EXISTS chinook;/DROP DATABASE IF EXISTS $NAME WITH (FORCE);/" \
        -e "s/^CREATE DATABASE chinook;/CREATE DATABASE $NAME;/" \
        -e "s/^\\\\c chinook;/\\\\c $NAME/" "$SQL"
  }
  if command -v psql >/dev/null 2>&1; then
    rewrite | PGCLIENTENCODING=UTF8 PGOPTIONS="-c client_min_messages=warning" psql -X -q -v ON_ERROR_STOP=1 --dbname "$ADMIN_URL" >/dev/null
  else
    # No psql client: run the same rewritten script through node-postgres, split at the \c line.
    rewrite | node -e '
      const { Client } = require("pg");
      const [adminUrl, url] = process.argv.slice(1);
      let text = "";
      process.stdin.on("data", (d) => (text += d)).on("end", async () => {
        const at = text.search(/^\\c .*$/m);
        const head = text.slice(0, at);
        const body = text.slice(text.indexOf("\n", at) + 1);
        const admin = new Client({ connectionString: adminUrl });
        await admin.connect();
        for (const statement of head.match(/^(DROP|CREATE) DATABASE .*;$/gm) ?? []) await admin.query(statement);
        await admin.end();
        const db = new Client({ connectionString: url, client_encoding: "UTF8" });
        await db.connect();
        await db.query(body);
        await db.end();
      });
    ' "$ADMIN_URL" "$URL"
  fi
  n="$(invoices "$URL")"
  if [ "$n" != "412" ]; then
    echo "error: after loading, $SHOWN holds $n invoices, not 412" >&2
    exit 1
  fi
fi

# Validates the catalog against the data and grants the read-only role agent SQL runs as.
node dist/src/client.js catalog check catalogs/chinook.yaml --database-url "$URL"
