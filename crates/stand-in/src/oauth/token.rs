//! The token endpoint of the emulated authorization server: the code exchange with PKCE S256,
//! refresh rotation with reuse detection, and revocation of a grant family.

use base64::Engine;
use magisterium_core::ids::Random;
use magisterium_core::serve::http::WorkerResponse;
use serde_json::json;

use super::{
    form, oauth_error, s256, token, valid_verifier, AuthServer, Grant, CLIENT_IDLE_MS,
    REFRESH_TTL_MS,
};

impl AuthServer {
    /// The token endpoint (`application/x-www-form-urlencoded`).
    pub fn token(
        &mut self,
        body: &[u8],
        authorization: Option<&str>,
        random: &mut dyn Random,
        now_ms: f64,
        access_ttl_ms: f64,
    ) -> WorkerResponse {
        let f = form(body);
        let get = |k: &str| f.get(k).map(String::as_str).unwrap_or_default();
        let (client_id, secret) = match basic_credentials(authorization) {
            Some((id, secret)) => (id, Some(secret)),
            None => (get("client_id").to_owned(), f.get("client_secret").cloned()),
        };
        let Some(client) = self.clients.get(&client_id, now_ms) else {
            return oauth_error(401, "invalid_client", "unknown client");
        };
        if client.secret.is_some() && client.secret != secret {
            return oauth_error(401, "invalid_client", "bad client credentials");
        }
        self.clients.extend(&client_id, now_ms + CLIENT_IDLE_MS);
        match get("grant_type") {
            "authorization_code" => {
                let Some(code) = self.codes.get_mut(get("code"), now_ms) else {
                    return oauth_error(400, "invalid_grant", "unknown code");
                };
                if code.used {
                    // A replayed code: refuse it and revoke what it issued (RFC 6749 §4.1.2).
                    if let Some(family) = code.family.clone() {
                        self.revoke(&family);
                    }
                    return oauth_error(400, "invalid_grant", "the code was already used");
                }
                if code.client_id != client_id || code.redirect_uri != get("redirect_uri") {
                    return oauth_error(
                        400,
                        "invalid_grant",
                        "the code does not match this client and redirect_uri",
                    );
                }
                let verifier = get("code_verifier");
                if !valid_verifier(verifier) || s256(verifier) != code.challenge {
                    return oauth_error(400, "invalid_grant", "PKCE verification failed");
                }
                code.used = true;
                let family = format!("fam_{}", token(random));
                code.family = Some(family.clone());
                self.issue(&family, &client_id, random, now_ms, access_ttl_ms)
            }
            "refresh_token" => {
                let presented = get("refresh_token").to_owned();
                let Some(grant) = self.refresh.get_mut(&presented, now_ms) else {
                    return oauth_error(400, "invalid_grant", "unknown or revoked refresh token");
                };
                if grant.client_id != client_id {
                    return oauth_error(400, "invalid_grant", "the refresh token was revoked");
                }
                if grant.used {
                    // Reuse of a rotated refresh token: revoke the whole family (RFC 9700 §4.14).
                    let family = grant.family.clone();
                    self.revoke(&family);
                    return oauth_error(
                        400,
                        "invalid_grant",
                        "refresh token reuse detected; the grant is revoked",
                    );
                }
                grant.used = true;
                let family = grant.family.clone();
                self.issue(&family, &client_id, random, now_ms, access_ttl_ms)
            }
            _ => oauth_error(
                400,
                "unsupported_grant_type",
                "authorization_code or refresh_token",
            ),
        }
    }

    fn issue(
        &mut self,
        family: &str,
        client_id: &str,
        random: &mut dyn Random,
        now_ms: f64,
        access_ttl_ms: f64,
    ) -> WorkerResponse {
        let access = format!("at_{}", token(random));
        let refresh = format!("rt_{}", token(random));
        let grant = Grant {
            family: family.to_owned(),
            client_id: client_id.to_owned(),
            used: false,
        };
        let access_until = now_ms + access_ttl_ms;
        self.access
            .insert(access.clone(), grant.clone(), access_until, now_ms);
        let refresh_until = now_ms + REFRESH_TTL_MS;
        self.refresh
            .insert(refresh.clone(), grant, refresh_until, now_ms);
        WorkerResponse::json(
            200,
            &json!({
                "access_token": access,
                "token_type": "Bearer",
                "expires_in": (access_ttl_ms / 1000.0).round() as u64,
                "refresh_token": refresh,
                "scope": "a2a",
            }),
        )
        .with_header("cache-control", "no-store")
        .with_header("pragma", "no-cache")
    }

    /// Revokes a grant family: its access and refresh tokens are dropped, so nothing of it is
    /// accepted or refreshed again.
    fn revoke(&mut self, family: &str) {
        self.access.remove_where(|g| g.family == family);
        self.refresh.remove_where(|g| g.family == family);
    }
}

fn basic_credentials(authorization: Option<&str>) -> Option<(String, String)> {
    let value = authorization?.trim();
    let (scheme, encoded) = value.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let (id, secret) = text.split_once(':')?;
    let unescape = |s: &str| {
        form_urlencoded::parse(format!("x={s}").as_bytes())
            .next()
            .map(|(_, v)| v.into_owned())
    };
    Some((unescape(id)?, unescape(secret)?))
}
