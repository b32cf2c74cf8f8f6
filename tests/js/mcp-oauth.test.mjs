// MCP authorization end to end (issue 38, item 2; docs/mcp.md): the official v2 TypeScript client
// (@modelcontextprotocol/client 2.4.0) with its own OAuth support signs in to the demo Worker
// running with sign-in required (`AGENT_OAUTH=on`, `ALLOW_ANONYMOUS=off`, the stand-in's emulated
// issuer), in real workerd. The client's provider and the "browser" that answers the consent page
// and walks the Magisterium sign-in are tests/js/oauth-browser.mjs. The operator's token is set and
// the stand-in refuses it (it accepts only tokens its issuer issued): a tool call that succeeds ran
// on the visitor's own Magisterium token. The v1 client (@modelcontextprotocol/sdk 1.32) signs in
// the same way. Then the refusals, each at the HTTP level. Registration by a Client ID Metadata
// Document is tests/js/mcp-oauth-cimd.test.mjs; the Python client's sign-in tests/python/mcp_oauth.py.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { rmSync } from "node:fs";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError as V1UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { CookieJar, port, root, startWrangler } from "./helpers.mjs";
import { MAGISTERIUM_TOKEN, MemoryProvider, browse, challenge, pkce, postForm, recordingFetch } from "./oauth-browser.mjs";

const PORT = port(18930);
const BASE = `http://127.0.0.1:${PORT}`;
const MCP = `${BASE}/mcp`;
// The client's loopback listener (a desktop client's): never reached, the browser stops at it.
// `localhost`, so that the consent page naming it is told apart from the Worker's own host.
const REDIRECT = `http://localhost:${port(18932)}/oauth/callback`;
const APP = "http://mcp-app.example"; // a browser-based MCP client's page, listed in ALLOWED_ORIGINS
const INFO = { name: "magisterium-oauth-tests", version: "1.0.0" };
// MCP access tokens live 60 s here (the library's least: KV's shortest expiry), and each
// grant's Magisterium session 90 s, so that one token expires and one grant ends during the run
// (the last two tests); the other tests are done with theirs well before.
const TTL_SECONDS = 60;
const SESSION_SECONDS = 90;
let server, as, expiring, ending;

before(async () => {
  server = await startWrangler(root, PORT, [
    "--var", "AGENT_OAUTH:on", "--var", "ALLOW_ANONYMOUS:off", "--var", "OAUTH_ISSUER:embedded",
    "--var", "MAGISTERIUM_TOKEN:operator-token-the-stand-in-refuses", "--var", `ALLOWED_ORIGINS:${BASE},${APP}`,
    "--var", `MCP_TOKEN_TTL_SECONDS:${TTL_SECONDS}`, "--var", `SESSION_MAX_SECONDS:${SESSION_SECONDS}`,
  ], "/auth/session");
  as = await (await fetch(`${BASE}/.well-known/oauth-authorization-server`)).json();
  // The grants of the last two tests, made first: their clocks run beside the other tests.
  [expiring, ending] = [await grant("Expiring client"), await grant("Ending client")];
});

/** A new client's grant: `{ client_id, at, status, body }` (the token response), both its token
 *  and its Magisterium session having begun before `at`. */
async function grant(name) {
  const client_id = await register(name);
  const { code: issued, verifier } = await code(client_id);
  const granted = await exchange({ grant_type: "authorization_code", code: issued, redirect_uri: REDIRECT, client_id, code_verifier: verifier, resource: MCP });
  return { client_id, at: Date.now(), ...granted };
}

const until = (time) => new Promise((r) => setTimeout(r, Math.max(0, time - Date.now())));

after(async () => {
  server?.stop();
  await server?.exited;
  if (server) rmSync(server.state, { recursive: true, force: true });
});

/** A raw `tools/list` on `/mcp` (2026-07-28, stateless) with `token`. */
const listTools = (token, headers = {}) =>
  fetch(MCP, {
    method: "POST",
    headers: {
      "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/list", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } } }),
  });

