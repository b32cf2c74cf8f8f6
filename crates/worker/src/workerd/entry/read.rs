//! Reading a request, phase of a [`super::Call`]: the request as the app reads it, its id, and
//! the session's token put in its place.

use wasm_bindgen::JsValue;
use web_sys::{Request, Url};

use crate::limits::visitor_key;
use magisterium_core::ids;
use magisterium_core::serve::http::{path, WorkerRequest, REQUEST_HEADERS};
use magisterium_platform::random::CryptoRandom;

/// The request as the app reads it: the headers it reads (a session's token in place of the
/// page's `Authorization`), the client key, the clock.
pub(super) fn worker_request(
    request: &Request,
    url: &Url,
    body: Vec<u8>,
) -> Result<WorkerRequest, JsValue> {
    let headers = request.headers();
    let mut pairs = Vec::new();
    for name in REQUEST_HEADERS {
        if let Some(value) = headers.get(name)? {
            pairs.push((name.to_owned(), value));
        }
    }
    let search = url.search();
    Ok(WorkerRequest {
        method: request.method(),
        path: path::canonical(url.pathname()),
        query: search.strip_prefix('?').unwrap_or(&search).to_owned(),
        origin: url.origin(),
        headers: pairs,
        body,
        client_key: visitor_key(headers.get("cf-connecting-ip")?.as_deref()),
        now_ms: js_sys::Date::now(),
        account: None,
    })
}

/// `request` made with a session's token in place of the page's `Authorization`, for the
/// session's account; a call without a session keeps the page's.
pub(super) fn with_session(request: &mut WorkerRequest, session: Option<(&str, String)>) {
    if let Some((token, account)) = session {
        request.headers.retain(|(name, _)| name != "authorization");
        request
            .headers
            .push(("authorization".to_owned(), format!("Bearer {token}")));
        request.account = Some(account);
    }
}

/// The client's `X-Request-ID` (64 characters of `[A-Za-z0-9_.-]` at most), else a new UUID.
pub(super) fn request_id(request: &Request) -> String {
    let given: String = request
        .headers()
        .get("x-request-id")
        .ok()
        .flatten()
        .unwrap_or_default()
        .chars()
        .take(64)
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
        .collect();
    if given.is_empty() {
        ids::uuid_v4(&mut CryptoRandom)
    } else {
        given
    }
}
