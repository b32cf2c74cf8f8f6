//! The SDK's HTTP: the one place a request leaves. Each request is one `new Request(url, init)`
//! (web-sys; gloo-net's builder costs a URL and a second Request per attempt); each response is
//! read through gloo-net's wrapper. The caller's `fetch` option (or `globalThis.fetch`)
//! is called with the request as a plain function (no "Illegal invocation"). An [`AbortGuard`]
//! per attempt owns the timeout, the link to the caller's signal and the abort on drop; the body
//! is read with the byte cap by [`read_body_into`] (into a buffer kept between calls), decoded by
//! one kept `TextDecoder`, and parsed by the platform's `JSON.parse`.
//!
//! [`WebTransport`] and [`WebClock`] are what the core's call loop (`protocol::call::run`) runs on.

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::AbortSignal;

use super::error::{caused, Failure};
use super::globals::global_fetch;
use super::node::Js;
use super::options::Token;
use magisterium_core::call::{Answer, Body, Clock, Payload, Request, Transport};
use magisterium_core::{Error, ErrorKind};
use magisterium_platform::{read_body_into, sleep, utf8_text, AbortGuard, Cut, Interrupted};

/// One call's HTTP: each request the core's loop decides, sent as it says.
#[derive(Debug)]
pub struct WebTransport<'a> {
    /// The `fetch` option, else `globalThis.fetch`.
    pub fetch: Option<&'a Function>,
    /// The call's JSON-RPC request object (0.2.6), for a request that carries it.
    pub request: Option<&'a JsValue>,
    /// Its JSON text, made once.
    pub legacy: Option<JsValue>,
    /// Its JSON text in A2A 1.0, made at the first 1.0 attempt.
    pub v1: std::cell::OnceCell<JsValue>,
    /// Per-attempt time budget.
    pub timeout_ms: f64,
    /// The caller's signal.
    pub signal: Option<&'a AbortSignal>,
    /// The byte cap.
    pub max_bytes: f64,
    /// Where the bearer token comes from.
    pub token: &'a Token,
}

impl WebTransport<'_> {
    /// The body `payload` names: the request's JSON text in 0.2.6, or in 1.0 (written once).
    fn body(&self, payload: Payload) -> Result<Option<JsValue>, Failure> {
        let Payload::V1(_) = payload else {
            return Ok(self.legacy.clone().filter(|_| payload == Payload::Legacy));
        };
        if let Some(text) = self.v1.get() {
            return Ok(Some(text.clone()));
        }
        let request = self
            .request
            .ok_or_else(|| Error::invalid_input("the call has no request"))?;
        let (v1, _) = super::v1::request_in_v1(request)?;
        let text = super::parts::json_of(&v1)?;
        Ok(Some(self.v1.get_or_init(|| text).clone()))
    }

    /// The `Request` the core decided, its signal the guard's: one `new Request(url, init)`.
    fn request(
        &self,
        req: &Request<'_>,
        signal: &AbortSignal,
    ) -> Result<web_sys::Request, Failure> {
        let headers = web_sys::Headers::new().map_err(unavailable)?;
        for (name, value) in &req.headers {
            headers.set(name, value).map_err(bad_request)?;
        }
        if let Some(token) = req.token {
            headers
                .set("authorization", &format!("Bearer {token}"))
                .map_err(bad_request)?;
        }
        let init = web_sys::RequestInit::new();
        init.set_headers(&headers);
        init.set_signal(Some(signal));
        if let Some(body) = self.body(req.payload)? {
            init.set_method("POST");
            init.set_body(&body);
        }
        // The platform refuses a URL it cannot parse (a relative one outside a page).
        web_sys::Request::new_with_str_and_init(req.url, &init).map_err(|_| {
            Error::new(
                ErrorKind::Network,
                "network error: the URL cannot be fetched",
            )
            .into()
        })
    }

    /// The fetch to call: the option, else the global one.
    fn fetch_function(&self) -> Result<Function, Failure> {
        self.fetch.cloned().or_else(global_fetch).ok_or_else(|| {
            Error::new(
                ErrorKind::Network,
                "there is no global fetch; pass options.fetch",
            )
            .into()
        })
    }

    /// The failure of an attempt the guard may have cut short: a timeout and an abort are kinds of
    /// their own, anything else is `otherwise`.
    fn cut_short(&self, guard: &AbortGuard, otherwise: Failure) -> Failure {
        match guard.cut() {
            Some(Cut::Timeout) => Failure {
                error: Error::new(
                    ErrorKind::Timeout,
                    format!("no answer within {} ms", self.timeout_ms as u64),
                ),
                ..otherwise
            },
            Some(Cut::Aborted) => Failure {
                error: Error::new(ErrorKind::Aborted, "the call was aborted"),
                ..otherwise
            },
            None => otherwise,
        }
    }
}

fn unavailable(cause: JsValue) -> Failure {
    caused(
        ErrorKind::Network,
        "the platform refused an AbortController or a timer",
        cause,
    )
}

fn bad_request(cause: JsValue) -> Failure {
    caused(ErrorKind::InvalidInput, "a header cannot be sent", cause)
}