/** `/mcp` refuses `token` as RFC 6750 says: 401 with `error="invalid_token"` in the challenge. */
async function assertInvalidToken(token, what) {
  const res = await listTools(token);
  assert.equal(res.status, 401, what);
  const params = challenge(res.headers.get("www-authenticate"));
  assert.equal(params?.error, "invalid_token", `${what}: ${res.headers.get("www-authenticate")}`);
  assert.equal(params.resource_metadata, `${BASE}/.well-known/oauth-protected-resource/mcp`, what);
}

/** A public client registered by DCR (RFC 7591), as an MCP client registers itself. */
async function register(name = "Raw test client") {
  const res = await fetch(as.registration_endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: name, redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] }),
  });
  assert.equal(res.status, 201);
  return (await res.json()).client_id;
}

/** The authorization URL for `client_id` with `params` over the defaults (undefined drops one). */
function authorizeUrl(params) {
  const url = new URL(as.authorization_endpoint);
  const all = { response_type: "code", redirect_uri: REDIRECT, state: "st-1", code_challenge_method: "S256", resource: MCP, scope: "mcp", ...params };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
  return url;
}

/** A code for `client_id` through consent and sign-in, with its PKCE verifier. */
async function code(client_id) {
  const { verifier, challenge: code_challenge } = pkce();
  const { callback } = await browse(authorizeUrl({ client_id, code_challenge }), { redirectUri: REDIRECT });
  return { code: callback.searchParams.get("code"), verifier };
}

