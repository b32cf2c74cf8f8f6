//! The one exit (issue 37): every answer the Worker gives leaves in its door's shape, with
//! `Cache-Control` and CORS for an allowed page, exactly once; and nothing in the Worker's sources
//! adds CORS or closes a door anywhere else.

use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};
use magisterium_worker::app::{App, Route};
use magisterium_worker::settings::Settings;
use serde_json::{json, Value};

use crate::common::proxy::{post, route, send_body, settings};

const PAGE: &str = "https://app.example";

/// A request of `method` to `path` from a page of [`PAGE`] (an allowed origin).
fn from_page(method: &str, path: &str, body: &str, headers: &[(&str, &str)]) -> WorkerRequest {
    let mut all = vec![("origin", PAGE)];
    all.extend_from_slice(headers);
    let mut request = post(body, &all);
    request.method = method.into();
    request.path = path.into();
    request
}

/// Every answer the app gives itself to `request`: one CORS grant, `Vary: Origin` once, a
/// `Cache-Control`.
fn answered(app: &mut App, s: &Settings, request: &WorkerRequest) -> WorkerResponse {
    let response = match route(app, s, request) {
        Route::Respond(r) | Route::Misconfigured(_, r) => r,
        other => panic!(
            "{} {}: expected an answer, got {other:?}",
            request.method, request.path
        ),
    };
    let count = |name: &str| response.headers.iter().filter(|(n, _)| n == name).count();
    let what = format!("{} {} → {}", request.method, request.path, response.status);
    assert_eq!(
        response.header("access-control-allow-origin"),
        Some(PAGE),
        "{what}"
    );
    assert_eq!(count("access-control-allow-origin"), 1, "{what}");
    assert_eq!(count("vary"), 1, "{what}");
    assert!(response.header("cache-control").is_some(), "{what}");
    response
}

fn body(response: &WorkerResponse) -> Value {
    serde_json::from_str(&response.body).unwrap_or(Value::Null)
}

#[test]
fn every_route_and_refusal_leaves_with_cors_once_and_a_cache_control() {
    let send = send_body(
        "document_search",
        json!([{"kind": "text", "text": "grace"}]),
    );
    let v1 = json!({"jsonrpc": "2.0", "id": 4, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "m", "parts": [{"text": "grace"}],
        "metadata": {"skillId": "document_search"}}}})
    .to_string();
    let initialize = json!({"jsonrpc": "2.0", "id": 42, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"}}})
    .to_string();
    let bad = send_body("no_such_skill", json!([{"kind": "text", "text": "x"}]));
    let v1_header = [("a2a-version", "1.0")];
    let embedded = settings(&[("UPSTREAM_URL", "embedded")]);
    let requests = [
        from_page("POST", "/api/v1/a2a", &send, &[]),
        from_page("POST", "/api/v1/a2a", &v1, &v1_header),
        from_page("POST", "/api/v1/a2a", &bad, &[]),
        from_page("POST", "/api/v1/a2a", "{not json", &[]),
        from_page("POST", "/api/v1/a2a", "{}", &v1_header),
        from_page("GET", "/api/v1/a2a", "", &[]),
        from_page("OPTIONS", "/api/v1/a2a", "", &[]),
        from_page("GET", "/.well-known/agent.json", "", &[]),
        from_page("GET", "/.well-known/agent-card.json", "", &[]),
        from_page("POST", "/mcp", &initialize, &[]),
        from_page("GET", "/mcp", "", &[]),
        from_page("OPTIONS", "/mcp", "", &[]),
    ];
    for request in &requests {
        answered(&mut App::new(), &embedded, request);
    }
    // The proxy's own refusals: a bad request, and a deployment missing its upstream.
    let proxy = settings(&[]);
    answered(
        &mut App::new(),
        &proxy,
        &from_page("POST", "/api/v1/a2a", &bad, &[]),
    );
    let misconfigured = answered(
        &mut App::proxy_only(),
        &embedded,
        &from_page("POST", "/api/v1/a2a", &send, &[]),
    );
    assert_eq!(misconfigured.status, 503);
}

#[test]
fn a_refusal_of_an_mcp_request_carries_its_id() {
    let initialize = json!({"jsonrpc": "2.0", "id": 42, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"}}})
    .to_string();
    let mut request = post(&initialize, &[("origin", "https://evil.example")]);
    request.path = "/mcp".into();
    let Route::Respond(refused) = route(&mut App::new(), &settings(&[]), &request) else {
        panic!("refused at once")
    };
    assert_eq!(refused.status, 403);
    assert_eq!(body(&refused)["id"], 42, "{}", refused.body);
}

/// Where each way of making or shaping an answer may appear in the Worker's sources, and how
/// often: the exit (`exit.rs`) is the only place that adds CORS or closes a door; the entry turns
/// the exit's answers into a platform `Response` in one place (`Call::done`, `call.rs`), besides the
/// in-process issuer's answers (`in_process`: oauth4webapi's own fetches, never a visitor's); the
/// platform `Response`s of `io.rs` are that writer, the asset fallback and the Cache API's entries.
const ALLOWED: &[(&str, &str, usize)] = &[
    (".decorate(", "exit.rs", 1),
    (".close(", "exit.rs", 3),
    (".close(", "door.rs", 2),
    ("io::response(", "call.rs", 1),
    ("io::response(", "entry.rs", 2),
    ("Response::new", "io.rs", 5),
];

#[test]
fn nothing_but_the_exit_adds_cors_closes_a_door_or_writes_a_response() {
    let mut files = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src"
    ))];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 20, "read the Worker's sources");
    for (pattern, _, _) in ALLOWED {
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            // A file's own unit tests may call what they test.
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            let name = file.file_name().unwrap().to_string_lossy();
            let found = code.matches(pattern).count();
            let allowed = ALLOWED
                .iter()
                .filter(|(p, f, _)| p == pattern && *f == name)
                .map(|(_, _, n)| *n)
                .sum::<usize>();
            assert_eq!(
                found, allowed,
                "`{pattern}` in {name}: every answer leaves through exit.rs"
            );
        }
    }
}

