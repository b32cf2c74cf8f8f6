//! Helpers shared by the browser test files (`wasm-pack test`, headless Chromium).
#![allow(dead_code)]

pub mod fault_client;
pub mod fault_matrix;
pub mod stand_in;

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The fault-injecting fixture server (`MAGISTERIUM_FAULT_URL` at build time).
pub fn fault_url() -> &'static str {
    option_env!("MAGISTERIUM_FAULT_URL").unwrap_or("http://127.0.0.1:18900")
}

/// A plain object with these members.
pub fn obj(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    for (k, v) in pairs {
        Reflect::set(&o, &(*k).into(), v).unwrap();
    }
    o.into()
}

/// Member `key` of `v` (`undefined` when it has none, or is not an object).
pub fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// Member `key` of `v`, which must be a string.
pub fn text(v: &JsValue, key: &str) -> String {
    get(v, key)
        .as_string()
        .unwrap_or_else(|| panic!("{key} is not a string"))
}

/// `GET <fault server><path>` parsed as JSON (the server's counters and case list).
pub async fn server_json(path: &str) -> JsValue {
    let fetch: Function = get(&js_sys::global(), "fetch").unchecked_into();
    let url = JsValue::from(format!("{}{path}", fault_url()));
    let resp = JsFuture::from(
        fetch
            .call1(&JsValue::UNDEFINED, &url)
            .unwrap()
            .unchecked_into::<Promise>(),
    )
    .await
    .unwrap();
    let json: Function = get(&resp, "json").unchecked_into();
    JsFuture::from(json.call0(&resp).unwrap().unchecked_into::<Promise>())
        .await
        .unwrap()
}

/// Runs `futures` concurrently (all started at once, as JavaScript callers would start the
/// Promises) and returns their outputs in order.
pub async fn join_all<F: std::future::Future>(futures: Vec<F>) -> Vec<F::Output> {
    use std::task::Poll;
    let mut futures: Vec<_> = futures.into_iter().map(Box::pin).collect();
    let mut outputs: Vec<Option<F::Output>> = futures.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (future, out) in futures.iter_mut().zip(outputs.iter_mut()) {
            if out.is_none() {
                match future.as_mut().poll(cx) {
                    Poll::Ready(value) => *out = Some(value),
                    Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            Poll::Pending
        } else {
            Poll::Ready(())
        }
    })
    .await;
    outputs.into_iter().flatten().collect()
}
