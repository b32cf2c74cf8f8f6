// The Worker's state as an operator runs it for months, in real workerd (`wrangler dev`, Durable
// Objects with persisted state): a budget that outlives a restart, one budget per upstream account
// (not per browser), sessions that end (logout during a refresh, a second sign-in, an abandoned
// session, a sign-in started by a plain GET), an issuer that fails without signing anyone out, a
// refresh the issuer refuses or keeps failing, and one origin rule on the demo's Worker as on the
// proxy. Upstream: the fault server of scripts/test.sh.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { CookieJar, FAULT_URL, PROXY_TOKEN, port, root, startWrangler } from "./helpers.mjs";
import { startIssuer } from "../servers/oauth-issuer.mjs";

const OPERATOR_PORT = port(18840); // anonymous calls on the operator's token, 2 Q&A a minute
const SIGN_IN_PORT = port(18841); // sign-in only, 2 Q&A a minute per account
const SHORT_PORT = port(18842); // sessions end 4 s after the sign-in
const DEAD_ISSUER_PORT = port(18843); // the issuer's URL answers nothing
const DEMO_PORT = port(18844); // the demo's Worker (wrangler.toml, the stand-in)
const GRACE_PORT = port(18845); // a session whose refreshes keep failing ends after 2 s of them
const APP = "http://app.example"; // the one allowed page origin
let issuer;
const servers = {};

const proxy = (port, vars, options) =>
  startWrangler(root, port, ["-c", "wrangler.proxy.toml", ...[`UPSTREAM_URL:${FAULT_URL}/by-query`, `ALLOWED_ORIGINS:${APP}`, ...vars].flatMap((v) => ["--var", v])], "/auth/session", options);
const operatorVars = ["OAUTH_ISSUER:", "ALLOW_ANONYMOUS:on", `MAGISTERIUM_TOKEN:${PROXY_TOKEN}`, "PROXY_RATE_LIMITS:off"];

before(async () => {
  issuer = await startIssuer({ port: port(18831), accessTtlSeconds: 62 }); // refreshed 2 s after each grant
  servers.operator = await proxy(OPERATOR_PORT, operatorVars);
  servers.signIn = await proxy(SIGN_IN_PORT, [`OAUTH_ISSUER:${issuer.url}`, "ALLOW_ANONYMOUS:off", "PROXY_RATE_LIMITS:off"]);
  servers.short = await proxy(SHORT_PORT, [`OAUTH_ISSUER:${issuer.url}`, "ALLOW_ANONYMOUS:off", "SESSION_MAX_SECONDS:4"]);
  servers.dead = await proxy(DEAD_ISSUER_PORT, ["OAUTH_ISSUER:http://127.0.0.1:9", "ALLOW_ANONYMOUS:off"]);
  servers.grace = await proxy(GRACE_PORT, [`OAUTH_ISSUER:${issuer.url}`, "ALLOW_ANONYMOUS:off", "PROXY_RATE_LIMITS:off", "SESSION_REFRESH_GRACE_SECONDS:2"]);
  servers.demo = await startWrangler(root, DEMO_PORT, ["--var", `ALLOWED_ORIGINS:${APP}`], "/.well-known/agent.json");
});

