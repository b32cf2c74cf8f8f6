// The recipes of docs/bundlers.md, built as a new user would: for each bundler, the page's files and
// that bundler's own files are written from the doc's blocks into a fresh folder with the package
// installed (pkg/ as node_modules/magisterium-a2a), the doc's build command runs, and the output,
// served as a static host would serve it on the Worker's origin, must show a real answer in
// headless Chromium. And the problem the esbuild recipe solves: esbuild without it leaves the page
// with a 404 for the .wasm.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { consumerDir, root, writeFile, AGENT_URL } from "./helpers.mjs";
import { blocks, fileName, where } from "./docs-blocks.mjs";
import { launchBrowser, routeFolder } from "./page-helpers.mjs";
import { MagisteriumClient } from "../../pkg/node.js";

const BUNDLERS = ["vite", "webpack", "esbuild"];
const recipe = blocks().filter((b) => b.doc === "docs/bundlers.md");
/** The files of the page every bundler builds. */
const PAGE = ["index.html", "main.js"];
const fileBlock = (name) => recipe.find((b) => fileName(b) === name);

/** A folder with the package installed and the page's files plus the bundler's own (a file name holding its name). */
function project(bundler) {
  const dir = consumerDir(`bundler-${bundler}`);
  writeFile(dir, "package.json", JSON.stringify({ name: `with-${bundler}`, private: true, type: "module" }));
  const files = recipe.filter((b) => fileName(b) && (PAGE.includes(fileName(b)) || fileName(b).includes(bundler)));
  for (const b of files) writeFile(dir, fileName(b), b.code);
  return dir;
}

/** Runs a shell command of the doc in `dir`, with the repository's dev tools on the PATH. */
function build(dir, command) {
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

describe("docs/bundlers.md: each recipe builds a page that works in Chromium", () => {
  let browser;
  /** What the page must show: the first result's title, as the stand-in answers the page's search. */
  let expected;
  before(async () => {
    browser = await launchBrowser();
    expected = (await new MagisteriumClient({ endpoint: `${AGENT_URL}/api/v1/a2a` }).documentSearch("just wage")).results[0].title;
  });
  after(() => browser?.close());

  /** Opens the built page; resolves to { answer, served, errors }. */
  async function open(dist, { wait = 15_000 } = {}) {
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

  test("the doc has the page, each bundler's build command, and the files they name", () => {
    for (const name of PAGE) assert.ok(fileBlock(name), `docs/bundlers.md: a block for ${name}`);
    for (const bundler of BUNDLERS) {
      const command = recipe.filter((b) => b.lang === "sh" && b.words[0] === bundler);
      assert.equal(command.length, 1, `one build command for ${bundler}`);
    }
  });

  for (const bundler of BUNDLERS) {
    test(`${bundler}: the production build shows a search result`, async () => {
      const dir = project(bundler);
      const command = recipe.find((b) => b.lang === "sh" && b.words[0] === bundler);
      build(dir, command.code);
      const { answer, served, errors } = await open(path.join(dir, "dist"));
      const what = `${where(command)} (${bundler}): served ${JSON.stringify(served)}`;
      assert.deepEqual(errors, [], what);
      assert.ok(served.some((s) => s.path.endsWith(".wasm") && s.status === 200), `${what}: the .wasm was served`);
      assert.ok(served.every((s) => s.status === 200), `${what}: nothing missing`);
      assert.equal(answer, expected, `${what}: the first result's title`);
    });
  }

  test("esbuild without the recipe: the page asks for a .wasm that is not there (why the recipe exists)", async () => {
    const dir = project("esbuild");
    build(dir, "npx esbuild main.js --bundle --format=esm --outfile=dist/main.js && cp index.html dist/");
    const { answer, served } = await open(path.join(dir, "dist"), { wait: 3_000 });
    assert.deepEqual(served.filter((s) => s.status === 404).map((s) => path.basename(s.path)), ["magisterium_a2a_bg.wasm"]);
    assert.equal(answer, "…", "no answer");
  });
});
