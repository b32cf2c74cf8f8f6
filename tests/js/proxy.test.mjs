// The Worker as a proxy in real workerd, in front of the fault-injecting upstream on 127.0.0.1
// (scripts/test.sh starts both). Each rule is a test that fails if the rule is removed.
import { recordPage } from "./record.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { FAULT_URL, PROXY_TOKEN, PROXY_URL, root, startWrangler } from "./helpers.mjs";

const seen = []; // every response of this file, scanned for the token at the end

async function call(body, { headers = {}, method = "POST", path = "/api/v1/a2a" } = {}) {
  const res = await fetch(PROXY_URL + path, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  seen.push({ headers: [...res.headers].map((h) => h.join(": ")).join("\n"), body: text });
  let json;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, text, json };
}

const send = (skillId, part, extra = {}) =>
  call({ jsonrpc: "2.0", id: 7, method: "message/send", params: { message: { role: "user", kind: "message", messageId: crypto.randomUUID(), parts: [part], metadata: { skillId } } } }, extra);
const text = (t) => ({ kind: "text", text: t });
const upstreamCount = async (key = "") => (await (await fetch(`${FAULT_URL}/__count/by-query${key ? `/${key}` : ""}`)).json()).count;
const lastUpstream = async () => (await fetch(`${FAULT_URL}/__last`)).json();

test("a valid call is forwarded with the secret and nothing else of the client's", async () => {
  // A query of its own: another file's "scenario:ok" search may be in the proxy's answer cache.
  const query = `scenario:ok:${crypto.randomUUID()}`;
  const r = await send("document_search", text(query), {
    headers: { authorization: "Bearer client-token", cookie: "sid=client", "x-forwarded-for": "10.9.9.9", "cf-connecting-ip": "203.0.113.5", "x-custom": "1" },
  });
  assert.equal(r.status, 200);
  assert.equal(r.json.id, 7);
  assert.equal(r.json.result.artifacts[0].parts[0].data.results.length, 2);
  assert.equal(r.headers.get("x-magisterium-agent"), "proxy");
  assert.equal(r.headers.get("cache-control"), "no-store");
  assert.equal(r.headers.get("x-magisterium-cache"), "miss");
  const up = await lastUpstream();
  assert.equal(up.headers.authorization, `Bearer ${PROXY_TOKEN}`);
  for (const h of ["cookie", "x-forwarded-for", "cf-connecting-ip", "x-custom"]) assert.equal(up.headers[h], undefined, h);
  assert.equal(up.headers["content-type"], "application/json");
  assert.match(up.headers["x-request-id"], /^[\w.-]+$/);
  assert.equal(JSON.parse(up.body).params.message.parts[0].text, query);
});

test("disallowed methods, skills and shapes never reach the upstream", async () => {
  const before = await upstreamCount();
  const cases = [
    [{ jsonrpc: "2.0", id: 1, method: "tasks/list", params: {} }, -32601],
    [{ jsonrpc: "2.0", id: 1, method: "message/stream", params: {} }, -32601],
    [{ jsonrpc: "2.0", id: 1, method: "tasks/pushNotificationConfig/set", params: {} }, -32601],
    [{ jsonrpc: "2.0", id: 1, method: "message/send", params: { message: { role: "user", kind: "message", messageId: "m", parts: [text("x")], metadata: { skillId: "x" } } } }, -32602],
    [{ jsonrpc: "2.0", id: 1, method: "message/send", params: { message: { role: "user", kind: "message", messageId: "m", parts: [] } } }, -32602],
    [[{ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: "x" } }], -32600],
    ["{oops", -32700],
  ];
  for (const [body, code] of cases) {
    const r = await call(body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.equal(r.json.error.code, code, JSON.stringify(body));
  }
  const wrongType = await call({ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: "x" } }, { headers: { "content-type": "text/plain" } });
  assert.equal(wrongType.status, 400);
  const get = await call(undefined, { method: "GET" });
  assert.equal(get.status, 405);
  assert.equal(await upstreamCount(), before, "no upstream call");
});

test("a streamed body over the cap is refused with 413, whatever it declares", async () => {
  const before = await upstreamCount();
  const status = await new Promise((resolve, reject) => {
    const url = new URL(PROXY_URL + "/api/v1/a2a");
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on("error", reject);
    const chunk = "x".repeat(8192);
    for (let i = 0; i < 12; i++) req.write(chunk);
    req.end();
  });
  assert.equal(status, 413);
  const small = await call("x".repeat(70_000));
  assert.equal(small.status, 413);
  assert.equal(await upstreamCount(), before);
});

