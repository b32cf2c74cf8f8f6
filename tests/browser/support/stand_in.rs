//! Every skill and task method of the client against the Worker's stand-in agent, with the
//! results it must give: run by `web_agent.rs` (A2A 0.2.6, the default) and `web_v1.rs`
//! (`protocolVersion: "1.0"`), since the typed results are the same whichever protocol is on the
//! wire.

use js_sys::{Array, Reflect};
use magisterium_a2a::MagisteriumClient;
use wasm_bindgen::{JsCast, JsValue};

use super::{get, text as s};

/// The Worker with the stand-in agent (`MAGISTERIUM_AGENT_URL` at build time).
pub fn agent_url() -> &'static str {
    option_env!("MAGISTERIUM_AGENT_URL").unwrap_or("http://127.0.0.1:18787")
}

/// The value a call resolves to; a rejection fails the test with its message.
pub async fn ok(p: impl std::future::Future<Output = Result<JsValue, JsValue>>) -> JsValue {
    p.await
        .unwrap_or_else(|e| panic!("{:?}", Reflect::get(&e, &"message".into())))
}

/// Every skill method, `send`, `getTask` and `cancelTask`, against the stand-in.
pub async fn every_skill_and_task_method(c: &MagisteriumClient) {
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
