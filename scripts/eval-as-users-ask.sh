#!/usr/bin/env bash
# npm run eval:as-users-ask: the demo shop as users ask, written blind (eval/as-users-ask/).
# Options (after --): --model rules|openai|both, --concurrency N, --port N; see scripts/eval-run.sh.
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/eval-run.sh" as-users-ask "$@"
