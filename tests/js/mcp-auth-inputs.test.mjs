// MCP authorization's authorize endpoint on inputs no MCP client sends but anyone can (found by
// fuzz/oauth-endpoints.mjs): each is refused with the endpoint's HTML page and a 4xx, never a
// 500. The demo's Worker whose MCP clients sign in, in real workerd.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { port, root, startWrangler } from "./helpers.mjs";
import { register, pkce } from "../../bench/lib/mcp.mjs";

const PORT = port(18964);
const BASE = `http://127.0.0.1:${PORT}`;
let server, client;

before(async () => {
  server = await startWrangler(root, PORT, ["--var", "AGENT_OAUTH:on", "--var", "ALLOW_ANONYMOUS:off", "--var", "OAUTH_ISSUER:embedded",
    "--var", "PROXY_RATE_LIMITS:off", "--var", `ALLOWED_ORIGINS:${BASE}`], "/.well-known/oauth-protected-resource/mcp");
  client = await register(BASE);
});

after(() => server?.stop());

/** The authorize query of `client_id` (a valid request otherwise). */
const query = (clientId) => new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: client.redirect_uri, state: "s", code_challenge: pkce().challenge, code_challenge_method: "S256", resource: `${BASE}/mcp`, scope: "mcp" });

async function refusedWithPage(res, status) {
  const text = await res.text();
  assert.equal(res.status, status, text.slice(0, 300));
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
  assert.ok(res.headers.get("x-request-id"));
}

test("a client metadata document's URL as client_id, where this deployment fetches none: the 400 page", async () => {
  const meta = await (await fetch(`${BASE}/.well-known/oauth-authorization-server`)).json();
  assert.notEqual(meta.client_id_metadata_document_supported, true, "the demo does not fetch client metadata documents (no global_fetch_strictly_public)");
  await refusedWithPage(await fetch(`${BASE}/mcp-auth/authorize?${query("https://127.0.0.1:9/oauth/client.json")}`, { redirect: "manual" }), 400);
});

test("the consent form posted with a body that is not a form: the 400 page", async () => {
  for (const [type, body] of [["text/plain", "handle=x&decision=approve"], ["application/json", "{}"], [undefined, "\u00ff\u0000%"]]) {
    const headers = { origin: BASE, ...(type ? { "content-type": type } : {}) };
    await refusedWithPage(await fetch(`${BASE}/mcp-auth/authorize?${query(client.client_id)}`, { method: "POST", headers, body, redirect: "manual" }), 400);
  }
});

test("authorize by a method other than GET and POST: 405, the page, Allow: GET, POST", async () => {
  for (const method of ["PUT", "DELETE", "PATCH"]) {
    const res = await fetch(`${BASE}/mcp-auth/authorize?${query(client.client_id)}`, { method, headers: { origin: BASE }, redirect: "manual" });
    assert.equal(res.headers.get("allow"), "GET, POST", method);
    await refusedWithPage(res, 405);
  }
});

test("identifiers longer than a KV key may be (512 bytes): refused as unknown ones are, never a 500", async () => {
  // The same requests with an unknown identifier of 600 bytes and of 6: the same answers.
  const statuses = async (id) => {
    const token = `${id}:${id}:secret`;
    const post = (path, headers, body) => fetch(`${BASE}${path}`, { method: "POST", headers, body, redirect: "manual" });
    const form = (fields) => post("/mcp-auth/token", { "content-type": "application/x-www-form-urlencoded" }, new URLSearchParams(fields));
    const answers = {
      "authorize, client_id": await fetch(`${BASE}/mcp-auth/authorize?${query(id)}`, { redirect: "manual" }),
      "token, client_id": await form({ grant_type: "refresh_token", refresh_token: "x:y:z", client_id: id }),
      "token, Basic client": await post("/mcp-auth/token", { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${btoa(`${id}:secret`)}` }, "grant_type=refresh_token&refresh_token=x%3Ay%3Az"),
      "token, refresh_token": await form({ grant_type: "refresh_token", refresh_token: token, client_id: client.client_id }),
      "token, code": await form({ grant_type: "authorization_code", code: token, client_id: client.client_id, redirect_uri: client.redirect_uri, code_verifier: "v".repeat(43) }),
      "revocation, token": await form({ token, token_type_hint: "refresh_token", client_id: client.client_id }),
      "/mcp, Bearer": await post("/mcp", { "content-type": "application/json", authorization: `Bearer ${token}` }, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })),
    };
    return Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]));
  };
  const short = await statuses("b".repeat(6));
  assert.ok(Object.values(short).every((s) => s < 500), JSON.stringify(short));
  assert.deepEqual(await statuses("a".repeat(600)), short);
});

test("a path of the authorization server it does not have, or a method its metadata does not take: 404 / 405 with a JSON error", async () => {
  const cases = [["GET", "/mcp-auth/nothing", 404], ["POST", "/mcp-auth/token/x", 404], ["POST", "/.well-known/oauth-authorization-server", 405], ["PUT", "/.well-known/oauth-protected-resource/mcp", 405], ["DELETE", "/.well-known/oauth-protected-resource", 405]];
  for (const [method, path, status] of cases) {
    const res = await fetch(`${BASE}${path}`, { method, headers: { origin: BASE } });
    const text = await res.text();
    assert.equal(res.status, status, `${method} ${path}`);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/, `${method} ${path}`);
    assert.equal(typeof JSON.parse(text || "null")?.error, "string", `${method} ${path}: ${text}`);
    assert.equal(res.headers.get("access-control-allow-origin"), BASE);
  }
});
