// Workerd side: `wrangler dev` and the loopback upstream, the proxy against it (direct,
// naive pass-through Worker, ours) at 1/16/64 clients with autocannon, CPU per request from /proc,
// the Worker's own CPU inside the isolate, and the embedded agent's requests per second.
import { createRequire } from "node:module";
import path from "node:path";
import { ROOT, OUT, log, start, stop, waitFor, portOpen, processTree, cpuMs, median, percentile, round } from "./util.mjs";

const require = createRequire(path.join(ROOT, "package.json"));
const autocannon = require("autocannon");

const WRANGLER = path.join(ROOT, "node_modules/.bin/wrangler");
const ENV = {
  PATH: `${path.join(ROOT, "node_modules/.bin")}:${process.env.HOME}/.cargo/bin:${process.env.PATH}`,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_COLOR: "1",
};

/** The JSON-RPC body of a document_search (what the SDK sends). */
/** The same search as an MCP `tools/call` (the Worker's `/mcp`). */
export function mcpSearchRequest(query = "just wage", id = "bench-1") {
  return JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "document_search", arguments: { query } } });
}

export function searchRequest(query = "just wage", id = "bench-1") {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "message/send",
    params: { message: { role: "user", parts: [{ kind: "text", text: query }], messageId: id, kind: "message", metadata: { skillId: "document_search" } } },
  });
}

export function qaRequest(question, id = "bench-qa") {
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "message/send",
    params: { message: { role: "user", parts: [{ kind: "text", text: question }], messageId: id, kind: "message", metadata: { skillId: "catholic_qa" } } },
  });
}

/** `wrangler dev` on `port` (inspector on `port + 50`), config `config` (repo root's by default);
 *  its output also goes to `onOutput` when given. */
export function wranglerDev(name, port, { config, vars = {}, onOutput } = {}) {
  const args = ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(port + 50), "--show-interactive-dev-session=false", "--persist-to", path.join(OUT, `state-${name}`)];
  if (config) args.push("-c", config);
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  return start(name, WRANGLER, args, { env: ENV, onOutput });
}

export function faultServer(port) {
  return start("fault-server", process.execPath, [path.join(ROOT, "tests/servers/fault-server.mjs"), String(port)]);
}

/** POST `body` to `url`; resolves to { status, ms, text }. */
export async function post(url, body, headers = {}) {
  const t0 = performance.now();
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - t0, text, headers: res.headers };
}

async function readyRpc(child, url, body) {
  return waitFor(child, async () => (await post(url, body)).status === 200, 90_000, 100);
}

/**
 * One autocannon run; latencies are taken from every response (float ms), not from autocannon's
 * integer-millisecond histogram. CPU of `pids` (and their children) is read before and after.
 */
export async function load({ url, body, bodies, headers = {}, connections, amount, duration = 30, cpuOf = [] }) {
  const pids = cpuOf.flatMap((c) => processTree(c.pid));
  const before = cpuMs(pids);
  const lat = [];
  let non2xx = 0;
  let i = 0;
  const opts = {
    url,
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    connections,
    amount,
    duration,
    pipelining: 1,
    timeout: 20,
  };
  if (bodies) opts.requests = [{ setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length] }) }];
  else opts.body = body;
  const instance = autocannon(opts);
  instance.on("response", (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) lat.push(ms);
    else non2xx++;
  });
  const result = await instance;
  const after = cpuMs(pids);
  const requests = result.requests.total;
  const seconds = result.duration;
  const out = {
    connections,
    requests,
    non2xx: non2xx + result.errors + result.timeouts,
    seconds: round(seconds, 2),
    rps: round(requests / seconds, 1),
    ...latencyStats(lat),
    cpuMsPerRequest: pids.length ? round((after.total - before.total) / Math.max(1, requests), 3) : null,
    cpuByProcess: pids.length ? Object.fromEntries(Object.entries(after.byName).map(([k, v]) => [k, round((v - (before.byName[k] ?? 0)) / Math.max(1, requests), 3)])) : null,
  };
  // Every latency, for pooling rounds; left out of results.json (not enumerable).
  Object.defineProperty(out, "latencies", { value: lat, enumerable: false });
  return out;
}

/** p50 / p90 / p99 / mean of latencies in ms. */
function latencyStats(lat) {
  return {
    p50: round(percentile(lat, 0.5), 3),
    p90: round(percentile(lat, 0.9), 3),
    p99: round(percentile(lat, 0.99), 3),
    mean: round(lat.reduce((a, b) => a + b, 0) / (lat.length || 1), 3),
  };
}

