// Where the bytes of the browser .wasm go, by origin (crate / module), from `twiggy top` over a
// copy of the release build that keeps function names (same code as pkg/, names kept):
//
//   node bench/size-profile.mjs            (CARGO_TARGET_DIR as for the build; needs twiggy)
import { execFileSync } from "node:child_process";
import { rmSync, existsSync } from "node:fs";
import path from "node:path";
import { ROOT, OUT } from "./lib/util.mjs";

const target = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, "target");
const wasm = path.join(target, "wasm32-unknown-unknown/release/magisterium_a2a.wasm");
if (!existsSync(wasm)) throw new Error(`${wasm} missing: build first`);
const dir = path.join(OUT, "size-profile");
rmSync(dir, { recursive: true, force: true });
const bin = (b) => (existsSync(path.join(ROOT, "node_modules/.bin", b)) ? path.join(ROOT, "node_modules/.bin", b) : b);
execFileSync(path.join(process.env.HOME, ".cargo/bin/wasm-bindgen"), ["--target", "web", "--keep-debug", "--out-dir", dir, wasm]);
const features = ["--enable-bulk-memory", "--enable-reference-types", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", "--enable-multivalue"];
const named = path.join(dir, "named.wasm");
execFileSync(bin("wasm-opt"), ["--one-caller-inline-max-function-size", "20", "-Oz", "--debuginfo", ...features, path.join(dir, "magisterium_a2a_bg.wasm"), "-o", named]);
const csv = execFileSync(path.join(process.env.HOME, ".cargo/bin/twiggy"), ["top", "-n", "100000", "-f", "csv", named]).toString();
const groups = new Map();
const rules = [
  [/function names|custom section|producers|target_features/, "(names and custom sections: not in pkg/)"],
  [/^data segment/, "data segments (string literals, tables)"],
  [/^magisterium_core::|^<magisterium_core::/, "our core (crates/core)"],
  [/^magisterium_a2a::|^<magisterium_a2a::|^magisterium_platform::|^<magisterium_platform::|^magisteriumclient_|^(decodeResponse|buildRequest|isMagisteriumError)/, "our bindings (src/, crates/platform) + export shims"],
  [/fmt|Formatter|Display|Debug|panic|slice_error|StrSearcher|count_chars|is_printable|unicode/, "core::fmt, panics, str search"],
  [/serde_wasm_bindgen|serde_core|serde_json|serde::/, "serde, serde_json, serde-wasm-bindgen"],
  [/btree|BTreeMap|hashbrown/, "BTreeMap / hash maps"],
  [/httpdate/, "httpdate"],
  [/dec2flt|from_str|FromStr/, "float and int parsing"],
  [/dlmalloc|__rdl_|__rust_alloc|__rust_dealloc|__rust_realloc|raw_vec|RawVec/, "allocator, Vec/String growth"],
  [/drop_in_place/, "drop glue"],
  [/wasm_bindgen|js_sys|web_sys|externref|__wbindgen|closure|futures|shim/, "wasm-bindgen, js-sys, futures, shims"],
];
let total = 0;
for (const line of csv.trim().split("\n").slice(1)) {
  const m = line.match(/^"?(.*?)"?,(\d+),/);
  if (!m) continue;
  const [, name, bytes] = m;
  const n = Number(bytes);
  const g = rules.find(([re]) => re.test(name))?.[1] ?? "other (std, core, generic glue)";
  groups.set(g, (groups.get(g) ?? 0) + n);
  total += n;
}
const names = groups.get("(names and custom sections: not in pkg/)") ?? 0;
console.log(`named build: ${total} bytes, of which ${names} are names and custom sections; the rest (${total - names}) is what pkg/ ships before compression`);
console.log("| origin | bytes (named build, before compression) |\n|---|---:|");
for (const [g, n] of [...groups.entries()].sort((a, b) => b[1] - a[1])) console.log(`| ${g} | ${n} |`);
