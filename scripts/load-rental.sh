#!/usr/bin/env bash
# Loads Rentwise, the car-rental database of the third accuracy suite (test/fixtures/rental/rental.sql: an operational
# schema with abbreviated names, codes for statuses and channels, UTC timestamps and money in EUR, written by a helper
# who knew nothing of Baton; its data dictionary is test/fixtures/rental/README.md), then checks catalogs/rental.yaml
# against it, which also grants Baton's read-only role SELECT on its tables.
#
#   RENTAL_DATABASE_URL  where to load it (default: the DATABASE_URL server, database baton_rental)
#
# Idempotent: a database that already holds the script's 35,154 rentals is left as it is. The script is deterministic
# (setseed), so every load holds the same rows. Needs psql (the script uses its \set) and the build (dist/).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

SQL="$ROOT/test/fixtures/rental/rental.sql"
RENTALS=35154
BASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/baton}"
with_database() { node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$1" "$2"; }
database_of() { node -e 'console.log(decodeURIComponent(new URL(process.argv[1]).pathname.slice(1)))' "$1"; }
URL="${RENTAL_DATABASE_URL:-$(with_database "$BASE_URL" baton_rental)}"
NAME="$(database_of "$URL")"
ADMIN_URL="$(with_database "$URL" postgres)"
SHOWN="$(node -e 'const u = new URL(process.argv[1]); if (u.password) u.password = "***"; console.log(u.toString())' "$URL")"

if [[ ! "$NAME" =~ ^[a-z_][a-z0-9_]*$ ]]; then
  echo "error: the rental database name must be a plain identifier, got '$NAME'" >&2
  exit 1
fi

rentals() {
  node -e '
    const { Client } = require("pg");
    const c = new Client({ connectionString: process.argv[1] });
    c.on("error", () => undefined);
    c.connect()
      .then(() => c.query("SELECT count(*)::int AS n FROM rental"))
      .then((r) => console.log(r.rows[0].n), () => console.log(0))
      .finally(() => c.end().catch(() => undefined));
  ' "$1"
}

if [ "$(rentals "$URL")" = "$RENTALS" ]; then
  echo "Rentwise already loaded in $SHOWN"
else
  if ! command -v psql >/dev/null 2>&1; then
    echo "error: loading $SQL needs the psql client (apt-get install postgresql-client)" >&2
    exit 1
  fi
  echo "loading Rentwise into $SHOWN"
  exists="$(psql -X -qtA --dbname "$ADMIN_URL" -c "SELECT 1 FROM pg_database WHERE datname = '$NAME'")"
  [ "$exists" = "1" ] || psql -X -q --dbname "$ADMIN_URL" -c "CREATE DATABASE $NAME" >/dev/null
  PGCLIENTENCODING=UTF8 PGOPTIONS="-c client_min_messages=warning" psql -X -q -v ON_ERROR_STOP=1 --dbname "$URL" -f "$SQL" >/dev/null
  n="$(rentals "$URL")"
  if [ "$n" != "$RENTALS" ]; then
    echo "error: after loading, $SHOWN holds $n rentals, not $RENTALS" >&2
    exit 1
  fi
fi

# Validates the catalog against the data and grants the read-only role agent SQL runs as.
node dist/src/client.js catalog check catalogs/rental.yaml --database-url "$URL"
