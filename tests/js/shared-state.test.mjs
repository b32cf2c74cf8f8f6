// The proxy as deployed (wrangler.proxy.toml: the build without the stand-in) in real workerd,
// with its shared state on Durable Objects: sessions (one object per sign-in) against an emulated
// OAuth issuer (signing in through `/api/auth/*` too, as a proxy routed `/api/*` of a site does),
// the upstream budget (one object per account), and a misconfigured deployment.
// Upstream: the fault server of scripts/test.sh (its per-query counters say what was forwarded).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { CookieJar, FAULT_URL, PROXY_TOKEN, port, root, startWrangler } from "./helpers.mjs";
import { startIssuer } from "../servers/oauth-issuer.mjs";

const SIGN_IN_PORT = port(18820); // sign-in on, anonymous calls off, no operator token
const OPERATOR_PORT = port(18821); // anonymous calls on the operator's token
const BROKEN_PORT = port(18822); // no upstream configured
const CLOSED_PORT = port(18824); // anonymous calls off, no sign-in, an operator token all the same
const LEASING_PORT = port(18823); // anonymous calls on the operator's token, 320 a minute: room to lease
const LEASING_LIMIT = 320; // a lease takes a 32nd of the room: up to 9 calls at once here
const ACCESS_TTL_S = 66; // refreshed once less than 60 s are left: after 6 s
const seen = []; // every response, scanned for tokens at the end
let issuer;
const servers = {};

// The answer cache off: these tests count the upstream calls of one query again and again
// (tests/js/answer-cache.test.mjs has the cache's own).
const proxy = (port, ...vars) =>
  startWrangler(root, port, ["-c", "wrangler.proxy.toml", "--var", `UPSTREAM_URL:${FAULT_URL}/by-query`, "--var", "CACHE_ANSWERS:off", ...vars.flatMap((v) => ["--var", v])], "/auth/session");

before(async () => {
  issuer = await startIssuer({ port: port(18830), accessTtlSeconds: ACCESS_TTL_S });
  // One at a time: each picks a free inspector port.
  servers.signIn = await proxy(SIGN_IN_PORT, `OAUTH_ISSUER:${issuer.url}`, "ALLOW_ANONYMOUS:off", "PROXY_RATE_LIMITS:off", "UPSTREAM_PER_MINUTE:1000");
  servers.operator = await proxy(OPERATOR_PORT, "OAUTH_ISSUER:", "ALLOW_ANONYMOUS:on", `MAGISTERIUM_TOKEN:${PROXY_TOKEN}`, "PROXY_RATE_LIMITS:off");
  servers.leasing = await proxy(LEASING_PORT, "OAUTH_ISSUER:", "ALLOW_ANONYMOUS:on", `MAGISTERIUM_TOKEN:${PROXY_TOKEN}`, "PROXY_RATE_LIMITS:off", `UPSTREAM_PER_MINUTE:${LEASING_LIMIT}`);
  servers.broken = await startWrangler(root, BROKEN_PORT, ["-c", "wrangler.proxy.toml", "--var", "UPSTREAM_URL:embedded", "--var", "OAUTH_ISSUER:", "--var", "ALLOW_ANONYMOUS:on"], "/auth/session");
  servers.closed = await proxy(CLOSED_PORT, "OAUTH_ISSUER:", "ALLOW_ANONYMOUS:off", `MAGISTERIUM_TOKEN:${PROXY_TOKEN}`);
});

after(async () => {
  for (const server of Object.values(servers)) server.stop();
  await issuer?.close();
});

async function call(port, text, { skill = "document_search", headers = {} } = {}) {
  const sent = Date.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/a2a`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send", params: { message: { role: "user", kind: "message", messageId: crypto.randomUUID(), parts: [{ kind: "text", text }], metadata: { skillId: skill } } } }),
  });
  const body = await res.text();
  seen.push([...res.headers].join("\n") + body);
  return { status: res.status, headers: res.headers, json: JSON.parse(body), sent, at: Date.now() };
}

const upstreamCount = async (q) => (await (await fetch(`${FAULT_URL}/__count/by-query/${encodeURIComponent(q)}`)).json()).count;

/** Signs in through the Worker (its sign-in under `base`) and the issuer, every redirect
 *  followed by hand with the cookies a browser keeps for the Worker's site; the session's cookie. */
async function signIn(port, base = "/auth") {
  const site = `http://127.0.0.1:${port}`;
  const jar = new CookieJar();
  const hop = async (url) => {
    const toWorker = new URL(url).origin === site;
    const res = await fetch(url, { redirect: "manual", headers: toWorker && jar.header() ? { cookie: jar.header() } : {} });
    seen.push([...res.headers].join("\n"));
    assert.equal(res.status, 302, `${url}: ${await res.text()}`);
    return toWorker ? jar.take(res) : res;
  };
  const login = await hop(`${site}${base}/login`);
  // The sign-in is bound to the browser that began it: its cookie goes to the callback.
  assert.ok(jar.header(), "the sign-in's cookie");
  const authorize = await hop(login.headers.get("location"));
  await hop(authorize.headers.get("location"));
  assert.ok(jar.get("mag_session"), "a session cookie");
  return `mag_session=${jar.get("mag_session")}`;
}

