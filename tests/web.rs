//! The SDK in headless Chromium against real HTTP servers on 127.0.0.1: the fault-injecting
//! fixture server (`tests/servers/fault-server.mjs`, URL in `MAGISTERIUM_FAULT_URL` at build time).
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Function, Promise};
use magisterium_a2a::web::{
    build_request, decode_response, is_magisterium_error, MagisteriumClient,
};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod browser;
use browser::{fault_url, get, obj, server_json, text};

/// The fault server's count of requests under `key`.
async fn count(key: &str) -> f64 {
    get(&server_json(&format!("/__count/{key}")).await, "count")
        .as_f64()
        .unwrap()
}

fn client_at(path: &str, extra: &[(&str, JsValue)]) -> MagisteriumClient {
    let mut pairs = vec![
        ("endpoint", JsValue::from(format!("{}{path}", fault_url()))),
        ("maxRetries", 0.into()),
    ];
    pairs.extend(extra.iter().cloned());
    MagisteriumClient::new(Some(obj(&pairs).unchecked_into())).unwrap()
}

async fn call(
    p: impl std::future::Future<Output = Result<JsValue, JsValue>>,
) -> Result<JsValue, JsValue> {
    p.await
}

/// Checks the error object and returns it.
fn expect_error(result: Result<JsValue, JsValue>, kind: &str) -> JsValue {
    let e = result.expect_err("expected a rejection");
    assert!(is_magisterium_error(&e), "not a MagisteriumError: {e:?}");
    assert!(e.is_instance_of::<js_sys::Error>(), "not an Error");
    assert_eq!(text(&e, "name"), "MagisteriumError");
    assert_eq!(text(&e, "kind"), kind, "message: {:?}", get(&e, "message"));
    e
}

/// After an error the same client must still serve a normal call.
async fn still_works(c: &MagisteriumClient) {
    let _ = c;
    let ok = client_at("/ok/search_results", &[]);
    let r = call(ok.document_search("x".into(), None)).await.unwrap();
    assert_eq!(Array::from(&get(&r, "results")).length(), 2);
}

#[wasm_bindgen_test]
async fn every_skill_method_resolves_to_its_typed_result() {
    let qa = call(client_at("/ok/qa_answer", &[]).catholic_qa("What is work?".into(), None))
        .await
        .unwrap();
    assert!(text(&qa, "answer").contains("[^1]"));
    assert_eq!(Array::from(&get(&qa, "citations")).length(), 2);
    assert_eq!(Array::from(&get(&qa, "relatedQuestions")).length(), 2);
    assert_eq!(text(&get(&qa, "task"), "state"), "completed");

    let found = call(client_at("/ok/search_results", &[]).document_search("wages".into(), None))
        .await
        .unwrap();
    let hits = Array::from(&get(&found, "results"));
    assert_eq!(text(&hits.get(0), "id"), "12345");
    // The fixture's second id is the JSON integer 678: the typed result gives its decimal string.
    assert_eq!(text(&hits.get(1), "id"), "678");

    let doc = call(client_at("/ok/document", &[]).document_fetch("12345".into(), None))
        .await
        .unwrap();
    assert_eq!(text(&doc, "ref"), "Encyclical, 15 May 1891");
    assert!(text(&doc, "text").starts_with("# Rerum Novarum"));

    let none = call(client_at("/ok/document_not_found", &[]).document_fetch("nope".into(), None))
        .await
        .unwrap();
    assert!(none.is_null());

    let readings = call(client_at("/ok/readings", &[]).liturgical_readings(
        js_sys::Date::new(&"2026-03-19T12:00:00".into()).into(),
        None,
    ))
    .await
    .unwrap();
    assert!(text(&readings, "text").contains("March 19"));
    let none =
        call(client_at("/ok/readings_not_found", &[]).liturgical_readings("someday".into(), None))
            .await
            .unwrap();
    assert!(none.is_null());

    let saints = call(client_at("/ok/saints", &[]).saints_of_the_day("2026-03-19".into(), None))
        .await
        .unwrap();
    assert!(text(&saints, "text").contains("Saint Joseph"));
    let none =
        call(client_at("/ok/saints_not_found", &[]).saints_of_the_day("March 40".into(), None))
            .await
            .unwrap();
    assert!(none.is_null());

    for (c, method) in [
        (client_at("/ok/lookup_pope", &[]), "pope"),
        (client_at("/ok/lookup_pope", &[]), "saint"),
        (client_at("/ok/lookup_pope", &[]), "person"),
        (client_at("/ok/lookup_pope", &[]), "diocese"),
        (client_at("/ok/lookup_pope", &[]), "stats"),
    ] {
        let r = match method {
            "pope" => c.pope_lookup("Leo XIV".into(), None).await,
            "saint" => c.saint_lookup("Leo XIV".into(), None).await,
            "person" => c.person_lookup("Leo XIV".into(), None).await,
            "diocese" => c.diocese_lookup("Leo XIV".into(), None).await,
            _ => c.diocese_statistics_lookup("Leo XIV".into(), None).await,
        }
        .unwrap();
        assert!(text(&r, "text").contains("Leo XIV"), "{method}");
        assert_eq!(
            get(&Array::from(&get(&r, "data")).get(0), "ordinal").as_f64(),
            Some(267.0)
        );
        assert_eq!(Array::from(&get(&r, "artifacts")).length(), 1);
    }
}

