//! The proxy's configuration natively: a missing token or upstream is a configuration error (never
//! the stand-in), and `LOG_REQUESTS` picks which calls are logged.

use crate::common;

use common::proxy::{planned, post, route, send_body, settings, UPSTREAM};
use magisterium_core::serve::http::WorkerRequest;
use magisterium_worker::app::{App, Route};
use magisterium_worker::settings::{LogRequests, Settings};
use serde_json::{json, Value};
use std::collections::HashMap;

/// The answer of a misconfigured deployment: HTTP 503, JSON-RPC -32603 naming `setting`.
fn assert_misconfigured(route: Route, setting: &str) {
    let Route::Misconfigured(named, r) = route else {
        panic!("not a configuration error: {route:?}")
    };
    assert_eq!(named, setting);
    assert_eq!(r.status, 503);
    assert_ne!(r.header("x-magisterium-agent"), Some("embedded-stand-in"));
    let body: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(body["error"]["code"], -32603);
    assert_eq!(body["error"]["data"]["setting"], setting);
    let message = body["error"]["message"].as_str().unwrap();
    assert!(message.contains(setting), "{message}");
}

#[test]
fn a_missing_operator_token_is_a_configuration_error_never_the_stand_in() {
    let no_token =
        Settings::from_vars(|name| (name == "UPSTREAM_URL").then(|| UPSTREAM.to_owned()));
    let body = send_body(
        "document_search",
        json!([{"kind": "text", "text": "grace"}]),
    );
    let anonymous = post(&body, &[]);
    assert_misconfigured(
        route(&mut App::new(), &no_token, &anonymous),
        "MAGISTERIUM_TOKEN",
    );
    // A signed-in visitor's call carries its own token: forwarded.
    let signed_in = WorkerRequest {
        account: Some("s1".into()),
        ..post(&body, &[])
    };
    assert_eq!(
        planned(&mut App::new(), &no_token, &signed_in).upstream_url,
        UPSTREAM
    );
    // The card needs no token: still the upstream's.
    let mut get = post("", &[]);
    get.method = "GET".into();
    get.path = "/.well-known/agent.json".into();
    assert!(matches!(
        route(&mut App::new(), &no_token, &get),
        Route::FetchCard(_)
    ));
}

/// The proxy alone (no embedded agent): without an upstream URL every call is a configuration
/// error naming `UPSTREAM_URL`, in every build.
#[test]
fn the_proxy_alone_without_an_upstream_is_a_configuration_error() {
    for upstream in [None, Some("embedded"), Some("")] {
        let mut vars: HashMap<String, String> =
            [("MAGISTERIUM_TOKEN".to_owned(), "t".to_owned())].into();
        if let Some(u) = upstream {
            vars.insert("UPSTREAM_URL".into(), u.into());
        }
        let s = Settings::from_vars(|name| vars.get(name).cloned());
        let body = send_body(
            "document_search",
            json!([{"kind": "text", "text": "grace"}]),
        );
        assert_misconfigured(
            route(&mut App::proxy_only(), &s, &post(&body, &[])),
            "UPSTREAM_URL",
        );
        let mut get = post("", &[]);
        get.method = "GET".into();
        get.path = "/.well-known/agent.json".into();
        assert_misconfigured(route(&mut App::proxy_only(), &s, &get), "UPSTREAM_URL");
    }
}

#[test]
fn log_requests_setting_defaults_to_errors() {
    assert_eq!(settings(&[]).log_requests, LogRequests::Errors);
    for (value, expected) in [
        ("all", LogRequests::All),
        (" ALL ", LogRequests::All),
        ("errors", LogRequests::Errors),
        ("off", LogRequests::Off),
        ("Off", LogRequests::Off),
        // A typo never silences the errors.
        ("none", LogRequests::Errors),
        ("", LogRequests::Errors),
    ] {
        assert_eq!(
            settings(&[("LOG_REQUESTS", value)]).log_requests,
            expected,
            "{value:?}"
        );
    }
    // errors: refusals, upstream failures, JSON-RPC errors in any status; never a plain success.
    let errors = LogRequests::Errors;
    assert!(!errors.wants(200, false));
    assert!(!errors.wants(204, false));
    for status in [400, 401, 403, 405, 413, 429, 500, 502, 504] {
        assert!(errors.wants(status, false), "{status}");
    }
    assert!(errors.wants(200, true), "a JSON-RPC error in an HTTP 200");
    assert!(LogRequests::All.wants(200, false));
    assert!(!LogRequests::Off.wants(502, true));
}

#[test]
fn an_upstream_timeout_longer_than_a_timer_holds_keeps_the_default() {
    let budget = |value: &str| settings(&[("UPSTREAM_TIMEOUT_MS", value)]).upstream_timeout_ms;
    assert_eq!(budget("2147483647"), Some(2_147_483_647));
    // A longer timer would fire at once and end every call as a timeout.
    assert_eq!(budget("2147483648"), None);
    assert_eq!(budget("0"), None);
}

#[test]
fn an_mcp_access_token_lives_an_hour_unless_set_and_never_under_a_minute() {
    let ttl = |value: &str| settings(&[("MCP_TOKEN_TTL_SECONDS", value)]).mcp_token_ttl_secs;
    assert_eq!(settings(&[]).mcp_token_ttl_secs, 3600);
    assert_eq!(ttl("600"), 600);
    // The authorization server's store keeps nothing shorter than a minute.
    assert_eq!(ttl("5"), 60);
    assert_eq!(ttl("soon"), 3600);
}

#[test]
fn answers_through_a_door_are_read_up_to_the_doors_own_cap() {
    let send = send_body(
        "document_fetch",
        json!([{"kind": "data", "data": {"id": "12345"}}]),
    );
    let v1 = json!({"jsonrpc": "2.0", "id": 7, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "m-1", "parts": [{"data": {"id": "12345"}}],
        "metadata": {"skillId": "document_fetch"}}}})
    .to_string();
    let call = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "document_fetch", "arguments": {"id": "12345"}}})
    .to_string();
    let mut mcp = post(&call, &[("mcp-protocol-version", "2025-06-18")]);
    mcp.path = "/mcp".into();
    for (vars, plain, door) in [
        // The defaults: 16 MiB on A2A 0.2.6, 8 MiB through a door (it holds an answer 2–4 times).
        (vec![], 16 << 20, 8 << 20),
        (vec![("MAX_DOOR_BYTES", "1000")], 16 << 20, 1000),
        // A door never reads more than the endpoint itself.
        (vec![("MAX_UPSTREAM_BYTES", "5000")], 5000, 5000),
    ] {
        let s = settings(&vars);
        let mut app = App::new();
        assert_eq!(
            planned(&mut app, &s, &post(&send, &[])).max_upstream_bytes,
            plain
        );
        let through_v1 = planned(&mut app, &s, &post(&v1, &[("a2a-version", "1.0")]));
        assert_eq!(through_v1.max_upstream_bytes, door, "{vars:?}");
        assert_eq!(
            planned(&mut app, &s, &mcp).max_upstream_bytes,
            door,
            "{vars:?}"
        );
    }
}
