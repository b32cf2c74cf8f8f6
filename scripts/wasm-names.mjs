// Short names for what a wasm-bindgen .wasm imports from its own JavaScript glue and exports to it:
// the SDK's (issue 40: the size) and the Workers' (the proxy's budget, issue 38).
//
// wasm-bindgen names each import after the JavaScript it calls plus a 16-hex-digit hash
// (`__wbg_new_with_byte_offset_and_length_3cd32055a417f095`), and that name is written twice: in
// the .wasm's import section and as a key of the glue's import object. The hashes are the part
// brotli cannot shrink (about 100 of them in each file). Both sides are generated, so a build step
// may rename them together, as a minifier renames a local: the import section gets `a`, `b`, … in
// its own order, the module `./<name>_bg.js` becomes `w`, and each key of the glue's object the
// same. The exports the glue calls (`magisteriumclient_new`, the closures' `…invoke__h<hash>`) are
// renamed the same way in the .wasm, the glue and `<name>_bg.wasm.d.ts`, all but `memory`, which
// the typed InitOutput gives users. The imports of runtime.js (the names it exports) keep their
// names; what each import and export does is untouched.
//
// binaryen's `--minify-imports-and-exports-and-modules` renames `memory` too, and its
// `--minify-imports` only renames imports of the module `env`; hence this small rewrite of two
// sections. It fails the build, rather than guess, on anything it does not know.

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const GLUE_MODULE = "w";

/** `n` as a short JavaScript identifier: a … z, A … Z, then two letters (`__proto__` never). */
function shortName(n) {
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let name = "";
  do {
    name = letters[n % letters.length] + name;
    n = Math.floor(n / letters.length) - 1;
  } while (n >= 0);
  return name;
}

/** A reader of a wasm byte array from `at`: unsigned LEB128 numbers, names, raw bytes. */
function reader(bytes, at = 0) {
  const r = {
    at,
    byte: () => {
      if (r.at >= bytes.length) throw new Error("wasm: unexpected end");
      return bytes[r.at++];
    },
    u32: () => {
      let value = 0;
      for (let shift = 0; ; shift += 7) {
        const b = r.byte();
        value += (b & 0x7f) * 2 ** shift;
        if (b < 0x80) return value;
      }
    },
    name: () => {
      const length = r.u32();
      const text = new TextDecoder().decode(bytes.subarray(r.at, r.at + length));
      r.at += length;
      return text;
    },
  };
  return r;
}

const leb = (n) => {
  const out = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
};
const encodeName = (s) => {
  const utf8 = new TextEncoder().encode(s);
  return [...leb(utf8.length), ...utf8];
};

/** Skips an import's description (function, table, memory, global, tag) at `r`. */
function skipDescription(r) {
  const limits = () => {
    const flags = r.byte();
    r.u32();
    if (flags & 1) r.u32();
  };
  const kind = r.byte();
  if (kind === 0x00) r.u32(); // a function: its type index
  else if (kind === 0x01) (r.byte(), limits()); // a table: its element type, its limits
  else if (kind === 0x02) limits(); // a memory
  else if (kind === 0x03) (r.byte(), r.byte()); // a global: its value type, mutability
  else if (kind === 0x04) (r.byte(), r.u32()); // a tag: attribute, type index
  else throw new Error(`wasm: import of unknown kind ${kind}`);
}

/**
 * Renames the imports of `wasm` (bytes) from `glueModule` (wasm-bindgen's `./<name>_bg.js`) and
 * its exports but `keep` to short names. Returns the new bytes and, for the glue, the maps old
 * name → new name of the imports and of the exports.
 */
