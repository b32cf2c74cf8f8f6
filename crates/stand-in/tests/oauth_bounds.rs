//! The demo's embedded issuer holds a bounded amount: a flood of registrations, authorizations
//! and sign-ins stays within its caps, expired entries go first, and a live sign-in (and the
//! client in use) outlasts the flood.

use magisterium_core::ids::SeededRandom;
use magisterium_stand_in::oauth::{s256, AuthServer, MAX_CLIENTS, MAX_CODES, MAX_TOKENS};
use serde_json::{json, Value};

const REDIRECT: &str = "https://demo.example/auth/callback";
const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk-verifier";
const HOUR_MS: f64 = 3_600_000.0;

fn json_of(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or(Value::Null)
}

/// A public client (no secret), registered at `now`.
fn register(server: &mut AuthServer, random: &mut SeededRandom, now: f64) -> String {
    let meta = json!({"redirect_uris": [REDIRECT], "token_endpoint_auth_method": "none"});
    let r = server.register(meta.to_string().as_bytes(), random, now);
    assert_eq!(r.status, 201, "{}", r.body);
    json_of(&r.body)["client_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// An authorization code for `client` at `now`, or `None` when refused.
fn authorize(
    server: &mut AuthServer,
    random: &mut SeededRandom,
    client: &str,
    now: f64,
) -> Option<String> {
    let query = form_urlencoded::Serializer::new(String::new())
        .extend_pairs([
            ("response_type", "code"),
            ("client_id", client),
            ("redirect_uri", REDIRECT),
            ("code_challenge", &s256(VERIFIER)),
            ("code_challenge_method", "S256"),
            ("state", "s"),
        ])
        .finish();
    let r = server.authorize(&query, random, now);
    let location = r.header("location")?;
    let (_, query) = location.split_once('?')?;
    form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "code")
        .map(|(_, v)| v.into_owned())
}

/// A sign-in of `client` at `now` whose access token lives `ttl_ms`: its access token.
fn sign_in(
    server: &mut AuthServer,
    random: &mut SeededRandom,
    client: &str,
    now: f64,
    ttl_ms: f64,
) -> String {
    let code = authorize(server, random, client, now).unwrap_or_default();
    let body = form_urlencoded::Serializer::new(String::new())
        .extend_pairs([
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", REDIRECT),
            ("client_id", client),
            ("code_verifier", VERIFIER),
        ])
        .finish();
    let r = server.token(body.as_bytes(), None, random, now, ttl_ms);
    assert_eq!(r.status, 200, "{}", r.body);
    json_of(&r.body)["access_token"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn a_flood_of_registrations_and_codes_stays_within_the_issuers_caps() {
    let mut server = AuthServer::default();
    let mut random = SeededRandom(7);
    let mut last = String::new();
    for i in 0..MAX_CLIENTS + 200 {
        last = register(&mut server, &mut random, f64::from(i as u32));
    }
    for i in 0..MAX_CODES + 500 {
        let code = authorize(
            &mut server,
            &mut random,
            &last,
            10_000.0 + f64::from(i as u32),
        );
        assert!(code.is_some(), "the newest client still authorizes");
    }
    let held = server.held();
    assert!(held.clients <= MAX_CLIENTS, "{held:?}");
    assert!(held.codes <= MAX_CODES, "{held:?}");
}

#[test]
fn a_flood_of_sign_ins_stays_within_the_caps_and_spares_a_live_session() {
    let mut server = AuthServer::default();
    let mut random = SeededRandom(11);
    let client = register(&mut server, &mut random, 0.0);
    let live = sign_in(&mut server, &mut random, &client, 0.0, HOUR_MS);
    // Sign-ins whose tokens live a second, then more once those have expired.
    for i in 0..MAX_TOKENS + 300 {
        let now = 1.0 + f64::from(i as u32) * 0.001;
        sign_in(&mut server, &mut random, &client, now, 1_000.0);
    }
    let later = 10_000.0;
    for _ in 0..300 {
        sign_in(&mut server, &mut random, &client, later, 1_000.0);
    }
    let held = server.held();
    assert!(held.access <= MAX_TOKENS, "{held:?}");
    assert!(held.refresh <= MAX_TOKENS, "{held:?}");
    assert!(held.codes <= MAX_CODES, "{held:?}");
    assert!(
        server.subject(&live, later).is_some(),
        "the live session outlasts shorter-lived tokens"
    );
}

#[test]
fn the_client_in_use_outlasts_a_flood_of_registrations() {
    let mut server = AuthServer::default();
    let mut random = SeededRandom(3);
    let used = register(&mut server, &mut random, 0.0);
    for i in 0..MAX_CLIENTS * 2 {
        let now = 1.0 + f64::from(i as u32);
        register(&mut server, &mut random, now);
        if i % 100 == 0 {
            assert!(authorize(&mut server, &mut random, &used, now).is_some());
        }
    }
    assert!(server.held().clients <= MAX_CLIENTS);
    assert!(authorize(&mut server, &mut random, &used, 1e6).is_some());
}

#[test]
fn expired_entries_are_not_held() {
    let mut server = AuthServer::default();
    let mut random = SeededRandom(5);
    let client = register(&mut server, &mut random, 0.0);
    for _ in 0..50 {
        sign_in(&mut server, &mut random, &client, 0.0, 1_000.0);
        authorize(&mut server, &mut random, &client, 0.0);
    }
    // Long after every code and access token expired, one more sign-in sweeps them.
    let later = 40.0 * 86_400_000.0;
    let client = register(&mut server, &mut random, later);
    sign_in(&mut server, &mut random, &client, later, 1_000.0);
    let held = server.held();
    assert_eq!(
        (held.codes, held.access, held.refresh),
        (1, 1, 1),
        "{held:?}"
    );
}
