//! The Worker's I/O, in one place: the request's capped body, the upstream call (a fresh request,
//! a time budget owned by an [`AbortGuard`], the answer read with a byte cap), the Cache API, the
//! Rate Limiting binding, the static assets, and the Response written from a [`WorkerResponse`]
//! (the budget object's calls: [`crate::workerd::budget_calls`]). Policy stays in the pure
//! modules; this only carries it out.

use js_sys::{Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Headers, Request, RequestInit, RequestRedirect, Response, ResponseInit};

use crate::upstream::{UpstreamOutcome, UPSTREAM_HEADERS};
use crate::workerd::bindings::{binding, global_fetch, Cache, Fetcher, RateLimiter};
use magisterium_core::serve::http::WorkerResponse;
use magisterium_platform::{read_body, read_capped, AbortGuard, Capped, Cut};

/// The length a message declares for its body, when that is what arrives (no content coding).
fn declared_length(headers: &Headers) -> Option<u64> {
    if headers.has("content-encoding").unwrap_or(true) {
        return None;
    }
    headers
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|n| n.trim().parse::<u64>().ok())
}

/// A body that declares a length within `max` is read in one piece (one await instead of one per
/// chunk: HTTP framing stops at the declared length, and the size is checked again); `None`
/// when it has to be counted on the stream.
async fn whole_body(
    declared: Option<u64>,
    max: usize,
    buffer: impl FnOnce() -> Result<js_sys::Promise, JsValue>,
) -> Result<Option<Capped>, JsValue> {
    match declared {
        Some(n) if n > max as u64 => Ok(Some(Capped::TooLarge)),
        Some(_) => {
            let bytes = Uint8Array::new(&JsFuture::from(buffer()?).await?);
            Ok(Some(if bytes.byte_length() as usize > max {
                Capped::TooLarge
            } else {
                Capped::Bytes(bytes)
            }))
        }
        None => Ok(None),
    }
}

/// The request's body, or `None` once it passes `max` bytes (counted on the stream, whatever it
/// declares).
pub async fn request_body(request: &Request, max: usize) -> Result<Option<Uint8Array>, JsValue> {
    let declared = declared_length(&request.headers());
    let capped = match whole_body(declared, max, || request.array_buffer()).await? {
        Some(capped) => capped,
        None => match request.body() {
            Some(stream) => read_capped(&stream, max as f64).await?,
            None => Capped::Bytes(Uint8Array::new_with_length(0)),
        },
    };
    Ok(match capped {
        Capped::Bytes(bytes) => Some(bytes),
        Capped::TooLarge => None,
    })
}

/// One upstream call, as the outcome the proxy judges, and the body's bytes as they came (sent on
/// unchanged when the proxy passes the answer through). Nothing of the client's request but its
/// checked body is forwarded: the headers are built here.
#[derive(Debug)]
pub struct UpstreamCall<'a> {
    /// Where.
    pub url: &'a str,
    /// `GET` (the card) or `POST`.
    pub method: &'a str,
    /// The JSON-RPC body of a `POST`.
    pub body: Option<&'a Uint8Array>,
    /// The bearer token.
    pub token: Option<&'a str>,
    /// The request id, passed on.
    pub request_id: &'a str,
    /// The time budget of the whole call, body included.
    pub timeout_ms: u64,
    /// The answer's byte cap.
    pub max_bytes: usize,
}

impl UpstreamCall<'_> {
    /// Makes the call.
    pub async fn send(&self) -> Result<(UpstreamOutcome, Option<Uint8Array>), JsValue> {
        let guard = AbortGuard::new(Some(self.timeout_ms as f64), None)?;
        let failed = |guard: &AbortGuard| match guard.cut() {
            Some(Cut::Timeout) => UpstreamOutcome::Timeout,
            _ => UpstreamOutcome::Unreachable,
        };
        let headers = Headers::new()?;
        headers.set("accept", "application/json")?;
        headers.set("x-request-id", self.request_id)?;
        if self.body.is_some() {
            headers.set("content-type", "application/json")?;
        }
        if let Some(token) = self.token {
            headers.set("authorization", &format!("Bearer {token}"))?;
        }
        let init = RequestInit::new();
        init.set_method(self.method);
        init.set_headers(&headers);
        init.set_redirect(RequestRedirect::Manual);
        init.set_signal(Some(&guard.signal()));
        if let Some(body) = self.body {
            init.set_body(body);
        }
        let Ok(request) = Request::new_with_str_and_init(self.url, &init) else {
            return Ok((UpstreamOutcome::NotSent, None));
        };
        // A rejected fetch is no answer; whether the request arrived, workerd does not say.
        let response: Response = match JsFuture::from(global_fetch(&request)).await {
            Ok(response) => response.unchecked_into(),
            Err(_) => return Ok((failed(&guard), None)),
        };
        let declared = declared_length(&response.headers());
        let read = match whole_body(declared, self.max_bytes, || response.array_buffer()).await {
            Ok(Some(capped)) => Ok(capped),
            Ok(None) => read_body(&response, self.max_bytes as f64).await,
            Err(e) => Err(e),
        };
        let bytes = match read {
            Ok(Capped::Bytes(bytes)) => bytes,
            Ok(Capped::TooLarge) => return Ok((UpstreamOutcome::TooLarge, None)),
            Err(_) => return Ok((failed(&guard), None)),
        };
        let upstream_headers = response.headers();
        let headers = UPSTREAM_HEADERS
            .iter()
            .filter_map(|&name| {
                let value = upstream_headers.get(name).ok().flatten()?;
                Some((name.to_owned(), value))
            })
            .collect();
        let outcome = UpstreamOutcome::Answer {
            status: response.status(),
            headers,
            body: bytes.to_vec(),
        };
        Ok((outcome, Some(bytes)))
    }
}

