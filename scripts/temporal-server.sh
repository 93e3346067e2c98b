#!/usr/bin/env bash
# Builds (once) and runs the Temporal dev server with its Web UI, without Docker.
#
#   scripts/temporal-server.sh build    build the Temporal CLI into .tools/bin (skipped when present)
#   scripts/temporal-server.sh start    start the dev server in the background and wait until it answers
#   scripts/temporal-server.sh stop     stop it
#   scripts/temporal-server.sh status   print whether it answers
#
# Settings (environment): TEMPORAL_PORT (7233), TEMPORAL_UI_PORT (8233), TEMPORAL_METRICS_PORT (unset: the CLI picks
# a free port): the server's Prometheus endpoint, http://127.0.0.1:PORT/metrics,
# BATON_DATA_DIR (.data): holds temporal.db (persistent history), temporal.log, temporal.pid,
# TEMPORAL_DYNAMIC_CONFIG: space-separated KEY=VALUE dynamic-config values (JSON values) that replace
# LATENCY_DYNAMIC_CONFIG below; set it to "" for the CLI's own defaults, TEMPORAL_SQLITE_PRAGMAS: likewise for
# LATENCY_SQLITE_PRAGMAS, TEMPORAL_HEADLESS=1: no Web UI.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TEMPORAL_CLI_VERSION="v1.5.1"
TEMPORAL_BIN="${TEMPORAL_BIN:-$ROOT/.tools/bin/temporal}"
PORT="${TEMPORAL_PORT:-7233}"
UI_PORT="${TEMPORAL_UI_PORT:-8233}"
METRICS_PORT="${TEMPORAL_METRICS_PORT:-}"
DATA_DIR="${BATON_DATA_DIR:-$ROOT/.data}"
case "$DATA_DIR" in /*) ;; *) DATA_DIR="$ROOT/$DATA_DIR" ;; esac
PID_FILE="$DATA_DIR/temporal.pid"
LOG_FILE="$DATA_DIR/temporal.log"
# Search attributes the workflows set; registered at every start (idempotent).
SEARCH_ATTRIBUTES=(BatonIntent=Keyword BatonStatus=Keyword BatonSession=Keyword BatonSchedule=Keyword)
# The dev server tuned for latency rather than for a shared cluster's load; each value's effect, measured by
# `npm run bench:orchestration`, is in docs/performance.md ("The dev server's latency knobs").
LATENCY_DYNAMIC_CONFIG=(
  history.transferProcessorMaxPollRPS=1000
  history.timerProcessorMaxPollRPS=1000
  system.enableActivityEagerExecution=true
)
# The history database in WAL mode, synced at checkpoints rather than at every commit: it survives a crash of the
# server (a SIGKILL loses nothing); an operating-system crash or power loss may roll back the last commits.
LATENCY_SQLITE_PRAGMAS=(journal_mode=wal synchronous=normal)
if [ "${TEMPORAL_SQLITE_PRAGMAS+set}" = set ]; then
  read -r -a SQLITE_PRAGMAS <<<"$TEMPORAL_SQLITE_PRAGMAS"
else
  SQLITE_PRAGMAS=("${LATENCY_SQLITE_PRAGMAS[@]}")
fi
if [ "${TEMPORAL_DYNAMIC_CONFIG+set}" = set ]; then
  read -r -a DYNAMIC_CONFIG <<<"$TEMPORAL_DYNAMIC_CONFIG"
else
  DYNAMIC_CONFIG=("${LATENCY_DYNAMIC_CONFIG[@]}")
fi

build() {
  if [ -x "$TEMPORAL_BIN" ]; then return 0; fi
  if ! command -v go >/dev/null 2>&1; then
    echo "error: Go is needed to build the Temporal CLI ($TEMPORAL_CLI_VERSION) and 'go' is not on PATH" >&2
    exit 1
  fi
  echo "building the Temporal CLI $TEMPORAL_CLI_VERSION into $(dirname "$TEMPORAL_BIN") (first time only, a few minutes)..." >&2
  local started=$SECONDS
  mkdir -p "$(dirname "$TEMPORAL_BIN")"
  GOBIN="$(dirname "$TEMPORAL_BIN")" go install "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION"
  echo "built the Temporal CLI in $((SECONDS - started)) s" >&2
}

answers() {
  "$TEMPORAL_BIN" operator cluster health --address "127.0.0.1:$PORT" >/dev/null 2>&1
}

start() {
  build
  if answers; then
    echo "Temporal dev server already answering on 127.0.0.1:$PORT (Web UI http://localhost:$UI_PORT)"
    return 0
  fi
  mkdir -p "$DATA_DIR"
  local args=(server start-dev --ip 127.0.0.1 --port "$PORT" --db-filename "$DATA_DIR/temporal.db" --log-level warn)
  if [ "${TEMPORAL_HEADLESS:-0}" = 1 ]; then args+=(--headless); else args+=(--ui-port "$UI_PORT"); fi
  if [ -n "$METRICS_PORT" ]; then args+=(--metrics-port "$METRICS_PORT"); fi
  for sa in "${SEARCH_ATTRIBUTES[@]}"; do args+=(--search-attribute "$sa"); done
  for kv in "${DYNAMIC_CONFIG[@]}"; do args+=(--dynamic-config-value "$kv"); done
  for pragma in "${SQLITE_PRAGMAS[@]}"; do args+=(--sqlite-pragma "$pragma"); done
  # setsid: the server outlives the shell that started it and ignores its hang-up.
  setsid nohup "$TEMPORAL_BIN" "${args[@]}" >>"$LOG_FILE" 2>&1 </dev/null &
  echo $! >"$PID_FILE"
  local deadline=$((SECONDS + 90))
  until answers; do
    if ! kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
      echo "error: the Temporal dev server exited during start; last lines of $LOG_FILE:" >&2
      tail -n 20 "$LOG_FILE" >&2
      exit 1
    fi
    if [ $SECONDS -ge $deadline ]; then
      echo "error: the Temporal dev server did not answer on 127.0.0.1:$PORT within 90 s (log: $LOG_FILE)" >&2
      exit 1
    fi
    sleep 0.5
  done
  echo "Temporal dev server answering on 127.0.0.1:$PORT (Web UI http://localhost:$UI_PORT, history in $DATA_DIR/temporal.db${METRICS_PORT:+, metrics http://127.0.0.1:$METRICS_PORT/metrics})"
}

stop() {
  if [ -f "$PID_FILE" ] && kill -0 "$(cat "$PID_FILE")" 2>/dev/null; then
    local pid
    pid="$(cat "$PID_FILE")"
    kill -TERM "$pid"
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    echo "Temporal dev server stopped"
  else
    echo "Temporal dev server was not running (no live pid in $PID_FILE)"
  fi
  rm -f "$PID_FILE"
}

case "${1:-}" in
  build) build ;;
  start) start ;;
  stop) stop ;;
  status) if answers; then echo "answering on 127.0.0.1:$PORT"; else echo "not answering on 127.0.0.1:$PORT"; exit 1; fi ;;
  *) echo "usage: $0 build|start|stop|status" >&2; exit 2 ;;
esac
