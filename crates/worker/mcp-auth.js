// MCP authorization: the Worker as the OAuth authorization server of its own `/mcp`, with
// @cloudflare/workers-oauth-provider (its role API: `OAuthAuthorizationServer` issues and checks the
// tokens, `OAuthResourceServer` publishes the protected-resource metadata and answers a call
// without a valid token with the Bearer challenge). Its state (clients, grants, hashed tokens,
// encrypted props) lives in the KV namespace `OAUTH_KV`. Whether a deployment takes MCP sign-in,
// which paths are these, the origin rule, the body cap, CORS and the exit are decided in Rust
// (src/doors/mcp_auth.rs, src/workerd/entry.rs); this file only carries the library's flow out.
//
// The flow: the client's `GET /mcp-auth/authorize` gets the consent page (the client's name, the
// redirect URI's host, the scope); Allow starts the visitor's Magisterium sign-in (auth.js,
// `grantSignIn`), whose callback returns to `/mcp-auth/resume`; there the grant is made, bound to
// the Magisterium session that sign-in created (each grant has its own), and the client gets its
// code. An MCP call runs on that session's token; when the session is over, the grant is too: the
// call is refused as `invalid_token` and the next refresh as `invalid_grant` (the library then
// revokes the grant and its tokens).
import {
  AuthorizationError,
  CimdFetchError,
  OAuthAuthorizationServer,
  OAuthError,
  OAuthResourceServer,
  authorizationErrorRedirect,
} from "@cloudflare/workers-oauth-provider";

/** The one scope: calling the Magisterium tools on the visitor's account. */
const SCOPE = "mcp";

/** The grant's owner as the library names it (its tokens begin with it, so it is no secret):
 *  the SHA-256 of the Magisterium account, or of the session when the issuer names no account. */
