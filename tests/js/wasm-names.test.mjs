// The short names scripts/package.mjs gives the SDK's .wasm imports and exports
// (scripts/wasm-names.mjs): a hand-made module renamed and instantiated with the renamed glue's
// imports, and the published pkg/ and the Workers' packages (dist/pkg-proxy, dist/pkg-worker,
// scripts/build.sh) checked for what the step promises.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { shortenExportTypes, shortenGlueNames, shortenWasmNames } from "../../scripts/wasm-names.mjs";

const GLUE = "./m_bg.js";
const name = (s) => [s.length, ...new TextEncoder().encode(s)];
const section = (id, bytes) => [id, bytes.length, ...bytes];

/** A module importing two functions from the glue and one from a snippet, exporting its memory
 *  and a function (`run`: its name) that calls the three in order. */
function module(run = "wasm_bindgen__run_h0123456789abcdef") {
  const imports = [
    [GLUE, "__wbg_first_0123456789abcdef"],
    ["./snippets/x/runtime.js", "keepMe"],
    [GLUE, "__wbindgen_second_fedcba9876543210"],
  ];
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 0, 0]), // one type: () -> ()
    ...section(2, [imports.length, ...imports.flatMap(([m, f]) => [...name(m), ...name(f), 0x00, 0])]),
    ...section(3, [1, 0]), // one function of type 0
    ...section(5, [1, 0x00, 1]), // one memory, one page
    ...section(7, [2, ...name("memory"), 0x02, 0, ...name(run), 0x00, 3]),
    ...section(10, [1, ...[8, 0, 0x10, 0, 0x10, 1, 0x10, 2, 0x0b]]), // call 0, 1, 2; end
  ]);
}

const glue = `function imports(){return{__proto__:null,"${GLUE}":{__proto__:null,__wbg_first_0123456789abcdef:function(){calls.push("first")},__wbindgen_second_fedcba9876543210:function(){calls.push("second")}},"./snippets/x/runtime.js":snippet}}
function run(wasm){wasm.wasm_bindgen__run_h0123456789abcdef();return wasm.memory}`;

test("the glue's imports and exports get short names in the .wasm and the glue alike; memory and a snippet's imports keep theirs", async () => {
  const short = shortenWasmNames(module(), GLUE);
  const renamed = new WebAssembly.Module(short.wasm);
  assert.deepEqual(
    WebAssembly.Module.imports(renamed).map((i) => [i.module, i.name]),
    [["w", "a"], ["./snippets/x/runtime.js", "keepMe"], ["w", "b"]],
  );
  assert.deepEqual(WebAssembly.Module.exports(renamed).map((e) => e.name), ["memory", "a"]);

  const js = shortenGlueNames(glue, GLUE, short);
  assert.doesNotMatch(js, /_[0-9a-f]{16}/);
  const calls = [];
  const snippet = { keepMe: () => calls.push("snippet") };
  const made = new Function("calls", "snippet", `${js}; return { imports: imports(), run };`)(calls, snippet);
  const { instance } = await WebAssembly.instantiate(short.wasm, made.imports);
  assert.ok(made.run(instance.exports) instanceof WebAssembly.Memory);
  assert.deepEqual(calls, ["first", "snippet", "second"]);

  const dts = "export const memory: WebAssembly.Memory;\nexport const wasm_bindgen__run_h0123456789abcdef: () => void;\n";
  assert.equal(shortenExportTypes(dts, short), "export const memory: WebAssembly.Memory;\nexport const a: () => void;\n");

  // Renaming what is already renamed changes nothing.
  const again = shortenWasmNames(short.wasm, GLUE);
  assert.deepEqual(again.wasm, short.wasm);
  assert.equal(shortenGlueNames(js, GLUE, again), js);
});

test("a glue that does not have an import's key fails the step instead of shipping a broken package", () => {
  const short = shortenWasmNames(module(), GLUE);
  assert.throws(() => shortenGlueNames(glue.replace("__wbg_first_0123456789abcdef:", "other:"), GLUE, short), /__wbg_first_0123456789abcdef found 0 times/);
});

