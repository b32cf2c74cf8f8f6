#!/usr/bin/env bash
# Load and soak through the Worker, loopback only, stops by itself (issue 9).
#
#   scripts/load.sh [seconds]        default 60 s a phase (three phases, about 4 minutes in all)
#
# Runs tests/js/load.test.mjs with a longer duration: 64 concurrent connections (autocannon) through
# a fresh `wrangler dev` on ports 19160–19165 to (A) the embedded agent and (B) a loopback upstream
# (the fault server) with the rate limiter off, then (C) with the limiter on, 64 clients of their own.
# It checks the same invariants as the short run in the test command (zero unintended errors, every
# forwarded call reached the upstream once, wasm memory and workerd RSS under their bounds, every
# 429 with Retry-After, no client over its budget) and writes test-output/load-report.json.
#
# Environment: LOAD_PORT_BASE (19160), LOAD_CONNECTIONS (64), LOAD_WASM_PEAK_MB (96),
# LOAD_WASM_GROWTH_MB (16), LOAD_RSS_GROWTH_MB (2048),
# LOAD_RSS_PEAK_MB (3072), LOAD_WORKER_DIR (the repository; needs dist/ from scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
[ -f dist/pkg-worker/magisterium_worker_bg.wasm ] || [ -n "${LOAD_WORKER_DIR:-}" ] || scripts/build.sh
mkdir -p test-output
export LOAD_SECONDS="${1:-60}"
export LOAD_PORT_BASE="${LOAD_PORT_BASE:-19160}"
export LOAD_REPORT="${LOAD_REPORT:-test-output/load-report.json}"
node --test --test-reporter=spec tests/js/load.test.mjs 2>&1 | tee test-output/load.log
echo "[load] report: $LOAD_REPORT" >&2
