#!/usr/bin/env bash
# The whole test suite, in order; stops at the first failing step and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
# The Rust tools first (clippy needs them). Chromium, the npm tools and the Python client install
# beside the Rust steps (test-output/setup.log); the build waits for them.
scripts/setup.sh rust
mkdir -p test-output
scripts/setup.sh system js python tck >test-output/setup.log 2>&1 &
setup_pid=$!
source scripts/env.sh
# CI builds from a fresh clone once: incremental caches would only be written, never read.
[ -z "${CI:-}" ] || export CARGO_INCREMENTAL=0

AGENT_PORT=18787 PROXY_PORT=18789 FAULT_PORT=18900 RUNNER_ADDR=127.0.0.1:18950
BROWSER_PROXY_PORT=18860 BROWSER_FAULT_PORT=18861 TCK_PROXY_PORT=18895 TCK_FAULT_PORT=18896
PROXY_TOKEN=proxy-secret-$RANDOM$RANDOM
rm -rf test-output/responses
pids=("$setup_pid")
cleanup() {
  local rc=$?
  for p in "${pids[@]}"; do kill -- "-$p" 2>/dev/null || kill "$p" 2>/dev/null || true; done
  # A failed run still says where its time went, up to the step that failed.
  if [ "$rc" != 0 ] && [ -n "${step_name:-}" ]; then
    end_step; printf '\nfailed (exit %s); wall time per step:\n' "$rc" >&2; printf '%s\n' "${times[@]}" >&2
  fi
}
trap cleanup EXIT
# Each step's wall time goes to the summary (`times`), with the set-up before the first step.
summary=() times=() step_name="set-up (scripts/setup.sh rust)" step_start=0
end_step() { times+=("$(printf '%5d s  %.70s' $((SECONDS - step_start)) "$step_name")"); }
step() { end_step; step_name=$* step_start=$SECONDS; printf '\n=== %s\n' "$*" >&2; }

step "cargo fmt --check"
cargo fmt --all -- --check

# The compiler steps run under `nice`: beside them, the JavaScript lanes (below) wait on timers,
# servers and Chromium, and get the CPU first when they need it.
step "clippy (host, every crate, all features), beside the rest of the set-up"
nice cargo clippy --workspace --all-targets --all-features -- -D warnings

step "the rest of the set-up (scripts/setup.sh system js python tck: test-output/setup.log)"
setup_rc=0
wait "$setup_pid" || setup_rc=$?
cat test-output/setup.log >&2
[ "$setup_rc" = 0 ] || { echo "set-up failed (exit $setup_rc)" >&2; exit "$setup_rc"; }

step "build (pkg/, Worker, site)"
# In CI the build starts from a target directory that does not exist, as on a fresh clone
# (issue 37, item 9: two cargo builds creating one target directory at once); the release wasm
# builds share nothing with clippy's host builds, so this costs nothing there.
if [ -n "${CI:-}" ]; then
  CARGO_TARGET_DIR="$PWD/target/from-nothing-$$" scripts/build.sh
else
  scripts/build.sh
fi
node scripts/size-report.mjs | tee test-output/size.md

