//! What the proxy makes of what the upstream did, pure: the client's answer from the upstream's
//! (answer, timeout, refusal, garbage: always a well-formed answer), or from the answer cache,
//! and the upstream's agent card as the proxy serves it.

use serde_json::{json, Value};

use crate::cache::{entries as cache_entry, Mark};
use crate::proxy::ForwardPlan;
use magisterium_core::ids::Random;
use magisterium_core::retry::parse_non_negative;
use magisterium_core::serve::answer::{self, Answer};
use magisterium_core::serve::http::{code, path, upstream_fault, WorkerResponse};
use magisterium_core::upstream::{Fault, Reason};

/// How long the upstream's card is cached, by the proxy and by its clients.
pub const CARD_CACHE_SECONDS: u64 = 3_600;
/// Largest upstream card read.
pub const CARD_MAX_BYTES: usize = 1 << 20;
/// The upstream response headers the proxy reads: the ones it forwards, then `retry-after-ms`
/// (for a 429 without `Retry-After`). The entry hands over only these.
pub const UPSTREAM_HEADERS: [&str; 7] = [
    "retry-after",
    "ratelimit-limit",
    "ratelimit-remaining",
    "ratelimit-reset",
    "x-ratelimit-limit",
    "x-ratelimit-remaining",
    "retry-after-ms",
];

/// Response headers copied from the upstream (besides the content type, always JSON).
pub const FORWARDED_HEADERS: &[&str] = UPSTREAM_HEADERS.split_at(6).0;

/// What came back from the upstream.
#[derive(Debug)]
pub enum UpstreamOutcome {
    /// An HTTP answer (body already capped).
    Answer {
        /// HTTP status.
        status: u16,
        /// Lower-case header pairs.
        headers: Vec<(String, String)>,
        /// The body.
        body: Vec<u8>,
    },
    /// The time budget ran out.
    Timeout,
    /// No whole answer (refused, reset, DNS, TLS, a body cut short). The request may have
    /// arrived: workerd's `fetch` does not say whether it connected.
    Unreachable,
    /// The request could not be made (a URL `fetch` refuses): nothing was sent.
    NotSent,
    /// The body passed the cap.
    TooLarge,
}

/// What [`finish_answer`] decided about an upstream outcome.
#[derive(Debug)]
pub struct Finished {
    /// The answer for the client. When `upstream_body` is set, its body is left empty: the body
    /// is the upstream's bytes, unchanged (they were checked to be a JSON-RPC response), so the
    /// entry sends the bytes it already holds instead of a copy decoded and re-encoded.
    pub response: WorkerResponse,
    /// The upstream's body, when it is the answer's body.
    pub upstream_body: Option<Vec<u8>>,
    /// The entry to store under the plan's cache key ([`cache_entry::entry`]): the artifacts
    /// alone, when the answer carries what the skill promises.
    pub cache: Option<String>,
    /// The JSON-RPC error code of the answer, when it is an error (the proxy's own or the
    /// upstream's; 0 when the upstream's error has no integer code). For the log.
    pub rpc_error: Option<i64>,
}

impl Finished {
    fn own(response: WorkerResponse, code: i64) -> Self {
        Self {
            response,
            upstream_body: None,
            cache: None,
            rpc_error: Some(code),
        }
    }

    /// The answer with its body in place, and what to cache.
    pub fn into_parts(self) -> (WorkerResponse, Option<String>) {
        let mut response = self.response;
        if let Some(body) = self.upstream_body {
            response.body = String::from_utf8_lossy(&body).into_owned();
        }
        (response, self.cache)
    }
}

