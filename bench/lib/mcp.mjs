// MCP requests as clients send them to the Worker's `/mcp`, in both eras, and an OAuth access
// token for a signed-in deployment obtained the way an MCP client obtains it (issue 38). Used by
// bench/mcp-ab.mjs and fuzz/oauth-endpoints.mjs.
import { randomBytes } from "node:crypto";
// The tests' cookie jar, PKCE pair and browser, as the tests' MCP client uses them.
import { CookieJar } from "../../tests/js/helpers.mjs";
import { browse, pkce } from "../../tests/js/oauth-browser.mjs";

export { pkce };

/** The handshake era's revision and the stateless one (crates/core/src/mcp/mod.rs). */
export const LEGACY = "2025-11-25";
export const MODERN = "2026-07-28";

/**
 * One `tools/call` as `{ body, headers }`: `era` LEGACY (the `MCP-Protocol-Version` header, as a
 * client sends it after `initialize`) or MODERN (stateless: the revision and capabilities in
 * `params._meta`, and the `Mcp-Method` / `Mcp-Name` headers checked against the body).
 * `bearer`, when given, is sent as `Authorization: Bearer …` (a signed-in deployment).
 */
export function toolCall({ era = LEGACY, name = "document_search", args = { query: "just wage" }, id = "bench-1", bearer } = {}) {
  const params = { name, arguments: args };
  const headers = { accept: "application/json, text/event-stream", "mcp-protocol-version": era };
  if (era === MODERN) {
    params._meta = { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {} };
    headers["mcp-method"] = "tools/call";
    headers["mcp-name"] = name;
  }
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  return { body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params }), headers };
}

/** What a `tools/call` answer must be to count: a result with content, not an error (and
 *  `resultType: "complete"` in 2026-07-28). Returns the reason it is not, or null. */
export function toolCallProblem(status, text, era) {
  if (status !== 200) return `HTTP ${status}: ${text.slice(0, 200)}`;
  let doc;
  try { doc = JSON.parse(text); } catch { return `not JSON: ${text.slice(0, 200)}`; }
  const r = doc?.result;
  if (!Array.isArray(r?.content) || r.isError) return `no result: ${text.slice(0, 200)}`;
  if (era === MODERN && r.resultType !== "complete") return `no resultType "complete": ${text.slice(0, 200)}`;
  return null;
}

const b64url = (buf) => Buffer.from(buf).toString("base64url");

/** The hidden inputs of the consent page's form, as a browser would post them. */
export function hiddenInputs(html) {
  const out = {};
  for (const m of html.matchAll(/<input\b[^>]*>/gi)) {
    const attr = (n) => m[0].match(new RegExp(`\\b${n}\\s*=\\s*"([^"]*)"`, "i"))?.[1];
    if (/hidden/i.test(attr("type") ?? "") && attr("name")) out[attr("name")] = decodeEntities(attr("value") ?? "");
  }
  return out;
}

const decodeEntities = (s) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * Registers a client by Dynamic Client Registration at `base` (the Worker's origin) and returns
 * `{ client_id, redirect_uri }`; `redirect_uri` defaults to a loopback one (a desktop client's).
 */
export async function register(base, { redirectUri = "http://127.0.0.1:9/callback", name = "magisterium bench" } = {}) {
  const res = await fetch(`${base}/mcp-auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: name, redirect_uris: [redirectUri], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] }),
  });
  const doc = await res.json().catch(() => null);
  if (res.status !== 201 && res.status !== 200) throw new Error(`register: HTTP ${res.status} ${JSON.stringify(doc)}`);
  return { client_id: doc.client_id, redirect_uri: redirectUri };
}

/**
 * An authorization code through the whole flow of a signed-in deployment at `base`, as the
 * tests' browser walks it (tests/js/oauth-browser.mjs, `browse`): the consent page approved, the
 * 302s followed with a cookie jar through the Magisterium sign-in (the demo's stand-in approves
 * at once) and `/mcp-auth/resume` to the redirect URI, which is never fetched. Returns
 * `{ code, state, iss, verifier }`.
 */
export async function authorizationCode(base, client, { scope = "mcp" } = {}) {
  const { verifier, challenge } = pkce();
  const state = b64url(randomBytes(12));
  const q = new URLSearchParams({ response_type: "code", client_id: client.client_id, redirect_uri: client.redirect_uri, state, code_challenge: challenge, code_challenge_method: "S256", resource: `${base}/mcp`, scope });
  const { callback } = await browse(`${base}/mcp-auth/authorize?${q}`, { redirectUri: client.redirect_uri });
  const p = callback.searchParams;
  if (p.get("error")) throw new Error(`flow refused: ${callback.search}`);
  if (p.get("state") !== state) throw new Error(`state came back as ${p.get("state")}`);
  return { code: p.get("code"), state, iss: p.get("iss"), verifier };
}

/**
 * The session cookie of a visitor signed in at `base` through the Worker's own sign-in
 * (docs/sign-in.md: `/auth/login`, the issuer, `/auth/callback`), as a page gets it: the
 * `Cookie` header to send with A2A calls on that visitor's account.
 */
export async function sessionCookie(base) {
  const jar = new CookieJar();
  let res = jar.take(await fetch(`${base}/auth/login`, { redirect: "manual" }));
  for (let hop = 0; hop < 10; hop++) {
    const location = res.headers.get("location");
    await res.arrayBuffer();
    if (res.status < 300 || res.status > 399 || !location) break;
    const next = new URL(location, base);
    if (next.origin !== base || !/^\/(auth|oauth)\//.test(next.pathname)) break;
    res = jar.take(await fetch(next, { redirect: "manual", headers: { cookie: jar.header() } }));
  }
  const session = await (await fetch(`${base}/auth/session`, { headers: { cookie: jar.header() } })).json();
  if (!session.signedIn) throw new Error(`sign-in: not signed in (${JSON.stringify(session)})`);
  return jar.header();
}

/** POSTs a form to the token endpoint; resolves to `{ status, doc }`. */
export async function tokenRequest(base, form) {
  const res = await fetch(`${base}/mcp-auth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
  const text = await res.text();
  let doc = null;
  try { doc = JSON.parse(text); } catch {}
  return { status: res.status, doc, text };
}

/**
 * An OAuth access token for `base`'s `/mcp`, as an MCP client gets one: DCR, consent, sign-in,
 * the code exchanged with PKCE S256 and the RFC 8707 `resource`. Returns the token response
 * (`access_token`, `refresh_token`, …) and the client.
 */
export async function accessToken(base) {
  const client = await register(base);
  const { code, verifier } = await authorizationCode(base, client);
  const { status, doc, text } = await tokenRequest(base, { grant_type: "authorization_code", code, redirect_uri: client.redirect_uri, client_id: client.client_id, code_verifier: verifier, resource: `${base}/mcp` });
  if (status !== 200 || !doc?.access_token) throw new Error(`token: HTTP ${status} ${text.slice(0, 300)}`);
  return { ...doc, client };
}
