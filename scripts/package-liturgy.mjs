// The `magisterium-a2a/liturgy` entry: wasm-pack's dist/pkg-liturgy/ (the `liturgy` feature's own
// small wasm) copied into pkg/liturgy/ with the same three entries as the main package — browsers
// (init() first), workerd (the .wasm imported statically) and Node (read from disk) — minified JS
// and a .d.ts with no `any`. scripts/package.mjs calls it and merges what it returns into pkg/'s
// package.json.
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { folder, minifyInPlace, typeInitOutput, wasmExport } from "./package-wasm.mjs";

export async function packageLiturgy() {
  const src = new URL("../dist/pkg-liturgy/", import.meta.url);
  const out = new URL("../pkg/liturgy/", import.meta.url);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const f of ["liturgy.js", "liturgy.d.ts", "liturgy_bg.wasm", "liturgy_bg.wasm.d.ts", "snippets"]) {
    cpSync(new URL(f, src), new URL(f, out), { recursive: true });
  }
  const files = folder(out);
  const { write } = files;
  const runtime = `./snippets/${readdirSync(new URL("snippets/", out))[0]}/runtime.js`;
  await minifyInPlace(files, ["liturgy.js", runtime.slice(2)]);
  typeInitOutput(files, "liturgy.d.ts");

  const api = `export { liturgicalCalendars, liturgicalDay, liturgicalYear, liturgicalYearIcs } from "./liturgy.js";\nexport { MagisteriumError, isMagisteriumError } from "${runtime}";\n`;
  const types = `export * from "./liturgy.js";\nexport { MagisteriumError, isMagisteriumError } from "../index.js";\n`;
  write("index.js", `// Browsers and bundlers: call the default export (init) once, then use the calendar.\nexport { default, initSync } from "./liturgy.js";\n${api}`);
  write("index.d.ts", `${types}export { default, initSync } from "./liturgy.js";\n`);
  const preloaded = (how, load) => `// ${how}
import { initSync } from "./liturgy.js";
${load}
/** Already initialised; kept so code written for browsers runs unchanged. */
export default async function init() {}
export { initSync };
${api}`;
  write("workerd.js", preloaded("Cloudflare Workers: the .wasm is imported statically.", 'import wasm from "./liturgy_bg.wasm";\ninitSync({ module: wasm });'));
  write("node.js", preloaded("Node.js 20+: the .wasm is read from disk.", 'import { readFileSync } from "node:fs";\ninitSync({ module: readFileSync(new URL("./liturgy_bg.wasm", import.meta.url)) });'));
  const initless = `${types}export { initSync } from "./liturgy.js";\n/** Already initialised: a no-op. */\nexport default function init(): Promise<void>;\n`;
  write("workerd.d.ts", initless);
  write("node.d.ts", initless);

  return {
    files: ["liturgy/"],
    exports: {
      "./liturgy": {
        workerd: { types: "./liturgy/workerd.d.ts", default: "./liturgy/workerd.js" },
        node: { types: "./liturgy/node.d.ts", default: "./liturgy/node.js" },
        browser: { types: "./liturgy/index.d.ts", default: "./liturgy/index.js" },
        default: { types: "./liturgy/index.d.ts", default: "./liturgy/index.js" },
      },
      "./liturgy/liturgy_bg.wasm": wasmExport(files, "liturgy/", "liturgy_bg.wasm"),
    },
    sideEffects: ["./liturgy/workerd.js", "./liturgy/node.js"],
  };
}
