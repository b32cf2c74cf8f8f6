// The release machinery of docs/releasing.md, exercised without publishing: changesets turns a
// changeset into the next version and a CHANGELOG.md entry (in a scratch copy), the built package
// carries that version, and the release workflow runs the test command and publishes the tarball
// scripts/check-package.sh checked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "./helpers.mjs";

const read = (...p) => readFileSync(path.join(root, ...p), "utf8");

test("npx changeset version: a minor changeset bumps package.json and heads CHANGELOG.md", (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "changesets-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const f of ["package.json", "CHANGELOG.md", ".changeset"]) cpSync(path.join(root, f), path.join(dir, f), { recursive: true });
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  writeFileSync(path.join(dir, ".changeset", "release-test.md"), '---\n"magisterium-a2a": minor\n---\n\nA change users notice.\n');
  // Another pending changeset that sorts before it: the entry lists both, in the order of their names.
  writeFileSync(path.join(dir, ".changeset", "a-first.md"), '---\n"magisterium-a2a": minor\n---\n\nAn earlier change.\n');
  const before = JSON.parse(read("package.json")).version;
  execFileSync(path.join(root, "node_modules", ".bin", "changeset"), ["version"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  const after = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).version;
  const [major, minor] = before.split(".").map(Number);
  assert.equal(after, major === 0 ? `0.${minor + 1}.0` : `${major}.${minor + 1}.0`);
  const changelog = readFileSync(path.join(dir, "CHANGELOG.md"), "utf8");
  assert.ok(changelog.indexOf(`## ${after}`) < changelog.indexOf(`## ${before}`), "the new entry first");
  // The new version's entry: its Minor Changes list every pending changeset, ours among them.
  const entry = changelog.slice(changelog.indexOf(`## ${after}`), changelog.indexOf(`## ${before}`));
  assert.match(entry, /^## [^\n]+\n\n### Minor Changes\n\n(?:- [^\n]*\n+)*- A change users notice\./);
});

test("pkg/ is the repository's package.json name and version (scripts/package.mjs)", () => {
  const release = JSON.parse(read("package.json"));
  const built = JSON.parse(read("pkg", "package.json"));
  assert.equal(release.private, true, "the repository root is never published itself");
  assert.deepEqual([built.name, built.version], [release.name, release.version]);
});

test("the release workflow: the test command, then the tarball it checked, with provenance", () => {
  const workflow = read(".github", "workflows", "release.yml");
  const runs = [...workflow.matchAll(/^\s+run: (.+)$/gm)].map((m) => m[1]);
  assert.ok(runs.includes("bash .ci/run"), `runs the test command: ${runs}`);
  assert.match(read(".ci", "run"), /exec scripts\/test\.sh/);
  assert.match(read("scripts", "test.sh"), /^scripts\/check-package\.sh$/m, "the test command packs and checks the tarball");
  const publish = runs.find((r) => r.startsWith("npm publish"));
  assert.ok(publish?.includes("--provenance"), publish);
  // The path it publishes is the one scripts/check-package.sh packs to.
  assert.match(publish, /"test-output\/package\/magisterium-a2a-\$\(node -p 'require\("\.\/package\.json"\)\.version'\)\.tgz"/);
  assert.match(read("scripts", "check-package.sh"), /^out=test-output\/package$/m);
  assert.match(read("scripts", "check-package.sh"), /^tarball=\$out\/magisterium-a2a-\$version\.tgz$/m);
  assert.match(workflow, /id-token: write/);
});