export function shortenWasmNames(wasm, glueModule, keep = ["memory"]) {
  const r = reader(wasm, 8);
  const out = [wasm.subarray(0, 8)];
  const imports = new Map();
  const exports = new Map();
  // Names go by position (the nth of the glue's imports, the nth export renamed), so a module
  // renamed once comes out of a second run the same.
  let nthImport = 0;
  let nthExport = 0;
  while (r.at < wasm.length) {
    const id = r.byte();
    const size = r.u32();
    const start = r.at;
    const end = start + size;
    if (id !== 2 && id !== 7) {
      out.push(Uint8Array.of(id, ...leb(size)), wasm.subarray(start, end));
      r.at = end;
      continue;
    }
    const section = [];
    const count = r.u32();
    section.push(...leb(count));
    for (let i = 0; i < count; i++) {
      if (id === 2) {
        // An import: module, name, description.
        const module = r.name();
        const field = r.name();
        const description = r.at;
        skipDescription(r);
        const ours = module === glueModule || module === GLUE_MODULE;
        const name = ours ? shortName(nthImport++) : field;
        if (ours && name !== field) imports.set(field, name);
        section.push(...encodeName(ours ? GLUE_MODULE : module), ...encodeName(name));
        section.push(...wasm.subarray(description, r.at));
      } else {
        // An export: name, kind, index.
        const field = r.name();
        const kindAndIndex = r.at;
        r.byte();
        r.u32();
        const name = keep.includes(field) ? field : shortName(nthExport++);
        if (name !== field) exports.set(field, name);
        section.push(...encodeName(name), ...wasm.subarray(kindAndIndex, r.at));
      }
    }
    if (r.at !== end) throw new Error(`wasm: section ${id}'s size does not match its entries`);
    out.push(Uint8Array.of(id, ...leb(section.length), ...section));
  }
  return { wasm: Buffer.concat(out), imports, exports };
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** `text` with `pattern` replaced; it must be found exactly once. */
function replaceOnce(text, pattern, replacement, what) {
  const found = text.match(new RegExp(pattern.source, "g"))?.length ?? 0;
  if (found !== 1) throw new Error(`${what} found ${found} times, not once`);
  return text.replace(pattern, replacement);
}

/**
 * The glue `js` renamed as `shortenWasmNames` renamed the .wasm: the import object's key
 * `glueModule` and each of its keys (`old:`), found once each; every use of an export
 * (`wasm.old`; an export the glue never calls is not in it). A glue of another shape fails the
 * build here. `exportsObject`: the glue's name for the instance's exports when the glue is not
 * minified (the Worker's: `wasm`), so that only `wasm.fetch` is renamed, not `request.fetch` of
 * an import's body; the minified SDK glue leaves it out (any `.old`: its export names are its
 * own, `magisteriumclient_new`).
 */
export function shortenGlueNames(js, glueModule, { imports, exports }, { exportsObject } = {}) {
  let out = js;
  if (js.includes(`"${glueModule}":`)) {
    out = replaceOnce(out, new RegExp(`"${escape(glueModule)}":`), `"${GLUE_MODULE}":`, `glue: ${glueModule}`);
  }
  for (const [old, name] of imports) {
    out = replaceOnce(out, new RegExp(`(?<![\\w$])${escape(old)}(?=:)`), name, `glue: the import ${old}`);
  }
  const member = exportsObject ? `(?<=(?<![\\w$])${escape(exportsObject)}\\.)` : "(?<=\\.)";
  for (const [old, name] of exports) {
    out = out.replace(new RegExp(`${member}${escape(old)}(?![\\w$])`, "g"), name);
  }
  // Read as a member (`.old`, `old:`) or as a string (`"old"`, `'old'`) nowhere any more; a
  // function of the glue may have an export's name (`buildRequest`), that is its own. With
  // `exportsObject`, an export's name is looked for only as its member (`fetch` is a member and
  // a string of much else).
  const left = (old, n) =>
    exports.has(old) && exportsObject
      ? new RegExp(`${member}${n}(?![\\w$])|${escape(exportsObject)}\\[["']${n}["']\\]`)
      : new RegExp(`(?<=\\.)${n}(?![\\w$])|(?<![\\w$])${n}(?=:)|["']${n}["']`);
  for (const old of [...imports.keys(), ...exports.keys()]) {
    if (left(old, escape(old)).test(out)) throw new Error(`glue: ${old} is still used under its old name`);
  }
  return out;
}

/** The generated `<name>_bg.wasm.d.ts` (`export const <name>: …;` per export the glue calls) renamed the same. */
export function shortenExportTypes(dts, { exports }) {
  let out = dts;
  for (const [old, name] of exports) {
    out = out.replace(new RegExp(`(?<=export const )${escape(old)}(?=:)`), name);
  }
  return out;
}

/**
 * wasm-pack's output in `dir` (`<name>_bg.wasm`, the glue `<name>.js`, `<name>_bg.wasm.d.ts`)
 * renamed in place. Used by scripts/package.mjs (the SDK) and, as
 * `node scripts/wasm-names.mjs <dir> <name> wasm`, by scripts/build.sh (the Workers' glue, not
 * minified: its exports object is `wasm`).
 */
export function shortenPackageNames(dir, name, options) {
  const file = (suffix) => path.join(dir, `${name}${suffix}`);
  const glueModule = `./${name}_bg.js`;
  const short = shortenWasmNames(readFileSync(file("_bg.wasm")), glueModule);
  writeFileSync(file(".js"), shortenGlueNames(readFileSync(file(".js"), "utf8"), glueModule, short, options));
  writeFileSync(file("_bg.wasm.d.ts"), shortenExportTypes(readFileSync(file("_bg.wasm.d.ts"), "utf8"), short));
  writeFileSync(file("_bg.wasm"), short.wasm);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [dir, name, exportsObject] = process.argv.slice(2);
  if (!dir || !name) throw new Error("usage: node scripts/wasm-names.mjs <dir> <name> [exports object]");
  shortenPackageNames(dir, name, { exportsObject });
}
