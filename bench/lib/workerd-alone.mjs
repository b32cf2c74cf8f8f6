// Start-up in workerd alone, without `wrangler dev`'s pipeline: each Worker as `wrangler deploy
// --dry-run` bundles it, started in a fresh workerd through Miniflare's API with the options wrangler
// derives from its config (vars, Durable Objects: `unstable_getMiniflareWorkerOptions`), timed
// from `new Miniflare` to ready (workerd up, the Worker loaded), then its first and second request.
// Under `wrangler dev` the first request also waits for wrangler to bundle the Worker (esbuild)
// after the port opens; here the bundles are made beforehand, so what remains is workerd loading
// the Worker, Miniflare's local stand-ins for its bindings, and the Worker's own first request.
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ROOT, OUT, log, median, round } from "./util.mjs";
import { searchRequest } from "./http.mjs";
import { upstreamVars, proxyVars, rotatingRounds } from "./startup.mjs";

const require = createRequire(path.join(ROOT, "package.json"));

/** The Workers, by the wrangler config each is bundled from (the names of `runStartup`). */
function workers(upstream) {
  const bench = (dir) => path.join(ROOT, "bench/workers", dir, "wrangler.toml");
  const proxy = proxyVars(upstream);
  return {
    naive: { config: bench("naive"), path: "/", vars: upstreamVars(upstream) },
    naiveWasm: { config: bench("naive-wasm"), path: "/", vars: upstreamVars(upstream) },
    naiveAuth: { config: bench("naive-auth"), path: "/", vars: upstreamVars(upstream) },
    naiveBound: { config: bench("naive-bound"), path: "/", vars: upstreamVars(upstream) },
    naiveBoundCache: { config: bench("naive-bound-cache"), path: "/", vars: upstreamVars(upstream) },
    proxyUnbound: { config: bench("proxy-unbound"), path: "/api/v1/a2a", vars: proxy },
    proxyNoBudget: { config: path.join(ROOT, "wrangler.proxy.toml"), path: "/api/v1/a2a", vars: { ...proxy, UPSTREAM_BUDGET: "off" } },
    proxyNoCache: { config: path.join(ROOT, "wrangler.proxy.toml"), path: "/api/v1/a2a", vars: { ...proxy, CACHE_ANSWERS: "off" } },
    proxy: { config: path.join(ROOT, "wrangler.proxy.toml"), path: "/api/v1/a2a", vars: proxy },
  };
}

/** The modules `wrangler deploy --dry-run` writes for `config` (the entry first). */
function bundle(name, config) {
  const dir = path.join(OUT, `bundle-${name}`);
  rmSync(dir, { recursive: true, force: true });
  execFileSync(path.join(ROOT, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", dir, "-c", config], { cwd: ROOT, stdio: "ignore", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
  const files = readdirSync(dir).filter((f) => f.endsWith(".js") || f.endsWith(".wasm"));
  const modules = files.map((f) => ({ type: f.endsWith(".wasm") ? "CompiledWasm" : "ESModule", path: path.join(dir, f), contents: readFileSync(path.join(dir, f)) }));
  return modules.sort((a, b) => (a.type === "ESModule" ? -1 : 0) - (b.type === "ESModule" ? -1 : 0));
}

async function once({ Miniflare, convertV4MiniflareOptions }, worker, port, body) {
  const persist = path.join(OUT, "state-workerd-alone");
  rmSync(persist, { recursive: true, force: true });
  const t0 = performance.now();
  const mf = new Miniflare(convertV4MiniflareOptions({
    ...worker.options,
    modules: worker.modules,
    modulesRoot: path.dirname(worker.modules[0].path),
    bindings: { ...worker.options.bindings, ...worker.vars },
    host: "127.0.0.1",
    port,
    resourcePersistencePath: persist,
  }));
  try {
    const url = new URL(worker.path, await mf.ready);
    const readyMs = performance.now() - t0;
    const request = async () => {
      const t = performance.now();
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
      await res.text();
      if (res.status !== 200) throw new Error(`workerd alone: ${worker.config} answered HTTP ${res.status}`);
      return performance.now() - t;
    };
    const firstRequestMs = await request();
    const secondRequestMs = await request();
    return { readyMs: round(readyMs, 1), firstRequestMs: round(firstRequestMs, 2), secondRequestMs: round(secondRequestMs, 2), readyToAnswerMs: round(readyMs + firstRequestMs, 1) };
  } finally {
    await mf.dispose();
  }
}

/** Rounds of every Worker once in rotating order; medians, and each Worker − naive paired. */
export async function runWorkerdAlone(ports, { quick }) {
  const { unstable_getMiniflareWorkerOptions } = require("wrangler");
  const miniflare = require("miniflare");
  const n = quick ? 7 : 25;
  const body = searchRequest();
  const defs = workers(`http://127.0.0.1:${ports.fault}/by-query`);
  const names = Object.keys(defs);
  log(`start-up in workerd alone: bundling ${names.length} Workers`);
  for (const name of names) {
    const def = defs[name];
    def.options = unstable_getMiniflareWorkerOptions(def.config).workerOptions;
    def.modules = bundle(name, def.config);
  }
  const runs = await rotatingRounds(ports, names, n, "start-up in workerd alone", (name) => once(miniflare, defs[name], ports.workerdAlone, body));
  const out = { rounds: n };
  const keys = ["readyMs", "firstRequestMs", "secondRequestMs", "readyToAnswerMs"];
  /** `name` − `other`, the median of each round's difference, for each of `of`. */
  const paired = (name, other, of = keys) => Object.fromEntries(of.map((k) => [k, round(median(runs[name].map((r, i) => r[k] - runs[other][i][k])), 2)]));
  for (const name of names) {
    const med = Object.fromEntries(keys.map((k) => [k, round(median(runs[name].map((r) => r[k])), 2)]));
    out[name] = { ...med, minusNaivePaired: paired(name, "naive"), runs: runs[name] };
  }
  // The proxy against the naive Worker with the same platform services (its Durable Objects and a
  // Cache API lookup per request, as the answer cache): what the proxy's own code (and its budget
  // object) costs, without Miniflare's local stand-ins of the services the design requires. The
  // target's yardstick since the answer cache; against the bindings alone, as before it, reported.
  const target = ["firstRequestMs", "readyToAnswerMs"];
  out.proxyMinusNaiveServicesPaired = paired("proxy", "naiveBoundCache", target);
  out.proxyMinusNaiveBoundPaired = paired("proxy", "naiveBound", target);
  return out;
}
