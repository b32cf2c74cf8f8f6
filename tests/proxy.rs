//! The proxy policy natively: every rule refuses before any upstream call, accepted calls are
//! planned with the fixed upstream, and every upstream fault becomes a well-formed answer.
#![cfg(feature = "proxy")]

use magisterium_a2a::worker::app::{App, Route};
use magisterium_a2a::worker::http::{WorkerRequest, WorkerResponse};
use magisterium_a2a::worker::ids::SeededRandom;
use magisterium_a2a::worker::proxy::{document_cache_key, ForwardPlan};
use magisterium_a2a::worker::settings::{LogRequests, Settings};
use magisterium_a2a::worker::upstream::UpstreamOutcome;
use serde_json::{json, Value};
use std::collections::HashMap;

const UPSTREAM: &str = "http://127.0.0.1:18900/ok/search_empty";

fn settings(extra: &[(&str, &str)]) -> Settings {
    let mut vars: HashMap<String, String> = [
        ("UPSTREAM_URL", UPSTREAM),
        ("MAGISTERIUM_TOKEN", "secret-token"),
        ("ALLOWED_ORIGINS", "https://app.example"),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();
    for (k, v) in extra {
        vars.insert((*k).to_owned(), (*v).to_owned());
    }
    Settings::from_vars(|name| vars.get(name).cloned())
}

fn post(body: &str, headers: &[(&str, &str)]) -> WorkerRequest {
    let mut h: Vec<(String, String)> = vec![("content-type".into(), "application/json".into())];
    h.extend(
        headers
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
    );
    WorkerRequest {
        method: "POST".into(),
        path: "/api/v1/a2a".into(),
        query: String::new(),
        origin: "https://proxy.example".into(),
        headers: h,
        body: body.as_bytes().to_vec(),
        client_key: "203.0.113.9".into(),
        now_ms: 1_796_083_200_000.0,
        session: None,
    }
}

fn send_body(skill: &str, parts: Value) -> String {
    json!({"jsonrpc": "2.0", "id": 9, "method": "message/send", "params": {"message": {
        "role": "user", "kind": "message", "messageId": "m", "parts": parts, "metadata": {"skillId": skill}}}})
    .to_string()
}

fn route(app: &mut App, s: &Settings, req: &WorkerRequest) -> Route {
    app.handle(req, s, &mut SeededRandom(1), false)
}

fn rejected(app: &mut App, s: &Settings, req: &WorkerRequest) -> (WorkerResponse, Value) {
    match route(app, s, req) {
        Route::Respond(r) => {
            let v = serde_json::from_str(&r.body).unwrap_or(Value::Null);
            (r, v)
        }
        other => panic!("expected a local answer, got {other:?}"),
    }
}

fn planned(app: &mut App, s: &Settings, req: &WorkerRequest) -> ForwardPlan {
    match route(app, s, req) {
        Route::Forward(plan) => plan,
        other => panic!("expected an upstream call, got {other:?}"),
    }
}

/// The plan of a plain `document_search` ("q") with no extra headers.
fn planned_search(app: &mut App, s: &Settings) -> ForwardPlan {
    let body = send_body("document_search", json!([{"kind": "text", "text": "q"}]));
    planned(app, s, &post(&body, &[]))
}

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
        json!({"code": -32029, "message": "Rate limit exceeded", "data": {"pool": "catholic_qa", "retryAfterSeconds": 60}})
    );
    // Another client has its own buckets; tasks/* are not limited.
    let mut other = post(&qa, &[]);
    other.client_key = "198.51.100.7".into();
    planned(&mut app, &s, &other);
    let get = json!({"jsonrpc": "2.0", "id": 1, "method": "tasks/get", "params": {"id": "t"}})
        .to_string();
    for _ in 0..30 {
        planned(&mut app, &s, &post(&get, &[]));
    }
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
    // With the budget object, the call is taken from its account's budget (the operator's, or
    // the visitor's session's), which holds the per-client limits too: the isolate counts nothing.
    let s = settings(&[]);
    let mut app = App::new();
    for _ in 0..5 {
        let plan = planned(&mut app, &s, &post(&qa, &[]));
        assert_eq!(plan.budget.as_deref(), Some("operator"));
        assert!(plan.is_qa);
    }
    let signed_in = WorkerRequest {
        session: Some("abc".into()),
        ..post(&qa, &[])
    };
    assert_eq!(
        planned(&mut app, &s, &signed_in).budget.as_deref(),
        Some("session:abc")
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
    let (r, _) = app.finish(&plan, ok, &s, Some("https://evil.example"));
    assert_eq!(r.header("access-control-allow-origin"), None);
    assert_eq!(r.header("vary"), Some("Origin"));
}

