//! The SDK in headless Chromium against the embedded agent in real workerd (`wrangler dev` on
//! 127.0.0.1; URL in `MAGISTERIUM_AGENT_URL` at build time): every method, cross-origin with CORS.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Object, Reflect};
use magisterium_a2a::web::MagisteriumClient;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod browser;
use browser::{get, text as s};

fn agent_url() -> &'static str {
    option_env!("MAGISTERIUM_AGENT_URL").unwrap_or("http://127.0.0.1:18787")
}

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

async fn ok(p: impl std::future::Future<Output = Result<JsValue, JsValue>>) -> JsValue {
    p.await
        .unwrap_or_else(|e| panic!("{:?}", Reflect::get(&e, &"message".into())))
}

#[wasm_bindgen_test]
async fn every_method_against_the_embedded_agent() {
    let c = client();
    let card = ok(c.agent_card(None)).await;
    assert_eq!(Array::from(&get(&card, "skills")).length(), 10);

    let qa = ok(c.catholic_qa(
        "What does the Church teach about the dignity of work?".into(),
        None,
    ))
    .await;
    assert!(s(&qa, "answer").contains("[^1]"));
    assert!(Array::from(&get(&qa, "citations")).length() > 0);

    let found = ok(c.document_search("dignity of work".into(), None)).await;
    let first = Array::from(&get(&found, "results")).get(0);
    let doc = ok(c.document_fetch(get(&first, "id"), None)).await;
    assert_eq!(s(&doc, "id"), s(&first, "id"));
    assert!(ok(c.document_fetch("no-such-document".into(), None))
        .await
        .is_null());

    let readings = ok(c.liturgical_readings("Easter Sunday 2026".into(), None)).await;
    assert!(s(&readings, "text").contains("April 5, 2026"));
    assert!(
        ok(c.liturgical_readings("the day after never".into(), None))
            .await
            .is_null()
    );
    let date = js_sys::Date::new_with_year_month_day(2026, 2, 19);
    let saints = ok(c.saints_of_the_day(date.into(), None)).await;
    assert!(s(&saints, "text").contains("Joseph"));

    let pope = ok(c.pope_lookup("Leo XIV".into(), None)).await;
    assert_eq!(
        get(&Array::from(&get(&pope, "data")).get(0), "ordinal").as_f64(),
        Some(267.0)
    );
    for r in [
        ok(c.saint_lookup("Thérèse of Lisieux".into(), None)).await,
        ok(c.person_lookup("Bernardin".into(), None)).await,
        ok(c.diocese_lookup("Chicago".into(), None)).await,
        ok(c.diocese_statistics_lookup("Chicago".into(), None)).await,
    ] {
        assert!(Array::from(&get(&r, "data")).length() == 1);
    }

    let task = ok(c.send(
        "pope_lookup".into(),
        JsValue::from("Francis").unchecked_into(),
        None,
    ))
    .await;
    let again = ok(c.get_task(get(&task, "id"), None)).await;
    assert_eq!(s(&again, "id"), s(&task, "id"));
    let e = c.cancel_task(get(&task, "id"), None).await.unwrap_err();
    assert_eq!(s(&e, "kind"), "invalid_params");
    let e = c
        .get_task("00000000-0000-4000-8000-000000000000".into(), None)
        .await
        .unwrap_err();
    assert_eq!(s(&e, "kind"), "task_not_found");
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
