//! The constructor's refusals and a `fetch` option that does not answer with a `Response`, in
//! headless Chromium (the Node side is `tests/js/client-guards.test.mjs`): a scheme other
//! than http(s) is `invalid_input` from the constructor with no request made, a relative URL is
//! fine in a page (it has a location), and a non-Response answer is a typed error, not retried,
//! with no listener left on the caller's signal.

use js_sys::{Function, Reflect};
use magisterium_a2a::MagisteriumClient;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::AbortController;

use crate::support::{get, obj, text};

/// A fetch that counts its calls (in `calls`) and resolves to `answer`.
fn counting(answer: &str) -> Function {
    Function::new_with_args(
        "",
        &format!(
            "const f = async () => {{ f.calls += 1; return {answer}; }}; f.calls = 0; return f;"
        ),
    )
    .call0(&JsValue::UNDEFINED)
    .unwrap()
    .unchecked_into()
}

fn calls(fetch: &Function) -> f64 {
    get(fetch, "calls").as_f64().unwrap()
}

fn client(extra: &[(&str, JsValue)]) -> Result<MagisteriumClient, JsValue> {
    MagisteriumClient::new(Some(obj(extra).unchecked_into()))
}

#[wasm_bindgen_test]
fn bad_schemes_are_invalid_input_from_the_constructor_and_nothing_is_fetched() {
    let fetch = counting("new Response('{}')");
    for (key, url, needle) in [
        (
            "endpoint",
            "ftp://www.magisterium.com/a2a",
            "options.endpoint must be an http: or https: URL, not ftp:",
        ),
        (
            "endpoint",
            "javascript:alert(1)",
            "options.endpoint must be an http: or https: URL, not javascript:",
        ),
        (
            "agentCardUrl",
            "data:application/json,{}",
            "options.agentCardUrl must be an http: or https: URL, not data:",
        ),
    ] {
        let e = client(&[(key, url.into()), ("fetch", fetch.clone().into())]).unwrap_err();
        assert_eq!(text(&e, "kind"), "invalid_input", "{url}");
        assert!(
            text(&e, "message").ends_with(needle),
            "{}",
            text(&e, "message")
        );
    }
    assert_eq!(calls(&fetch), 0.0);
    // A page has a location: a relative endpoint resolves against it.
    client(&[("endpoint", "/api/v1/a2a".into()), ("fetch", fetch.into())]).unwrap();
}

#[wasm_bindgen_test]
async fn a_fetch_answering_without_a_response_is_a_typed_error_and_leaves_no_listener() {
    let fetch = counting("({ ok: true })");
    let client = client(&[
        ("endpoint", "https://agent.test/api/v1/a2a".into()),
        ("fetch", fetch.clone().into()),
        ("maxRetries", 2.into()),
    ])
    .unwrap();
    let controller = AbortController::new().unwrap();
    let signal = controller.signal();
    // Count the listeners the SDK adds to and removes from the caller's signal.
    Function::new_with_args(
        "s",
        "s.live = 0; s.added = 0; const add = s.addEventListener.bind(s), remove = s.removeEventListener.bind(s);
         s.addEventListener = (...a) => { s.live += 1; s.added += 1; add(...a); };
         s.removeEventListener = (...a) => { s.live -= 1; remove(...a); };",
    )
    .call1(&JsValue::UNDEFINED, &signal)
    .unwrap();
    let opts = obj(&[("signal", signal.clone().into())]);
    let e = client
        .document_search("just wage".into(), Some(opts.unchecked_into()))
        .await
        .unwrap_err();
    assert_eq!(text(&e, "kind"), "invalid_input");
    assert!(
        text(&e, "message")
            .ends_with("the fetch resolved to something that is not a Response: no HTTP status"),
        "{}",
        text(&e, "message")
    );
    assert_eq!(calls(&fetch), 1.0, "not retried");
    assert_eq!(
        Reflect::get(&signal, &"live".into()).unwrap().as_f64(),
        Some(0.0)
    );
}
