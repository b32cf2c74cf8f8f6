//! The stand-in's emulated authorization server (RFC 8414 metadata, RFC 7591 dynamic registration,
//! an auto-approving authorization endpoint, the token endpoint with PKCE S256 (RFC 7636), expiring
//! access tokens and rotating refresh tokens with reuse detection). In memory, per isolate.

use std::collections::HashMap;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use magisterium_core::ids::Random;
use magisterium_core::serve::http::WorkerResponse;

/// Paths of the authorization server.
pub mod path {
    /// RFC 8414 metadata.
    pub const METADATA: &str = "/.well-known/oauth-authorization-server";
    /// RFC 7591 registration.
    pub const REGISTER: &str = "/oauth/register";
    /// Authorization endpoint (auto-approves).
    pub const AUTHORIZE: &str = "/oauth/authorize";
    /// Token endpoint.
    pub const TOKEN: &str = "/oauth/token";
}

/// How long an authorization code is valid.
pub const CODE_TTL_MS: f64 = 60_000.0;
/// Default access token lifetime.
pub const DEFAULT_ACCESS_TTL_MS: f64 = 3_600_000.0;
/// The most registered clients held.
pub const MAX_CLIENTS: usize = 1_000;
/// The most authorization codes held.
pub const MAX_CODES: usize = 5_000;
/// The most access tokens held, and the most refresh tokens.
pub const MAX_TOKENS: usize = 5_000;

/// How many entries the server holds, map by map (for memory checks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Held {
    /// Registered clients.
    pub clients: usize,
    /// Authorization codes.
    pub codes: usize,
    /// Access tokens.
    pub access: usize,
    /// Refresh tokens.
    pub refresh: usize,
}

#[derive(Debug, Clone)]
struct Client {
    secret: Option<String>,
    redirect_uris: Vec<String>,
}

#[derive(Debug, Clone)]
struct Code {
    client_id: String,
    redirect_uri: String,
    challenge: String,
    expires_ms: f64,
    used: bool,
    /// The grant family issued from this code (to revoke it on replay).
    family: Option<String>,
}

#[derive(Debug, Clone)]
struct Grant {
    family: String,
    client_id: String,
    expires_ms: f64,
    used: bool,
}

/// The emulated authorization server's state.
#[derive(Debug, Default)]
pub struct AuthServer {
    clients: HashMap<String, Client>,
    codes: HashMap<String, Code>,
    access: HashMap<String, Grant>,
    refresh: HashMap<String, Grant>,
    revoked: std::collections::HashSet<String>,
}

fn token(random: &mut dyn Random) -> String {
    let mut b = [0u8; 32];
    random.fill(&mut b);
    URL_SAFE_NO_PAD.encode(b)
}

fn oauth_error(status: u16, error: &str, description: &str) -> WorkerResponse {
    WorkerResponse::json(
        status,
        &json!({ "error": error, "error_description": description }),
    )
    .with_header("cache-control", "no-store")
}

/// `base64url(SHA-256(verifier))`, the S256 code challenge of RFC 7636.
pub fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

