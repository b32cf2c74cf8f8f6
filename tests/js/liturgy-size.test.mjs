// The size guard of the calendar entry `magisterium-a2a/liturgy`: pkg/liturgy/ as a page downloads
// it (index.js, the glue, the runtime snippet and the .wasm, brotli) against romcal 3 carrying the
// same content: romcal with its General Roman Calendar and every national calendar of ours that
// romcal also publishes (English), bundled and minified for the browser by esbuild, as
// bench/lib/liturgy.mjs measures it.
//
// Issue 41's target is 0.75× (TARGET). Today every national calendar is compiled into the one
// .wasm (1.00× with its twelve national calendars, December 2026, since the Lectionary's references
// moved out of it into lectionary.js, which loadLectionary() loads when asked and which is not
// counted here: romcal has no readings); loading a calendar's data only when asked is the
// remaining work of the item 6. Until then the guard holds the ratio where it is (LIMIT),
// so a calendar or a change that costs more than romcal's own fails here; lower LIMIT as it shrinks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import * as esbuild from "esbuild";
import * as cal from "../../pkg/liturgy/node.js";

const ROOT = new URL("../../", import.meta.url);
const TARGET = 0.75;
const LIMIT = 1.05;
const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length;

/** Our calendar id → romcal's package, where romcal has that country. */
const ROMCAL_PACKAGE = { "england-and-wales": "england" };

function ourBytes() {
  const dir = new URL("pkg/liturgy/", ROOT);
  const snippet = readdirSync(new URL("snippets/", dir))[0];
  return ["index.js", "liturgy.js", `snippets/${snippet}/runtime.js`, "liturgy_bg.wasm"].reduce((n, f) => n + brotli(readFileSync(new URL(f, dir))), 0);
}

/** The romcal packages of the national calendars we publish (provinces share their country's). */
function romcalPackages() {
  const ids = cal.liturgicalCalendars().map((c) => c.id).filter((id) => id !== "general-roman" && !id.includes("/"));
  return ["general-roman", ...ids.map((id) => ROMCAL_PACKAGE[id] ?? id)]
    .map((name) => `@romcal/calendar.${name}`)
    .filter((p) => JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")).devDependencies[p]);
}

async function romcalBytes(packages) {
  const english = async (p) => Object.keys(await import(p)).find((name) => name.endsWith("_En"));
  const exports = (await Promise.all(packages.map(async (p) => `export { ${await english(p)} } from "${p}";`))).join("\n");
  const out = await esbuild.build({
    stdin: { contents: `export { default as Romcal } from "romcal";\n${exports}`, resolveDir: ROOT.pathname, loader: "js" },
    bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, logLevel: "error",
  });
  return brotli(out.outputFiles[0].contents);
}

test(`pkg/liturgy, brotli, is at most ${LIMIT}× romcal with the same calendars (target ${TARGET}×)`, async () => {
  const packages = romcalPackages();
  assert.ok(packages.length >= 6, `romcal's packages for our calendars: ${packages}`);
  const [ours, romcal] = [ourBytes(), await romcalBytes(packages)];
  console.log(`pkg/liturgy ${ours} B brotli; romcal 3 + ${packages.length} calendars ${romcal} B (${(ours / romcal).toFixed(2)}×)`);
  assert.ok(ours <= LIMIT * romcal, `${ours} B > ${LIMIT} × ${romcal} B`);
});