/** Several `load` runs of one target at one level as one: latencies pooled, CPU summed over all
 *  requests. (The proxy bench splits each level into rounds, interleaving the targets round by
 *  round, so a change of the machine's load mid-run hits them alike.) */
function pooled(runs) {
  const lat = runs.flatMap((r) => r.latencies);
  const requests = runs.reduce((a, r) => a + r.requests, 0);
  const seconds = runs.reduce((a, r) => a + r.seconds, 0);
  const cpuTotal = runs.every((r) => r.cpuMsPerRequest !== null) ? runs.reduce((a, r) => a + r.cpuMsPerRequest * r.requests, 0) : null;
  const byName = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.cpuByProcess ?? {})) byName[k] = (byName[k] ?? 0) + v * r.requests;
  return {
    connections: runs[0].connections,
    requests,
    rounds: runs.length,
    non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
    seconds: round(seconds, 2),
    rps: round(requests / seconds, 1),
    ...latencyStats(lat),
    cpuMsPerRequest: cpuTotal === null ? null : round(cpuTotal / Math.max(1, requests), 3),
    cpuByProcess: cpuTotal === null ? null : Object.fromEntries(Object.entries(byName).map(([k, v]) => [k, round(v / Math.max(1, requests), 3)])),
  };
}

/** The Worker's own time per request inside the isolate: wall time of one request that runs the
 *  handler n times (upstream fetch answered in memory), (T(n) − T(1)) / (n − 1), median of reps.
 *  `logRequests` sets the Worker's LOG_REQUESTS (default: its own default, "errors"), `answers`
 *  its CACHE_ANSWERS ("off": every call forwarded; default on: every call after the first a hit). */
async function isolateCost(port, target, { n, reps, logRequests, answers }) {
  const query = new URLSearchParams({ target, ...(logRequests && { logRequests }), ...(answers && { answers }) });
  const url = (k) => `http://127.0.0.1:${port}/?${query}&n=${k}`;
  let agent;
  const t = async (k) => {
    const r = await post(url(k), "");
    if (r.status !== 200) throw new Error(`isolate bench ${target}: HTTP ${r.status}: ${r.text.slice(0, 300)}`);
    agent = JSON.parse(r.text).agent;
    return r.ms;
  };
  for (let i = 0; i < 3; i++) await t(n); // warm-up (JIT, wasm tier-up)
  const per = [];
  for (let i = 0; i < reps; i++) {
    const one = await t(1);
    const many = await t(n);
    per.push((many - one) / (n - 1));
  }
  if (target === "ours" && agent !== "proxy") throw new Error(`isolate bench: ours answered as ${agent}, not as the proxy`);
  return { msPerRequest: round(median(per), 4), min: round(Math.min(...per), 4), max: round(Math.max(...per), 4), n, reps };
}

