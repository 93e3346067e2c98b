#!/usr/bin/env bash
# npm run eval:courses: Learnloop as users ask, written blind (eval/as-users-ask/courses.ts) on an online-courses
# database nobody on the project designed (test/fixtures/courses/). Options (after --): --model rules|openai|both,
# --concurrency N, --port N; see scripts/eval-run.sh.
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/eval-run.sh" courses "$@"
