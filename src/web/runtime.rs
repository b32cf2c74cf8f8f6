//! Bindings to `runtime.js` and to the few globals the SDK uses. `fetch` is looked up on
//! `globalThis`, never through `window`, so the same build runs in pages, workers, workerd and Node.

use js_sys::{Function, Promise};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/web/runtime.js")]
extern "C" {
    /// `new MagisteriumError(message, { kind, code, status, retryAfterMs, data, taskId, cause })`.
    #[wasm_bindgen(js_name = makeError)]
    #[allow(clippy::too_many_arguments)]
    pub fn make_error(
        message: &str,
        kind: &str,
        code: Option<f64>,
        status: Option<u16>,
        retry_after_ms: Option<f64>,
        data: &JsValue,
        task_id: Option<String>,
        cause: &JsValue,
    ) -> JsValue;

    /// True for a `MagisteriumError` of any copy of this package.
    #[wasm_bindgen(js_name = isMagisteriumError)]
    pub fn is_magisterium_error(value: &JsValue) -> bool;

    /// Reads a body as text with a byte cap: `{ text }`, `{ tooLarge }` or `{ badUtf8 }`.
    #[wasm_bindgen(js_name = readBody)]
    pub fn read_body(response: &web_sys::Response, max_bytes: f64) -> Promise;

    /// `JSON.parse`, or `undefined` for text that is not JSON.
    #[wasm_bindgen(js_name = parseJson)]
    pub fn parse_json(text: &JsValue) -> JsValue;

    /// Resolves after `ms`; rejects with "aborted" when the signal fires.
    pub fn sleep(ms: f64, signal: Option<&web_sys::AbortSignal>) -> Promise;

    /// A random UUID v4.
    pub fn uuid() -> String;

    /// An absolute URL, resolved against the page location when relative.
    #[wasm_bindgen(js_name = resolveUrl)]
    pub fn resolve_url(url: &str) -> Option<String>;

    /// `globalThis.fetch`.
    #[wasm_bindgen(js_name = globalFetch)]
    pub fn global_fetch() -> JsValue;

    /// `Math.random()`.
    pub fn random() -> f64;

    /// `Date.now()`.
    pub fn now() -> f64;
}

#[wasm_bindgen]
extern "C" {
    /// `setTimeout(handler, ms)`; the id is a number in browsers and an object in Node.
    #[wasm_bindgen(js_name = setTimeout)]
    pub fn set_timeout(handler: &Function, ms: f64) -> JsValue;

    /// `clearTimeout(id)`.
    #[wasm_bindgen(js_name = clearTimeout)]
    pub fn clear_timeout(id: &JsValue);
}
