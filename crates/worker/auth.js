// Sign in with Magisterium: the Worker as a backend-for-frontend (RFC 10017 / BCP 212). Each
// sign-in is one Durable Object (`Session`, binding SESSION) that holds its tokens and refreshes
// them once however many calls arrive, from any isolate or location; the page holds only an
// HttpOnly cookie naming it. The object is made when the sign-in begins and keeps its `state`
// and PKCE verifier until the callback, so a callback is accepted only in the browser that began
// it, once (no login CSRF, no replay). Every session ends: at the refresh token's end when the
// issuer says it (`refresh_token_expires_in`), else SESSION_MAX_SECONDS (30 days) after the
// sign-in, and after SESSION_IDLE_SECONDS (7 days) unused; its alarm then revokes the tokens at
// the issuer (RFC 7009, when offered) and deletes the object. A new sign-in from a browser ends
// the session it had. Only a refused grant (`invalid_grant`) ends a session on refresh; an issuer
// that fails (5xx, down) keeps it and the call gets a retryable 503. The client registration
// lives in its own Durable Object (oauth-client.js). OAuth is done by oauth4webapi.
import { DurableObject } from "cloudflare:workers";
import * as oauth from "oauth4webapi";
import { isLoopback, oauthClient, registrationClass } from "./oauth-client.js";

const PENDING_TTL_S = 600; // a sign-in must finish within 10 minutes
const REFRESH_MARGIN_MS = 60_000; // refresh when the access token has less than a minute left
const IDLE_WRITE_MS = 60_000; // a session's last use is stored at most once a minute

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

/** The tokens as a session keeps them. */
const sessionTokens = (tokens) => ({
  accessToken: tokens.access_token,
  refreshToken: tokens.refresh_token ?? null,
  expiresAt: Date.now() + (tokens.expires_in ?? 3600) * 1000,
});

/** A refresh that did not happen because the issuer failed (not a refusal): retry later. */
const UNAVAILABLE = Symbol("issuer unavailable");

/** True when the issuer refused the grant itself: the session is over. */
const refused = (e) => e instanceof oauth.ResponseBodyError && ["invalid_grant", "unauthorized_client", "invalid_client"].includes(e.error);

/** Sign-in for the Worker: `inProcess(request, env)` answers the embedded issuer's requests,
 *  `authSettings(env)` is the settings as the Rust app parsed them (`{ issuer, enabled,
 *  anonymousAllowed, … }`). Returns `createAuth(env, site)` and the `Session` Durable Object class. */
export function signIn(inProcess, authSettings) {
  return {
    createAuth: (env, site) => createAuth(env, site, authSettings(env), inProcess),
    Session: sessionClass(inProcess, authSettings),
    ClientRegistration: registrationClass(inProcess, authSettings),
  };
}

/** The `Session` Durable Object class: one sign-in's tokens, refreshed at most once at a time.
 *  Called over RPC by the Worker; `site` is the Worker's origin (for the OAuth client). */
