//! The SDK in headless Chromium against the embedded agent in real workerd (`wrangler dev` on
//! 127.0.0.1; URL in `MAGISTERIUM_AGENT_URL` at build time): every method, cross-origin with CORS.

use js_sys::{Array, Object, Reflect};
use magisterium_a2a::MagisteriumClient;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

use crate::support;
use support::stand_in::{agent_url, ok};
use support::{get, text as s};

fn client() -> MagisteriumClient {
    let o = Object::new();
    Reflect::set(
        &o,
        &"endpoint".into(),
        &format!("{}/api/v1/a2a", agent_url()).into(),
    )
    .unwrap();
    MagisteriumClient::new(Some(JsValue::from(o).unchecked_into())).unwrap()
}

#[wasm_bindgen_test]
async fn every_method_against_the_embedded_agent() {
    let c = client();
    let card = ok(c.agent_card(None)).await;
    assert_eq!(Array::from(&get(&card, "skills")).length(), 10);

    support::stand_in::every_skill_and_task_method(&c).await;
}

fn proxy_url() -> &'static str {
    option_env!("MAGISTERIUM_PROXY_URL").unwrap_or("http://127.0.0.1:18789")
}

#[wasm_bindgen_test]
async fn through_the_proxy_to_a_loopback_upstream() {
    let o = Object::new();
    Reflect::set(
        &o,
        &"endpoint".into(),
        &format!("{}/api/v1/a2a", proxy_url()).into(),
    )
    .unwrap();
    Reflect::set(&o, &"maxRetries".into(), &0.into()).unwrap();
    let c = MagisteriumClient::new(Some(JsValue::from(o).unchecked_into())).unwrap();
    let found = ok(c.document_search("scenario:ok".into(), None)).await;
    assert_eq!(Array::from(&get(&found, "results")).length(), 2);
    let e = c
        .document_search("scenario:html502".into(), None)
        .await
        .unwrap_err();
    assert_eq!(s(&e, "kind"), "rpc_error");
    assert_eq!(get(&e, "status").as_f64(), Some(502.0));
    assert_eq!(s(&get(&e, "data"), "upstream"), "reached");
    let e = c
        .document_search("scenario:ratelimit".into(), None)
        .await
        .unwrap_err();
    assert_eq!(s(&e, "kind"), "rate_limited");
    assert_eq!(
        get(&e, "retryAfterMs").as_f64(),
        Some(30_000.0),
        "Retry-After crosses the proxy and CORS"
    );
    let card = ok(c.agent_card(None)).await;
    assert_eq!(s(&card, "url"), format!("{}/api/v1/a2a", proxy_url()));
}
