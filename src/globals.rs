//! The few globals the SDK reads: `fetch`, `crypto` and `location`, always through `globalThis`,
//! so the same build runs in pages, web workers, workerd and Node.

use js_sys::{Function, Reflect};
use magisterium_core::ids::uuid_v4;
use magisterium_platform::random::CryptoRandom;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = crypto, js_name = randomUUID, catch)]
    fn random_uuid() -> Result<String, JsValue>;
}

fn global(name: &str) -> JsValue {
    Reflect::get(&js_sys::global(), &super::node::member_name(name)).unwrap_or(JsValue::UNDEFINED)
}

/// `globalThis.fetch`, looked up per call so a polyfill installed later is used.
pub fn global_fetch() -> Option<Function> {
    global("fetch").dyn_into().ok()
}

/// A random UUID v4: `crypto.randomUUID()`, or one made from `crypto.getRandomValues` where
/// `randomUUID` is missing (it needs a secure context; `getRandomValues` does not).
pub fn uuid() -> String {
    random_uuid().unwrap_or_else(|_| uuid_v4(&mut CryptoRandom))
}

/// `url` made absolute against the page's (or worker's) location when there is one.
pub fn resolve_url(url: &str) -> Option<String> {
    let base = Reflect::get(&global("location"), &JsValue::from_str("href"))
        .ok()
        .and_then(|href| href.as_string());
    let parsed = match base {
        Some(base) => web_sys::Url::new_with_base(url, &base),
        None => web_sys::Url::new(url),
    };
    parsed.ok().map(|u| u.href())
}
