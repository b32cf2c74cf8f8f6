// Sign in with Magisterium: the Worker as a backend-for-frontend (RFC 10017 / BCP 212). Each
// sign-in is one Durable Object (`Session`, binding SESSION) that holds its tokens and refreshes
// them once however many calls arrive, from any isolate or location; the page holds only an
// HttpOnly cookie naming it. The object is made when the sign-in begins and keeps its `state`
// and PKCE verifier until the callback, so a callback is accepted only in the browser that began
// it, once (no login CSRF, no replay). Workers KV (binding SIGN_IN) keeps what may be eventually
// consistent: the dynamic client registration. OAuth is done by
// oauth4webapi: RFC 8414 discovery, RFC 7591 registration, the authorization code flow with PKCE
// S256 and `state`, refresh with rotation.
import { DurableObject } from "cloudflare:workers";
import * as oauth from "oauth4webapi";

const PENDING_TTL_S = 600; // a sign-in must finish within 10 minutes
const REFRESH_MARGIN_MS = 60_000; // refresh when the access token has less than a minute left

const isLoopback = (url) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

/** The session cookie's name: `__Host-` and Secure, except on loopback http where browsers refuse Secure. */
const cookieName = (url) => (isLoopback(url) && url.protocol === "http:" ? "mag_session" : "__Host-mag_session");

