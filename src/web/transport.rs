//! One HTTP attempt over `fetch`: headers built fresh, a time budget, the caller's signal, a byte
//! cap on the body, and every failure classified (`timeout`, `aborted`, `network`,
//! `invalid_response`). The I/O runs in `runtime.js` (`attempt`) in one call, so an attempt
//! crosses between wasm and JavaScript a handful of times, not once per header, timer and chunk.

use js_sys::{Array, Function, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use web_sys::AbortSignal;

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

/// One request.
#[derive(Debug)]
pub struct Attempt<'a> {
    pub fetch: &'a Function,
    pub url: &'a str,
    pub method: &'static str,
    pub headers: &'a [(String, String)],
    pub body: Option<&'a JsValue>,
    pub timeout_ms: f64,
    pub signal: Option<&'a AbortSignal>,
    pub max_bytes: f64,
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

/// The aborted failure for a signal that fired before anything was sent.
pub fn aborted_before_start() -> Failure {
    Failure::caused(
        ErrorKind::Aborted,
        "the call was aborted",
        JsValue::UNDEFINED,
    )
}

fn get(obj: &JsValue, name: &str) -> JsValue {
    Reflect::get(obj, &key(name)).unwrap_or(JsValue::UNDEFINED)
}

impl Attempt<'_> {
    /// Runs the attempt to the end of the body.
    pub async fn run(&self) -> Result<HttpAnswer, Failure> {
        let headers = Array::new_with_length(2 * self.headers.len() as u32);
        for (i, (name, value)) in self.headers.iter().enumerate() {
            headers.set(2 * i as u32, JsValue::from_str(name));
            headers.set(2 * i as u32 + 1, JsValue::from_str(value));
        }
        let outcome = JsFuture::from(runtime::attempt(
            self.fetch,
            self.url,
            self.method,
            &headers,
            self.body.unwrap_or(&JsValue::UNDEFINED),
            self.timeout_ms,
            self.signal,
            self.max_bytes,
        ))
        .await
        .map_err(network)?;
        let status = get(&outcome, "status").as_f64().map_or(0, |s| s as u16);
        if let Some(fail) = get(&outcome, "fail").as_string() {
            let cause = get(&outcome, "cause");
            return Err(match fail.as_str() {
                "aborted" => Failure::caused(ErrorKind::Aborted, "the call was aborted", cause),
                "timeout" => Failure::caused(
                    ErrorKind::Timeout,
                    format!("no answer within {} ms", self.timeout_ms as u64),
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
            get(&outcome, "retryAfter").as_string().as_deref(),
            get(&outcome, "retryAfterMs").as_string().as_deref(),
            runtime::now(),
            runtime::parse_http_date,
        );
        let cache_control = get(&outcome, "cacheControl").as_string();
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
        if get(&outcome, "tooLarge").is_truthy() {
            return Err(too_large(&format!(
                "the response is larger than maxResponseBytes ({} bytes)",
                self.max_bytes as u64
            )));
        }
        if get(&outcome, "badUtf8").is_truthy() {
            return Err(too_large("the body is not valid UTF-8"));
        }
        let body = get(&outcome, "body");
        Ok(HttpAnswer {
            status,
            body: (!body.is_undefined()).then_some(body),
            retry_after_ms,
            cache_control,
        })
    }
}
