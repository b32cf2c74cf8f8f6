//! The SDK in headless Chromium against the fault-injecting fixture server
//! (`tests/servers/fault-server.mjs`, URL in `MAGISTERIUM_FAULT_URL` at build time): what it sends
//! and when (pacing, headers, the token provider, the request's shape), and the sans-IO helpers
//! `buildRequest` and `decodeResponse`.

use js_sys::{Array, Function, Promise};
use magisterium_a2a::{build_request, decode_response};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

use crate::support;
use support::fault_client::{call, client_at, count, expect_error};
use support::{get, obj, text};

#[wasm_bindgen_test]
async fn pacing_queues_calls_and_queued_calls_honour_their_signal() {
    let pacing = obj(&[("perMinute", 2.into()), ("qaPerMinute", 1.into())]);
    let c = client_at("/echo", &[("pacing", pacing)]);
    let before = count("echo").await;
    call(c.catholic_qa("one".into(), None)).await.unwrap_err(); // an echo is no Q&A answer
    assert_eq!(count("echo").await, before + 1.0);
    // A second Q&A call must wait a minute: it stays queued and is aborted there, unsent.
    let controller = web_sys::AbortController::new().unwrap();
    let queued = c.catholic_qa(
        "two".into(),
        Some(obj(&[("signal", controller.signal().into())]).unchecked_into()),
    );
    let abort = Closure::once_into_js(move || controller.abort());
    let set_timeout: Function = get(&js_sys::global(), "setTimeout").unchecked_into();
    set_timeout
        .call2(&JsValue::UNDEFINED, &abort, &300.into())
        .unwrap();
    expect_error(call(queued).await, "aborted");
    assert_eq!(
        count("echo").await,
        before + 1.0,
        "the queued call was never sent"
    );
    // Other skills still have a slot in the all-skills pool.
    call(c.document_search("three".into(), None)).await.unwrap();
    assert_eq!(count("echo").await, before + 2.0);
}

#[wasm_bindgen_test]
async fn request_shape_headers_and_token_provider() {
    let calls = std::rc::Rc::new(std::cell::Cell::new(0));
    let seen = calls.clone();
    let provider = Closure::<dyn FnMut() -> JsValue>::new(move || {
        seen.set(seen.get() + 1);
        // First call: a stale token; then the good one.
        let token = if seen.get() == 1 { "stale" } else { "fresh" };
        Promise::resolve(&JsValue::from(token)).into()
    });
    let c = client_at(
        "/auth/fresh/search_results",
        &[("token", provider.as_ref().clone())],
    );
    let r = call(c.document_search("x".into(), None)).await.unwrap();
    assert_eq!(Array::from(&get(&r, "results")).length(), 2);
    assert_eq!(
        calls.get(),
        2,
        "unauthorized calls the provider once more and repeats once"
    );
    drop(provider);

    let c = client_at(
        "/echo",
        &[
            ("token", "t0ken".into()),
            ("headers", obj(&[("x-test", "1".into())])),
        ],
    );
    let r = call(c.document_search(
        "grace".into(),
        Some(obj(&[("contextId", "ctx-1".into()), ("messageId", "m-1".into())]).unchecked_into()),
    ))
    .await
    .unwrap();
    let echo =
        js_sys::JSON::parse(&text(&Array::from(&get(&r, "results")).get(0), "title")).unwrap();
    let headers = get(&echo, "headers");
    assert_eq!(text(&headers, "authorization"), "Bearer t0ken");
    assert_eq!(text(&headers, "x-test"), "1");
    assert_eq!(text(&headers, "content-type"), "application/json");
    let body = js_sys::JSON::parse(&text(&echo, "body")).unwrap();
    let message = get(&get(&body, "params"), "message");
    assert_eq!(text(&message, "messageId"), "m-1");
    assert_eq!(text(&message, "contextId"), "ctx-1");
    assert_eq!(
        text(&get(&message, "metadata"), "skillId"),
        "document_search"
    );
    assert_eq!(text(&body, "id"), "m-1");
}

