// The decode benchmark in Node: the page's own modules (bench/page/decode.mjs) over pkg/node.js and
// the same @a2a-js/sdk bundle, with Node's fetch classes (undici's Response). Run as a child of
// bench/run.mjs (`runNodeDecode`), or alone after `node bench/run.mjs --only size` has bundled
// @a2a-js/sdk:
//
//   node bench/lib/node-decode.mjs [--quick]      prints the cases as JSON on stdout
import { register } from "node:module";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Runs this file in a fresh Node process and returns its cases. */
export function runNodeDecode(plans) {
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(plans)], {
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 16 << 20,
    timeout: 1_800_000,
  });
  return { node: process.version, cases: JSON.parse(out.toString()) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  register("./node-hooks.mjs", import.meta.url);
  const { runDecode } = await import("/bench/page/decode.mjs");
  const { decodePlans } = await import("./browser.mjs");
  const arg = process.argv[2];
  const plans = arg && arg.startsWith("{") ? JSON.parse(arg) : decodePlans(arg === "--quick");
  const { cases } = await runDecode(plans);
  process.stdout.write(JSON.stringify(cases));
}
