// What every answer of fuzz/oauth-endpoints.mjs must be (docs: fuzz/README.md, "OAuth endpoints").
// `check(req, res, ctx)` returns the broken rules, `[{ rule, detail }]` (empty: the answer is fine). `res` is
// { status, headers (lower-case names → value, or array for repeated ones), body: Buffer }.

/** The paths whose answers the Worker makes itself, every one through its exit: MCP, the
 *  authorization server (every path below /mcp-auth/ is the library's), the metadata documents,
 *  sign-in's and the A2A endpoint. (Any other path, even one the Worker runs first, may be a
 *  static file's answer, which does not pass the exit.) */
const WORKER_PATHS = [/^\/mcp$/, /^\/mcp-auth\//, /^\/\.well-known\/(oauth-protected-resource(\/mcp)?|oauth-authorization-server|agent\.json|agent-card\.json)$/, /^\/auth\/(callback|session|login|logout)$/, /^\/api\/v1\/a2a$/];

/** An answer of the HTTP server in front of the Worker (workerd's, as Cloudflare's edge would
 *  give its own): a request it cannot read (a malformed Content-Length, an empty or doubled
 *  Host, a URI or headers too long) or a method it does not know. The Worker never saw it. */
export function beforeWorker(req, res) {
  if (res.headers["x-request-id"] !== undefined) return false;
  // A request line or headers too long: the Worker answers neither status.
  if ([414, 431].includes(res.status)) return true;
  const known = /^(Bad Request|invalid content-length parsed|invalid URI|ERROR: Unrecognized request method\.)\s*$/.test(res.body.toString("utf8"));
  // To a HEAD the same answers come without their text.
  const head = req.method === "HEAD" && /^text\/plain/.test(one(res.headers["content-type"]) ?? "");
  return [400, 501].includes(res.status) && (known || head);
}

/** The endpoint a path is, for grouping failures: one of the server's paths, or its family. */
export function pathClass(raw) {
  const p = pathname(raw) ?? "unreadable";
  if (/^\/(mcp|mcp-auth\/(authorize|token|register|resume)|\.well-known\/oauth-(authorization-server|protected-resource(\/mcp)?)|auth\/callback)$/.test(p)) return p;
  return (/^\/(mcp-auth|\.well-known|auth|api|oauth|calendar)\//.exec(p)?.[0] ?? "/") + "…";
}

/** The path as the Worker sees it (the URL parser's), or null when it cannot be read. */
function pathname(raw) {
  try {
    return new URL(raw, "http://x").pathname;
  } catch {
    return null;
  }
}

/** True when the Worker (not workerd's static-file router) answers `raw`: the raw and the
 *  parsed path are both one of its own. */
export function workerOwned(raw) {
  const parsed = pathname(raw);
  return parsed !== null && WORKER_PATHS.some((p) => p.test(raw) && p.test(parsed));
}

/** The issuer the Worker is for `req`: its origin as the request names it (`Host`). */
function issuer(req, ctx) {
  const host = req.headers.find(([n]) => n.toLowerCase() === "host")?.[1];
  return host ? `${new URL(ctx.base).protocol}//${host}` : ctx.base;
}

const one = (h) => (Array.isArray(h) ? h[0] : h);
const json = (body) => {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
};
const isOAuthError = (doc) => doc !== null && typeof doc === "object" && typeof doc.error === "string" && doc.error.length > 0;
const isRpcError = (doc) => doc?.jsonrpc === "2.0" && Number.isInteger(doc.error?.code) && typeof doc.error?.message === "string";
const isHtml = (res) => /^text\/html/i.test(one(res.headers["content-type"]) ?? "") && /<!doctype html>/i.test(res.body.toString("utf8", 0, 200));

/**
 * The rules broken by `res`, the answer to `req`. `ctx.allowed`: the origins on the Worker's
 * ALLOWED_ORIGINS; `ctx.base`: its origin; `ctx.redirectUris`: every redirect URI a client
 * registered (a redirect may go there, to the Worker's own origin, and nowhere else).
 */
export function check(req, res, ctx) {
  const broken = [];
  const fail = (rule, detail) => broken.push({ rule, detail });
  const origins = req.headers.filter(([n]) => n.toLowerCase() === "origin").map(([, v]) => v);
  const origin = origins.length === 1 ? origins[0] : null;
  const owned = workerOwned(req.path);
  const path = pathname(req.path) ?? "";

  // 1. No server error but a documented 503 (a store or a budget object that cannot be reached,
  //    an issuer that cannot: each with Retry-After and a JSON error; a missing setting named).
  if (res.status >= 500) {
    const doc = json(res.body);
    const documented = res.status === 503 && (isOAuthError(doc) || isRpcError(doc)) && (res.headers["retry-after"] !== undefined || doc?.error?.data?.setting !== undefined);
    if (!documented) fail("5xx", `HTTP ${res.status}: ${res.body.toString("utf8", 0, 120)}`);
  }
  if (!owned) return broken;

  // 2. The exit's headers: the request id (sanitized: at most 64 of [A-Za-z0-9_.-]).
  const id = one(res.headers["x-request-id"]);
  if (!id) fail("x-request-id", "missing");
  else if (!/^[A-Za-z0-9_.-]{1,64}$/.test(id)) fail("x-request-id", `not sanitized: ${JSON.stringify(id).slice(0, 80)}`);

  // 3. CORS by the one origin rule: an allowed origin gets itself back, any other nothing; never
  //    `*`, `null`, a reflected origin of another site, or two values.
  const acao = res.headers["access-control-allow-origin"];
  if (Array.isArray(acao)) fail("cors", "two Access-Control-Allow-Origin headers");
  else if (acao !== undefined && !(ctx.allowed.includes(acao) && origins.includes(acao))) fail("cors", `Access-Control-Allow-Origin ${JSON.stringify(acao)} for Origin ${JSON.stringify(origins)}`);
  if (origin !== null && ctx.allowed.includes(origin) && acao === undefined) fail("cors", `none for the allowed origin ${origin}`);

  // 4. Redirects go to the Worker's origin or a registered redirect URI only.
  if (res.status >= 300 && res.status < 400) {
    const location = one(res.headers.location);
    const own = (url) => url.origin === ctx.base || url.origin === issuer(req, ctx);
    let to = null;
    try { to = new URL(location, ctx.base); } catch {}
    if (!to) fail("redirect", `no readable Location: ${location}`);
    else if (own(to) ? false : !ctx.redirectUris.some((u) => to.href.startsWith(u))) fail("redirect", `to ${to.href.slice(0, 120)}`);
    // (`iss` is the issuer the authorization began with: a consent posted by another loopback
    // name than the page's keeps the page's.)
    else if (!own(to) && ![ctx.base, issuer(req, ctx)].includes(to.searchParams.get("iss"))) fail("redirect", `to the client without its iss (RFC 9207): ${to.searchParams.get("iss")}`);
  }

  // 5. A refusal says why in the endpoint's terms.
  // (A preflight's refusal is read by the browser, not by a page: its 403 has no body.)
  if (res.status >= 400 && res.status < 500 && !["HEAD", "OPTIONS"].includes(req.method)) {
    const doc = json(res.body);
    const html = isHtml(res);
    const ok = path === "/mcp" ? isRpcError(doc) || (res.status === 401 && isOAuthError(doc)) || (res.status === 405 && res.body.length === 0)
      : path === "/mcp-auth/authorize" || path === "/mcp-auth/resume" || path.startsWith("/auth/") ? html || isOAuthError(doc) || isRpcError(doc)
      : isOAuthError(doc) || isRpcError(doc);
    if (!ok) fail("error-body", `HTTP ${res.status} body is not the endpoint's error: ${JSON.stringify(res.body.toString("utf8", 0, 120))}`);
  }
  // 6. A 401 of /mcp names the protected-resource metadata (RFC 9728).
  if (path === "/mcp" && res.status === 401 && !/^Bearer .*resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource/.test(one(res.headers["www-authenticate"]) ?? "")) {
    fail("challenge", `401 without the Bearer challenge: ${one(res.headers["www-authenticate"])}`);
  }
  return broken;
}