test("CORS: allowed origins only, preflight included", async () => {
  const ok = await call(undefined, { method: "OPTIONS", headers: { origin: "http://app.example", "access-control-request-method": "POST" } });
  assert.equal(ok.status, 204);
  assert.equal(ok.headers.get("access-control-allow-origin"), "http://app.example");
  assert.match(ok.headers.get("access-control-allow-headers"), /content-type/);
  const bad = await call(undefined, { method: "OPTIONS", headers: { origin: "http://evil.example" } });
  assert.equal(bad.status, 403);
  assert.equal(bad.headers.get("access-control-allow-origin"), null);
  const nul = await call(undefined, { method: "OPTIONS", headers: { origin: "null" } });
  assert.equal(nul.headers.get("access-control-allow-origin"), null);
  const post = await send("document_search", text("scenario:ok"), { headers: { origin: "http://evil.example" } });
  assert.equal(post.headers.get("access-control-allow-origin"), null);
  const allowed = await send("document_search", text("scenario:ok"), { headers: { origin: "http://app.example" } });
  assert.equal(allowed.headers.get("access-control-allow-origin"), "http://app.example");
  assert.equal(allowed.headers.get("vary"), "Origin");
});

test("per-client rate limit: hit, then reset after the window", async () => {
  const client = { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 200)}` };
  const before = await upstreamCount();
  assert.equal((await send("catholic_qa", text("scenario:ok"), { headers: client })).status, 200);
  assert.equal((await send("catholic_qa", text("scenario:ok"), { headers: client })).status, 200);
  const limited = await send("catholic_qa", text("scenario:ok"), { headers: client });
  assert.equal(limited.status, 429);
  assert.ok(Number(limited.headers.get("retry-after")) >= 1);
  assert.equal(limited.json.error.code, -32029);
  assert.equal(await upstreamCount(), before + 2, "the refused call did not go upstream");
  const other = await send("catholic_qa", text("scenario:ok"), { headers: { "cf-connecting-ip": "192.0.2.77" } });
  assert.equal(other.status, 200, "another client has its own bucket");
  await new Promise((r) => setTimeout(r, Number(limited.headers.get("retry-after")) * 1000 + 300));
  assert.equal((await send("catholic_qa", text("scenario:ok"), { headers: client })).status, 200);
});

test("document answers are cached by id, each caller gets its own Task; errors never", async () => {
  const id = `scenario:document:${Math.random()}`;
  const first = await send("document_fetch", { kind: "data", data: { id } });
  assert.equal(first.status, 200);
  assert.equal(first.headers.get("x-magisterium-cache"), "miss");
  // Another caller, its own ids, the id as a text part (one id named twice is one document).
  const message = { role: "user", kind: "message", messageId: "msg-second", contextId: "ctx-second", parts: [text(id), { kind: "data", data: { id } }], metadata: { skillId: "document_fetch" } };
  const second = await call({ jsonrpc: "2.0", id: "second", method: "message/send", params: { message } });
  assert.equal(second.headers.get("x-magisterium-cache"), "hit");
  assert.equal(second.json.id, "second");
  const document = (r) => {
    const [body, meta] = r.json.result.artifacts[0].parts;
    return { text: body.text, ...meta.data };
  };
  assert.deepEqual(document(second), document(first), "the same document");
  assert.equal(document(second).id, id, "the document asked for");
  const task = second.json.result;
  assert.equal(task.status.state, "completed");
  assert.equal(task.contextId, "ctx-second", "the caller's own context, not the first caller's");
  assert.notEqual(task.id, first.json.result.id, "a task id of its own");
  assert.ok(!second.text.includes(first.json.result.contextId), "nothing of the first caller's");
  assert.equal(await upstreamCount(encodeURIComponent(id)), 1);
  const nf = `scenario:notfound:${Math.random()}`;
  await send("document_fetch", text(nf));
  const again = await send("document_fetch", text(nf));
  assert.equal(again.headers.get("x-magisterium-cache"), "miss");
  assert.equal(await upstreamCount(encodeURIComponent(nf)), 2);
});

test("a document_fetch naming two different ids is refused before the upstream", async () => {
  const before = await upstreamCount();
  const parts = [text("scenario:document:Y"), { kind: "data", data: { id: "scenario:document:X" } }];
  const r = await call({ jsonrpc: "2.0", id: 7, method: "message/send", params: { message: { role: "user", kind: "message", messageId: crypto.randomUUID(), parts, metadata: { skillId: "document_fetch" } } } });
  assert.equal(r.status, 400);
  assert.equal(r.json.error.code, -32602);
  assert.match(r.json.error.message, /two different document ids/);
  assert.equal(await upstreamCount(), before, "nothing went upstream");
});

test("every upstream fault becomes a JSON-RPC error", async () => {
  const cases = [
    ["scenario:html502", 502, "Upstream answered HTTP 502 without JSON"],
    ["scenario:slow:4000", 504, "Upstream timeout"],
    ["scenario:reset", 502, null],
    ["scenario:big:5000000", 502, "Upstream answer too large"],
    ["scenario:redirect", 502, "Upstream redirected"],
  ];
  for (const [q, status, message] of cases) {
    const started = Date.now();
    const r = await send("document_search", text(q));
    assert.equal(r.status, status, q);
    assert.equal(r.json.jsonrpc, "2.0", q);
    assert.equal(r.json.id, 7, q);
    assert.equal(r.json.error.code, -32603, q);
    if (message) assert.equal(r.json.error.message, message, q);
    assert.equal(r.json.error.data?.upstream, "reached", `${q}: the request went upstream`);
    assert.ok(!r.text.includes("<html"), "no echo of the upstream body");
    assert.ok(Date.now() - started < 4000, `${q} answered within its budget`);
  }
  const limited = await send("document_search", text("scenario:ratelimit"));
  assert.equal(limited.status, 429);
  assert.equal(limited.headers.get("retry-after"), "30");
  assert.equal(limited.headers.get("set-cookie"), null);
  const leak = await send("document_search", text("scenario:leak"));
  for (const h of ["set-cookie", "www-authenticate", "server"]) assert.equal(leak.headers.get(h), null, h);
  const failed = await send("document_search", text("scenario:failed"));
  assert.equal(failed.json.result.status.state, "failed", "a failed task passes through as the service's answer");
});

test("the agent card points at the proxy", async () => {
  const r = await call(undefined, { method: "GET", path: "/.well-known/agent.json" });
  assert.equal(r.status, 200);
  assert.equal(r.json.url, `${PROXY_URL}/api/v1/a2a`);
  assert.deepEqual(r.json.security, []);
});

test("LOG_REQUESTS: errors (default) logs refusals, upstream failures and JSON-RPC errors; all adds successes; off logs nothing", async () => {
  // Three more proxies in front of the same upstream, one per setting (ports overridable).
  const base = Number(process.env.MAGISTERIUM_LOG_TEST_PORT ?? 18791);
  const common = ["--var", `UPSTREAM_URL:${FAULT_URL}/by-query`, "--var", `MAGISTERIUM_TOKEN:${PROXY_TOKEN}`, "--var", "PROXY_RATE_LIMITS:off"];
  const settings = { default: [], all: ["--var", "LOG_REQUESTS:all"], off: ["--var", "LOG_REQUESTS:off"] };
  const servers = {};
  try {
    let port = base;
    for (const [name, args] of Object.entries(settings)) { // one at a time: they pick free inspector ports
      servers[name] = { port, ...(await startWrangler(root, port, [...common, ...args], "/.well-known/agent.json")) };
      port += 1;
    }
    const calls = {
      ok: [text("scenario:ok"), 200],
      refused: [text("x"), 400, "nope/never"],
      upstream502: [text("scenario:html502"), 502],
      rpcError: [text("scenario:error"), 200],
    };
    const lines = (server) => server.log().split("\n").filter((l) => l.startsWith("{") && l.includes('"requestId"')).map((l) => JSON.parse(l));
    for (const [name, server] of Object.entries(servers)) {
      for (const [kind, [part, status, skill]] of Object.entries(calls)) {
        const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/a2a`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-request-id": `log-${name}-${kind}` },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send", params: { message: { role: "user", kind: "message", messageId: "m", parts: [part], metadata: { skillId: skill ?? "document_search" } } } }),
        });
        const body = await res.text();
        seen.push({ headers: [...res.headers].map((h) => h.join(": ")).join("\n"), body });
        assert.equal(res.status, status, `${name} ${kind}: ${body.slice(0, 200)}`);
      }
    }
    const expected = { default: ["refused", "upstream502", "rpcError"], all: ["ok", "refused", "upstream502", "rpcError"], off: [] };
    // Lines reach wrangler's output a little after the answers: wait for the expected ones, then
    // a little longer so a line that should not be there has had the time to arrive.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !Object.entries(expected).every(([name, kinds]) => kinds.every((k) => lines(servers[name]).some((l) => l.requestId === `log-${name}-${k}`)))) {
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 1500));
    for (const [name, kinds] of Object.entries(expected)) {
      const logged = lines(servers[name]).filter((l) => l.requestId.startsWith(`log-${name}-`));
      assert.deepEqual(logged.map((l) => l.requestId.slice(`log-${name}-`.length)).sort(), [...kinds].sort(), `${name}: the calls that got a line`);
      for (const l of logged) {
        const kind = l.requestId.slice(`log-${name}-`.length);
        assert.equal(l.status, calls[kind][1], `${name} ${kind}: status in the line`);
        assert.equal(l.path, "/api/v1/a2a");
        if (kind === "upstream502") assert.equal(l.upstream, 502);
        if (kind === "rpcError") assert.equal(l.rpcError, -32603, "the upstream's JSON-RPC error code");
        const raw = JSON.stringify(l);
        assert.ok(!raw.includes(PROXY_TOKEN) && !raw.includes("scenario:"), "no token, no query text in a log line");
      }
    }
  } finally {
    for (const server of Object.values(servers)) server.stop();
  }
});