const exchange = (fields) => postForm(as.token_endpoint, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
const refresh = (client_id, refresh_token, extra = {}) => exchange({ grant_type: "refresh_token", client_id, refresh_token, ...extra });
const revoke = (client_id, token, token_type_hint) => postForm(as.revocation_endpoint, { client_id, token, token_type_hint });

test("discovery: the 401's challenge, the protected-resource and authorization-server metadata", async () => {
  const res = await listTools();
  assert.equal(res.status, 401);
  const params = challenge(res.headers.get("www-authenticate"));
  assert.equal(params.resource_metadata, `${BASE}/.well-known/oauth-protected-resource/mcp`);
  assert.equal(params.scope, "mcp");
  assert.equal(params.error, undefined, "no token is no invalid token (RFC 6750 §3.1)");
  const resource = await (await fetch(params.resource_metadata)).json();
  assert.equal(resource.resource, MCP);
  assert.deepEqual(resource.authorization_servers, [BASE]);
  assert.deepEqual(resource.scopes_supported, ["mcp"]);
  assert.deepEqual(resource.bearer_methods_supported, ["header"]);
  assert.deepEqual(await (await fetch(`${BASE}/.well-known/oauth-protected-resource`)).json(), resource, "at the root URL too");
  assert.equal(as.issuer, BASE);
  assert.equal(as.authorization_endpoint, `${BASE}/mcp-auth/authorize`);
  assert.equal(as.token_endpoint, `${BASE}/mcp-auth/token`);
  assert.equal(as.revocation_endpoint, `${BASE}/mcp-auth/token`);
  assert.equal(as.registration_endpoint, `${BASE}/mcp-auth/register`);
  assert.deepEqual(as.code_challenge_methods_supported, ["S256"]);
  assert.deepEqual(as.response_types_supported, ["code"]);
  assert.ok(as.grant_types_supported.includes("authorization_code") && as.grant_types_supported.includes("refresh_token"));
  assert.equal(as.authorization_response_iss_parameter_supported, true);
  assert.ok(as.scopes_supported.includes("mcp"));
});

let signedIn; // the client of the sign-in test, for refresh and revocation

test("the official client signs in: DCR, consent naming it, the Magisterium sign-in, calls on its own token", async () => {
  const provider = new MemoryProvider({ redirectUri: REDIRECT, name: "Oauth Test <b>Client</b>" });
  const recorder = recordingFetch();
  const options = { authProvider: provider, fetch: recorder.fetch };
  const first = new StreamableHTTPClientTransport(new URL(MCP), options);
  await assert.rejects(new Client(INFO).connect(first), (e) => e instanceof UnauthorizedError);
  // From the 401 the client found the metadata, registered itself and sent the browser to consent.
  const steps = recorder.seen.map((s) => `${s.method} ${s.path} ${s.status}`);
  assert.equal(steps[0], "POST /mcp 401");
  for (const step of ["GET /.well-known/oauth-protected-resource/mcp 200", "GET /.well-known/oauth-authorization-server 200", "POST /mcp-auth/register 201"]) {
    assert.ok(steps.includes(step), `${step} in ${steps.join(", ")}`);
  }
  assert.ok(provider.client.client_id && !provider.client.client_id.startsWith("https:"), "registered by DCR");
  const asked = provider.authorizationUrl.searchParams;
  assert.equal(asked.get("resource"), MCP);
  assert.equal(asked.get("code_challenge_method"), "S256");
  const { page, callback, hops } = provider.visit;
  assert.match(page, /Oauth Test &#60;b&#62;Client&#60;\/b&#62;/, "the page names the client, escaped");
  assert.ok(!page.includes("<b>Client"), "the client's name is never markup");
  assert.ok(page.includes("localhost"), "the page names the redirect host");
  assert.match(page, /\bmcp\b/, "the page names the scope");
  assert.deepEqual(hops, ["/oauth/authorize", "/auth/callback", "/mcp-auth/resume"], "consent, then the Magisterium sign-in");
  assert.equal(callback.searchParams.get("state"), provider.lastState);
  assert.equal(callback.searchParams.get("iss"), BASE, "RFC 9207");
  assert.ok(callback.searchParams.get("code"));
  await first.finishAuth(callback.searchParams);
  const tokens = provider.tokens();
  assert.equal(tokens.token_type.toLowerCase(), "bearer");
  assert.ok(tokens.refresh_token && tokens.expires_in > 0);
  assert.equal(tokens.scope, "mcp");

  const client = new Client(INFO);
  const calls = recorder.seen.length;
  await client.connect(new StreamableHTTPClientTransport(new URL(MCP), options));
  const { tools } = await client.listTools();
  assert.ok(tools.some((t) => t.name === "pope_lookup"));
  // The stand-in refuses the operator's token: this answer came from the visitor's.
  const result = await client.callTool({ name: "pope_lookup", arguments: { query: "Leo XIV" } });
  const text = result.content.map((c) => c.text).join("\n");
  assert.equal(result.isError, undefined, text);
  assert.match(text, /Leo XIV/);
  const mcpCalls = recorder.seen.slice(calls).filter((s) => s.path === "/mcp");
  assert.ok(mcpCalls.length >= 3);
  for (const s of mcpCalls) assert.equal(s.authorization, `Bearer ${tokens.access_token}`, "each call on the Worker's token");
  for (const s of recorder.seen) assert.doesNotMatch(s.body, MAGISTERIUM_TOKEN, `${s.path}: a Magisterium token never reaches the MCP client`);
  assert.doesNotMatch(tokens.access_token, MAGISTERIUM_TOKEN, "the Worker issues its own tokens");
  signedIn = { provider, client, recorder };
});

test("the v1 client (@modelcontextprotocol/sdk 1.32) signs in the same way and calls on its own token", async () => {
  const provider = new MemoryProvider({ redirectUri: REDIRECT, name: "v1 client" });
  const first = new V1Transport(new URL(MCP), { authProvider: provider });
  await assert.rejects(new V1Client(INFO).connect(first), (e) => e instanceof V1UnauthorizedError);
  const { callback, hops } = provider.visit;
  assert.deepEqual(hops, ["/oauth/authorize", "/auth/callback", "/mcp-auth/resume"]);
  assert.equal(callback.searchParams.get("iss"), BASE);
  await first.finishAuth(callback.searchParams.get("code"));
  const client = new V1Client(INFO);
  await client.connect(new V1Transport(new URL(MCP), { authProvider: provider }));
  const result = await client.callTool({ name: "pope_lookup", arguments: { query: "Leo XIV" } });
  assert.equal(result.isError, undefined, result.content.map((c) => c.text).join("\n"));
  assert.match(result.content.map((c) => c.text).join("\n"), /Leo XIV/);
  await client.close();
});

test("consent denied: the client gets access_denied with its state and the issuer, and no code", async () => {
  const provider = new MemoryProvider({ redirectUri: REDIRECT, name: "Denied client", decision: "deny" });
  const transport = new StreamableHTTPClientTransport(new URL(MCP), { authProvider: provider });
  await assert.rejects(new Client(INFO).connect(transport), (e) => e instanceof UnauthorizedError);
  const { page, callback, hops } = provider.visit;
  assert.match(page, /Denied client/);
  assert.deepEqual(hops, [], "straight back to the client, no sign-in");
  assert.equal(callback.searchParams.get("error"), "access_denied");
  assert.equal(callback.searchParams.get("state"), provider.lastState);
  assert.equal(callback.searchParams.get("iss"), BASE);
  assert.equal(callback.searchParams.get("code"), null);
});

test("consent cannot be forged: a post from another site, from a browser without the page's cookie, or replayed", async () => {
  const client_id = await register("Consent target");
  const { challenge: code_challenge } = pkce();
  const url = authorizeUrl({ client_id, code_challenge });
  const open = async (jar) => {
    const html = await jar.take(await fetch(url, { redirect: "manual" })).text();
    return /name="handle" value="([^"]*)"/.exec(html)[1];
  };
  const post = (handle, headers) => fetch(url, {
    method: "POST", redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ handle, decision: "approve" }),
  });
  const refused = (res, what) => {
    assert.ok(res.status >= 400 && res.status < 500, `${what}: ${res.status}`);
    assert.equal(res.headers.get("location"), null, `${what}: no redirect`);
  };
  const jar = new CookieJar();
  const handle = await open(jar);
  refused(await post(handle, { origin: "http://evil.example", cookie: jar.header() }), "another site's post");
  refused(await post(handle, { origin: BASE }), "a browser without the consent cookie");
  const approved = await post(handle, { origin: BASE, cookie: jar.header() });
  assert.equal(approved.status, 302, "the page's own post still works");
  assert.equal(new URL(approved.headers.get("location")).pathname, "/oauth/authorize");
  refused(await post(handle, { origin: BASE, cookie: jar.header() }), "a replayed post");
});

