//! The invariants of the `mcp_request` fuzz target: the Worker's MCP front door (`/mcp`) on any
//! bytes. The cargo-fuzz target calls them, and the worker's native tests include this very file
//! (`#[path]`) to replay the corpus and every saved crash on stable.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

/// Invariants: no panic; the core's reader answers a refusal as a JSON-RPC error (HTTP 400 without
/// an id, 200 with one); through `App::handle` a message is answered at once (JSON, or 202 with no
/// body) or forwarded only to the configured upstream as a 0.2.6 `message/send` of an allowed
/// skill; the upstream's answer (these same bytes, with a few statuses) comes back as HTTP 200 with
/// a JSON-RPC answer (a `CallToolResult` or an error); nothing carries the secret.
pub fn check_mcp_request(data: &[u8]) {
    use super::proxy_setup::{allowed_skill, echoes_secret, post, vars, SECRET, UPSTREAM};
    use magisterium_core::ids::SeededRandom;
    use magisterium_core::mcp::{self, Message};
    use magisterium_worker::app::{App, Route};
    use magisterium_worker::settings::Settings;
    use magisterium_worker::upstream::UpstreamOutcome;
    use serde_json::Value;

    match mcp::read(data) {
        Ok(Message::Accepted) => {}
        Ok(Message::Request(id, _, _)) => assert!(id.is_string() || id.is_number(), "id {id:?}"),
        Err(refused) => {
            let body: Value = serde_json::from_str(&refused.body).expect("refusal: not JSON");
            let code = body.pointer("/error/code").and_then(Value::as_i64);
            assert!(
                matches!(code, Some(-32700 | -32600 | -32602)),
                "refusal code {code:?}"
            );
            let expected = if body.get("id").is_some() { 200 } else { 400 };
            assert_eq!(refused.status, expected, "refusal status");
        }
    }

    let selector = data.iter().fold(0u8, |a, b| a.wrapping_add(*b));
    let skills = if selector % 3 == 1 {
        "pope_lookup,document_fetch"
    } else {
        ""
    };
    let vars = vars(&[("ALLOWED_SKILLS", skills)]);
    let settings = Settings::from_vars(|name| vars.get(name).cloned());
    let mut headers = Vec::new();
    if selector % 5 == 2 {
        headers.push(("origin", "https://evil.example"));
    }
    if selector % 7 == 3 {
        headers.push(("mcp-protocol-version", "2025-06-18"));
    }
    let request = post("/mcp", &headers, data);
    let echoed = echoes_secret(data);
    let mut app = App::proxy_only();
    match app.handle(&request, &settings, &mut SeededRandom(7), false) {
        Route::Respond(r) => {
            assert!(
                echoed || !r.body.contains(SECRET),
                "the secret in an answer"
            );
            if r.status == 202 {
                assert!(r.body.is_empty(), "a 202 with a body");
            } else {
                let body: Value = serde_json::from_str(&r.body).expect("answer: not JSON");
                assert_eq!(body.get("jsonrpc").and_then(Value::as_str), Some("2.0"));
                assert!(body.get("result").is_some() != body.get("error").is_some());
            }
        }
        Route::Forward(plan) => {
            assert_eq!(plan.upstream_url, UPSTREAM, "forwarded somewhere else");
            assert_eq!(plan.method, "message/send");
            let skill = allowed_skill(&plan, &settings);
            let sent: Value = serde_json::from_str(plan.body.as_deref().expect("no 0.2.6 body"))
                .expect("forwarded a body that is not JSON");
            assert_eq!(sent["method"], "message/send");
            assert_eq!(sent["params"]["message"]["metadata"]["skillId"], skill);
            for status in [200u16, 429, 401, 500] {
                let outcome = UpstreamOutcome::Answer {
                    status,
                    headers: vec![("retry-after".into(), "5".into())],
                    body: data.to_vec(),
                };
                let (r, _) = app.finish_answer(&plan, outcome, &settings).into_parts();
                assert_eq!(
                    r.status, 200,
                    "a tools/call answer with status {}",
                    r.status
                );
                let body: Value = serde_json::from_str(&r.body).expect("tool answer: not JSON");
                match (body.get("result"), body.get("error")) {
                    (Some(result), None) => assert!(result["content"].is_array(), "no content"),
                    (None, Some(error)) => assert!(error["code"].is_i64(), "no error code"),
                    _ => panic!("tool answer: neither result nor error"),
                }
            }
        }
        other => panic!("unexpected route {other:?}"),
    }
}