#[wasm_bindgen_test]
async fn protocol_level_methods() {
    let c = client_at("/ok/qa_answer", &[]);
    let task = call(c.send(
        "catholic_qa".into(),
        JsValue::from("hi").unchecked_into(),
        None,
    ))
    .await
    .unwrap();
    assert_eq!(text(&task, "kind"), "task");
    // send resolves a Task that is still running, so the caller can poll or cancel it.
    let running = call(client_at("/ok/task_working", &[]).send(
        "some_future_skill".into(),
        JsValue::from("hi").unchecked_into(),
        None,
    ))
    .await
    .unwrap();
    assert_eq!(text(&get(&running, "status"), "state"), "working");
    let task = call(c.get_task("7f9d1c3e".into(), None)).await.unwrap();
    assert_eq!(text(&get(&task, "status"), "state"), "completed");
    let e = expect_error(
        call(client_at("/ok/error_invalid_params", &[]).cancel_task("t".into(), None)).await,
        "invalid_params",
    );
    assert_eq!(get(&e, "code").as_f64(), Some(-32602.0));
    let failed = call(client_at("/ok/task_failed", &[]).get_task("t".into(), None))
        .await
        .unwrap();
    assert_eq!(text(&get(&failed, "status"), "state"), "failed");

    // The default card URL is the endpoint's origin + /.well-known/agent.json, fetched without auth.
    let default_card = client_at("/ok/x", &[("token", "secret".into())]);
    let card = call(default_card.agent_card(None)).await.unwrap();
    assert_eq!(text(&card, "name"), "Fault upstream");
    // A 404 on agent.json is tried again as agent-card.json (A2A 0.3).
    let v03 = client_at(
        "/x",
        &[(
            "agentCardUrl",
            format!("{}/card/v03/.well-known/agent.json", fault_url()).into(),
        )],
    );
    let card = call(v03.agent_card(None)).await.unwrap();
    assert_eq!(text(&card, "name"), "Fixture agent");
    let explicit = client_at(
        "/x",
        &[(
            "agentCardUrl",
            format!("{}/card/ok/.well-known/agent.json", fault_url()).into(),
        )],
    );
    let before = count("card/ok").await;
    let card = call(explicit.agent_card(None)).await.unwrap();
    assert_eq!(text(&card, "name"), "Fixture agent");
    let again = call(explicit.agent_card(None)).await.unwrap();
    assert_eq!(text(&again, "name"), "Fixture agent");
    assert_eq!(
        count("card/ok").await,
        before + 1.0,
        "the card is cached for its max-age"
    );
}

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
    assert_eq!(count("echo").await, before, "nothing reached the server");
    let bad = MagisteriumClient::new(Some(obj(&[("timeoutMs", "soon".into())]).unchecked_into()));
    let e = bad.err().unwrap();
    assert_eq!(text(&e, "kind"), "invalid_input");
    assert!(text(&e, "message").contains("timeoutMs"));
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
        include_str!("fixtures/requests/catholic_qa.json"),
        include_str!("fixtures/requests/document_search.json"),
        include_str!("fixtures/requests/document_fetch.json"),
        include_str!("fixtures/requests/liturgical_readings_date.json"),
        include_str!("fixtures/requests/liturgical_readings_text.json"),
        include_str!("fixtures/requests/saints_of_the_day_date.json"),
        include_str!("fixtures/requests/saints_of_the_day_text.json"),
        include_str!("fixtures/requests/saint_lookup.json"),
        include_str!("fixtures/requests/person_lookup.json"),
        include_str!("fixtures/requests/pope_lookup.json"),
        include_str!("fixtures/requests/diocese_lookup.json"),
        include_str!("fixtures/requests/diocese_statistics_lookup.json"),
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

use wasm_bindgen::closure::Closure;