test("refresh: a revoked access token is refused, the client refreshes on its own, the refresh token rotates", async () => {
  const { provider, client, recorder } = signedIn;
  const client_id = provider.client.client_id;
  const first = provider.tokens();
  // The client's next call meets a 401 (RFC 7009 revocation of the access token alone) and
  // presents its refresh token, twice.
  for (let round = 1; round <= 2; round++) {
    const before = provider.tokens();
    assert.equal((await revoke(client_id, before.access_token, "access_token")).status, 200);
    await assertInvalidToken(before.access_token, "a revoked access token");
    const from = recorder.seen.length;
    const { tools } = await client.listTools();
    assert.ok(tools.length > 0);
    const steps = recorder.seen.slice(from).map((s) => `${s.method} ${s.path} ${s.status}`);
    assert.deepEqual(steps.filter((s) => !s.startsWith("GET /.well-known")), ["POST /mcp 401", "POST /mcp-auth/token 200", "POST /mcp 200"], `round ${round}`);
    const now = provider.tokens();
    assert.notEqual(now.access_token, before.access_token);
    assert.notEqual(now.refresh_token, before.refresh_token, "rotated");
  }
  // The first refresh token, replaced and its replacement used since, is refused.
  const reused = await refresh(client_id, first.refresh_token);
  assert.equal(reused.status, 400);
  assert.equal(reused.body.error, "invalid_grant");
  const result = await client.callTool({ name: "saint_lookup", arguments: { query: "Augustine" } });
  assert.equal(result.isError, undefined);
});

test("revocation (RFC 7009): revoking the refresh token ends the grant; its tokens are refused", async () => {
  const { provider, client } = signedIn;
  const client_id = provider.client.client_id;
  const tokens = provider.tokens();
  assert.equal((await revoke(client_id, tokens.refresh_token, "refresh_token")).status, 200);
  await assertInvalidToken(tokens.access_token, "the access token of a revoked grant");
  const refused = await refresh(client_id, tokens.refresh_token);
  assert.equal(refused.status, 400);
  assert.equal(refused.body.error, "invalid_grant");
  // The client can only ask its user again (who is away: no browser this time).
  provider.decision = null;
  const asked = provider.authorizations;
  await assert.rejects(client.listTools(), (e) => e instanceof UnauthorizedError);
  assert.equal(provider.authorizations, asked + 1, "a new authorization was asked for");
});

