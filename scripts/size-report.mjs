// Prints raw / gzip / brotli bytes of the browser build (wasm + JS glue + every snippet) and
// fails when they pass the budget of bench/budgets.json, `sdkBrotliBytes`: 60 KB (issue 16's 56 KB,
// the A2A 1.0 mode of issue 18 and a finished fetch no longer aborted, issue 37's credential rule
// took it to 67,317 B; issue 40's cuts to 60,295 B: date_header for httpdate, the 1.0 projection's
// one writer, wasm-opt's flatten and rereloop, short names for the wasm's imports and exports;
// then issue 43's task.cache and opt-in client cache, +6.5 KB: 66,818 B; a body of a declared
// length read whole, +0.4 KB: 67,371 B; the cache's date reader for words left out, −2.9 KB:
// 64,497 B, and the budget that plus 2 KB; then issue 40's second round, the cache kept: no i32,
// u16 or hex formatter, the error's init without serde, HTTP dates read on CivilDate instead of
// date_header's parser, binaryen's inlining of single-caller functions held to 20 bytes, the
// call loop's attempt behind a pointer: 60,932 B, and the budget issue 40's 60 KB itself;
// bench/README.md, "What the browser build spends its bytes on"; `--max-brotli N` overrides).
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

const limitArg = process.argv.indexOf("--max-brotli");
const budgets = JSON.parse(readFileSync(new URL("../bench/budgets.json", import.meta.url), "utf8"));
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : budgets.sdkBrotliBytes;
const pkg = new URL("../pkg/", import.meta.url);
const snippets = readdirSync(new URL("snippets/", pkg), { recursive: true })
  .filter((f) => f.endsWith(".js"))
  .map((f) => `snippets/${f}`);
const files = ["magisterium_a2a_bg.wasm", "magisterium_a2a.js", ...snippets];
const rows = files.map((f) => {
  const bytes = readFileSync(new URL(f, pkg));
  return {
    file: f.replace(/snippets\/[^/]+\//, "snippets/…/"),
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
});
const total = rows.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }), { raw: 0, gzip: 0, brotli: 0 });
console.log("| file | raw | gzip -9 | brotli -q 11 |\n|---|---:|---:|---:|");
for (const r of [...rows, { file: "total", ...total }]) console.log(`| ${r.file} | ${r.raw} | ${r.gzip} | ${r.brotli} |`);
// A failed guard throws: the script ends non-zero with the message.
if (total.brotli > limit) throw new Error(`size guard: ${total.brotli} bytes brotli > ${limit}`);
console.log(`size guard: ${total.brotli} bytes brotli <= ${limit} (ok)`);
