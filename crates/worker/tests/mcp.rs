//! The Worker's MCP front door (`/mcp`), natively through `App::handle`: what is answered at
//! once, what goes upstream (only the 0.2.6 `message/send`, through the proxy's own checks and
//! limits), how the answers come back, and who may use it (`mcp_auth::access`).

use serde_json::{json, Value};

use crate::common::proxy::{post, route, settings, UPSTREAM};
use magisterium_core::serve::http::WorkerRequest;
use magisterium_worker::app::{App, Route};
use magisterium_worker::upstream::UpstreamOutcome;

fn mcp_post(body: Value) -> WorkerRequest {
    WorkerRequest {
        path: "/mcp".into(),
        ..post(&body.to_string(), &[])
    }
}

fn call(name: &str, arguments: Value) -> WorkerRequest {
    mcp_post(
        json!({ "jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": { "name": name, "arguments": arguments } }),
    )
}

fn answered(
    app: &mut App,
    s: &magisterium_worker::settings::Settings,
    req: &WorkerRequest,
) -> (u16, Value) {
    match route(app, s, req) {
        Route::Respond(r) => (
            r.status,
            serde_json::from_str(&r.body).unwrap_or(Value::Null),
        ),
        other => panic!("expected an answer, got {other:?}"),
    }
}

#[test]
fn initialize_and_tools_list_are_answered_by_the_worker() {
    let s = settings(&[("ALLOWED_SKILLS", "pope_lookup,document_search")]);
    let mut app = App::proxy_only();
    let init = json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "t", "version": "1" } } });
    let (status, body) = answered(&mut app, &s, &mcp_post(init));
    assert_eq!(status, 200);
    assert_eq!(body["result"]["protocolVersion"], "2025-06-18");
    let (_, list) = answered(
        &mut app,
        &s,
        &mcp_post(json!({ "jsonrpc": "2.0", "id": 2, "method": "tools/list" })),
    );
    let names: Vec<&str> = list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["document_search", "pope_lookup"],
        "only the allowed skills"
    );
    // A skill the Worker does not allow is an unknown tool, refused before any upstream call.
    let (status, refused) = answered(
        &mut app,
        &s,
        &call("catholic_qa", json!({ "question": "q" })),
    );
    assert_eq!(
        (status, refused["error"]["code"].as_i64()),
        (200, Some(-32602))
    );
    let note = mcp_post(json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
    match route(&mut app, &s, &note) {
        Route::Respond(r) => assert_eq!((r.status, r.body.as_str()), (202, "")),
        other => panic!("{other:?}"),
    }
    let get = WorkerRequest {
        method: "GET".into(),
        ..mcp_post(json!({}))
    };
    match route(&mut app, &s, &get) {
        Route::Respond(r) => assert_eq!((r.status, r.header("allow")), (405, Some("POST"))),
        other => panic!("{other:?}"),
    }
    let foreign = WorkerRequest {
        headers: vec![
            ("content-type".into(), "application/json".into()),
            ("origin".into(), "https://evil.example".into()),
        ],
        ..mcp_post(json!({ "jsonrpc": "2.0", "id": 3, "method": "ping" }))
    };
    assert_eq!(answered(&mut app, &s, &foreign).0, 403);
}

