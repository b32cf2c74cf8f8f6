// The proxy alone (wrangler.proxy.toml) with its optional Workers Rate Limiting binding turned on
// (the config's commented `RATE_LIMITER`, limit 1 a minute): the Worker hands the binding an
// options object it builds in Rust (`{ key }`, crates/worker/src/workerd/io.rs), and the binding
// counts each visitor's key on its own. Its own fault server and ports.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { port, root, startFaultServer, startWrangler } from "./helpers.mjs";

const FAULT_PORT = port(18892);
const PROXY_PORT = port(18893);
const CONFIG = path.join(root, "dist", "wrangler.rate-limiter-test.toml");
const children = [];
after(() => {
  children.forEach((stop) => stop());
  rmSync(CONFIG, { force: true });
});

/** wrangler.proxy.toml with the rate limiter's commented block turned on at one call a minute;
 *  written in dist/ so that its paths stay relative to the repository. */
function config() {
  const proxy = readFileSync(path.join(root, "wrangler.proxy.toml"), "utf8");
  const block = '# [[ratelimits]]\n# name = "RATE_LIMITER"\n# namespace_id = "1001"\n# simple = { limit = 15, period = 60 }';
  assert.ok(proxy.includes(block), "wrangler.proxy.toml still has its commented RATE_LIMITER block");
  return proxy
    .replace(block, '[[ratelimits]]\nname = "RATE_LIMITER"\nnamespace_id = "1001"\nsimple = { limit = 1, period = 60 }')
    .replace('main = "crates/worker/entry.js"', 'main = "../crates/worker/entry.js"')
    .replace('"./dist/pkg-proxy/worker.js"', '"./pkg-proxy/worker.js"');
}

async function startFault() {
  const fault = await startFaultServer(FAULT_PORT);
  children.push(() => fault.stop());
}

/** One message/send from the visitor at `ip`: its HTTP status. */
async function send(ip, n) {
  const body = JSON.stringify({ jsonrpc: "2.0", id: n, method: "message/send", params: { message: {
    role: "user", kind: "message", messageId: `rl-${n}-${crypto.randomUUID()}`, parts: [{ kind: "text", text: "Leo XIV" }],
    metadata: { skillId: "pope_lookup" } } } });
  const r = await fetch(`http://127.0.0.1:${PROXY_PORT}/api/v1/a2a`, {
    method: "POST", body, headers: { "content-type": "application/json", "cf-connecting-ip": ip },
  });
  await r.arrayBuffer();
  return r.status;
}

test("the RATE_LIMITER binding gets each visitor's key: the second call of one visitor is refused, another visitor's first goes", { timeout: 120_000 }, async () => {
  await startFault();
  writeFileSync(CONFIG, config());
  const proxy = await startWrangler(root, PROXY_PORT, ["-c", CONFIG, ...[
    `UPSTREAM_URL:http://127.0.0.1:${FAULT_PORT}/by-query`, `MAGISTERIUM_TOKEN:rl-secret-${process.pid}`, "OAUTH_ISSUER:",
    "ALLOW_ANONYMOUS:on", "ALLOWED_ORIGINS:http://app.example",
  ].flatMap((v) => ["--var", v])], "/.well-known/agent.json");
  children.push(proxy.stop);
  assert.equal(await send("198.51.100.7", 1), 200);
  assert.equal(await send("198.51.100.7", 2), 429, "the binding refuses the visitor's second call");
  assert.equal(await send("203.0.113.9", 3), 200, "another visitor's key is counted on its own");
  assert.match(proxy.log(), /"limiter":"default"/, "the refusal's log line names the binding's pool");
});
