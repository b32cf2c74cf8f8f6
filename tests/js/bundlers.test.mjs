// The recipes of docs/bundlers.md, built as a new user would: for each bundler, the page's files and
// that bundler's own files are written from the doc's blocks into a fresh folder with the package
// installed (pkg/ as node_modules/magisterium-a2a), the doc's build command runs, and the output,
// served as a static host would serve it on the Worker's origin, must show a real answer in
// headless Chromium. And the problem the esbuild recipe solves: esbuild without it leaves the page
// with a 404 for the .wasm. (tests/js/registry.test.mjs runs the same recipes on the package
// installed by name from a registry.)
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { consumerDir, AGENT_URL } from "./helpers.mjs";
import { launchBrowser } from "./page-helpers.mjs";
import { BUNDLERS, PAGE, assertRecipeWorks, build, fileBlock, openBuilt, recipe, writeRecipe } from "./bundler-recipes.mjs";
import { MagisteriumClient } from "../../pkg/node.js";

const project = (bundler) => writeRecipe(consumerDir(`bundler-${bundler}`), bundler);

describe("docs/bundlers.md: each recipe builds a page that works in Chromium", () => {
  let browser;
  /** What the page must show: the first result's title, as the stand-in answers the page's search. */
  let expected;
  before(async () => {
    browser = await launchBrowser();
    expected = (await new MagisteriumClient({ endpoint: `${AGENT_URL}/api/v1/a2a` }).documentSearch("just wage")).results[0].title;
  });
  after(() => browser?.close());

  test("the doc has the page, each bundler's build command, and the files they name", () => {
    for (const name of PAGE) assert.ok(fileBlock(name), `docs/bundlers.md: a block for ${name}`);
    for (const bundler of BUNDLERS) {
      const command = recipe.filter((b) => b.lang === "sh" && b.words[0] === bundler);
      assert.equal(command.length, 1, `one build command for ${bundler}`);
    }
  });

  for (const bundler of BUNDLERS) {
    test(`${bundler}: the production build shows a search result`, async () => {
      await assertRecipeWorks(browser, project(bundler), bundler, expected);
    });
  }

  test("esbuild without the recipe: the page asks for a .wasm that is not there (why the recipe exists)", async () => {
    const dir = project("esbuild");
    build(dir, "npx esbuild main.js --bundle --format=esm --outfile=dist/main.js && cp index.html dist/");
    const { answer, served } = await openBuilt(browser, path.join(dir, "dist"), { wait: 3_000 });
    assert.deepEqual(served.filter((s) => s.status === 404).map((s) => path.basename(s.path)), ["magisterium_a2a_bg.wasm"]);
    assert.equal(answer, "…", "no answer");
  });
});