/// The answer for the client, and the entry to store under the plan's cache key when the answer
/// is the document asked for (never errors, failed tasks, not-found answers or another
/// document). The upstream's body is handed back untouched when it is the answer's body. The
/// proxy's own answers say in `error.data` whether the request reached the upstream
/// (`magisterium_core::upstream`): every one does but an uncallable URL's.
pub fn finish_answer(plan: &ForwardPlan, outcome: UpstreamOutcome) -> Finished {
    let own = |fault: Fault, message: &str| {
        let response = upstream_fault(&plan.rpc_id, fault, message);
        Finished::own(response, code::INTERNAL_ERROR)
    };
    let fail = |reason: Reason, message: &str| own(Fault::reached(reason), message);
    let (status, headers, body) = match outcome {
        UpstreamOutcome::Timeout => return fail(Reason::Timeout, "Upstream timeout"),
        UpstreamOutcome::Unreachable => return fail(Reason::NoAnswer, "Upstream unreachable"),
        UpstreamOutcome::NotSent => {
            let fault = Fault::not_reached(Reason::NoAnswer);
            return own(fault, "Upstream unreachable");
        }
        UpstreamOutcome::TooLarge if plan.exit.has_door() => {
            let why = "Upstream answer too large for this door (MAX_DOOR_BYTES); the A2A 0.2.6 endpoint reads larger ones";
            return fail(Reason::TooLarge, why);
        }
        UpstreamOutcome::TooLarge => return fail(Reason::TooLarge, "Upstream answer too large"),
        UpstreamOutcome::Answer {
            status,
            headers,
            body,
        } => (status, headers, body),
    };
    if (300..400).contains(&status) {
        return fail(Reason::Redirected, "Upstream redirected");
    }
    // An upstream 429 stays a 429 with a Retry-After, whatever its body.
    let retry_after = (status == 429).then(|| upstream_retry_after(&headers));
    let refused = |retry_after: String| {
        let id = &plan.rpc_id;
        let response =
            WorkerResponse::rpc_error(429, id, code::RATE_LIMITED, "Rate limit exceeded", None);
        Finished::own(
            response.with_header("retry-after", retry_after),
            code::RATE_LIMITED,
        )
    };
    let head = match answer::read(&body) {
        Answer::Rpc(head) => head,
        _ if retry_after.is_some() => return refused(retry_after.unwrap_or_default()),
        Answer::NotJson => {
            return fail(
                Reason::NotJson,
                &format!("Upstream answered HTTP {status} without JSON"),
            )
        }
        Answer::NotRpc => {
            return fail(
                Reason::NotRpc,
                &format!("Upstream answered HTTP {status} without a JSON-RPC response"),
            )
        }
    };
    let rpc_error = head.error_code;
    // Only a completed answer to this very request that carries what its skill promises is kept.
    let cache = match (&plan.cache, &head.result) {
        (Some(cached), Some(result))
            if status == 200
                && head.state.as_deref() == Some("completed")
                && head.id_is(&plan.rpc_id) =>
        {
            let result = body.get(result.clone()).unwrap_or_default();
            cache_entry::entry(result, cached, plan.at_ms)
        }
        _ => None,
    };
    let mut response = WorkerResponse {
        status,
        headers: vec![("content-type".into(), "application/json".into())],
        body: String::new(),
    };
    for (name, value) in headers {
        if FORWARDED_HEADERS.contains(&name.as_str()) {
            response.headers.push((name, value));
        }
    }
    if let Some(retry_after) = retry_after.filter(|_| response.header("retry-after").is_none()) {
        response = response.with_header("retry-after", retry_after);
    }
    Finished {
        response,
        upstream_body: Some(body),
        cache,
        rpc_error,
    }
}

/// The `Retry-After` for an upstream 429: its own, else its `retry-after-ms` in whole seconds,
/// else the service's window (60 s), so a refused client always learns when to come back.
fn upstream_retry_after(headers: &[(String, String)]) -> String {
    let get = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    };
    if let Some(value) = get("retry-after") {
        return value.to_owned();
    }
    match get("retry-after-ms").and_then(parse_non_negative) {
        Some(ms) => ((ms / 1000.0).ceil() as u64).max(1).to_string(),
        None => "60".to_owned(),
    }
}

/// The answer from a cache entry, marked `mark`: the kept answer in a Task of this caller's own
/// (its ids, fresh task and artifact ids from `random`). `None` when the entry cannot answer
/// this request (another format, skill or subject): the call then goes on as a miss.
pub fn from_cache(
    plan: &ForwardPlan,
    entry: &str,
    mark: Mark,
    random: &mut dyn Random,
) -> Option<WorkerResponse> {
    let cached = plan.cache.as_deref()?;
    let body = cache_entry::answer(entry, cached, &plan.rpc_id, random, mark)?;
    Some(WorkerResponse {
        status: 200,
        headers: vec![("content-type".into(), "application/json".into())],
        body,
    })
}

/// The upstream's agent card as the proxy serves it: `url` is the proxy's own endpoint and the
/// security section says the client needs no credential (the proxy adds its own).
pub fn rewrite_card(upstream: UpstreamOutcome, own_origin: &str) -> WorkerResponse {
    let body = match upstream {
        UpstreamOutcome::Answer {
            status: 200, body, ..
        } => body,
        UpstreamOutcome::Timeout => {
            return WorkerResponse::json(504, &json!({ "error": "upstream timeout" }))
        }
        _ => return WorkerResponse::json(502, &json!({ "error": "upstream card unavailable" })),
    };
    let mut card: Value = match serde_json::from_slice(&body) {
        Ok(card @ Value::Object(_)) => card,
        _ => return WorkerResponse::json(502, &json!({ "error": "upstream card is not JSON" })),
    };
    if let Some(obj) = card.as_object_mut() {
        obj.insert(
            "url".into(),
            Value::String(format!("{own_origin}{}", path::RPC)),
        );
        obj.insert("securitySchemes".into(), json!({}));
        obj.insert("security".into(), json!([]));
    }
    WorkerResponse::json(200, &card).with_header(
        "cache-control",
        format!("public, max-age={CARD_CACHE_SECONDS}"),
    )
}

/// The upstream card URL for a JSON-RPC upstream URL: its origin + `/.well-known/agent.json`.
pub fn upstream_card_url(upstream_url: &str) -> Option<String> {
    magisterium_core::card::default_card_url(upstream_url)
}
