// Profiles one decode case in Chromium with the DevTools CPU profiler and prints the functions
// with the most self time. For wasm function names, build a copy of pkg/ that keeps them:
//
//   node bench/profile.mjs [--names] [--case "search 2 KB"] [--method decode|client|a2a|floor] [--iterations N]
//
// --names rebuilds bench/out/pkg-names/ from target/…/magisterium_a2a.wasm with wasm-bindgen
// --keep-debug and wasm-opt -Oz --debuginfo (same code as pkg/, names kept) and serves it as /pkg/.
import { execFileSync } from "node:child_process";
import { cpSync, rmSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { staticServer, withPage } from "./lib/browser.mjs";
import { ROOT, OUT } from "./lib/util.mjs";
import { bundleA2a } from "./lib/size.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const which = arg("--case", "search 2 KB");
const method = arg("--method", "decode");
const iterations = Number(arg("--iterations", "2000"));
const port = Number(arg("--port", "19002"));

let pkgDir = path.join(ROOT, "pkg");
if (process.argv.includes("--names")) {
  const target = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, "target");
  const wasm = path.join(target, "wasm32-unknown-unknown/release/magisterium_a2a.wasm");
  if (!existsSync(wasm)) throw new Error(`${wasm} missing: build first (CARGO_TARGET_DIR as for the build)`);
  pkgDir = path.join(OUT, "pkg-names");
  rmSync(pkgDir, { recursive: true, force: true });
  const bin = (b) => (existsSync(path.join(ROOT, "node_modules/.bin", b)) ? path.join(ROOT, "node_modules/.bin", b) : b);
  execFileSync(path.join(process.env.HOME, ".cargo/bin/wasm-bindgen"), ["--target", "web", "--keep-debug", "--out-dir", pkgDir, wasm], { stdio: "inherit" });
  const features = ["--enable-bulk-memory", "--enable-reference-types", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", "--enable-multivalue"];
  execFileSync(bin("wasm-opt"), ["-Oz", "--debuginfo", ...features, path.join(pkgDir, "magisterium_a2a_bg.wasm"), "-o", path.join(pkgDir, "magisterium_a2a_bg.wasm")], { stdio: "inherit" });
  cpSync(path.join(ROOT, "pkg/index.js"), path.join(pkgDir, "index.js"));
  // index.js names the snippet directory of pkg/; keep the same name.
  const snip = readdirSync(path.join(ROOT, "pkg/snippets"))[0];
  const have = readdirSync(path.join(pkgDir, "snippets"))[0];
  if (snip !== have) cpSync(path.join(pkgDir, "snippets", have), path.join(pkgDir, "snippets", snip), { recursive: true });
}

await bundleA2a();
const server = await staticServer(port, { pkgDir });
try {
  await withPage(port, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
    await page.evaluate(({ which, method }) => window.prepareProfile(which, method), { which, method });
    await cdp.send("Profiler.start");
    const ms = await page.evaluate((n) => window.runProfile(n), iterations);
    const { profile } = await cdp.send("Profiler.stop");
    const self = new Map();
    const dt = profile.timeDeltas;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    let total = 0;
    profile.samples.forEach((id, i) => {
      const n = byId.get(id);
      const f = n.callFrame;
      const key = `${f.functionName || "(anonymous)"} ${f.url ? path.basename(f.url.split("?")[0]) + ":" + (f.lineNumber + 1) : ""}`.trim();
      const d = dt[i] ?? 0;
      self.set(key, (self.get(key) ?? 0) + d);
      total += d;
    });
    console.log(`${which} / ${method}: ${(ms / iterations * 1000).toFixed(2)} µs per call over ${iterations} calls`);
    // Inclusive time: every function on a sampled stack gets the sample once.
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const incl = new Map();
    profile.samples.forEach((id, i) => {
      const seen = new Set();
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const f = byId.get(n).callFrame;
        const key = `${f.functionName || "(anonymous)"} ${f.url ? path.basename(f.url.split("?")[0]) + ":" + (f.lineNumber + 1) : ""}`.trim();
        if (!seen.has(key)) incl.set(key, (incl.get(key) ?? 0) + (dt[i] ?? 0));
        seen.add(key);
      }
    });
    const show = (title, map) => {
      console.log(`-- ${title}`);
      const rows = [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
      for (const [k, v] of rows) console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k.slice(0, 150)}`);
    };
    show("self time", self);
    if (process.argv.includes("--inclusive")) show("inclusive time", incl);
  });
} finally {
  server.close();
}
