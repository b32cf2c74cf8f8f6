// An emulated OAuth authorization server for the Worker's sign-in tests, on 127.0.0.1 only, with
// no dependencies: RFC 8414 metadata, RFC 7591 registration, an authorization step that approves
// at once (redirect with a code), the code grant with PKCE S256, and refresh with rotation and
// reuse detection (a refresh token spent twice revokes the grant), userinfo (the account's
// `sub`: `issuer.user` at the time of the sign-in) and revocation (RFC 7009). It counts the grants
// it answers, so a test can say how many refreshes a burst of calls cost, and its refresh can be
// made to fail: `issuer.refreshMode` = "ok" | "503" (the issuer answers 503) | "down" (the socket is
// dropped) | "slow" (answered after `issuer.refreshDelayMs`) | "challenge" (401 with a
// `WWW-Authenticate` challenge, as for a client it no longer knows) | "invalid_request" (400 with
// that OAuth error) | "malformed" (200 with an HTML page). `issuer.discoveryMode` = "ok" | "down"
// makes its metadata (RFC 8414) unreachable, as in an outage. `issuer.accessTtlSeconds` sets the
// lifetime (`expires_in`) of the access tokens it hands out from then on.
//
//   import { startIssuer } from "../servers/oauth-issuer.mjs";
//   const issuer = await startIssuer({ port, accessTtlSeconds });  // issuer.url, issuer.counts, issuer.close()
import http from "node:http";
import { createHash, randomBytes } from "node:crypto";

const token = (prefix) => `${prefix}_${randomBytes(24).toString("base64url")}`;

