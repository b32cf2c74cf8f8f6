// The seeds of fuzz/oauth-endpoints.mjs: a valid request to each endpoint of MCP authorization
// (docs/mcp.md, "Signed in"), made from live state (a registered client, a consent page's handle
// and cookie, an unused code with its PKCE verifier, a token pair) that `freshState` gets through
// the real flow, as an MCP client does.
import { randomBytes } from "node:crypto";
import { register, authorizationCode, tokenRequest, pkce, hiddenInputs, toolCall, LEGACY, MODERN } from "../../bench/lib/mcp.mjs";

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

/** The `name=value` pairs of a response's `Set-Cookie` headers, as a `Cookie` header. */
const cookiesOf = (res) => res.headers.getSetCookie().map((line) => line.split(";")[0].trim()).join("; ");

/**
 * Live state for the seeds at `base`: a client registered by DCR, the consent page's `handle`
 * and cookie for a new authorization request, one code exchanged for tokens and one left unused.
 */
export async function freshState(base) {
  const client = await register(base, { redirectUri: `http://127.0.0.1:9/cb/${randomBytes(4).toString("hex")}` });
  const { challenge, verifier: pageVerifier } = pkce();
  const query = new URLSearchParams({ response_type: "code", client_id: client.client_id, redirect_uri: client.redirect_uri, state: "s1", code_challenge: challenge, code_challenge_method: "S256", resource: `${base}/mcp`, scope: "mcp" }).toString();
  const page = await fetch(`${base}/mcp-auth/authorize?${query}`, { redirect: "manual" });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page: HTTP ${page.status} ${html.slice(0, 200)}`);
  const first = await authorizationCode(base, client);
  const pair = await tokenRequest(base, { grant_type: "authorization_code", code: first.code, redirect_uri: client.redirect_uri, client_id: client.client_id, code_verifier: first.verifier, resource: `${base}/mcp` });
  if (pair.status !== 200) throw new Error(`token: HTTP ${pair.status} ${pair.text.slice(0, 200)}`);
  const unused = await authorizationCode(base, client);
  return {
    base,
    client,
    query,
    pageVerifier,
    handle: hiddenInputs(html).handle ?? "",
    consentCookie: cookiesOf(page),
    code: unused.code,
    verifier: unused.verifier,
    access: pair.doc.access_token,
    refresh: pair.doc.refresh_token,
  };
}

const req = (note, method, path, { query = "", headers = {}, body = "" } = {}) => ({ note, method, path, query, headers: Object.entries(headers), body: Buffer.from(body) });

/** Every seed, valid, for state `s`; `origin` is an allowed page's origin. */
export function seeds(s, origin) {
  const c = s.client;
  const form = (o) => new URLSearchParams(o).toString();
  const mcp = (era, bearer, method = "tools/call") => {
    const call = toolCall({ era, bearer });
    if (method !== "tools/call") {
      const doc = JSON.parse(call.body);
      doc.method = method;
      doc.params = method === "initialize" ? { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "fuzz", version: "1" } } : { _meta: doc.params._meta };
      call.body = JSON.stringify(doc);
      if (call.headers["mcp-method"]) call.headers["mcp-method"] = method;
      delete call.headers["mcp-name"];
    }
    return req(`mcp ${era} ${method}${bearer ? " bearer" : ""}`, "POST", "/mcp", { headers: { "content-type": JSON_TYPE, ...call.headers }, body: call.body });
  };
  return [
    req("protected-resource metadata", "GET", "/.well-known/oauth-protected-resource/mcp"),
    req("protected-resource metadata, root", "GET", "/.well-known/oauth-protected-resource"),
    req("authorization-server metadata", "GET", "/.well-known/oauth-authorization-server"),
    req("preflight token", "OPTIONS", "/mcp-auth/token", { headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type, authorization" } }),
    req("preflight mcp", "OPTIONS", "/mcp", { headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type, authorization, mcp-protocol-version" } }),
    req("register", "POST", "/mcp-auth/register", { headers: { "content-type": JSON_TYPE, origin }, body: JSON.stringify({ client_name: "fuzz", redirect_uris: ["http://127.0.0.1:9/callback", "http://localhost/cb"], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], client_uri: "https://client.example", scope: "mcp" }) }),
    req("authorize page", "GET", "/mcp-auth/authorize", { query: s.query }),
    req("authorize, client metadata document", "GET", "/mcp-auth/authorize", { query: s.query.replace(/client_id=[^&]*/, `client_id=${encodeURIComponent("https://127.0.0.1:9/oauth/client.json")}`) }),
    req("consent approve", "POST", "/mcp-auth/authorize", { query: s.query, headers: { "content-type": FORM, origin: s.base, cookie: s.consentCookie }, body: form({ handle: s.handle, decision: "approve" }) }),
    req("consent deny", "POST", "/mcp-auth/authorize", { query: s.query, headers: { "content-type": FORM, origin: s.base, cookie: s.consentCookie }, body: form({ handle: s.handle, decision: "deny" }) }),
    req("resume", "GET", "/mcp-auth/resume", { query: form({ state: "x".repeat(32) }), headers: { cookie: s.consentCookie } }),
    req("sign-in callback", "GET", "/auth/callback", { query: form({ code: "c", state: "s" }) }),
    req("token, authorization_code", "POST", "/mcp-auth/token", { headers: { "content-type": FORM, origin }, body: form({ grant_type: "authorization_code", code: s.code, redirect_uri: c.redirect_uri, client_id: c.client_id, code_verifier: s.verifier, resource: `${s.base}/mcp` }) }),
    req("token, refresh_token", "POST", "/mcp-auth/token", { headers: { "content-type": FORM, origin }, body: form({ grant_type: "refresh_token", refresh_token: s.refresh, client_id: c.client_id, resource: `${s.base}/mcp` }) }),
    req("revocation", "POST", "/mcp-auth/token", { headers: { "content-type": FORM }, body: form({ token: s.refresh, token_type_hint: "refresh_token", client_id: c.client_id }) }),
    mcp(MODERN, s.access),
    mcp(LEGACY, s.access),
    mcp(LEGACY, s.access, "initialize"),
    mcp(MODERN, s.access, "tools/list"),
    mcp(MODERN, null),
    mcp(MODERN, s.refresh),
  ];
}
