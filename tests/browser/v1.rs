//! The SDK speaking A2A 1.0 in headless Chromium: `protocolVersion: "1.0"` against the Worker's
//! stand-in (through its 1.0 front door), with the same typed results and errors as 0.2.6; and
//! `"auto"` moving to 1.0 when an agent (the fault server's `/v1only`) answers 0.2.6 as one that
//! moved would.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Function, Promise};
use magisterium_a2a::MagisteriumClient;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

use crate::support;
use support::stand_in::{agent_url, every_skill_and_task_method, ok};
use support::{fault_url, get, obj, server_json, text as s};

/// What the recording fetch saw: each request's `A2A-Version` header and JSON-RPC method (for a
/// `GET`, the path).
type Seen = Rc<RefCell<Vec<(Option<String>, String)>>>;

/// A `fetch` option that records each request, then calls the global fetch with it.
fn recording_fetch(seen: &Seen) -> Function {
    let seen = Rc::clone(seen);
    let global: Function = get(&js_sys::global(), "fetch").unchecked_into();
    let record = Closure::<dyn FnMut(JsValue) -> JsValue>::new(move |request: JsValue| {
        let request: web_sys::Request = request.unchecked_into();
        let version = request.headers().get("a2a-version").ok().flatten();
        let get_path = (request.method() == "GET").then(|| {
            let url = request.url();
            url.find("/.well-known")
                .map_or(url.clone(), |i| url[i..].to_owned())
        });
        let copy = request.clone().unwrap();
        let global = global.clone();
        let seen = Rc::clone(&seen);
        let text = copy.text().unwrap();
        let done = wasm_bindgen_futures::future_to_promise(async move {
            let body = JsFuture::from(text).await?.as_string().unwrap_or_default();
            let method = get_path.unwrap_or_else(|| {
                js_sys::JSON::parse(&body)
                    .ok()
                    .and_then(|b| get(&b, "method").as_string())
                    .unwrap_or_default()
            });
            seen.borrow_mut().push((version, method));
            JsFuture::from(
                global
                    .call1(&JsValue::UNDEFINED, &request)?
                    .unchecked_into::<Promise>(),
            )
            .await
        });
        done.into()
    });
    record.into_js_value().unchecked_into()
}

fn client(endpoint: &str, version: &str, seen: &Seen) -> MagisteriumClient {
    client_with(endpoint, version, seen, &[])
}

fn client_with(
    endpoint: &str,
    version: &str,
    seen: &Seen,
    extra: &[(&str, JsValue)],
) -> MagisteriumClient {
    let mut pairs = vec![
        ("endpoint", endpoint.into()),
        ("protocolVersion", version.into()),
        ("maxRetries", 0.into()),
        ("fetch", recording_fetch(seen).into()),
    ];
    pairs.extend(extra.iter().cloned());
    MagisteriumClient::new(Some(obj(&pairs).unchecked_into())).unwrap()
}

async fn kind_of(p: impl std::future::Future<Output = Result<JsValue, JsValue>>) -> String {
    let e = p.await.expect_err("expected a rejection");
    get(&e, "kind").as_string().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn every_method_in_1_0_against_the_worker() {
    let seen: Seen = Rc::default();
    let c = client(&format!("{}/api/v1/a2a", agent_url()), "1.0", &seen);
    // The same calls and typed results as in 0.2.6 (`web_agent.rs` runs the same function).
    every_skill_and_task_method(&c).await;

    // Tasks come back in the 0.2.6 shape the types describe, whatever was on the wire.
    let sent = ok(c.send(
        "document_search".into(),
        JsValue::from("just wage").unchecked_into(),
        None,
    ))
    .await;
    assert_eq!(s(&sent, "kind"), "task");
    let task = ok(c.get_task(get(&sent, "id"), None)).await;
    assert_eq!(s(&task, "kind"), "task");
    assert_eq!(s(&get(&task, "status"), "state"), "completed");
    let artifact = Array::from(&get(&task, "artifacts")).get(0);
    let part = Array::from(&get(&artifact, "parts")).get(0);
    assert_eq!(s(&part, "kind"), "data", "parts by kind, as in 0.2.6");

    let seen = seen.borrow();
    assert!(seen.len() >= 10);
    for (version, method) in seen.iter() {
        assert_eq!(version.as_deref(), Some("1.0"), "{method}");
        assert!(
            ["SendMessage", "GetTask", "CancelTask"].contains(&method.as_str()),
            "{method}"
        );
    }
}

#[wasm_bindgen_test]
async fn auto_moves_to_1_0_when_the_agent_did_and_stays() {
    let count = |key: &'static str| async move {
        get(&server_json(&format!("/__count/{key}")).await, "count")
            .as_f64()
            .unwrap_or(0.0)
    };
    let (legacy_before, v1_before) = (count("v1only/legacy").await, count("v1only/v1").await);
    let seen: Seen = Rc::default();
    // The moved agent's cards live under /v1only: `agentCardUrl` names its 0.2.6 card, and the
    // 1.0 card is read beside it.
    let card = format!("{}/v1only/.well-known/agent.json", fault_url());
    let c = client_with(
        &format!("{}/v1only", fault_url()),
        "auto",
        &seen,
        &[("agentCardUrl", card.into())],
    );
    let found = ok(c.document_search("just wage".into(), None)).await;
    assert_eq!(
        s(&Array::from(&get(&found, "results")).get(0), "id"),
        "rerum-novarum"
    );
    assert_eq!(s(&get(&found, "task"), "id"), "v1-task");
    // Once in 0.2.6 (refused), then the card, then 1.0; the next call goes to 1.0 directly.
    ok(c.document_search("just wage".into(), None)).await;
    assert_eq!(count("v1only/legacy").await - legacy_before, 1.0);
    assert_eq!(count("v1only/v1").await - v1_before, 2.0);
    let methods: Vec<String> = seen.borrow().iter().map(|(_, m)| m.clone()).collect();
    assert_eq!(
        methods,
        [
            "message/send",
            "/.well-known/agent-card.json",
            "SendMessage",
            "SendMessage"
        ]
    );

    // An agent that did not move (its card at the origin is 0.2.6): the card is read once, and
    // the refusal is the answer.
    let seen: Seen = Rc::default();
    let legacy = client(
        &format!("{}/ok/error_method_not_found", fault_url()),
        "auto",
        &seen,
    );
    assert_eq!(
        kind_of(legacy.document_search("just wage".into(), None)).await,
        "method_not_found"
    );
    let methods: Vec<String> = seen.borrow().iter().map(|(_, m)| m.clone()).collect();
    assert_eq!(methods, ["message/send", "/.well-known/agent-card.json"]);

    // "0.2" never looks: the refusal is the answer.
    let pinned = client(&format!("{}/v1only", fault_url()), "0.2", &Rc::default());
    assert_eq!(
        kind_of(pinned.document_search("just wage".into(), None)).await,
        "method_not_found"
    );
}

#[wasm_bindgen_test]
fn a_bad_protocol_version_is_invalid_input() {
    let options = obj(&[("protocolVersion", "0.3".into())]);
    let e = MagisteriumClient::new(Some(options.unchecked_into())).unwrap_err();
    assert_eq!(
        get(&e, "kind").as_string().as_deref(),
        Some("invalid_input")
    );
    assert!(get(&e, "message")
        .as_string()
        .unwrap()
        .contains("protocolVersion"));
}
