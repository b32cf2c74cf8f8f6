//! The proxy policy natively, requests: every rule refuses before any upstream call, accepted calls
//! are planned with the fixed upstream, per-client limits, the CORS allowlist.

use crate::common;

use common::proxy::{
    planned, planned_search, post, rejected, route, send_body, settings, UPSTREAM,
};
use magisterium_core::ids::SeededRandom;
use magisterium_core::serve::http::WorkerRequest;
use magisterium_worker::app::{App, Route};
use magisterium_worker::upstream::UpstreamOutcome;
use serde_json::json;

#[test]
fn valid_calls_are_forwarded_to_the_configured_upstream_only() {
    let s = settings(&[]);
    let mut app = App::new();
    let plan = planned(
        &mut app,
        &s,
        &post(
            &send_body("document_search", json!([{"kind": "text", "text": "wage"}])),
            &[],
        ),
    );
    assert_eq!(plan.upstream_url, UPSTREAM);
    assert_eq!(plan.timeout_ms, 15_000);
    assert_eq!(plan.rpc_id, json!(9));
    let qa = planned(
        &mut app,
        &s,
        &post(
            &send_body("catholic_qa", json!([{"kind": "text", "text": "why?"}])),
            &[],
        ),
    );
    assert_eq!(qa.timeout_ms, 55_000);
    // Nothing in the request steers the connection: URLs in the body, a Host header, a query.
    let sneaky = json!({"jsonrpc": "2.0", "id": 1, "method": "message/send", "url": "http://evil.example", "params": {
        "url": "http://evil.example", "message": {"role": "user", "kind": "message", "messageId": "m",
        "parts": [{"kind": "text", "text": "http://evil.example"}], "metadata": {"skillId": "document_search", "endpoint": "http://evil.example"}}}});
    let mut req = post(
        &sneaky.to_string(),
        &[
            ("host", "evil.example"),
            ("x-forwarded-host", "evil.example"),
        ],
    );
    req.path = "/api/v1/a2a".into();
    assert_eq!(planned(&mut app, &s, &req).upstream_url, UPSTREAM);
    let get = json!({"jsonrpc": "2.0", "id": "g", "method": "tasks/get", "params": {"id": "t-1"}});
    assert_eq!(
        planned(&mut app, &s, &post(&get.to_string(), &[])).method,
        "tasks/get"
    );
}

#[test]
fn refusals_happen_before_any_upstream_call() {
    let s = settings(&[("ALLOWED_SKILLS", "document_search,catholic_qa")]);
    let mut app = App::new();
    let cases: Vec<(WorkerRequest, u16, i64, &str)> = vec![
        (post("{nope", &[]), 400, -32700, "Parse error"),
        (
            post("[]", &[]),
            400,
            -32600,
            "Batch requests are not supported",
        ),
        (post("3", &[]), 400, -32600, "Invalid Request"),
        (
            post(
                r#"{"jsonrpc":"1.0","id":1,"method":"tasks/get","params":{"id":"x"}}"#,
                &[],
            ),
            400,
            -32600,
            "Invalid Request",
        ),
        (
            post(
                r#"{"jsonrpc":"2.0","method":"tasks/get","params":{"id":"x"}}"#,
                &[],
            ),
            400,
            -32600,
            "Invalid Request",
        ),
        (
            post(
                r#"{"jsonrpc":"2.0","id":1,"method":"tasks/list","params":{}}"#,
                &[],
            ),
            400,
            -32601,
            "Method not found",
        ),
        (
            post(
                r#"{"jsonrpc":"2.0","id":1,"method":"message/stream","params":{}}"#,
                &[],
            ),
            400,
            -32601,
            "Method not found",
        ),
        (
            post(
                r#"{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{}}"#,
                &[],
            ),
            400,
            -32602,
            "Invalid params: id is required",
        ),
        (
            post(&send_body("x", json!([{"kind": "text", "text": "q"}])), &[]),
            400,
            -32602,
            "Unknown skill: x",
        ),
        (
            post(
                &send_body("pope_lookup", json!([{"kind": "text", "text": "q"}])),
                &[],
            ),
            400,
            -32602,
            "Unknown skill: pope_lookup",
        ),
        (
            post(&send_body("catholic_qa", json!([])), &[]),
            400,
            -32602,
            "Invalid params: parts must not be empty",
        ),
        (
            post(
                &send_body(
                    "catholic_qa",
                    json!([{"kind": "text", "text": "x".repeat(4001)}]),
                ),
                &[],
            ),
            400,
            -32602,
            "Invalid params: input too long",
        ),
    ];
    for (req, status, code, message) in cases {
        let (r, v) = rejected(&mut app, &s, &req);
        assert_eq!(
            (
                r.status,
                v["error"]["code"].as_i64(),
                v["error"]["message"].as_str()
            ),
            (status, Some(code), Some(message)),
            "{}",
            String::from_utf8_lossy(&req.body)
        );
    }
    let mut text_plain = post(
        &send_body("catholic_qa", json!([{"kind": "text", "text": "q"}])),
        &[],
    );
    text_plain.headers = vec![("content-type".into(), "text/plain".into())];
    assert_eq!(rejected(&mut app, &s, &text_plain).0.status, 400);
}

