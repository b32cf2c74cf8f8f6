//! Core errors as JavaScript `MagisteriumError` objects (real `Error`s with `kind`, `code`, …).

use wasm_bindgen::prelude::*;

use super::runtime;
use crate::protocol::{Error, ErrorKind, JsonView};

/// A core error plus what only JavaScript holds: `error.data` of a JSON-RPC answer and the
/// exception that caused it (`cause`).
#[derive(Debug)]
pub struct Failure {
    /// What went wrong.
    pub error: Error,
    /// `error.data` of the JSON-RPC answer (`undefined` when none).
    pub data: JsValue,
    /// The JavaScript exception behind it (`undefined` when none).
    pub cause: JsValue,
}

impl Failure {
    /// A failure of `kind` caused by the JavaScript exception `cause`.
    pub fn caused(kind: ErrorKind, message: impl Into<String>, cause: JsValue) -> Self {
        Self {
            error: Error::new(kind, message),
            data: JsValue::UNDEFINED,
            cause,
        }
    }

    /// The `MagisteriumError` object.
    pub fn into_js(self) -> JsValue {
        let e = &self.error;
        let message = match e.kind() {
            ErrorKind::InvalidInput => format!("invalid input: {}", e.message()),
            _ => e.message().to_owned(),
        };
        runtime::make_error(
            &message,
            e.kind().as_str(),
            e.code().map(|c| c as f64),
            e.status(),
            e.retry_after_ms().map(|ms| ms as f64),
            &self.data,
            e.task_id().map(str::to_owned),
            &self.cause,
        )
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Self {
        Self {
            error,
            data: JsValue::UNDEFINED,
            cause: JsValue::UNDEFINED,
        }
    }
}

/// `error.data` of a parsed JSON-RPC answer (`undefined` when it has none): a failure carries it
/// as the `MagisteriumError`'s `data`.
pub fn rpc_error_data(body: Option<&JsValue>) -> JsValue {
    body.and_then(|b| b.field("error"))
        .and_then(|e| e.field("data"))
        .unwrap_or(JsValue::UNDEFINED)
}

/// Shorthand for an `invalid_input` rejection.
pub fn invalid_input(message: impl Into<String>) -> JsValue {
    Failure::from(Error::invalid_input(message)).into_js()
}

/// True for errors thrown by this SDK, also by another copy of it (`instanceof` fails across
/// copies; this does not).
#[wasm_bindgen(js_name = isMagisteriumError, unchecked_return_type = "value is MagisteriumError")]
pub fn is_magisterium_error(
    #[wasm_bindgen(unchecked_param_type = "unknown")] value: &JsValue,
) -> bool {
    runtime::is_magisterium_error(value)
}
