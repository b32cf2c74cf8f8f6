// What scripts/package.mjs and scripts/package-liturgy.mjs do alike to a wasm-pack output folder:
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

/** Minifies `files` of `dir` in place, keeping the names of classes and functions (stack traces and
 *  `constructor.name` still read `MagisteriumClient`, `MagisteriumError`) and the ts-self-types header. */
export async function minifyInPlace({ read, write }, files) {
  for (const file of files) {
    const source = read(file);
    const header = source.match(/^\/\* @ts-self-types=.*?\*\/\n/)?.[0] ?? "";
    const { code } = await transform(source, { minify: true, keepNames: true, format: "esm", target: "es2022", legalComments: "none" });
    write(file, header + code);
  }
}

/** The generated InitOutput lists raw wasm exports typed `any`; users only ever need `memory`. Throws
 *  when `any` is left anywhere outside doc comments of the .d.ts `file`. */
export function typeInitOutput({ read, write }, file) {
  const dts = read(file).replace(
    /export interface InitOutput \{[\s\S]*?\n\}/,
    "export interface InitOutput {\n    readonly memory: WebAssembly.Memory;\n}",
  );
  if (/\bany\b/.test(dts.replace(/\/\*\*[\s\S]*?\*\//g, ""))) throw new Error(`${file} still has \`any\``);
  write(file, dts);
}
