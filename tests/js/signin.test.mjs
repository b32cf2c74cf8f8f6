// Sign in with the stand-in's emulated authorization server through the Worker (BFF), in real
// workerd and real Chromium: the session cookie is all the page holds.
import { recordPage } from "./record.mjs";
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { launchChromium, port, root, startWrangler } from "./helpers.mjs";

const PORT = port(18790);
const BASE = `http://127.0.0.1:${PORT}`;
const TOKEN_PATTERN = /\b(at|rt)_[\w-]{20,}/;
let server, browser, page;
const bodies = [];
let callbackUrl = null;

before(async () => {
  server = await startWrangler(root, PORT, [
    "--var", "AGENT_OAUTH:on", "--var", "ALLOW_ANONYMOUS:off", "--var", "OAUTH_ISSUER:embedded",
    "--var", "AGENT_TOKEN_TTL_SECONDS:64", "--var", `ALLOWED_ORIGINS:${BASE}`,
  ], "/auth/session");
  browser = await launchChromium();
  page = await browser.newPage();
  recordPage(page);
  page.on("request", (r) => {
    if (r.url().includes("/auth/callback?")) callbackUrl = r.url();
  });
  page.on("response", async (r) => {
    try {
      bodies.push([...Object.entries(await r.allHeaders())].join("\n") + (await r.text()));
    } catch {}
  });
});

after(async () => {
  await browser?.close();
  server?.stop();
});

const session = () => page.evaluate(async () => (await fetch("/auth/session")).json());
const callSkill = () =>
  page.evaluate(async () => {
    const { default: init, MagisteriumClient } = await import("/pkg/index.js");
    await init();
    const client = new MagisteriumClient({ endpoint: "/api/v1/a2a", maxRetries: 0 });
    try {
      const r = await client.popeLookup("Leo XIV");
      return { ok: true, ordinal: r.data[0].ordinal };
    } catch (e) {
      return { ok: false, kind: e.kind, status: e.status };
    }
  });

test("signed out: calls are refused without an upstream call", async () => {
  await page.goto(`${BASE}/`);
  assert.deepEqual(await session(), { enabled: true, signedIn: false, expiresAt: null, anonymousAllowed: false });
  assert.deepEqual(await callSkill(), { ok: false, kind: "unauthorized", status: 401 });
});

test("with sign-in required, /mcp answers 401 with the Bearer challenge that starts MCP authorization", async () => {
  const res = await fetch(`${BASE}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
  });
  assert.equal(res.status, 401);
  const challenge = res.headers.get("www-authenticate");
  assert.match(challenge, /^Bearer /);
  assert.match(challenge, new RegExp(`resource_metadata="${BASE}/\\.well-known/oauth-protected-resource/mcp"`));
  assert.match(challenge, /scope="mcp"/);
  const body = await res.json();
  assert.equal(body.error.code, -32004);
  assert.equal(body.id, 1);
  assert.match(body.error.message, /^Unauthorized: MCP clients sign in on this server/);
  // The official client without an auth provider gets the same refusal and says so.
  const client = new Client({ name: "t", version: "1" });
  await assert.rejects(client.connect(new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`))), /401|Unauthorized/);
});

test("sign in, then call a skill with the session; the page never sees a token", async () => {
  await page.goto(`${BASE}/auth/login`);
  assert.equal(page.url(), `${BASE}/`);
  assert.ok(callbackUrl, "went through the callback");
  const s = await session();
  assert.equal(s.signedIn, true);
  assert.deepEqual(await callSkill(), { ok: true, ordinal: 267 });
  assert.equal(await page.evaluate(() => document.cookie), "", "the session cookie is HttpOnly");
  const cookies = await browser.cookies(BASE);
  const cookie = cookies.find((c) => c.name === "mag_session");
  assert.ok(cookie && cookie.httpOnly && cookie.sameSite === "Lax");
});

test("the access token expires and is refreshed silently", async () => {
  const before = (await session()).expiresAt;
  await new Promise((r) => setTimeout(r, 5_000)); // 64 s tokens are refreshed under 60 s left
  assert.deepEqual(await callSkill(), { ok: true, ordinal: 267 });
  const afterRefresh = (await session()).expiresAt;
  assert.ok(afterRefresh > before, "a new access token was issued");
});

test("parallel calls needing a refresh spend the refresh token once", async () => {
  await new Promise((r) => setTimeout(r, 5_000)); // the token is again under a minute from expiry
  const results = await page.evaluate(async () => {
    const { default: init, MagisteriumClient } = await import("/pkg/index.js");
    await init();
    const client = new MagisteriumClient({ endpoint: "/api/v1/a2a", maxRetries: 0 });
    const calls = Array.from({ length: 6 }, () => client.popeLookup("Leo XIV").then(() => "ok", (e) => e.kind));
    return Promise.all(calls);
  });
  assert.deepEqual(results, Array(6).fill("ok"));
  // A refresh token spent twice would have revoked the whole grant (reuse detection).
  assert.deepEqual(await callSkill(), { ok: true, ordinal: 267 });
});

