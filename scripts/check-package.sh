#!/usr/bin/env bash
# The npm package as `npm publish` would upload it (docs/releasing.md): packs pkg/ (scripts/build.sh
# first) into test-output/package/, then checks the tarball: publint (no error, warning or
# suggestion), @arethetypeswrong/cli with the ESM-only profile, and the API reports of api/ (API
# Extractor over the packed .d.ts: a public type changed without its report updated fails). Also
# lints the release workflow (actionlint).
#
#   scripts/check-package.sh            check (the test command and the release workflow)
#   scripts/check-package.sh --update   rewrite api/*.api.md from this build (review the diff)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
# Plain text out of every tool: with CI set, publint colours its "All good!", which the check
# below reads (it failed so in a fresh clone run with CI=true, and passed without).
export NO_COLOR=1
update=${1:-}
out=test-output/package
rm -rf "$out" && mkdir -p "$out/unpacked"

version=$(node -p 'require("./package.json").version')
[ "$(node -p 'require("./pkg/package.json").version')" = "$version" ] \
  || { echo "pkg/ is not version $version of package.json: run scripts/build.sh" >&2; exit 1; }
npm pack ./pkg --pack-destination "$out" --silent >/dev/null
tarball=$out/magisterium-a2a-$version.tgz
tar -xzf "$tarball" -C "$out/unpacked"
echo "[package] $tarball: $(wc -c <"$tarball") bytes, $(tar -tzf "$tarball" | wc -l) files" >&2

echo "[package] publint" >&2
publint run "$tarball" --level suggestion | tee "$out/publint.log"
grep -q '^All good!' "$out/publint.log" || { echo "publint: not clean (above)" >&2; exit 1; }

echo "[package] attw --profile esm-only" >&2
attw "$tarball" --profile esm-only --format table-flipped

for report in magisterium-a2a liturgy differences; do
  echo "[package] API report api/$report.api.md" >&2
  if [ "$update" = --update ]; then
    api-extractor run --local -c "api/$report.api-extractor.json"
  elif ! api-extractor run -c "api/$report.api-extractor.json"; then
    echo "The public API changed: review 'diff api/$report.api.md $out/api/$report.api.md'," >&2
    echo "then run scripts/check-package.sh --update and add a changeset (docs/releasing.md)." >&2
    exit 1
  fi
done

echo "[package] actionlint .github/workflows/" >&2
node scripts/lint-workflows.mjs
