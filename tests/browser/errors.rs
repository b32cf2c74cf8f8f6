//! The SDK in headless Chromium against the fault-injecting fixture server
//! (`tests/servers/fault-server.mjs`, URL in `MAGISTERIUM_FAULT_URL` at build time): every failure
//! becomes a typed `MagisteriumError` (JSON-RPC errors, rate limits, timeouts, aborts, network
//! failures, bad input) and the same client still works after it.

use js_sys::{Array, Function};
use magisterium_a2a::MagisteriumClient;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

use crate::support;
use support::fault_client::{call, client_at, count, expect_error, still_works};
use support::{get, obj, text};

#[wasm_bindgen_test]
async fn json_rpc_errors_become_typed_kinds() {
    let cases = [
        (
            "/status/401/error_unauthorized",
            "unauthorized",
            Some(-32004.0),
        ),
        ("/ok/error_plan_required", "plan_required", Some(-32005.0)),
        ("/ok/error_task_not_found", "task_not_found", Some(-32001.0)),
        ("/ok/error_invalid_params", "invalid_params", Some(-32602.0)),
        (
            "/ok/error_method_not_found",
            "method_not_found",
            Some(-32601.0),
        ),
        ("/ok/error_internal", "rpc_error", Some(-32603.0)),
        ("/ok/task_failed", "task_failed", None),
        ("/html/502", "http_error", None),
        ("/ok/truncated.json", "invalid_response", None),
        ("/ok/not_json.html", "invalid_response", None),
        ("/ok/wrong_id", "invalid_response", None),
        ("/ok/message_instead_of_task", "invalid_response", None),
        ("/truncated", "network", None),
        ("/reset", "network", None),
        ("/invalid-utf8", "invalid_response", None),
    ];
    for (path, kind, code) in cases {
        let c = client_at(path, &[]);
        let e = expect_error(call(c.catholic_qa("q".into(), None)).await, kind);
        assert_eq!(get(&e, "code").as_f64(), code, "{path}");
        still_works(&c).await;
    }
    let e = expect_error(
        call(client_at("/html/502", &[]).catholic_qa("q".into(), None)).await,
        "http_error",
    );
    assert_eq!(get(&e, "status").as_f64(), Some(502.0));
    let e = expect_error(
        call(client_at("/ok/error_internal", &[]).catholic_qa("q".into(), None)).await,
        "rpc_error",
    );
    assert!(
        get(&get(&e, "data"), "detail").is_object(),
        "error.data is passed through"
    );
    let e = expect_error(
        call(client_at("/ok/task_failed", &[]).catholic_qa("q".into(), None)).await,
        "task_failed",
    );
    assert_eq!(text(&e, "taskId"), "7f9d1c3e-5b2a-4c8e-9f1d-2a3b4c5d6e7f");
    assert!(text(&e, "message").contains("overloaded"));
}

#[wasm_bindgen_test]
async fn rate_limits_report_the_wait_and_retries_then_succeed() {
    let key = format!("rl{}", js_sys::Math::random());
    let c = client_at(&format!("/ratelimit/{key}/5/1"), &[]);
    let e = expect_error(
        call(c.document_search("x".into(), None)).await,
        "rate_limited",
    );
    assert_eq!(get(&e, "retryAfterMs").as_f64(), Some(1000.0));
    assert_eq!(get(&e, "status").as_f64(), Some(429.0));
    assert_eq!(text(&get(&e, "data"), "pool"), "catholic_qa");

    let c = client_at("/ratelimit-date/30", &[]);
    let e = expect_error(
        call(c.document_search("x".into(), None)).await,
        "rate_limited",
    );
    let wait = get(&e, "retryAfterMs").as_f64().unwrap();
    assert!(
        (27_000.0..=31_000.0).contains(&wait),
        "an HTTP-date Retry-After: {wait}"
    );

    let key = format!("rl{}", js_sys::Math::random());
    let c = client_at(
        &format!("/ratelimit/{key}/1/1"),
        &[("maxRetries", 2.into())],
    );
    let started = js_sys::Date::now();
    let r = call(c.document_search("x".into(), None)).await.unwrap();
    assert!(Array::from(&get(&r, "results")).length() == 0);
    assert!(
        js_sys::Date::now() - started >= 950.0,
        "the Retry-After of 1 s was honoured"
    );
    assert_eq!(count(&format!("ratelimit/{key}")).await, 2.0);

    let key = format!("fl{}", js_sys::Math::random());
    let c = client_at(&format!("/flaky/{key}/2/503"), &[("maxRetries", 2.into())]);
    assert!(call(c.document_search("x".into(), None)).await.is_ok());
    assert_eq!(count(&format!("flaky/{key}")).await, 3.0);
}

