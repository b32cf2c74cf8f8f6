// One upstream call per key across the isolates of a location (issue 43, item 3), in real workerd.
// workerd runs each Worker in an isolate of its own, so one `wrangler dev` runs two copies of the
// proxy (crates/worker/entry.js, dist/pkg-proxy) as two Workers, "a" and "b", behind a router
// (tests/fixtures/two-isolates/router.js): "a" holds the account's budget object (UpstreamBudget),
// "b" binds the same object (BUDGET with script_name), and both share the location's Cache API,
// as two isolates of one location do. The upstream is the fault server's service with the
// service's real limits (15 calls a minute, 2 of them Q&A), each answer after 600 ms so identical
// calls overlap.
//   - Identical misses from both isolates at once: the upstream sees one call per key, and every
//     caller gets a Task of its own. The isolate's own coalescer alone gives two (one per isolate).
//   - The caller holding a key fails upstream: the callers waiting on it in the other isolate are
//     still answered (each goes on with a call of its own).
//   - The caller holding a key does not report in time (its upstream slower than the key's
//     deadline, as a holder whose isolate died): its waiters are let go at the deadline and
//     answered by a call of their own.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { port, root, startWrangler } from "./helpers.mjs";

const FAULT_PORT = port(18884);
const PROXY_PORT = port(18885);
const LATE_PORT = port(18886);
const FAULT = `http://127.0.0.1:${FAULT_PORT}`;
const DELAY_MS = 600;
const TOKEN = `isolates-secret-${process.pid}`;
const dir = path.join(root, "test-output", "two-isolates");
const children = [];
after(() => {
  children.forEach((stop) => stop());
  rmSync(dir, { recursive: true, force: true });
});

/** The wrangler config (JSON) of copy `name` of the proxy with `vars`; `budgetOf`: the Worker
 *  whose budget object it binds (its own without). */
function proxyConfig(name, vars, budgetOf) {
  const budget = { name: "BUDGET", class_name: "UpstreamBudget", ...(budgetOf && { script_name: budgetOf }) };
  return {
    name,
    main: path.join(root, "crates", "worker", "entry.js"),
    compatibility_date: "2026-11-01",
    alias: { "magisterium-worker": path.join(root, "dist", "pkg-proxy", "worker.js") },
    durable_objects: { bindings: [budget] },
    migrations: budgetOf ? [] : [{ tag: "v1", new_sqlite_classes: ["UpstreamBudget"] }],
    vars: {
      UPSTREAM_URL: `${FAULT}/service/slow/${DELAY_MS}`, MAGISTERIUM_TOKEN: TOKEN, OAUTH_ISSUER: "", ALLOW_ANONYMOUS: "on",
      PROXY_RATE_LIMITS: "off", UPSTREAM_PER_MINUTE: "15", UPSTREAM_QA_PER_MINUTE: "2", LOG_REQUESTS: "all", ...vars,
    },
  };
}

/** One `wrangler dev` on `port`: the router and the two copies ("a" holds the budget object),
 *  named after `name`, with their own `varsA` / `varsB`; both copies started. */
async function startPair(name, port, varsA = {}, varsB = {}) {
  const folder = path.join(dir, name);
  mkdirSync(folder, { recursive: true });
  const write = (file, config) => (writeFileSync(path.join(folder, file), JSON.stringify(config, null, 2)), path.join(folder, file));
  const [a, b] = [`${name}-proxy-a`, `${name}-proxy-b`];
  const router = write("router.json", {
    name: `${name}-router`, main: path.join(root, "tests", "fixtures", "two-isolates", "router.js"), compatibility_date: "2026-11-01",
    services: [{ binding: "A", service: a }, { binding: "B", service: b }],
  });
  const configs = [router, write("proxy-a.json", proxyConfig(a, varsA)), write("proxy-b.json", proxyConfig(b, varsB, a))];
  const started = await startWrangler(root, port, configs.flatMap((c) => ["-c", c]), "/api/v1/a2a");
  children.push(started.stop);
  // Both copies started (their wasm instantiated), so neither's first call waits for it.
  for (const isolate of ["a", "b"]) await fetch(`http://127.0.0.1:${port}/api/v1/a2a`, { headers: { "x-test-isolate": isolate } });
  return started;
}