async function owner(session) {
  const name = session.account ?? `session:${session.id}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(name));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const escape = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The consent page (`details`: the library's `describeConsent`; every string may come from the
 *  client, so all are escaped). */
function consentPage(details, handle) {
  const name = escape(details.clientName);
  const origin = details.clientDomain
    ? `Published by <strong>${escape(details.clientDomain)}</strong>.`
    : "This app registered itself: its name is not verified.";
  const local = details.redirectIsLoopback
    ? "<p><strong>Access goes to an app on your computer.</strong> Continue only if you just started signing in from it.</p>"
    : "";
  return `<!doctype html>
<html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Allow ${name} to use Magisterium AI?</title>
<main style="font:16px/1.5 system-ui;max-width:34rem;margin:3rem auto;padding:0 1rem">
<h1>Allow ${name} to use Magisterium AI?</h1>
<p>${origin} Access will be sent to <strong>${escape(details.redirectHost)}</strong>.</p>
${local}
<p>It may call Magisterium AI's tools (cited answers, documents, readings, saints and lookups) as you: each call runs on your Magisterium account and counts against its limits (scope <code>${details.scope.map(escape).join(" ")}</code>). You sign in at Magisterium next.</p>
<form method="post"><input type="hidden" name="handle" value="${escape(handle)}">
<button name="decision" value="approve">Allow and sign in</button> <button name="decision" value="deny">Deny</button></form>
</main></html>`;
}

const page = (status, text) =>
  new Response(`<!doctype html><meta charset="utf-8"><title>Sign-in failed</title><p>${escape(text)}</p>`, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });

const redirect = (location, headers = new Headers()) => {
  headers.set("location", location);
  headers.set("cache-control", "no-store");
  return new Response(null, { status: 302, headers });
};

/** An authorization step's failure: back to the client when the library validated where to
 *  (`redirectTo`), otherwise a page here (an unknown client or redirect URI is never followed). */
function failed(error) {
  if (error instanceof AuthorizationError && error.redirectTo) return redirect(error.redirectTo);
  if (error instanceof AuthorizationError) return page(400, error.description ?? error.message);
  if (error instanceof CimdFetchError) return page(400, "This app's client metadata document could not be fetched or is not valid.");
  throw error;
}

/** The longest client id or token handed to the library: it keys its KV entries by them
 *  (`client:<id>`, `grant:<user>:<grant>`, …), a KV key is at most 512 bytes, and a longer one
 *  made its KV read throw (a 500, or the 503 of a token that "cannot be checked"). Ours are far
 *  shorter; a longer one is handed over as one that does not exist, and refused as those are. */
const MAX_ID_BYTES = 256;
const UNKNOWN = "unknown";
const FORM_IDS = ["client_id", "code", "refresh_token", "token"];
const tooLong = (value) => value !== null && new TextEncoder().encode(value).length > MAX_ID_BYTES;

/** `request` with every over-long identifier (`client_id` of the query; `client_id`, `code`,
 *  `refresh_token`, `token` of a form body; the `Authorization` credential) made unknown. */
async function bounded(request) {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  let changed = false;
  if (tooLong(url.searchParams.get("client_id"))) {
    url.searchParams.set("client_id", UNKNOWN);
    changed = true;
  }
  const credential = headers.get("authorization");
  if (tooLong(credential)) {
    const scheme = credential.trim().split(/\s+/)[0];
    headers.set("authorization", /^basic$/i.test(scheme) ? `Basic ${btoa(`${UNKNOWN}:`)}` : `${scheme} ${UNKNOWN}`);
    changed = true;
  }
  let body = null;
  if (request.method === "POST" && !request.bodyUsed && /^application\/x-www-form-urlencoded/i.test(headers.get("content-type") ?? "")) {
    const form = new URLSearchParams(await request.clone().text());
    const long = FORM_IDS.filter((name) => tooLong(form.get(name)));
    for (const name of long) form.set(name, UNKNOWN);
    if (long.length) {
      body = form.toString();
      changed = true;
    }
  }
  if (!changed) return request;
  // (An MCP call's body was read before its token is checked: the check needs only the headers.)
  const hasBody = !["GET", "HEAD"].includes(request.method) && !request.bodyUsed;
  return new Request(url, { method: request.method, headers, body: body ?? (hasBody ? await request.clone().arrayBuffer() : null), redirect: "manual" });
}

/** What the library's bodiless refusals (a path it does not have, a method an endpoint does not
 *  take) mean, said as the OAuth endpoints say their errors: a JSON `error`. */
const REFUSED = {
  404: "This authorization server has no such endpoint.",
  405: "This endpoint does not take this method.",
};

/** `response`, with a JSON error when it is one of the library's bodiless 404 / 405. */
function explained(response) {
  const why = REFUSED[response.status];
  if (!why || response.body !== null) return response;
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify({ error: "invalid_request", error_description: why }), { status: response.status, headers });
}

/** MCP authorization for `site` (the Worker's origin as a URL) on `env`, with `auth` (auth.js's
 *  sign-in for the site): `serve(request)` answers the authorization server's paths, `admit(request)`
 *  checks an MCP call's token and gives its `Credential`, or the library's refusal. */
export function mcpAuthorization(env, site, auth) {
  const issuer = site.origin;
  const resource = `${issuer}/mcp`;
  const server = new OAuthAuthorizationServer({
    issuer,
    resources: [resource],
    defaultResource: resource,
    authorizeEndpoint: "/mcp-auth/authorize",
    tokenEndpoint: "/mcp-auth/token",
    clientRegistrationEndpoint: "/mcp-auth/register",
    scopesSupported: [SCOPE],
    accessTokenTTL: auth.mcpTokenTtlSeconds, // MCP_TOKEN_TTL_SECONDS (src/settings.rs)
    // Client metadata documents are fetched only where workerd's fetch reaches public addresses
    // alone (`global_fetch_strictly_public`): the library's metadata says so, and without the
    // flag it throws on a document's URL as client_id (a 500), instead of looking it up as an
    // unknown client (the 400 page).
    clientIdMetadataDocumentEnabled: Boolean(globalThis.Cloudflare?.compatibilityFlags?.global_fetch_strictly_public),
    // A refresh is refused once the grant's Magisterium session is over; the library then
    // revokes the grant and its tokens.
    tokenExchangeCallback: async ({ grantType, props }) => {
      if (grantType !== "refresh_token") return undefined;
      if ((await auth.grantCredential(props?.session)) === null) {
        throw new OAuthError("invalid_grant", { description: "the Magisterium sign-in behind this grant has ended" });
      }
      return undefined;
    },
  });
  const oauth = server.getOAuthApi(env);
  const resourceServer = new OAuthResourceServer({
    resourceMetadata: { resource, authorization_servers: [issuer], resource_name: "Magisterium AI" },
    requiredScopes: [SCOPE],
    // A token is valid while its grant's Magisterium session is: the call's credential is found
    // here, so a session that is over answers as an invalid token.
    validateToken: (env) => async (forResource, token) => {
      const valid = await server.validateToken(forResource, token, env);
      if (!valid || !valid.scope.includes(SCOPE)) return null;
      const credential = await auth.grantCredential(valid.props?.session);
      return credential && { ...valid, props: { credential } };
    },
    handler: { fetch: () => new Response(null, { status: 204 }) },
  });

  async function authorize(request) {
    try {
      if (request.method === "GET") {
        const asked = await oauth.parseAuthRequest(request);
        const details = await oauth.describeConsent(asked);
        const consent = await oauth.beginConsent(asked);
        consent.headers.set("content-type", "text/html; charset=utf-8");
        return new Response(consentPage(details, consent.handle), { headers: consent.headers });
      }
      if (request.method !== "POST") {
        const refused = page(405, "This address takes the consent page (GET) and its form (POST).");
        refused.headers.set("allow", "GET, POST");
        return refused;
      }
      // A body that is not a form is no consent (`formData` throws on it).
      const form = await request.formData().catch(() => null);
      if (!form) return page(400, "The consent form could not be read.");
      const handle = String(form.get("handle") ?? "");
      if (form.get("decision") !== "approve") {
        const denied = await oauth.denyConsent(request, handle);
        return new Response(null, { status: 302, headers: denied.headers });
      }
      const approved = await oauth.approveConsent(request, handle);
      const { state, headers } = await oauth.beginUpstream(approved.request, { headers: approved.headers });
      const signIn = await auth.grantSignIn(new URL(request.url), `/mcp-auth/resume?state=${encodeURIComponent(state)}`);
      // The sign-in's redirect, with the cookies of both steps.
      for (const [name, value] of headers) if (name === "set-cookie" || !signIn.headers.has(name)) signIn.headers.append(name, value);
      return signIn;
    } catch (error) {
      return failed(error);
    }
  }

  async function resume(request) {
    let original, clear;
    try {
      ({ request: original, headers: clear } = await oauth.finishUpstream(request));
    } catch (error) {
      return failed(error);
    }
    const { session, clear: grantCleared } = await auth.grantSession(request, new URL(request.url));
    clear.append("set-cookie", grantCleared);
    if (!session) return redirect(authorizationErrorRedirect(original, "access_denied"), clear);
    const { redirectTo } = await oauth.completeAuthorization({
      request: original,
      userId: await owner(session),
      metadata: {},
      scope: original.scope.length ? original.scope : [SCOPE],
      props: { session: session.id },
    });
    return redirect(redirectTo, clear);
  }

  return {
    /** The answer for one of the authorization server's paths (Rust routed it here). */
    async serve(asked, ctx) {
      const request = await bounded(asked);
      const path = new URL(request.url).pathname;
      if (path === "/mcp-auth/authorize") return authorize(request);
      if (path === "/mcp-auth/resume") return resume(request);
      // RFC 9728's document for /mcp, at its path-suffixed URL and at the root one some clients
      // try (the library answers only the first: the second is asked as the first).
      if (path === "/.well-known/oauth-protected-resource") {
        const suffixed = new URL(request.url);
        suffixed.pathname = `${path}/mcp`;
        return explained(await resourceServer.fetch(new Request(suffixed, request), env, ctx));
      }
      if (path.startsWith("/.well-known/oauth-protected-resource")) return explained(await resourceServer.fetch(request, env, ctx));
      return explained(await server.fetch(request, env, ctx));
    },

    /** An MCP call's `Credential` (the grant's Magisterium session), or the library's answer:
     *  the 401 challenge (no token, or one that is invalid, expired, revoked, for another
     *  resource, or whose sign-in is over), 503 when the token cannot be checked. */
    async admit(request) {
      const seen = {};
      const answer = await resourceServer.fetch(await bounded(request), env, seen);
      return seen.props?.credential ?? answer;
    },
  };
}

/** `auth` (auth.js's sign-in for `site` on `env`) with MCP authorization's two calls for Rust,
 *  `mcpServe(request, ctx)` and `mcpAdmit(request)`; the authorization server is built on first use. */
export function withMcp(auth, env, site) {
  let mcp = null;
  const built = () => (mcp ??= mcpAuthorization(env, site, auth));
  auth.mcpServe = (request, ctx) => built().serve(request, ctx);
  auth.mcpAdmit = (request) => built().admit(request);
  return auth;
}
