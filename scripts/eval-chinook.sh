#!/usr/bin/env bash
# npm run eval:chinook: the Chinook accuracy suite (eval/chinook-cases.ts).
# Options (after --): --model rules|openai|both, --concurrency N, --port N; see scripts/eval-run.sh.
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/eval-run.sh" chinook "$@"
