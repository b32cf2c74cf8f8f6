#!/usr/bin/env bash
# The crates published on crates.io (docs/releasing.md, "The Rust crates"), packaged as `cargo
# publish` would upload them and built from the package alone (cargo package verifies each; the
# liturgy crate against the packaged core, through cargo's local overlay of the workspace's
# unpublished crates). Any other crate must say `publish = false`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
# magisterium-platform only as what magisterium-liturgy's `js` feature depends on.
published=(magisterium-core magisterium-platform magisterium-liturgy)

unexpected=$(cargo metadata --no-deps --format-version 1 | node -e '
  const published = process.argv.slice(1);
  const meta = JSON.parse(require("fs").readFileSync(0, "utf8"));
  // `publish`: null = anywhere (crates.io), [] = publish = false.
  const open = meta.packages.filter((p) => p.publish === null).map((p) => p.name);
  console.log(open.filter((n) => !published.includes(n)).concat(published.filter((n) => !open.includes(n))).join(" "));
' "${published[@]}")
[ -z "$unexpected" ] || { echo "crates.io: only ${published[*]} are published; check 'publish' of: $unexpected" >&2; exit 1; }

# Registry crates count as immutable: cargo reuses a crate of the same name and version that it
# unpacked (registry/src/-<hash of the overlay's path>/) or built (the target directory) before, so
# a machine that packaged an older tree would verify the liturgy crate against that older core.
# Hence a target directory of its own each time, and no unpacked copy of ours left behind.
registry_src="${CARGO_HOME:-$HOME/.cargo}/registry/src"
clear_unpacked() { for crate in "${published[@]}"; do rm -rf "$registry_src"/-*/"$crate"-*; done; }
CARGO_TARGET_DIR=$(mktemp -d)
export CARGO_TARGET_DIR
trap 'rm -rf "$CARGO_TARGET_DIR"; clear_unpacked' EXIT
clear_unpacked

args=()
for crate in "${published[@]}"; do args+=(-p "$crate"); done
# --allow-dirty: the test command checks the working tree as it is (a fresh clone in CI).
nice cargo package "${args[@]}" --locked --allow-dirty
target=$(cargo metadata --no-deps --format-version 1 | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).target_directory')
for crate in "${published[@]}"; do ls -l "$target/package/$crate"-*.crate >&2; done