#[test]
fn upstream_faults_become_well_formed_answers() {
    let s = settings(&[]);
    let mut app = App::new();
    let plan = planned_search(&mut app, &s);
    let answer =
        |status: u16, body: &str, headers: Vec<(String, String)>| UpstreamOutcome::Answer {
            status,
            headers,
            body: body.as_bytes().to_vec(),
        };
    let cases = vec![
        (UpstreamOutcome::Timeout, 504, "Upstream timeout"),
        (UpstreamOutcome::Unreachable, 502, "Upstream unreachable"),
        (UpstreamOutcome::TooLarge, 502, "Upstream answer too large"),
        (
            answer(502, "<html>Bad Gateway <script>x</script></html>", vec![]),
            502,
            "Upstream answered HTTP 502 without JSON",
        ),
        (
            answer(200, "<html>ok?</html>", vec![]),
            502,
            "Upstream answered HTTP 200 without JSON",
        ),
        (
            answer(
                200,
                r#"{"jsonrpc":"2.0","id":9,"result":{"kind":"task"}"#,
                vec![],
            ),
            502,
            "Upstream answered HTTP 200 without JSON",
        ),
        (
            answer(200, r#"{"hello":"world"}"#, vec![]),
            502,
            "Upstream answered HTTP 200 without a JSON-RPC response",
        ),
        (
            answer(
                200,
                r#"{"jsonrpc":"2.0","id":9,"result":{},"error":{"code":1,"message":"x"}}"#,
                vec![],
            ),
            502,
            "Upstream answered HTTP 200 without a JSON-RPC response",
        ),
        // An array is no envelope, even one in the members' order.
        (
            answer(200, r#"["2.0", {"kind": "task"}]"#, vec![]),
            502,
            "Upstream answered HTTP 200 without a JSON-RPC response",
        ),
        (
            answer(200, r#"{"jsonrpc":2.0,"id":9,"result":{}}"#, vec![]),
            502,
            "Upstream answered HTTP 200 without a JSON-RPC response",
        ),
        (
            answer(
                301,
                "",
                vec![("location".into(), "http://evil.example".into())],
            ),
            502,
            "Upstream redirected",
        ),
    ];
    for (outcome, status, message) in cases {
        let (r, cached) = app.finish(&plan, outcome, &s, None);
        let v: Value = serde_json::from_str(&r.body).unwrap();
        assert_eq!(
            (
                r.status,
                v["error"]["message"].as_str(),
                v["error"]["code"].as_i64()
            ),
            (status, Some(message), Some(-32603))
        );
        assert_eq!(v["id"], 9);
        assert!(cached.is_none());
        assert!(!r.body.contains("<script>"), "no echo of upstream HTML");
    }
    // JSON-RPC answers pass through with their status; only allow-listed headers survive.
    let limited = answer(
        429,
        r#"{"jsonrpc":"2.0","id":9,"error":{"code":-32029,"message":"Rate limit exceeded"}}"#,
        vec![
            ("retry-after".into(), "30".into()),
            ("set-cookie".into(), "session=abc".into()),
            ("server".into(), "upstream/1.0".into()),
            ("www-authenticate".into(), "Bearer realm=x".into()),
            ("authorization".into(), "Bearer secret-token".into()),
        ],
    );
    let (r, _) = app.finish(&plan, limited, &s, None);
    assert_eq!((r.status, r.header("retry-after")), (429, Some("30")));
    for h in ["set-cookie", "server", "www-authenticate", "authorization"] {
        assert_eq!(r.header(h), None, "{h} must not pass");
    }
    assert_eq!(r.header("cache-control"), Some("no-store"));
}

#[test]
fn document_answers_are_cached_by_id_and_errors_never() {
    let s = settings(&[]);
    let mut app = App::new();
    let plan = planned(
        &mut app,
        &s,
        &post(
            &send_body(
                "document_fetch",
                json!([{"kind": "data", "data": {"id": " rerum-novarum "}}]),
            ),
            &[],
        ),
    );
    assert_eq!(
        plan.cache_key.as_deref(),
        Some(document_cache_key("rerum-novarum").as_str())
    );
    let same = planned(
        &mut app,
        &s,
        &post(
            &send_body(
                "document_fetch",
                json!([{"kind": "text", "text": "rerum-novarum"}]),
            ),
            &[],
        ),
    );
    assert_eq!(
        same.cache_key, plan.cache_key,
        "a text part id and a data part id share the key"
    );
    assert_ne!(document_cache_key("a/b"), document_cache_key("a%2Fb"));
    let found = r#"{"jsonrpc":"2.0","id":9,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"artifactId":"a","name":"document","parts":[{"kind":"text","text":"Body"},{"kind":"data","data":{"id":"rerum-novarum","title":"T","author":"A","ref":"R"}}]}]}}"#;
    let (r, cached) = app.finish(
        &plan,
        UpstreamOutcome::Answer {
            status: 200,
            headers: vec![],
            body: found.as_bytes().to_vec(),
        },
        &s,
        None,
    );
    assert_eq!(r.header("x-cache"), Some("miss"));
    let cached = cached.expect("a found document is cached");
    let hit = app.from_cache(&same, &cached, &s, None);
    assert_eq!(hit.header("x-cache"), Some("hit"));
    let v: Value = serde_json::from_str(&hit.body).unwrap();
    assert_eq!(v["id"], 9);
    assert_eq!(v["result"]["artifacts"][0]["parts"][0]["text"], "Body");
    for body in [
        r#"{"jsonrpc":"2.0","id":9,"error":{"code":-32603,"message":"x"}}"#,
        r#"{"jsonrpc":"2.0","id":9,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"failed"},"artifacts":[]}}"#,
        r#"{"jsonrpc":"2.0","id":9,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"artifactId":"a","parts":[{"kind":"text","text":"Document not found."}]}]}}"#,
    ] {
        let (_, cached) = app.finish(
            &plan,
            UpstreamOutcome::Answer {
                status: 200,
                headers: vec![],
                body: body.as_bytes().to_vec(),
            },
            &s,
            None,
        );
        assert!(cached.is_none(), "{body}");
    }
    let off = settings(&[("CACHE_DOCUMENTS", "off")]);
    let plan = planned(
        &mut App::new(),
        &off,
        &post(
            &send_body("document_fetch", json!([{"kind": "text", "text": "x"}])),
            &[],
        ),
    );
    assert!(plan.cache_key.is_none());
}

#[test]
fn the_card_points_at_the_proxy() {
    let s = settings(&[]);
    let mut app = App::new();
    let mut get = post("", &[]);
    get.method = "GET".into();
    get.path = "/.well-known/agent.json".into();
    let Route::FetchCard(fetch) = route(&mut app, &s, &get) else {
        panic!()
    };
    assert_eq!(fetch.url, "http://127.0.0.1:18900/.well-known/agent.json");
    assert!(!fetch.v1);
    let upstream = br#"{"name":"Magisterium","url":"https://magisterium.com/api/v1/a2a","skills":[],"securitySchemes":{"bearer":{"type":"http","scheme":"bearer"}},"security":[{"bearer":[]}]}"#;
    let r = app.card(
        None,
        UpstreamOutcome::Answer {
            status: 200,
            headers: vec![],
            body: upstream.to_vec(),
        },
        "https://proxy.example",
        &s,
        None,
    );
    let card: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(card["url"], "https://proxy.example/api/v1/a2a");
    assert_eq!(card["security"], json!([]));
    assert_eq!(r.header("cache-control"), Some("public, max-age=3600"));
    assert_eq!(
        app.card(None, UpstreamOutcome::Timeout, "https://p", &s, None)
            .status,
        504
    );
}

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
        session: Some("s1".into()),
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

/// The proxy alone (`--features proxy`, no stand-in): without an upstream URL every call is a
/// configuration error naming `UPSTREAM_URL`.
#[cfg(not(feature = "stand-in"))]
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
            route(&mut App::new(), &s, &post(&body, &[])),
            "UPSTREAM_URL",
        );
        let mut get = post("", &[]);
        get.method = "GET".into();
        get.path = "/.well-known/agent.json".into();
        assert_misconfigured(route(&mut App::new(), &s, &get), "UPSTREAM_URL");
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
fn finish_hands_the_checked_upstream_body_back_untouched_and_names_json_rpc_errors() {
    let s = settings(&[]);
    let mut app = App::new();
    let plan = planned_search(&mut app, &s);
    let answer = |status: u16, body: &str| UpstreamOutcome::Answer {
        status,
        headers: vec![("retry-after".into(), "5".into())],
        body: body.as_bytes().to_vec(),
    };
    // A JSON-RPC answer (non-ASCII text included) is the body, byte for byte, not a copy.
    let ok =
        r#"{"jsonrpc":"2.0","id":9,"result":{"kind":"task","text":"Caritas in veritate — ü"}}"#;
    let f = app.finish_answer(&plan, answer(200, ok), &s, Some("https://app.example"));
    assert_eq!(f.upstream_body.as_deref(), Some(ok.as_bytes()));
    assert_eq!(f.response.body, "", "no second copy of the body");
    assert_eq!(f.rpc_error, None);
    assert_eq!(f.response.header("x-magisterium-agent"), Some("proxy"));
    assert_eq!(
        f.response.header("access-control-allow-origin"),
        Some("https://app.example")
    );
    let (r, _) = f.into_parts();
    assert_eq!(r.body, ok);
    // Of duplicate keys the last counts, as in JSON.parse (so the proxy and the SDK agree).
    let last_good = r#"{"jsonrpc":"1.0","jsonrpc":"2.0","id":9,"result":{}}"#;
    let f = app.finish_answer(&plan, answer(200, last_good), &s, None);
    assert!(f.upstream_body.is_some());
    let last_bad = r#"{"jsonrpc":"2.0","jsonrpc":"1.0","id":9,"result":{}}"#;
    let f = app.finish_answer(&plan, answer(200, last_bad), &s, None);
    assert_eq!((f.response.status, f.upstream_body), (502, None));
    // A `null` result is a result (JSON-RPC allows it), and passes.
    let null = r#" {"jsonrpc":"2.0","id":9,"result":null}"#;
    let f = app.finish_answer(&plan, answer(200, null), &s, None);
    assert_eq!(f.upstream_body.as_deref(), Some(null.as_bytes()));
    // The upstream's JSON-RPC error is named for the log, whatever the HTTP status.
    let error = r#"{"jsonrpc":"2.0","id":9,"error":{"code":-32004,"message":"Unauthorized"}}"#;
    let f = app.finish_answer(&plan, answer(200, error), &s, None);
    assert_eq!(
        (f.rpc_error, f.upstream_body.is_some()),
        (Some(-32004), true)
    );
    let odd = r#"{"jsonrpc":"2.0","id":9,"error":{"code":"x","message":"?"}}"#;
    assert_eq!(
        app.finish_answer(&plan, answer(500, odd), &s, None)
            .rpc_error,
        Some(0)
    );
    // The proxy's own answers carry their body and code; nothing of the upstream's is passed.
    let f = app.finish_answer(&plan, answer(502, "<html>bad gateway</html>"), &s, None);
    assert!(f.upstream_body.is_none());
    assert_eq!((f.response.status, f.rpc_error), (502, Some(-32603)));
    assert!(!f.response.body.contains("<html>"));
    let f = app.finish_answer(&plan, UpstreamOutcome::Timeout, &s, None);
    assert_eq!((f.response.status, f.rpc_error), (504, Some(-32603)));
    let f = app.finish_answer(&plan, answer(429, "busy"), &s, None);
    assert_eq!((f.response.status, f.rpc_error), (429, Some(-32029)));
    assert!(f.upstream_body.is_none());
}
