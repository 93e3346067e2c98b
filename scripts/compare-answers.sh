#!/usr/bin/env bash
# npm run compare:answers -- BASE [HEAD]: the demo and Chinook suites' questions asked of two commits, answers compared.
#   Builds each commit in a temporary worktree (sharing this checkout's node_modules), starts a Temporal dev server of
#   its own (port 7250, COMPARE_TEMPORAL_PORT) and one worker per commit on its own task queue, seeds the demo shop
#   into baton_compare and loads Chinook, then runs dist/scripts/compare-answers.js (this checkout's). HEAD defaults to
#   the working tree's HEAD. Exits non-zero when any answer differs.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BASE="${1:?usage: compare-answers.sh BASE [HEAD]}"
HEAD_REV="${2:-HEAD}"
WORK="$(mktemp -d /tmp/baton-compare.XXXXXX)"
export TEMPORAL_PORT="${COMPARE_TEMPORAL_PORT:-7250}" TEMPORAL_UI_PORT="${COMPARE_TEMPORAL_UI_PORT:-8250}"
export TEMPORAL_ADDRESS="127.0.0.1:$TEMPORAL_PORT" BATON_DATA_DIR="$WORK/data"
export DATABASE_URL="${COMPARE_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/baton_compare}"
export CHINOOK_DATABASE_URL="${COMPARE_CHINOOK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/baton_chinook}"
export BATON_TODAY="${BATON_TODAY:-$(TZ=Asia/Shanghai date +%F)}" TEMPORAL_HEADLESS=1
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  bash "$ROOT/scripts/temporal-server.sh" stop >/dev/null 2>&1 || true
  for side in base head; do git -C "$ROOT" worktree remove --force "$WORK/$side" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT

bash scripts/ensure-deps.sh
npm run --silent build >/dev/null
bash scripts/temporal-server.sh build
for side in base head; do
  rev="$BASE"; [ "$side" = head ] && rev="$HEAD_REV"
  echo "== $side: $(git rev-parse --short "$rev")"
  git worktree add --detach -q "$WORK/$side" "$rev"
  ln -s "$ROOT/node_modules" "$WORK/$side/node_modules"
  (cd "$WORK/$side" && npm run --silent build >/dev/null)
done
mkdir -p "$BATON_DATA_DIR"
bash scripts/temporal-server.sh start
node dist/src/client.js seed >/dev/null
bash scripts/load-chinook.sh >/dev/null
for side in base head; do
  BATON_TASK_QUEUE="compare-$side" node "$WORK/$side/dist/src/worker.js" >"$WORK/worker-$side.log" 2>&1 &
  pids+=($!)
done
COMPARE_QUEUES=compare-base,compare-head COMPARE_OUT="${COMPARE_OUT:-$WORK/answers.json}" node dist/scripts/compare-answers.js
