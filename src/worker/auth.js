// Sign in with Magisterium: the Worker as a backend-for-frontend (RFC 10017 / BCP 212). Tokens stay
// in the Worker (Workers KV, keyed by an opaque session id); the page holds only an HttpOnly cookie.
// OAuth is done by oauth4webapi: RFC 8414 discovery, RFC 7591 registration (kept in KV), the
// authorization code flow with PKCE S256 and `state`, refresh with rotation.
import * as oauth from "oauth4webapi";

const PENDING_TTL_S = 600; // a sign-in must finish within 10 minutes
const REFRESH_MARGIN_MS = 60_000; // refresh when the access token has less than a minute left
const refreshing = new Map(); // session id → in-flight refresh (one per session per isolate)

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

/** The BFF for one site (the Worker's origin as a URL) and env: built once and reused by the
 *  requests of an isolate. `inProcess(request)` answers requests to the embedded issuer. */
export function createAuth(env, site, inProcess) {
  const issuerSetting = (env.OAUTH_ISSUER ?? "").trim();
  const enabled = issuerSetting !== "" && typeof env.SESSIONS?.get === "function";
  const issuer = new URL(issuerSetting === "embedded" ? site.origin : issuerSetting || site.origin);
  const redirectUri = (env.OAUTH_REDIRECT_URI ?? "").trim() || `${site.origin}/auth/callback`;
  const anonymousAllowed = !["0", "false", "off", "no"].includes(String(env.ALLOW_ANONYMOUS ?? "on").trim().toLowerCase());
  const options = {
    [oauth.allowInsecureRequests]: issuer.protocol === "http:" && isLoopback(issuer),
    [oauth.customFetch]: (input, init) => {
      const target = new URL(typeof input === "string" ? input : input.url);
      return issuerSetting === "embedded" && target.origin === site.origin ? inProcess(new Request(target, init)) : fetch(input, init);
    },
  };
  const kv = env.SESSIONS;

  async function server() {
    const response = await oauth.discoveryRequest(issuer, { ...options, algorithm: "oauth2" });
    return oauth.processDiscoveryResponse(issuer, response);
  }

  /** The client: configured, or registered once per issuer and redirect URI and kept in KV. */
  async function client(as) {
    if (env.OAUTH_CLIENT_ID) return { client: { client_id: env.OAUTH_CLIENT_ID }, secret: env.OAUTH_CLIENT_SECRET ?? "" };
    const key = `client:${issuer.href}:${redirectUri}`;
    const stored = await kv.get(key, "json");
    if (stored) return stored;
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: [redirectUri], client_name: "magisterium-a2a Worker", token_endpoint_auth_method: "client_secret_post", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] },
      options,
    );
    const registered = await oauth.processDynamicClientRegistrationResponse(response);
    const entry = { client: { client_id: registered.client_id }, secret: registered.client_secret ?? "" };
    await kv.put(key, JSON.stringify(entry));
    return entry;
  }

  const clientAuth = (secret) => (secret ? oauth.ClientSecretPost(secret) : oauth.None());

  async function store(id, tokens) {
    const expiresAt = Date.now() + (tokens.expires_in ?? 3600) * 1000;
    const session = { accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? null, expiresAt, createdAt: Date.now() };
    // Kept a day after the access token expires, so the refresh token can still be used.
    await kv.put(`session:${id}`, JSON.stringify(session), { expirationTtl: Math.max(60, Math.ceil((expiresAt - Date.now()) / 1000) + 86_400) });
    return session;
  }

  async function load(request) {
    if (!enabled) return null;
    const id = readCookie(request, site);
    if (!id || !/^[\w-]{20,200}$/.test(id)) return null;
    const session = await kv.get(`session:${id}`, "json");
    return session ? { id, ...session } : null;
  }

  /** Refreshes a session's tokens once, even when several calls ask at the same time. */
  function refresh(session) {
    const running = refreshing.get(session.id);
    if (running) return running;
    const work = (async () => {
      if (!session.refreshToken) return null;
      const as = await server();
      const { client: c, secret } = await client(as);
      const response = await oauth.refreshTokenGrantRequest(as, c, clientAuth(secret), session.refreshToken, options);
      try {
        const tokens = await oauth.processRefreshTokenResponse(as, c, response);
        return { id: session.id, ...(await store(session.id, tokens)) };
      } catch {
        await kv.delete(`session:${session.id}`); // refused (e.g. reuse detected): the session is over
        return null;
      }
    })().finally(() => refreshing.delete(session.id));
    refreshing.set(session.id, work);
    return work;
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
        const session = await load(request);
        return json(200, { enabled, signedIn: session !== null, expiresAt: session?.expiresAt ?? null, anonymousAllowed });
      }
      if (!enabled) return json(404, { error: "sign-in is not configured (OAUTH_ISSUER and the SESSIONS KV binding)" });
      if (url.pathname === "/auth/login") {
        const as = await server();
        const { client: c } = await client(as);
        const verifier = oauth.generateRandomCodeVerifier();
        const state = oauth.generateRandomState();
        await kv.put(`pending:${state}`, JSON.stringify({ verifier, returnTo: "/" }), { expirationTtl: PENDING_TTL_S });
        const target = new URL(as.authorization_endpoint);
        target.searchParams.set("response_type", "code");
        target.searchParams.set("client_id", c.client_id);
        target.searchParams.set("redirect_uri", redirectUri);
        target.searchParams.set("state", state);
        target.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
        target.searchParams.set("code_challenge_method", "S256");
        target.searchParams.set("scope", "a2a");
        return new Response(null, { status: 302, headers: { location: target.href, "cache-control": "no-store" } });
      }
      if (url.pathname === "/auth/callback") {
        const state = url.searchParams.get("state") ?? "";
        const pending = state && (await kv.get(`pending:${state}`, "json"));
        if (!pending) return json(400, { error: "unknown or expired sign-in (bad state)" });
        await kv.delete(`pending:${state}`); // single use: a replayed callback is refused
        try {
          const as = await server();
          const { client: c, secret } = await client(as);
          const params = oauth.validateAuthResponse(as, c, url, state);
          const response = await oauth.authorizationCodeGrantRequest(as, c, clientAuth(secret), params, redirectUri, pending.verifier, options);
          const tokens = await oauth.processAuthorizationCodeResponse(as, c, response);
          const id = randomId();
          await store(id, tokens);
          return new Response(null, { status: 302, headers: { location: pending.returnTo, "set-cookie": cookieHeader(url, id, 7 * 86_400), "cache-control": "no-store" } });
        } catch (e) {
          return json(400, { error: "sign-in failed", detail: String(e?.code ?? e?.name ?? "error") });
        }
      }
      if (url.pathname === "/auth/logout") {
        if (request.method !== "POST") return json(405, { error: "use POST" });
        if (!sameOrigin(request)) return json(403, { error: "cross-site request refused" });
        const session = await load(request);
        if (session) await kv.delete(`session:${session.id}`);
        return json(200, { signedIn: false }, { "set-cookie": cookieHeader(url, "", 0) });
      }
      return json(404, { error: "not found" });
    },

    /** The bearer token for an API call: the session's (refreshed when about to expire), else the
     *  operator's when anonymous use is allowed. `refuse` says to answer unauthorized without an
     *  upstream call. */
    async token(request) {
      if (enabled && !sameOrigin(request) && readCookie(request, site)) {
        const allowed = (env.ALLOWED_ORIGINS ?? "").split(",").map((o) => o.trim());
        if (!allowed.includes(request.headers.get("origin"))) return { refuse: true, reason: "cross-site" };
      }
      let session = await load(request);
      if (session && session.expiresAt - Date.now() < REFRESH_MARGIN_MS) session = await refresh(session);
      if (session) return { token: session.accessToken, session };
      if (enabled && !anonymousAllowed) return { refuse: true, reason: "signed-out" };
      return { token: env.MAGISTERIUM_TOKEN || null, session: null };
    },

    refresh,
  };
}