function cookieHeader(url, value, maxAge) {
  const secure = cookieName(url).startsWith("__Host-") ? "; Secure" : "";
  return `${cookieName(url)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

function readCookie(request, url) {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === cookieName(url)) return v.join("=");
  }
  return null;
}

const randomId = () => oauth.generateRandomState() + oauth.generateRandomState();

/** The OAuth client of a site (the Worker's origin as a URL) and env, for the Worker and for its
 *  session objects. `settings.issuer`: "embedded" (answered by `inProcess(request, env)`) or the
 *  issuer's URL. */
function oauthClient(env, site, settings, inProcess) {
  const issuerSetting = settings.issuer;
  const issuer = new URL(issuerSetting === "embedded" || issuerSetting === "off" ? site.origin : issuerSetting);
  const redirectUri = (env.OAUTH_REDIRECT_URI ?? "").trim() || `${site.origin}/auth/callback`;
  const options = {
    [oauth.allowInsecureRequests]: issuer.protocol === "http:" && isLoopback(issuer),
    [oauth.customFetch]: (input, init) => {
      const target = new URL(typeof input === "string" ? input : input.url);
      return issuerSetting === "embedded" && target.origin === site.origin ? inProcess(new Request(target, init), env) : fetch(input, init);
    },
  };

  async function server() {
    const response = await oauth.discoveryRequest(issuer, { ...options, algorithm: "oauth2" });
    return oauth.processDiscoveryResponse(issuer, response);
  }

  /** The client: configured, or registered once per issuer and redirect URI and kept in KV. */
  async function client(as) {
    if (env.OAUTH_CLIENT_ID) return { client: { client_id: env.OAUTH_CLIENT_ID }, secret: env.OAUTH_CLIENT_SECRET ?? "" };
    const key = `client:${issuer.href}:${redirectUri}`;
    const stored = await env.SIGN_IN.get(key, "json");
    if (stored) return stored;
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: [redirectUri], client_name: "magisterium-a2a Worker", token_endpoint_auth_method: "client_secret_post", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] },
      options,
    );
    const registered = await oauth.processDynamicClientRegistrationResponse(response);
    const entry = { client: { client_id: registered.client_id }, secret: registered.client_secret ?? "" };
    await env.SIGN_IN.put(key, JSON.stringify(entry));
    return entry;
  }

  const clientAuth = (secret) => (secret ? oauth.ClientSecretPost(secret) : oauth.None());
  return { server, client, clientAuth, options, redirectUri };
}

/** The tokens as a session keeps them. */
const sessionTokens = (tokens) => ({
  accessToken: tokens.access_token,
  refreshToken: tokens.refresh_token ?? null,
  expiresAt: Date.now() + (tokens.expires_in ?? 3600) * 1000,
});

/** Sign-in for the Worker: `inProcess(request, env)` answers the embedded issuer's requests,
 *  `authSettings(env)` is the settings as the Rust app parsed them (`{ issuer, anonymousAllowed,
 *  allowedOrigins }`). Returns `createAuth(env, site)` and the `Session` Durable Object class. */
export function signIn(inProcess, authSettings) {
  return { createAuth: (env, site) => createAuth(env, site, authSettings(env), inProcess), Session: sessionClass(inProcess, authSettings) };
}

/** The `Session` Durable Object class: one sign-in's tokens, refreshed at most once at a time.
 *  Called over RPC by the Worker; `site` is the Worker's origin (for the OAuth client). */
function sessionClass(inProcess, authSettings) {
  return class Session extends DurableObject {
    constructor(ctx, env) {
      super(ctx, env);
      this.tokens = null;
      this.refreshing = null;
      // Loading only (no fetch inside): the tokens are then read and replaced synchronously, so
      // a refresh decision never rests on a stale read.
      ctx.blockConcurrencyWhile(async () => {
        this.tokens = (await ctx.storage.get("tokens")) ?? null;
        this.pending = (await ctx.storage.get("pending")) ?? null;
      });
    }

    /** Begins a sign-in: keeps its `state`, PKCE verifier and return path until the callback, for
     *  10 minutes at most (the alarm then deletes an abandoned one). */
    async begin(pending) {
      this.pending = pending;
      await this.ctx.storage.put("pending", pending);
      await this.ctx.storage.setAlarm(pending.expiresAt);
    }

    /** The sign-in under way when `state` is its state, once: a second callback, another state
     *  or an expired sign-in gets null. */
    async finish(state) {
      const pending = this.pending;
      if (!pending || pending.state !== state || pending.expiresAt < Date.now()) return null;
      this.pending = null;
      await this.ctx.storage.delete("pending");
      return pending;
    }

    /** A sign-in that never finished: its storage goes (a finished one has no pending sign-in
     *  left, only its tokens, which stay). */
    async alarm() {
      if (this.tokens) return;
      this.pending = null;
      await this.ctx.storage.deleteAll();
    }

    /** Starts the session with the tokens of a finished sign-in. */
    async start(tokens) {
      this.tokens = sessionTokens(tokens);
      await this.ctx.storage.put("tokens", this.tokens);
    }

    /** `{ accessToken, expiresAt }`, refreshed when less than a minute is left or when `stale` is
     *  the token the upstream just refused; null when the session is over. */
    async token(site, stale = null) {
      const seen = this.tokens;
      if (!seen) return null;
      const expiring = seen.expiresAt - Date.now() < REFRESH_MARGIN_MS;
      const refused = stale !== null && stale === seen.accessToken;
      const current = expiring || refused ? await this.refresh(new URL(site), seen) : seen;
      return current && { accessToken: current.accessToken, expiresAt: current.expiresAt };
    }

    /** When the access token expires (never the token), or null. */
    info() {
      return this.tokens && { expiresAt: this.tokens.expiresAt };
    }

    /** Ends the session: its storage goes. */
    async end() {
      this.tokens = null;
      await this.ctx.storage.deleteAll();
    }

    /** One refresh for every caller that saw `seen` (check-and-set: a caller that saw tokens
     *  already replaced gets the new ones; callers during the refresh share its promise). */
    refresh(site, seen) {
      if (this.refreshing) return this.refreshing;
      if (this.tokens !== seen) return Promise.resolve(this.tokens);
      this.refreshing = (async () => {
        if (!seen.refreshToken) return this.end().then(() => null);
        const { server, client, clientAuth, options } = oauthClient(this.env, site, authSettings(this.env), inProcess);
        const as = await server();
        const { client: c, secret } = await client(as);
        const response = await oauth.refreshTokenGrantRequest(as, c, clientAuth(secret), seen.refreshToken, options);
        let tokens;
        try {
          tokens = await oauth.processRefreshTokenResponse(as, c, response);
        } catch {
          await this.end(); // refused (e.g. reuse detected): the session is over
          return null;
        }
        const next = sessionTokens(tokens);
        if (!next.refreshToken) next.refreshToken = seen.refreshToken;
        this.tokens = next;
        await this.ctx.storage.put("tokens", next);
        return next;
      })().finally(() => {
        this.refreshing = null;
      });
      return this.refreshing;
    }
  };
}

/** The BFF for one site (the Worker's origin as a URL) and env: built once and reused by the
 *  requests of an isolate. */
function createAuth(env, site, settings, inProcess) {
  const enabled = settings.issuer !== "off" && typeof env.SIGN_IN?.get === "function" && typeof env.SESSION?.idFromName === "function";
  const { anonymousAllowed } = settings;
  const { server, client, clientAuth, options, redirectUri } = oauthClient(env, site, settings, inProcess);

  /** The session object named `id`. */
  const sessionNamed = (id) => ({ id, stub: env.SESSION.get(env.SESSION.idFromName(id)) });

  /** The visitor's session object (by the cookie's opaque id), or null. */
  function sessionOf(request) {
    if (!enabled) return null;
    const id = readCookie(request, site);
    if (!id || !/^[\w-]{20,200}$/.test(id)) return null;
    return sessionNamed(id);
  }

  const json = (status, body, headers = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store", ...headers } });

  /** Cross-site request protection for state-changing routes: a present Origin must be ours. */
  function sameOrigin(request) {
    const origin = request.headers.get("origin");
    return origin === null || origin === site.origin;
  }

  return {
    enabled,
    anonymousAllowed,

    /** Answers `/auth/*` (`url`: the request's URL, on `site`), or returns null for other paths. */
    async route(request, url) {
      if (!url.pathname.startsWith("/auth/")) return null;
      if (url.pathname === "/auth/session") {
        const info = await sessionOf(request)?.stub.info();
        return json(200, { enabled, signedIn: Boolean(info), expiresAt: info?.expiresAt ?? null, anonymousAllowed });
      }
      if (!enabled) return json(404, { error: "sign-in is not configured (OAUTH_ISSUER, the SESSION Durable Object and the SIGN_IN KV binding)" });
      if (url.pathname === "/auth/login") {
        const as = await server();
        const { client: c } = await client(as);
        const verifier = oauth.generateRandomCodeVerifier();
        const state = oauth.generateRandomState();
        // A new session object (a new id: never one an attacker could have planted) holds the
        // sign-in until the callback; the cookie binds it to this browser.
        const begun = sessionNamed(randomId());
        const pending = { state, verifier, returnTo: "/", expiresAt: Date.now() + PENDING_TTL_S * 1000 };
        await begun.stub.begin(pending);
        const target = new URL(as.authorization_endpoint);
        target.searchParams.set("response_type", "code");
        target.searchParams.set("client_id", c.client_id);
        target.searchParams.set("redirect_uri", redirectUri);
        target.searchParams.set("state", state);
        target.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
        target.searchParams.set("code_challenge_method", "S256");
        target.searchParams.set("scope", "a2a");
        const headers = { location: target.href, "cache-control": "no-store", "set-cookie": cookieHeader(url, begun.id, PENDING_TTL_S) };
        return new Response(null, { status: 302, headers });
      }
      if (url.pathname === "/auth/callback") {
        // Only the browser that began this sign-in, once: its cookie names the object holding it.
        const visitor = sessionOf(request);
        const state = url.searchParams.get("state") ?? "";
        const pending = state && (await visitor?.stub.finish(state));
        if (!pending) return json(400, { error: "unknown or expired sign-in (bad state, or begun in another browser)" });
        try {
          const as = await server();
          const { client: c, secret } = await client(as);
          const params = oauth.validateAuthResponse(as, c, url, state);
          const response = await oauth.authorizationCodeGrantRequest(as, c, clientAuth(secret), params, redirectUri, pending.verifier, options);
          const tokens = await oauth.processAuthorizationCodeResponse(as, c, response);
          await visitor.stub.start(tokens);
          return new Response(null, { status: 302, headers: { location: pending.returnTo, "set-cookie": cookieHeader(url, visitor.id, 7 * 86_400), "cache-control": "no-store" } });
        } catch (e) {
          return json(400, { error: "sign-in failed", detail: String(e?.code ?? e?.name ?? "error") });
        }
      }
      if (url.pathname === "/auth/logout") {
        if (request.method !== "POST") return json(405, { error: "use POST" });
        if (!sameOrigin(request)) return json(403, { error: "cross-site request refused" });
        await sessionOf(request)?.stub.end();
        return json(200, { signedIn: false }, { "set-cookie": cookieHeader(url, "", 0) });
      }
      return json(404, { error: "not found" });
    },

    /** The bearer token for an API call: the session's (refreshed by its object when about to
     *  expire), else the operator's when anonymous use is allowed. `refuse` says to answer
     *  unauthorized without an upstream call. */
    async token(request) {
      if (enabled && !sameOrigin(request) && readCookie(request, site)) {
        if (!settings.allowedOrigins.includes(request.headers.get("origin"))) return { refuse: true, reason: "cross-site" };
      }
      const session = sessionOf(request);
      const current = await session?.stub.token(site.origin);
      if (current) return { token: current.accessToken, session };
      if (enabled && !anonymousAllowed) return { refuse: true, reason: "signed-out" };
      return { token: env.MAGISTERIUM_TOKEN || null, session: null };
    },

    /** A new token after the upstream refused `credential`'s (one refresh per session, however
     *  many calls ask), or null when the session is over. */
    async refresh(credential) {
      const renewed = await credential.session.stub.token(site.origin, credential.token);
      return renewed && { token: renewed.accessToken, session: credential.session };
    },
  };
}
