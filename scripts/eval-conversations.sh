#!/usr/bin/env bash
# npm run eval:conversations: the conversation suite (eval/conversations) through real sessions on Chinook and the
# demo shop; prints the table of turns (kind, status, hit or miss) with the share exact. Starts what scripts/test.sh
# starts (Temporal dev server, seeded demo shop, Chinook) on the ports BATON_TEST_* name.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec bash scripts/test.sh test/integration/conversations.test.ts "$@"
