// A secondary entry of the package (`magisterium-a2a/<name>`, its own small wasm, so the client's
// download does not carry it): wasm-pack's dist/pkg-<name>/ copied into pkg/<name>/ with the same
// three entries as the main package — browsers (init() first), workerd (the .wasm imported
// statically) and Node (read from disk) — minified JS and a .d.ts with no `any`.
// scripts/package.mjs calls it for each entry and merges what it returns into pkg/'s package.json.
//
//   name:      the entry and its wasm-pack out-name (`liturgy`, `differences`)
//   functions: what the entry exports from its wasm
//   errors:    it also exports `MagisteriumError` and `isMagisteriumError` (its wasm throws them)
//   note:      the first line of its index.js, for browsers and bundlers
//   locales:   its wasm leaves the names of its locales out: dist/pkg-<name>/locales/<code>.txt
//              (written by the crate's example `locale_files`) become pkg/<name>/locales/<code>.js,
//              which `liturgicalLocale(code)` imports in a browser when asked; workerd and Node load
//              them all on import
//   data:      optional data its wasm leaves out, `{ file, load, use, doc }`: dist/pkg-<name>/<file>.txt
//              (written by the crate's example) becomes pkg/<name>/<file>.js, which the exported
//              `load()` imports in a browser when asked and hands to the wasm's `use(text)`; workerd and
//              Node load it on import (the liturgy's `loadLectionary`, its `lectionary.txt`)
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { folder, minifyInPlace, typeInitOutput, wasmExport } from "./package-wasm.mjs";

export async function packageEntry({ name, functions, errors, note, locales = false, data }) {
  const src = new URL(`../dist/pkg-${name}/`, import.meta.url);
  const out = new URL(`../pkg/${name}/`, import.meta.url);
  const js = `${name}.js`;
  const wasm = `${name}_bg.wasm`;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const f of [js, `${name}.d.ts`, wasm, `${wasm}.d.ts`, "snippets"]) {
    cpSync(new URL(f, src), new URL(f, out), { recursive: true });
  }
  const files = folder(out);
  const { write } = files;
  const runtime = `./snippets/${readdirSync(new URL("snippets/", out))[0]}/runtime.js`;
  await minifyInPlace(files, [js, runtime.slice(2)]);
  typeInitOutput(files, `${name}.d.ts`);

  const errorsJs = errors ? `export { MagisteriumError, isMagisteriumError } from "${runtime}";\n` : "";
  const errorsTypes = errors ? `export { MagisteriumError, isMagisteriumError } from "../index.js";\n` : "";
  if (data) write(`${data.file}.js`, `export default ${JSON.stringify(readFileSync(new URL(`${data.file}.txt`, src), "utf8"))};\n`);
  // Browsers: a dynamic import, so bundlers split the data into its own chunk, fetched when asked.
  const lazyData = data
    ? `import { ${data.use} } from "./${js}";\nlet loaded;\nexport function ${data.load}() {\n  loaded ??= import("./${data.file}.js").then((m) => { if (!${data.use}(m.default)) throw new Error("${data.file}.js is not this entry's data"); });\n  return loaded;\n}\n`
    : "";
  const eagerData = data
    ? `import { ${data.use} } from "./${js}";\nimport ${data.file} from "./${data.file}.js";\n${data.use}(${data.file});\nexport async function ${data.load}() {}\n`
    : "";
  const dataTypes = data ? `/** ${data.doc} */\nexport declare function ${data.load}(): Promise<void>;\n` : "";
  const api = `export { ${functions.join(", ")} } from "./${js}";\n${errorsJs}`;
  const codes = locales ? localeModules(src, out, files) : [];
  const localeTypes = locales ? `/** Loads the names of \`locale\` (\`"fr"\`, \`"pt-BR"\`…) for \`{ locale }\`: in a browser its file
 *  (a few KB) is fetched the first time; in Node and workerd every locale is there already. English
 *  needs nothing. Rejects with a \`MagisteriumError\` of kind \`invalid_input\` for an unknown locale. */
export declare function liturgicalLocale(locale: string): Promise<void>;\n` : "";
  const types = `export * from "./${js}";\n${errorsTypes}${localeTypes}${dataTypes}`;
  const lazyLocales = locales ? `import { liturgicalLocaleFile, liturgicalAddLocale } from "./${js}";
const FILES = { ${codes.map((c) => `${c}: () => import("./locales/${c}.js")`).join(", ")} };
export async function liturgicalLocale(locale) {
  const code = liturgicalLocaleFile(locale);
  if (code !== null) liturgicalAddLocale(code, (await FILES[code]()).default);
}\n` : "";
  const eagerLocales = locales ? `import { liturgicalLocaleFile, liturgicalAddLocale } from "./${js}";
${codes.map((c) => `import ${c} from "./locales/${c}.js";`).join("\n")}
for (const [code, names] of Object.entries({ ${codes.join(", ")} })) liturgicalAddLocale(code, names);
export async function liturgicalLocale(locale) {
  liturgicalLocaleFile(locale);
}\n` : "";
  write("index.js", `// ${note}\nexport { default, initSync } from "./${js}";\n${api}${lazyLocales}${lazyData}`);
  write("index.d.ts", `${types}export { default, initSync } from "./${js}";\n`);
  const preloaded = (how, load) => `// ${how}
import { initSync } from "./${js}";
${load}
${eagerLocales}${eagerData}/** Already initialised; kept so code written for browsers runs unchanged. */
export default async function init() {}
export { initSync };
${api}`;
  write("workerd.js", preloaded("Cloudflare Workers: the .wasm is imported statically.", `import wasm from "./${wasm}";\ninitSync({ module: wasm });`));
  write("node.js", preloaded("Node.js 20+: the .wasm is read from disk.", `import { readFileSync } from "node:fs";\ninitSync({ module: readFileSync(new URL("./${wasm}", import.meta.url)) });`));
  const initless = `${types}export { initSync } from "./${js}";\n/** Already initialised: a no-op. */\nexport default function init(): Promise<void>;\n`;
  write("workerd.d.ts", initless);
  write("node.d.ts", initless);

  const at = (file) => `./${name}/${file}`;
  return {
    files: [`${name}/`],
    exports: {
      [`./${name}`]: {
        workerd: { types: at("workerd.d.ts"), default: at("workerd.js") },
        node: { types: at("node.d.ts"), default: at("node.js") },
        browser: { types: at("index.d.ts"), default: at("index.js") },
        default: { types: at("index.d.ts"), default: at("index.js") },
      },
      [at(wasm)]: wasmExport(files, `${name}/`, wasm),
    },
    sideEffects: [at("workerd.js"), at("node.js")],
  };
}

/** dist/pkg-<name>/locales/<code>.txt as pkg/<name>/locales/<code>.js (`export default "…"`); the
 *  codes, sorted. */
function localeModules(src, out, { write }) {
  const dir = new URL("locales/", src);
  mkdirSync(new URL("locales/", out), { recursive: true });
  if (!existsSync(dir)) throw new Error(`${dir.pathname}: missing (cargo run -p magisterium-liturgy --example locale_files -- it)`);
  const codes = readdirSync(dir).filter((f) => f.endsWith(".txt")).map((f) => f.slice(0, -4)).sort();
  for (const code of codes) write(`locales/${code}.js`, `export default ${JSON.stringify(readFileSync(new URL(`${code}.txt`, dir), "utf8"))};\n`);
  return codes;
}
