//! The stand-in's emulated authorization server (RFC 8414 metadata, RFC 7591 dynamic registration,
//! an auto-approving authorization endpoint, the token endpoint with PKCE S256 (RFC 7636), expiring
//! access tokens and rotating refresh tokens with reuse detection). In memory, per isolate, and
//! bounded: every map has a cap and its entries expire ([`MAX_CLIENTS`], [`MAX_CODES`],
//! [`MAX_TOKENS`]; a client [`CLIENT_IDLE_MS`] after its last use, a refresh token
//! [`REFRESH_TTL_MS`] after it was issued), so a flood of requests cannot grow the isolate.

mod bounded;
mod token;

use std::collections::HashMap;

use bounded::Bounded;

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
/// A registered client unused this long is forgotten.
pub const CLIENT_IDLE_MS: f64 = 30.0 * 86_400_000.0;
/// A refresh token's life.
pub const REFRESH_TTL_MS: f64 = 30.0 * 86_400_000.0;
/// The most registered clients held (past it, the least recently used go first).
pub const MAX_CLIENTS: usize = 1_000;
/// The most authorization codes held (past it, those expiring soonest go first).
pub const MAX_CODES: usize = 5_000;
/// The most access tokens held, and the most refresh tokens (past it, those expiring soonest
/// go first).
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
    used: bool,
    /// The grant family issued from this code (to revoke it on replay).
    family: Option<String>,
}

#[derive(Debug, Clone)]
struct Grant {
    family: String,
    client_id: String,
    used: bool,
}

/// The emulated authorization server's state.
#[derive(Debug)]
pub struct AuthServer {
    clients: Bounded<Client>,
    codes: Bounded<Code>,
    access: Bounded<Grant>,
    refresh: Bounded<Grant>,
}

impl Default for AuthServer {
    fn default() -> Self {
        Self {
            clients: Bounded::new(MAX_CLIENTS),
            codes: Bounded::new(MAX_CODES),
            access: Bounded::new(MAX_TOKENS),
            refresh: Bounded::new(MAX_TOKENS),
        }
    }
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
        now_ms: f64,
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
        let client = Client {
            secret: secret.clone(),
            redirect_uris: uris.clone(),
        };
        self.clients
            .insert(client_id.clone(), client, now_ms + CLIENT_IDLE_MS, now_ms);
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
        let Some(client) = self.clients.get(get("client_id"), now_ms) else {
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
        let issued = Code {
            client_id: get("client_id").to_owned(),
            redirect_uri: redirect.to_owned(),
            challenge: get("code_challenge").to_owned(),
            used: false,
            family: None,
        };
        self.codes
            .insert(code.clone(), issued, now_ms + CODE_TTL_MS, now_ms);
        self.clients
            .extend(get("client_id"), now_ms + CLIENT_IDLE_MS);
        back(&[("code", &code), ("state", state)])
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
            .get(access_token, now_ms)
            .map(|g| g.family.as_str())
    }
}
