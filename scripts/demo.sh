#!/usr/bin/env bash
# npm run demo: the main job end to end on a fresh clone.
#   installs dependencies if missing, builds, starts the Temporal dev server and a
#   worker ("baton up"), seeds the demo shop when needed, asks the demo question,
#   and prints the answer with the Web UI link to the run. Leaves the services up
#   so the run can be explored; "npx baton down" stops them.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
started=$SECONDS
QUESTION="${1:-上个月 GMV 是多少？}"

bash scripts/ensure-deps.sh
echo "== build"
npm run --silent build
echo "== baton up"
./bin/baton up
echo "== baton seed (skipped when the data already ends last month)"
./bin/baton seed --if-stale
echo "== baton ask \"$QUESTION\""
./bin/baton ask "$QUESTION"
echo
echo "demo finished in $((SECONDS - started)) s. Explore the run in the Web UI (link above);"
echo "\"npx baton down\" stops the Temporal dev server and the worker."
