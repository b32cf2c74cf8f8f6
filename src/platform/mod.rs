//! Platform pieces every wasm build shares (the SDK and the Worker): an attempt's abort guard, a
//! body reader that stops at a byte cap, and an abortable sleep. Nothing here knows about A2A; the
//! SDK's fetch (`crate::web`) and the Worker's entry build on it.
//!
//! Everything runs the same in pages, web workers, workerd and Node: timers are the global
//! `setTimeout` / `clearTimeout`, never `window`'s.

mod body;
mod guard;
mod sleep;

pub use body::{read_body, read_capped, utf8_text, Capped};
pub use guard::{AbortGuard, Cut};
pub use sleep::{sleep, Interrupted};

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The global `setTimeout` (pages, workers, workerd and Node all have it).
    #[wasm_bindgen(js_name = setTimeout)]
    fn set_timeout(callback: &js_sys::Function, ms: f64) -> JsValue;

    /// The global `clearTimeout`.
    #[wasm_bindgen(js_name = clearTimeout)]
    fn clear_timeout(id: &JsValue);
}
