#!/usr/bin/env bash
# npm run chaos -- [--cluster | --sessions [--conversations ID,ID]] [--workflows N] [--duration S] [--kill-every MIN-MAX] [--workers N] [--seed N] [--json FILE]
# Builds, then runs scripts/chaos.ts: its own Temporal dev server (port 7239), worker
# processes it kills and restarts, and the database of DATABASE_URL (seeded when empty). --cluster: its own
# Temporal cluster on a private PostgreSQL instead (port 5443), SIGKILLed and restarted mid-run.
set -euo pipefail
cd "$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash scripts/ensure-deps.sh
npm run --silent build >/dev/null
bash scripts/temporal-server.sh build
# --cluster: the Temporal server, its schema tool and the Web UI too (skipped when built).
for arg in "$@"; do if [ "$arg" = --cluster ]; then bash scripts/temporal-cluster.sh build; fi; done
# --sessions: the conversations run on Chinook too (CHINOOK_DATABASE_URL, else baton_chinook on DATABASE_URL's server).
for arg in "$@"; do if [ "$arg" = --sessions ]; then bash scripts/load-chinook.sh >/dev/null; fi; done
node dist/scripts/chaos.js "$@"