step "start the fault servers, the Worker (embedded agent) and the Worker as a proxy, on 127.0.0.1"
pids+=("$(scripts/serve.sh fault "$FAULT_PORT" test-output/fault.log)")
pids+=("$(scripts/serve.sh worker "$AGENT_PORT" test-output/worker.log \
  --var "ALLOWED_ORIGINS:http://$RUNNER_ADDR,http://127.0.0.1:$AGENT_PORT")")
# proxy <port> <fault server port> <log>: the proxy in front of a fault server; per-client limits
# small enough to hit, a 10 s window to see reset (the account's own budget is out of the way
# here: tests/js/shared-state.test.mjs).
proxy() {
  scripts/serve.sh worker "$1" "$3" \
    --var "UPSTREAM_URL:http://127.0.0.1:$2/by-query" --var "MAGISTERIUM_TOKEN:$PROXY_TOKEN" \
    --var "ALLOWED_ORIGINS:http://$RUNNER_ADDR,http://app.example" --var PROXY_PER_MINUTE:1000 \
    --var PROXY_QA_PER_MINUTE:2 --var PROXY_WINDOW_SECONDS:10 --var UPSTREAM_TIMEOUT_MS:1500 \
    --var MAX_UPSTREAM_BYTES:1000000 --var LOG_REQUESTS:all \
    --var UPSTREAM_PER_MINUTE:1000000 --var UPSTREAM_QA_PER_MINUTE:1000000
}
pids+=("$(proxy "$PROXY_PORT" "$FAULT_PORT" test-output/proxy.log)")
# The browser tests get a fault server and a proxy of their own: they run beside the JavaScript
# files that count the shared fault server's requests.
pids+=("$(scripts/serve.sh fault "$BROWSER_FAULT_PORT" test-output/browser-fault.log)")
pids+=("$(proxy "$BROWSER_PROXY_PORT" "$BROWSER_FAULT_PORT" test-output/browser-proxy.log)")
export MAGISTERIUM_FAULT_URL="http://127.0.0.1:$FAULT_PORT" MAGISTERIUM_AGENT_URL="http://127.0.0.1:$AGENT_PORT"
export MAGISTERIUM_PROXY_URL="http://127.0.0.1:$PROXY_PORT" MAGISTERIUM_PROXY_TOKEN="$PROXY_TOKEN"

# The JavaScript tests (Node entry, Worker over HTTP, workerd entry, pages in Chromium) run in two
# lanes, started now, beside the steps below. Lane "upstream": the files that count the shared
# fault server's /by-query requests or spend the shared proxy's per-client budget, one file at a
# time. Lane "own": every other file, which talks only to the embedded agent (limits off) or to
# servers of its own on its own ports, one file at a time too. The load test saturates both cores
# on purpose: alone, after everything else.
js_upstream=(a2a-v1 list-tasks mcp mcp-clients proxy-faults proxy shared-state state-lifecycle)
js_own=()
for f in tests/js/*.test.mjs; do
  stem=$(basename "$f" .test.mjs)
  [[ " ${js_upstream[*]} load " == *" $stem "* ]] || js_own+=("$stem")
done
# js_lane <name> <file stem>…: the files one at a time, each its own `node --test`; spec output to
# test-output/js-<name>.log, each file's wall time (start-up included) to test-output/js-<name>.times,
# the lane's to test-output/js-<name>.total.
js_lane() {
  local name=$1 stem start lane_start=$SECONDS rc=0; shift
  : >"test-output/js-$name.log"; : >"test-output/js-$name.times"
  for stem in "$@"; do
    start=$SECONDS
    node --test --test-reporter=spec "tests/js/$stem.test.mjs" >>"test-output/js-$name.log" 2>&1 || rc=1
    printf '%5d s  %s\n' $((SECONDS - start)) "$stem.test.mjs" >>"test-output/js-$name.times"
  done
  printf '%5d s  JavaScript lane "%s" (%d files), beside the steps after the build\n' \
    $((SECONDS - lane_start)) "$name" $# >"test-output/js-$name.total"
  return "$rc"
}
# Each lane in its own process group (set -m), so that a failed run stops it whole.
set -m
js_lane upstream "${js_upstream[@]}" & pids+=("$!") upstream_pid=$!
js_lane own "${js_own[@]}" & pids+=("$!") own_pid=$!
set +m

step "clippy (wasm32: the SDK, the calendar entry, the Markdown renderer, the Worker alone and with the stand-in)"
nice cargo clippy --target wasm32-unknown-unknown --workspace --all-targets -- -D warnings
nice cargo clippy --target wasm32-unknown-unknown --workspace --all-targets --all-features -- -D warnings

step "the core, the calendar and the stand-in depend on no JavaScript bindings"
for crate in magisterium-core magisterium-liturgy magisterium-stand-in; do
  if cargo tree -p "$crate" --target wasm32-unknown-unknown -e normal --prefix none \
      | grep -E '^(wasm-bindgen|js-sys|web-sys|gloo)'; then
    echo "$crate must stay sans-IO" >&2; exit 1
  fi
done

step "native tests"
nice cargo test --workspace --all-features 2>&1 | tee test-output/native.log
# The proxy alone (no stand-in): its own rules, e.g. no upstream is a configuration error.
nice cargo test -p magisterium-worker 2>&1 | tee -a test-output/native.log
summary+=("native: $(grep -E '^test result' test-output/native.log | awk '{p+=$4; f+=$6} END {print p" passed, "f" failed"}')")

step "dependency policy: cargo deny (licenses, bans, sources; advisories need GitHub, see deny.toml)"
cargo deny check licenses bans sources

step "TypeScript: the public .d.ts and tests/types/usage.ts"
# The settings users have, not only lib ESNext: strict, skipLibCheck false, ES2020 and ES2022 + DOM.
for config in tsconfig.json tsconfig.es2020.json tsconfig.es2022.json; do
  tsc -p "tests/types/$config"
done

step "the npm package: packed, publint, attw (ESM-only), the API reports of api/; the release workflow (actionlint)"
scripts/check-package.sh

step "the crates for crates.io: cargo package (docs/releasing.md)"
scripts/check-crates.sh

step "wrangler deploy --dry-run of both Workers; the proxy's carries no stand-in code and meets its size budget"
node scripts/worker-size.mjs | tee -a test-output/size.md

step "wasm tests in headless Chromium (their own fault server and proxy)"
# The URLs are read when the tests compile (option_env!), so the build and the run see the same.
# The runner's default budget is 20 s per test binary; the fault matrix waits on purpose (timeouts,
# Retry-After, 429 storms) for about 15 s of it, which leaves no headroom on a loaded machine.
browser_env=(MAGISTERIUM_FAULT_URL="http://127.0.0.1:$BROWSER_FAULT_PORT"
  MAGISTERIUM_PROXY_URL="http://127.0.0.1:$BROWSER_PROXY_PORT"
  WASM_BINDGEN_TEST_ADDRESS="$RUNNER_ADDR" WASM_BINDGEN_TEST_TIMEOUT=120)
env "${browser_env[@]}" nice cargo build --tests --target wasm32-unknown-unknown
env "${browser_env[@]}" wasm-pack test --headless --chrome 2>&1 | tee test-output/browser.log
summary+=("browser: $(grep -E '^test result' test-output/browser.log | awk '{p+=$4; f+=$6} END {print p" passed, "f" failed"}')")

step "the JavaScript lanes (started after the build) finish; then the load test, alone"
js_failed=0
wait "$upstream_pid" || js_failed=1
wait "$own_pid" || js_failed=1
cat test-output/js-{upstream,own}.total
js_lane load load || js_failed=1
cat test-output/js-{upstream,own,load}.log >test-output/js.log
cat test-output/js.log
summary+=("js: $(grep -E '^ℹ (pass|fail) ' test-output/js.log | awk '{n[$2]+=$3} END {print "pass " n["pass"] ", fail " n["fail"]}')")
[ "$js_failed" = 0 ] || { echo "JavaScript tests failed (test-output/js-*.log)" >&2; exit 1; }

step "the official MCP Python client (mcp 2.x, both eras) against the stand-in and through the proxy"
.venv-mcp/bin/python tests/python/mcp_clients.py

step "the official MCP Python client signs in through MCP authorization (its own signed-in demo Worker)"
.venv-mcp/bin/python tests/python/mcp_oauth.py

step "the official A2A Python client (a2a-sdk 1.3.0) over JSON-RPC and HTTP+JSON, against the stand-in and through the proxy"
.venv-a2a/bin/python tests/python/a2a_clients.py

step "the official MCP conformance suite (server scenarios) against the demo's /mcp, judged by tests/conformance/mcp-baseline.yml"
scripts/mcp-conformance.sh "http://127.0.0.1:$AGENT_PORT/mcp"
step "the A2A TCK (MUST and SHOULD, JSON-RPC and HTTP+JSON): the Worker and a proxy, against tests/tck/baseline.toml"
# The shared proxy's per-client limits are small on purpose: the TCK gets a proxy of its own, in
# front of a fault server of its own (the JavaScript lanes count the shared one's requests).
pids+=("$(scripts/serve.sh fault "$TCK_FAULT_PORT" test-output/tck-fault.log)")
pids+=("$(scripts/serve.sh worker "$TCK_PROXY_PORT" test-output/tck-proxy.log \
  --var "UPSTREAM_URL:http://127.0.0.1:$TCK_FAULT_PORT/by-query" --var "MAGISTERIUM_TOKEN:$PROXY_TOKEN" \
  --var UPSTREAM_PER_MINUTE:1000000 --var UPSTREAM_QA_PER_MINUTE:1000000 \
  --var PROXY_PER_MINUTE:1000000 --var PROXY_QA_PER_MINUTE:1000000)")
tck_rc=0
.venv-tck/bin/python tests/tck/run.py --tck .venv-tck/a2a-tck --out test-output/tck \
  --binding jsonrpc --binding http_json agent="$MAGISTERIUM_AGENT_URL" proxy="http://127.0.0.1:$TCK_PROXY_PORT" | tee test-output/tck.log || tck_rc=$?
while read -r line; do summary+=("$line"); done < <(grep '^TCK ' test-output/tck.log)
[ "$tck_rc" = 0 ] || { echo "the A2A TCK has failures outside tests/tck/baseline.toml" >&2; exit 1; }

step "no response of the suite carried the proxy's secret or a session token"
node tests/js/scan-responses.mjs

step "summary"
printf '%s\n' "${summary[@]}"
printf '\nwall time per step:\n'
printf '%s\n' "${times[@]}"
printf '%5d s  total\n' "$SECONDS"
cat test-output/js-{upstream,own}.total
printf '\nslowest JavaScript test files (lane upstream and lane own run side by side):\n'
for lane in upstream own load; do sed "s/\$/  ($lane)/" "test-output/js-$lane.times"; done | sort -rn | head -10