test("pkg/: no hashed import or export name is left; memory is exported; the .d.ts names what the .wasm exports", () => {
  const pkg = new URL("../../pkg/", import.meta.url);
  const wasm = new WebAssembly.Module(readFileSync(new URL("magisterium_a2a_bg.wasm", pkg)));
  for (const { module: from, name: field } of WebAssembly.Module.imports(wasm)) {
    if (!from.startsWith("./snippets/")) assert.ok(from === "w" && field.length <= 2, `${from} ${field}`);
  }
  const exports = WebAssembly.Module.exports(wasm).map((e) => e.name);
  assert.ok(exports.includes("memory"));
  for (const e of exports) assert.ok(e === "memory" || e.length <= 2, e);
  assert.doesNotMatch(readFileSync(new URL("magisterium_a2a.js", pkg), "utf8"), /__wbg_\w+_[0-9a-f]{16}/);
  const typed = [...readFileSync(new URL("magisterium_a2a_bg.wasm.d.ts", pkg), "utf8").matchAll(/export const (\w+):/g)].map((m) => m[1]);
  assert.ok(typed.length > 0);
  for (const t of typed) assert.ok(exports.includes(t), t);
});

test("with the glue's exports object named (the Workers' glue, not minified), only its members are renamed: an import's `request.fetch` keeps its name", async () => {
  const short = shortenWasmNames(module("fetch"), GLUE);
  const workerGlue = `function imports(){return{__proto__:null,"${GLUE}":{__proto__:null,__wbg_first_0123456789abcdef:function(){calls.push(request.fetch())},__wbindgen_second_fedcba9876543210:function(){calls.push("second")}},"./snippets/x/runtime.js":snippet}}
function run(exports){wasm=exports;wasm.fetch();return wasm.memory}`;
  const js = shortenGlueNames(workerGlue, GLUE, short, { exportsObject: "wasm" });
  assert.match(js, /request\.fetch\(\)/);
  assert.match(js, /wasm\.a\(\)/);
  const calls = [];
  const request = { fetch: () => "request.fetch" };
  const snippet = { keepMe: () => calls.push("snippet") };
  const made = new Function("calls", "snippet", "request", `let wasm; ${js}; return { imports: imports(), run };`)(calls, snippet, request);
  const { instance } = await WebAssembly.instantiate(short.wasm, made.imports);
  assert.ok(made.run(instance.exports) instanceof WebAssembly.Memory);
  assert.deepEqual(calls, ["request.fetch", "snippet", "second"]);
  // Without it, `request.fetch` would be renamed too: the option is what keeps it.
  assert.doesNotMatch(shortenGlueNames(workerGlue, GLUE, short), /request\.fetch/);
});

/** What scripts/build.sh promises of a Worker package in dist/ (`dir`): short names in its .wasm,
 *  and the glue, instantiated from it, still exporting every name crates/worker/entry.js imports. */
async function checkWorkerPackage(dir) {
  const pkg = new URL(`../../dist/${dir}/`, import.meta.url);
  const bytes = readFileSync(new URL("magisterium_worker_bg.wasm", pkg));
  const wasm = new WebAssembly.Module(bytes);
  for (const { module: from, name: field } of WebAssembly.Module.imports(wasm)) {
    if (!from.startsWith("./snippets/")) assert.ok(from === "w" && field.length <= 2, `${from} ${field}`);
  }
  for (const e of WebAssembly.Module.exports(wasm).map((x) => x.name)) assert.ok(e === "memory" || e.length <= 2, e);
  const glue = await import(fileURLToPath(new URL("magisterium_worker.js", pkg)));
  glue.initSync({ module: bytes });
  const entry = readFileSync(new URL("../../crates/worker/entry.js", import.meta.url), "utf8");
  const used = entry.match(/import \{([^}]*)\} from "magisterium-worker"/)?.[1].split(",").map((n) => n.trim());
  assert.ok(used?.length > 0, "entry.js imports from magisterium-worker");
  for (const n of used) assert.equal(typeof glue[n], "function", `${dir}: ${n}`);
  assert.equal(typeof glue.authSettings({}), "object");
}

test("dist/pkg-proxy (the proxy alone): short names; every name the entry imports is there and the glue runs", () => checkWorkerPackage("pkg-proxy"));
test("dist/pkg-worker (the demo's Worker): the same", () => checkWorkerPackage("pkg-worker"));
