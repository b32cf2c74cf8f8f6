//! The proxy policy natively, answers: every upstream fault becomes a well-formed answer, checked
//! answers pass through untouched, found documents are cached, and the card points at the proxy.

use crate::common;

use common::proxy::{planned, planned_search, post, route, send_body, settings};
use magisterium_core::ids::SeededRandom;
use magisterium_core::Skill;
use magisterium_worker::app::{App, Route};
use magisterium_worker::cache::keys::key;
use magisterium_worker::cache::Mark;
use magisterium_worker::upstream::UpstreamOutcome;
use serde_json::{json, Value};

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
        let (r, cached) = app.finish_answer(&plan, outcome, &s).into_parts();
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
    let (r, _) = app.finish_answer(&plan, limited, &s).into_parts();
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
        plan.cache.as_ref().map(|c| c.key.as_str()),
        Some(key(Skill::DocumentFetch, "rerum-novarum").as_str())
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
        same.cache.as_ref().map(|c| &c.key),
        plan.cache.as_ref().map(|c| &c.key),
        "a text part id and a data part id share the key"
    );
    assert_ne!(
        key(Skill::DocumentFetch, "a/b"),
        key(Skill::DocumentFetch, "a%2Fb")
    );
    let found = r#"{"jsonrpc":"2.0","id":9,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"artifactId":"a","name":"document","parts":[{"kind":"text","text":"Body"},{"kind":"data","data":{"id":"rerum-novarum","title":"T","author":"A","ref":"R"}}]}]}}"#;
    let (r, cached) = app
        .finish_answer(
            &plan,
            UpstreamOutcome::Answer {
                status: 200,
                headers: vec![],
                body: found.as_bytes().to_vec(),
            },
            &s,
        )
        .into_parts();
    assert_eq!(r.header("x-magisterium-cache"), Some("miss"));
    let cached = cached.expect("a found document is cached");
    let hit = app.from_cache(&same, &cached, Mark::Hit, &s, &mut SeededRandom(2));
    let hit = hit.expect("the entry answers");
    assert_eq!(hit.header("x-magisterium-cache"), Some("hit"));
    let v: Value = serde_json::from_str(&hit.body).unwrap();
    assert_eq!(v["id"], 9);
    assert_eq!(v["result"]["artifacts"][0]["parts"][0]["text"], "Body");
    // The service's answer carried no history, so neither does the caller's Task.
    assert!(v["result"].get("history").is_none());
    for body in [
        r#"{"jsonrpc":"2.0","id":9,"error":{"code":-32603,"message":"x"}}"#,
        r#"{"jsonrpc":"2.0","id":9,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"failed"},"artifacts":[]}}"#,
        r#"{"jsonrpc":"2.0","id":9,"result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"artifactId":"a","parts":[{"kind":"text","text":"Document not found."}]}]}}"#,
    ] {
        let (_, cached) = app
            .finish_answer(
                &plan,
                UpstreamOutcome::Answer {
                    status: 200,
                    headers: vec![],
                    body: body.as_bytes().to_vec(),
                },
                &s,
            )
            .into_parts();
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
    assert!(plan.cache.is_none());
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
        &fetch,
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
        app.card(&fetch, UpstreamOutcome::Timeout, "https://p", &s, None)
            .status,
        504
    );
}

#[test]
fn finish_hands_the_checked_upstream_body_back_untouched_and_names_json_rpc_errors() {
    let s = settings(&[]);
    let mut app = App::new();
    // A page of an allowed origin asks: its answers carry CORS (the plan's exit).
    let body = send_body("document_search", json!([{"kind": "text", "text": "q"}]));
    let plan = planned(
        &mut app,
        &s,
        &post(&body, &[("origin", "https://app.example")]),
    );
    let answer = |status: u16, body: &str| UpstreamOutcome::Answer {
        status,
        headers: vec![("retry-after".into(), "5".into())],
        body: body.as_bytes().to_vec(),
    };
    // A JSON-RPC answer (non-ASCII text included) is the body, byte for byte, not a copy.
    let ok =
        r#"{"jsonrpc":"2.0","id":9,"result":{"kind":"task","text":"Caritas in veritate — ü"}}"#;
    let f = app.finish_answer(&plan, answer(200, ok), &s);
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
    let f = app.finish_answer(&plan, answer(200, last_good), &s);
    assert!(f.upstream_body.is_some());
    let last_bad = r#"{"jsonrpc":"2.0","jsonrpc":"1.0","id":9,"result":{}}"#;
    let f = app.finish_answer(&plan, answer(200, last_bad), &s);
    assert_eq!((f.response.status, f.upstream_body), (502, None));
    // A `null` result is a result (JSON-RPC allows it), and passes.
    let null = r#" {"jsonrpc":"2.0","id":9,"result":null}"#;
    let f = app.finish_answer(&plan, answer(200, null), &s);
    assert_eq!(f.upstream_body.as_deref(), Some(null.as_bytes()));
    // The upstream's JSON-RPC error is named for the log, whatever the HTTP status.
    let error = r#"{"jsonrpc":"2.0","id":9,"error":{"code":-32004,"message":"Unauthorized"}}"#;
    let f = app.finish_answer(&plan, answer(200, error), &s);
    assert_eq!(
        (f.rpc_error, f.upstream_body.is_some()),
        (Some(-32004), true)
    );
    let odd = r#"{"jsonrpc":"2.0","id":9,"error":{"code":"x","message":"?"}}"#;
    assert_eq!(
        app.finish_answer(&plan, answer(500, odd), &s).rpc_error,
        Some(0)
    );
    // The proxy's own answers carry their body and code; nothing of the upstream's is passed.
    let f = app.finish_answer(&plan, answer(502, "<html>bad gateway</html>"), &s);
    assert!(f.upstream_body.is_none());
    assert_eq!((f.response.status, f.rpc_error), (502, Some(-32603)));
    assert!(!f.response.body.contains("<html>"));
    let f = app.finish_answer(&plan, UpstreamOutcome::Timeout, &s);
    assert_eq!((f.response.status, f.rpc_error), (504, Some(-32603)));
    let f = app.finish_answer(&plan, answer(429, "busy"), &s);
    assert_eq!((f.response.status, f.rpc_error), (429, Some(-32029)));
    assert!(f.upstream_body.is_none());
}
