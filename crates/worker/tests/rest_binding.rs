//! A2A 1.0's HTTP+JSON binding on the demo's Worker (the stand-in behind it), natively through
//! `App::handle`: each REST route answers what the same JSON-RPC call answers, in the binding's
//! terms (the result as the body; errors as the spec's HTTP status with a `google.rpc.Status`).

use serde_json::{json, Value};

use crate::common::worker::{Harness, NOW};
use magisterium_core::serve::http::WorkerResponse;
use magisterium_worker::app::Route;
use magisterium_worker::tasks::Owner;

const BASE: &str = "/api/v1/a2a";

fn json_of(response: &WorkerResponse) -> Value {
    serde_json::from_str(&response.body).unwrap()
}

/// The `google.rpc.Status` of an error answer: (code, status name, ErrorInfo reason).
fn status_of(response: &WorkerResponse) -> (u64, String, String) {
    let body = json_of(response);
    let error = &body["error"];
    let info = error["details"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["@type"] == "type.googleapis.com/google.rpc.ErrorInfo")
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(error["code"], u64::from(response.status), "{body}");
    (
        error["code"].as_u64().unwrap(),
        error["status"].as_str().unwrap().to_owned(),
        info["reason"].as_str().unwrap_or_default().to_owned(),
    )
}

fn message(text: &str, skill: &str) -> Value {
    json!({"message": {"role": "ROLE_USER", "messageId": "m-1", "parts": [{"text": text}],
        "metadata": {"skillId": skill}}})
}

fn rest(h: &mut Harness, method: &str, path: &str, body: &str) -> WorkerResponse {
    h.request(
        method,
        &format!("{BASE}{path}"),
        &[("content-type", "application/json")],
        body,
    )
}

#[test]
fn send_get_and_cancel_answer_in_the_proto_json_form() {
    let mut h = Harness::new(&[]);
    let sent = rest(
        &mut h,
        "POST",
        "/message:send",
        &message("grace", "document_search").to_string(),
    );
    assert_eq!(sent.status, 200, "{}", sent.body);
    assert_eq!(sent.header("content-type"), Some("application/json"));
    let task = json_of(&sent)["task"].clone();
    assert_eq!(task["status"]["state"], "TASK_STATE_COMPLETED", "{task}");
    let id = task["id"].as_str().unwrap();
    assert!(json_of(&sent).get("jsonrpc").is_none());

    let got = rest(&mut h, "GET", &format!("/tasks/{id}?historyLength=1"), "");
    assert_eq!(got.status, 200, "{}", got.body);
    assert_eq!(json_of(&got)["id"], id);
    assert_eq!(json_of(&got)["contextId"], task["contextId"]);

    // The same task by JSON-RPC: the same task.
    let rpc = json!({"jsonrpc": "2.0", "id": 1, "method": "GetTask", "params": {"id": id, "historyLength": 1}});
    let (_, by_rpc) = h.rpc(rpc, &[("a2a-version", "1.0")]);
    assert_eq!(by_rpc["result"], json_of(&got));

    let cancelled = rest(&mut h, "POST", &format!("/tasks/{id}:cancel"), "");
    assert_eq!(
        status_of(&cancelled),
        (
            400,
            "FAILED_PRECONDITION".into(),
            "TASK_NOT_CANCELABLE".into()
        )
    );
}

#[test]
fn a2a_errors_leave_with_the_spec_s_http_status_and_error_info() {
    let mut h = Harness::new(&[]);
    let unknown = rest(&mut h, "GET", "/tasks/no-such-task", "");
    assert_eq!(
        status_of(&unknown),
        (404, "NOT_FOUND".into(), "TASK_NOT_FOUND".into())
    );
    let stream = rest(
        &mut h,
        "POST",
        "/message:stream",
        &message("grace", "document_search").to_string(),
    );
    assert_eq!(
        status_of(&stream),
        (
            400,
            "FAILED_PRECONDITION".into(),
            "UNSUPPORTED_OPERATION".into()
        )
    );
    let subscribe = rest(&mut h, "GET", "/tasks/t1:subscribe", "");
    assert_eq!(status_of(&subscribe).2, "UNSUPPORTED_OPERATION");
    let push = rest(
        &mut h,
        "POST",
        "/tasks/t1/pushNotificationConfigs",
        r#"{"url":"https://example.com"}"#,
    );
    assert_eq!(
        status_of(&push),
        (
            400,
            "FAILED_PRECONDITION".into(),
            "PUSH_NOTIFICATION_NOT_SUPPORTED".into()
        )
    );
    let card = rest(&mut h, "GET", "/extendedAgentCard", "");
    assert_eq!(status_of(&card).0, 400);
    let image = json!({"message": {"role": "ROLE_USER", "messageId": "m", "parts": [
        {"url": "https://example.com/a.png", "mediaType": "image/png"}]}});
    let refused = rest(&mut h, "POST", "/message:send", &image.to_string());
    assert_eq!(
        status_of(&refused),
        (
            400,
            "INVALID_ARGUMENT".into(),
            "CONTENT_TYPE_NOT_SUPPORTED".into()
        )
    );
}

