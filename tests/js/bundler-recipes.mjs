// The recipes of docs/bundlers.md as a new user follows them, shared by tests/js/bundlers.test.mjs
// (the package as pkg/) and tests/js/registry.test.mjs (the package installed by name from a
// registry): the page's files and one bundler's written from the doc's blocks into a folder, the
// doc's build command run there, and the output opened in Chromium on the Worker's origin.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { AGENT_URL, root, writeFile } from "./helpers.mjs";
import { blocks, fileName, where } from "./docs-blocks.mjs";
import { routeFolder } from "./page-helpers.mjs";

export const BUNDLERS = ["vite", "webpack", "esbuild"];
export const recipe = blocks().filter((b) => b.doc === "docs/bundlers.md");
/** The files of the page every bundler builds. */
export const PAGE = ["index.html", "main.js"];
export const fileBlock = (name) => recipe.find((b) => fileName(b) === name);
/** The doc's build command of `bundler`. */
export const buildCommand = (bundler) => recipe.find((b) => b.lang === "sh" && b.words[0] === bundler);

/** Writes the page's files and `bundler`'s own (a file name holding its name) into `dir`, which has the package installed. */
export function writeRecipe(dir, bundler) {
  writeFile(dir, "package.json", JSON.stringify({ name: `with-${bundler}`, private: true, type: "module" }));
  const files = recipe.filter((b) => fileName(b) && (PAGE.includes(fileName(b)) || fileName(b).includes(bundler)));
  for (const b of files) writeFile(dir, fileName(b), b.code);
  return dir;
}

/** Runs a shell command of the doc in `dir`, with the repository's dev tools on the PATH. */
export function build(dir, command) {
  try {
    execFileSync("bash", ["-euo", "pipefail", "-c", command], {
      cwd: dir,
      env: { ...process.env, PATH: `${path.join(root, "node_modules", ".bin")}:${process.env.PATH}`, NO_UPDATE_NOTIFIER: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 120_000,
    });
  } catch (e) {
    throw new Error(`${command}\n${e.stdout}\n${e.stderr}`);
  }
}

/** Opens the built page `dist` in `browser` (launchBrowser()); resolves to { answer, served, errors }. */
export async function openBuilt(browser, dist, { wait = 15_000 } = {}) {
  const page = await browser.context.newPage();
  try {
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const served = await routeFolder(page, dist);
    await page.goto(`${AGENT_URL}/index.html`);
    await page.waitForFunction(() => document.querySelector("#answer")?.textContent !== "…", null, { timeout: wait }).catch(() => {});
    return { answer: await page.textContent("#answer"), served, errors };
  } finally {
    await page.close();
  }
}

/** Builds `bundler`'s recipe in `dir` (written by writeRecipe) and asserts that the page, in
 *  `browser`, loads its .wasm, misses nothing, logs no error and shows `expected`. */
export async function assertRecipeWorks(browser, dir, bundler, expected) {
  const command = buildCommand(bundler);
  build(dir, command.code);
  const { answer, served, errors } = await openBuilt(browser, path.join(dir, "dist"));
  const what = `${where(command)} (${bundler}) in ${dir}: served ${JSON.stringify(served)}`;
  assert.deepEqual(errors, [], what);
  assert.ok(served.some((s) => s.path.endsWith(".wasm") && s.status === 200), `${what}: the .wasm was served`);
  assert.ok(served.every((s) => s.status === 200), `${what}: nothing missing`);
  assert.equal(answer, expected, `${what}: the first result's title`);
}