function sessionClass(inProcess, authSettings) {
  return class Session extends DurableObject {
    constructor(ctx, env) {
      super(ctx, env);
      this.tokens = null;
      this.refreshing = null;
      this.generation = 0; // bumped by end(): a refresh begun before it stores nothing
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

    /** When the session ends: its hard end, or its idle limit after the last use. */
    deadline(tokens = this.tokens) {
      return Math.min(tokens.endsAt, tokens.usedAt + tokens.idleMs);
    }

    /** The end of a sign-in never finished, or of a session: past it, the object is deleted
     *  (its tokens revoked at the issuer first); before it (the session was used since), the
     *  alarm moves to the new end. */
    async alarm() {
      if (this.tokens && this.deadline() > Date.now()) {
        await this.ctx.storage.setAlarm(this.deadline());
        return;
      }
      await this.end(this.tokens?.site ?? null);
    }

    /** Starts the session with the tokens of a finished sign-in (`life`: the session limits and
     *  the account's subject), and sets its end. */
    async start(tokens, life) {
      const now = Date.now();
      const given = Number(tokens.refresh_token_expires_in);
      const endsAt = now + (Number.isFinite(given) && given > 0 ? Math.min(given, life.maxSeconds) : life.maxSeconds) * 1000;
      this.tokens = { ...sessionTokens(tokens), endsAt, usedAt: now, idleMs: life.idleSeconds * 1000, subject: life.subject, site: life.site };
      await this.ctx.storage.put("tokens", this.tokens);
      await this.ctx.storage.setAlarm(this.deadline());
    }

    /** `{ accessToken, expiresAt, subject }`, refreshed when less than a minute is left or when
     *  `stale` is the token the upstream just refused; null when the session is over;
     *  `{ unavailable: true }` when a refresh was needed and the issuer failed. */
    async token(site, stale = null) {
      const seen = this.tokens;
      if (!seen) return null;
      const now = Date.now();
      if (this.deadline(seen) <= now) {
        await this.end(site);
        return null;
      }
      if (now - seen.usedAt > Math.min(IDLE_WRITE_MS, seen.idleMs / 10)) {
        seen.usedAt = now;
        this.ctx.storage.put("tokens", seen);
      }
      const expiring = seen.expiresAt - now < REFRESH_MARGIN_MS;
      const refusedToken = stale !== null && stale === seen.accessToken;
      let current = expiring || refusedToken ? await this.refresh(new URL(site), seen) : seen;
      if (current === UNAVAILABLE) {
        // The issuer failed: the access token still serves while it is valid (not when the
        // upstream refused it); otherwise the caller retries later.
        if (refusedToken || seen.expiresAt <= Date.now()) return { unavailable: true };
        current = seen;
      }
      return current && { accessToken: current.accessToken, expiresAt: current.expiresAt, subject: current.subject ?? null };
    }

    /** When the access token expires (never the token), or null. */
    info() {
      return this.tokens && { expiresAt: this.tokens.expiresAt };
    }

    /** Ends the session: its refresh token is revoked at the issuer (when `site` is given and the
     *  issuer offers revocation), and its storage goes; a refresh under way stores nothing. */
    async end(site = null) {
      const tokens = this.tokens;
      this.generation += 1;
      this.tokens = null;
      this.pending = null;
      await this.ctx.storage.deleteAll();
      if (site && tokens) {
        const { revoke } = oauthClient(this.env, new URL(site), authSettings(this.env), inProcess);
        await revoke(tokens.refreshToken ?? tokens.accessToken);
      }
    }

    /** One refresh for every caller that saw `seen` (check-and-set: a caller that saw tokens
     *  already replaced gets the new ones; callers during the refresh share its promise). The
     *  new tokens, null when the issuer refused the grant (the session is then over), or
     *  UNAVAILABLE when the issuer failed otherwise (the session stays). */
    refresh(site, seen) {
      if (this.refreshing) return this.refreshing;
      if (this.tokens !== seen) return Promise.resolve(this.tokens);
      const generation = this.generation;
      this.refreshing = (async () => {
        if (!seen.refreshToken) return this.end().then(() => null);
        const { server, client, clientAuth, revoke, options } = oauthClient(this.env, site, authSettings(this.env), inProcess);
        let tokens;
        try {
          const as = await server();
          const { client: c, secret } = await client(as);
          const response = await oauth.refreshTokenGrantRequest(as, c, clientAuth(secret), seen.refreshToken, options);
          tokens = await oauth.processRefreshTokenResponse(as, c, response);
        } catch (e) {
          if (this.generation !== generation) return null;
          if (!refused(e)) return UNAVAILABLE;
          await this.end(); // the grant is refused (e.g. reuse detected): the session is over
          return null;
        }
        if (this.generation !== generation) {
          // Logged out during the refresh: the new tokens are not kept, and are revoked.
          await revoke(tokens.refresh_token ?? tokens.access_token);
          return null;
        }
        const next = { ...seen, ...sessionTokens(tokens) };
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
  // Whether sign-in runs, and what a call without a session may do, is decided in Rust
  // (src/sign_in.rs); the origin rule too (src/origin.rs), before anything reaches this file.
  const { enabled, anonymousAllowed, sessionMaxSeconds, sessionIdleSeconds } = settings;
  const { server, client, clientAuth, subject, options, redirectUri } = oauthClient(env, site, settings, inProcess);

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
      if (!enabled) return json(404, { error: "sign-in is not configured (OAUTH_ISSUER, and the SESSION and OAUTH_CLIENT Durable Objects)" });
      if (url.pathname === "/auth/login") {
        // A browser signing in again ends the session it had (its tokens revoked at the issuer).
        await sessionOf(request)?.stub.end(site.origin);
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
          const life = { maxSeconds: sessionMaxSeconds, idleSeconds: sessionIdleSeconds, subject: await subject(as, c, tokens), site: site.origin };
          await visitor.stub.start(tokens, life);
          return new Response(null, { status: 302, headers: { location: pending.returnTo, "set-cookie": cookieHeader(url, visitor.id, sessionMaxSeconds), "cache-control": "no-store" } });
        } catch (e) {
          return json(400, { error: "sign-in failed", detail: String(e?.code ?? e?.name ?? "error") });
        }
      }
      if (url.pathname === "/auth/logout") {
        if (request.method !== "POST") return json(405, { error: "use POST" });
        await sessionOf(request)?.stub.end(site.origin);
        return json(200, { signedIn: false }, { "set-cookie": cookieHeader(url, "", 0) });
      }
      return json(404, { error: "not found" });
    },

    /** The bearer token for an API call: the session's (refreshed by its object when about to
     *  expire), else the operator's when anonymous use is allowed. `refuse` says to answer
     *  unauthorized without an upstream call. */
    async token(request) {
      const session = sessionOf(request);
      const current = await session?.stub.token(site.origin);
      if (current?.unavailable) return { refuse: true, reason: "issuer-unavailable" };
      if (current) return { token: current.accessToken, session, account: current.subject ?? `session:${session.id}` };
      if (enabled && !anonymousAllowed) return { refuse: true, reason: "signed-out" };
      return { token: env.MAGISTERIUM_TOKEN || null, session: null };
    },

    /** A new token after the upstream refused `credential`'s (one refresh per session, however
     *  many calls ask), null when the session is over, or `refuse` (reason
     *  "issuer-unavailable": a retryable 503, the session kept) when the issuer failed. */
    async refresh(credential) {
      const renewed = await credential.session.stub.token(site.origin, credential.token);
      if (renewed?.unavailable) return { refuse: true, reason: "issuer-unavailable" };
      if (!renewed) return null;
      return { token: renewed.accessToken, session: credential.session, account: credential.account };
    },
  };
}
