#!/usr/bin/env bash
# Installs what the demo and the tests need, idempotently, from the package registries only
# (Debian, crates.io, npm, PyPI). Safe to run again: every step checks before it installs.
#
#   scripts/setup.sh [part…]   parts: system rust js python tck (default: all five, in that order)
#
# The demo needs `system rust js` (scripts/demo.sh); `python` and `tck` are the tests' peers.
#
# Only `python` needs another part (`system`'s python3-venv), so scripts/test.sh runs `rust` first
# (what clippy needs) and `system js python` beside the Rust steps.
set -euo pipefail
cd "$(dirname "$0")/.."
parts=" ${*:-system rust js python tck} "

WASM_BINDGEN_VERSION=0.2.130   # must equal the `wasm-bindgen = "=…"` pin in Cargo.toml
WASM_PACK_VERSION=0.15.1

log() { printf '[setup] %s\n' "$*" >&2; }

# 1. Debian packages: Chromium + its driver for the browser tests, brotli for the size report.
#    Never Debian's binaryen: its wasm-opt 108 breaks the externref table (Cargo.toml, wasm-opt).
system() {
  need_apt=()
  command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
  command -v brotli >/dev/null 2>&1 || need_apt+=(brotli)
  python3 -c 'import ensurepip' >/dev/null 2>&1 || need_apt+=(python3-venv)
  if [ ${#need_apt[@]} -gt 0 ]; then
    log "apt-get install ${need_apt[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  fi
}

# 2. Rust: the wasm32 target, wasm-bindgen-cli (same version as the crate) and wasm-pack.
#    No --locked: wasm-bindgen-cli's own lockfile names a crate version the registry no longer serves.
export PATH="$HOME/.cargo/bin:$PATH"
rust() {
  rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
  rustup component list --installed | grep -q '^clippy' || rustup component add clippy rustfmt
  if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
    log "cargo install wasm-bindgen-cli@$WASM_BINDGEN_VERSION"
    cargo install -q wasm-bindgen-cli@"$WASM_BINDGEN_VERSION" --force
  fi
  if [ "$(wasm-pack --version 2>/dev/null | awk '{print $2}')" != "$WASM_PACK_VERSION" ]; then
    log "cargo install wasm-pack@$WASM_PACK_VERSION"
    cargo install -q wasm-pack@"$WASM_PACK_VERSION" --force
  fi

  # The dependency policy check (licenses, bans, sources) of the test command.
  if ! command -v cargo-deny >/dev/null 2>&1; then
    log "cargo install cargo-deny"
    cargo install -q cargo-deny
  fi
}

# 3. npm dev tools (wrangler + Node 22 for it, binaryen's wasm-opt, playwright-core, typescript),
#    exactly as package-lock.json records them.
js() {
  if [ ! -x node_modules/.bin/wrangler ] || [ ! -x node_modules/.bin/wasm-opt ] \
     || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "npm ci"
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

# 4. The official MCP and A2A Python clients for the tests, exactly as tests/python/requirements.txt
#    and tests/python/a2a-requirements.txt pin them, each in its own virtual environment
#    (.venv-mcp/, .venv-a2a/, not committed).
python() {
  venv .venv-mcp tests/python/requirements.txt
  venv .venv-a2a tests/python/a2a-requirements.txt
}
# venv <dir> <requirements>: the virtual environment, installed again when its pins change.
venv() {
  if [ ! -x "$1/bin/python" ] || [ "$2" -nt "$1/.installed" ]; then
    log "python3 -m venv $1; pip install -r $2"
    python3 -m venv "$1"
    "$1/bin/pip" install -q --disable-pip-version-check -r "$2"
    touch "$1/.installed"
  fi
}

# 5. The A2A TCK (tests/tck/run.py). It is not on PyPI: a pinned copy is in ../shared/tools/a2a-tck
#    (its ORIGIN.md), read-only in CI, so it runs from a copy in .venv-tck/a2a-tck (not committed),
#    with its dependencies as tests/tck/requirements.txt pins them. Copied again when it changes.
TCK_SOURCE=${A2A_TCK_SOURCE:-../shared/tools/a2a-tck}
tck() {
  [ -f "$TCK_SOURCE/run_tck.py" ] || { log "the A2A TCK is not in $TCK_SOURCE (set A2A_TCK_SOURCE)"; exit 1; }
  if [ ! -x .venv-tck/bin/python ] || [ tests/tck/requirements.txt -nt .venv-tck/.installed ]; then
    log "python3 -m venv .venv-tck; pip install -r tests/tck/requirements.txt"
    python3 -m venv .venv-tck
    .venv-tck/bin/pip install -q --disable-pip-version-check -r tests/tck/requirements.txt
    touch .venv-tck/.installed
  fi
  if ! diff -rq -x __pycache__ "$TCK_SOURCE" .venv-tck/a2a-tck >/dev/null 2>&1; then
    log "cp -r $TCK_SOURCE .venv-tck/a2a-tck"
    rm -rf .venv-tck/a2a-tck && cp -r "$TCK_SOURCE" .venv-tck/a2a-tck
  fi
}

for part in $parts; do
  case $part in
    system | rust | js | python | tck) "$part" ;;
    *) log "unknown part '$part' (system rust js python tck)"; exit 2 ;;
  esac
done
log "ready:$parts"
