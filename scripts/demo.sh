#!/usr/bin/env bash
# npm run demo: the main job end to end on a fresh clone.
#   installs dependencies if missing, builds, starts the Temporal dev server and a
#   worker ("baton up"), seeds the demo shop when needed, asks the planted-signal
#   question, and writes its audited report as HTML, DOCX and Markdown under
#   reports/. Leaves the services up so the run can be explored; "npx baton down"
#   stops them.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
started=$SECONDS
QUESTION="${1:-为什么华东区上个月复购率下降了？}"

bash scripts/ensure-deps.sh
echo "== build"
npm run --silent build
echo "== baton up"
./bin/baton up
echo "== baton seed (skipped when the data already ends last month)"
./bin/baton seed --if-stale
echo "== baton ask \"$QUESTION\""
asked=$SECONDS
id=$(./bin/baton ask --no-wait --json "$QUESTION" | node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).workflowId))')
./bin/baton result "$id"
echo "(the run took $((SECONDS - asked)) s)"
echo
./bin/baton status "$id"
echo
echo "== the report"
for format in html docx md; do
  ./bin/baton report "$id" --format "$format" -o "reports/demo.$format"
done
echo
echo "demo finished in $((SECONDS - started)) s. Open reports/demo.html, or explore the run in the Web UI (link above);"
echo "\"npx baton status $id\" shows its checklist; \"npx baton down\" stops the Temporal dev server and the worker."