test("32 concurrent calls on a session whose access token is due make exactly one refresh, and all succeed", async () => {
  const cookie = await signIn(SIGN_IN_PORT);
  assert.equal(issuer.counts.refresh, 0);
  await new Promise((r) => setTimeout(r, (ACCESS_TTL_S - 60) * 1000 + 500)); // under a minute left
  const q = `scenario:ok:refresh-${crypto.randomUUID()}`;
  const calls = await Promise.all(Array.from({ length: 32 }, () => call(SIGN_IN_PORT, q, { headers: { cookie } })));
  assert.deepEqual(calls.map((c) => c.status), Array(32).fill(200));
  assert.equal(issuer.counts.refresh, 1, "one refresh for the whole burst");
  assert.equal(issuer.counts.refused, 0);
  assert.equal(await upstreamCount(q), 32);
  const last = await (await fetch(`${FAULT_URL}/__last`)).json();
  const bearer = last.headers.authorization?.replace(/^Bearer /, "");
  assert.ok(issuer.issued(bearer), "the upstream got a token of the issuer");
  // The next calls use the refreshed token without another refresh.
  assert.equal((await call(SIGN_IN_PORT, q, { headers: { cookie } })).status, 200);
  assert.equal(issuer.counts.refresh, 1);
});

test("logout, then a call: refused without any upstream call", async () => {
  const cookie = await signIn(SIGN_IN_PORT);
  const q = `scenario:ok:logout-${crypto.randomUUID()}`;
  assert.equal((await call(SIGN_IN_PORT, q, { headers: { cookie } })).status, 200);
  const out = await fetch(`http://127.0.0.1:${SIGN_IN_PORT}/auth/logout`, { method: "POST", headers: { cookie } });
  assert.equal(out.status, 200);
  const session = await (await fetch(`http://127.0.0.1:${SIGN_IN_PORT}/auth/session`, { headers: { cookie } })).json();
  assert.equal(session.signedIn, false);
  const refused = await call(SIGN_IN_PORT, q, { headers: { cookie } });
  assert.equal(refused.status, 401);
  assert.equal(refused.json.error.code, -32004);
  assert.equal(await upstreamCount(q), 1, "only the call before the logout went upstream");
});

