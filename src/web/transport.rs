//! One HTTP attempt over `fetch`: headers built fresh, a time budget, the caller's signal, a byte
//! cap on the body, and every failure classified (`timeout`, `aborted`, `network`,
//! `invalid_response`).

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::{intern, JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortSignal, Response};

use super::abort::{AbortGuard, Cut};
use super::error::Failure;
use super::runtime;
use crate::protocol::retry::parse_retry_after;
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

fn cut_short(cut: Cut, timeout_ms: f64, cause: JsValue) -> Failure {
    match cut {
        Cut::Timeout => Failure::caused(
            ErrorKind::Timeout,
            format!("no answer within {} ms", timeout_ms as u64),
            cause,
        ),
        Cut::Aborted => Failure::caused(ErrorKind::Aborted, "the call was aborted", cause),
        Cut::No => {
            let detail = Reflect::get(&cause, &JsValue::from_str("message"))
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_else(|| "fetch failed".to_owned());
            Failure::caused(
                ErrorKind::Network,
                format!("network error: {detail}"),
                cause,
            )
        }
    }
}

/// The aborted failure for a signal that fired before anything was sent.
pub fn aborted_before_start() -> Failure {
    Failure::caused(
        ErrorKind::Aborted,
        "the call was aborted",
        JsValue::UNDEFINED,
    )
}

impl Attempt<'_> {
    /// Runs the attempt to the end of the body.
    pub async fn run(&self) -> Result<HttpAnswer, Failure> {
        if self.signal.is_some_and(AbortSignal::aborted) {
            return Err(aborted_before_start());
        }
        let guard = AbortGuard::new(self.timeout_ms, self.signal).map_err(|e| {
            Failure::caused(ErrorKind::Network, "AbortController is unavailable", e)
        })?;
        let init = Object::new();
        let headers = Object::new();
        for (name, value) in self.headers {
            let _ = Reflect::set(
                &headers,
                &JsValue::from_str(name),
                &JsValue::from_str(value),
            );
        }
        let _ = Reflect::set(
            &init,
            &intern("method").into(),
            &JsValue::from_str(self.method),
        );
        let _ = Reflect::set(&init, &intern("headers").into(), &headers);
        if let Some(body) = self.body {
            let _ = Reflect::set(&init, &intern("body").into(), body);
        }
        let _ = Reflect::set(&init, &intern("signal").into(), &guard.signal());

        let started = self
            .fetch
            .call2(&JsValue::UNDEFINED, &JsValue::from_str(self.url), &init)
            .map_err(|e| cut_short(guard.cut(), self.timeout_ms, e))?;
        let response = JsFuture::from(Promise::resolve(&started))
            .await
            .map_err(|e| cut_short(guard.cut(), self.timeout_ms, e))?;
        let status = Reflect::get(&response, &intern("status").into())
            .ok()
            .and_then(|s| s.as_f64())
            .filter(|s| (100.0..=599.0).contains(s));
        let Some(status) = status else {
            return Err(Error::new(
                ErrorKind::Network,
                "fetch resolved without an HTTP status (opaque or not a Response)",
            )
            .into());
        };
        let status = status as u16;
        let response: Response = response.unchecked_into();
        let header = |name: &str| response.headers().get(name).ok().flatten();
        let retry_after_ms = parse_retry_after(
            header("retry-after").as_deref(),
            header("retry-after-ms").as_deref(),
            runtime::now(),
        );
        let cache_control = header("cache-control");

        let read = JsFuture::from(runtime::read_body(&response, self.max_bytes))
            .await
            .map_err(|e| {
                let mut f = cut_short(guard.cut(), self.timeout_ms, e);
                if f.error.kind() == ErrorKind::Network {
                    f.error = Error::new(
                        ErrorKind::Network,
                        "the connection closed before the body ended",
                    )
                    .with_status(status);
                }
                f
            })?;
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
        if Reflect::get(&read, &intern("tooLarge").into()).is_ok_and(|v| v.is_truthy()) {
            return Err(too_large(&format!(
                "the response is larger than maxResponseBytes ({} bytes)",
                self.max_bytes as u64
            )));
        }
        let text = Reflect::get(&read, &intern("text").into()).unwrap_or(JsValue::UNDEFINED);
        if !text.is_string() {
            return Err(too_large("the body is not valid UTF-8"));
        }
        let parsed = runtime::parse_json(&text);
        Ok(HttpAnswer {
            status,
            body: (!parsed.is_undefined()).then_some(parsed),
            retry_after_ms,
            cache_control,
        })
    }
}