#[test]
fn per_client_limits_with_a_separate_qa_bucket() {
    // Without the upstream-budget object (no `BUDGET` binding): the isolate's limiter.
    let s = settings(&[("UPSTREAM_BUDGET", "off")]);
    let mut app = App::new();
    let qa = send_body("catholic_qa", json!([{"kind": "text", "text": "q"}]));
    planned(&mut app, &s, &post(&qa, &[]));
    planned(&mut app, &s, &post(&qa, &[]));
    let (r, v) = rejected(&mut app, &s, &post(&qa, &[]));
    assert_eq!((r.status, r.header("retry-after")), (429, Some("60")));
    assert_eq!(
        v["error"],
        json!({"code": -32029, "message": "Rate limit exceeded", "data": {"pool": "catholic_qa", "retryAfterSeconds": 60, "limit": "client", "allowed": 2, "windowSeconds": 60}})
    );
    // Another client has its own buckets; tasks/* count in their own pool (proxy_visitors.rs).
    let mut other = post(&qa, &[]);
    other.client_key = "198.51.100.7".into();
    planned(&mut app, &s, &other);
    let get = json!({"jsonrpc": "2.0", "id": 1, "method": "tasks/get", "params": {"id": "t"}})
        .to_string();
    planned(&mut app, &s, &post(&get, &[]));
    // A minute later the bucket has refilled.
    let mut later = post(&qa, &[]);
    later.now_ms += 60_000.0;
    planned(&mut app, &s, &later);
    // With the binding configured, the entry checks both pools with it instead.
    let req = post(&qa, &[]);
    let Route::Forward(plan) = App::new().handle(&req, &s, &mut SeededRandom(1), true) else {
        panic!()
    };
    assert_eq!(plan.binding_pools, ["default", "catholic_qa"]);
    assert_eq!(plan.budget, None);
    // With the budget object, a call the isolate's per-client limit lets through is taken from
    // its account's budget (the operator's, or the visitor's upstream account).
    let s = settings(&[]);
    let mut app = App::new();
    for _ in 0..2 {
        let plan = planned(&mut app, &s, &post(&qa, &[]));
        assert_eq!(plan.budget.as_deref(), Some("operator"));
        assert!(plan.is_qa);
    }
    assert_eq!(rejected(&mut app, &s, &post(&qa, &[])).0.status, 429);
    let signed_in = WorkerRequest {
        account: Some("abc".into()),
        client_key: "198.51.100.7".into(),
        ..post(&qa, &[])
    };
    assert_eq!(
        planned(&mut app, &s, &signed_in).budget.as_deref(),
        Some("account:abc")
    );
    let get_plan = planned(&mut app, &s, &post(&get, &[]));
    assert_eq!(
        get_plan.budget, None,
        "tasks/* take nothing from the budget"
    );
    // And limits can be switched off.
    let off = settings(&[("PROXY_RATE_LIMITS", "off")]);
    let mut app = App::new();
    for _ in 0..5 {
        planned(&mut app, &off, &post(&qa, &[]));
    }
}

#[test]
fn cors_allowlist() {
    let s = settings(&[]);
    let mut app = App::new();
    let mut pre = post("", &[("origin", "https://app.example")]);
    pre.method = "OPTIONS".into();
    let (r, _) = rejected(&mut app, &s, &pre);
    assert_eq!(
        (r.status, r.header("access-control-allow-origin")),
        (204, Some("https://app.example"))
    );
    pre.headers = vec![("origin".into(), "https://evil.example".into())];
    let (r, _) = rejected(&mut app, &s, &pre);
    assert_eq!(
        (r.status, r.header("access-control-allow-origin")),
        (403, None)
    );
    pre.headers = vec![("origin".into(), "null".into())];
    assert_eq!(rejected(&mut app, &s, &pre).0.status, 403);
    let plan = planned_search(&mut app, &s);
    let ok = UpstreamOutcome::Answer {
        status: 200,
        headers: vec![],
        body: br#"{"jsonrpc":"2.0","id":9,"result":{}}"#.to_vec(),
    };
    let (r, _) = app.finish_answer(&plan, ok, &s).into_parts();
    assert_eq!(r.header("access-control-allow-origin"), None);
    assert_eq!(r.header("vary"), Some("Origin"));
}

#[test]
fn one_origin_rule_for_every_path_text_plain_posts_from_other_sites_are_refused() {
    let body = send_body(
        "document_search",
        json!([{"kind": "text", "text": "grace"}]),
    );
    let v1 = json!({"jsonrpc": "2.0", "id": 4, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "m", "parts": [{"text": "grace"}],
        "metadata": {"skillId": "document_search"}}}})
    .to_string();
    // The proxy, and the demo's Worker (the stand-in answering in-process).
    for s in [settings(&[]), settings(&[("UPSTREAM_URL", "embedded")])] {
        for (payload, version) in [(&body, None), (&v1, Some("1.0"))] {
            for origin in ["https://evil.example", "null"] {
                let mut headers = vec![("content-type", "text/plain"), ("origin", origin)];
                headers.extend(version.map(|v| ("a2a-version", v)));
                let (r, v) = rejected(&mut App::new(), &s, &post(payload, &headers));
                assert_eq!(r.status, 403, "{origin} {version:?}");
                let message = v["error"]["message"].as_str().unwrap_or_default();
                assert!(message.contains("Origin not allowed"), "{v}");
                assert_eq!(r.header("access-control-allow-origin"), None);
            }
        }
        // An allowed origin is not refused for its origin; the Worker's own origin as read
        // from `Host` (not loopback, not listed) is (origin_rule.rs).
        for (origin, refused) in [
            ("https://proxy.example", true),
            ("https://app.example", false),
        ] {
            let req = post(&body, &[("origin", origin)]);
            let status = match route(&mut App::new(), &s, &req) {
                Route::Respond(r) => r.status,
                _ => 0,
            };
            assert_eq!(status == 403, refused, "{origin}");
        }
    }
}
