// The `magisterium-a2a/differences` entry: wasm-pack's dist/pkg-differences/ (crates/differences,
// its own wasm, so the client's download does not carry it) copied into pkg/differences/ with the
// same three entries as the main package — browsers (init() first), workerd (the .wasm imported
// statically) and Node (read from disk) — minified JS and a .d.ts with no `any`.
// scripts/package.mjs calls it and merges what it returns into pkg/'s package.json.
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { folder, minifyInPlace, typeInitOutput, wasmExport } from "./package-wasm.mjs";

export async function packageDifferences() {
  const src = new URL("../dist/pkg-differences/", import.meta.url);
  const out = new URL("../pkg/differences/", import.meta.url);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const f of ["differences.js", "differences.d.ts", "differences_bg.wasm", "differences_bg.wasm.d.ts", "snippets"]) {
    cpSync(new URL(f, src), new URL(f, out), { recursive: true });
  }
  const files = folder(out);
  const { write } = files;
  const runtime = `./snippets/${readdirSync(new URL("snippets/", out))[0]}/runtime.js`;
  await minifyInPlace(files, ["differences.js", runtime.slice(2)]);
  typeInitOutput(files, "differences.d.ts");

  const api = `export { responseDifferences } from "./differences.js";\n`;
  const types = `export * from "./differences.js";\n`;
  write("index.js", `// Browsers and bundlers: call the default export (init) once.\nexport { default, initSync } from "./differences.js";\n${api}`);
  write("index.d.ts", `${types}export { default, initSync } from "./differences.js";\n`);
  const preloaded = (how, load) => `// ${how}
import { initSync } from "./differences.js";
${load}
/** Already initialised; kept so code written for browsers runs unchanged. */
export default async function init() {}
export { initSync };
${api}`;
  write("workerd.js", preloaded("Cloudflare Workers: the .wasm is imported statically.", 'import wasm from "./differences_bg.wasm";\ninitSync({ module: wasm });'));
  write("node.js", preloaded("Node.js 20+: the .wasm is read from disk.", 'import { readFileSync } from "node:fs";\ninitSync({ module: readFileSync(new URL("./differences_bg.wasm", import.meta.url)) });'));
  const initless = `${types}export { initSync } from "./differences.js";\n/** Already initialised: a no-op. */\nexport default function init(): Promise<void>;\n`;
  write("workerd.d.ts", initless);
  write("node.d.ts", initless);

  return {
    files: ["differences/"],
    exports: {
      "./differences": {
        workerd: { types: "./differences/workerd.d.ts", default: "./differences/workerd.js" },
        node: { types: "./differences/node.d.ts", default: "./differences/node.js" },
        browser: { types: "./differences/index.d.ts", default: "./differences/index.js" },
        default: { types: "./differences/index.d.ts", default: "./differences/index.js" },
      },
      "./differences/differences_bg.wasm": wasmExport(files, "differences/", "differences_bg.wasm"),
    },
    sideEffects: ["./differences/workerd.js", "./differences/node.js"],
  };
}
