//! A2A 1.0's HTTP+JSON binding through the proxy, natively: a REST call is planned as the same
//! 0.2.6 upstream call as its JSON-RPC twin (so the same checks, limits, caps and budget hold),
//! and every answer, the upstream's and the proxy's own refusals, leaves in the binding's terms
//! with CORS once.

use serde_json::{json, Value};

use crate::common::fixture;
use crate::common::proxy::{planned, post, rejected, route, settings};
use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};
use magisterium_worker::app::{App, Route};
use magisterium_worker::upstream::UpstreamOutcome;

const PAGE: &str = "https://app.example";

fn rest(method: &str, path: &str, body: &str, headers: &[(&str, &str)]) -> WorkerRequest {
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    WorkerRequest {
        method: method.into(),
        path: format!("/api/v1/a2a{path}"),
        query: query.into(),
        ..post(body, headers)
    }
}

fn json_of(response: &WorkerResponse) -> Value {
    serde_json::from_str(&response.body).unwrap()
}

fn reason_of(body: &Value) -> Option<&str> {
    body["error"]["details"]
        .as_array()?
        .iter()
        .find(|d| d["@type"] == "type.googleapis.com/google.rpc.ErrorInfo")?["reason"]
        .as_str()
}

#[test]
fn a_rest_call_goes_upstream_as_its_json_rpc_twin_does() {
    let s = settings(&[]);
    let mut app = App::proxy_only();
    let by_rest = planned(
        &mut app,
        &s,
        &rest("GET", "/tasks/t%201?historyLength=2", "", &[]),
    );
    let twin = json!({"jsonrpc": "2.0", "id": 1, "method": "GetTask", "params": {"id": "t 1", "historyLength": 2}});
    let by_rpc = planned(&mut app, &s, &post(&twin.to_string(), &[]));
    assert_eq!(by_rest.method, "tasks/get");
    assert_eq!(by_rest.body, by_rpc.body);
    assert_eq!(by_rest.method, by_rpc.method);

    let send = json!({"message": {"role": "ROLE_USER", "messageId": "m", "parts": [{"text": "grace"}],
        "metadata": {"skillId": "document_search"}}});
    let plan = planned(
        &mut app,
        &s,
        &rest("POST", "/message:send", &send.to_string(), &[]),
    );
    assert_eq!(
        (plan.method.as_str(), plan.skill.as_deref()),
        ("message/send", Some("document_search"))
    );
    let answer =
        |status: u16, headers: Vec<(String, String)>, body: &str| UpstreamOutcome::Answer {
            status,
            headers,
            body: body.as_bytes().to_vec(),
        };
    let ok = fixture("responses/search_results.json");
    let (done, _) = app
        .finish_answer(&plan, answer(200, vec![], &ok), &s)
        .into_parts();
    assert_eq!(done.status, 200);
    assert_eq!(
        json_of(&done)["task"]["status"]["state"],
        "TASK_STATE_COMPLETED"
    );

    let limited = fixture("responses/error_rate_limited.json");
    let retry = vec![("retry-after".to_owned(), "42".to_owned())];
    let (done, _) = app
        .finish_answer(&plan, answer(429, retry, &limited), &s)
        .into_parts();
    assert_eq!(done.status, 429);
    assert_eq!(done.header("retry-after"), Some("42"));
    let body = json_of(&done);
    assert_eq!(body["error"]["status"], "RESOURCE_EXHAUSTED");
    assert_eq!(reason_of(&body), Some("RATE_LIMIT_EXCEEDED"));

    let get = planned(&mut app, &s, &rest("GET", "/tasks/gone", "", &[]));
    let missing = fixture("responses/error_task_not_found.json");
    let (done, _) = app
        .finish_answer(&get, answer(200, vec![], &missing), &s)
        .into_parts();
    assert_eq!(done.status, 404);
    assert_eq!(reason_of(&json_of(&done)), Some("TASK_NOT_FOUND"));
    let (timeout, _) = app
        .finish_answer(&get, UpstreamOutcome::Timeout, &s)
        .into_parts();
    assert!(timeout.status >= 500, "{}", timeout.status);
    assert_eq!(
        json_of(&timeout)["error"]["code"],
        u64::from(timeout.status)
    );
}

