#!/usr/bin/env bash
# npm test: everything the suite needs, then the suite.
#   first checks that Chromium, fonts-noto-cjk and poppler-utils are installed (scripts/test-prerequisites.sh: one
#   line naming what is missing and the command that installs it, before anything starts), then installs
#   dependencies when missing, builds, lints, starts a dedicated Temporal dev server (port 7234, fresh history in
#   .data/test), builds the Temporal cluster's binaries when missing (scripts/temporal-cluster.sh build, for
#   test/integration/cluster.test.ts), seeds the baton_test database, loads Chinook (scripts/load-chinook.sh), Rentwise
#   (scripts/load-rental.sh), Learnloop (scripts/load-courses.sh) and PawCare (scripts/load-pawcare.sh), runs
#   jest (both projects of jest.config.js: test/unit and test/integration), and stops the server again. Extra arguments go to jest.
#   The fast tier alone, without any of this: npm run test:unit (test/unit, no services).
set -euo pipefail
# The system's tools first, before anything else runs (bash builtins only, to find the check's own folder).
here="${BASH_SOURCE[0]%/*}"
[ "$here" != "${BASH_SOURCE[0]}" ] || here=.
bash "$here/test-prerequisites.sh"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
started=$SECONDS

bash scripts/ensure-deps.sh
echo "== build"
npm run --silent build
echo "== lint"
npm run --silent lint

export BATON_DATA_DIR="${BATON_TEST_DATA_DIR:-$ROOT/.data/test}"
export TEMPORAL_PORT="${BATON_TEST_TEMPORAL_PORT:-7234}"
export TEMPORAL_UI_PORT="${BATON_TEST_TEMPORAL_UI_PORT:-8234}"
export TEMPORAL_ADDRESS="127.0.0.1:$TEMPORAL_PORT"
export TEMPORAL_UI_URL="http://localhost:$TEMPORAL_UI_PORT"
export DATABASE_URL="${BATON_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/baton_test}"
export BATON_TASK_QUEUE="baton-test"
# The suite's dev server serves Prometheus metrics on this port (test/integration/telemetry.test.ts scrapes it). Only that server:
# the servers tests start of their own (chaos, worker restart, bench) keep the CLI's free port.
export BATON_TEST_TEMPORAL_METRICS_PORT="${BATON_TEST_TEMPORAL_METRICS_PORT:-9234}"
unset TEMPORAL_METRICS_PORT
# One "today" for the whole suite (the seed's anchor and every run's asOf), in the demo catalog's zone, so a run that
# crosses midnight there still asks about the month it seeded.
export BATON_TODAY="${BATON_TODAY:-$(TZ=Asia/Shanghai date +%F)}"

echo "== Temporal cluster binaries (test/integration/cluster.test.ts; built once, skipped when present)"
bash scripts/temporal-cluster.sh build

echo "== Temporal dev server for the tests"
bash scripts/temporal-server.sh stop >/dev/null 2>&1 || true
rm -f "$BATON_DATA_DIR"/temporal.db*
TEMPORAL_METRICS_PORT="$BATON_TEST_TEMPORAL_METRICS_PORT" bash scripts/temporal-server.sh start
trap 'bash scripts/temporal-server.sh stop >/dev/null 2>&1 || true' EXIT

echo "== seed $DATABASE_URL"
node dist/src/client.js seed >/dev/null

echo "== Chinook (the accuracy suite's second database)"
bash scripts/load-chinook.sh

echo "== Rentwise (the car-rental database of the third accuracy suite)"
bash scripts/load-rental.sh
echo "== Learnloop (the online-courses database of the fourth accuracy suite)"
bash scripts/load-courses.sh
echo "== PawCare (the veterinary-clinics database of the fifth accuracy suite)"
bash scripts/load-pawcare.sh

# With no arguments (npm test, CI) the suite runs in two lanes at once. Most integration files share the dev server and
# the test database and run one at a time in one lane; the other lane holds what shares nothing with them and mostly
# waits: the unit project (its workflow tests start servers of their own), the worker that rides out its own server's
# 60-s absence, and the two Temporal clusters on their own ports. On CI's two cores this takes about a fifth off the
# suite (docs/reliability.md, "The suite's time"). Arguments (files, -t, --json) run one jest over everything, as before.
SIDE_LANE='test/unit/|test/integration/(worker-restart|cluster|cluster-tls)\.test\.ts'
echo "== jest"
if [ "$#" -gt 0 ]; then
  npx jest "$@"
else
  side_log="$BATON_DATA_DIR/jest-side-lane.log"
  mkdir -p "$BATON_DATA_DIR"
  npx jest --testPathPatterns "$SIDE_LANE" >"$side_log" 2>&1 &
  side=$!
  main_status=0
  npx jest --testPathIgnorePatterns "$SIDE_LANE" || main_status=$?
  side_status=0
  wait "$side" || side_status=$?
  echo "== the side lane (unit tests, worker restart, clusters), $side_log"
  cat "$side_log"
  if [ "$main_status" -ne 0 ] || [ "$side_status" -ne 0 ]; then
    echo "== suite failed (main lane exit $main_status, side lane exit $side_status) after $((SECONDS - started)) s"
    exit 1
  fi
fi
echo "== suite finished in $((SECONDS - started)) s"