test("no response of this file carried the token", () => {
  assert.ok(seen.length > 30, `${seen.length} responses scanned`);
  for (const { headers, body } of seen) {
    assert.ok(!headers.includes(PROXY_TOKEN) && !body.includes(PROXY_TOKEN), "the token never reaches a client");
  }
});

test("a page served by the proxy uses the SDK with endpoint /api/v1/a2a", async () => {
  const { launchChromium } = await import("./helpers.mjs");
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    recordPage(page);
    await page.goto(`${PROXY_URL}/`);
    const result = await page.evaluate(async () => {
      const { default: init, MagisteriumClient } = await import("/pkg/index.js");
      await init();
      const client = new MagisteriumClient({ endpoint: "/api/v1/a2a", maxRetries: 0 });
      const found = await client.documentSearch("scenario:ok");
      return found.results.map((r) => r.id);
    });
    assert.deepEqual(result, ["12345", "678"]);
  } finally {
    await browser.close();
  }
});

test("the deployable proxy config (wrangler.proxy.toml) is the demo's Worker without the stand-in and the assets", () => {
  const read = (f) => readFileSync(path.join(root, f), "utf8");
  const demo = read("wrangler.toml");
  const proxy = read("wrangler.proxy.toml");
  const key = (text, name) => new RegExp(`^${name}\\s*=\\s*"([^"]+)"`, "m").exec(text)?.[1];
  assert.equal(key(proxy, "main"), key(demo, "main"));
  assert.equal(key(proxy, "compatibility_date"), key(demo, "compatibility_date"));
  assert.match(demo, /^\[assets\]/m);
  assert.doesNotMatch(proxy, /^\[assets\]/m);
  assert.equal(key(proxy, "UPSTREAM_URL"), "https://www.magisterium.com/api/v1/a2a");
  assert.match(demo, /^"magisterium-worker" = "\.\/dist\/pkg-worker\/worker\.js"$/m);
  assert.match(proxy, /^"magisterium-worker" = "\.\/dist\/pkg-proxy\/worker\.js"$/m);
  // The proxy deploys with Durable Objects only: nothing to create first. MCP sign-in's store (a
  // KV namespace, as its library needs) is the operator's to create and bind (docs/deploy.md);
  // the demo binds a local, simulated one.
  assert.doesNotMatch(proxy, /^\[\[kv_namespaces\]\]/m);
  assert.match(proxy, /^# \[\[kv_namespaces\]\]\n# binding = "OAUTH_KV"$/m);
  assert.match(demo, /^\[\[kv_namespaces\]\]\nbinding = "OAUTH_KV"$/m);
  for (const config of [demo, proxy]) {
    assert.match(config, /^name = "SESSION"\nclass_name = "Session"$/m);
    assert.match(config, /^name = "BUDGET"\nclass_name = "UpstreamBudget"$/m);
    assert.match(config, /^name = "OAUTH_CLIENT"\nclass_name = "ClientRegistration"$/m);
    assert.match(config, /^new_sqlite_classes = \["Session", "UpstreamBudget"\]$/m);
    assert.match(config, /^new_sqlite_classes = \["ClientRegistration"\]$/m);
  }
});
