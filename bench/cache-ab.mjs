// The answer cache's hit path under load (issue 43): added p50 and process CPU per request of a
// cached document_search through the proxy, beside the naive pass-through Worker, the path of
// every call upstream (CACHE_ANSWERS=off, as before the answer cache) and the miss path with the
// cache on (every request a query not seen before: the cache read, the budget object asked with
// the key, the upstream call, the cache write and the holder's report), in rotating rounds.
//
//   node bench/cache-ab.mjs        (after scripts/build.sh; ports 19100-19103 + MAGISTERIUM_TEST_PORT_OFFSET,
//                                   inspectors on port + 50)
import path from "node:path";
import { ROOT, log, round, stop, waitFor, portOpen } from "./lib/util.mjs";
import { wranglerDev, faultServer, searchRequest, post, load } from "./lib/http.mjs";
const BASE = 19100 + Number(process.env.MAGISTERIUM_TEST_PORT_OFFSET ?? 0);
const FAULT = BASE, upstream = `http://127.0.0.1:${FAULT}/by-query`;
const vars = { UPSTREAM_URL: upstream, MAGISTERIUM_TOKEN: "x", PROXY_RATE_LIMITS: "off", OAUTH_ISSUER: "", ALLOW_ANONYMOUS: "on", UPSTREAM_PER_MINUTE: "100000000", UPSTREAM_QA_PER_MINUTE: "100000000" };
const fault = faultServer(FAULT);
const targets = { direct: { url: upstream, cpuOf: [] } }, servers = [];
const serve = (name, port, config, v, route) => { const c = wranglerDev(`cache-${name}`, port, { config, vars: v }); servers.push(c); targets[name] = { url: `http://127.0.0.1:${port}${route}`, cpuOf: [c] }; };
/** A query nobody asked before, for the miss path. */
let fresh = 0;
const misses = (n) => Array.from({ length: n }, () => searchRequest(`miss ${process.pid} ${fresh++}`));
serve("naive", BASE + 1, path.join(ROOT, "bench/workers/naive/wrangler.toml"), { UPSTREAM_URL: upstream, MAGISTERIUM_TOKEN: "x" }, "/");
serve("miss (cache off)", BASE + 2, path.join(ROOT, "wrangler.proxy.toml"), { ...vars, CACHE_ANSWERS: "off" }, "/api/v1/a2a");
serve("hit", BASE + 3, path.join(ROOT, "wrangler.proxy.toml"), vars, "/api/v1/a2a");
targets["miss (cache on)"] = { ...targets.hit, misses: true };
const body = searchRequest();
try {
  await waitFor(fault, () => portOpen(FAULT), 20_000);
  const all = Object.keys(targets);
  for (const n of all) { await waitFor(targets[n].cpuOf[0] ?? fault, async () => (await post(targets[n].url, body)).status === 200, 90_000, 200); await load({ url: targets[n].url, body, bodies: targets[n].misses && misses(300), connections: 16, amount: 300 }); }
  const marks = await post(targets.hit.url, body); log(`hit target says x-magisterium-cache: ${marks.headers.get("x-magisterium-cache")}`);
  for (const c of [1, 16]) {
    const runs = Object.fromEntries(all.map((n) => [n, []]));
    for (let r = 0; r < 3; r++) for (let i = 0; i < all.length; i++) { const n = all[(i + r) % all.length]; runs[n].push(await load({ url: targets[n].url, body, bodies: targets[n].misses && misses(400), connections: c, amount: 400, cpuOf: targets[n].cpuOf })); }
    const lat = (n) => runs[n].flatMap((x) => x.latencies).sort((a, b) => a - b);
    const p50 = (n) => { const l = lat(n); return l[l.length >> 1]; };
    const count = (n) => runs[n].reduce((a, x) => a + x.requests, 0);
    const cpu = (n) => runs[n].reduce((a, x) => a + x.cpuMsPerRequest * x.requests, 0) / count(n);
    console.log(`\n${c} client(s), direct p50 ${round(p50("direct"), 3)} ms\n| route | added p50 ms | CPU ms/request (workerd + wrangler) | non-2xx |\n| --- | ---: | ---: | ---: |`);
    for (const n of all.slice(1)) console.log(`| ${n} | ${round(p50(n) - p50("direct"), 3)} | ${round(cpu(n), 3)} | ${runs[n].reduce((a, x) => a + x.non2xx, 0)} |`);
  }
} finally { for (const s of servers) await stop(s); await stop(fault); }
