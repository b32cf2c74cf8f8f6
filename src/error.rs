//! Core errors as JavaScript `MagisteriumError` objects (real `Error`s with `kind`, `code`, …). The
//! class lives in the platform crate's `runtime.js`; its `init` object crosses through serde like every other value.

use magisterium_platform::error_class::{is_branded, magisterium_error};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::node::{to_js, Js};
use magisterium_core::call;
use magisterium_core::{Error, ErrorKind};

/// A failed call of the SDK: the core error, the JSON-RPC `error.data` and the JavaScript
/// exception behind it.
pub type Failure = call::Failure<Js, JsValue>;

/// The second argument of the `MagisteriumError` constructor; absent members stay absent.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ErrorInit<'a> {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    retry_after_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    data: Option<Data<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    task_id: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cause: Option<Js>,
}

/// The error's `data`: the JSON-RPC `error.data` of the answer, or, when `"auto"` did not follow
/// an A2A 1.0 interface an agent card named, `{ ignoredInterface, reason }` in its place.
#[derive(Serialize)]
#[serde(untagged)]
enum Data<'a> {
    Answer(&'a Js),
    #[serde(rename_all = "camelCase")]
    Ignored {
        ignored_interface: &'a str,
        reason: &'static str,
    },
}

/// The `MagisteriumError` of a failure.
pub fn into_js(failure: Failure) -> JsValue {
    let e = &failure.error;
    let message = match e.kind() {
        ErrorKind::InvalidInput => format!("invalid input: {}", e.message()),
        _ => e.message().to_owned(),
    };
    let init = ErrorInit {
        kind: e.kind().as_str(),
        code: e.code(),
        status: e.status(),
        retry_after_ms: e.retry_after_ms(),
        data: match &failure.ignored {
            Some(ignored) => Some(Data::Ignored {
                ignored_interface: &ignored.interface,
                reason: ignored.reason.as_str(),
            }),
            None => failure.data.as_ref().map(Data::Answer),
        },
        task_id: e.task_id(),
        cause: failure.cause.map(Js),
    };
    // Every member is a string, a safe integer or a preserved value: serialisation cannot fail.
    let init = to_js(&init).unwrap_or(JsValue::UNDEFINED);
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