/// The Worker's `Response` for `answer`; `body`: bytes to send instead of its text (an upstream
/// answer passed through as it came); `extra`: headers added (the request id).
pub fn response(
    answer: &WorkerResponse,
    body: Option<&Uint8Array>,
    extra: &[(&str, &str)],
) -> Result<Response, JsValue> {
    let headers = Headers::new()?;
    for (name, value) in &answer.headers {
        headers.append(name, value)?;
    }
    for (name, value) in extra {
        headers.set(name, value)?;
    }
    let init = ResponseInit::new();
    init.set_status(answer.status);
    init.set_headers(&headers);
    if matches!(answer.status, 204 | 304) {
        return Response::new_with_opt_str_and_init(None, &init);
    }
    match body {
        Some(bytes) => Response::new_with_opt_buffer_source_and_init(Some(bytes), &init),
        None => Response::new_with_opt_str_and_init(Some(&answer.body), &init),
    }
}

/// The static asset for `request` (the `ASSETS` binding), or a 404 without one.
pub async fn asset(env: &JsValue, request: &Request) -> Result<Response, JsValue> {
    match binding(env, "ASSETS") {
        Some(assets) => Ok(
            JsFuture::from(assets.unchecked_into::<Fetcher>().fetch(request))
                .await?
                .unchecked_into(),
        ),
        None => {
            let init = ResponseInit::new();
            init.set_status(404);
            Response::new_with_opt_str_and_init(Some("not found"), &init)
        }
    }
}

/// `caches.default`, where the platform has it.
pub fn default_cache() -> Option<Cache> {
    let caches = Reflect::get(&js_sys::global(), &"caches".into()).ok()?;
    let cache = Reflect::get(&caches, &"default".into()).ok()?;
    cache.is_object().then(|| cache.unchecked_into())
}

/// A GET request for a cache key.
fn cache_key(url: &str) -> Result<Request, JsValue> {
    Request::new_with_str(url)
}

/// The cached body under `key`, if any.
pub async fn cached(cache: &Cache, key: &str) -> Result<Option<Uint8Array>, JsValue> {
    let hit = JsFuture::from(cache.lookup(&cache_key(key)?)).await?;
    if hit.is_undefined() || hit.is_null() {
        return Ok(None);
    }
    let hit: Response = hit.unchecked_into();
    let buffer = JsFuture::from(hit.array_buffer()?).await?;
    Ok(Some(Uint8Array::new(&buffer)))
}

/// Stores `body` under `key` for `max_age` seconds: the Cache API's promise, for the request's
/// `ctx.waitUntil` (the answer does not wait for it).
pub fn store(
    cache: &Cache,
    key: &str,
    body: &Uint8Array,
    content_type: &str,
    max_age: u64,
) -> Result<js_sys::Promise, JsValue> {
    let headers = Headers::new()?;
    headers.set("content-type", content_type)?;
    headers.set("cache-control", &format!("public, max-age={max_age}"))?;
    let init = ResponseInit::new();
    init.set_headers(&headers);
    let stored = Response::new_with_opt_buffer_source_and_init(Some(body), &init)?;
    Ok(cache.put(&cache_key(key)?, &stored))
}

/// Whether the Rate Limiting binding of `pool` lets `key` through (`QA_RATE_LIMITER` for
/// `catholic_qa` when configured, else `RATE_LIMITER`).
pub async fn binding_allows(env: &JsValue, pool: &str, key: &str) -> Result<bool, JsValue> {
    let limiter = (pool == "catholic_qa")
        .then(|| binding(env, "QA_RATE_LIMITER"))
        .flatten()
        .or_else(|| binding(env, "RATE_LIMITER"));
    let Some(limiter) = limiter else {
        return Ok(true);
    };
    #[derive(serde::Serialize)]
    struct LimitOptions<'a> {
        key: &'a str,
    }
    let options = super::bindings::to_js(&LimitOptions { key })?;
    let outcome = JsFuture::from(limiter.unchecked_into::<RateLimiter>().limit(&options)).await?;
    Ok(Reflect::get(&outcome, &"success".into())?.is_truthy())
}
