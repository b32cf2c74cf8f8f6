//! The invariants of the `proxy_request` fuzz target. The cargo-fuzz target calls them, and the native
//! tests of the crate under test include this very file (`#[path]`) to replay the corpus and every
//! saved crash on stable, so a finding and its fixture test run the same code.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

// The proxy's request validator (`worker::proxy::inspect` through `App::handle`) and what it does
// with an upstream answer (`App::finish`), plus the embedded agent on the same bytes.

/// Invariants: no panic; a request is forwarded only to the configured upstream, only as one
/// JSON-RPC 2.0 object with an allowed method (and skill) whose id the plan keeps; every local
/// answer is JSON (a JSON-RPC error for refusals); nothing answered ever carries the secret; an
/// upstream answer (these same bytes) becomes either the upstream's JSON-RPC body unchanged or a
/// JSON-RPC error of the proxy.
pub fn check_proxy_request(data: &[u8]) {
    use super::proxy_setup::{allowed_skill, echoes_secret, post, vars, SECRET, UPSTREAM};
    use magisterium_core::ids::SeededRandom;
    use magisterium_core::serve::http::WorkerResponse;
    use magisterium_worker::app::{App, Route};
    use magisterium_worker::settings::Settings;
    use magisterium_worker::upstream::UpstreamOutcome;
    use serde_json::Value;

    let selector = data.iter().fold(0u8, |a, b| a.wrapping_add(*b));
    let mut vars = vars(&[("AGENT_REQUIRE_TOKEN", SECRET)]);
    let mut has_binding = false;
    match selector % 5 {
        1 => {
            vars.insert("ALLOWED_SKILLS".into(), "catholic_qa,document_fetch".into());
            vars.insert("PROXY_RATE_LIMITS".into(), "off".into());
        }
        2 => has_binding = true,
        3 => {
            vars.insert("UPSTREAM_URL".into(), "embedded".into());
        }
        4 => {
            vars.insert("UPSTREAM_URL".into(), "embedded".into());
            vars.remove("AGENT_REQUIRE_TOKEN");
            vars.insert("AGENT_RATE_LIMITS".into(), "on".into());
        }
        _ => {}
    }
    let embedded = vars.get("UPSTREAM_URL").map(String::as_str) == Some("embedded");
    let settings = Settings::from_vars(|name| vars.get(name).cloned());
    let origin = match (selector / 5) % 4 {
        0 => None,
        1 => Some("https://app.example"),
        2 => Some("https://evil.example"),
        _ => Some("null"),
    };
    let bearer = format!("Bearer {SECRET}");
    let mut headers = Vec::new();
    if let Some(o) = origin {
        headers.push(("origin", o));
    }
    if selector % 7 == 0 {
        headers.push(("authorization", bearer.as_str()));
    }
    let request = post("/api/v1/a2a", &headers, data);
    let echoed = echoes_secret(data);
    let no_secret = |r: &WorkerResponse, what: &str| {
        if echoed {
            return;
        }
        assert!(!r.body.contains(SECRET), "{what}: the secret in a body");
        for (name, value) in &r.headers {
            assert!(
                !value.contains(SECRET) && !name.contains(SECRET),
                "{what}: the secret in a header"
            );
        }
        assert!(r.header("set-cookie").is_none(), "{what}: a Set-Cookie");
    };
    let mut app = App::new();
    let route = app.handle(&request, &settings, &mut SeededRandom(7), has_binding);
    let route_again = App::new().handle(&request, &settings, &mut SeededRandom(7), has_binding);
    assert_eq!(
        format!("{route:?}"),
        format!("{route_again:?}"),
        "not deterministic"
    );
    match route {
        Route::Forward(plan) => {
            assert!(!embedded, "the embedded agent forwarded a request");
            assert_eq!(plan.upstream_url, UPSTREAM, "forwarded somewhere else");
            assert!(
                origin.is_none() || origin == Some("https://app.example"),
                "forwarded for origin {origin:?}"
            );
            let body: Value =
                serde_json::from_slice(data).expect("forwarded a body that is not JSON");
            let obj = body
                .as_object()
                .expect("forwarded a body that is not one object");
            assert_eq!(obj.get("jsonrpc").and_then(Value::as_str), Some("2.0"));
            let method = obj
                .get("method")
                .and_then(Value::as_str)
                .unwrap_or_default();
            assert!(
                matches!(method, "message/send" | "tasks/get" | "tasks/cancel"),
                "forwarded method {method:?}"
            );
            assert_eq!(plan.method, method);
            assert_eq!(Some(&plan.rpc_id), obj.get("id"), "the plan lost the id");
            assert!(
                plan.rpc_id.is_string() || plan.rpc_id.is_number(),
                "forwarded id {:?}",
                plan.rpc_id
            );
            if method == "message/send" {
                allowed_skill(&plan, &settings);
            }
            // The same bytes as the upstream's answer, with a few statuses.
            for (status, retry_after) in [
                (200u16, true),
                (429, true),
                (429, false),
                (500, false),
                (302, true),
            ] {
                let mut headers = vec![("set-cookie".into(), "sid=upstream".into())];
                if retry_after {
                    headers.push(("retry-after".into(), "5".into()));
                }
                let outcome = UpstreamOutcome::Answer {
                    status,
                    headers,
                    body: data.to_vec(),
                };
                let (r, cache) = app.finish_answer(&plan, outcome, &settings).into_parts();
                no_secret(&r, "finish");
                let answer: Value = serde_json::from_str(&r.body).expect("finish: not JSON");
                if r.body.as_bytes() != data {
                    assert_eq!(answer.get("jsonrpc").and_then(Value::as_str), Some("2.0"));
                    assert!(
                        answer
                            .pointer("/error/code")
                            .and_then(Value::as_i64)
                            .is_some(),
                        "finish: not a JSON-RPC error"
                    );
                    assert!(
                        r.status >= 400,
                        "finish: an own answer with status {}",
                        r.status
                    );
                    assert!(cache.is_none(), "finish: cached an own answer");
                }
                if r.status == 429 {
                    assert!(
                        r.header("retry-after").is_some(),
                        "finish: a 429 without Retry-After"
                    );
                }
                if (300..400).contains(&status) {
                    assert_eq!(
                        r.status, 502,
                        "finish: a redirect was followed or passed on"
                    );
                }
            }
            for outcome in [
                UpstreamOutcome::Timeout,
                UpstreamOutcome::Unreachable,
                UpstreamOutcome::NotSent,
                UpstreamOutcome::TooLarge,
            ] {
                let (r, cache) = app.finish_answer(&plan, outcome, &settings).into_parts();
                assert!(
                    r.status == 502 || r.status == 504,
                    "finish: status {}",
                    r.status
                );
                assert!(cache.is_none());
                let body: Value = serde_json::from_str(&r.body).expect("finish: not JSON");
                assert!(
                    body.pointer("/error/data/upstream").is_some(),
                    "finish: no word on whether the upstream was reached"
                );
            }
        }
        Route::Respond(r) => {
            no_secret(&r, "respond");
            assert!((200..600).contains(&r.status), "status {}", r.status);
            let answer: Value =
                serde_json::from_str(&r.body).expect("a local answer that is not JSON");
            if r.status >= 400 && answer.get("jsonrpc").is_some() {
                assert!(
                    answer
                        .pointer("/error/code")
                        .and_then(Value::as_i64)
                        .is_some(),
                    "an error without a code"
                );
            }
            if r.status == 429 {
                assert!(
                    r.header("retry-after").is_some(),
                    "a 429 without Retry-After"
                );
            }
        }
        Route::Asset | Route::FetchCard(_) | Route::Misconfigured(..) => {
            panic!("a POST to the endpoint became {route:?}")
        }
        #[allow(unreachable_patterns)]
        _ => {}
    }
}
