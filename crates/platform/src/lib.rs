//! Platform pieces every wasm build shares (the SDK, the Worker and the calendar entry): an
//! attempt's abort guard, body readers that stop at a byte cap, an abortable sleep, random bytes
//! from WebCrypto, the `MagisteriumError` class and the one serializer to JavaScript ([`to_js`]).
//! Nothing here knows about A2A; the SDK's fetch and the Worker's entry build on it.
//!
//! Everything runs the same in pages, web workers, workerd and Node: timers are the global
//! `setTimeout` / `clearTimeout`, never `window`'s.
//!
//! Everything here is wasm32 only; on other targets the crate is empty.
#![cfg(target_arch = "wasm32")]

mod body;
pub mod error_class;
mod guard;
mod kept;
pub mod random;
mod sleep;
mod to_js;

pub use body::{read_body, read_capped, utf8_text, Capped};
pub use guard::{AbortGuard, Cut};
pub use kept::read_body_into;
pub use sleep::{sleep, Interrupted};
pub use to_js::to_js;

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