export async function runProxy(ports, { quick }) {
  const fault = faultServer(ports.fault);
  const upstream = `http://127.0.0.1:${ports.fault}/by-query`;
  const body = searchRequest();
  const servers = [];
  try {
    await waitFor(fault, () => portOpen(ports.fault), 20_000);
    const proxyVars = { UPSTREAM_URL: upstream, MAGISTERIUM_TOKEN: "x", PROXY_RATE_LIMITS: "off" };
    // Ours is the proxy as deployed (wrangler.proxy.toml: no stand-in, no static assets), with
    // anonymous calls allowed under the operator token and no sign-in, so nothing leaves loopback.
    const proxyConfig = path.join(ROOT, "wrangler.proxy.toml");
    // Every call is taken from the operator account's budget object (a Durable Object): its
    // limits raised so the load is never refused (and, with that room, most calls come from a
    // lease the object gave the isolate). "oursNoBudget" is the same Worker without it.
    const oursVars = { ...proxyVars, OAUTH_ISSUER: "", ALLOW_ANONYMOUS: "on", UPSTREAM_PER_MINUTE: "100000000", UPSTREAM_QA_PER_MINUTE: "100000000" };
    const ours = wranglerDev("proxy-ours", ports.proxy, { config: proxyConfig, vars: oursVars });
    const noBudget = wranglerDev("proxy-no-budget", ports.noBudget, { config: proxyConfig, vars: { ...oursVars, UPSTREAM_BUDGET: "off" } });
    const naive = wranglerDev("proxy-naive", ports.naive, { config: path.join(ROOT, "bench/workers/naive/wrangler.toml"), vars: proxyVars });
    const isolate = wranglerDev("proxy-isolate", ports.isolate, { config: path.join(ROOT, "bench/workers/isolate/wrangler.toml"), vars: proxyVars });
    // The same Worker with LOG_REQUESTS=all (a JSON line for every call, not only the refused
    // and failed ones as by default): informational, not a target.
    const allLogs = wranglerDev("proxy-all-logs", ports.allLogs, { config: proxyConfig, vars: { ...oursVars, LOG_REQUESTS: "all" } });
    // The demo's Worker (wrangler.toml: the same Worker plus the demo page's assets, so every call
    // first passes workerd's assets router): informational, not a target.
    const demo = wranglerDev("proxy-demo", ports.demo, { vars: { ...proxyVars, UPSTREAM_PER_MINUTE: oursVars.UPSTREAM_PER_MINUTE, UPSTREAM_QA_PER_MINUTE: oursVars.UPSTREAM_QA_PER_MINUTE } });
    servers.push(ours, noBudget, naive, isolate, allLogs, demo);
    const targets = {
      direct: { url: upstream, cpuOf: [] },
      naive: { url: `http://127.0.0.1:${ports.naive}/`, cpuOf: [naive] },
      ours: { url: `http://127.0.0.1:${ports.proxy}/api/v1/a2a`, cpuOf: [ours] },
      // The same call through the MCP front door of the same Worker: informational.
      oursMcp: { url: `http://127.0.0.1:${ports.proxy}/mcp`, cpuOf: [ours], body: mcpSearchRequest() },
      oursNoBudget: { url: `http://127.0.0.1:${ports.noBudget}/api/v1/a2a`, cpuOf: [noBudget] },
      oursAllLogs: { url: `http://127.0.0.1:${ports.allLogs}/api/v1/a2a`, cpuOf: [allLogs] },
      demo: { url: `http://127.0.0.1:${ports.demo}/api/v1/a2a`, cpuOf: [demo] },
    };
    for (const [name, t] of Object.entries(targets)) {
      log(`proxy: waiting for ${name}`);
      await readyRpc(t.cpuOf[0] ?? fault, t.url, t.body ?? body);
      const check = await post(t.url, t.body ?? body);
      const result = JSON.parse(check.text)?.result;
      t.sample = { status: check.status, agent: check.headers.get("x-magisterium-agent"), bytes: check.text.length, ok: result?.kind === "task" || (Array.isArray(result?.content) && !result.isError) };
    }
    await waitFor(isolate, async () => (await post(`http://127.0.0.1:${ports.isolate}/?target=naive&n=1`, "")).status === 200, 90_000, 100);

    const plan = quick
      ? [{ c: 1, amount: 200 }, { c: 16, amount: 600 }, { c: 64, amount: 1000 }]
      : [{ c: 1, amount: 2000 }, { c: 16, amount: 3000 }, { c: 64, amount: 4000 }];
    const results = { direct: [], naive: [], ours: [], oursMcp: [], oursNoBudget: [], oursAllLogs: [], demo: [] };
    // Ours ÷ naive in each round on its own (added p50, added p99, CPU), to show how far one
    // round's ratio strays from the pooled one on this shared machine.
    const roundRatios = [];
    for (const name of Object.keys(targets)) {
      log(`proxy: warm-up ${name}`);
      await load({ url: targets[name].url, body: targets[name].body ?? body, connections: 16, amount: quick ? 200 : 600 });
    }
    // Interleaved: each concurrency level is split into rounds, and every round runs each
    // target back to back (order rotated), so drift in the machine's load hits them alike.
    const rounds = quick ? 1 : 4;
    const names = Object.keys(targets);
    for (const { c, amount } of plan) {
      const runs = Object.fromEntries(names.map((n) => [n, []]));
      for (let r = 0; r < rounds; r++) {
        const order = names.map((_, i) => names[(i + r) % names.length]);
        for (const name of order) {
          log(`proxy: ${name} at ${c} client(s), round ${r + 1}/${rounds}, ${Math.ceil(amount / rounds)} requests`);
          runs[name].push(await load({ url: targets[name].url, body: targets[name].body ?? body, connections: c, amount: Math.ceil(amount / rounds), duration: 40, cpuOf: targets[name].cpuOf }));
        }
      }
      for (const name of names) results[name].push(pooled(runs[name]));
      roundRatios.push({
        connections: c,
        rounds: runs.ours.map((o, r) => {
          const d = runs.direct[r];
          const nv = runs.naive[r];
          return {
            p50: round((o.p50 - d.p50) / (nv.p50 - d.p50), 2),
            p99: round((o.p99 - d.p99) / (nv.p99 - d.p99), 2),
            cpu: round(o.cpuMsPerRequest / nv.cpuMsPerRequest, 2),
          };
        }),
      });
    }
    const added = (name) => results[name].map((r, i) => ({
      connections: r.connections,
      p50: round(r.p50 - results.direct[i].p50, 3),
      p99: round(r.p99 - results.direct[i].p99, 3),
    }));
    const addedOurs = added("ours");
    const addedNaive = added("naive");
    const addedAllLogs = added("oursAllLogs");
    const addedNoBudget = added("oursNoBudget");
    const addedDemo = added("demo");
    const addedMcp = added("oursMcp");
    const ratioOf = (name, addedX) => addedX.map((o, i) => ({
      connections: o.connections,
      p50: round(o.p50 / addedNaive[i].p50, 2),
      p99: round(o.p99 / addedNaive[i].p99, 2),
      cpu: round(results[name][i].cpuMsPerRequest / results.naive[i].cpuMsPerRequest, 2),
    }));
    const ratios = ratioOf("ours", addedOurs);
    const ratiosAllLogs = ratioOf("oursAllLogs", addedAllLogs);
    const ratiosNoBudget = ratioOf("oursNoBudget", addedNoBudget);
    const ratiosDemo = ratioOf("demo", addedDemo);
    const ratiosMcp = ratioOf("oursMcp", addedMcp);

    log("proxy: CPU inside the isolate");
    const iso = { n: quick ? 101 : 401, reps: quick ? 5 : 11 };
    const inIsolate = {
      naive: await isolateCost(ports.isolate, "naive", { ...iso, n: iso.n * 4, logs: false }),
      // The forwarding path (every call upstream), as before the answer cache; then the same
      // search answered from it (a hit, through the platform's Cache API: Miniflare's, locally).
      ours: await isolateCost(ports.isolate, "ours", { ...iso, answers: "off" }),
      oursHit: await isolateCost(ports.isolate, "ours", { ...iso }),
      oursWithLogs: await isolateCost(ports.isolate, "ours", { ...iso, n: Math.ceil(iso.n / 4), logRequests: "all", answers: "off" }),
      baseline: await isolateCost(ports.isolate, "baseline", { ...iso, n: iso.n * 4, logs: false }),
    };
    return { upstream, samples: Object.fromEntries(Object.entries(targets).map(([k, v]) => [k, v.sample])), results, added: { naive: addedNaive, ours: addedOurs, oursNoBudget: addedNoBudget, oursAllLogs: addedAllLogs, demo: addedDemo, oursMcp: addedMcp }, ratios, roundRatios, ratiosNoBudget, ratiosAllLogs, ratiosDemo, ratiosMcp, inIsolate };
  } finally {
    for (const s of servers) await stop(s);
    await stop(fault);
  }
}

