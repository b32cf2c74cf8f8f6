//! The stand-in's emulated authorization server natively: discovery, dynamic registration, the
//! code flow with PKCE S256, refresh rotation with reuse detection, and the agent accepting only
//! the access tokens it issued.

use crate::common;

use common::worker::Harness;
use magisterium_stand_in::oauth::s256;
use serde_json::{json, Value};

const REDIRECT: &str = "http://127.0.0.1:8787/auth/callback";
const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk-verifier";

fn body(r: &magisterium_core::serve::http::WorkerResponse) -> Value {
    serde_json::from_str(&r.body).unwrap()
}

fn form(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{k}={}", v.replace(':', "%3A").replace('/', "%2F")))
        .collect::<Vec<_>>()
        .join("&")
}

/// Registers a client and runs the code flow; returns (client_id, secret, token answer).
fn sign_in(h: &mut Harness) -> (String, String, Value) {
    let reg = h.request(
        "POST",
        "/oauth/register",
        &[],
        &json!({"redirect_uris": [REDIRECT], "client_name": "bff"}).to_string(),
    );
    assert_eq!(reg.status, 201);
    let reg = body(&reg);
    let (id, secret) = (
        reg["client_id"].as_str().unwrap().to_owned(),
        reg["client_secret"].as_str().unwrap().to_owned(),
    );
    let code = authorize(h, &id, &s256(VERIFIER));
    let tok = h.request(
        "POST",
        "/oauth/token",
        &[],
        &form(&[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", REDIRECT),
            ("client_id", &id),
            ("client_secret", &secret),
            ("code_verifier", VERIFIER),
        ]),
    );
    assert_eq!(tok.status, 200, "{}", tok.body);
    (id, secret, body(&tok))
}

fn authorize(h: &mut Harness, client_id: &str, challenge: &str) -> String {
    let q = form(&[
        ("response_type", "code"),
        ("client_id", client_id),
        ("redirect_uri", REDIRECT),
        ("state", "st-1"),
        ("code_challenge", challenge),
        ("code_challenge_method", "S256"),
    ]);
    let r = h.request("GET", &format!("/oauth/authorize?{q}"), &[], "");
    assert_eq!(r.status, 302, "{}", r.body);
    let location = r.header("location").unwrap();
    assert!(location.starts_with(&format!("{REDIRECT}?")));
    assert!(location.contains("state=st-1"));
    location
        .split("code=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap()
        .to_owned()
}

fn a2a(h: &mut Harness, token: Option<&str>) -> u16 {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("authorization", a.as_str())).collect();
    let call = json!({"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": {"role": "user", "kind": "message", "messageId": "m", "parts": [{"kind": "text", "text": "Leo XIV"}], "metadata": {"skillId": "pope_lookup"}}}});
    h.rpc(call, &headers).0.status
}

#[test]
fn discovery_metadata() {
    let mut h = Harness::new(&[]);
    let r = h.request("GET", "/.well-known/oauth-authorization-server", &[], "");
    let m = body(&r);
    assert_eq!(m["issuer"], "http://127.0.0.1:8787");
    assert_eq!(m["token_endpoint"], "http://127.0.0.1:8787/oauth/token");
    assert_eq!(m["code_challenge_methods_supported"], json!(["S256"]));
    assert!(m["registration_endpoint"].is_string());
}

#[test]
fn registration_checks_redirect_uris() {
    let mut h = Harness::new(&[]);
    for bad in [
        json!({}),
        json!({"redirect_uris": ["http://evil.example/cb"]}),
        json!({"redirect_uris": ["https://ok.example/cb#frag"]}),
    ] {
        assert_eq!(
            h.request("POST", "/oauth/register", &[], &bad.to_string())
                .status,
            400,
            "{bad}"
        );
    }
    assert_eq!(
        h.request("POST", "/oauth/register", &[], "not json").status,
        400
    );
}

#[test]
fn the_code_flow_with_pkce_and_the_agent_accepting_only_issued_tokens() {
    let mut h = Harness::new(&[("AGENT_OAUTH", "on"), ("AGENT_TOKEN_TTL_SECONDS", "60")]);
    assert_eq!(a2a(&mut h, None), 401);
    assert_eq!(a2a(&mut h, Some("made-up")), 401);
    let (_, _, tok) = sign_in(&mut h);
    assert_eq!(tok["token_type"], "Bearer");
    assert_eq!(tok["expires_in"], 60);
    let access = tok["access_token"].as_str().unwrap().to_owned();
    assert_eq!(a2a(&mut h, Some(&access)), 200);
    h.now += 61_000.0;
    assert_eq!(a2a(&mut h, Some(&access)), 401, "expired");
}

