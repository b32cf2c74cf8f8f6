// The Worker's OAuth client (oauth4webapi): the issuer's metadata (RFC 8414), the client
// registration (RFC 7591) kept in one Durable Object per issuer and redirect URI
// (`ClientRegistration`, binding OAUTH_CLIENT: strongly consistent, so every location uses the
// one client the refresh tokens were issued to), token revocation (RFC 7009) when the issuer
// offers it, and the signed-in account's subject (ID token, else userinfo).
import { DurableObject } from "cloudflare:workers";
import * as oauth from "oauth4webapi";

export const isLoopback = (url) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);

/** The OAuth client of a site (the Worker's origin as a URL) and env, for sign-in under `base`
 *  (`/auth` or `/api/auth`: the redirect URI is `<site><base>/callback` unless
 *  OAUTH_REDIRECT_URI says otherwise). `settings.issuer`: "embedded" (answered by
 *  `inProcess(request, env)`) or the issuer's URL. */
export function oauthClient(env, site, settings, inProcess, base = "/auth") {
  const issuerSetting = settings.issuer;
  const issuer = new URL(issuerSetting === "embedded" || issuerSetting === "off" ? site.origin : issuerSetting);
  const redirectUri = (env.OAUTH_REDIRECT_URI ?? "").trim() || `${site.origin}${base}/callback`;
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

  /** The client: configured, or registered once per issuer and redirect URI by its object. */
  async function client(as) {
    if (env.OAUTH_CLIENT_ID) return { client: { client_id: env.OAUTH_CLIENT_ID }, secret: env.OAUTH_CLIENT_SECRET ?? "" };
    const name = `${issuer.href} ${redirectUri}`;
    return env.OAUTH_CLIENT.get(env.OAUTH_CLIENT.idFromName(name)).client(site.origin, base);
  }

  /** Registers a client (RFC 7591), for the registration object. */
  async function register(as) {
    const response = await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: [redirectUri], client_name: "magisterium-a2a Worker", token_endpoint_auth_method: "client_secret_post", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] },
      options,
    );
    const registered = await oauth.processDynamicClientRegistrationResponse(response);
    return { client: { client_id: registered.client_id }, secret: registered.client_secret ?? "" };
  }

  const clientAuth = (secret) => (secret ? oauth.ClientSecretPost(secret) : oauth.None());

  /** Revokes `token` at the issuer (RFC 7009) when it offers revocation; never throws. */
  async function revoke(token) {
    if (!token) return;
    try {
      const as = await server();
      if (!as.revocation_endpoint) return;
      const { client: c, secret } = await client(as);
      const response = await oauth.revocationRequest(as, c, clientAuth(secret), token, options);
      await oauth.processRevocationResponse(response);
    } catch {}
  }

  /** The account behind `tokens` (a token endpoint's answer): the ID token's `sub`, else the
   *  userinfo endpoint's, else null (the issuer names no account). */
  async function subject(as, c, tokens) {
    const claims = tokens.id_token ? oauth.getValidatedIdTokenClaims(tokens) : undefined;
    if (claims?.sub) return claims.sub;
    if (!as.userinfo_endpoint) return null;
    try {
      const response = await oauth.userInfoRequest(as, c, tokens.access_token, options);
      return (await oauth.processUserInfoResponse(as, c, oauth.skipSubjectCheck, response)).sub ?? null;
    } catch {
      return null;
    }
  }

  return { server, client, register, clientAuth, revoke, subject, options, redirectUri };
}

/** The `ClientRegistration` Durable Object class: one issuer's client registration for one
 *  redirect URI, registered once (concurrent first callers share the registration). */
export function registrationClass(inProcess, authSettings) {
  return class ClientRegistration extends DurableObject {
    /** The registered client (`{ client, secret }`), registering it on first use (for sign-in
     *  under `base` of `siteOrigin`). */
    async client(siteOrigin, base) {
      const stored = await this.ctx.storage.get("client");
      if (stored) return stored;
      this.registering ??= (async () => {
        const { server, register } = oauthClient(this.env, new URL(siteOrigin), authSettings(this.env), inProcess, base);
        const entry = await register(await server());
        await this.ctx.storage.put("client", entry);
        return entry;
      })().finally(() => {
        this.registering = null;
      });
      return this.registering;
    }
  };
}
