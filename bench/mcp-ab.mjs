// The MCP door's added latency beside the A2A path's (issue 38's budget): the same skill call
// (document_search "just wage") made to the demo's Worker (wrangler.toml, the embedded stand-in
// answering) as A2A 0.2.6 `message/send` to /api/v1/a2a and as MCP `tools/call` to /mcp in both
// eras (2025-11-25 with `MCP-Protocol-Version`; 2026-07-28 stateless, `_meta` and the
// `Mcp-Method` / `Mcp-Name` headers). "Added" is each route's p50 minus the p50 of a plain
// loopback server (tests/servers/fault-server.mjs /by-query) answering the same call, so client
// and loopback costs are taken off. Two measures, both interleaved (the machine is shared):
// one client request by request (every route once per round, in a seeded shuffled order), and
// autocannon at 1 and 16 clients in rotating rounds, with process CPU per request (wrangler +
// workerd) beside it. The budget (bench/budgets.json `mcpAddedP50VsA2a`): MCP's added p50 ≤ that
// × the A2A path's, each era, each measure; the run prints pass/fail per row and exits non-zero
// when one fails.
//
//   node bench/mcp-ab.mjs [--interleaved 1000] [--clients 1,16] [--requests 1200] [--rounds 4]
//                         [--oauth | --bearer <token> --bearer-url <origin>]
//
// A third kind of row, "MCP tools/call with an OAuth access token (signed-in deployment)": with
// `--oauth` the bench starts a second demo Worker signed in (`AGENT_OAUTH:on`,
// `ALLOW_ANONYMOUS:off`) and gets a token through the flow an MCP client goes through
// (bench/lib/mcp.mjs `accessToken`); with `--bearer <token> --bearer-url <origin>` it loads an
// already running signed-in Worker with that token. Its ratio is to the anonymous Worker's A2A
// path and, with `--oauth`, to the signed-in Worker's A2A path for a visitor signed in by the
// page's sign-in (a session cookie), measured in the same rounds: reported, not held (issue 38:
// "report the OAuth-protected call's beside it").
//
// Ports 19110–19112 + MAGISTERIUM_TEST_PORT_OFFSET (inspectors + 50). Run after scripts/build.sh.
import http from "node:http";
import { rmSync } from "node:fs";
import path from "node:path";
import { OUT, BUDGETS, log, round, percentile, stop, waitFor, portOpen } from "./lib/util.mjs";
import { wranglerDev, faultServer, searchRequest, post, load } from "./lib/http.mjs";
import { LEGACY, MODERN, toolCall, toolCallProblem, accessToken, sessionCookie } from "./lib/mcp.mjs";

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const levels = arg("--clients", "1,16").split(",").map(Number);
const requests = Number(arg("--requests", "1200"));
const rounds = Number(arg("--rounds", "4"));
const interleave = Number(arg("--interleaved", "1000"));
const budget = BUDGETS.mcpAddedP50VsA2a;
const BASE = 19110 + Number(process.env.MAGISTERIUM_TEST_PORT_OFFSET ?? 0);
const FAULT = BASE;
const origin = (port) => `http://127.0.0.1:${port}`;
// The same settings for both Workers: nothing of the stand-in's emulation or the budgets in the
// way of the load (the embedded agent answers every call).
const vars = { UPSTREAM_URL: "embedded", AGENT_RATE_LIMITS: "off", PROXY_RATE_LIMITS: "off", UPSTREAM_PER_MINUTE: "100000000", UPSTREAM_QA_PER_MINUTE: "100000000" };

// Fresh state for each Worker: the stand-in's OAuth server lives in memory, so a client
// registration or a session kept from an earlier run would point at nothing.
for (const name of ["mcp-ab-demo", "mcp-ab-signed-in"]) rmSync(path.join(OUT, `state-${name}`), { recursive: true, force: true });
const servers = [];
const fault = faultServer(FAULT);
const demo = wranglerDev("mcp-ab-demo", BASE + 1, { vars });
servers.push(demo);
const a2a = { body: searchRequest(), headers: {} };
const targets = {
  direct: { url: `${origin(FAULT)}/by-query`, ...a2a, cpuOf: [], check: () => null },
  "A2A message/send": { url: `${origin(BASE + 1)}/api/v1/a2a`, ...a2a, cpuOf: [demo], check: a2aProblem },
  [`MCP tools/call ${LEGACY}`]: { url: `${origin(BASE + 1)}/mcp`, ...toolCall({ era: LEGACY }), cpuOf: [demo], check: (s, t) => toolCallProblem(s, t, LEGACY) },
  [`MCP tools/call ${MODERN}`]: { url: `${origin(BASE + 1)}/mcp`, ...toolCall({ era: MODERN }), cpuOf: [demo], check: (s, t) => toolCallProblem(s, t, MODERN) },
};
const OAUTH_ROW = "MCP tools/call with an OAuth access token (signed-in deployment)";
const SESSION_ROW = "A2A message/send with a session cookie (signed-in deployment)";
let signedIn = null;
if (process.argv.includes("--oauth")) {
  signedIn = wranglerDev("mcp-ab-signed-in", BASE + 2, { vars: { ...vars, AGENT_OAUTH: "on", ALLOW_ANONYMOUS: "off", OAUTH_ISSUER: "embedded" } });
  servers.push(signedIn);
} else if (arg("--bearer")) {
  targets[OAUTH_ROW] = { url: `${arg("--bearer-url")}/mcp`, ...toolCall({ era: MODERN, bearer: arg("--bearer") }), cpuOf: [], check: (s, t) => toolCallProblem(s, t, MODERN) };
}