export async function startIssuer({ port = 0, accessTtlSeconds = 3600 } = {}) {
  const clients = new Map(); // client_id → { secret, redirectUris }
  const codes = new Map(); // code → { clientId, redirectUri, challenge }
  const refreshTokens = new Map(); // refresh token → { grant, used }
  const revoked = new Set(); // grants revoked after a reuse or a revocation
  const accessTokens = new Map(); // access token → grant
  const subjects = new Map(); // grant → the account's `sub`
  const counts = { register: 0, authorize: 0, code: 0, refresh: 0, refused: 0, revoke: 0, userinfo: 0 };
  const state = { user: "user-1", refreshMode: "ok", discoveryMode: "ok", refreshDelayMs: 2000, accessTtlSeconds };
  let url = "";

  const json = (res, status, body) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };
  const refuse = (res, error) => {
    counts.refused += 1;
    json(res, 400, { error });
  };
  const issue = (res, grant) => {
    const access = token("at");
    const refresh = token("rt");
    accessTokens.set(access, grant);
    refreshTokens.set(refresh, { grant, used: false });
    json(res, 200, { access_token: access, token_type: "Bearer", expires_in: state.accessTtlSeconds, refresh_token: refresh, scope: "a2a" });
  };

  const server = http.createServer(async (req, res) => {
    const target = new URL(req.url, url);
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const form = new URLSearchParams(raw);
    switch (`${req.method} ${target.pathname}`) {
      case "GET /.well-known/oauth-authorization-server":
        if (state.discoveryMode === "down") return req.socket.destroy();
        return json(res, 200, {
          issuer: url,
          authorization_endpoint: `${url}/authorize`,
          token_endpoint: `${url}/token`,
          registration_endpoint: `${url}/register`,
          userinfo_endpoint: `${url}/userinfo`,
          revocation_endpoint: `${url}/revoke`,
          response_types_supported: ["code"],
          grant_types_supported: ["authorization_code", "refresh_token"],
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["client_secret_post"],
        });
      case "POST /register": {
        counts.register += 1;
        const body = JSON.parse(raw || "{}");
        const id = token("client");
        const secret = token("secret");
        clients.set(id, { secret, redirectUris: body.redirect_uris ?? [] });
        return json(res, 201, { client_id: id, client_secret: secret, client_secret_expires_at: 0, redirect_uris: body.redirect_uris, token_endpoint_auth_method: "client_secret_post" });
      }
      case "GET /authorize": {
        counts.authorize += 1;
        const p = target.searchParams;
        const client = clients.get(p.get("client_id"));
        if (!client || !client.redirectUris.includes(p.get("redirect_uri")) || p.get("code_challenge_method") !== "S256") return refuse(res, "invalid_request");
        const code = token("code");
        codes.set(code, { clientId: p.get("client_id"), redirectUri: p.get("redirect_uri"), challenge: p.get("code_challenge"), sub: state.user });
        const back = new URL(p.get("redirect_uri"));
        back.searchParams.set("code", code);
        back.searchParams.set("state", p.get("state") ?? "");
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      case "POST /token": {
        const client = clients.get(form.get("client_id"));
        if (!client || client.secret !== form.get("client_secret")) return refuse(res, "invalid_client");
        if (form.get("grant_type") === "authorization_code") {
          counts.code += 1;
          const pending = codes.get(form.get("code"));
          codes.delete(form.get("code"));
          const challenge = createHash("sha256").update(form.get("code_verifier") ?? "").digest("base64url");
          if (!pending || pending.redirectUri !== form.get("redirect_uri") || pending.challenge !== challenge) return refuse(res, "invalid_grant");
          const grant = token("grant");
          subjects.set(grant, pending.sub);
          return issue(res, grant);
        }
        if (form.get("grant_type") === "refresh_token") {
          counts.refresh += 1;
          if (state.refreshMode === "503") return json(res, 503, { error: "temporarily_unavailable" });
          if (state.refreshMode === "down") return req.socket.destroy();
          if (state.refreshMode === "invalid_request") return refuse(res, "invalid_request");
          if (state.refreshMode === "malformed") {
            res.writeHead(200, { "content-type": "text/html" });
            return res.end("<html><body>Maintenance</body></html>");
          }
          if (state.refreshMode === "challenge") {
            counts.refused += 1;
            res.writeHead(401, { "www-authenticate": 'Basic realm="token", error="invalid_client"', "content-type": "application/json" });
            return res.end(JSON.stringify({ error: "invalid_client" }));
          }

          const entry = refreshTokens.get(form.get("refresh_token"));
          if (!entry || revoked.has(entry.grant)) return refuse(res, "invalid_grant");
          if (entry.used) {
            revoked.add(entry.grant); // reuse: the whole grant is over
            return refuse(res, "invalid_grant");
          }
          entry.used = true;
          // A slow issuer: the grant is checked, its answer comes later (a revocation meanwhile
          // does not stop it, as at a real issuer with the request already accepted).
          if (state.refreshMode === "slow") await new Promise((r) => setTimeout(r, state.refreshDelayMs));
          return issue(res, entry.grant);
        }
        return refuse(res, "unsupported_grant_type");
      }
      case "GET /userinfo": {
        counts.userinfo += 1;
        const grant = accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
        if (!grant || revoked.has(grant)) return json(res, 401, { error: "invalid_token" });
        return json(res, 200, { sub: subjects.get(grant) });
      }
      case "POST /revoke": {
        const client = clients.get(form.get("client_id"));
        if (!client || client.secret !== form.get("client_secret")) return refuse(res, "invalid_client");
        counts.revoke += 1;
        const grant = refreshTokens.get(form.get("token"))?.grant ?? accessTokens.get(form.get("token"));
        if (grant) revoked.add(grant);
        res.writeHead(200);
        return res.end();
      }
      default:
        return json(res, 404, { error: "not found" });
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    counts,
    /** True for an access token this issuer handed out (and not revoked). */
    issued: (access) => accessTokens.has(access) && !revoked.has(accessTokens.get(access)),
    /** Who signs in next (`sub`), and how refreshes are answered. */
    set user(sub) { state.user = sub; },
    set refreshMode(mode) { state.refreshMode = mode; },
    set discoveryMode(mode) { state.discoveryMode = mode; },
    set refreshDelayMs(ms) { state.refreshDelayMs = ms; },
    set accessTtlSeconds(s) { state.accessTtlSeconds = s; },
    get accessTtlSeconds() { return state.accessTtlSeconds; },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