/// What the `fetch` resolved to, as a `Response` and its status; a value without a status in
/// 100–599, a `headers.get` or a body stream (a polyfill's own response type) is `invalid_input`
/// naming what it lacks: retrying would get the same. A platform `Response`'s body is a stream or
/// `null` by definition, so its `body` is not asked for here: that getter makes the stream, which
/// a body read with `arrayBuffer()` never needs.
fn as_response(value: JsValue) -> Result<(web_sys::Response, u16), Error> {
    let member = |v: &JsValue, key: &str| {
        Reflect::get(v, &super::node::member_name(key)).unwrap_or(JsValue::UNDEFINED)
    };
    let status = member(&value, "status")
        .as_f64()
        .filter(|s| (100.0..=599.0).contains(s));
    let streams = || {
        let body = member(&value, "body");
        body.is_null() || member(&body, "getReader").is_function()
    };
    let lacks = if status.is_none() {
        "no HTTP status"
    } else if !member(&member(&value, "headers"), "get").is_function() {
        "no headers"
    } else if !(value.is_instance_of::<web_sys::Response>() || streams()) {
        "no ReadableStream body"
    } else {
        return Ok((value.unchecked_into(), status.unwrap_or_default() as u16));
    };
    Err(Error::invalid_input(format!(
        "the fetch resolved to something that is not a Response: {lacks}"
    )))
}

/// `network error: <the exception's message>`, the exception as the cause.
fn network(cause: JsValue) -> Failure {
    let detail = Reflect::get(&cause, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .unwrap_or_else(|| "fetch failed".to_owned());
    caused(
        ErrorKind::Network,
        format!("network error: {detail}"),
        cause,
    )
}

impl Transport for WebTransport<'_> {
    type Node = Js;
    type Cause = JsValue;

    async fn attempt(&self, req: &Request<'_>) -> Result<Answer<Js>, Failure> {
        let mut guard = AbortGuard::new(Some(self.timeout_ms), self.signal).map_err(unavailable)?;
        if guard.cut() == Some(Cut::Aborted) {
            return Err(Error::new(ErrorKind::Aborted, "the call was aborted").into());
        }
        let request = self.request(req, &guard.signal())?;
        let fetch = self.fetch_function()?;
        let pending = fetch
            .call1(&JsValue::UNDEFINED, &request)
            .map_err(|e| self.cut_short(&guard, network(e)))?;
        let response = JsFuture::from(Promise::resolve(&pending))
            .await
            .map_err(|e| self.cut_short(&guard, network(e)))?;
        let (raw, status) = as_response(response)?;
        let response = gloo_net::http::Response::from(Clone::clone(&raw));
        let headers = response.headers();
        let header = |name: &str| headers.get(name);
        let (retry_after, retry_after_ms, cache_control, cache) = (
            header("retry-after"),
            header("retry-after-ms"),
            header("cache-control"),
            header(magisterium_core::cache::CACHE_HEADER),
        );
        // The text, decoded before the reader keeps its buffer again (`None`: past the cap).
        let read = read_body_into(&raw, self.max_bytes, utf8_text);
        let read = read.await.map_err(|cause| {
            let cut = Failure {
                error: Error::new(
                    ErrorKind::Network,
                    "the connection closed before the body ended",
                )
                .with_status(status),
                data: None,
                cause: Some(cause),
                ignored: None,
            };
            self.cut_short(&guard, cut)
        })?;
        if read.is_some() {
            // Read to its end: the fetch is over, nothing is left to abort.
            guard.finished();
        }
        let body = match read {
            None => Body::TooLarge,
            Some(None) => Body::NotUtf8,
            Some(Some(text)) => Js::parse(&text).map_or(Body::NotJson, Body::Json),
        };
        let body = match (req.payload, body) {
            (Payload::V1(method), Body::Json(node)) => Body::Json(
                super::v1::answer_from_v1(method, node).map_err(|e| e.with_status(status))?,
            ),
            (_, body) => body,
        };
        Ok(Answer {
            status,
            body,
            retry_after,
            retry_after_ms,
            cache_control,
            cache,
        })
    }

    async fn token(&self) -> Result<Option<String>, Failure> {
        let provider = match self.token {
            Token::None => return Ok(None),
            Token::Static(token) => return Ok(Some(token.clone())),
            Token::Provider(f) => f,
        };
        let failed = |cause| caused(ErrorKind::Unauthorized, "the token provider failed", cause);
        let returned = provider.call0(&JsValue::UNDEFINED).map_err(failed)?;
        let token = JsFuture::from(Promise::resolve(&returned))
            .await
            .map_err(failed)?;
        match token.as_string() {
            Some(token) if !token.trim().is_empty() => Ok(Some(token)),
            _ => Err(Error::new(
                ErrorKind::Unauthorized,
                "the token provider returned no token",
            )
            .into()),
        }
    }

    fn token_refreshable(&self) -> bool {
        matches!(self.token, Token::Provider(_))
    }
}

/// Time and waits of one call: `Date.now()`, `Math.random()` and a sleep the call's signal ends.
#[derive(Debug)]
pub struct WebClock<'a> {
    /// The caller's signal.
    pub signal: Option<&'a AbortSignal>,
}

impl Clock for WebClock<'_> {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }

    fn random(&self) -> f64 {
        js_sys::Math::random()
    }

    async fn sleep(&self, ms: f64) -> Result<(), Error> {
        match sleep(ms, self.signal).await {
            Ok(()) => Ok(()),
            Err(Interrupted::Aborted) => {
                Err(Error::new(ErrorKind::Aborted, "the call was aborted"))
            }
            Err(Interrupted::Unavailable(_)) => Err(Error::new(
                ErrorKind::Network,
                "the platform refused a timer",
            )),
        }
    }
}