#[test]
fn the_proxy_s_own_refusals_leave_in_the_binding_s_terms_with_cors_once() {
    let mut app = App::proxy_only();
    let page = [("origin", PAGE)];
    // Refused before any upstream call: a DNS-rebinding page (origin_rule.rs), a deployment
    // without a token.
    let s = settings(&[]);
    let mut rebinding = rest(
        "GET",
        "/tasks/t1",
        "",
        &[("origin", "https://evil.example")],
    );
    rebinding.origin = "https://evil.example".into();
    let (r, body) = rejected(&mut app, &s, &rebinding);
    assert_eq!(r.status, 403);
    assert_eq!(body["error"]["code"], 403);
    assert_eq!(body["error"]["status"], "PERMISSION_DENIED");
    let no_token = settings(&[("MAGISTERIUM_TOKEN", "")]);
    let r = match route(&mut app, &no_token, &rest("GET", "/tasks/t1", "", &page)) {
        Route::Misconfigured("MAGISTERIUM_TOKEN", r) => r,
        other => panic!("expected the missing token, got {other:?}"),
    };
    let body = json_of(&r);
    assert_eq!(r.status, 503, "{body}");
    assert_eq!(body["error"]["status"], "UNAVAILABLE");
    let count =
        |r: &WorkerResponse, name: &str| r.headers.iter().filter(|(n, _)| n == name).count();
    assert_eq!(count(&r, "access-control-allow-origin"), 1);
    // The front door's own refusal, in REST terms, with CORS once.
    let (r, body) = rejected(&mut app, &s, &rest("POST", "/message:stream", "{}", &page));
    assert_eq!(r.status, 400);
    assert_eq!(reason_of(&body), Some("UNSUPPORTED_OPERATION"));
    assert_eq!(r.header("access-control-allow-origin"), Some(PAGE));
    assert_eq!(count(&r, "access-control-allow-origin"), 1);
    // A skill the deployment does not offer: the proxy's -32602, as 400.
    let only = settings(&[("ALLOWED_SKILLS", "pope_lookup")]);
    let send = json!({"message": {"role": "ROLE_USER", "messageId": "m", "parts": [{"text": "grace"}],
        "metadata": {"skillId": "document_search"}}});
    let (r, body) = rejected(
        &mut app,
        &only,
        &rest("POST", "/message:send", &send.to_string(), &page),
    );
    assert_eq!(r.status, 400, "{body}");
    assert_eq!(body["error"]["code"], 400);
    // A preflight of a REST route is answered as any API path's.
    let (r, _) = rejected(&mut app, &s, &rest("OPTIONS", "/tasks/t1", "", &page));
    assert!(r.status < 300, "{}", r.status);
    assert_eq!(r.header("access-control-allow-origin"), Some(PAGE));
}

#[test]
fn the_entrys_own_refusals_of_a_rest_call_leave_in_the_binding_s_terms() {
    use magisterium_core::serve::http;
    use magisterium_core::upstream::Reach;
    use magisterium_worker::doors::exit::{Answer, Exit};
    let s = settings(&[]);
    let page = [("origin", PAGE)];
    for (method, path) in [
        ("GET", "/tasks/t1"),
        ("POST", "/message:send"),
        ("GET", "/tasks?pageSize=2"),
    ] {
        let request = rest(method, path, "", &page);
        let exit = Exit::of(&request);
        assert!(exit.has_door(), "{method} {path}");
        for (refusal, status, name) in [
            (http::sign_in_refused("signed-out"), 401, "UNAUTHENTICATED"),
            (http::body_too_large(65_536), 413, "INVALID_ARGUMENT"),
            (http::internal_error(Reach::NotReached), 500, "INTERNAL"),
        ] {
            let r = exit.leave(Answer::Refusal(refusal), &s);
            let body = json_of(&r);
            assert_eq!(r.status, status, "{method} {path}: {body}");
            assert_eq!(body["error"]["code"], status, "{body}");
            assert_eq!(body["error"]["status"], name, "{body}");
            assert!(body["error"]["details"].is_array(), "{body}");
            assert!(body.get("jsonrpc").is_none(), "{body}");
            assert_eq!(r.header("access-control-allow-origin"), Some(PAGE));
        }
    }
}
