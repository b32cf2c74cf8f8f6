// The size guard of the calendar entry `magisterium-a2a/liturgy`: pkg/liturgy/ as a page downloads
// it (index.js, the glue, the runtime snippet and the .wasm, brotli) against romcal 3 carrying the
// same content, as issue 41 asks: romcal with its General Roman Calendar and every national calendar
// of ours that romcal also publishes, each in the eight languages we name celebrations in
// (bench/lib/romcal-content.mjs, which bench/run.sh measures too), bundled and minified for the
// browser by esbuild.
//
// Issue 41's target is 0.75× (TARGET) for the entry as a page downloads it, with each locale's names
// a file of its own fetched only when asked (`liturgicalLocale`): 0.67× with fourteen national
// calendars and the ids the locales name (December 2026: 64.8 KB against 96.5 KB), LIMIT holding it
// with headroom (the Lectionary's references are lectionary.js, loaded when asked and not counted:
// romcal has none). With every locale fetched too the page has the same content as romcal's bundle:
// 1.01× (97.5 KB: the seven files, 32.6 KB, are compressed one by one), LIMIT_ALL holding it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import * as esbuild from "esbuild";
import { LOCALES, romcalPackages, romcalSource } from "../../bench/lib/romcal-content.mjs";

const ROOT = new URL("../../", import.meta.url);
const TARGET = 0.75;
const LIMIT = 0.72;
const LIMIT_ALL = 1.05;
const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length;

const DIR = new URL("pkg/liturgy/", ROOT);
const bytes = (files) => files.reduce((n, f) => n + brotli(readFileSync(new URL(f, DIR))), 0);

/** What a page downloads for the entry: index.js, the glue, the runtime snippet and the .wasm. */
function ourBytes() {
  const snippet = readdirSync(new URL("snippets/", DIR))[0];
  return bytes(["index.js", "liturgy.js", `snippets/${snippet}/runtime.js`, "liturgy_bg.wasm"]);
}

/** Every locale's file, as `liturgicalLocale` fetches them. */
function localeBytes() {
  const files = readdirSync(new URL("locales/", DIR)).map((f) => `locales/${f}`);
  assert.equal(files.length, LOCALES.length - 1, `${files}`);
  return bytes(files);
}

async function romcalBytes(packages) {
  const out = await esbuild.build({
    stdin: { contents: await romcalSource(packages), resolveDir: ROOT.pathname, loader: "js" },
    bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", write: false, logLevel: "error",
  });
  return brotli(out.outputFiles[0].contents);
}

test(`pkg/liturgy, brotli, is at most ${LIMIT}× romcal with the same calendars and locales (target ${TARGET}×), and at most ${LIMIT_ALL}× with every locale's file`, async () => {
  const packages = romcalPackages();
  assert.ok(packages.length >= 6, `romcal's packages for our calendars: ${packages}`);
  const [ours, locales, romcal] = [ourBytes(), localeBytes(), await romcalBytes(packages)];
  const all = ours + locales;
  console.log(`pkg/liturgy ${ours} B brotli (${(ours / romcal).toFixed(2)}×), with every locale ${all} B (${(all / romcal).toFixed(2)}×); romcal 3 + ${packages.length} calendars × ${LOCALES.length} locales ${romcal} B`);
  assert.ok(ours <= LIMIT * romcal, `${ours} B > ${LIMIT} × ${romcal} B`);
  assert.ok(all <= LIMIT_ALL * romcal, `${all} B > ${LIMIT_ALL} × ${romcal} B`);
});