/// `buildRequest` writes, byte for byte, the JSON of the core's request fixtures (which the native
/// tests check the core's own serialisation against), for every skill method's encoding.
#[wasm_bindgen_test]
fn build_request_writes_the_request_fixtures() {
    let fixtures = [
        include_str!("../fixtures/requests/catholic_qa.json"),
        include_str!("../fixtures/requests/document_search.json"),
        include_str!("../fixtures/requests/document_fetch.json"),
        include_str!("../fixtures/requests/liturgical_readings_date.json"),
        include_str!("../fixtures/requests/liturgical_readings_text.json"),
        include_str!("../fixtures/requests/saints_of_the_day_date.json"),
        include_str!("../fixtures/requests/saints_of_the_day_text.json"),
        include_str!("../fixtures/requests/saint_lookup.json"),
        include_str!("../fixtures/requests/person_lookup.json"),
        include_str!("../fixtures/requests/pope_lookup.json"),
        include_str!("../fixtures/requests/diocese_lookup.json"),
        include_str!("../fixtures/requests/diocese_statistics_lookup.json"),
    ];
    for fixture in fixtures {
        let want = js_sys::JSON::parse(fixture).unwrap();
        let message = get(&get(&want, "params"), "message");
        let skill = text(&get(&message, "metadata"), "skillId");
        let part = Array::from(&get(&message, "parts")).get(0);
        let input = match text(&part, "kind").as_str() {
            "text" => get(&part, "text"),
            _ => {
                let data = get(&part, "data");
                let id = get(&data, "id");
                if id.is_undefined() {
                    get(&data, "date")
                } else {
                    id
                }
            }
        };
        let opts = obj(&[("messageId", get(&message, "messageId"))]);
        let got: JsValue =
            build_request(&skill, input.unchecked_into(), Some(opts.unchecked_into()))
                .unwrap()
                .into();
        assert_eq!(
            js_sys::JSON::stringify(&got).unwrap(),
            js_sys::JSON::stringify(&want).unwrap(),
            "{skill}"
        );
    }
    // Numeric ids are integers; a fractional one is refused rather than sent.
    let numbered: JsValue = build_request(
        "catholic_qa",
        JsValue::from("Why pray?").unchecked_into(),
        Some(obj(&[("id", 42.into()), ("contextId", "ctx-9".into())]).unchecked_into()),
    )
    .unwrap()
    .into();
    assert_eq!(get(&numbered, "id").as_f64(), Some(42.0));
    assert_eq!(
        text(&get(&get(&numbered, "params"), "message"), "contextId"),
        "ctx-9"
    );
    let e = build_request(
        "catholic_qa",
        JsValue::from("Why pray?").unchecked_into(),
        Some(obj(&[("id", 1.5.into())]).unchecked_into()),
    )
    .map(JsValue::from)
    .unwrap_err();
    assert_eq!(text(&e, "kind"), "invalid_input");
}

#[wasm_bindgen_test]
fn sans_io_helpers() {
    let req: JsValue = build_request(
        "document_fetch",
        JsValue::from("12345").unchecked_into(),
        Some(obj(&[("id", 7.into()), ("messageId", "m".into())]).unchecked_into()),
    )
    .unwrap()
    .into();
    assert_eq!(get(&req, "id").as_f64(), Some(7.0));
    let part = Array::from(&get(&get(&get(&req, "params"), "message"), "parts")).get(0);
    assert_eq!(text(&part, "kind"), "data");
    assert_eq!(text(&get(&part, "data"), "id"), "12345");
    let body = r#"{"jsonrpc":"2.0","id":"z","result":{"kind":"task","id":"t","contextId":"c","status":{"state":"completed"},"artifacts":[{"artifactId":"a","name":"mass_readings","parts":[{"kind":"text","text":"No mass readings found."}]}]}}"#;
    assert!(JsValue::from(decode_response("liturgical_readings", body).unwrap()).is_null());
    let e = decode_response("catholic_qa", "{oops")
        .map(JsValue::from)
        .unwrap_err();
    assert_eq!(text(&e, "kind"), "invalid_response");
    let e = build_request("catholic_qa", JsValue::from("").unchecked_into(), None)
        .map(JsValue::from)
        .unwrap_err();
    assert_eq!(text(&e, "kind"), "invalid_input");
}