fn valid_verifier(v: &str) -> bool {
    (43..=128).contains(&v.len())
        && v.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

/// Redirect URIs allowed at registration: https, or http on a loopback host; no fragment.
fn valid_redirect(uri: &str) -> bool {
    let loopback = [
        "http://127.0.0.1:",
        "http://127.0.0.1/",
        "http://localhost:",
        "http://localhost/",
        "http://[::1]:",
    ];
    (uri.starts_with("https://") || loopback.iter().any(|p| uri.starts_with(p)))
        && !uri.contains('#')
}

fn form(body: &[u8]) -> HashMap<String, String> {
    form_urlencoded::parse(body).into_owned().collect()
}

impl AuthServer {
    /// RFC 8414 metadata for the server at `origin` (its issuer).
    pub fn metadata(origin: &str) -> WorkerResponse {
        WorkerResponse::json(
            200,
            &json!({
                "issuer": origin,
                "authorization_endpoint": format!("{origin}{}", path::AUTHORIZE),
                "token_endpoint": format!("{origin}{}", path::TOKEN),
                "registration_endpoint": format!("{origin}{}", path::REGISTER),
                "response_types_supported": ["code"],
                "grant_types_supported": ["authorization_code", "refresh_token"],
                "code_challenge_methods_supported": ["S256"],
                "token_endpoint_auth_methods_supported": ["client_secret_post", "client_secret_basic", "none"],
                "scopes_supported": ["a2a"],
            }),
        )
        .with_header("cache-control", "public, max-age=3600")
    }

    /// RFC 7591 dynamic registration.
    pub fn register(
        &mut self,
        body: &[u8],
        random: &mut dyn Random,
        _now_ms: f64,
    ) -> WorkerResponse {
        let Ok(meta) = serde_json::from_slice::<Value>(body) else {
            return oauth_error(400, "invalid_client_metadata", "the body is not JSON");
        };
        let uris: Vec<String> = meta
            .get("redirect_uris")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        if uris.is_empty() || !uris.iter().all(|u| valid_redirect(u)) {
            return oauth_error(
                400,
                "invalid_redirect_uri",
                "redirect_uris must be https or loopback http URLs",
            );
        }
        let method = meta
            .get("token_endpoint_auth_method")
            .and_then(Value::as_str)
            .unwrap_or("client_secret_basic");
        let secret = (method != "none").then(|| token(random));
        let client_id = format!("client_{}", token(random));
        self.clients.insert(
            client_id.clone(),
            Client {
                secret: secret.clone(),
                redirect_uris: uris.clone(),
            },
        );
        let mut out = json!({
            "client_id": client_id,
            "redirect_uris": uris,
            "token_endpoint_auth_method": method,
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
            "client_name": meta.get("client_name").cloned().unwrap_or(Value::Null),
        });
        if let (Some(secret), Some(obj)) = (secret, out.as_object_mut()) {
            obj.insert("client_secret".into(), Value::String(secret));
            obj.insert("client_secret_expires_at".into(), Value::from(0));
        }
        WorkerResponse::json(201, &out).with_header("cache-control", "no-store")
    }

    /// The authorization endpoint: checks the client and redirect URI (exact match), then approves
    /// at once and redirects back with a code and the caller's `state`.
    pub fn authorize(
        &mut self,
        query: &str,
        random: &mut dyn Random,
        now_ms: f64,
    ) -> WorkerResponse {
        let q = form(query.as_bytes());
        let get = |k: &str| q.get(k).map(String::as_str).unwrap_or_default();
        let Some(client) = self.clients.get(get("client_id")) else {
            return oauth_error(400, "invalid_client", "unknown client_id");
        };
        let redirect = get("redirect_uri");
        if !client.redirect_uris.iter().any(|u| u == redirect) {
            // Never redirect to an unregistered URI.
            return oauth_error(
                400,
                "invalid_request",
                "redirect_uri is not registered for this client",
            );
        }
        let back = |params: &[(&str, &str)]| {
            let mut url = String::from(redirect);
            url.push(if redirect.contains('?') { '&' } else { '?' });
            url.push_str(
                &form_urlencoded::Serializer::new(String::new())
                    .extend_pairs(params)
                    .finish(),
            );
            WorkerResponse {
                status: 302,
                headers: vec![
                    ("location".into(), url),
                    ("cache-control".into(), "no-store".into()),
                ],
                body: String::new(),
            }
        };
        let state = get("state");
        if get("response_type") != "code" {
            return back(&[("error", "unsupported_response_type"), ("state", state)]);
        }
        if get("code_challenge_method") != "S256" || get("code_challenge").len() != 43 {
            return back(&[
                ("error", "invalid_request"),
                ("error_description", "PKCE S256 is required"),
                ("state", state),
            ]);
        }
        let code = token(random);
        self.codes.insert(
            code.clone(),
            Code {
                client_id: get("client_id").to_owned(),
                redirect_uri: redirect.to_owned(),
                challenge: get("code_challenge").to_owned(),
                expires_ms: now_ms + CODE_TTL_MS,
                used: false,
                family: None,
            },
        );
        back(&[("code", &code), ("state", state)])
    }

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
        let Some(client) = self.clients.get(&client_id) else {
            return oauth_error(401, "invalid_client", "unknown client");
        };
        if client.secret.is_some() && client.secret != secret {
            return oauth_error(401, "invalid_client", "bad client credentials");
        }
        match get("grant_type") {
            "authorization_code" => {
                let Some(code) = self.codes.get_mut(get("code")) else {
                    return oauth_error(400, "invalid_grant", "unknown code");
                };
                if code.used {
                    // A replayed code: refuse it and revoke what it issued (RFC 6749 §4.1.2).
                    if let Some(family) = code.family.clone() {
                        self.revoked.insert(family);
                    }
                    return oauth_error(400, "invalid_grant", "the code was already used");
                }
                if code.expires_ms < now_ms
                    || code.client_id != client_id
                    || code.redirect_uri != get("redirect_uri")
                {
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
                let Some(grant) = self.refresh.get_mut(&presented) else {
                    return oauth_error(400, "invalid_grant", "unknown refresh token");
                };
                if grant.client_id != client_id || self.revoked.contains(&grant.family) {
                    return oauth_error(400, "invalid_grant", "the refresh token was revoked");
                }
                if grant.used {
                    // Reuse of a rotated refresh token: revoke the whole family (RFC 9700 §4.14).
                    let family = grant.family.clone();
                    self.revoked.insert(family);
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
            expires_ms: now_ms + access_ttl_ms,
            used: false,
        };
        self.access.insert(access.clone(), grant.clone());
        self.refresh.insert(
            refresh.clone(),
            Grant {
                expires_ms: f64::INFINITY,
                ..grant
            },
        );
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

    /// How many entries it holds.
    pub fn held(&self) -> Held {
        Held {
            clients: self.clients.len(),
            codes: self.codes.len(),
            access: self.access.len(),
            refresh: self.refresh.len(),
        }
    }

    /// The subject (grant family) of a valid access token: issued here, unexpired, not revoked.
    pub fn subject(&self, access_token: &str, now_ms: f64) -> Option<&str> {
        self.access
            .get(access_token)
            .filter(|g| g.expires_ms > now_ms && !self.revoked.contains(&g.family))
            .map(|g| g.family.as_str())
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
