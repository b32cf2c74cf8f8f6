// A/B of builds of the proxy Worker under load, for judging one change of its budget path: the
// loopback upstream direct, the naive Worker, the proxy without the budget object
// (UPSTREAM_BUDGET=off) and each snapshot of the proxy with it, as bench/run.sh runs "ours"
// (limits raised out of the way, anonymous calls under the operator token), in rotating rounds.
// Prints added p50 and process CPU per request of each, and their ratios to naive.
//
//   node bench/budget-ab.mjs --snapshot NAME      copies the current build (crates/worker/*.js,
//                                                 dist/pkg-proxy) to bench/out/budget-ab/NAME
//   node bench/budget-ab.mjs [--clients 1,16,64] [--requests 400] [--rounds 4] NAME …
//
// Ports 19060 (upstream), 19061 (naive), 19062 (without the budget), 19063… (the snapshots);
// inspectors on port + 50. Run after scripts/build.sh.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { OUT, ROOT, log, round, stop, waitFor, portOpen } from "./lib/util.mjs";
import { wranglerDev, faultServer, searchRequest, post, load } from "./lib/http.mjs";

const args = process.argv.slice(2);
const option = (name, dflt) => {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  return args.splice(i, 2)[1];
};
const AT = path.join(OUT, "budget-ab");
/** Copies the current build (the entry's JavaScript, dist/pkg-proxy, the config) to AT/name. */
function takeSnapshot(name) {
  const dir = path.join(AT, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "crates/worker"), { recursive: true });
  for (const f of ["entry.js", "auth.js", "oauth-client.js"]) cpSync(path.join(ROOT, "crates/worker", f), path.join(dir, "crates/worker", f));
  cpSync(path.join(ROOT, "dist/pkg-proxy"), path.join(dir, "dist/pkg-proxy"), { recursive: true });
  // wrangler.proxy.toml beside its copies: main and [alias] are relative to the config.
  writeFileSync(path.join(dir, "wrangler.toml"), readFileSync(path.join(ROOT, "wrangler.proxy.toml"), "utf8"));
  log(`snapshot ${name} in ${dir}`);
}

const snapshot = option("--snapshot", null);
if (snapshot) takeSnapshot(snapshot);
else await compare();

/** The snapshots named on the command line, side by side with direct, naive and no budget object. */
async function compare() {
  const levels = option("--clients", "1,16,64").split(",").map(Number);
  const requests = Number(option("--requests", "400"));
  const rounds = Number(option("--rounds", "4"));
  const names = args;
  if (!names.length) throw new Error("usage: node bench/budget-ab.mjs [--clients 1,16,64] [--requests N] [--rounds R] SNAPSHOT …");

  const FAULT = 19060;
  const upstream = `http://127.0.0.1:${FAULT}/by-query`;
  const proxyVars = { UPSTREAM_URL: upstream, MAGISTERIUM_TOKEN: "x", PROXY_RATE_LIMITS: "off" };
  const oursVars = { ...proxyVars, OAUTH_ISSUER: "", ALLOW_ANONYMOUS: "on", UPSTREAM_PER_MINUTE: "100000000", UPSTREAM_QA_PER_MINUTE: "100000000" };
  const fault = faultServer(FAULT);
  const servers = [];
  const targets = { direct: { url: upstream, cpuOf: [] } };
  const serve = (name, port, config, vars, route) => {
    const child = wranglerDev(`budget-ab-${name}`, port, { config, vars });
    servers.push(child);
    targets[name] = { url: `http://127.0.0.1:${port}${route}`, cpuOf: [child] };
  };
  serve("naive", 19061, path.join(ROOT, "bench/workers/naive/wrangler.toml"), proxyVars, "/");
  serve("noBudget", 19062, path.join(AT, names[0], "wrangler.toml"), { ...oursVars, UPSTREAM_BUDGET: "off" }, "/api/v1/a2a");
  names.forEach((n, i) => serve(n, 19063 + i, path.join(AT, n, "wrangler.toml"), oursVars, "/api/v1/a2a"));
  const body = searchRequest();
  try {
    await waitFor(fault, () => portOpen(FAULT), 20_000);
    const all = Object.keys(targets);
    for (const name of all) {
      const child = targets[name].cpuOf[0] ?? fault;
      await waitFor(child, async () => (await post(targets[name].url, body)).status === 200, 90_000, 200);
      await load({ url: targets[name].url, body, connections: 16, amount: 400 }); // warm-up
    }
    for (const c of levels) {
      const runs = Object.fromEntries(all.map((n) => [n, []]));
      for (let r = 0; r < rounds; r++) {
        for (let i = 0; i < all.length; i++) {
          const name = all[(i + r) % all.length];
          runs[name].push(await load({ url: targets[name].url, body, connections: c, amount: requests, cpuOf: targets[name].cpuOf }));
        }
      }
      const lat = (n) => runs[n].flatMap((x) => x.latencies).sort((a, b) => a - b);
      const p50 = (n) => { const l = lat(n); return l[l.length >> 1]; };
      const count = (n) => runs[n].reduce((a, x) => a + x.requests, 0);
      const cpu = (n) => runs[n].reduce((a, x) => a + x.cpuMsPerRequest * x.requests, 0) / count(n);
      // CPU per request by process name (workerd, the wrangler node process, …).
      const byProcess = (n) => {
        const sum = {};
        for (const x of runs[n]) for (const [k, v] of Object.entries(x.cpuByProcess ?? {})) sum[k] = (sum[k] ?? 0) + v * x.requests;
        return Object.entries(sum).map(([k, v]) => `${k} ${round(v / count(n), 2)}`).join(", ");
      };
      const direct = p50("direct");
      log(`${c} client(s), ${rounds} rounds × ${requests} requests, rotating; direct p50 ${round(direct, 3)} ms`);
      console.log(`\n${c} client(s)\n| route | added p50 ms | ÷ naive | CPU ms/request | ÷ naive | by process | non-2xx |\n| --- | ---: | ---: | ---: | ---: | --- | ---: |`);
      for (const n of all.slice(1)) {
        const added = p50(n) - direct;
        console.log(`| ${n} | ${round(added, 3)} | ${round(added / (p50("naive") - direct), 2)} | ${round(cpu(n), 3)} | ${round(cpu(n) / cpu("naive"), 2)} | ${byProcess(n)} | ${runs[n].reduce((a, x) => a + x.non2xx, 0)} |`);
      }
    }
  } finally {
    for (const s of servers) await stop(s);
    await stop(fault);
  }
}
