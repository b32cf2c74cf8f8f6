// Turns wasm-pack's pkg/ into the npm package: entries for browsers (init() first), workerd (the
// .wasm imported statically, initialised synchronously) and Node (read from disk), `exports`
// conditions, a .d.ts with no `any` in it, and the JavaScript minified (what a page loads without a
// bundler is what we measure; the documentation lives in the .d.ts).
import { copyFileSync, cpSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { packageEntry } from "./package-entry.mjs";
import { folder, minifyInPlace, typeInitOutput, wasmExport } from "./package-wasm.mjs";
import { shortenPackageNames } from "./wasm-names.mjs";

const pkg = new URL("../pkg/", import.meta.url);
const files = folder(pkg);
const { read, write } = files;

const snippetDir = readdirSync(new URL("snippets/", pkg))[0];
const runtime = `./snippets/${snippetDir}/runtime.js`;

// The generated glue and runtime.js, minified (the glue keeps only its class's name); the .d.ts
// without `any`.
await minifyInPlace(files, [{ file: "magisterium_a2a.js", classes: ["MagisteriumClient"] }, runtime.slice(2)]);
typeInitOutput(files, "magisterium_a2a.d.ts");
// The .wasm's imports from the glue and its exports but `memory` get short names, in the .wasm, the
// glue and the .wasm's .d.ts (scripts/wasm-names.mjs).
shortenPackageNames(fileURLToPath(pkg), "magisterium_a2a");

const errorClass = `
/** The class of every rejection of the SDK (\`instanceof\` works across copies of the package). */
export declare class MagisteriumError extends Error {
  constructor(message: string, init: { kind: ErrorKind; code?: number; status?: number; retryAfterMs?: number; data?: unknown; taskId?: string; cause?: unknown });
  readonly name: "MagisteriumError";
  kind: ErrorKind;
  code?: number;
  status?: number;
  retryAfterMs?: number;
  data?: unknown;
  taskId?: string;
}
`;
const reexports = `export * from "./magisterium_a2a.js";\nexport { MagisteriumError } from "${runtime}";\n`;
const dtsImports = `import type { ErrorKind } from "./magisterium_a2a.js";\nexport * from "./magisterium_a2a.js";\n`;

write("index.js", `// Browsers and bundlers: call the default export (init) once, then use the client.\nexport { default, initSync } from "./magisterium_a2a.js";\n${reexports}`);
write("index.d.ts", `${dtsImports}export { default, initSync } from "./magisterium_a2a.js";\n${errorClass}`);

write("workerd.js", `// Cloudflare Workers: the .wasm is imported statically (Workers refuse to compile wasm from bytes).
import { initSync } from "./magisterium_a2a.js";
import wasm from "./magisterium_a2a_bg.wasm";
initSync({ module: wasm });
/** Already initialised; kept so code written for browsers runs unchanged. */
export default async function init() {}
export { initSync };
${reexports}`);
write("node.js", `// Node.js 20+: the .wasm is read from disk and initialised synchronously.
import { readFileSync } from "node:fs";
import { initSync } from "./magisterium_a2a.js";
initSync({ module: readFileSync(new URL("./magisterium_a2a_bg.wasm", import.meta.url)) });
/** Already initialised; kept so code written for browsers runs unchanged. */
export default async function init() {}
export { initSync };
${reexports}`);
const initless = `${dtsImports}export { initSync } from "./magisterium_a2a.js";\n/** Already initialised: a no-op. */\nexport default function init(): Promise<void>;\n${errorClass}`;
write("workerd.d.ts", initless);
write("node.d.ts", initless);

// The command `npx magisterium-a2a check` (bin/, docs/check.md), on the Node entry.
cpSync(new URL("../bin/", import.meta.url), new URL("bin/", pkg), { recursive: true });

// The licence package.json declares ("MIT OR Apache-2.0") ships with it.
const licences = ["LICENSE-MIT", "LICENSE-APACHE"];
for (const file of licences) copyFileSync(new URL(`../${file}`, import.meta.url), new URL(file, pkg));

// The name and version are the repository's package.json (changesets versions it:
// docs/releasing.md), not the Rust crate's that wasm-pack wrote.
const meta = JSON.parse(read("package.json"));
const release = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const out = {
  name: release.name,
  version: release.version,
  description: meta.description,
  license: meta.license,
  repository: { type: "git", url: `git+${meta.repository.url}.git` },
  keywords: meta.keywords,
  type: "module",
  files: ["index.js", "index.d.ts", "workerd.js", "workerd.d.ts", "node.js", "node.d.ts", "magisterium_a2a.js", "magisterium_a2a.d.ts", "magisterium_a2a_bg.wasm", "magisterium_a2a_bg.wasm.d.ts", "wasm-url.d.ts", "wasm-module.d.ts", "snippets/", "bin/", ...licences],
  bin: { "magisterium-a2a": "./bin/magisterium-a2a.js" },
  main: "./index.js",
  types: "./index.d.ts",
  exports: {
    ".": {
      workerd: { types: "./workerd.d.ts", default: "./workerd.js" },
      node: { types: "./node.d.ts", default: "./node.js" },
      browser: { types: "./index.d.ts", default: "./index.js" },
      default: { types: "./index.d.ts", default: "./index.js" },
    },
    "./magisterium_a2a_bg.wasm": wasmExport(files, "", "magisterium_a2a_bg.wasm"),
    "./package.json": "./package.json",
  },
  sideEffects: ["./workerd.js", "./node.js"],
  engines: { node: ">=20" },
};
// The secondary entries, each its own wasm (scripts/package-entry.mjs): the offline calendar,
// `magisterium-a2a/liturgy`, and how an answer differs from the documentation,
// `magisterium-a2a/differences` (the check's API).
for (const entry of [
  { name: "liturgy", functions: ["liturgicalCalendars", "liturgicalDay", "liturgicalYear", "liturgicalYearIcs"], errors: true, locales: true, note: "Browsers and bundlers: call the default export (init) once, then use the calendar (`await liturgicalLocale(code)` before asking in a language other than English, and `await loadLectionary()` for the readings).", data: { file: "lectionary", load: "loadLectionary", use: "useLectionary", doc: "Loads the Lectionary's references for `liturgicalDay(date).readings`: in a browser its file is fetched the first time (later calls wait for the same load); in Node and workerd it is there already." } },
  { name: "differences", functions: ["responseDifferences"], errors: false, note: "Browsers and bundlers: call the default export (init) once." },
]) {
  const packaged = await packageEntry(entry);
  out.files.push(...packaged.files);
  Object.assign(out.exports, packaged.exports);
  out.sideEffects.push(...packaged.sideEffects);
}
write("package.json", JSON.stringify(out, null, 2) + "\n");
console.error("[package] pkg/ entries: index.js (browser), workerd.js, node.js");
