//! Core errors as JavaScript `MagisteriumError` objects (real `Error`s with `kind`, `code`, …). The
//! class lives in the platform crate's `runtime.js`; its `init` object is set member by member.

use js_sys::{Object, Reflect};
use magisterium_platform::error_class::{is_branded, magisterium_error};
use wasm_bindgen::prelude::*;

use super::node::{member_name, Js};
use magisterium_core::call;
use magisterium_core::{Error, ErrorKind};

/// A failed call of the SDK: the core error, the JSON-RPC `error.data` and the JavaScript
/// exception behind it.
pub type Failure = call::Failure<Js, JsValue>;

/// Sets `object[name]` (an object of this call's own: it cannot refuse).
fn set(object: &JsValue, name: &str, value: &JsValue) {
    let _ = Reflect::set(object, &member_name(name), value);
}

/// The `MagisteriumError` of a failure. Its second argument, `init`, holds `kind` and, when
/// known, `code`, `status`, `retryAfterMs`, `data` (the JSON-RPC `error.data` of the answer, or,
/// when `"auto"` did not follow an A2A 1.0 interface an agent card named, `{ ignoredInterface,
/// reason }` in its place), `taskId` and `cause`; absent members stay absent. It is one plain
/// object of numbers, strings and the answer's own values, set member by member: serde's code for
/// a struct of optional members was about 1 KB of the download more.
pub fn into_js(failure: Failure) -> JsValue {
    let e = &failure.error;
    let message = match e.kind() {
        ErrorKind::InvalidInput => format!("invalid input: {}", e.message()),
        _ => e.message().to_owned(),
    };
    let init = JsValue::from(Object::new());
    set(&init, "kind", &e.kind().as_str().into());
    // Codes, statuses and waits are safe integers (`retry_after_ms` is clamped to 2^53 − 1).
    let numbers = [
        ("code", e.code().map(|n| n as f64)),
        ("status", e.status().map(f64::from)),
        ("retryAfterMs", e.retry_after_ms().map(|n| n as f64)),
    ];
    for (name, n) in numbers {
        if let Some(n) = n {
            set(&init, name, &n.into());
        }
    }
    let data = match (&failure.ignored, failure.data) {
        (Some(ignored), _) => {
            let data = JsValue::from(Object::new());
            set(
                &data,
                "ignoredInterface",
                &ignored.interface.as_str().into(),
            );
            set(&data, "reason", &ignored.reason.as_str().into());
            Some(data)
        }
        (None, data) => data.map(|d| d.0),
    };
    let rest = [
        ("data", data),
        ("taskId", e.task_id().map(JsValue::from)),
        ("cause", failure.cause),
    ];
    for (name, value) in rest {
        if let Some(value) = value {
            set(&init, name, &value);
        }
    }
    magisterium_error(&message, &init)
}

/// A failure caused by the JavaScript exception `cause`.
pub fn caused(kind: ErrorKind, message: impl Into<String>, cause: JsValue) -> Failure {
    Failure {
        error: Error::new(kind, message),
        data: None,
        cause: Some(cause),
        ignored: None,
    }
}

/// The `MagisteriumError` of a core error.
pub fn error_js(error: Error) -> JsValue {
    into_js(error.into())
}

/// Shorthand for an `invalid_input` rejection.
pub fn invalid_input(message: impl Into<String>) -> JsValue {
    error_js(Error::invalid_input(message))
}

/// True for errors thrown by this SDK, also by another copy of it (`instanceof` fails across
/// copies; this does not).
#[wasm_bindgen(js_name = isMagisteriumError, unchecked_return_type = "value is MagisteriumError")]
pub fn is_magisterium_error(
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: &JsValue,
) -> bool {
    is_branded(value)
}