/** `n` requests to every route, one at a time, each round in a seeded shuffled order (one
 *  kept-alive connection per route); p50 / p99 per route, and the answers that failed its check. */
async function interleaved(routes, n) {
  const agents = Object.fromEntries(routes.map((k) => [k, new http.Agent({ keepAlive: true, maxSockets: 1 })]));
  const lat = Object.fromEntries(routes.map((k) => [k, []]));
  const failed = Object.fromEntries(routes.map((k) => [k, 0]));
  let x = 0x9e3779b9;
  const rand = () => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), (x >>> 0) / 2 ** 32);
  for (let i = 0; i < n; i++) {
    const order = [...routes].sort(() => rand() - 0.5);
    for (const k of order) {
      const t = targets[k];
      const t0 = performance.now();
      const { status, text } = await new Promise((resolve, reject) => {
        const r = http.request(t.url, { method: "POST", agent: agents[k], headers: { "content-type": "application/json", ...t.headers } }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (c) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode, text: body }));
        });
        r.on("error", reject);
        r.end(t.body);
      });
      lat[k].push(performance.now() - t0);
      if (t.check(status, text)) failed[k]++;
    }
  }
  for (const a of Object.values(agents)) a.destroy();
  return Object.fromEntries(routes.map((k) => [k, { p50: percentile(lat[k], 0.5), p99: percentile(lat[k], 0.99), failed: failed[k] }]));
}

function a2aProblem(status, text) {
  if (status !== 200) return `HTTP ${status}: ${text.slice(0, 200)}`;
  const state = JSON.parse(text)?.result?.status?.state;
  return state === "completed" ? null : `not a completed task: ${text.slice(0, 200)}`;
}

