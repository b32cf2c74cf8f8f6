#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance, its server scenarios)
# against an `/mcp` endpoint, judged against the committed baseline of expected failures
# (tests/conformance/mcp-baseline.yml, each with its reason), the way the official SDKs keep one.
# Exits non-zero on a failure not in the baseline, and on a baseline entry that now passes.
#
#   scripts/mcp-conformance.sh <mcp url>     scripts/test.sh runs it against the demo's /mcp
#
# Results (checks.json per scenario) land in test-output/conformance/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
url=${1:?usage: scripts/mcp-conformance.sh <mcp url>}
rm -rf test-output/conformance && mkdir -p test-output/conformance
conformance server --url "$url" --expected-failures tests/conformance/mcp-baseline.yml \
  -o test-output/conformance
