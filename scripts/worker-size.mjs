// The two Worker deployables as `wrangler deploy --dry-run` would upload them: the demo's
// (wrangler.toml: proxy + stand-in agent) and the proxy alone (wrangler.proxy.toml). Prints raw /
// gzip / brotli bytes of each bundle's files and fails when the proxy carries stand-in code or
// passes its size budget (bench/budgets.json, `proxyBrotliBytes`), wasm + JS, brotli (`--max-brotli N` overrides),
// with the A2A 1.0 and MCP front doors and the answer cache in it. It is over the 150 KB that
// issue 38 sets for the proxy with MCP authorization in it: bench/README.md, "Proxy size", says
// where the bytes are and what could win them back. History (brotli, wasm + JS):
// - 120 KB, then 8 KB more for MCP (issue 28): 130,416 B;
// - issue 37's trust fixes (the one exit, the origin rule, sign-in decided in Rust, per-visitor
//   pools keyed by IPv6 /64, typed upstream faults, the document cache's reader, the budget's
//   give-back, the doors' answers written once at their size, the typed sign-in credential):
//   143,882 B;
// - issue 43's answer cache (the policy table, its keys and entries, relative dates read without
//   the calendar's or Unicode's tables, stale answers, one upstream call per key, the counts):
//   154,600 B;
// - issue 38's MCP 2026-07-28 beside the handshake era and ChatGPT's search/fetch: +4,874 B (of
//   which 1,677 B the base64 decoder of `Mcp-Name`);
// - issue 42's 1.0 door (task continuity answered from tasks/get, ContentTypeNotSupportedError
//   for parts and bodies, both cards' ETag and Last-Modified): +2.2 KB; 162,119 B together;
// - issue 42's HTTP+JSON binding (its routes and query parameters, the google.rpc.Status of its
//   errors, over the same 1.0 dispatch): 162,236 → 165,360 B (+3.1 KB), after cutting it from
//   +4.65 KB (bench/README.md, "The HTTP+JSON binding");
// - issue 43's one upstream call per key across isolates (the keys being filled, kept by the
//   account's budget object; the holder's report; the waiter's hit): +3,381 B (162,236 →
//   165,617 B, measured side by side);
// - issue 42's ListTasks (the task records in the account's object, the listing with its filters
//   and page tokens, the anonymous session's cookie, the per-visitor gate): +10.3 KB (162,236 →
//   172,500 B); kept there by reading records as JSON values (no derived serde), sorting them in
//   the object's SQL (no sort in wasm), hex page tokens (no base64 encoder) and integer times (no
//   float formatting, parsing or fmod: they alone were 12.8 KB);
// - trimmed with no feature dropped (bench/README.md, "The proxy trimmed"), on int at 70ef994
//   (168,847 B): the .wasm's imports and exports given short names as the SDK's are
//   (scripts/wasm-names.mjs), −3,330 B; wasm-opt with the SDK's passes, −1,165 B; the objects
//   for JavaScript through serde_json and `JSON.parse`, not serde-wasm-bindgen, −608 B: 163,744 B.
// - issue 38's MCP authorization (the Worker as the OAuth server of its /mcp): 173,777 →
//   204,375 B, of which @cloudflare/workers-oauth-provider is about 27 KB (bench/README.md, "MCP
//   authorization"); the budget is 205 KB.
// What keeps it there: the proxy's wasm at opt-level "z" (scripts/build.sh), its bundle minified
// (wrangler.proxy.toml), and the front door's translation over parsed JSON
// (crates/core/src/v1/translate.rs).
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const limitArg = process.argv.indexOf("--max-brotli");
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : JSON.parse(readFileSync(new URL("../bench/budgets.json", import.meta.url), "utf8")).proxyBrotliBytes;
// Text only the stand-in has: its answer header, its corpus, its calendar, its OAuth server.
const STAND_IN_MARKERS = ["embedded-stand-in", "Rerum Novarum", "Saint Nicholas", "/oauth/authorize"];

function bundle(config, outdir) {
  rmSync(outdir, { recursive: true, force: true });
  execFileSync(path.join(root, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "-c", config, "--outdir", outdir], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return readdirSync(outdir)
    .filter((f) => !f.endsWith(".map") && !f.endsWith("README.md"))
    .map((f) => {
      const bytes = readFileSync(path.join(outdir, f));
      return {
        file: f.replace(/^[0-9a-f]{40}-/, "<hash>-"),
        bytes,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
      };
    });
}

const deployables = [
  { name: "demo (wrangler.toml)", config: "wrangler.toml", outdir: "dist/worker-bundle-demo" },
  { name: "proxy (wrangler.proxy.toml)", config: "wrangler.proxy.toml", outdir: "dist/worker-bundle" },
];
console.log("| Worker bundle | file | raw | gzip -9 | brotli -q 11 |\n|---|---|---:|---:|---:|");
let proxy, demo;
for (const d of deployables) {
  const files = bundle(d.config, path.join(root, d.outdir));
  const total = files.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip, brotli: t.brotli + f.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  for (const f of files) console.log(`| ${d.name} | ${f.file} | ${f.raw} | ${f.gzip} | ${f.brotli} |`);
  console.log(`| ${d.name} | **total** | ${total.raw} | ${total.gzip} | ${total.brotli} |`);
  if (d.config === "wrangler.proxy.toml") proxy = { files, total };
  else demo = { files, total };
}
// A failed check throws: the script ends non-zero with the message. The markers must be in the
// demo's bundle, or the check below could not fail.
const carries = (bundle, marker) => bundle.files.some((f) => f.bytes.toString("latin1").includes(marker));
const missing = STAND_IN_MARKERS.filter((m) => !carries(demo, m));
if (missing.length) throw new Error(`stand-in markers not in the demo's bundle (update STAND_IN_MARKERS): ${missing.join(", ")}`);
for (const f of proxy.files) {
  const text = f.bytes.toString("latin1");
  const found = STAND_IN_MARKERS.filter((m) => text.includes(m));
  if (found.length) throw new Error(`the proxy bundle's ${f.file} carries stand-in code: ${found.join(", ")}`);
}
if (proxy.total.brotli > limit) throw new Error(`proxy size budget: ${proxy.total.brotli} bytes brotli > ${limit}`);
console.log(`proxy bundle: no stand-in code; ${proxy.total.brotli} bytes brotli <= ${limit} (ok; headroom: ${limit - proxy.total.brotli} bytes)`);