after(async () => {
  for (const server of Object.values(servers)) server.stop();
  await issuer?.close();
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const base = (port) => `http://127.0.0.1:${port}`;

async function call(port, text, { skill = "catholic_qa", headers = {} } = {}) {
  const res = await fetch(`${base(port)}/api/v1/a2a`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send", params: { message: { role: "user", kind: "message", messageId: crypto.randomUUID(), parts: [{ kind: "text", text }], metadata: { skillId: skill } } } }),
  });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

const upstreamCount = async (q) => (await (await fetch(`${FAULT_URL}/__count/by-query/${encodeURIComponent(q)}`)).json()).count;
const session = async (port, cookie) => (await fetch(`${base(port)}/auth/session`, { headers: { cookie } })).json();

/** Signs in through the Worker and the issuer, as `user`, with the cookies a browser keeps for
 *  the Worker's site (`had`: its cookie header before); the session's cookie (`mag_session=…`). */
async function signIn(port, user, had = null) {
  issuer.user = user;
  const jar = new CookieJar(had);
  const hop = async (url, toWorker) => {
    const res = await fetch(url, { redirect: "manual", headers: toWorker && jar.header() ? { cookie: jar.header() } : {} });
    assert.equal(res.status, 302, `${url}: ${await res.text()}`);
    return toWorker ? jar.take(res) : res;
  };
  const login = await hop(`${base(port)}/auth/login`, true);
  const authorize = await hop(login.headers.get("location"), false);
  await hop(authorize.headers.get("location"), true);
  assert.ok(jar.get("mag_session"), "a session cookie");
  return `mag_session=${jar.get("mag_session")}`;
}

test("a used-up budget is still used up after wrangler dev restarts on the same state", async () => {
  const q = `scenario:ok:restart-${crypto.randomUUID()}`;
  assert.equal((await call(OPERATOR_PORT, q)).status, 200);
  assert.equal((await call(OPERATOR_PORT, q)).status, 200);
  const { state } = servers.operator;
  servers.operator.stop();
  await servers.operator.exited;
  servers.operator = await proxy(OPERATOR_PORT, operatorVars, { state });
  const third = await call(OPERATOR_PORT, q);
  assert.equal(third.status, 429, "the restarted object remembers the two Q&A calls");
  assert.equal(third.json.error.data.pool, "catholic_qa");
  assert.ok(Number(third.headers.get("retry-after")) > 0);
  assert.equal(await upstreamCount(q), 2);
});

test("one account signed in from two browsers has one budget", async () => {
  const user = `alice-${crypto.randomUUID()}`;
  const first = await signIn(SIGN_IN_PORT, user);
  const second = await signIn(SIGN_IN_PORT, user);
  assert.notEqual(first, second, "two sessions");
  const q = `scenario:ok:account-${crypto.randomUUID()}`;
  assert.equal((await call(SIGN_IN_PORT, q, { headers: { cookie: first } })).status, 200);
  assert.equal((await call(SIGN_IN_PORT, q, { headers: { cookie: second } })).status, 200);
  assert.equal((await call(SIGN_IN_PORT, q, { headers: { cookie: first } })).status, 429);
  assert.equal((await call(SIGN_IN_PORT, q, { headers: { cookie: second } })).status, 429);
  assert.equal(await upstreamCount(q), 2);
  // Another account has its own budget.
  const bob = await signIn(SIGN_IN_PORT, `bob-${crypto.randomUUID()}`);
  assert.equal((await call(SIGN_IN_PORT, q, { headers: { cookie: bob } })).status, 200);
});

test("logout while a refresh is in flight: still logged out afterwards", async () => {
  const cookie = await signIn(SIGN_IN_PORT, `carol-${crypto.randomUUID()}`);
  await sleep(2_500); // the access token is now due for a refresh
  issuer.refreshDelayMs = 2_000;
  issuer.refreshMode = "slow";
  const revokedBefore = issuer.counts.revoke;
  try {
    const q = `scenario:ok:logout-refresh-${crypto.randomUUID()}`;
    const refreshes = issuer.counts.refresh;
    const during = call(SIGN_IN_PORT, q, { skill: "document_search", headers: { cookie } });
    // The refresh has reached the issuer, which answers it in 2 s.
    for (let i = 0; i < 100 && issuer.counts.refresh === refreshes; i++) await sleep(20);
    assert.equal(issuer.counts.refresh, refreshes + 1);
    const out = await fetch(`${base(SIGN_IN_PORT)}/auth/logout`, { method: "POST", headers: { cookie } });
    assert.equal(out.status, 200);
    await during;
    await sleep(500);
    assert.equal((await session(SIGN_IN_PORT, cookie)).signedIn, false, "the refresh did not bring the session back");
    const after = await call(SIGN_IN_PORT, q, { skill: "document_search", headers: { cookie } });
    assert.equal(after.status, 401);
    assert.ok(issuer.counts.revoke >= revokedBefore + 2, `the old and the refreshed grant were revoked: ${JSON.stringify(issuer.counts)} before ${revokedBefore}`);
  } finally {
    issuer.refreshMode = "ok";
  }
});

for (const mode of ["503", "down"]) {
  test(`the issuer failing a refresh (${mode}) keeps the session; the next call after it recovers succeeds`, async () => {
    const cookie = await signIn(SIGN_IN_PORT, `dave-${mode}-${crypto.randomUUID()}`);
    await sleep(2_500); // due for a refresh
    issuer.refreshMode = mode;
    const q = `scenario:ok:issuer-${mode}-${crypto.randomUUID()}`;
    try {
      const during = await call(SIGN_IN_PORT, q, { skill: "document_search", headers: { cookie } });
      // The access token is due for a refresh but still valid, so the call is served with it (an
      // expired one gets a retryable 503: "an expired access token while the issuer is down").
      assert.equal(during.status, 200, "the access token still serves while the issuer fails");
      assert.equal((await session(SIGN_IN_PORT, cookie)).signedIn, true, "the session stays");
    } finally {
      issuer.refreshMode = "ok";
    }
    const refreshes = issuer.counts.refresh;
    const next = await call(SIGN_IN_PORT, q, { skill: "document_search", headers: { cookie } });
    assert.equal(next.status, 200);
    assert.equal(issuer.counts.refresh, refreshes + 1, "refreshed once the issuer was back");
    assert.equal((await session(SIGN_IN_PORT, cookie)).signedIn, true);
  });
}

/** Signs in as `user` on the sign-in Worker (or `port`'s) with access tokens of `ttlSeconds`. */
async function signInFor(ttlSeconds, user, port = SIGN_IN_PORT) {
  const ttl = issuer.accessTtlSeconds;
  issuer.accessTtlSeconds = ttlSeconds;
  try {
    return await signIn(port, user);
  } finally {
    issuer.accessTtlSeconds = ttl;
  }
}

test("an expired access token while the issuer is down: 503 with Retry-After and no upstream call; the next call after it recovers succeeds", async () => {
  // This sign-in's access token is expired a second from now.
  const cookie = await signInFor(1, `gina-${crypto.randomUUID()}`);
  await sleep(1_500);
  const q = `scenario:ok:expired-outage-${crypto.randomUUID()}`;
  issuer.refreshMode = "down";
  try {
    const refreshes = issuer.counts.refresh;
    const during = await call(SIGN_IN_PORT, q, { skill: "document_search", headers: { cookie } });
    assert.equal(during.status, 503, JSON.stringify(during.json));
    assert.ok(Number(during.headers.get("retry-after")) > 0, "Retry-After");
    assert.equal(issuer.counts.refresh, refreshes + 1, "the refresh was tried");
    assert.equal(await upstreamCount(q), 0, "no upstream call with an expired token");
    assert.equal((await session(SIGN_IN_PORT, cookie)).signedIn, true, "the session stays");
  } finally {
    issuer.refreshMode = "ok";
  }
  const next = await call(SIGN_IN_PORT, q, { skill: "document_search", headers: { cookie } });
  assert.equal(next.status, 200);
  assert.equal(await upstreamCount(q), 1);
});

test("an upstream 401 while the issuer is down: 503 with Retry-After, not a sign-out", async () => {
  // A token nowhere near its end: only the upstream's 401 asks for a refresh.
  const cookie = await signInFor(3600, `hank-${crypto.randomUUID()}`);
  const q = `scenario:unauthorized:outage-${crypto.randomUUID()}`;
  issuer.refreshMode = "down";
  try {
    const refreshes = issuer.counts.refresh;
    const refused = await call(SIGN_IN_PORT, q, { skill: "document_search", headers: { cookie } });
    assert.equal(refused.status, 503, JSON.stringify(refused.json));
    assert.ok(Number(refused.headers.get("retry-after")) > 0, "Retry-After");
    assert.equal(refused.headers.get("www-authenticate"), null, "not a sign-in challenge");
    assert.equal(issuer.counts.refresh, refreshes + 1, "one refresh was tried");
    assert.equal(await upstreamCount(q), 1, "one upstream call, not retried on the old token");
    assert.equal((await session(SIGN_IN_PORT, cookie)).signedIn, true, "still signed in");
  } finally {
    issuer.refreshMode = "ok";
  }
  // The issuer is back: the session still serves calls.
  const ok = await call(SIGN_IN_PORT, `scenario:ok:outage-after-${crypto.randomUUID()}`, { skill: "document_search", headers: { cookie } });
  assert.equal(ok.status, 200);
});

test("a second sign-in from one browser ends its old session (revoked at the issuer)", async () => {
  const old = await signIn(SIGN_IN_PORT, `erin-${crypto.randomUUID()}`);
  assert.equal((await session(SIGN_IN_PORT, old)).signedIn, true);
  const revoked = issuer.counts.revoke;
  const fresh = await signIn(SIGN_IN_PORT, `erin-${crypto.randomUUID()}`, old);
  assert.notEqual(fresh, old);
  assert.equal((await session(SIGN_IN_PORT, old)).signedIn, false, "the old session object is gone");
  assert.equal(issuer.counts.revoke, revoked + 1);
  assert.equal((await session(SIGN_IN_PORT, fresh)).signedIn, true);
});

test("an abandoned session past its end is gone: its alarm revoked and deleted it", async () => {
  const cookie = await signIn(SHORT_PORT, `frank-${crypto.randomUUID()}`);
  assert.equal((await session(SHORT_PORT, cookie)).signedIn, true);
  const revoked = issuer.counts.revoke;
  await sleep(6_500); // nothing touches the session meanwhile
  assert.equal(issuer.counts.revoke, revoked + 1, "revoked by its alarm, with no request");
  assert.equal((await session(SHORT_PORT, cookie)).signedIn, false);
});

test("a sign-in started while the issuer cannot be reached: 503 with Retry-After and CORS for an allowed origin, no cookie", async () => {
  const res = await fetch(`${base(DEAD_ISSUER_PORT)}/auth/login`, { redirect: "manual", headers: { origin: APP } });
  assert.equal(res.status, 503, await res.clone().text());
  assert.ok(Number(res.headers.get("retry-after")) > 0, "Retry-After");
  assert.equal(res.headers.get("access-control-allow-origin"), APP);
  assert.match((await res.json()).error, /issuer/);
  assert.deepEqual(res.headers.getSetCookie(), []);
});

test("a plain GET to /auth/login (a link, an image in an answer) changes nothing: the session stays, nothing revoked", async () => {
  const cookie = await signIn(SIGN_IN_PORT, `ivy-${crypto.randomUUID()}`);
  const revoked = issuer.counts.revoke;
  const res = await fetch(`${base(SIGN_IN_PORT)}/auth/login`, { redirect: "manual", headers: { cookie } });
  assert.equal(res.status, 302);
  for (const line of res.headers.getSetCookie()) assert.doesNotMatch(line, /^(__Host-)?mag_session=/, "the session's cookie is left alone");
  assert.equal((await session(SIGN_IN_PORT, cookie)).signedIn, true, "still signed in");
  assert.equal(issuer.counts.revoke, revoked, "nothing revoked");
  const q = `scenario:ok:login-get-${crypto.randomUUID()}`;
  assert.equal((await call(SIGN_IN_PORT, q, { skill: "document_search", headers: { cookie } })).status, 200);
});

test("an issuer outage when a signed-in visitor starts a sign-in: 503 with Retry-After, the session kept, nothing revoked", async () => {
  const cookie = await signIn(SIGN_IN_PORT, `jack-${crypto.randomUUID()}`);
  const revoked = issuer.counts.revoke;
  issuer.discoveryMode = "down";
  try {
    const res = await fetch(`${base(SIGN_IN_PORT)}/auth/login`, { redirect: "manual", headers: { cookie } });
    assert.equal(res.status, 503, await res.clone().text());
    assert.ok(Number(res.headers.get("retry-after")) > 0, "Retry-After");
    assert.match((await res.json()).error, /issuer/);
    assert.deepEqual(res.headers.getSetCookie(), [], "no cookie touched");
    assert.equal(issuer.counts.revoke, revoked, "nothing revoked");
  } finally {
    issuer.discoveryMode = "ok";
  }
  assert.equal((await session(SIGN_IN_PORT, cookie)).signedIn, true, "still signed in");
  const q = `scenario:ok:login-outage-${crypto.randomUUID()}`;
  assert.equal((await call(SIGN_IN_PORT, q, { skill: "document_search", headers: { cookie } })).status, 200);
});

for (const [mode, what] of [["challenge", "401 with WWW-Authenticate"], ["invalid_request", "400 invalid_request"]]) {
  test(`a refresh the issuer refuses (${what}) ends the session: the call is refused as signed out, nothing upstream`, async () => {
    const cookie = await signInFor(1, `kate-${mode}-${crypto.randomUUID()}`);
    await sleep(1_500); // the access token has expired
    const q = `scenario:ok:refused-refresh-${mode}-${crypto.randomUUID()}`;
    issuer.refreshMode = mode;
    try {
      const refreshes = issuer.counts.refresh;
      const r = await call(SIGN_IN_PORT, q, { skill: "document_search", headers: { cookie } });
      assert.equal(r.status, 401, JSON.stringify(r.json));
      assert.equal(r.json.error.code, -32004);
      assert.equal(issuer.counts.refresh, refreshes + 1, "one refresh was tried");
      assert.equal(await upstreamCount(q), 0, "nothing upstream");
      assert.equal((await session(SIGN_IN_PORT, cookie)).signedIn, false, "the session is over");
    } finally {
      issuer.refreshMode = "ok";
    }
  });
}

test("refreshes that keep failing (a malformed answer): the session stays SESSION_REFRESH_GRACE_SECONDS, then ends once its access token has expired", async () => {
  const cookie = await signInFor(1, `liam-${crypto.randomUUID()}`, GRACE_PORT);
  await sleep(1_500); // the access token has expired
  const q = `scenario:ok:malformed-refresh-${crypto.randomUUID()}`;
  issuer.refreshMode = "malformed";
  try {
    const first = await call(GRACE_PORT, q, { skill: "document_search", headers: { cookie } });
    assert.equal(first.status, 503, JSON.stringify(first.json));
    assert.ok(Number(first.headers.get("retry-after")) > 0, "Retry-After");
    assert.equal((await session(GRACE_PORT, cookie)).signedIn, true, "a transient fault keeps the session");
    await sleep(2_500); // failing for longer than the grace (2 s)
    const later = await call(GRACE_PORT, q, { skill: "document_search", headers: { cookie } });
    assert.equal(later.status, 401, JSON.stringify(later.json));
    assert.equal((await session(GRACE_PORT, cookie)).signedIn, false, "the session gave up");
    assert.equal(await upstreamCount(q), 0, "nothing upstream");
  } finally {
    issuer.refreshMode = "ok";
  }
});

test("a text/plain POST from a disallowed origin or from null is 403 on the demo's Worker and on the proxy, with no upstream call", async () => {
  const q = `scenario:ok:origin-${crypto.randomUUID()}`;
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send", params: { message: { role: "user", kind: "message", messageId: "m", parts: [{ kind: "text", text: q }], metadata: { skillId: "document_search" } } } });
  for (const port of [DEMO_PORT, OPERATOR_PORT]) {
    for (const origin of ["https://evil.example", "null"]) {
      const res = await fetch(`${base(port)}/api/v1/a2a`, { method: "POST", headers: { "content-type": "text/plain", origin }, body });
      assert.equal(res.status, 403, `${port} ${origin}`);
      assert.equal(res.headers.get("access-control-allow-origin"), null);
    }
  }
  assert.equal(await upstreamCount(q), 0);
  // The page's own origin, and an allowed one, are served.
  const own = await fetch(`${base(DEMO_PORT)}/api/v1/a2a`, { method: "POST", headers: { "content-type": "application/json", origin: base(DEMO_PORT) }, body });
  assert.equal(own.status, 200);
  const page = await fetch(`${base(DEMO_PORT)}/`);
  assert.match(page.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
  assert.equal(page.headers.get("x-content-type-options"), "nosniff");
  assert.ok(page.headers.get("referrer-policy"));
});
