#!/usr/bin/env bash
# npm run eval:rental: Rentwise as users ask, written blind (eval/as-users-ask/rental.ts) on a car-rental database
# nobody on the project designed (test/fixtures/rental/). Options (after --): --model rules|openai|both, --concurrency N,
# --port N; see scripts/eval-run.sh.
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/eval-run.sh" rental "$@"
