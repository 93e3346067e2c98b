#!/usr/bin/env bash
# Builds (once) and runs a Temporal cluster on PostgreSQL with its Web UI, without Docker: the production shape of
# Baton's Temporal (scripts/temporal-server.sh runs the single-process dev server on SQLite instead).
#
#   scripts/temporal-cluster.sh build      build the server, the schema tool and the Web UI into .tools/bin (skipped when present)
#   scripts/temporal-cluster.sh schema     create or upgrade the temporal and visibility databases (idempotent)
#   scripts/temporal-cluster.sh start      schema, then the server (frontend, history, matching, worker services in one
#                                          process) and the Web UI in the background; waits until the frontend answers,
#                                          creates the namespace and registers Baton's search attributes
#   scripts/temporal-cluster.sh stop       stop the Web UI and the server (SIGTERM, then SIGKILL after 15 s)
#   scripts/temporal-cluster.sh kill       SIGKILL the server process at once (a crash; chaos uses it)
#   scripts/temporal-cluster.sh status     print whether the frontend answers
#   scripts/temporal-cluster.sh pg start|stop|restart|status
#                                          a private PostgreSQL for the cluster's persistence (initdb on first start) on
#                                          the port of TEMPORAL_CLUSTER_DATABASE_URL, data in TEMPORAL_CLUSTER_PG_DIR;
#                                          tests and chaos use it so that they may restart it freely
#
# Settings (environment), with the port map (docs/reference.md, "The Temporal cluster"):
#   TEMPORAL_PORT (7233)                  frontend gRPC, what clients and workers dial
#   TEMPORAL_UI_PORT (8233)               Web UI (ui-server)
#   TEMPORAL_CLUSTER_PORT_BASE (7290)     internal ports: history +2, matching +3, worker service +4,
#                                         frontend HTTP API +5, Prometheus metrics (/metrics) +6
#   TEMPORAL_METRICS_PORT                 the Prometheus port instead of base + 6 (as for the dev server)
#   TEMPORAL_CLUSTER_MEMBERSHIP_PORT_BASE (6930)  membership (ringpop): frontend +3, history +4, matching +5, worker +9
#   TEMPORAL_CLUSTER_DATABASE_URL         the temporal database, postgres://user[:password]@host:port/name; the
#                                         visibility database is <name>_visibility on the same server. Default: the
#                                         server of DATABASE_URL (postgres://postgres@127.0.0.1:5432), database temporal
#   TEMPORAL_CLUSTER_PG_DIR               data directory of the private PostgreSQL (default $BATON_DATA_DIR/cluster/postgresql)
#   TEMPORAL_NAMESPACE (default)          namespace created at start
#   TEMPORAL_CLUSTER_TLS_CERT, TEMPORAL_CLUSTER_TLS_KEY, TEMPORAL_CLUSTER_TLS_CA
#                                         all three set: the frontend serves TLS with this certificate and requires client
#                                         certificates signed by the CA (mTLS). The certificate must allow client auth too
#                                         (extendedKeyUsage serverAuth, clientAuth): the server's own worker service, the
#                                         Web UI and this script's admin calls present it to the frontend
#   TEMPORAL_CLUSTER_LOG_LEVEL (warn)     the server's log level
#   BATON_DATA_DIR (.data)                cluster/ under it holds the generated config, logs and pid files
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SERVER_VERSION="v1.29.1"
UI_SERVER_VERSION="v2.42.1" # the version github.com/temporalio/cli v1.5.1 depends on
BIN_DIR="$ROOT/.tools/bin"
SERVER_BIN="$BIN_DIR/temporal-server"
SQL_TOOL="$BIN_DIR/temporal-sql-tool"
UI_BIN="$BIN_DIR/temporal-ui-server"
TEMPORAL_BIN="${TEMPORAL_BIN:-$BIN_DIR/temporal}"