/// The reason of a 1.0 error's typed details (`google.rpc.ErrorInfo`, in `data`), if any.
fn reason(body: &Value) -> Option<&str> {
    body["error"]["data"]
        .as_array()?
        .iter()
        .find_map(|d| d["reason"].as_str())
}

#[test]
fn the_entrys_own_refusals_leave_through_the_requests_door_with_its_id() {
    use magisterium_core::serve::http;
    use magisterium_worker::doors::exit::{Answer, Exit};
    let s = settings(&[]);
    let v1 = json!({"jsonrpc": "2.0", "id": 4, "method": "SendMessage", "params": {"message": {
        "role": "ROLE_USER", "messageId": "m", "parts": [{"text": "grace"}],
        "metadata": {"skillId": "document_search"}}}})
    .to_string();
    let legacy = send_body(
        "document_search",
        json!([{"kind": "text", "text": "grace"}]),
    );
    let initialize = json!({"jsonrpc": "2.0", "id": 42, "method": "initialize"}).to_string();
    let signed_out = || Answer::Refusal(http::sign_in_refused("signed-out"));

    // A 1.0 client reads sign-in's refusal as 1.0's UNAUTHENTICATED, not "unsupported operation".
    let request = from_page("POST", "/api/v1/a2a", &v1, &[("a2a-version", "1.0")]);
    let r = Exit::of(&request).leave(signed_out(), &s);
    let v = body(&r);
    assert_eq!((r.status, &v["id"]), (401, &json!(4)), "{v}");
    assert_eq!(reason(&v), Some("UNAUTHENTICATED"), "{v}");
    assert_eq!(r.header("access-control-allow-origin"), Some(PAGE));
    // A 1.0 request whose body was never read (over the cap) is known by its header.
    let head = from_page("POST", "/api/v1/a2a", "", &[("a2a-version", "1.0")]);
    assert!(Exit::of(&head).has_door());
    let r = Exit::of(&head).leave(signed_out(), &s);
    assert_eq!(reason(&body(&r)), Some("UNAUTHENTICATED"), "{}", r.body);
    // 0.2.6 keeps Magisterium's own code, with the request's id.
    let request = from_page("POST", "/api/v1/a2a", &legacy, &[]);
    let v = body(&Exit::of(&request).leave(signed_out(), &s));
    assert_eq!((&v["id"], &v["error"]["code"]), (&json!(9), &json!(-32004)));
    // MCP: the request's id; none where the request has none (MCP allows no null id).
    let request = from_page("POST", "/mcp", &initialize, &[]);
    assert_eq!(body(&Exit::of(&request).leave(signed_out(), &s))["id"], 42);
    let request = from_page("POST", "/mcp", "not json", &[]);
    let v = body(&Exit::of(&request).leave(signed_out(), &s));
    assert!(v.get("id").is_none(), "{v}");
}