test("the proxy routed at /api/* of a site (docs/deploy.md), sign-in required: login, issuer, callback and calls, all under /api/", async () => {
  const site = `http://127.0.0.1:${SIGN_IN_PORT}`;
  const jar = new CookieJar();
  /** A request as the browser makes it: to the Worker only under /api/ (all the route sends it). */
  const visit = async (url, init = {}) => {
    const target = new URL(url, site);
    const toWorker = target.origin === site;
    if (toWorker) assert.match(target.pathname, /^\/api\//, `${target.pathname} never reaches a proxy routed /api/*`);
    const headers = { ...init.headers, ...(toWorker && jar.header() ? { cookie: jar.header() } : {}) };
    const res = await fetch(target, { redirect: "manual", ...init, headers });
    seen.push([...res.headers].join("\n"));
    return toWorker ? jar.take(res) : res;
  };
  const login = await visit("/api/auth/login");
  assert.equal(login.status, 302, await login.text());
  const authorize = new URL(login.headers.get("location"));
  assert.equal(authorize.origin, issuer.url);
  assert.equal(authorize.searchParams.get("redirect_uri"), `${site}/api/auth/callback`);
  const approved = await visit(authorize);
  assert.equal(approved.status, 302);
  const callback = await visit(approved.headers.get("location"));
  assert.equal(callback.status, 302, await callback.text());
  assert.ok(jar.get("mag_session"), "a session cookie");
  assert.equal((await (await visit("/api/auth/session")).json()).signedIn, true);
  const q = `scenario:ok:api-route-${crypto.randomUUID()}`;
  const r = await call(SIGN_IN_PORT, q, { headers: { cookie: jar.header() } });
  assert.equal(r.status, 200, JSON.stringify(r.json));
  assert.equal(await upstreamCount(q), 1);
  const out = await visit("/api/auth/logout", { method: "POST" });
  assert.equal(out.status, 200);
  assert.equal((await (await visit("/api/auth/session")).json()).signedIn, false);
  assert.equal((await call(SIGN_IN_PORT, q, { headers: { cookie: jar.header() } })).status, 401);
});

test("64 concurrent catholic_qa calls on the operator's token: 2 forwarded, the others 429 with the exact Retry-After", async () => {
  const q = `scenario:ok:budget-${crypto.randomUUID()}`;
  const calls = await Promise.all(Array.from({ length: 64 }, () => call(OPERATOR_PORT, q, { skill: "catholic_qa" })));
  const passed = calls.filter((c) => c.status === 200);
  const refused = calls.filter((c) => c.status === 429);
  assert.equal(passed.length, 2, `statuses: ${calls.map((c) => c.status)}`);
  assert.equal(refused.length, 62);
  assert.equal(await upstreamCount(q), 2, "exactly 2 reached the upstream");
  // The first slot frees up a minute after the first call counts as made, a second after it was
  // taken (budget.rs, "Grants"): taken between its sending and its answer. Each refusal was
  // decided between its own sending and answer. So Retry-After, whole seconds rounded up, lies in
  // these bounds (about a second apart when the burst is quick).
  const takenFrom = Math.min(...passed.map((c) => c.sent)) + 1000;
  const takenBy = Math.max(...passed.map((c) => c.at)) + 1000;
  for (const r of refused) {
    assert.equal(r.json.error.code, -32029);
    assert.equal(r.json.error.data.pool, "catholic_qa");
    const retryAfter = Number(r.headers.get("retry-after"));
    assert.equal(retryAfter, r.json.error.data.retryAfterSeconds);
    const low = Math.floor((takenFrom + 60_000 - r.at) / 1000);
    const high = Math.ceil((takenBy + 60_000 - r.sent) / 1000);
    assert.ok(low <= retryAfter && retryAfter <= high, `Retry-After ${retryAfter} not in [${low}, ${high}]`);
  }
});

// Leases of several calls each (budget.rs, "Leases": a 32nd of the room, as many as the isolate
// made in the last half second): one after another, a call every few tens of milliseconds, the
// isolate asks for a dozen or more and gets up to 9 while the room lasts. A lease counted as one
// call, or not at all, would let more than the limit through.
test(`with room to lease (${LEASING_LIMIT} a minute), ${LEASING_LIMIT + 80} calls one after another: at most ${LEASING_LIMIT} go upstream, then 429 from the account's budget`, async () => {
  const q = `scenario:ok:lease-${crypto.randomUUID()}`;
  const statuses = [];
  for (let i = 0; i < LEASING_LIMIT + 80; i++) {
    const r = await call(LEASING_PORT, q);
    statuses.push(r.status);
    if (r.status === 429) assert.equal(r.json.error.data.limit, "account");
  }
  const passed = statuses.filter((s) => s === 200).length;
  assert.equal(await upstreamCount(q), passed, "every call let through went upstream, no other");
  assert.ok(passed <= LEASING_LIMIT, `${passed} calls in the minute`);
  // A leased call left unused (over half a second after its ask) counts all the same.
  assert.ok(passed >= LEASING_LIMIT * 0.75, `the budget was used: ${passed}`);
  assert.deepEqual(statuses, [...Array(passed).fill(200), ...Array(LEASING_LIMIT + 80 - passed).fill(429)]);
});

test("the proxy without an upstream answers 503 / -32603 naming UPSTREAM_URL, logged, never the stand-in", async () => {
  const r = await call(BROKEN_PORT, "grace");
  assert.equal(r.status, 503);
  assert.equal(r.json.error.code, -32603);
  assert.match(r.json.error.message, /UPSTREAM_URL/);
  assert.equal(r.json.error.data.setting, "UPSTREAM_URL");
  assert.notEqual(r.headers.get("x-magisterium-agent"), "embedded-stand-in");
  const card = await fetch(`http://127.0.0.1:${BROKEN_PORT}/.well-known/agent.json`);
  assert.equal(card.status, 503);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && !servers.broken.log().includes('"setting":"UPSTREAM_URL"')) await new Promise((r) => setTimeout(r, 200));
  assert.match(servers.broken.log(), /"error":"misconfigured","setting":"UPSTREAM_URL"/);
});

test("an A2A 1.0 client refused by sign-in reads 1.0's UNAUTHENTICATED, not 0.2.6's -32004 (the refusal leaves through its door)", async () => {
  const res = await fetch(`http://127.0.0.1:${SIGN_IN_PORT}/api/v1/a2a`, {
    method: "POST",
    headers: { "content-type": "application/json", "a2a-version": "1.0" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 5, method: "SendMessage", params: { message: { role: "ROLE_USER", messageId: crypto.randomUUID(), parts: [{ text: "grace" }], metadata: { skillId: "document_search" } } } }),
  });
  const body = await res.json();
  seen.push(JSON.stringify(body));
  assert.equal(res.status, 401);
  assert.equal(body.id, 5, "the request's id");
  assert.notEqual(body.error.code, -32004, "a 0.2.6 code through the 1.0 door");
  const info = body.error.data?.find((d) => d["@type"] === "type.googleapis.com/google.rpc.ErrorInfo");
  assert.equal(info?.reason, "UNAUTHENTICATED", JSON.stringify(body));
});

test("a deployment that refuses anonymous calls and cannot sign anyone in never uses the operator's token: 503 naming the setting, no upstream call", async () => {
  const q = `closed-${crypto.randomUUID()}`;
  const r = await call(CLOSED_PORT, q);
  assert.equal(r.status, 503);
  assert.equal(r.json.error.code, -32603);
  assert.equal(r.json.error.data.setting, "OAUTH_ISSUER");
  assert.equal(await upstreamCount(q), 0, "nothing went upstream");
});

test("no response carried a token", () => {
  assert.ok(seen.length > 100);
  for (const text of seen) assert.doesNotMatch(text, /\b(at|rt)_[\w-]{20,}/);
});
