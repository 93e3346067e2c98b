#!/usr/bin/env bash
# npm run chaos -- [--workflows N] [--duration S] [--kill-every MIN-MAX] [--workers N] [--seed N] [--json FILE]
# Builds, then runs scripts/chaos.ts: its own Temporal dev server (port 7239), worker
# processes it kills and restarts, and the database of DATABASE_URL (seeded when empty).
set -euo pipefail
cd "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash scripts/ensure-deps.sh
npm run --silent build >/dev/null
bash scripts/temporal-server.sh build
node dist/scripts/chaos.js "$@"
