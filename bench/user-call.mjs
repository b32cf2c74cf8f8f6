// A client method called as a user's app calls it, in headless Chromium and in Node: one call at a
// time, each timed alone, the event loop given back between calls, the injected `fetch` answering
// `new Response(bytes)` (bench/page/user-call.mjs). Beside @a2a-js/sdk 0.3.14 over the same fetch.
// The other way of building the call from bench/run.sh's decode table (batches of back-to-back
// calls), so that the two cannot disagree unseen. Needs pkg/ (scripts/build.sh or the SDK's
// wasm-pack build + scripts/package.mjs).
//
//   node bench/user-call.mjs [--case "search 2 KB"] [--calls 300] [--only chromium|node] [--pkg DIR]
//                            [--content-length]
//
// `--content-length`: each Response declares its `Content-Length`, as a server's uncompressed answer
// does (`new Response(bytes)` declares none); the SDK then reads the body whole (docs/client.md).
// `--pkg DIR` serves another build of pkg/ to the page (Chromium only), to compare two builds.
//
// Port 19041 (+ MAGISTERIUM_TEST_PORT_OFFSET). Prints median and p90 µs per call, ours ÷ theirs, and
// each client's median time before its fetch is called and after its Response is made.
import { register } from "node:module";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import path from "node:path";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const which = arg("--case", "search 2 KB");
const calls = Number(arg("--calls", "300"));
const only = arg("--only", "");
const pkgDir = arg("--pkg", undefined);
const withLength = process.argv.includes("--content-length");

const show = (where, out) => {
  const f = (x) => `${x.toFixed(1)} µs`;
  const length = out.withLength ? ", Content-Length declared" : "";
  console.log(`${where}, ${out.case}${length}, ${out.calls} calls each (median / p90):`);
  console.log(`  ours            ${f(out.ours.medianUs)} / ${f(out.ours.p90Us)}`);
  console.log(`  @a2a-js/sdk     ${f(out.a2a.medianUs)} / ${f(out.a2a.p90Us)}`);
  console.log(`  ours ÷ theirs   ${out.ratio.toFixed(2)}× (medians)`);
  const split = (x) => `${f(x.beforeFetchUs)} before the fetch, ${f(x.afterResponseUs)} after the Response`;
  console.log(`  split (medians) ours: ${split(out.ours)}; @a2a-js/sdk: ${split(out.a2a)}`);
};

if (process.argv.includes("--child")) {
  // Node: the page's module over pkg/node.js, with Node's own Response (undici).
  register("./lib/node-hooks.mjs", import.meta.url);
  const { runUserCalls } = await import("/bench/page/user-call.mjs");
  process.stdout.write(JSON.stringify(await runUserCalls(which, calls, 30, withLength)));
} else {
  const { bundleA2a } = await import("./lib/size.mjs");
  await bundleA2a();
  if (only !== "node") {
    const { staticServer, withPage } = await import("./lib/browser.mjs");
    const port = 19041 + Number(process.env.MAGISTERIUM_TEST_PORT_OFFSET ?? 0);
    const server = await staticServer(port, pkgDir ? { pkgDir: path.resolve(pkgDir) } : {});
    try {
      await withPage(port, async (page, { version }) => {
        const out = await page.evaluate(
          ([w, n, l]) => import("/bench/page/user-call.mjs").then((m) => m.runUserCalls(w, n, 30, l)),
          [which, calls, withLength],
        );
        show(`Chromium ${version}`, out);
      });
    } finally {
      server.close();
    }
  }
  if (only !== "chromium") {
    const child = [fileURLToPath(import.meta.url), "--child", "--case", which, "--calls", String(calls)];
    if (withLength) child.push("--content-length");
    const out = execFileSync(process.execPath, child, { stdio: ["ignore", "pipe", "inherit"], timeout: 600_000 });
    show(`Node ${process.version}`, JSON.parse(out.toString()));
  }
}
