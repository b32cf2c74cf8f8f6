// What single features of the proxy cost under load: the naive pass-through Worker with some of
// them switched on (bench/workers/variants/, by path), and the real proxy (wrangler.proxy.toml),
// all in front of tests/servers/fault-server.mjs /by-query, in rotating rounds. Prints process CPU
// per request (wrangler + workerd) and p50 per variant. Not part of bench/run.sh.
//
//   node bench/proxy-variants.mjs [--clients 16] [--requests 1000] [--rounds 6] [variant …]
//   variants: naive, ours, or features joined by "-" (see bench/workers/variants/worker.js),
//   default: naive reqab-resab reqab-resab-timeout reqab-resab-manual-hdrs-cors-reshdrs ours
// Ports 19027 (fault server), 19028 (variants), 19029 (ours); inspectors on port + 50.
import path from "node:path";
import { ROOT, log, stop, waitFor, portOpen } from "./lib/util.mjs";
import { wranglerDev, faultServer, searchRequest, post, load } from "./lib/http.mjs";

const args = process.argv.slice(2);
const option = (name, dflt) => {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const [value] = args.splice(i, 2).slice(1);
  return Number(value);
};
const clients = option("--clients", 16);
const requests = option("--requests", 1000);
const rounds = option("--rounds", 6);
const variants = args.length ? args : ["naive", "reqab-resab", "reqab-resab-timeout", "reqab-resab-manual-hdrs-cors-reshdrs", "ours"];

const FAULT = 19027;
const upstream = `http://127.0.0.1:${FAULT}/by-query`;
const fault = faultServer(FAULT);
const plain = wranglerDev("proxy-variants", 19028, { config: path.join(ROOT, "bench/workers/variants/wrangler.toml"), vars: { UPSTREAM_URL: upstream, MAGISTERIUM_TOKEN: "x" } });
const ours = wranglerDev("proxy-variants-ours", 19029, {
  config: path.join(ROOT, "wrangler.proxy.toml"),
  vars: { UPSTREAM_URL: upstream, MAGISTERIUM_TOKEN: "x", PROXY_RATE_LIMITS: "off", OAUTH_ISSUER: "embedded", ALLOW_ANONYMOUS: "on" },
});
const url = (v) => (v === "ours" ? "http://127.0.0.1:19029/api/v1/a2a" : `http://127.0.0.1:19028/${v}`);
const body = searchRequest();
try {
  await waitFor(fault, () => portOpen(FAULT), 20_000);
  for (const v of variants) {
    await waitFor(v === "ours" ? ours : plain, async () => (await post(url(v), body)).status === 200, 90_000, 200);
    await load({ url: url(v), body, connections: clients, amount: 400 }); // warm-up
  }
  const runs = Object.fromEntries(variants.map((v) => [v, []]));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < variants.length; i++) {
      const v = variants[(i + r) % variants.length];
      runs[v].push(await load({ url: url(v), body, connections: clients, amount: requests, cpuOf: [v === "ours" ? ours : plain] }));
    }
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  log(`${clients} client(s), ${rounds} rounds × ${requests} requests per variant, rotating order`);
  console.log("| variant | process CPU ms/request (mean of rounds) | p50 ms (mean of rounds) | non-2xx |\n| --- | ---: | ---: | ---: |");
  for (const v of variants) {
    const rs = runs[v];
    console.log(`| ${v} | ${mean(rs.map((x) => x.cpuMsPerRequest)).toFixed(2)} | ${mean(rs.map((x) => x.p50)).toFixed(2)} | ${rs.reduce((a, x) => a + x.non2xx, 0)} |`);
  }
} finally {
  await stop(plain);
  await stop(ours);
  await stop(fault);
}
