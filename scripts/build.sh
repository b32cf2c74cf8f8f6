#!/usr/bin/env bash
# Builds the npm package (pkg/), the Worker's wasm (dist/pkg-worker/) and the demo site (dist/site/).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
wasm-pack build --release --target web --out-dir pkg 2>&1 | grep -v -E '^\[INFO\]|failed to get wasm-pack version|License key' || true
test -f pkg/magisterium_a2a_bg.wasm
node scripts/package.mjs
# The Worker's wasm is built for speed (opt-level 3): its size is not a download, and its handle +
# finish run in about half the time of the size-optimised build (bench/README.md, "Proxy").
CARGO_PROFILE_RELEASE_OPT_LEVEL=3 wasm-pack build --release --target web --out-dir dist/pkg-worker -- --features worker 2>&1 \
  | grep -v -E '^\[INFO\]|failed to get wasm-pack version|License key' || true
test -f dist/pkg-worker/magisterium_a2a_bg.wasm
wasm-pack build --release --target web --out-dir dist/markdown -- --features markdown 2>&1 \
  | grep -v -E '^\[INFO\]|failed to get wasm-pack version|License key' || true
test -f dist/markdown/magisterium_a2a_bg.wasm
rm -rf dist/site && mkdir -p dist/site && cp -r www/. dist/site/ && cp -r pkg dist/site/pkg
cp -r dist/markdown dist/site/markdown
echo "[build] pkg/, dist/pkg-worker/, dist/site/ ready" >&2
