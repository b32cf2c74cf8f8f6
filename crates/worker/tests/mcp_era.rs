//! The Worker's `/mcp` in MCP 2026-07-28 beside the handshake era, natively through
//! `App::handle`: `server/discover`, `tools/list` with caching hints, a `tools/call` forwarded as
//! the same 0.2.6 `message/send` and closed with `resultType` and `serverInfo`, the HTTP 404 of a
//! method 2026-07-28 does not have, and the handshake era unchanged beside it.

use serde_json::{json, Value};

use crate::common::proxy::{post, route, settings};
use magisterium_core::serve::http::WorkerRequest;
use magisterium_worker::app::{App, Route};
use magisterium_worker::upstream::UpstreamOutcome;

/// A 2026-07-28 POST of `method` with `params` (plus `_meta`) and the headers a client sends.
fn modern(method: &str, mut params: Value) -> WorkerRequest {
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {}
    });
    let name = params["name"].as_str().unwrap_or("").to_owned();
    let mut headers = vec![
        ("mcp-protocol-version", "2026-07-28"),
        ("mcp-method", method),
    ];
    if !name.is_empty() {
        headers.push(("mcp-name", &name));
    }
    let body = json!({ "jsonrpc": "2.0", "id": 4, "method": method, "params": params });
    WorkerRequest {
        path: "/mcp".into(),
        ..post(&body.to_string(), &headers)
    }
}

fn answered(app: &mut App, req: &WorkerRequest) -> (u16, Value) {
    match route(
        app,
        &settings(&[("ALLOWED_SKILLS", "pope_lookup,document_search")]),
        req,
    ) {
        Route::Respond(r) => (
            r.status,
            serde_json::from_str(&r.body).unwrap_or(Value::Null),
        ),
        other => panic!("expected an answer, got {other:?}"),
    }
}

