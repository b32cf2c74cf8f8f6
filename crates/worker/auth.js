// Sign in with Magisterium: the Worker as a backend-for-frontend (RFC 10017 / BCP 212). Each
// sign-in is one Durable Object (`Session`, session.js) that holds its tokens and refreshes them;
// the page holds only an HttpOnly cookie naming it. The object is made when the sign-in begins,
// under a cookie of its own (`mag_signin`, 10 minutes), and keeps its `state` and PKCE verifier
// until the callback, so a callback is accepted only in the browser that began it, once (no login
// CSRF, no replay). Starting a sign-in (a plain GET: a link or an image can make it) changes
// nothing the browser has: only a successful callback makes that object the session, sets the
// session cookie and then ends the session the browser had. Sign-in answers under `/auth/*` and
// `/api/auth/*` (src/sign_in.rs, `BASES`: a proxy routed `/api/*` of a site sees only the second);
// a sign-in's redirect URI and client follow the base it began under. The client registration
// lives in its own Durable Object (oauth-client.js). OAuth is done by oauth4webapi.
import * as oauth from "oauth4webapi";
import { isLoopback, oauthClient, registrationClass } from "./oauth-client.js";
import { sessionClass } from "./session.js";

const PENDING_TTL_S = 600; // a sign-in must finish within 10 minutes
const ISSUER_RETRY_AFTER_S = 5; // an issuer that cannot be reached: try again in a few seconds

/** The session's cookie, and the cookie of a sign-in under way (until its callback). */
const SESSION_COOKIE = "mag_session";
const SIGN_IN_COOKIE = "mag_signin";
/** The session a finished sign-in made for an MCP grant, until the grant takes it (10 minutes). */
const GRANT_COOKIE = "mag_grant";

/** True on loopback http, where browsers refuse `Secure` (and so the `__Host-` prefix). */
const plainHttp = (url) => isLoopback(url) && url.protocol === "http:";

/** A cookie's name on `url`'s site: `__Host-` and Secure, except on loopback http. */
const cookieName = (url, name) => (plainHttp(url) ? name : `__Host-${name}`);

