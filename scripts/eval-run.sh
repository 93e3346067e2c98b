#!/usr/bin/env bash
# The accuracy suites' common runner (scripts/eval.sh, eval-chinook.sh, eval-paraphrases.sh, eval-as-users-ask.sh, eval-rental.sh, eval-courses.sh):
# build, make sure Temporal and the suite's database are there, run the suite (dist/scripts/eval.js) through a worker
# of its own. Usage: eval-run.sh SUITE [--model rules|openai|both] [--concurrency N] [--port N]
#   --port N (or TEMPORAL_ADDRESS / TEMPORAL_PORT): the Temporal server to use. When one already answers there it is
#   used as it is (nothing else is started, so the suite runs beside another server and worker); otherwise "baton up"
#   starts a dev server on that port (Web UI on N+1000, data in .data/eval-N for a port other than 7233).
set -euo pipefail
cd "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
suite="$1"
shift
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --port)
      export TEMPORAL_PORT="$2" TEMPORAL_ADDRESS="127.0.0.1:$2" TEMPORAL_UI_PORT="${TEMPORAL_UI_PORT:-$(($2 + 1000))}"
      [ "$2" = 7233 ] || export BATON_DATA_DIR="${BATON_DATA_DIR:-$PWD/.data/eval-$2}"
      shift 2
      ;;
    *)
      args+=("$1")
      shift
      ;;
  esac
done
if [ -n "${TEMPORAL_ADDRESS:-}" ] && [ -z "${TEMPORAL_PORT:-}" ]; then export TEMPORAL_PORT="${TEMPORAL_ADDRESS##*:}"; fi
bash scripts/ensure-deps.sh
npm run --silent build >/dev/null
if ! bash scripts/temporal-server.sh status >/dev/null 2>&1; then ./bin/baton up >/dev/null; fi
case "$suite" in
  demo | as-users-ask) ./bin/baton seed --if-stale >/dev/null ;;
  rental) bash scripts/load-rental.sh >/dev/null ;;
  courses) bash scripts/load-courses.sh >/dev/null ;;
  *) bash scripts/load-chinook.sh >/dev/null ;;
esac
node dist/scripts/eval.js --db "$suite" ${args[@]+"${args[@]}"}