#[test]
fn discover_and_tools_list_are_answered_in_2026_07_28() {
    let mut app = App::proxy_only();
    let (status, discover) = answered(&mut app, &modern("server/discover", json!({})));
    assert_eq!(status, 200);
    assert_eq!(discover["id"], 4);
    let result = &discover["result"];
    assert_eq!(
        result["supportedVersions"],
        json!(["2026-07-28", "2025-11-25", "2025-06-18"])
    );
    assert_eq!(result["resultType"], "complete");
    assert_eq!(
        result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "magisterium-a2a"
    );
    let (_, list) = answered(&mut app, &modern("tools/list", json!({})));
    let names: Vec<&str> = list["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["document_search", "pope_lookup"]);
    assert_eq!(list["result"]["ttlMs"], 3_600_000);
    assert_eq!(list["result"]["cacheScope"], "public");
    // `ping` is gone in 2026-07-28, and an unknown method is HTTP 404 with -32601 there; the
    // handshake era keeps both as they were.
    for method in ["ping", "resources/list", "initialize/extra"] {
        let (status, body) = answered(&mut app, &modern(method, json!({})));
        assert_eq!(
            (status, body["error"]["code"].as_i64()),
            (404, Some(-32601)),
            "{method}"
        );
    }
    let ping = json!({ "jsonrpc": "2.0", "id": 1, "method": "ping" }).to_string();
    let legacy = WorkerRequest {
        path: "/mcp".into(),
        ..post(&ping, &[])
    };
    assert_eq!(
        answered(&mut app, &legacy),
        (200, json!({ "jsonrpc": "2.0", "id": 1, "result": {} }))
    );
    // `server/discover` without the 2026-07-28 `_meta` is no method of the handshake era.
    let discover = json!({ "jsonrpc": "2.0", "id": 1, "method": "server/discover" }).to_string();
    let legacy = WorkerRequest {
        path: "/mcp".into(),
        ..post(&discover, &[])
    };
    assert_eq!(answered(&mut app, &legacy).1["error"]["code"], -32601);
}

#[test]
fn a_2026_07_28_tool_call_goes_upstream_and_comes_back_complete() {
    let s = settings(&[]);
    let mut app = App::proxy_only();
    let call = modern(
        "tools/call",
        json!({ "name": "pope_lookup", "arguments": { "query": "Leo XIV" } }),
    );
    let plan = match route(&mut app, &s, &call) {
        Route::Forward(plan) => plan,
        other => panic!("expected an upstream call, got {other:?}"),
    };
    assert_eq!(
        (plan.method.as_str(), plan.skill.as_deref()),
        ("message/send", Some("pope_lookup"))
    );
    let pope = crate::common::fixture("responses/lookup_pope.json");
    let outcome = UpstreamOutcome::Answer {
        status: 200,
        headers: vec![],
        body: pope.into_bytes(),
    };
    let (answer, _) = app.finish_answer(&plan, outcome, &s).into_parts();
    let body: Value = serde_json::from_str(&answer.body).unwrap();
    assert_eq!(answer.status, 200);
    assert_eq!(body["result"]["resultType"], "complete");
    assert!(body["result"]["_meta"]["io.modelcontextprotocol/serverInfo"].is_object());
    assert!(body["result"]["structuredContent"]["name"].is_string());
    // A header that does not match the body never reaches the upstream.
    let mut mismatched = call.clone();
    for (name, value) in &mut mismatched.headers {
        if name == "mcp-name" {
            *value = "document_fetch".into();
        }
    }
    match route(&mut app, &s, &mismatched) {
        Route::Respond(r) => {
            let body: Value = serde_json::from_str(&r.body).unwrap();
            assert_eq!(
                (r.status, body["error"]["code"].as_i64(), &body["id"]),
                (400, Some(-32020), &json!(4))
            );
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn chatgpt_search_and_fetch_are_listed_and_called_only_with_mcp_search_fetch() {
    let names = |s: &magisterium_worker::settings::Settings| {
        let list = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list" }).to_string();
        let req = WorkerRequest {
            path: "/mcp".into(),
            ..post(&list, &[])
        };
        match route(&mut App::proxy_only(), s, &req) {
            Route::Respond(r) => {
                let body: Value = serde_json::from_str(&r.body).unwrap();
                body["result"]["tools"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t["name"].as_str().unwrap().to_owned())
                    .collect::<Vec<_>>()
            }
            other => panic!("{other:?}"),
        }
    };
    let off = settings(&[]);
    let on = settings(&[("MCP_SEARCH_FETCH", "true")]);
    assert_eq!(names(&off).len(), 10);
    assert_eq!(names(&on)[10..], ["search".to_owned(), "fetch".to_owned()]);
    let search = modern(
        "tools/call",
        json!({ "name": "search", "arguments": { "query": "just wage" } }),
    );
    assert!(
        matches!(
            route(&mut App::proxy_only(), &off, &search),
            Route::Respond(_)
        ),
        "unknown without the setting"
    );
    let mut app = App::proxy_only();
    let plan = match route(&mut app, &on, &search) {
        Route::Forward(plan) => plan,
        other => panic!("expected an upstream call, got {other:?}"),
    };
    assert_eq!(plan.skill.as_deref(), Some("document_search"));
    let results = crate::common::fixture("responses/search_results.json");
    let outcome = UpstreamOutcome::Answer {
        status: 200,
        headers: vec![],
        body: results.into_bytes(),
    };
    let (answer, _) = app.finish_answer(&plan, outcome, &on).into_parts();
    let body: Value = serde_json::from_str(&answer.body).unwrap();
    let text = body["result"]["content"][0]["text"].as_str().unwrap();
    let parsed: Value = serde_json::from_str(text).unwrap();
    assert_eq!(parsed, body["result"]["structuredContent"]);
    assert!(parsed["results"][0]["id"].is_string());
    assert_eq!(body["result"]["resultType"], "complete");
}
