//! The few globals the SDK reads: `fetch`, `crypto` and `location`, always through `globalThis`,
//! so the same build runs in pages, web workers, workerd and Node.

use js_sys::{Function, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = crypto, js_name = randomUUID, catch)]
    fn random_uuid() -> Result<String, JsValue>;

    #[wasm_bindgen(js_namespace = crypto, js_name = getRandomValues, catch)]
    fn get_random_values(bytes: &mut [u8]) -> Result<JsValue, JsValue>;
}

fn global(name: &str) -> JsValue {
    Reflect::get(&js_sys::global(), &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// `globalThis.fetch`, looked up per call so a polyfill installed later is used.
pub fn global_fetch() -> Option<Function> {
    global("fetch").dyn_into().ok()
}

/// A random UUID v4: `crypto.randomUUID()`, or one made from `crypto.getRandomValues` where
/// `randomUUID` is missing (it needs a secure context; `getRandomValues` does not).
pub fn uuid() -> String {
    if let Ok(id) = random_uuid() {
        return id;
    }
    let mut b = [0u8; 16];
    // Every platform the SDK runs on has getRandomValues; were it missing, the ids would still be
    // well-formed, only not random.
    let _ = get_random_values(&mut b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(36);
    for (i, byte) in b.iter().enumerate() {
        if matches!(i, 4 | 6 | 8 | 10) {
            out.push('-');
        }
        for nibble in [byte >> 4, byte & 0x0f] {
            out.push(char::from(HEX[usize::from(nibble)]));
        }
    }
    out
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