test("authorize: a wrong resource and PKCE missing or plain go back to the client; an unknown redirect URI or client gets a page", async () => {
  const client_id = await register();
  const { challenge: code_challenge, verifier } = pkce();
  const back = async (params, error) => {
    const res = await fetch(authorizeUrl({ client_id, code_challenge, ...params }), { redirect: "manual" });
    assert.equal(res.status, 302, JSON.stringify(params));
    const location = new URL(res.headers.get("location"));
    assert.equal(`${location.origin}${location.pathname}`, REDIRECT);
    assert.equal(location.searchParams.get("error"), error, JSON.stringify(params));
    assert.equal(location.searchParams.get("state"), "st-1");
    assert.equal(location.searchParams.get("iss"), BASE);
    assert.equal(location.searchParams.get("code"), null);
  };
  await back({ resource: `${BASE}/api/v1/a2a` }, "invalid_target");
  await back({ resource: "https://www.magisterium.com/mcp" }, "invalid_target");
  await back({ code_challenge: undefined, code_challenge_method: undefined }, "invalid_request");
  await back({ code_challenge: verifier, code_challenge_method: "plain" }, "invalid_request");
  for (const params of [{ client_id, redirect_uri: `http://localhost:${port(18933)}/elsewhere` }, { client_id, redirect_uri: "https://attacker.example/cb" }, { client_id: "no-such-client" }]) {
    const res = await fetch(authorizeUrl({ code_challenge, ...params }), { redirect: "manual" });
    assert.equal(res.status, 400, JSON.stringify(params));
    assert.equal(res.headers.get("location"), null, "never a redirect to an unregistered URI");
    assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  }
});

let minted; // { client_id, tokens } of the token endpoint's test

test("token endpoint: a code or a refresh for another resource is refused (invalid_target), PKCE is checked", async () => {
  const client_id = await register();
  const { code: issued, verifier } = await code(client_id);
  const fields = { grant_type: "authorization_code", code: issued, redirect_uri: REDIRECT, client_id, code_verifier: verifier };
  for (const resource of [`${BASE}/api/v1/a2a`, "https://www.magisterium.com/mcp"]) {
    const wrong = await exchange({ ...fields, resource });
    assert.equal(wrong.status, 400, resource);
    assert.equal(wrong.body.error, "invalid_target", resource);
  }
  const noVerifier = await code(client_id);
  const missing = await exchange({ ...fields, code: noVerifier.code, code_verifier: undefined, resource: MCP });
  assert.equal(missing.status, 400);
  assert.equal(missing.body.error, "invalid_request");
  const granted = await exchange({ ...fields, resource: MCP });
  assert.equal(granted.status, 200, JSON.stringify(granted.body));
  assert.equal(granted.body.resource ?? MCP, MCP);
  assert.equal((await listTools(granted.body.access_token)).status, 200);
  const wrongRefresh = await refresh(client_id, granted.body.refresh_token, { resource: `${BASE}/api/v1/a2a` });
  assert.equal(wrongRefresh.status, 400);
  assert.equal(wrongRefresh.body.error, "invalid_target");
  minted = { client_id, tokens: granted.body };
});

