#!/usr/bin/env bash
# npm run eval:paraphrases: the Chinook questions in other phrasings, written blind (eval/paraphrases/).
# Options (after --): --model rules|openai|both, --concurrency N, --port N; see scripts/eval-run.sh.
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/eval-run.sh" paraphrases "$@"
