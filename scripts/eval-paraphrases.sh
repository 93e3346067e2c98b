#!/usr/bin/env bash
# npm run eval:paraphrases: the Chinook questions in other phrasings, written blind (eval/paraphrases/), against the
# Chinook database: build, make sure Temporal, a worker and Chinook are there, run the suite.
set -euo pipefail
cd "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash scripts/ensure-deps.sh
npm run --silent build >/dev/null
./bin/baton up >/dev/null
bash scripts/load-chinook.sh >/dev/null
node dist/scripts/eval.js --db paraphrases