before(async () => {
  rmSync(dir, { recursive: true, force: true });
  const fault = spawn(process.execPath, [path.join(root, "tests", "servers", "fault-server.mjs"), String(FAULT_PORT)], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(() => fault.kill());
  await new Promise((resolve, reject) => {
    fault.stdout.on("data", (d) => String(d).includes("listening") && resolve());
    fault.once("exit", (code) => reject(new Error(`the fault server exited (${code})`)));
  });
  await startPair("isolates", PROXY_PORT);
});

const count = async (key) => (await (await fetch(`${FAULT}/__count/${key}`)).json()).count;

/** One `message/send` of `skillId` about `text` through copy `isolate` of the proxy on `port`. */
async function call(isolate, skillId, text, port = PROXY_PORT) {
  const ids = { messageId: crypto.randomUUID(), contextId: `ctx-${crypto.randomUUID()}` };
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send",
    params: { message: { role: "user", kind: "message", ...ids, parts: [{ kind: "text", text }], metadata: { skillId } } } });
  const r = await fetch(`http://127.0.0.1:${port}/api/v1/a2a`, {
    method: "POST", body, headers: { "content-type": "application/json", "x-test-isolate": isolate },
  });
  return { isolate, status: r.status, mark: r.headers.get("x-magisterium-cache"), json: await r.json().catch(() => null), ids };
}

/** A completed Task of the caller's own. */
function answered(a) {
  assert.equal(a.status, 200, `isolate ${a.isolate}: ${JSON.stringify(a.json)?.slice(0, 300)}`);
  assert.equal(a.json.result.status.state, "completed");
  assert.equal(a.json.result.contextId, a.ids.contextId, "the caller's own contextId");
  assert.equal(a.json.result.history[0].messageId, a.ids.messageId, "the caller's own message");
}

test("identical misses in two isolates share one upstream call per key", { timeout: 120_000 }, async () => {
  const keys = [["pope_lookup", "Gregory the Great"], ["saint_lookup", "Saint Monica"], ["diocese_lookup", "Milan"], ["person_lookup", "Ambrose"]];
  const answers = (await Promise.all(keys.flatMap(([skillId, text]) =>
    ["a", "b", "a", "b", "a", "b"].map((isolate) => call(isolate, skillId, text))))).flat();
  answers.forEach(answered);
  for (const [skillId, text] of keys) {
    assert.equal(await count(`service/${skillId}/${encodeURIComponent(text)}`), 1, `${skillId} ${text}: one upstream call`);
  }
  assert.equal(answers.filter((a) => a.mark === "miss").length, keys.length, "one miss per key, every other caller a hit");
  const ids = new Set(answers.map((a) => a.json.result.id));
  assert.equal(ids.size, answers.length, "every caller's Task has an id of its own");
});

test("callers waiting on a key whose holder failed upstream are still answered", { timeout: 120_000 }, async () => {
  const [skillId, text] = ["pope_lookup", "fail-once:Leo the Great"];
  // "a" asks first and holds the key; its call fails (HTTP 500, -32603) after DELAY_MS, while "b"'s wait.
  const holder = call("a", skillId, text);
  await new Promise((ok) => setTimeout(ok, DELAY_MS / 3));
  const asked = Date.now();
  const waiters = await Promise.all([call("b", skillId, text), call("b", skillId, text)]);
  const waited = Date.now() - asked;
  const held = await holder;
  assert.equal(await count(`service/failed/${encodeURIComponent(text)}`), 1, "the holder's call failed upstream");
  assert.equal(held.json?.error?.code, -32603, `the holder's caller gets the failure: ${JSON.stringify(held.json)?.slice(0, 200)}`);
  waiters.forEach(answered);
  assert.equal(await count(`service/${skillId}/${encodeURIComponent(text)}`), 1, "the waiters' one call after the failure");
  // Let go when the holder reported its failure, not at the key's deadline (its 15 s budget + 5 s).
  assert.ok(waited < 8_000, `the waiters were answered after ${waited} ms`);
});

test("callers waiting on a holder that does not report in time are let go at the key's deadline", { timeout: 120_000 }, async () => {
  // The budget object (in "a") lets a key go 1.5 s (a's UPSTREAM_TIMEOUT_MS) + 5 s after its
  // holder took it; "b"'s upstream answers after 9 s, within b's own time budget.
  const HOLD_MS = 1_500 + 5_000;
  await startPair("late", LATE_PORT,
    { UPSTREAM_URL: `${FAULT}/service/slow/100`, UPSTREAM_TIMEOUT_MS: "1500" },
    { UPSTREAM_URL: `${FAULT}/service/slow/9000`, UPSTREAM_TIMEOUT_MS: "20000" });
  const [skillId, text] = ["saint_lookup", "Saint Gregory of Nyssa"];
  const holder = call("b", skillId, text, LATE_PORT);
  await new Promise((ok) => setTimeout(ok, 300));
  const asked = Date.now();
  const waiters = await Promise.all([call("a", skillId, text, LATE_PORT), call("a", skillId, text, LATE_PORT)]);
  const waited = Date.now() - asked;
  waiters.forEach(answered);
  assert.ok(waited >= HOLD_MS - 1_000 && waited < 9_000 - 300, `let go at the deadline, before the holder's answer: ${waited} ms`);
  answered(await holder);
  assert.equal(await count(`service/${skillId}/${encodeURIComponent(text)}`), 2, "the holder's call and the waiters' own");
});
