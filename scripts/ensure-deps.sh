#!/usr/bin/env bash
# Installs the npm dependencies when node_modules is missing or older than the lock file.
set -euo pipefail
cd "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "== installing dependencies"
  npm ci --no-audit --no-fund
fi
