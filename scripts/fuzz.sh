#!/usr/bin/env bash
# Coverage-guided fuzzing of the eight cargo-fuzz targets (fuzz/), one after the other.
#
#   scripts/fuzz.sh [seconds] [target…]     default: 60 s for each of all eight targets
#   FUZZ_MINIMIZE=1 scripts/fuzz.sh 600     afterwards, merge what was found into a fresh minimal
#                                           corpus (-set_cover_merge=1 over edges, -use_counters=0) and
#                                           replace fuzz/corpus/<target> with it (a few hundred files)
#
# Needs the nightly toolchain (cargo +nightly) and cargo-fuzz (installed from crates.io if
# missing). Each run starts from fuzz/corpus/<target> (the committed seeds) in a work copy under
# fuzz/target/work/, runs under `nice -n 10`, and prints libFuzzer's final stats (executions,
# coverage). Crashes, leaks and timeouts land in fuzz/artifacts/<target>/ and are copied to
# fuzz/regressions/<target>/, which `cargo test --all-features` (tests/fuzz_replay.rs) replays on
# stable: fix the bug, keep the file. The script exits non-zero when anything was found.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(decode_response proxy_request date_query markdown mcp_request mcp_era a2a_v1_request worker_request)

command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz
rustup toolchain list | grep -q '^nightly' || { echo "[fuzz] the nightly toolchain is missing (rustup toolchain install nightly)" >&2; exit 2; }

mkdir -p test-output
found=0
summary=()
for t in "${targets[@]}"; do
  work="fuzz/target/work/$t"
  rm -rf "$work" && mkdir -p "$work" "fuzz/artifacts/$t"
  cp -r "fuzz/corpus/$t/." "$work/" 2>/dev/null || true
  log="test-output/fuzz-$t.log"
  before=$(find "fuzz/artifacts/$t" -type f | wc -l)
  echo "[fuzz] $t for ${seconds}s (log: $log)" >&2
  set +e
  (cd fuzz && nice -n 10 cargo +nightly fuzz run "$t" "$PWD/target/work/$t" -- \
      -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -max_len=32768 -rss_limit_mb=2048) >"$log" 2>&1
  rc=$?
  set -e
  execs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}' | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | awk '{print $2}')
  after=$(find "fuzz/artifacts/$t" -type f | wc -l)
  new=$((after - before))
  if [ "$rc" -ne 0 ] || [ "$new" -gt 0 ]; then
    found=1
    mkdir -p "fuzz/regressions/$t"
    find "fuzz/artifacts/$t" -type f -exec cp {} "fuzz/regressions/$t/" \;
    echo "[fuzz] $t: FOUND something (exit $rc, $new new artifact(s)); copied to fuzz/regressions/$t/" >&2
    grep -E 'panicked at|ERROR: libFuzzer|SUMMARY' "$log" | head -5 >&2 || true
  fi
  if [ "${FUZZ_MINIMIZE:-0}" = 1 ]; then
    fresh="fuzz/target/work/$t.min"
    rm -rf "$fresh" && mkdir -p "$fresh"
    (cd fuzz && nice -n 10 cargo +nightly fuzz run "$t" "$PWD/target/work/$t.min" "$PWD/target/work/$t" -- \
      -set_cover_merge=1 -use_counters=0 -max_len=32768 -timeout=10) >>"$log" 2>&1
    rm -rf "fuzz/corpus/$t" && mkdir -p "fuzz/corpus/$t" && cp -r "$fresh/." "fuzz/corpus/$t/"
  fi
  summary+=("$t: ${execs:-?} executions, coverage ${cov:-?}, corpus $(find "$work" -type f | wc -l) files, findings $new (exit $rc)")
done
printf '[fuzz] %s\n' "${summary[@]}"
exit "$found"
