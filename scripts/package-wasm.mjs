// What scripts/package.mjs and scripts/package-entry.mjs do alike to a wasm-pack output folder:
// minify the generated glue and runtime.js, and type the generated InitOutput without `any`.
import { readFileSync, writeFileSync } from "node:fs";
import { transform } from "esbuild";

/** Reading and writing the text files of the folder `dir` (a file URL ending in `/`). */
export function folder(dir) {
  return {
    read: (f) => readFileSync(new URL(f, dir), "utf8"),
    write: (f, s) => writeFileSync(new URL(f, dir), s),
  };
}

/** Minifies `files` of `dir` in place, keeping the ts-self-types header. A file given by name keeps
 *  the names of its classes and functions (esbuild keepNames: stack traces and `constructor.name`
 *  still read `MagisteriumError`); `{ file, classes }` (wasm-bindgen's glue) keeps only the names of
 *  the exported `classes`, given back explicitly instead of keepNames wrapping each of the glue's
 *  ~130 import shims (−0.7 KB brotli). */
export async function minifyInPlace({ read, write }, files) {
  for (const entry of files) {
    const { file, classes } = typeof entry === "string" ? { file: entry, classes: null } : entry;
    const source = read(file);
    const header = source.match(/^\/\* @ts-self-types=.*?\*\/\n/)?.[0] ?? "";
    let { code } = await transform(source, { minify: true, keepNames: classes === null, format: "esm", target: "es2022", legalComments: "none" });
    for (const name of classes ?? []) {
      const local = code.match(new RegExp(`export\\{[^}]*?\\b([\\w$]+) as ${name}\\b`))?.[1];
      if (!local) throw new Error(`${file}: the class ${name} is not exported`);
      code += `Object.defineProperty(${local},"name",{value:${JSON.stringify(name)}});`;
    }
    write(file, header + code);
  }
}

/** The generated InitOutput lists raw wasm exports typed `any`; users only ever need `memory`. Throws
 *  when `any` is left anywhere outside doc comments of the .d.ts `file`. */
export function typeInitOutput({ read, write }, file) {
  let dts = read(file).replace(
    /export interface InitOutput \{[\s\S]*?\n\}/,
    "export interface InitOutput {\n    readonly memory: WebAssembly.Memory;\n}",
  );
  // wasm-bindgen declares `[Symbol.dispose]()` on classes; `Symbol.dispose` is only typed from
  // lib `esnext.disposable` on. Declare it (as @types/node does) so the package type-checks under
  // ES2020 and ES2022 libs too.
  if (dts.includes("[Symbol.dispose]")) {
    dts = `declare global {\n  interface SymbolConstructor {\n    readonly dispose: unique symbol;\n  }\n}\n${dts}`;
  }
  if (/\bany\b/.test(dts.replace(/\/\*\*[\s\S]*?\*\//g, ""))) throw new Error(`${file} still has \`any\``);
  write(file, dts);
}

/**
 * The `exports` entry of a .wasm subpath (`dir`: its folder in the package, "" or "liturgy/"),
 * with types, so that the recipes of docs/bundlers.md type-check: a bundler's import of the file
 * (esbuild's `file` loader, webpack's `asset/resource`) is its URL; workerd's static import is the
 * compiled module. Writes the two .d.ts beside the .wasm into `files` (a folder()).
 */
export function wasmExport(files, dir, wasm) {
  files.write("wasm-url.d.ts", `/** The URL of ${wasm}, as a bundler that imports it as a file gives it (docs/bundlers.md): hand it to \`init({ module_or_path })\`. */\ndeclare const url: string;\nexport default url;\n`);
  files.write("wasm-module.d.ts", `/** ${wasm}, compiled: what Cloudflare Workers give a static import of a .wasm; hand it to \`initSync({ module })\`. */\ndeclare const module: WebAssembly.Module;\nexport default module;\n`);
  return {
    workerd: { types: `./${dir}wasm-module.d.ts`, default: `./${dir}${wasm}` },
    default: { types: `./${dir}wasm-url.d.ts`, default: `./${dir}${wasm}` },
  };
}
