#!/usr/bin/env bash
# npm run eval:chinook: build, make sure Temporal, a worker and the Chinook database are there,
# run the Chinook accuracy suite (eval/chinook-cases.ts).
set -euo pipefail
cd "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash scripts/ensure-deps.sh
npm run --silent build >/dev/null
./bin/baton up >/dev/null
bash scripts/load-chinook.sh >/dev/null
node dist/scripts/eval.js --db chinook