try {
  await waitFor(fault, () => portOpen(FAULT), 20_000);
  if (signedIn) {
    await waitFor(signedIn, async () => (await fetch(`${origin(BASE + 2)}/.well-known/oauth-authorization-server`)).status === 200, 90_000, 200);
    const token = await accessToken(origin(BASE + 2));
    log(`signed-in Worker: access token obtained through DCR, consent, sign-in and the code exchange (expires in ${token.expires_in} s)`);
    targets[OAUTH_ROW] = { url: `${origin(BASE + 2)}/mcp`, ...toolCall({ era: MODERN, bearer: token.access_token }), cpuOf: [signedIn], check: (s, t) => toolCallProblem(s, t, MODERN) };
    // The same Worker's A2A path for a visitor signed in by the page's sign-in: what the
    // token's call is to be compared with (both run on a visitor's own Magisterium session).
    const cookie = await sessionCookie(origin(BASE + 2));
    targets[SESSION_ROW] = { url: `${origin(BASE + 2)}/api/v1/a2a`, body: a2a.body, headers: { cookie }, cpuOf: [signedIn], check: a2aProblem };
  }
  const names = Object.keys(targets);
  for (const name of names) {
    const t = targets[name];
    await waitFor(t.cpuOf[0] ?? fault, async () => (await post(t.url, t.body, t.headers)).status === 200, 90_000, 200);
    const r = await post(t.url, t.body, t.headers);
    const problem = t.check(r.status, r.text);
    if (problem) throw new Error(`${name}: ${problem}`);
    log(`${name}: ${r.text.length} B answer, x-magisterium-cache ${r.headers.get("x-magisterium-cache") ?? "–"}`);
    await load({ url: t.url, body: t.body, headers: t.headers, connections: 8, amount: 300 }); // warm-up
  }
  const verdicts = [];
  const hold = (n, what, ratio, non2xx) => verdicts.push({ what: `${n}, ${what}: added p50 ≤ ${budget}× the A2A path's`, ratio, ok: ratio <= budget && non2xx === 0 });
  // One client, request by request: each round sends one request to every route in a fresh
  // seeded order, so a change of the machine's load hits all routes alike.
  const one = await interleaved(names, interleave);
  console.log(`\n1 client, interleaved request by request (${interleave} each, seeded order); direct p50 ${round(one.direct.p50, 3)} ms\n| route | p50 ms | p99 ms | added p50 ms | ÷ A2A's added p50 | failed |\n| --- | ---: | ---: | ---: | ---: | ---: |`);
  for (const n of names.slice(1)) {
    const added = one[n].p50 - one.direct.p50;
    const ratio = added / (one["A2A message/send"].p50 - one.direct.p50);
    console.log(`| ${n} | ${round(one[n].p50, 3)} | ${round(one[n].p99, 3)} | ${round(added, 3)} | ${round(ratio, 3)}× | ${one[n].failed} |`);
    if (n.startsWith("MCP") && n !== OAUTH_ROW) hold(n, "1 client, interleaved", ratio, one[n].failed);
  }
  if (targets[SESSION_ROW]) {
    const r = (one[OAUTH_ROW].p50 - one.direct.p50) / (one[SESSION_ROW].p50 - one.direct.p50);
    console.log(`Signed in, like for like: the OAuth token's tools/call ÷ the session cookie's message/send, added p50: ${round(r, 3)}× (reported, issue 38)`);
  }
  for (const c of levels) {
    const runs = Object.fromEntries(names.map((n) => [n, []]));
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < names.length; i++) {
        const n = names[(i + r) % names.length];
        const t = targets[n];
        runs[n].push(await load({ url: t.url, body: t.body, headers: t.headers, connections: c, amount: Math.ceil(requests / rounds), duration: 40, cpuOf: t.cpuOf }));
      }
    }
    const p50 = (n) => percentile(runs[n].flatMap((x) => x.latencies), 0.5);
    const count = (n) => runs[n].reduce((a, x) => a + x.requests, 0);
    const cpu = (n) => (targets[n].cpuOf.length ? runs[n].reduce((a, x) => a + x.cpuMsPerRequest * x.requests, 0) / count(n) : null);
    const added = (n) => p50(n) - p50("direct");
    // The same ratio in each round on its own, to show how far one round strays on this machine.
    const perRound = (n) => runs[n].map((x, r) => (x.p50 - runs.direct[r].p50) / (runs["A2A message/send"][r].p50 - runs.direct[r].p50));
    const a2aAdded = added("A2A message/send");
    console.log(`\n${c} client(s), ${count("direct")} requests a route in ${rounds} rounds; direct p50 ${round(p50("direct"), 3)} ms\n| route | p50 ms | added p50 ms | ÷ A2A's added p50 (rounds) | CPU ms/request | ÷ A2A's CPU | non-2xx |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
    for (const n of names.slice(1)) {
      const ratio = added(n) / a2aAdded;
      const rs = perRound(n).map((x) => round(x, 2)).join(", ");
      const cpuRatio = cpu(n) !== null && cpu("A2A message/send") ? round(cpu(n) / cpu("A2A message/send"), 2) : "–";
      console.log(`| ${n} | ${round(p50(n), 3)} | ${round(added(n), 3)} | ${round(ratio, 3)}× (${rs}) | ${cpu(n) === null ? "–" : round(cpu(n), 3)} | ${cpuRatio} | ${runs[n].reduce((a, x) => a + x.non2xx, 0)} |`);
      if (n.startsWith("MCP") && n !== OAUTH_ROW) hold(n, `${c} client(s), rounds`, ratio, runs[n].reduce((a, x) => a + x.non2xx, 0));
    }
    if (targets[SESSION_ROW]) console.log(`Signed in, like for like: the OAuth token's tools/call ÷ the session cookie's message/send, added p50: ${round(added(OAUTH_ROW) / added(SESSION_ROW), 3)}×, CPU ${round(cpu(OAUTH_ROW) / cpu(SESSION_ROW), 3)}× (reported)`);
  }
  console.log(`\nBudget (bench/budgets.json mcpAddedP50VsA2a = ${budget}):`);
  for (const v of verdicts) console.log(`${v.ok ? "pass" : "FAIL"}: ${v.what}: ${round(v.ratio, 3)}×`);
  if (verdicts.some((v) => !v.ok)) process.exitCode = 1;
} finally {
  for (const s of servers) await stop(s);
  await stop(fault);
}
