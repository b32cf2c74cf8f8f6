// Profiles the proxy Worker inside workerd with the V8 CPU profiler (over wrangler's inspector)
// while autocannon sends `document_search` through it to the loopback upstream; prints the
// functions with the most self and inclusive time.
//
//   node bench/profile-worker.mjs [--names] [--target ours|naive] [--requests N] [--connections C]
//
// --names profiles a copy of the Worker (bench/out/profile-worker/) whose wasm keeps its function
// names: it rebuilds the `--features proxy` wasm (CARGO_TARGET_DIR as for the build), runs
// wasm-bindgen --keep-debug and wasm-opt -Oz --debuginfo, and copies crates/worker/*.js beside it.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { ROOT, OUT, log, stop, stopAll, waitFor, portOpen } from "./lib/util.mjs";
import { wranglerDev, faultServer, searchRequest, post, load } from "./lib/http.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const target = arg("--target", "ours");
const requests = Number(arg("--requests", "600"));
const connections = Number(arg("--connections", "4"));
const PORT = 19025; // inspector on 19075
const FAULT = 19015;

let config;
if (target === "naive") config = path.join(ROOT, "bench/workers/naive/wrangler.toml");
if (target === "ours" && process.argv.includes("--names")) {
  const dir = path.join(OUT, "profile-worker");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "crates/worker"), { recursive: true });
  const targetDir = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, "target");
  log("building the Worker wasm with names");
  // The release profile's opt-level ("z"), as scripts/build.sh builds the proxy.
  execFileSync("cargo", ["build", "--release", "--target", "wasm32-unknown-unknown", "--lib", "-p", "magisterium-worker"], { cwd: ROOT, stdio: "inherit" });
  const pkg = path.join(dir, "dist/pkg-worker");
  execFileSync(path.join(process.env.HOME, ".cargo/bin/wasm-bindgen"), ["--target", "web", "--keep-debug", "--out-dir", pkg, path.join(targetDir, "wasm32-unknown-unknown/release/magisterium_worker.wasm")], { stdio: "inherit" });
  const features = ["--enable-bulk-memory", "--enable-reference-types", "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals", "--enable-multivalue"];
  const wasm = path.join(pkg, "magisterium_worker_bg.wasm");
  execFileSync(path.join(ROOT, "node_modules/.bin/wasm-opt"), ["-Oz", "--debuginfo", ...features, wasm, "-o", wasm], { stdio: "inherit" });
  // The module the Worker imports as "magisterium-worker", as scripts/build.sh writes it.
  writeFileSync(path.join(pkg, "worker.js"), 'import wasm from "./magisterium_worker_bg.wasm";\nimport { initSync } from "./magisterium_worker.js";\ninitSync({ module: wasm });\nexport * from "./magisterium_worker.js";\n');
  for (const f of ["entry.js", "auth.js"]) if (existsSync(path.join(ROOT, "crates/worker", f))) cpSync(path.join(ROOT, "crates/worker", f), path.join(dir, "crates/worker", f));
  config = path.join(dir, "wrangler.toml");
  writeFileSync(config, 'name = "bench-profile-worker"\nmain = "crates/worker/entry.js"\ncompatibility_date = "2026-11-01"\nsend_metrics = false\n[alias]\n"magisterium-worker" = "./dist/pkg-worker/worker.js"\n');
}

const fault = faultServer(FAULT);
const upstream = `http://127.0.0.1:${FAULT}/by-query`;
const worker = wranglerDev(`profile-${target}`, PORT, { config, vars: { UPSTREAM_URL: upstream, MAGISTERIUM_TOKEN: "x", PROXY_RATE_LIMITS: "off" } });
const url = target === "naive" ? `http://127.0.0.1:${PORT}/` : `http://127.0.0.1:${PORT}/api/v1/a2a`;
const body = searchRequest();
try {
  await waitFor(fault, () => portOpen(FAULT));
  await waitFor(worker, async () => (await post(url, body)).status === 200, 90_000, 200);
  await load({ url, body, connections, amount: 300 }); // warm-up
  const list = await (await fetch(`http://127.0.0.1:${PORT + 50}/json`)).json();
  // wrangler's inspector proxy wants an Origin on loopback (undici takes non-standard headers).
  const ws = new WebSocket(list[0].webSocketDebuggerUrl, { headers: { origin: "http://127.0.0.1" } });
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let next = 1;
  const pending = new Map();
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.id && pending.has(msg.id)) {
      pending.get(msg.id)(msg);
      pending.delete(msg.id);
    }
  };
  const send = (method, params = {}) => new Promise((resolve) => {
    const id = next++;
    pending.set(id, resolve);
    ws.send(JSON.stringify({ id, method, params }));
  });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: Number(process.env.PROFILE_INTERVAL_US ?? 100) });
  await send("Profiler.start");
  const result = await load({ url, body, connections, amount: requests });
  const { result: { profile } } = await send("Profiler.stop");
  ws.close();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n) => {
    const f = n.callFrame;
    return `${f.functionName || "(anonymous)"} ${f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : ""}`.trim().slice(0, 150);
  };
  const self = new Map();
  const incl = new Map();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const d = profile.timeDeltas[i] ?? 0;
    total += d;
    const k = name(byId.get(id));
    if (k === "(idle)") idle += d;
    self.set(k, (self.get(k) ?? 0) + d);
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const kk = name(byId.get(n));
      if (!seen.has(kk)) incl.set(kk, (incl.get(kk) ?? 0) + d);
      seen.add(kk);
    }
  });
  const busy = total - idle;
  console.log(`${target}: ${result.requests} requests at ${connections} clients, ${result.rps} req/s; isolate busy ${(busy / 1000).toFixed(0)} ms = ${(busy / 1000 / result.requests).toFixed(3)} ms per request (sampled)`);
  for (const [title, map] of [["self time (% of busy)", self], ["inclusive time (% of busy)", incl]]) {
    console.log(`-- ${title}`);
    for (const [k, v] of [...map.entries()].filter(([k]) => k !== "(idle)" && k !== "(root)").sort((a, b) => b[1] - a[1]).slice(0, 35)) {
      console.log(`${((v / busy) * 100).toFixed(1).padStart(5)}%  ${(v / 1000 / result.requests).toFixed(3)} ms/req  ${k}`);
    }
  }
} finally {
  await stop(worker);
  await stop(fault);
  await stopAll();
}
