#!/usr/bin/env bash
# Starts the demo: the Worker (embedded stand-in agent + demo page) on http://127.0.0.1:8787.
# Extra arguments go to `wrangler dev` (e.g. --var AGENT_RATE_LIMITS:on).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh system rust js   # the demo's needs; the tests' peers (python, tck) are not
scripts/build.sh
source scripts/env.sh
echo "[demo] http://127.0.0.1:8787  (Ctrl-C stops it)" >&2
# Fresh local state each run: the stand-in's OAuth server and its tasks live in memory, so KV
# sessions and client registrations from an earlier run would point at nothing.
state=$(mktemp -d)
exec wrangler dev --local --ip 127.0.0.1 --port 8787 --show-interactive-dev-session=false --persist-to "$state" "$@"
