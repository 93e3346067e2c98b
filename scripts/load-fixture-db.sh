#!/usr/bin/env bash
# Loads one of the databases nobody on the project designed, written by helpers who knew nothing of Baton, from its
# deterministic script under test/fixtures/<name>/ (its data dictionary is the README.md beside it), then checks
# catalogs/<name>.yaml against it, which also grants Baton's read-only role SELECT on its tables.
#
#   bash scripts/load-fixture-db.sh <name> <database> <table> <rows>
#
#   <name>      the fixture: test/fixtures/<name>/<name>.sql and catalogs/<name>.yaml
#   <database>  the default database, on the DATABASE_URL server; <NAME>_DATABASE_URL (the name upper-cased) overrides
#   <table>     a table whose row count says the script has run, and <rows> that count
#
# Idempotent: a database whose <table> already holds <rows> rows is left as it is. The scripts are deterministic
# (setseed), so every load holds the same rows. Needs psql (the scripts use its \set) and the build (dist/).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

FIXTURE="$1"
DEFAULT_DB="$2"
TABLE="$3"
ROWS="$4"
SQL="$ROOT/test/fixtures/$FIXTURE/$FIXTURE.sql"
CATALOG="catalogs/$FIXTURE.yaml"
OVERRIDE="$(echo "$FIXTURE" | tr '[:lower:]' '[:upper:]')_DATABASE_URL"
BASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/baton}"
with_database() { node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$1" "$2"; }
database_of() { node -e 'console.log(decodeURIComponent(new URL(process.argv[1]).pathname.slice(1)))' "$1"; }
URL="${!OVERRIDE:-$(with_database "$BASE_URL" "$DEFAULT_DB")}"
NAME="$(database_of "$URL")"
ADMIN_URL="$(with_database "$URL" postgres)"
SHOWN="$(node -e 'const u = new URL(process.argv[1]); if (u.password) u.password = "***"; console.log(u.toString())' "$URL")"

if [[ ! "$NAME" =~ ^[a-z_][a-z0-9_]*$ ]]; then
  echo "error: the $FIXTURE database name must be a plain identifier, got '$NAME'" >&2
  exit 1
fi

rows() {
  node -e '
    const { Client } = require("pg");
    const c = new Client({ connectionString: process.argv[1] });
    c.on("error", () => undefined);
    c.connect()
      .then(() => c.query(`SELECT count(*)::int AS n FROM ${process.argv[2]}`))
      .then((r) => console.log(r.rows[0].n), () => console.log(0))
      .finally(() => c.end().catch(() => undefined));
  ' "$1" "$TABLE"
}

if [ "$(rows "$URL")" = "$ROWS" ]; then
  echo "$FIXTURE already loaded in $SHOWN"
else
  if ! command -v psql >/dev/null 2>&1; then
    echo "error: loading $SQL needs the psql client (apt-get install postgresql-client)" >&2
    exit 1
  fi
  echo "loading $FIXTURE into $SHOWN"
  exists="$(psql -X -qtA --dbname "$ADMIN_URL" -c "SELECT 1 FROM pg_database WHERE datname = '$NAME'")"
  [ "$exists" = "1" ] || psql -X -q --dbname "$ADMIN_URL" -c "CREATE DATABASE $NAME" >/dev/null
  PGCLIENTENCODING=UTF8 PGOPTIONS="-c client_min_messages=warning" psql -X -q -v ON_ERROR_STOP=1 --dbname "$URL" -f "$SQL" >/dev/null
  n="$(rows "$URL")"
  if [ "$n" != "$ROWS" ]; then
    echo "error: after loading, $SHOWN holds $n rows in $TABLE, not $ROWS" >&2
    exit 1
  fi
fi

# Validates the catalog against the data and grants the read-only role agent SQL runs as.
node dist/src/client.js catalog check "$CATALOG" --database-url "$URL"
