//! The proxy's native harness: settings with a fixed upstream, a POST of the A2A endpoint, and the
//! route a request takes (answered locally, or planned for the upstream).
#![allow(dead_code)]

use magisterium_core::ids::SeededRandom;
use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};
use magisterium_worker::app::{App, Route};
use magisterium_worker::proxy::ForwardPlan;
use magisterium_worker::settings::Settings;
use serde_json::{json, Value};
use std::collections::HashMap;

/// The upstream every test's settings name.
pub const UPSTREAM: &str = "http://127.0.0.1:18900/ok/search_empty";

/// The proxy's settings: [`UPSTREAM`], an operator token and one allowed origin, plus `extra`.
pub fn settings(extra: &[(&str, &str)]) -> Settings {
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

/// A JSON POST to `/api/v1/a2a` from one client, at a fixed time, without a session.
pub fn post(body: &str, headers: &[(&str, &str)]) -> WorkerRequest {
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
        account: None,
    }
}

/// A `message/send` (id 9) of `skill` with these parts.
pub fn send_body(skill: &str, parts: Value) -> String {
    json!({"jsonrpc": "2.0", "id": 9, "method": "message/send", "params": {"message": {
        "role": "user", "kind": "message", "messageId": "m", "parts": parts, "metadata": {"skillId": skill}}}})
    .to_string()
}

/// What the app does with `req`.
pub fn route(app: &mut App, s: &Settings, req: &WorkerRequest) -> Route {
    app.handle(req, s, &mut SeededRandom(1), false)
}

/// The local answer to `req` (a refusal), with its body parsed.
pub fn rejected(app: &mut App, s: &Settings, req: &WorkerRequest) -> (WorkerResponse, Value) {
    match route(app, s, req) {
        Route::Respond(r) => {
            let v = serde_json::from_str(&r.body).unwrap_or(Value::Null);
            (r, v)
        }
        other => panic!("expected a local answer, got {other:?}"),
    }
}

/// The upstream call planned for `req`.
pub fn planned(app: &mut App, s: &Settings, req: &WorkerRequest) -> ForwardPlan {
    match route(app, s, req) {
        Route::Forward(plan) => plan,
        other => panic!("expected an upstream call, got {other:?}"),
    }
}

/// The plan of a plain `document_search` ("q") with no extra headers.
pub fn planned_search(app: &mut App, s: &Settings) -> ForwardPlan {
    let body = send_body("document_search", json!([{"kind": "text", "text": "q"}]));
    planned(app, s, &post(&body, &[]))
}
