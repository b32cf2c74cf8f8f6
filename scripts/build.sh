#!/usr/bin/env bash
# Builds the npm package (pkg/), the Worker's wasm (dist/pkg-worker/) and the demo site (dist/site/).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

# One wasm-pack release build: `wasm_pack <out-dir> [cargo args…]`. A failed build fails the script
# (the exit status is wasm-pack's, not the filter's); only wasm-pack's chatter is dropped.
wasm_pack() {
  local out=$1; shift
  wasm-pack build --release --target web --out-dir "$out" "$@" \
    2> >(grep -v -E '^\[INFO\]|failed to get wasm-pack version|License key' >&2)
}

wasm_pack pkg
wasm_pack dist/pkg-liturgy --out-name liturgy -- --features liturgy
node scripts/package.mjs
# The Worker's wasm is built for speed (opt-level 3): its size is not a download, and its handle +
# finish run in about half the time of the size-optimised build (bench/README.md, "Proxy").
CARGO_PROFILE_RELEASE_OPT_LEVEL=3 wasm_pack dist/pkg-worker -- --features worker
wasm_pack dist/markdown -- --features markdown
rm -rf dist/site && mkdir -p dist/site && cp -r www/. dist/site/ && cp -r pkg dist/site/pkg
cp -r dist/markdown dist/site/markdown
echo "[build] pkg/, dist/pkg-worker/, dist/site/ ready" >&2