PORT="${TEMPORAL_PORT:-7233}"
UI_PORT="${TEMPORAL_UI_PORT:-8233}"
BASE="${TEMPORAL_CLUSTER_PORT_BASE:-7290}"
MEMBERSHIP_BASE="${TEMPORAL_CLUSTER_MEMBERSHIP_PORT_BASE:-6930}"
METRICS_PORT="${TEMPORAL_METRICS_PORT:-$((BASE + 6))}"
NAMESPACE="${TEMPORAL_NAMESPACE:-default}"
DATA_DIR="${BATON_DATA_DIR:-$ROOT/.data}"
case "$DATA_DIR" in /*) ;; *) DATA_DIR="$ROOT/$DATA_DIR" ;; esac
CLUSTER_DIR="$DATA_DIR/cluster"
PG_DIR="${TEMPORAL_CLUSTER_PG_DIR:-$CLUSTER_DIR/postgresql}"
case "$PG_DIR" in /*) ;; *) PG_DIR="$ROOT/$PG_DIR" ;; esac
SERVER_PID="$CLUSTER_DIR/server.pid"
SERVER_LOG="$CLUSTER_DIR/server.log"
UI_PID="$CLUSTER_DIR/ui.pid"
UI_LOG="$CLUSTER_DIR/ui.log"
SEARCH_ATTRIBUTES=(BatonIntent=Keyword BatonStatus=Keyword BatonSession=Keyword BatonSchedule=Keyword)

# The persistence database: TEMPORAL_CLUSTER_DATABASE_URL, else DATABASE_URL's server with database "temporal".
if [ -n "${TEMPORAL_CLUSTER_DATABASE_URL:-}" ]; then
  PERSISTENCE_URL="$TEMPORAL_CLUSTER_DATABASE_URL"
else
  base_url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/baton}"
  PERSISTENCE_URL="${base_url%%\?*}"
  PERSISTENCE_URL="${PERSISTENCE_URL%/*}/temporal"
fi
if [[ ! "$PERSISTENCE_URL" =~ ^postgres(ql)?://([^:@/]+)(:([^@/]*))?@([^:/]+)(:([0-9]+))?/([A-Za-z0-9_]+)$ ]]; then
  echo "error: TEMPORAL_CLUSTER_DATABASE_URL must look like postgres://user[:password]@host[:port]/database (got ${PERSISTENCE_URL//:*@/:***@})" >&2
  exit 2
fi
PG_USER="${BASH_REMATCH[2]}"
PG_PASSWORD="${BASH_REMATCH[4]}"
PG_HOST="${BASH_REMATCH[5]}"
PG_PORT="${BASH_REMATCH[7]:-5432}"
DB="${BASH_REMATCH[8]}"
VISIBILITY_DB="${DB}_visibility"

TLS_ON=0
if [ -n "${TEMPORAL_CLUSTER_TLS_CERT:-}${TEMPORAL_CLUSTER_TLS_KEY:-}${TEMPORAL_CLUSTER_TLS_CA:-}" ]; then
  for f in TEMPORAL_CLUSTER_TLS_CERT TEMPORAL_CLUSTER_TLS_KEY TEMPORAL_CLUSTER_TLS_CA; do
    if [ -z "${!f:-}" ] || [ ! -r "${!f}" ]; then
      echo "error: mTLS needs TEMPORAL_CLUSTER_TLS_CERT, TEMPORAL_CLUSTER_TLS_KEY and TEMPORAL_CLUSTER_TLS_CA, each a readable file ($f: '${!f:-}')" >&2
      exit 2
    fi
  done
  TLS_ON=1
  TLS_CERT="$(cd "$(dirname "$TEMPORAL_CLUSTER_TLS_CERT")" && pwd)/$(basename "$TEMPORAL_CLUSTER_TLS_CERT")"
  TLS_KEY="$(cd "$(dirname "$TEMPORAL_CLUSTER_TLS_KEY")" && pwd)/$(basename "$TEMPORAL_CLUSTER_TLS_KEY")"
  TLS_CA="$(cd "$(dirname "$TEMPORAL_CLUSTER_TLS_CA")" && pwd)/$(basename "$TEMPORAL_CLUSTER_TLS_CA")"
fi

# One Go binary from a module at a version, installed under the name given (go install names it after its directory).
go_install() {
  local package="$1" target="$2" tmp
  tmp="$(mktemp -d)"
  GOBIN="$tmp" go install "$package"
  mv "$tmp/$(basename "${package%@*}")" "$target"
  rmdir "$tmp"
}

build() {
  if [ -x "$SERVER_BIN" ] && [ -x "$SQL_TOOL" ] && [ -x "$UI_BIN" ]; then return 0; fi
  if ! command -v go >/dev/null 2>&1; then
    echo "error: Go is needed to build the Temporal server $SERVER_VERSION and 'go' is not on PATH" >&2
    exit 1
  fi
  mkdir -p "$BIN_DIR"
  local started=$SECONDS
  if [ ! -x "$SERVER_BIN" ]; then
    echo "building the Temporal server $SERVER_VERSION into $BIN_DIR (first time only, several minutes)..." >&2
    go_install "go.temporal.io/server/cmd/server@$SERVER_VERSION" "$SERVER_BIN"
  fi
  if [ ! -x "$SQL_TOOL" ]; then
    echo "building its schema tool..." >&2
    go_install "go.temporal.io/server/cmd/tools/sql@$SERVER_VERSION" "$SQL_TOOL"
  fi
  if [ ! -x "$UI_BIN" ]; then
    echo "building the Temporal Web UI server $UI_SERVER_VERSION..." >&2
    go_install "github.com/temporalio/ui-server/v2/cmd/server@$UI_SERVER_VERSION" "$UI_BIN"
  fi
  echo "built the Temporal cluster's binaries in $((SECONDS - started)) s" >&2
}

# ------------------------------------------------------------------ the private PostgreSQL

PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
# initdb and postgres refuse to run as root: as root they run as the postgres user.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg() {
  if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/pg_ctl" ]; then
    echo "error: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (initdb, pg_ctl)" >&2
    exit 1
  fi
  case "${1:-}" in
    start)
      if [ ! -f "$PG_DIR/PG_VERSION" ]; then
        mkdir -p "$PG_DIR"
        [ "$(id -u)" = 0 ] && chown postgres: "$PG_DIR"
        chmod 700 "$PG_DIR"
        as_pg "$PG_BIN/initdb" -D "$PG_DIR" -U "$PG_USER" --auth=trust -E UTF8 >/dev/null
      fi
      if as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR" status >/dev/null 2>&1; then
        echo "private PostgreSQL already running on $PG_HOST:$PG_PORT ($PG_DIR)"
        return 0
      fi
      as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR" -l "$PG_DIR/postgresql.log" -w -t 60 \
        -o "-c listen_addresses=$PG_HOST -p $PG_PORT -k $PG_DIR -c max_connections=200 -c fsync=on" start >/dev/null
      echo "private PostgreSQL running on $PG_HOST:$PG_PORT ($PG_DIR)"
      ;;
    stop)
      if [ -f "$PG_DIR/postmaster.pid" ]; then as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR" -m fast -w stop >/dev/null || true; fi
      echo "private PostgreSQL stopped"
      ;;
    restart)
      # -m fast: open connections are cut, as a real restart of the database does.
      as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR" -l "$PG_DIR/postgresql.log" -m fast -w -t 60 \
        -o "-c listen_addresses=$PG_HOST -p $PG_PORT -k $PG_DIR -c max_connections=200" restart >/dev/null
      echo "private PostgreSQL restarted"
      ;;
    status) as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR" status ;;
    *) echo "usage: $0 pg start|stop|restart|status" >&2; exit 2 ;;
  esac
}

# ------------------------------------------------------------------ the cluster

sql_tool() {
  local args=(--plugin postgres12 --ep "$PG_HOST" -p "$PG_PORT" -u "$PG_USER")
  if [ -n "$PG_PASSWORD" ]; then args+=(--pw "$PG_PASSWORD"); fi
  "$SQL_TOOL" "${args[@]}" "$@"
}

schema() {
  build
  local db kind
  for pair in "$DB:temporal" "$VISIBILITY_DB:visibility"; do
    db="${pair%%:*}"
    kind="${pair##*:}"
    # Each step is idempotent: the database is created when missing, the version tables likewise, and
    # update-schema applies only the versions above the database's own (schema/postgresql/v12, embedded in the tool).
    sql_tool --db "$db" create-database >/dev/null 2>&1 || sql_tool --db "$db" create-database
    sql_tool --db "$db" setup-schema -v 0.0 >/dev/null 2>&1 || sql_tool --db "$db" setup-schema -v 0.0
    sql_tool --db "$db" update-schema --schema-name "postgresql/v12/$kind" >/dev/null 2>&1 ||
      sql_tool --db "$db" update-schema --schema-name "postgresql/v12/$kind"
  done
}

# Arguments for the temporal CLI's admin calls: the frontend's address, and the certificate when it requires one.
cli_args() {
  CLI_ARGS=(--address "127.0.0.1:$PORT")
  if [ "$TLS_ON" = 1 ]; then CLI_ARGS+=(--tls-cert-path "$TLS_CERT" --tls-key-path "$TLS_KEY" --tls-ca-path "$TLS_CA" --tls-server-name localhost); fi
}

answers() {
  cli_args
  "$TEMPORAL_BIN" operator cluster health "${CLI_ARGS[@]}" >/dev/null 2>&1
}

write_config() {
  mkdir -p "$CLUSTER_DIR/config" "$CLUSTER_DIR/ui-config"
  local tls=""
  if [ "$TLS_ON" = 1 ]; then
    tls="  tls:
    frontend:
      server:
        certFile: \"$TLS_CERT\"
        keyFile: \"$TLS_KEY\"
        requireClientAuth: true
        clientCaFiles: [\"$TLS_CA\"]
      client:
        serverName: localhost
        rootCaFiles: [\"$TLS_CA\"]
    systemWorker:
      certFile: \"$TLS_CERT\"
      keyFile: \"$TLS_KEY\"
      client:
        serverName: localhost
        rootCaFiles: [\"$TLS_CA\"]"
  fi
  local template="$ROOT/config/temporal-cluster/server.yaml.template"
  local out="$CLUSTER_DIR/config/development.yaml"
  local escaped_password="${PG_PASSWORD//\\/\\\\}"
  escaped_password="${escaped_password//\"/\\\"}"
  # @NAME@ placeholders replaced literally (index/substr, so no character in a value is special).
  TLS_BLOCK="$tls" \
  V_LOG_LEVEL="${TEMPORAL_CLUSTER_LOG_LEVEL:-warn}" V_DB="$DB" V_VISIBILITY_DB="$VISIBILITY_DB" \
  V_PG_HOST="$PG_HOST" V_PG_PORT="$PG_PORT" V_PG_USER="$PG_USER" V_PG_PASSWORD="$escaped_password" \
  V_METRICS_PORT="$METRICS_PORT" V_FRONTEND_HOST=127.0.0.1 V_FRONTEND_PORT="$PORT" V_FRONTEND_HTTP_PORT="$((BASE + 5))" \
  V_HISTORY_PORT="$((BASE + 2))" V_MATCHING_PORT="$((BASE + 3))" V_WORKER_PORT="$((BASE + 4))" \
  V_FRONTEND_MEMBERSHIP_PORT="$((MEMBERSHIP_BASE + 3))" V_HISTORY_MEMBERSHIP_PORT="$((MEMBERSHIP_BASE + 4))" \
  V_MATCHING_MEMBERSHIP_PORT="$((MEMBERSHIP_BASE + 5))" V_WORKER_MEMBERSHIP_PORT="$((MEMBERSHIP_BASE + 9))" \
  V_DYNAMIC_CONFIG="$ROOT/config/temporal-cluster/dynamic-config.yaml" awk '
    /^@TLS@$/ { print ENVIRON["TLS_BLOCK"]; next }
    {
      line = $0; out = ""
      while (match(line, /@[A-Z_]+@/)) {
        name = substr(line, RSTART + 1, RLENGTH - 2)
        out = out substr(line, 1, RSTART - 1) (("V_" name) in ENVIRON ? ENVIRON["V_" name] : substr(line, RSTART, RLENGTH))
        line = substr(line, RSTART + RLENGTH)
      }
      print out line
    }' "$template" >"$out"

  # The Web UI's config: its port, the frontend, and the client certificate when the frontend requires one.
  {
    echo "host: 127.0.0.1"
    echo "port: $UI_PORT"
    echo "temporalGrpcAddress: 127.0.0.1:$PORT"
    echo "enableUi: true"
    echo "defaultNamespace: $NAMESPACE"
    echo "cors:"
    echo "  allowOrigins: [\"http://localhost:$UI_PORT\"]"
    if [ "$TLS_ON" = 1 ]; then
      echo "tls:"
      echo "  caFile: \"$TLS_CA\""
      echo "  certFile: \"$TLS_CERT\""
      echo "  keyFile: \"$TLS_KEY\""
      echo "  serverName: localhost"
      echo "  enableHostVerification: true"
    fi
  } >"$CLUSTER_DIR/ui-config/development.yaml"
}

live() {
  [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

start() {
  build
  mkdir -p "$CLUSTER_DIR"
  if answers; then
    echo "Temporal cluster already answering on 127.0.0.1:$PORT (Web UI http://localhost:$UI_PORT)"
    return 0
  fi
  if live "$SERVER_PID"; then
    echo "error: a Temporal server process is running (pid $(cat "$SERVER_PID")) but does not answer on 127.0.0.1:$PORT; see $SERVER_LOG or run: $0 stop" >&2
    exit 1
  fi
  schema
  write_config
  # All four services in one process; setsid: it outlives the shell that started it and ignores its hang-up.
  setsid nohup "$SERVER_BIN" --root "$CLUSTER_DIR" --config config --env development --allow-no-auth start \
    --service frontend --service history --service matching --service worker >>"$SERVER_LOG" 2>&1 </dev/null &
  echo $! >"$SERVER_PID"
  local deadline=$((SECONDS + 120))
  until answers; do
    if ! live "$SERVER_PID"; then
      echo "error: the Temporal server exited during start; last lines of $SERVER_LOG:" >&2
      tail -n 20 "$SERVER_LOG" >&2
      exit 1
    fi
    if [ $SECONDS -ge $deadline ]; then
      echo "error: the Temporal server did not answer on 127.0.0.1:$PORT within 120 s (log: $SERVER_LOG)" >&2
      exit 1
    fi
    sleep 0.5
  done
  cli_args
  # The namespace and the search attributes, each once (both calls fail harmlessly when done already).
  if ! "$TEMPORAL_BIN" operator namespace describe "${CLI_ARGS[@]}" --namespace "$NAMESPACE" >/dev/null 2>&1; then
    "$TEMPORAL_BIN" operator namespace create "${CLI_ARGS[@]}" --namespace "$NAMESPACE" --retention 72h >/dev/null
  fi
  local existing
  for _ in $(seq 1 60); do
    existing="$("$TEMPORAL_BIN" operator search-attribute list "${CLI_ARGS[@]}" --namespace "$NAMESPACE" 2>/dev/null || true)"
    [ -n "$existing" ] && break
    sleep 0.5
  done
  for sa in "${SEARCH_ATTRIBUTES[@]}"; do
    if ! grep -qw "${sa%%=*}" <<<"$existing"; then
      "$TEMPORAL_BIN" operator search-attribute create "${CLI_ARGS[@]}" --namespace "$NAMESPACE" --name "${sa%%=*}" --type "${sa##*=}" >/dev/null
    fi
  done
  if [ "${TEMPORAL_HEADLESS:-0}" != 1 ] && ! live "$UI_PID"; then
    setsid nohup "$UI_BIN" --root "$CLUSTER_DIR" --config ui-config --env development start >>"$UI_LOG" 2>&1 </dev/null &
    echo $! >"$UI_PID"
  fi
  echo "Temporal cluster answering on 127.0.0.1:$PORT$([ "$TLS_ON" = 1 ] && echo ' (mTLS)') ($([ "${TEMPORAL_HEADLESS:-0}" = 1 ] && echo 'no Web UI' || echo "Web UI http://localhost:$UI_PORT"), metrics http://127.0.0.1:$METRICS_PORT/metrics, persistence $PG_HOST:$PG_PORT/$DB + $VISIBILITY_DB)"
}

stop_pid() {
  local file="$1" what="$2" pid
  if live "$file"; then
    pid="$(cat "$file")"
    kill -TERM "$pid"
    for _ in $(seq 1 75); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    echo "$what stopped"
  fi
  rm -f "$file"
}

stop() {
  stop_pid "$UI_PID" "Temporal Web UI"
  stop_pid "$SERVER_PID" "Temporal cluster"
}

kill_server() {
  if live "$SERVER_PID"; then
    kill -KILL "$(cat "$SERVER_PID")"
    echo "Temporal server SIGKILLed (pid $(cat "$SERVER_PID"))"
  else
    echo "Temporal server was not running"
  fi
  rm -f "$SERVER_PID"
}

case "${1:-}" in
  build) build ;;
  schema) schema ;;
  start) start ;;
  stop) stop ;;
  kill) kill_server ;;
  status) if answers; then echo "answering on 127.0.0.1:$PORT"; else echo "not answering on 127.0.0.1:$PORT"; exit 1; fi ;;
  pg) pg "${2:-}" ;;
  *) echo "usage: $0 build|schema|start|stop|kill|status|pg start|stop|restart|status" >&2; exit 2 ;;
esac