#[test]
fn list_tasks_answers_what_the_json_rpc_list_tasks_answers() {
    // GET /tasks is the JSON-RPC ListTasks: the same plan, answered from the same records, its
    // result the REST body, its refusal the binding's status and google.rpc.Status.
    let mut h = Harness::new(&[]);
    let owner = Owner::of(Some("alice"), None).unwrap();
    let v1 = [("content-type", "application/json"), ("a2a-version", "1.0")];
    for (params, query) in [
        (
            json!({"contextId": "c 1", "pageSize": 5}),
            "contextId=c%201&pageSize=5",
        ),
        (json!({"pageSize": 0}), "pageSize=0"),
    ] {
        let rpc = json!({"jsonrpc": "2.0", "id": 1, "method": "ListTasks", "params": params});
        // A listing is planned (answered from the records, never upstream); bad parameters are
        // refused before any record is read.
        let answer = |route: Route, h: &Harness| match route {
            Route::ListTasks(plan) => plan.answer(&[], Some(&owner), NOW, &h.settings),
            Route::Respond(refused) => refused,
            other => panic!("ListTasks routed to {other:?}"),
        };
        let route = h.route("POST", BASE, &v1, &rpc.to_string());
        let by_rpc = json_of(&answer(route, &h));
        let route = h.route("GET", &format!("{BASE}/tasks?{query}"), &v1, "");
        let listed = answer(route, &h);
        match by_rpc.get("result") {
            Some(result) => {
                assert_eq!(listed.status, 200);
                assert_eq!(&json_of(&listed), result);
            }
            None => {
                let (code, status, reason) = status_of(&listed);
                assert_eq!(
                    (code, status.as_str(), by_rpc["error"]["code"].as_i64()),
                    (400, "INVALID_ARGUMENT", Some(-32602)),
                    "{by_rpc} {reason}"
                );
                assert_eq!(
                    json_of(&listed)["error"]["message"],
                    by_rpc["error"]["message"]
                );
            }
        }
    }
}

#[test]
fn the_body_the_version_the_verb_and_the_path_are_checked_as_the_binding_says() {
    let mut h = Harness::new(&[]);
    let body = message("grace", "document_search").to_string();
    let path = format!("{BASE}/message:send");
    let text = h.request("POST", &path, &[("content-type", "text/plain")], &body);
    assert_eq!(
        status_of(&text),
        (
            415,
            "INVALID_ARGUMENT".into(),
            "CONTENT_TYPE_NOT_SUPPORTED".into()
        )
    );
    let a2a_json = h.request(
        "POST",
        &path,
        &[("content-type", "application/a2a+json")],
        &body,
    );
    assert_eq!(a2a_json.status, 200, "{}", a2a_json.body);
    for version in ["99.0", "0.3", "2"] {
        let refused = h.request("POST", &path, &[("a2a-version", version)], &body);
        assert_eq!(
            status_of(&refused),
            (
                400,
                "FAILED_PRECONDITION".into(),
                "VERSION_NOT_SUPPORTED".into()
            ),
            "{version}"
        );
    }
    let v1 = h.request("POST", &path, &[("a2a-version", "1.0")], &body);
    assert_eq!(v1.status, 200);
    let by_get = rest(&mut h, "GET", "/message:send", "");
    assert_eq!(status_of(&by_get).0, 405);
    let unknown = rest(&mut h, "GET", "/v1/tasks/x/y/z/w", "");
    assert_eq!(
        status_of(&unknown),
        (404, "NOT_FOUND".into(), String::new())
    );
    let not_json = rest(&mut h, "POST", "/message:send", "{oops");
    assert_eq!(status_of(&not_json).0, 400);
}

#[test]
fn the_1_0_card_declares_http_json_beside_json_rpc_at_one_url() {
    let mut h = Harness::new(&[]);
    let card = h.request("GET", "/.well-known/agent-card.json", &[], "");
    let interfaces = json_of(&card)["supportedInterfaces"].clone();
    let url = "http://127.0.0.1:8787/api/v1/a2a";
    assert_eq!(
        interfaces,
        json!([
            {"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": url, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
            {"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "0.2"},
        ])
    );
    assert!(h.app.is_api_path("/api/v1/a2a/message:send"));
    assert!(h.app.is_api_path("/api/v1/a2a/tasks"));
    assert!(!h.app.is_api_path("/api/v1/a2aX/tasks"));
}