#[test]
fn a_tool_call_goes_upstream_as_the_a2a_message_send_and_comes_back_as_a_tool_result() {
    let s = settings(&[]);
    let mut app = App::proxy_only();
    let plan = match route(
        &mut app,
        &s,
        &call("document_search", json!({ "query": "just wage" })),
    ) {
        Route::Forward(plan) => plan,
        other => panic!("expected an upstream call, got {other:?}"),
    };
    assert_eq!(plan.upstream_url, UPSTREAM);
    assert_eq!(
        (plan.method.as_str(), plan.skill.as_deref()),
        ("message/send", Some("document_search"))
    );
    let sent: Value = serde_json::from_str(plan.body.as_deref().unwrap()).unwrap();
    assert_eq!(sent["method"], "message/send");
    assert_eq!(sent["id"], 5);
    assert_eq!(
        sent["params"]["message"]["parts"],
        json!([{ "kind": "text", "text": "just wage" }])
    );
    let results = crate::common::fixture("responses/search_results.json");
    let outcome = UpstreamOutcome::Answer {
        status: 200,
        headers: vec![],
        body: results.into_bytes(),
    };
    let (answer, _) = app.finish_answer(&plan, outcome, &s).into_parts();
    assert_eq!(answer.status, 200);
    let body: Value = serde_json::from_str(&answer.body).unwrap();
    assert!(body["result"]["structuredContent"]["results"].is_array());
    // The service's 429 is a tool error with the wait, in an HTTP 200 the client reads.
    let limited = crate::common::fixture("responses/error_rate_limited.json");
    let outcome = UpstreamOutcome::Answer {
        status: 429,
        headers: vec![("retry-after".into(), "30".into())],
        body: limited.into_bytes(),
    };
    let (answer, _) = app.finish_answer(&plan, outcome, &s).into_parts();
    assert_eq!(answer.status, 200);
    let body: Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(body["result"]["isError"], true);
    assert!(body["result"]["content"][0]["text"]
        .as_str()
        .unwrap()
        .ends_with("Try again in 30 seconds."));
    let (timeout, _) = app
        .finish_answer(&plan, UpstreamOutcome::Timeout, &s)
        .into_parts();
    let body: Value = serde_json::from_str(&timeout.body).unwrap();
    assert_eq!(
        (timeout.status, &body["result"]["isError"]),
        (200, &json!(true))
    );
}

#[test]
fn the_per_visitor_limits_apply_to_tool_calls() {
    let s = settings(&[("UPSTREAM_BUDGET", "off"), ("PROXY_QA_PER_MINUTE", "2")]);
    let mut app = App::proxy_only();
    for _ in 0..2 {
        assert!(matches!(
            route(
                &mut app,
                &s,
                &call("catholic_qa", json!({ "question": "q" }))
            ),
            Route::Forward(_)
        ));
    }
    let (status, body) = answered(
        &mut app,
        &s,
        &call("catholic_qa", json!({ "question": "q" })),
    );
    assert_eq!(status, 200);
    assert_eq!(body["result"]["isError"], true);
    let text = body["result"]["content"][0]["text"].as_str().unwrap();
    assert!(
        text.starts_with(
            "Rate limited: this server's per-client limit allows each client 2 catholic_qa calls a minute. Try again in "
        ),
        "{text}"
    );
}

#[test]
fn mcp_takes_sign_in_exactly_where_the_deployment_requires_it() {
    use magisterium_worker::doors::mcp_auth::{access, McpAccess};
    let issuer = ("OAUTH_ISSUER", "https://issuer.example");
    let required = [issuer, ("ALLOW_ANONYMOUS", "false")];
    // Anonymous deployments stay as they are, with or without the store.
    for store in [false, true] {
        assert_eq!(access(&settings(&[]), store).unwrap(), McpAccess::Anonymous);
        assert_eq!(
            access(&settings(&[issuer]), store).unwrap(),
            McpAccess::Anonymous
        );
    }
    assert_eq!(
        access(&settings(&required), true).unwrap(),
        McpAccess::SignedIn
    );
    // Sign-in required but no store for the authorization server: a 503 naming the binding,
    // never the operator's token.
    let refused = access(&settings(&required), false).unwrap_err();
    assert_eq!(refused.status, 503);
    let body: Value = serde_json::from_str(&refused.body).unwrap();
    assert_eq!(body["error"]["code"], -32603);
    assert_eq!(body["error"]["data"]["setting"], "OAUTH_KV");
}

#[test]
fn a_browser_mcp_client_can_read_the_bearer_challenge() {
    // MCP authorization starts from the 401's `WWW-Authenticate` (its `resource_metadata`): a
    // page of an allowed origin must be able to read it.
    let policy = magisterium_worker::cors::CorsPolicy::from_list("https://app.example");
    let challenge = magisterium_core::serve::http::WorkerResponse {
        status: 401,
        headers: vec![("www-authenticate".into(), "Bearer scope=\"mcp\"".into())],
        body: String::new(),
    };
    let decorated = policy.decorate(challenge, Some("https://app.example"));
    let exposed = decorated.header("access-control-expose-headers").unwrap();
    assert!(
        exposed.split(", ").any(|h| h == "www-authenticate"),
        "{exposed}"
    );
}
