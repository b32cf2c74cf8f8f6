// Every code block of README.md and docs/*.md that shows use of the package runs, unchanged, against
// the stand-in agent: `js node` blocks in Node, `js worker` blocks in Node and in workerd (wrangler
// dev, the package's workerd entry), `js browser` blocks as a module script of a page in headless
// Chromium on the Worker's origin (the package mapped by an import map, as a CDN user would load
// it). The blocks that are files of a bundler recipe (docs/bundlers.md) are built and run by
// tests/js/bundlers.test.mjs.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { consumerDir, port, root, writeFile } from "./helpers.mjs";
import { RUNTIMES, blocks, fileName, where } from "./docs-blocks.mjs";
import { launchBrowser } from "./page-helpers.mjs";
import { runInPage } from "./snippet-browser.mjs";
import { runSnippet, serveWorkerSnippets } from "./snippet-run.mjs";

/** Placeholder origins the docs use for the reader's own deployment (or scripts/demo.sh's): they reach the stand-in. */
const PLACEHOLDERS = ["https://your-app.example", "http://127.0.0.1:8787"];
const WORKERD_PORT = port(18814);

const all = blocks();
const runnable = (runtime) => all.filter((b) => b.lang === "js" && b.words[0] === runtime && !fileName(b));
/** Blocks that talk to the agent (the calendar's do not). */
const calls = (b) => /MagisteriumClient|ClientFactory|fetch\(/.test(b.code);

const dir = consumerDir("docs-snippets");
// The docs' A2A 1.0 example uses the official client as users install it.
mkdirSync(path.join(dir, "node_modules", "@a2a-js"));
symlinkSync(path.join(root, "node_modules", "a2a-js-sdk-1"), path.join(dir, "node_modules", "@a2a-js", "sdk"), "dir");

test("every js block names its runtime; only bundler recipes name a file", () => {
  const js = all.filter((b) => b.lang === "js");
  assert.ok(js.length >= 10, `js blocks found: ${js.length}`);
  for (const b of js) {
    assert.ok(RUNTIMES.includes(b.words[0]), `${where(b)}: the fence names browser, worker or node, not ${JSON.stringify(b.words)}`);
  }
  for (const b of all.filter(fileName)) {
    assert.equal(b.doc, "docs/bundlers.md", `${where(b)}: a file name in the fence`);
  }
  for (const runtime of RUNTIMES) assert.ok(runnable(runtime).length >= 1, `a ${runtime} block to run`);
});

describe("js node and js worker blocks, in Node", () => {
  for (const [i, b] of [...runnable("node"), ...runnable("worker")].entries()) {
    test(`${where(b)} (${b.words[0]})`, async () => {
      const file = writeFile(dir, `block-${i}.mjs`, b.code);
      const run = await runSnippet(file, b.words[0], { origins: PLACEHOLDERS });
      const what = `${where(b)}:\n${b.code}\n${run.stderr}`;
      assert.equal(run.code, 0, what);
      assert.equal(run.stderr, "", what);
      assert.ok(run.stdout.trim().length > 0, `${what}: prints or answers something`);
      if (calls(b)) {
        assert.ok(run.exchanges.length >= 1, `${what}: reached the agent`);
        for (const x of run.exchanges) assert.equal(x.status, 200, `${what}: ${x.url} → ${x.status} ${x.response}`);
      }
      if (b.words[0] === "worker") assert.doesNotThrow(() => JSON.parse(run.stdout), `${what}: the Worker answers JSON`);
    });
  }
});

describe("js worker blocks, in workerd", () => {
  test("each block, bundled by wrangler with the package's workerd entry, answers 200 with JSON", async (t) => {
    const snippets = runnable("worker").map((b, i) => ({ name: `block-${i}`, code: b.code, block: b }));
    const server = await serveWorkerSnippets(consumerDir("docs-snippets-workerd"), snippets, WORKERD_PORT);
    t.after(() => server.stop());
    for (const { name, block } of snippets) {
      const res = await fetch(`http://127.0.0.1:${WORKERD_PORT}/${name}`);
      const text = await res.text();
      assert.equal(res.status, 200, `${where(block)}:\n${block.code}\n${text}\n${server.log().slice(-2000)}`);
      assert.doesNotThrow(() => JSON.parse(text), `${where(block)}: ${text}`);
    }
  });
});

describe("js browser blocks, in Chromium", () => {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(() => browser?.close());

  for (const [i, b] of runnable("browser").entries()) {
    test(where(b), async () => {
      const site = consumerDir(`docs-browser-${i}`);
      symlinkSync(path.join(root, "pkg"), path.join(site, "pkg"), "dir");
      const imports = { "magisterium-a2a": "/pkg/index.js", "magisterium-a2a/liturgy": "/pkg/liturgy/index.js" };
      const { errors, logs, exchanges } = await runInPage(browser, site, b.code, imports).catch((e) => assert.fail(`${where(b)}: ${e.message}`));
      const what = `${where(b)}:\n${b.code}`;
      assert.deepEqual(errors, [], what);
      assert.ok(logs.length >= 1, `${what}: logs its result`);
      if (calls(b)) {
        assert.ok(exchanges.length >= 1, `${what}: reached the agent`);
        assert.ok(exchanges.every((s) => s === 200), `${what}: statuses ${exchanges}`);
      }
    });
  }
});
