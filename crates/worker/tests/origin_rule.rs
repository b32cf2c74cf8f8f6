//! The one origin rule (issue 37): a page is let in by `ALLOWED_ORIGINS`, never by the request's
//! own `Host`; a loopback site's own pages are the one exception.

use magisterium_worker::app::{App, Route};
use serde_json::json;

use crate::common::proxy::{post, rejected, route, send_body, settings};

/// A page of `host` calling the Worker the way a DNS-rebinding page does: `Host` and `Origin`
/// both name the attacker's site (the entry reads the request's own origin from `Host`).
fn rebinding(path: &str, body: &str, host: &str) -> magisterium_core::serve::http::WorkerRequest {
    let mut request = post(body, &[("origin", host)]);
    request.path = path.into();
    request.origin = host.into();
    request
}

#[test]
fn a_dns_rebinding_page_is_refused_on_the_a2a_endpoint_and_mcp() {
    let send = send_body(
        "document_search",
        json!([{"kind": "text", "text": "grace"}]),
    );
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"}}})
    .to_string();
    for s in [settings(&[]), settings(&[("UPSTREAM_URL", "embedded")])] {
        for host in ["http://evil.example.com:8787", "https://evil.example.com"] {
            for (path, body) in [("/api/v1/a2a", &send), ("/mcp", &initialize)] {
                let (r, v) = rejected(&mut App::new(), &s, &rebinding(path, body, host));
                assert_eq!(r.status, 403, "{path} {host}: {v}");
                assert_eq!(r.header("access-control-allow-origin"), None);
            }
        }
    }
}

#[test]
fn a_loopback_sites_own_pages_and_listed_origins_are_let_in() {
    let send = send_body(
        "document_search",
        json!([{"kind": "text", "text": "grace"}]),
    );
    let s = settings(&[("UPSTREAM_URL", "embedded")]);
    for own in [
        "http://127.0.0.1:8787",
        "http://localhost:8787",
        "http://[::1]:8787",
    ] {
        let (r, v) = rejected(&mut App::new(), &s, &rebinding("/api/v1/a2a", &send, own));
        assert_eq!(r.status, 200, "{own}: {v}");
    }
    // An origin on ALLOWED_ORIGINS, whatever the Host.
    let mut listed = post(&send, &[("origin", "https://app.example")]);
    listed.origin = "https://evil.example.com".into();
    let (r, _) = rejected(&mut App::new(), &s, &listed);
    assert_eq!(r.status, 200);
    // A loopback page calling a Worker on another name is not its own.
    let mut other = rebinding("/api/v1/a2a", &send, "http://127.0.0.1:8787");
    other.origin = "http://localhost:8787".into();
    assert!(matches!(
        route(&mut App::new(), &s, &other),
        Route::Respond(r) if r.status == 403
    ));
}
