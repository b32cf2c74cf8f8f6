//! The client's opt-in answer cache in headless Chromium (the Node tests are
//! tests/js/sdk-cache.test.mjs): over an injected `fetch` that answers like the service (the
//! request's id, the caller's contextId), a repeated call is answered from memory as the asking
//! caller's own Task, and without the option every call is made.

use js_sys::{Function, Reflect};
use magisterium_a2a::MagisteriumClient;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

use crate::support::{get, obj, text};

/// A `fetch` answering every request with the readings fixture, its id and contextId the
/// request's; it counts its calls in `calls`.
fn service() -> JsValue {
    let make = Function::new_with_args(
        "body",
        "const f = async (request) => { f.calls += 1; const { id, params } = await request.json(); \
         const answer = JSON.parse(body); answer.id = id; \
         answer.result.contextId = params.message.contextId ?? crypto.randomUUID(); \
         return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }); }; \
         f.calls = 0; return f;",
    );
    let body = include_str!("../fixtures/responses/readings.json");
    make.call1(&JsValue::UNDEFINED, &body.into()).unwrap()
}

fn client(fetch: &JsValue, cache: Option<JsValue>) -> MagisteriumClient {
    let mut options = vec![
        ("endpoint", "https://agent.test/api/v1/a2a".into()),
        ("fetch", fetch.clone()),
    ];
    options.extend(cache.map(|c| ("cache", c)));
    MagisteriumClient::new(Some(obj(&options).unchecked_into())).unwrap()
}

async fn readings(client: &MagisteriumClient, context: &str, message: &str) -> JsValue {
    let opts = obj(&[("contextId", context.into()), ("messageId", message.into())]);
    let result = client.liturgical_readings("2026-12-08".into(), Some(opts.unchecked_into()));
    result.await.unwrap()
}

fn calls(fetch: &JsValue) -> f64 {
    get(fetch, "calls").as_f64().unwrap()
}

#[wasm_bindgen_test]
async fn a_cached_answer_is_the_asking_callers_own_task_and_no_cache_unless_asked() {
    let fetch = service();
    let cached = client(&fetch, Some(true.into()));
    let first = readings(&cached, "ctx-A", "msg-A").await;
    let second = readings(&cached, "ctx-B", "msg-B").await;
    assert_eq!(calls(&fetch), 1.0);
    let (task, first_task) = (get(&second, "task"), get(&first, "task"));
    assert_eq!(text(&first_task, "cache"), "miss");
    assert_eq!(text(&task, "cache"), "hit");
    assert_eq!(text(&task, "contextId"), "ctx-B");
    assert_ne!(text(&task, "id"), text(&first_task, "id"));
    let history = Reflect::get_u32(&get(&get(&task, "raw"), "history"), 0).unwrap();
    assert_eq!(text(&history, "messageId"), "msg-B");
    assert_eq!(text(&history, "contextId"), "ctx-B");
    assert_eq!(text(&second, "text"), text(&first, "text"));

    let fetch = service();
    let plain = client(&fetch, None);
    let first = readings(&plain, "ctx-A", "msg-A").await;
    readings(&plain, "ctx-B", "msg-B").await;
    assert_eq!(calls(&fetch), 2.0);
    assert!(get(&get(&first, "task"), "cache").is_undefined());
}
