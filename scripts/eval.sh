#!/usr/bin/env bash
# npm run eval: the demo accuracy suite (eval/cases.ts) on the seeded demo shop.
# Options (after --): --model rules|openai|both, --concurrency N, --port N; see scripts/eval-run.sh.
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/eval-run.sh" demo "$@"
