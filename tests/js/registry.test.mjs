// The package as a new user gets it: pkg/ packed, published to a registry on loopback (verdaccio,
// tests/js/registry.mjs), and installed BY NAME (`npm install magisterium-a2a`) into a fresh folder
// outside the repository, where nothing but the installed package can be resolved. Then the
// README's and docs/bundlers.md's recipes run on it: the README's Node and Worker blocks in Node,
// its Worker blocks in workerd (wrangler dev), the Vite, webpack and esbuild builds in Chromium,
// and `tsc --strict` over files that use every public type (tests/types/) and over the recipes.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { AGENT_URL, port, root, writeFile } from "./helpers.mjs";
import { blocks, fileName, where } from "./docs-blocks.mjs";
import { launchBrowser } from "./page-helpers.mjs";
import { runInPage } from "./snippet-browser.mjs";
import { runSnippet, serveWorkerSnippets } from "./snippet-run.mjs";
import { BUNDLERS, assertRecipeWorks, recipe, writeRecipe } from "./bundler-recipes.mjs";
import { installedManifest, packPackage, startRegistry } from "./registry.mjs";

/** The bundlers' packages and commands, as a user's project has them installed (devDependencies):
 *  linked from the repository's node_modules, which `npx` in the recipes then finds. */
const TOOLS = { vite: ["vite"], webpack: ["webpack", "webpack-cli"], esbuild: ["esbuild"] };
function linkTools(dir, names) {
  mkdirSync(path.join(dir, "node_modules", ".bin"), { recursive: true });
  for (const name of names) {
    symlinkSync(path.join(root, "node_modules", name), path.join(dir, "node_modules", name), "dir");
    symlinkSync(path.join(root, "node_modules", ".bin", name), path.join(dir, "node_modules", ".bin", name));
  }
}

