//! The one serializer the SDK, the calendar and the differences entry use for values going to
//! JavaScript (the Worker, which sends JavaScript four small objects, uses serde_json and
//! `JSON.parse` instead: `crates/worker/src/workerd/bindings.rs`, `to_js`).

use serde::Serialize;
use wasm_bindgen::JsValue;

/// A value as JavaScript through serde-wasm-bindgen's `json_compatible` serializer: plain
/// objects, `null` for `None`, numbers for integers.
///
/// # Errors
/// serde-wasm-bindgen's, for a value it cannot express (an integer beyond 2^53).
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, serde_wasm_bindgen::Error> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
}