#[test]
fn pkce_mismatch_unregistered_redirects_and_replayed_codes_are_refused() {
    let mut h = Harness::new(&[("AGENT_OAUTH", "on")]);
    let reg = body(&h.request(
        "POST",
        "/oauth/register",
        &[],
        &json!({"redirect_uris": [REDIRECT]}).to_string(),
    ));
    let (id, secret) = (
        reg["client_id"].as_str().unwrap().to_owned(),
        reg["client_secret"].as_str().unwrap().to_owned(),
    );
    // An unregistered redirect URI is never redirected to.
    let q = form(&[
        ("response_type", "code"),
        ("client_id", &id),
        ("redirect_uri", "http://127.0.0.1:9999/steal"),
        ("state", "s"),
        ("code_challenge", &s256(VERIFIER)),
        ("code_challenge_method", "S256"),
    ]);
    let r = h.request("GET", &format!("/oauth/authorize?{q}"), &[], "");
    assert_eq!((r.status, r.header("location")), (400, None));
    // Wrong verifier.
    let code = authorize(&mut h, &id, &s256(VERIFIER));
    let wrong = "x".repeat(50);
    let r = h.request(
        "POST",
        "/oauth/token",
        &[],
        &form(&[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", REDIRECT),
            ("client_id", &id),
            ("client_secret", &secret),
            ("code_verifier", &wrong),
        ]),
    );
    assert_eq!(
        (r.status, body(&r)["error"].as_str()),
        (400, Some("invalid_grant"))
    );
    // A good exchange, then the same code again: refused, and what it issued is revoked.
    let code = authorize(&mut h, &id, &s256(VERIFIER));
    let exchange = form(&[
        ("grant_type", "authorization_code"),
        ("code", &code),
        ("redirect_uri", REDIRECT),
        ("client_id", &id),
        ("client_secret", &secret),
        ("code_verifier", VERIFIER),
    ]);
    let first = h.request("POST", "/oauth/token", &[], &exchange);
    assert_eq!(first.status, 200);
    let access = body(&first)["access_token"].as_str().unwrap().to_owned();
    let replay = h.request("POST", "/oauth/token", &[], &exchange);
    assert_eq!(
        (replay.status, body(&replay)["error"].as_str()),
        (400, Some("invalid_grant"))
    );
    assert_eq!(
        a2a(&mut h, Some(&access)),
        401,
        "tokens of a replayed code are revoked"
    );
    // Bad client secret.
    let r = h.request(
        "POST",
        "/oauth/token",
        &[],
        &form(&[
            ("grant_type", "refresh_token"),
            ("refresh_token", "x"),
            ("client_id", &id),
            ("client_secret", "wrong"),
        ]),
    );
    assert_eq!(r.status, 401);
}

#[test]
fn refresh_rotates_and_reuse_revokes_the_grant() {
    let mut h = Harness::new(&[("AGENT_OAUTH", "on")]);
    let (id, secret, tok) = sign_in(&mut h);
    let refresh = tok["refresh_token"].as_str().unwrap().to_owned();
    let grant = |rt: &str| {
        form(&[
            ("grant_type", "refresh_token"),
            ("refresh_token", rt),
            ("client_id", &id),
            ("client_secret", &secret),
        ])
    };
    let second = h.request("POST", "/oauth/token", &[], &grant(&refresh));
    assert_eq!(second.status, 200);
    let second = body(&second);
    assert_ne!(second["refresh_token"], tok["refresh_token"], "rotated");
    let new_access = second["access_token"].as_str().unwrap().to_owned();
    assert_eq!(a2a(&mut h, Some(&new_access)), 200);
    // The old refresh token again: reuse detected, the whole grant revoked.
    let reuse = h.request("POST", "/oauth/token", &[], &grant(&refresh));
    assert_eq!(
        (reuse.status, body(&reuse)["error"].as_str()),
        (400, Some("invalid_grant"))
    );
    assert_eq!(a2a(&mut h, Some(&new_access)), 401);
    let next = h.request(
        "POST",
        "/oauth/token",
        &[],
        &grant(second["refresh_token"].as_str().unwrap()),
    );
    assert_eq!(
        next.status, 400,
        "the newest refresh token of a revoked grant is dead too"
    );
}