/** A `Set-Cookie` value: HttpOnly, SameSite=Lax, for the whole site (`__Host-` asks `Path=/`). */
function cookieHeader(url, name, value, maxAge) {
  const secure = plainHttp(url) ? "" : "; Secure";
  return `${cookieName(url, name)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

function readCookie(request, url, name) {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === cookieName(url, name)) return v.join("=");
  }
  return null;
}

const randomId = () => oauth.generateRandomState() + oauth.generateRandomState();

/** Sign-in for the Worker, on the Rust exports it takes: `inProcess(request, env)` answers the
 *  embedded issuer's requests, `authSettings(env)` is the settings as the Rust app parsed them (`{ issuer, enabled,
 *  anonymousAllowed, … }`), `afterRefreshFailure(env, status, error, challenge, failingForMs,
 *  accessExpired)` Rust's decision on a failed refresh (`"end"` or `"retry"`), `Credential` the
 *  class of what an API call runs on (src/workerd/entry/auth.rs). Returns `createAuth(env, site)`
 *  and the Durable Object classes. */
export function signIn({ inProcess, authSettings, afterRefreshFailure, Credential }) {
  return {
    createAuth: (env, site) => createAuth(env, site, authSettings(env), inProcess, Credential),
    Session: sessionClass(inProcess, authSettings, afterRefreshFailure),
    ClientRegistration: registrationClass(inProcess, authSettings),
  };
}

/** The BFF for one site (the Worker's origin as a URL) and env: built once and reused by the
 *  requests of an isolate. */
function createAuth(env, site, settings, inProcess, Credential) {
  // Whether sign-in runs, and what a call without a session may do, is decided in Rust
  // (src/sign_in.rs); the origin rule too (src/origin.rs), before anything reaches this file.
  const { enabled, anonymousAllowed, sessionMaxSeconds, sessionIdleSeconds } = settings;
  /** The OAuth client of each base sign-in answers under (its redirect URI is `<base>/callback`). */
  const clients = new Map();
  const clientOf = (base) => {
    if (!clients.has(base)) clients.set(base, oauthClient(env, site, settings, inProcess, base));
    return clients.get(base);
  };

  /** The object named `id`: a sign-in under way, then its session. */
  const objectNamed = (id) => ({ id, stub: env.SESSION.get(env.SESSION.idFromName(id)) });

  /** The object the visitor's cookie `name` names (an opaque id), or null. */
  function objectOf(request, name) {
    return objectIf(readCookie(request, site, name));
  }

  /** The object named `id` when sign-in runs and `id` is one of ours in form (an opaque id),
   *  else null. */
  function objectIf(id) {
    if (!enabled || typeof id !== "string" || !/^[\w-]{20,200}$/.test(id)) return null;
    return objectNamed(id);
  }
  const sessionOf = (request) => objectOf(request, SESSION_COOKIE);

  const json = (status, body, headers = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store", ...headers } });

  /** Starts a sign-in under `base`: a new object (a new id: never one an attacker could have
   *  planted) holds its `state` and PKCE verifier, bound to this browser by the sign-in cookie.
   *  The session cookie and the session are left alone. An issuer that cannot be reached: 503. */
  async function login(url, base, returnTo = "/", grant = false) {
    const { server, client, redirectUri } = clientOf(base);
    let as, c;
    try {
      as = await server();
      ({ client: c } = await client(as));
    } catch (e) {
      const headers = { "retry-after": String(ISSUER_RETRY_AFTER_S) };
      return json(503, { error: "the sign-in issuer cannot be reached; try again shortly", detail: String(e?.code ?? e?.name ?? "error") }, headers);
    }
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const begun = objectNamed(randomId());
    await begun.stub.begin({ state, verifier, returnTo, grant, base, expiresAt: Date.now() + PENDING_TTL_S * 1000 });
    const target = new URL(as.authorization_endpoint);
    target.searchParams.set("response_type", "code");
    target.searchParams.set("client_id", c.client_id);
    target.searchParams.set("redirect_uri", redirectUri);
    target.searchParams.set("state", state);
    target.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
    target.searchParams.set("code_challenge_method", "S256");
    target.searchParams.set("scope", "a2a");
    const headers = { location: target.href, "cache-control": "no-store", "set-cookie": cookieHeader(url, SIGN_IN_COOKIE, begun.id, PENDING_TTL_S) };
    return new Response(null, { status: 302, headers });
  }

  /** Finishes the sign-in this browser began (its sign-in cookie names the object holding it),
   *  once. Only when the new session exists does its cookie replace the old one, and the
   *  session the browser had end (its tokens revoked at the issuer). */
  async function callback(request, url, base) {
    const begun = objectOf(request, SIGN_IN_COOKIE);
    const state = url.searchParams.get("state") ?? "";
    const pending = state && (await begun?.stub.finish(state));
    const cleared = cookieHeader(url, SIGN_IN_COOKIE, "", 0);
    if (!pending) return json(400, { error: "unknown or expired sign-in (bad state, or begun in another browser)" }, { "set-cookie": cleared });
    const { server, client, clientAuth, subject, options, redirectUri } = clientOf(pending.base ?? base);
    try {
      const as = await server();
      const { client: c, secret } = await client(as);
      const params = oauth.validateAuthResponse(as, c, url, state);
      const response = await oauth.authorizationCodeGrantRequest(as, c, clientAuth(secret), params, redirectUri, pending.verifier, options);
      const tokens = await oauth.processAuthorizationCodeResponse(as, c, response);
      const life = { maxSeconds: sessionMaxSeconds, idleSeconds: sessionIdleSeconds, subject: await subject(as, c, tokens), site: site.origin, base: pending.base ?? base };
      await begun.stub.start(tokens, life);
    } catch (e) {
      return json(400, { error: "sign-in failed", detail: String(e?.code ?? e?.name ?? "error") }, { "set-cookie": cleared });
    }
    if (pending.grant) {
      // A sign-in for an MCP grant (mcp-auth.js): its session is the grant's, never the page's.
      const headers = new Headers({ location: pending.returnTo, "cache-control": "no-store" });
      headers.append("set-cookie", cookieHeader(url, GRANT_COOKIE, begun.id, PENDING_TTL_S));
      headers.append("set-cookie", cleared);
      return new Response(null, { status: 302, headers });
    }
    const old = sessionOf(request);
    if (old && old.id !== begun.id) {
      try {
        await old.stub.end(site.origin);
      } catch {} // the old session still ends at its own deadline
    }
    const headers = new Headers({ location: pending.returnTo, "cache-control": "no-store" });
    headers.append("set-cookie", cookieHeader(url, SESSION_COOKIE, begun.id, sessionMaxSeconds));
    headers.append("set-cookie", cleared);
    return new Response(null, { status: 302, headers });
  }

  /** The `Credential` of a call on `session` with its object's `current` tokens. */
  function sessionCredential(session, current) {
    return Credential.session(current.accessToken, current.subject ?? `session:${session.id}`, session);
  }

  return {
    enabled,
    anonymousAllowed,
    /** The life of an access token issued to an MCP client (mcp-auth.js). */
    mcpTokenTtlSeconds: settings.mcpTokenTtlSeconds,

    /** Answers sign-in's routes under `base` (`/auth` or `/api/auth`, Rust's choice from the
     *  path: src/sign_in.rs, `base_of`); `url`: the request's URL, on `site`. */
    async route(request, url, base) {
      const action = url.pathname.slice(base.length);
      if (action === "/session") {
        const info = await sessionOf(request)?.stub.info();
        return json(200, { enabled, signedIn: Boolean(info), expiresAt: info?.expiresAt ?? null, anonymousAllowed });
      }
      if (!enabled) return json(404, { error: "sign-in is not configured (OAUTH_ISSUER, and the SESSION and OAUTH_CLIENT Durable Objects)" });
      if (action === "/login") return login(url, base);
      if (action === "/callback") return callback(request, url, base);
      if (action === "/logout") {
        if (request.method !== "POST") return json(405, { error: "use POST" });
        await sessionOf(request)?.stub.end(site.origin);
        return json(200, { signedIn: false }, { "set-cookie": cookieHeader(url, SESSION_COOKIE, "", 0) });
      }
      return json(404, { error: "not found" });
    },

    /** The `Credential` of an API call: the session's token (refreshed by its object when about
     *  to expire), else the operator's when anonymous use is allowed, or refused: answered
     *  unauthorized without an upstream call. */
    async token(request) {
      const session = sessionOf(request);
      const current = await session?.stub.token(site.origin);
      if (current?.unavailable) return Credential.refused("issuer-unavailable");
      if (current) return sessionCredential(session, current);
      if (enabled && !anonymousAllowed) return Credential.refused("signed-out");
      return Credential.operator(env.MAGISTERIUM_TOKEN || null);
    },

    /** Starts the Magisterium sign-in of an MCP grant (mcp-auth.js), which returns to `returnTo`
     *  (a path of this site) with the new session named by the grant cookie. */
    grantSignIn(url, returnTo) {
      return login(url, "/auth", returnTo, true);
    },

    /** The session the grant sign-in just made in this browser (its grant cookie), with its
     *  account (the issuer's subject, or null), or null; and the header that clears the cookie. */
    async grantSession(request, url) {
      const made = objectOf(request, GRANT_COOKIE);
      const current = await made?.stub.token(site.origin);
      const clear = cookieHeader(url, GRANT_COOKIE, "", 0);
      if (!current || current.unavailable) return { session: null, clear };
      return { session: { id: made.id, account: current.subject ?? null }, clear };
    },

    /** The `Credential` of an MCP call on the grant's session `id`: its token (refreshed by its
     *  object), refused while the issuer fails, or null when the session is over (the grant then
     *  ends: mcp-auth.js). */
    async grantCredential(id) {
      const session = objectIf(id);
      if (!session) return null;
      const current = await session.stub.token(site.origin);
      if (current?.unavailable) return Credential.refused("issuer-unavailable");
      return current ? sessionCredential(session, current) : null;
    },

    /** A new `Credential` for the session `handle` after the upstream refused its `token` (one
     *  refresh per session, however many calls ask), null when the session is over, or refused
     *  ("issuer-unavailable": a retryable 503, the session kept) when the issuer failed. */
    async refresh(handle, token) {
      const renewed = await handle.stub.token(site.origin, token);
      if (renewed?.unavailable) return Credential.refused("issuer-unavailable");
      return renewed ? sessionCredential(handle, renewed) : null;
    },
  };
}
