#!/usr/bin/env bash
# The benchmarks: size, decode (Chromium), start-up, proxy overhead, embedded agent, the offline
# calendar beside romcal, in one run.
# Writes bench/results.md and bench/results.json. Loopback only, ports 19000–19099; every server
# it starts is stopped when it ends. Not part of scripts/test.sh.
#
#   bench/run.sh             full run (~5 min on 2 cores)
#   bench/run.sh --quick     fewer iterations (writes the same files, marked quick)
#   bench/run.sh --only size,decode,startup,proxy,agent,liturgy   a part; writes bench/out/partial.{md,json}
#   BENCH_SKIP_BUILD=1 bench/run.sh …                    use the pkg/ and dist/ already built
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
if [ "${BENCH_SKIP_BUILD:-}" != 1 ]; then scripts/build.sh; fi
mkdir -p bench/out
exec node bench/run.mjs "$@"