test("tokens that are not this /mcp's are refused as invalid_token: tampered, made up, Magisterium's own", async () => {
  const good = minted.tokens.access_token;
  const last = good.at(-1) === "A" ? "B" : "A";
  await assertInvalidToken(`${good.slice(0, -1)}${last}`, "a tampered token");
  await assertInvalidToken(minted.tokens.refresh_token, "a refresh token as an access token");
  await assertInvalidToken("user:grant:secret", "a made-up token");
  await assertInvalidToken("not-a-token", "a malformed token");
  // A token the Magisterium issuer minted (for Magisterium, another resource) is no token of /mcp.
  const reg = await (await fetch(`${BASE}/oauth/register`, { method: "POST", body: JSON.stringify({ redirect_uris: [`${BASE}/cb`] }) })).json();
  const { verifier, challenge: code_challenge } = pkce();
  const q = new URLSearchParams({ response_type: "code", client_id: reg.client_id, redirect_uri: `${BASE}/cb`, state: "s", code_challenge, code_challenge_method: "S256" });
  const authorized = await fetch(`${BASE}/oauth/authorize?${q}`, { redirect: "manual" });
  const upstreamCode = new URL(authorized.headers.get("location")).searchParams.get("code");
  const upstream = await postForm(`${BASE}/oauth/token`, { grant_type: "authorization_code", code: upstreamCode, redirect_uri: `${BASE}/cb`, client_id: reg.client_id, client_secret: reg.client_secret, code_verifier: verifier });
  assert.match(upstream.body.access_token, MAGISTERIUM_TOKEN);
  await assertInvalidToken(upstream.body.access_token, "a Magisterium access token");
  assert.equal((await listTools(good)).status, 200, "the real one still works");
});

test("CORS on the authorization server's answers (errors included) and on /mcp's 401 follows the origin rule", async () => {
  const cases = [
    ["GET", "/.well-known/oauth-authorization-server"], ["GET", "/.well-known/oauth-protected-resource/mcp"],
    ["POST", "/mcp-auth/token", "grant_type=authorization_code&code=nothing"], ["POST", "/mcp-auth/register", "{}"],
  ];
  for (const [method, path, body] of cases) {
    const listed = await fetch(`${BASE}${path}`, { method, body, headers: { origin: APP, "content-type": "application/x-www-form-urlencoded" } });
    assert.equal(listed.headers.get("access-control-allow-origin"), APP, `${method} ${path} (${listed.status})`);
    const other = await fetch(`${BASE}${path}`, { method, body, headers: { origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" } });
    assert.ok(![`http://evil.example`, "*"].includes(other.headers.get("access-control-allow-origin")), `${method} ${path}: never reflected`);
  }
  const preflight = await fetch(as.token_endpoint, { method: "OPTIONS", headers: { origin: APP, "access-control-request-method": "POST", "access-control-request-headers": "content-type" } });
  assert.ok(preflight.status < 300, String(preflight.status));
  assert.equal(preflight.headers.get("access-control-allow-origin"), APP);
  const unauthorized = await listTools(undefined, { origin: APP });
  assert.equal(unauthorized.status, 401);
  assert.equal(unauthorized.headers.get("access-control-allow-origin"), APP);
  assert.match(unauthorized.headers.get("access-control-expose-headers") ?? "", /www-authenticate/i, "a page's client reads the challenge");
});

test("an expired access token is refused as invalid_token; its refresh token still refreshes", async () => {
  assert.equal(expiring.status, 200, JSON.stringify(expiring.body));
  const { access_token, refresh_token, expires_in } = expiring.body;
  assert.equal(expires_in, TTL_SECONDS, "the Worker takes MCP_TOKEN_TTL_SECONDS");
  assert.equal((await listTools(access_token)).status, 200, "valid before its time");
  await until(expiring.at + (TTL_SECONDS + 2) * 1000);
  await assertInvalidToken(access_token, "an expired access token");
  const renewed = await refresh(expiring.client_id, refresh_token);
  assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
  assert.equal((await listTools(renewed.body.access_token)).status, 200);
});

test("the grant ends with its Magisterium session: its tokens are refused, its refresh too", async () => {
  assert.equal(ending.status, 200, JSON.stringify(ending.body));
  const renewed = await refresh(ending.client_id, ending.body.refresh_token); // a token well within its lifetime
  assert.equal(renewed.status, 200, JSON.stringify(renewed.body));
  assert.equal((await listTools(renewed.body.access_token)).status, 200, "the session still runs");
  await until(ending.at + (SESSION_SECONDS + 2) * 1000);
  await assertInvalidToken(renewed.body.access_token, "a token whose Magisterium session is over");
  const refused = await refresh(ending.client_id, renewed.body.refresh_token);
  assert.equal(refused.status, 400);
  assert.equal(refused.body.error, "invalid_grant");
});
