//! The outcome of one HTTP attempt, classified: every failure becomes a core error (`timeout`,
//! `aborted`, `network`, `invalid_response`), every answer an [`HttpAnswer`]. The I/O itself runs
//! in `runtime.js` (`attempt`, driven by `call`), so an attempt crosses from JavaScript into wasm
//! once, with its whole outcome.

use js_sys::Reflect;
use wasm_bindgen::JsValue;

use super::error::Failure;
use super::js_view::key;
use super::runtime;
use crate::protocol::retry::parse_retry_after_with;
use crate::protocol::{Error, ErrorKind};

/// What came back from one attempt.
#[derive(Debug)]
pub struct HttpAnswer {
    pub status: u16,
    /// The parsed JSON body, or `None` when the body is not JSON.
    pub body: Option<JsValue>,
    pub retry_after_ms: Option<u64>,
    pub cache_control: Option<String>,
}

fn network(cause: JsValue) -> Failure {
    let detail = Reflect::get(&cause, &key("message"))
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| "fetch failed".to_owned());
    Failure::caused(
        ErrorKind::Network,
        format!("network error: {detail}"),
        cause,
    )
}

fn get(obj: &JsValue, name: &str) -> JsValue {
    Reflect::get(obj, &key(name)).unwrap_or(JsValue::UNDEFINED)
}

/// Classifies the outcome object of `runtime.js`'s `attempt` (see there for its shape).
/// `timeout_ms` and `max_bytes` are the attempt's limits, named in the error messages.
pub fn read_outcome(
    outcome: &JsValue,
    timeout_ms: f64,
    max_bytes: f64,
) -> Result<HttpAnswer, Failure> {
    let status = get(outcome, "status").as_f64().map_or(0, |s| s as u16);
    if let Some(fail) = get(outcome, "fail").as_string() {
        let cause = get(outcome, "cause");
        return Err(match fail.as_str() {
            "aborted" => Failure::caused(ErrorKind::Aborted, "the call was aborted", cause),
            "timeout" => Failure::caused(
                ErrorKind::Timeout,
                format!("no answer within {} ms", timeout_ms as u64),
                cause,
            ),
            "unavailable" => {
                Failure::caused(ErrorKind::Network, "AbortController is unavailable", cause)
            }
            "noStatus" => Error::new(
                ErrorKind::Network,
                "fetch resolved without an HTTP status (opaque or not a Response)",
            )
            .into(),
            "body" => Failure {
                error: Error::new(
                    ErrorKind::Network,
                    "the connection closed before the body ended",
                )
                .with_status(status),
                data: JsValue::UNDEFINED,
                cause,
            },
            _ => network(cause),
        });
    }
    let retry_after_ms = parse_retry_after_with(
        get(outcome, "retryAfter").as_string().as_deref(),
        get(outcome, "retryAfterMs").as_string().as_deref(),
        runtime::now(),
        runtime::parse_http_date,
    );
    let cache_control = get(outcome, "cacheControl").as_string();
    let too_large = |why: &str| -> Failure {
        let error = if (200..300).contains(&status) {
            Error::invalid_response(why.to_owned())
        } else {
            Error::from_http_status(status)
        };
        error
            .with_status(status)
            .with_retry_after_ms(retry_after_ms)
            .into()
    };
    if get(outcome, "tooLarge").is_truthy() {
        return Err(too_large(&format!(
            "the response is larger than maxResponseBytes ({} bytes)",
            max_bytes as u64
        )));
    }
    if get(outcome, "badUtf8").is_truthy() {
        return Err(too_large("the body is not valid UTF-8"));
    }
    let body = get(outcome, "body");
    Ok(HttpAnswer {
        status,
        body: (!body.is_undefined()).then_some(body),
        retry_after_ms,
        cache_control,
    })
}