const QUERIES = ["just wage", "dignity of work", "subsidiarity", "common good", "grace", "family", "private property", "solidarity"];
const QUESTIONS = ["What is a just wage?", "What is grace?", "What is subsidiarity?", "What does the Church teach about work?", "What is the common good?", "Why is the family important?"];

export async function runAgent(ports, { quick }) {
  const child = wranglerDev("agent", ports.agent, { vars: { UPSTREAM_URL: "embedded", AGENT_RATE_LIMITS: "off" } });
  const url = `http://127.0.0.1:${ports.agent}/api/v1/a2a`;
  try {
    await readyRpc(child, url, searchRequest());
    const search = QUERIES.map((q, i) => searchRequest(q, `s-${i}`));
    const qa = QUESTIONS.map((q, i) => qaRequest(q, `q-${i}`));
    const sample = async (b) => {
      const r = await post(url, b);
      const doc = JSON.parse(r.text);
      return { status: r.status, agent: r.headers.get("x-magisterium-agent"), state: doc?.result?.status?.state ?? doc?.error?.message, bytes: r.text.length };
    };
    const samples = { document_search: await sample(search[0]), catholic_qa: await sample(qa[0]) };
    const out = { samples };
    for (const [skill, bodies] of [["document_search", search], ["catholic_qa", qa]]) {
      await load({ url, bodies, connections: 8, amount: quick ? 100 : 300 });
      out[skill] = {};
      for (const c of [1, 16]) {
        log(`agent: ${skill} at ${c} client(s)`);
        out[skill][`c${c}`] = await load({ url, bodies, connections: c, amount: quick ? 300 : c === 1 ? 1000 : 3000, duration: 30, cpuOf: [child] });
      }
    }
    return out;
  } finally {
    await stop(child);
  }
}
