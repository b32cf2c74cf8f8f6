// Start-up of the Workers under `wrangler dev`: a fresh `wrangler dev` per run, the first request
// and its phases, for the demo's Worker, the proxy, the naive Worker and the informational Workers
// that tell the parts of the proxy's first request apart.
import path from "node:path";
import { ROOT, log, stop, waitFor, portOpen, assertFree, median, round } from "./util.mjs";
import { wranglerDev, faultServer, searchRequest, post } from "./http.mjs";

/**
 * Start-up of a fresh `wrangler dev`: spawn → port open → first answer, then a second request.
 * wrangler opens the port (its own proxy Worker) while it still bundles ours; the first request
 * waits for the rest, in three phases told apart by wrangler's output: bundling (until it prints
 * "Starting local server", esbuild done), loading (until "Ready on": Miniflare has started the
 * Worker's workerd with its bindings and the Worker loaded), and answering.
 */
async function startupOnce(name, port, { config, vars, url, body }) {
  await assertFree(port);
  const t0 = performance.now();
  const seen = {};
  let output = "";
  const onOutput = (text) => {
    output += text;
    const now = performance.now() - t0;
    if (seen.bundled === undefined && output.includes("Starting local server")) seen.bundled = now;
    if (seen.loaded === undefined && output.includes("Ready on")) seen.loaded = now;
  };
  const child = wranglerDev(name, port, { config, vars, onOutput });
  try {
    await waitFor(child, () => portOpen(port), 90_000, 10);
    const listening = performance.now() - t0;
    const first = await post(url, body);
    const firstAnswer = performance.now() - t0;
    const second = await post(url, body);
    const rest = [];
    for (let i = 0; i < 20; i++) rest.push((await post(url, body)).ms);
    // Phases of the first request, from the port opening (bundling ends before it for a small Worker).
    const phases = seen.bundled === undefined || seen.loaded === undefined ? null : {
      bundlingMs: round(Math.max(0, seen.bundled - listening), 1),
      loadingMs: round(seen.loaded - Math.max(seen.bundled, listening), 1),
      answeringMs: round(firstAnswer - seen.loaded, 1),
    };
    return { listeningMs: round(listening, 1), firstAnswerMs: round(firstAnswer, 1), firstRequestMs: round(first.ms, 2), firstStatus: first.status, secondRequestMs: round(second.ms, 2), warmMedianMs: round(median(rest), 2), phases };
  } finally {
    await stop(child);
  }
}

/** The vars of a Worker forwarding to `upstreamUrl` with the operator's token. */
export const upstreamVars = (upstreamUrl) => ({ UPSTREAM_URL: upstreamUrl, MAGISTERIUM_TOKEN: "x" });

/** The proxy's vars in the start-up bench: anonymous calls on the operator's token, no sign-in,
 *  and (as in the proxy bench) the operator account's budget out of the way of a run's calls. */
export const proxyVars = (upstreamUrl) => ({ ...upstreamVars(upstreamUrl), OAUTH_ISSUER: "", ALLOW_ANONYMOUS: "on", PROXY_RATE_LIMITS: "off", UPSTREAM_PER_MINUTE: "100000000", UPSTREAM_QA_PER_MINUTE: "100000000" });

/** The Workers of the start-up bench, beside the demo's (`ours`). */
function startupTargets(ports) {
  const upstream = `http://127.0.0.1:${ports.fault}/by-query`;
  const at = (k, urlPath, config, vars) => ({ port: ports.startup + k, url: `http://127.0.0.1:${ports.startup + k}${urlPath}`, config: config && path.join(ROOT, config), vars });
  return {
    ours: at(0, "/api/v1/a2a"),
    // The proxy as deployed (no stand-in), forwarding to the loopback upstream as naive does; its
    // first call also creates the operator account's budget object (a Durable Object).
    proxy: at(2, "/api/v1/a2a", "wrangler.proxy.toml", proxyVars(upstream)),
    naive: at(1, "/", "bench/workers/naive/wrangler.toml", upstreamVars(upstream)),
    // Informational, to tell the parts apart. The proxy without the budget object: what creating
    // it costs.
    proxyNoBudget: at(3, "/api/v1/a2a", "wrangler.proxy.toml", { ...proxyVars(upstream), UPSTREAM_BUDGET: "off" }),
    // The naive Worker with the proxy's bindings (its Durable Objects): what declaring them costs
    // a first request, whatever the code.
    naiveBound: at(4, "/", "bench/workers/naive-bound/wrangler.toml", upstreamVars(upstream)),
    // The proxy's code without its bindings: what the code alone costs.
    proxyUnbound: at(5, "/api/v1/a2a", "bench/workers/proxy-unbound/wrangler.toml", proxyVars(upstream)),
    // The naive Worker + the proxy's sign-in JavaScript (auth.js, oauth4webapi): what bundling and
    // loading that JS costs. The naive Worker + the proxy's wasm package: what loading it costs.
    naiveAuth: at(6, "/", "bench/workers/naive-auth/wrangler.toml", upstreamVars(upstream)),
    naiveWasm: at(7, "/", "bench/workers/naive-wasm/wrangler.toml", upstreamVars(upstream)),
  };
}

/** Runs `runOne(name)` for every Worker once a round, `n` rounds, in an order that rotates (the
 *  load of the shared machine falls on all of them alike), with the loopback upstream up; each
 *  Worker's runs, by name. */
export async function rotatingRounds(ports, names, n, label, runOne) {
  const runs = Object.fromEntries(names.map((name) => [name, []]));
  const fault = faultServer(ports.fault);
  try {
    await waitFor(fault, () => portOpen(ports.fault), 20_000);
    for (let i = 0; i < n; i++) {
      const order = names.map((_, k) => names[(k + i) % names.length]);
      log(`${label}: round ${i + 1} of ${n} (${order.join(", ")})`);
      for (const name of order) runs[name].push(await runOne(name));
    }
  } finally {
    await stop(fault);
  }
  return runs;
}

export async function runStartup(ports, { quick }) {
  const n = quick ? 3 : 9;
  const out = {};
  const body = searchRequest();
  const targets = startupTargets(ports);
  const names = Object.keys(targets);
  const runs = await rotatingRounds(ports, names, n, "start-up in workerd", (name) => startupOnce(`startup-${name}`, targets[name].port, { ...targets[name], body }));
  const phase = (name, k) => round(median(runs[name].map((r) => r.phases?.[k]).filter((x) => x !== undefined)), 1);
  for (const name of names) {
    const med = (k) => round(median(runs[name].map((r) => r[k])), 2);
    out[name] = {
      runs: runs[name], firstAnswerMs: med("firstAnswerMs"), listeningMs: med("listeningMs"), firstRequestMs: med("firstRequestMs"), secondRequestMs: med("secondRequestMs"), warmMedianMs: med("warmMedianMs"),
      phases: { bundlingMs: phase(name, "bundlingMs"), loadingMs: phase(name, "loadingMs"), answeringMs: phase(name, "answeringMs") },
    };
  }
  // Each Worker's first request minus naive's of the same round, median over the rounds.
  const paired = (a, b) => round(median(runs[a].map((r, i) => r.firstRequestMs - runs[b][i].firstRequestMs)), 2);
  out.minusNaivePairedMs = Object.fromEntries(names.filter((name) => name !== "naive").map((name) => [name, paired(name, "naive")]));
  out.proxyMinusNaivePairedMs = paired("proxy", "naive");
  out.proxyMinusNaiveBoundPairedMs = paired("proxy", "naiveBound");
  return out;
}
