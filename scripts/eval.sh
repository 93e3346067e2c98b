#!/usr/bin/env bash
# npm run eval: build, make sure Temporal, a worker and the demo data are there, run the accuracy suite.
set -euo pipefail
cd "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash scripts/ensure-deps.sh
npm run --silent build >/dev/null
./bin/baton up >/dev/null
./bin/baton seed --if-stale >/dev/null
node dist/scripts/eval.js
