//! The `MagisteriumError` class of `runtime.js`, the one piece that must be JavaScript (a real
//! `Error` subclass with a `Symbol.for` brand). The SDK and the calendar entry both throw it, so
//! `isMagisteriumError` and `instanceof` work across entries and copies of the package.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/runtime.js")]
extern "C" {
    /// The `MagisteriumError` class.
    type MagisteriumError;

    /// `new MagisteriumError(message, init)`.
    #[wasm_bindgen(constructor)]
    fn new(message: &str, init: &JsValue) -> MagisteriumError;

    /// True for a `MagisteriumError` of any copy of this package.
    #[wasm_bindgen(js_name = isMagisteriumError)]
    fn branded(value: &JsValue) -> bool;
}

/// `new MagisteriumError(message, init)`: `init` holds `kind` and, when known, `code`, `status`,
/// `retryAfterMs`, `data`, `taskId` and `cause`.
pub fn magisterium_error(message: &str, init: &JsValue) -> JsValue {
    MagisteriumError::new(message, init).into()
}

/// True for a `MagisteriumError` of any copy of this package.
pub fn is_branded(value: &JsValue) -> bool {
    branded(value)
}