test("a sign-in begun in another browser cannot be finished in this one (login CSRF)", async () => {
  // The attacker begins a sign-in (the Worker, then the issuer) and keeps the callback URL, with
  // its valid code and state, unvisited.
  const login = await fetch(`${BASE}/auth/login`, { redirect: "manual" });
  assert.equal(login.status, 302);
  const authorize = await fetch(login.headers.get("location"), { redirect: "manual" });
  assert.equal(authorize.status, 302);
  const planted = authorize.headers.get("location");
  assert.match(planted, /\/auth\/callback\?.*code=/, "the attacker holds a callback URL");
  // The victim is made to open it: refused, and the victim is not signed in to the attacker's account.
  const victim = await launchChromium();
  const victimPage = await victim.newPage();
  recordPage(victimPage);
  const answer = await victimPage.goto(planted);
  assert.equal(answer.status(), 400);
  assert.match(await answer.text(), /begun in another browser/);
  const s = await victimPage.evaluate(async () => (await fetch("/auth/session")).json());
  assert.equal(s.signedIn, false);
  assert.equal((await victim.cookies(BASE)).length, 0, "no session cookie was set");
  await victim.close();
});

test("a replayed callback, a bad state and a forged cookie are refused", async () => {
  const replay = await page.request.get(callbackUrl, { maxRedirects: 0 });
  assert.equal(replay.status(), 400);
  const bad = await page.request.get(`${BASE}/auth/callback?code=abc&state=forged-state`, { maxRedirects: 0 });
  assert.equal(bad.status(), 400);
  const other = await launchChromium(); // a second browser profile, so the real session stays
  const forged = await other.newPage();
  recordPage(forged);
  await other.addCookies([{ name: "mag_session", value: "forged-session-id-0123456789abcdef", url: BASE }]);
  await forged.goto(`${BASE}/`);
  const s = await forged.evaluate(async () => (await fetch("/auth/session")).json());
  assert.equal(s.signedIn, false);
  const r = await forged.evaluate(async () => (await fetch("/api/v1/a2a", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: "x" } }) })).status);
  assert.equal(r, 401);
  await other.close();
});

test("PKCE verifier mismatch and refresh-token reuse are refused by the authorization server", async () => {
  const reg = await (await fetch(`${BASE}/oauth/register`, { method: "POST", body: JSON.stringify({ redirect_uris: [`${BASE}/cb`] }) })).json();
  const { createHash, randomBytes } = await import("node:crypto");
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const authorize = async () => {
    const q = new URLSearchParams({ response_type: "code", client_id: reg.client_id, redirect_uri: `${BASE}/cb`, state: "s", code_challenge: challenge, code_challenge_method: "S256" });
    const r = await fetch(`${BASE}/oauth/authorize?${q}`, { redirect: "manual" });
    return new URL(r.headers.get("location")).searchParams.get("code");
  };
  const exchange = (code, v) => fetch(`${BASE}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: `${BASE}/cb`, client_id: reg.client_id, client_secret: reg.client_secret, code_verifier: v }) });
  const mismatch = await exchange(await authorize(), randomBytes(32).toString("base64url"));
  assert.equal(mismatch.status, 400);
  assert.equal((await mismatch.json()).error, "invalid_grant");
  const tokens = await (await exchange(await authorize(), verifier)).json();
  const refresh = () => fetch(`${BASE}/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: reg.client_id, client_secret: reg.client_secret }) });
  assert.equal((await refresh()).status, 200);
  const reuse = await refresh();
  assert.equal(reuse.status, 400);
  assert.equal((await reuse.json()).error, "invalid_grant");
});

test("sign out: the session is gone and calls are refused again", async () => {
  const crossSite = await page.request.post(`${BASE}/auth/logout`, { headers: { origin: "http://evil.example" } });
  assert.equal(crossSite.status(), 403);
  assert.equal((await session()).signedIn, true, "a cross-site logout did nothing");
  await page.evaluate(() => fetch("/auth/logout", { method: "POST" }));
  assert.equal((await session()).signedIn, false);
  assert.deepEqual(await callSkill(), { ok: false, kind: "unauthorized", status: 401 });
});

test("no token appeared in any response the browser received", () => {
  assert.ok(bodies.length > 5);
  for (const b of bodies) assert.ok(!TOKEN_PATTERN.test(b), "token leaked to the page");
});