const REGISTRY_PORT = port(18870);
const WORKERD_PORT = port(18871);
/** The README's blocks that use the package (not those of other clients, e.g. MCP's). */
const readme = blocks().filter((b) => b.doc === "README.md" && b.lang === "js" && !fileName(b) && /from "magisterium-a2a/.test(b.code));
const version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version;

let registry;
/** The fresh folder with the package installed by name: the user's project. */
let home;
before(async () => {
  registry = await startRegistry(REGISTRY_PORT);
  home = mkdtempSync(path.join(os.tmpdir(), "installed-by-name-"));
  const tarball = packPackage(home);
  registry.npm(["publish", tarball], home);
  rmSync(tarball);
  writeFile(home, "package.json", JSON.stringify({ name: "a-new-user", private: true, type: "module" }));
  registry.npm(["install", "magisterium-a2a"], home);
});
after(() => {
  registry?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

test("npm install magisterium-a2a installs this version from the loopback registry, a real folder", () => {
  const lock = JSON.parse(readFileSync(path.join(home, "package-lock.json"), "utf8"));
  const entry = lock.packages["node_modules/magisterium-a2a"];
  assert.equal(entry.version, version);
  assert.ok(entry.resolved.startsWith(registry.url), `resolved from ${entry.resolved}`);
  assert.match(entry.integrity, /^sha512-/);
  assert.equal(installedManifest(home).version, version);
  assert.ok(lstatSync(path.join(home, "node_modules", "magisterium-a2a")).isDirectory(), "not a link to pkg/");
  // Nothing above the folder could lend a module: the repository's node_modules is not an ancestor.
  for (let dir = path.dirname(home); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    assert.ok(!existsSync(path.join(dir, "node_modules")), `${dir}/node_modules would be resolved too`);
  }
  const dependencies = JSON.parse(readFileSync(path.join(home, "package.json"), "utf8")).dependencies;
  assert.deepEqual(Object.keys(dependencies), ["magisterium-a2a"]);
});

test("npx magisterium-a2a check, the installed package's command, against the stand-in: exit 0", () => {
  const report = path.join(home, "check-report.json");
  const out = execFileSync("npx", ["--no-install", "magisterium-a2a", "check", "--endpoint", `${AGENT_URL}/api/v1/a2a`, "--report", report], {
    cwd: home, encoding: "utf8", env: { ...process.env, MAGISTERIUM_TOKEN: "registry-test-token" }, stdio: ["ignore", "pipe", "pipe"],
  });
  assert.match(out, /^catholic_qa\s+as documented$/m); // the stand-in answers as documented (bin/check.js)
  assert.equal(JSON.parse(readFileSync(report, "utf8")).sdkVersion, version);
});

describe("the README's blocks on the installed package", () => {
  const inNode = readme.filter((b) => b.words[0] === "node" || b.words[0] === "worker");
  test("the README has a Node, a Worker and a browser block", () => {
    for (const runtime of ["node", "worker", "browser"]) assert.ok(readme.some((b) => b.words[0] === runtime), runtime);
  });

  for (const [i, b] of inNode.entries()) {
    test(`${where(b)} (${b.words[0]}) in Node`, async () => {
      const run = await runSnippet(writeFile(home, `readme-${i}.mjs`, b.code), b.words[0]);
      const what = `${where(b)}:\n${b.code}\n${run.stderr}`;
      assert.equal(run.code, 0, what);
      assert.equal(run.stderr, "", what);
      assert.ok(run.exchanges.length >= 1, `${what}: reached the agent`);
      for (const x of run.exchanges) assert.equal(x.status, 200, `${what}: ${x.url} → ${x.status}`);
    });
  }

  test("the Worker blocks, bundled by wrangler from the installed package, in workerd", async (t) => {
    const workerd = path.join(home, "workerd");
    mkdirSync(workerd);
    const snippets = readme.filter((b) => b.words[0] === "worker").map((b, i) => ({ name: `readme-${i}`, code: b.code, block: b }));
    const server = await serveWorkerSnippets(workerd, snippets, WORKERD_PORT);
    t.after(() => server.stop());
    for (const { name, block } of snippets) {
      const res = await fetch(`http://127.0.0.1:${WORKERD_PORT}/${name}`);
      const text = await res.text();
      assert.equal(res.status, 200, `${where(block)}:\n${text}\n${server.log().slice(-2000)}`);
      assert.doesNotThrow(() => JSON.parse(text), `${where(block)}: ${text}`);
    }
  });
});

describe("in Chromium: the README's browser block and docs/bundlers.md's recipes on the installed package", () => {
  let browser;
  let expected;
  before(async () => {
    browser = await launchBrowser();
    // The page's search, answered by the stand-in: through the installed package's Node entry.
    const probe = writeFile(home, "expected.mjs", `import { MagisteriumClient } from "magisterium-a2a";
const { results } = await new MagisteriumClient({ endpoint: process.argv[2] }).documentSearch("just wage");
process.stdout.write(results[0].title);\n`);
    expected = execFileSync(process.execPath, [probe, `${AGENT_URL}/api/v1/a2a`], { cwd: home, encoding: "utf8" });
  });
  after(() => browser?.close());

  test("the README's browser block, the installed package served as it is (an import map)", async () => {
    const site = path.join(home, "page");
    mkdirSync(site);
    symlinkSync(path.join(home, "node_modules"), path.join(site, "node_modules"), "dir");
    for (const b of readme.filter((b) => b.words[0] === "browser")) {
      const imports = { "magisterium-a2a": "/node_modules/magisterium-a2a/index.js" };
      const { errors, logs, exchanges } = await runInPage(browser, site, b.code, imports).catch((e) => assert.fail(`${where(b)}: ${e.message}`));
      assert.deepEqual(errors, [], where(b));
      assert.ok(logs.length >= 1, `${where(b)}: logs its result`);
      assert.ok(exchanges.length >= 1 && exchanges.every((s) => s === 200), `${where(b)}: statuses ${exchanges}`);
    }
  });

  for (const bundler of BUNDLERS) {
    test(`${bundler}: the production build shows a search result`, async () => {
      const dir = path.join(home, bundler);
      linkTools(dir, TOOLS[bundler]);
      await assertRecipeWorks(browser, writeRecipe(dir, bundler), bundler, expected);
    });
  }
});

test("tsc --strict: every public type in use, and the recipes (the .wasm imports typed)", () => {
  const types = path.join(home, "types");
  mkdirSync(types);
  const specifier = { "../../pkg/index.js": "magisterium-a2a", "../../pkg/liturgy/index.js": "magisterium-a2a/liturgy", "../../pkg/differences/index.js": "magisterium-a2a/differences" };
  const sources = ["usage.ts", "every-export.ts", "liturgy.ts"].map((f) => readFileSync(path.join(root, "tests", "types", f), "utf8"));
  sources.forEach((text, i) => writeFile(types, `use-${i}.ts`, text.replace(/from "(\.\.\/\.\.\/pkg\/[^"]+)"/g, (m, p) => `from "${specifier[p] ?? p}"`)));
  // Every name the API reports list is used by those files.
  const used = sources.join("\n");
  for (const report of ["magisterium-a2a", "liturgy", "differences"]) {
    const text = readFileSync(path.join(root, "api", `${report}.api.md`), "utf8");
    for (const [, name] of text.matchAll(/^export (?:declare )?(?:class|interface|type|function|const) ([A-Za-z_$][\w$]*)/gm)) {
      assert.match(used, new RegExp(`\\b${name.replace("$", "\\$")}\\b`), `api/${report}.api.md: ${name} is used by no file of tests/types/`);
    }
  }
  for (const b of recipe.filter((b) => b.lang === "js" && b.words[0] === "browser")) writeFile(types, fileName(b), b.code);
  writeFile(types, "package.json", JSON.stringify({ type: "module" }));
  const compilerOptions = { strict: true, noEmit: true, skipLibCheck: false, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", lib: ["ES2022", "DOM"], types: [], allowJs: true, checkJs: true };
  // Node's resolution (the `node` condition) for the files of tests/types/; a bundler's (the
  // default condition: the browser entry) for them and the recipes, which are browser code.
  const configs = [["tsconfig.json", {}, ["*.ts"]], ["tsconfig.bundler.json", { module: "ESNext", moduleResolution: "Bundler" }, ["*.ts", "*.js"]]];
  for (const [name, extra, include] of configs) {
    writeFile(types, name, JSON.stringify({ compilerOptions: { ...compilerOptions, ...extra }, include }));
    try {
      execFileSync(path.join(root, "node_modules", ".bin", "tsc"), ["-p", name], { cwd: types, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (e) {
      assert.fail(`tsc -p ${name} in ${types}:\n${e.stdout}${e.stderr}`);
    }
  }
});