#[wasm_bindgen_test]
async fn timeouts_aborts_and_network_failures() {
    let c = client_at("/slow/3000/search_empty", &[("timeoutMs", 200.into())]);
    let started = js_sys::Date::now();
    expect_error(call(c.document_search("x".into(), None)).await, "timeout");
    assert!(js_sys::Date::now() - started < 2500.0);
    still_works(&c).await;

    let controller = web_sys::AbortController::new().unwrap();
    let c = client_at("/slow/3000/search_empty", &[]);
    let p = c.document_search(
        "x".into(),
        Some(obj(&[("signal", controller.signal().into())]).unchecked_into()),
    );
    let abort = Closure::once_into_js(move || controller.abort());
    let set_timeout: Function = get(&js_sys::global(), "setTimeout").unchecked_into();
    set_timeout
        .call2(&JsValue::UNDEFINED, &abort, &100.into())
        .unwrap();
    let started = js_sys::Date::now();
    expect_error(call(p).await, "aborted");
    assert!(js_sys::Date::now() - started < 1500.0);

    let aborted = web_sys::AbortController::new().unwrap();
    aborted.abort();
    let before = count("echo").await;
    let c = client_at("/echo", &[]);
    expect_error(
        call(c.document_search(
            "x".into(),
            Some(obj(&[("signal", aborted.signal().into())]).unchecked_into()),
        ))
        .await,
        "aborted",
    );
    assert_eq!(
        count("echo").await,
        before,
        "an aborted signal sends nothing"
    );

    let closed = MagisteriumClient::new(Some(
        obj(&[
            ("endpoint", "http://127.0.0.1:9/a2a".into()),
            ("maxRetries", 0.into()),
        ])
        .unchecked_into(),
    ))
    .unwrap();
    let e = expect_error(
        call(closed.document_search("x".into(), None)).await,
        "network",
    );
    assert!(
        get(&e, "cause").is_object(),
        "the fetch TypeError is the cause"
    );
    still_works(&closed).await;
}

#[wasm_bindgen_test]
async fn bad_input_is_refused_and_nothing_is_sent() {
    let c = client_at("/echo", &[]);
    let before = count("echo").await;
    expect_error(
        call(c.catholic_qa("   ".into(), None)).await,
        "invalid_input",
    );
    expect_error(
        call(c.catholic_qa(JsValue::from(42), None)).await,
        "invalid_input",
    );
    expect_error(
        call(c.document_fetch("".into(), None)).await,
        "invalid_input",
    );
    expect_error(
        call(c.liturgical_readings("2026-02-30".into(), None)).await,
        "invalid_input",
    );
    expect_error(
        call(c.saints_of_the_day(js_sys::Date::new(&"nonsense".into()).into(), None)).await,
        "invalid_input",
    );
    expect_error(call(c.get_task("".into(), None)).await, "invalid_input");
    expect_error(
        call(c.document_search(
            "x".into(),
            Some(obj(&[("timeoutMs", (-1).into())]).unchecked_into()),
        ))
        .await,
        "invalid_input",
    );
    // A timer longer than 2^31 - 1 ms fires at once: such a timeout is refused, not a call cut
    // at once.
    expect_error(
        call(c.document_search(
            "x".into(),
            Some(obj(&[("timeoutMs", 2_147_483_648.0.into())]).unchecked_into()),
        ))
        .await,
        "invalid_input",
    );
    assert_eq!(count("echo").await, before, "nothing reached the server");
    let long = obj(&[("timeoutMs", 2_147_483_648.0.into())]);
    let e = MagisteriumClient::new(Some(long.unchecked_into()))
        .err()
        .unwrap();
    assert_eq!(text(&e, "kind"), "invalid_input");
    let bad = MagisteriumClient::new(Some(obj(&[("timeoutMs", "soon".into())]).unchecked_into()));
    let e = bad.err().unwrap();
    assert_eq!(text(&e, "kind"), "invalid_input");
    assert!(text(&e, "message").contains("timeoutMs"));
}
