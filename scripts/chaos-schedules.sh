#!/usr/bin/env bash
# npm run chaos:schedules: scripts/chaos-schedules.ts against a dev server of its own (port 7360, history in
# .data/chaos-schedules) and a planted shop (DATABASE_URL's server, database baton_chaos_schedules_planted).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
npm run --silent build >/dev/null
export TEMPORAL_PORT="${CHAOS_TEMPORAL_PORT:-7360}" TEMPORAL_UI_PORT="${CHAOS_TEMPORAL_UI_PORT:-8360}"
export TEMPORAL_ADDRESS="127.0.0.1:$TEMPORAL_PORT" BATON_DATA_DIR="$ROOT/.data/chaos-schedules"
base="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/baton}"
export DATABASE_URL="${base%/*}/baton_chaos_schedules"
export PLANTED_DATABASE_URL="${base%/*}/baton_chaos_schedules_planted"
export BATON_ALERT_SECRET="${BATON_ALERT_SECRET:-chaos-secret}"
mkdir -p "$BATON_DATA_DIR"
bash scripts/temporal-server.sh stop >/dev/null 2>&1 || true
rm -f "$BATON_DATA_DIR"/temporal.db*
bash scripts/temporal-server.sh start
trap 'bash scripts/temporal-server.sh stop >/dev/null 2>&1 || true' EXIT
node dist/src/client.js seed --database-url "$DATABASE_URL" >/dev/null
node dist/src/client.js seed --database-url "$PLANTED_DATABASE_URL" --anchor-date 2026-12-01 --plant-change 2026-W39,2026-W43 >/dev/null
node dist/scripts/chaos-schedules.js
