// One sign-in's session as a Durable Object (`Session`, binding SESSION): it keeps the tokens of
// a finished sign-in and refreshes them once however many calls arrive, from any isolate or
// location. Before that, the same object holds a sign-in under way (its `state`, PKCE verifier
// and return path) until the callback, once. Every session ends: at the refresh token's end when
// the issuer says it (`refresh_token_expires_in`), else SESSION_MAX_SECONDS (30 days) after the
// sign-in, and after SESSION_IDLE_SECONDS (7 days) unused; its alarm then revokes the tokens at
// the issuer (RFC 7009, when offered) and deletes the object. What a failed refresh does is
// decided in Rust (src/sign_in.rs, `after_refresh_failure`): a refused credential ends the
// session; a transient fault keeps it (the call gets a retryable 503 once the access token has
// expired) until refreshes have failed for SESSION_REFRESH_GRACE_SECONDS. OAuth is done by
// oauth4webapi; the sign-in's pages and cookies are auth.js's.
import { DurableObject } from "cloudflare:workers";
import * as oauth from "oauth4webapi";
import { oauthClient } from "./oauth-client.js";

const REFRESH_MARGIN_MS = 60_000; // refresh when the access token has less than a minute left
const IDLE_WRITE_MS = 60_000; // a session's last use is stored at most once a minute

/** The tokens as a session keeps them. */
const sessionTokens = (tokens) => ({
  accessToken: tokens.access_token,
  refreshToken: tokens.refresh_token ?? null,
  expiresAt: Date.now() + (tokens.expires_in ?? 3600) * 1000,
});

/** A refresh that did not happen because the issuer failed (not a refusal): retry later. */
const UNAVAILABLE = Symbol("issuer unavailable");

/** The token endpoint's HTTP status in a refresh's error, when it answered. */
function statusOf(e) {
  if (typeof e?.status === "number") return e.status; // an OAuth error body, a challenge
  if (e?.cause instanceof Response) return e.cause.status; // an answer that is not a token response
  return undefined;
}

/** The `Session` Durable Object class: one sign-in's tokens, refreshed at most once at a time.
 *  Called over RPC by the Worker; `site` is the Worker's origin (for the OAuth client). */
export function sessionClass(inProcess, authSettings, afterRefreshFailure) {
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

    /** Starts the session with the tokens of a finished sign-in (`life`: the session limits, the
     *  account's subject, the site and the base its sign-in ran under), and sets its end. */
    async start(tokens, life) {
      const now = Date.now();
      const given = Number(tokens.refresh_token_expires_in);
      const endsAt = now + (Number.isFinite(given) && given > 0 ? Math.min(given, life.maxSeconds) : life.maxSeconds) * 1000;
      this.tokens = { ...sessionTokens(tokens), endsAt, usedAt: now, idleMs: life.idleSeconds * 1000, subject: life.subject, site: life.site, base: life.base, failingSince: null };
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
        const { revoke } = oauthClient(this.env, new URL(site), authSettings(this.env), inProcess, tokens.base);
        await revoke(tokens.refreshToken ?? tokens.accessToken);
      }
    }

    /** One refresh for every caller that saw `seen` (check-and-set: a caller that saw tokens
     *  already replaced gets the new ones; callers during the refresh share its promise). The
     *  new tokens, null when the session is over (the issuer refused the credential, or its
     *  refreshes kept failing: Rust's `afterRefreshFailure`), or UNAVAILABLE when it failed
     *  transiently (the session stays, and remembers since when its refreshes fail). */
    refresh(site, seen) {
      if (this.refreshing) return this.refreshing;
      if (this.tokens !== seen) return Promise.resolve(this.tokens);
      const generation = this.generation;
      this.refreshing = (async () => {
        if (!seen.refreshToken) return this.end().then(() => null);
        const { server, client, clientAuth, revoke, options } = oauthClient(this.env, site, authSettings(this.env), inProcess, seen.base);
        let tokens;
        try {
          const as = await server();
          const { client: c, secret } = await client(as);
          const response = await oauth.refreshTokenGrantRequest(as, c, clientAuth(secret), seen.refreshToken, options);
          tokens = await oauth.processRefreshTokenResponse(as, c, response);
        } catch (e) {
          if (this.generation !== generation) return null;
          const now = Date.now();
          const since = seen.failingSince ?? now;
          const error = e instanceof oauth.ResponseBodyError ? e.error : undefined;
          const challenge = e instanceof oauth.WWWAuthenticateChallengeError;
          if (afterRefreshFailure(this.env, statusOf(e), error, challenge, now - since, seen.expiresAt <= now) === "end") {
            await this.end(); // refused (e.g. reuse detected, client unknown), or failing too long
            return null;
          }
          if (seen.failingSince == null && this.tokens === seen) {
            seen.failingSince = now;
            await this.ctx.storage.put("tokens", seen);
          }
          return UNAVAILABLE;
        }
        if (this.generation !== generation) {
          // Logged out during the refresh: the new tokens are not kept, and are revoked.
          await revoke(tokens.refresh_token ?? tokens.access_token);
          return null;
        }
        const next = { ...seen, ...sessionTokens(tokens), failingSince: null };
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
