//! The invariants of the `worker_request` fuzz target: the Worker's whole request path (method,
//! path, headers, body) against the one exit's promises. The native tests of the worker include
//! this file (`#[path]`) to replay the corpus on stable.
#![allow(
    clippy::panic,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

/// Invariants, for every answer: the app's (routes and refusals), an upstream's through the
/// plan's exit (the same bytes as its body, and the proxy's own faults), and the entry's own
/// refusals (sign-in, the body cap, the Worker's failure) through the request's exit:
/// - CORS only for the allowed page, exactly once, with `Vary: Origin` once; `Cache-Control` set;
/// - a request's door shapes its errors: an MCP error never has `"id": null`, an A2A 1.0 request
///   never gets Magisterium's 0.2.6 codes (-32004, -32005, -32029), and a refusal made before
///   the body was read carries the request's id when the body has one;
/// - no token (the operator's, or a session's) in any header or body, unless the request's own
///   bytes carried it (the stand-in echoes text).
pub fn check_worker_request(data: &[u8]) {
    use super::proxy_setup::{echoes_secret, vars, SECRET};
    use magisterium_core::ids::SeededRandom;
    use magisterium_core::serve::http::{self, WorkerRequest, WorkerResponse};
    use magisterium_worker::app::{App, Route};
    use magisterium_worker::cache::Mark;
    use magisterium_worker::doors::exit::{Answer, Exit};
    use magisterium_worker::settings::Settings;
    use magisterium_worker::upstream::UpstreamOutcome;
    use serde_json::Value;

    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Some((&headers_byte, body)) = rest.split_first() else {
        return;
    };
    let method = ["POST", "GET", "OPTIONS", "HEAD", "PUT"][usize::from(selector % 5)];
    let path = [
        "/api/v1/a2a",
        "/mcp",
        "/.well-known/agent.json",
        "/.well-known/agent-card.json",
        "/authorize",
        "/auth/login",
    ][usize::from((selector / 5) % 6)];
    let origin = [
        None,
        Some("https://app.example"),
        Some("https://evil.example"),
        Some("null"),
        Some("http://127.0.0.1:8787"),
    ][usize::from(headers_byte % 5)];
    let own = [
        "https://proxy.example",
        "http://127.0.0.1:8787",
        "https://evil.example",
    ][usize::from((headers_byte / 5) % 3)];
    let mut headers = vec![("content-type".to_owned(), "application/json".to_owned())];
    if let Some(o) = origin {
        headers.push(("origin".into(), o.into()));
    }
    if headers_byte & 0x40 != 0 {
        headers.push(("a2a-version".into(), "1.0".into()));
    }
    if headers_byte & 0x80 != 0 {
        headers.push(("authorization".into(), format!("Bearer {SECRET}")));
    }
    let request = WorkerRequest {
        method: method.into(),
        path: path.into(),
        origin: own.into(),
        headers,
        body: body.to_vec(),
        client_key: "198.51.100.7".into(),
        now_ms: 1_796_083_200_000.0,
        ..Default::default()
    };
    let mut vars = vars(&[("AGENT_REQUIRE_TOKEN", SECRET)]);
    if selector & 0x80 != 0 {
        vars.insert("UPSTREAM_URL".into(), "embedded".into());
    }
    let settings = Settings::from_vars(|name| vars.get(name).cloned());
    // CORS is for pages of other sites on the list (a loopback site's own pages need none).
    let listed_page = origin == Some("https://app.example");
    let id_of_body = match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(envelope)) => envelope.get("id").cloned().unwrap_or(Value::Null),
        _ => Value::Null,
    };
    let echoed = echoes_secret(data);
    // A 1.0 request: the exit chose the 1.0 door for it.
    let speaks_v1 = path == "/api/v1/a2a" && Exit::of(&request).has_door();
    let check = |r: &WorkerResponse, what: &str| {
        let count = |name: &str| r.headers.iter().filter(|(n, _)| n == name).count();
        let grants = count("access-control-allow-origin");
        assert_eq!(grants, usize::from(listed_page), "{what}: CORS");
        assert_eq!(count("vary"), 1, "{what}: Vary");
        assert!(
            r.header("cache-control").is_some(),
            "{what}: no Cache-Control"
        );
        if !echoed {
            assert!(!r.body.contains(SECRET), "{what}: the secret in a body");
            for (name, value) in &r.headers {
                assert!(
                    !value.contains(SECRET) && !name.contains(SECRET),
                    "{what}: in {name}"
                );
            }
        }
        let Ok(Value::Object(answer)) = serde_json::from_str::<Value>(&r.body) else {
            return;
        };
        let code = answer
            .get("error")
            .and_then(|e| e.get("code"))
            .and_then(Value::as_i64);
        if path == "/mcp" && code.is_some() {
            assert!(
                answer.get("id").is_none_or(|id| !id.is_null()),
                "{what}: MCP null id"
            );
        }
        if speaks_v1 {
            assert!(
                !matches!(code, Some(-32004 | -32005 | -32029)),
                "{what}: a 0.2.6 code through the 1.0 door"
            );
        }
    };

    // The entry's own refusals, through the request's exit.
    let exit = Exit::of(&request);
    for refusal in [
        http::sign_in_refused("signed-out"),
        http::body_too_large(65_536),
        http::internal_error(magisterium_core::upstream::Reach::NotReached),
    ] {
        let r = exit.leave(Answer::Refusal(refusal), &settings);
        check(&r, "the entry's refusal");
        if path == "/api/v1/a2a" && !id_of_body.is_null() && !speaks_v1 {
            let v: Value = serde_json::from_str(&r.body).unwrap();
            assert_eq!(v["id"], id_of_body, "a refusal lost the request's id");
        }
    }

    let mut app = App::new();
    match app.handle(&request, &settings, &mut SeededRandom(7), false) {
        Route::Respond(r) | Route::Misconfigured(_, r) => check(&r, "the app's answer"),
        Route::Forward(plan) => {
            let outcomes = [
                UpstreamOutcome::Answer {
                    status: 200,
                    headers: vec![("set-cookie".into(), "sid=upstream".into())],
                    body: body.to_vec(),
                },
                UpstreamOutcome::Timeout,
                UpstreamOutcome::TooLarge,
            ];
            for outcome in outcomes {
                let (r, _) = app.finish_answer(&plan, outcome, &settings).into_parts();
                check(&r, "the upstream's answer");
            }
            let entry = String::from_utf8_lossy(body);
            if let Some(r) =
                app.from_cache(&plan, &entry, Mark::Stale, &settings, &mut SeededRandom(3))
            {
                check(&r, "a cached answer");
            }
        }
        Route::ListTasks(plan) => {
            // From no records, and as an owner's listing: each the listing's answer, checked.
            let owner = magisterium_worker::tasks::Owner::of(None, Some("fuzz"));
            for owner in [None, owner.as_ref()] {
                check(&plan.answer(&[], owner, 0.0, &settings), "a listing");
            }
        }
        Route::FetchCard(_) | Route::Asset => {}
    }
}
