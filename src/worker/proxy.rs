//! The proxy policy, pure: checks a client request before any upstream call, plans the upstream
//! call, and turns whatever the upstream did (answer, timeout, refusal, garbage) into a well-formed
//! answer for the client. The entry (`entry.rs`, `io.rs`) only carries out the plan (fetch,
//! Cache API, Rate Limiting binding, budget object, logs).

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::budget::account_key;
use super::front_door::FrontDoor;
use super::http::{code, path, WorkerRequest, WorkerResponse};
use super::limiter::{Limiter, Pool, Refusal};
use super::params::{check_send_params, SkillInput};
use super::settings::Settings;
use crate::protocol::request::method;
use crate::protocol::Skill;

/// How long a cached document answer is kept (documents are public and stable).
pub const DOCUMENT_CACHE_SECONDS: u64 = 86_400;
/// How long the upstream's card is cached, by the proxy and by its clients.
pub const CARD_CACHE_SECONDS: u64 = 3_600;
/// Largest upstream card read.
pub const CARD_MAX_BYTES: usize = 1 << 20;
/// Upstream time budget for `catholic_qa` (the SDK's attempt budget is 60 s, so the proxy answers first).
pub const QA_TIMEOUT_MS: u64 = 55_000;
/// Upstream time budget for everything else.
pub const DEFAULT_TIMEOUT_MS: u64 = 15_000;
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

/// The upstream call the entry must make for an accepted request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ForwardPlan {
    /// The JSON-RPC method.
    pub method: String,
    /// The skill of a `message/send`.
    pub skill: Option<String>,
    /// The client's JSON-RPC id, for the proxy's own error answers.
    pub rpc_id: Value,
    /// Where to send it (from the settings only; nothing in the request can change it).
    pub upstream_url: String,
    /// Upstream time budget.
    pub timeout_ms: u64,
    /// Largest upstream answer read.
    pub max_upstream_bytes: usize,
    /// The Cache API key (a synthetic GET URL) when the answer may be cached.
    pub cache_key: Option<String>,
    /// Pools to check with the Rate Limiting binding (empty when the in-isolate limiter decided).
    pub binding_pools: Vec<String>,
    /// The upstream-budget object to take the call from (its name: the account), when calls are
    /// counted there.
    pub budget: Option<String>,
    /// The call is a `catholic_qa` (its own pool in every limit).
    pub is_qa: bool,
    /// The rate-limit key of the client.
    pub client_key: String,
    /// The body to send upstream instead of the client's: the 0.2.6 request an A2A 1.0 request
    /// was rewritten as.
    pub body: Option<String>,
    /// The A2A 1.0 front door the answers go back through (a 1.0 request).
    #[serde(skip)]
    pub door: Option<Box<FrontDoor>>,
}

/// What the proxy decided about a request.
#[derive(Debug)]
pub enum Inspection {
    /// Answer the client now; nothing goes upstream.
    Reject(WorkerResponse),
    /// Make the planned upstream call with the original body.
    Forward(ForwardPlan),
}

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
    /// No answer (refused, reset, DNS, TLS).
    Unreachable,
    /// The body passed the cap.
    TooLarge,
}

fn reject(status: u16, id: &Value, code: i64, message: &str) -> Inspection {
    Inspection::Reject(WorkerResponse::rpc_error(status, id, code, message, None))
}

/// The 429 answer for a refusal (the stand-in's shape: -32029, `Retry-After`, pool in `data`).
pub fn rate_limited(id: &Value, refusal: Refusal) -> WorkerResponse {
    WorkerResponse::rpc_error(
        429,
        id,
        code::RATE_LIMITED,
        "Rate limit exceeded",
        Some(json!({ "pool": refusal.pool.name(), "retryAfterSeconds": refusal.retry_after_secs })),
    )
    .with_header("retry-after", refusal.retry_after_secs.to_string())
}

/// Checks a `POST /api/v1/a2a` for the upstream `upstream_url`. `limiter` is the in-isolate
/// per-client limiter, used when neither the account's budget object
/// (`settings.upstream_budget`) nor the Rate Limiting binding (`has_binding`) is there.
pub fn inspect(
    request: &WorkerRequest,
    settings: &Settings,
    upstream_url: &str,
    limiter: &mut Limiter,
    has_binding: bool,
) -> Inspection {
    let null = Value::Null;
    let content_type = request
        .header("content-type")
        .unwrap_or_default()
        .to_ascii_lowercase();
    if !content_type.starts_with("application/json") {
        return reject(
            400,
            &null,
            code::INVALID_REQUEST,
            "Content-Type must be application/json",
        );
    }
    let envelope: Value = match serde_json::from_slice(&request.body) {
        Ok(v) => v,
        Err(_) => return reject(400, &null, code::PARSE_ERROR, "Parse error"),
    };
    let obj = match &envelope {
        Value::Object(obj) => obj,
        Value::Array(_) => {
            return reject(
                400,
                &null,
                code::INVALID_REQUEST,
                "Batch requests are not supported",
            )
        }
        _ => return reject(400, &null, code::INVALID_REQUEST, "Invalid Request"),
    };
    let id = match obj.get("id") {
        Some(id @ (Value::String(_) | Value::Number(_))) => id.clone(),
        _ => return reject(400, &null, code::INVALID_REQUEST, "Invalid Request"),
    };
    let method_name = match (obj.get("jsonrpc"), obj.get("method")) {
        (Some(Value::String(v)), Some(Value::String(m))) if v == "2.0" => m.clone(),
        _ => return reject(400, &id, code::INVALID_REQUEST, "Invalid Request"),
    };
    let params = obj.get("params").cloned().unwrap_or(Value::Null);
    let mut skill = None;
    match method_name.as_str() {
        method::MESSAGE_SEND => {
            let (message, chosen) = match check_send_params(&params) {
                Ok(ok) => ok,
                Err(e) => return Inspection::Reject(e.with_status(400).into_response(&id)),
            };
            if !settings.allowed_skills.contains(&chosen) {
                return reject(
                    400,
                    &id,
                    code::INVALID_PARAMS,
                    &format!("Unknown skill: {}", chosen.id()),
                );
            }
            if let Err(reason) = SkillInput::from_parts(chosen, &message.parts) {
                return reject(
                    400,
                    &id,
                    code::INVALID_PARAMS,
                    &format!("Invalid params: {reason}"),
                );
            }
            skill = Some((chosen, message));
        }
        method::TASKS_GET | method::TASKS_CANCEL => {
            let ok = params
                .get("id")
                .and_then(Value::as_str)
                .is_some_and(|s| !s.trim().is_empty());
            if !ok {
                return reject(
                    400,
                    &id,
                    code::INVALID_PARAMS,
                    "Invalid params: id is required",
                );
            }
        }
        _ => return reject(400, &id, code::METHOD_NOT_FOUND, "Method not found"),
    }
    let is_qa = matches!(skill, Some((Skill::CatholicQa, _)));
    let mut binding_pools = Vec::new();
    if skill.is_some() && settings.proxy_rate_limits {
        if has_binding {
            binding_pools.push(Pool::Default.name().to_owned());
            if is_qa {
                binding_pools.push(Pool::CatholicQa.name().to_owned());
            }
        } else if !settings.upstream_budget {
            if let Err(refusal) = limiter.check(&request.client_key, is_qa, request.now_ms) {
                return Inspection::Reject(rate_limited(&id, refusal));
            }
        }
    }
    let budget = (skill.is_some() && settings.upstream_budget)
        .then(|| account_key(request.session.as_deref()));
    let cache_key = match &skill {
        Some((Skill::DocumentFetch, message)) if settings.cache_documents => {
            match SkillInput::from_parts(Skill::DocumentFetch, &message.parts) {
                Ok(input) => Some(document_cache_key(input.as_str())),
                Err(_) => None,
            }
        }
        _ => None,
    };
    Inspection::Forward(ForwardPlan {
        method: method_name,
        skill: skill.as_ref().map(|(s, _)| s.id().to_owned()),
        rpc_id: id,
        upstream_url: upstream_url.to_owned(),
        timeout_ms: settings.upstream_timeout_ms.unwrap_or(if is_qa {
            QA_TIMEOUT_MS
        } else {
            DEFAULT_TIMEOUT_MS
        }),
        max_upstream_bytes: settings.max_upstream_bytes,
        cache_key,
        binding_pools,
        budget,
        is_qa,
        client_key: request.client_key.clone(),
        body: None,
        door: None,
    })
}

/// The synthetic GET URL under which a document answer is cached: the skill and the trimmed id,
/// percent-encoded byte by byte (so no id can reach another key).
pub fn document_cache_key(id: &str) -> String {
    let mut key = String::from("https://cache.magisterium-a2a.invalid/v1/document_fetch/");
    for b in id.trim().bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') {
            key.push(char::from(b));
        } else {
            key.push_str(&format!("%{b:02X}"));
        }
    }
    key
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
    /// The `result` to store under the plan's cache key, when it may be cached.
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

/// The answer for the client, and the `result` to store under the plan's cache key when it may
/// be cached (a completed document task; never errors, failed tasks or not-found answers). The
/// upstream's body is handed back untouched when it is the answer's body.
pub fn finish_answer(plan: &ForwardPlan, outcome: UpstreamOutcome) -> Finished {
    let fail = |status: u16, message: &str| {
        Finished::own(
            WorkerResponse::rpc_error(status, &plan.rpc_id, code::INTERNAL_ERROR, message, None),
            code::INTERNAL_ERROR,
        )
    };
    let (status, headers, body) = match outcome {
        UpstreamOutcome::Timeout => return fail(504, "Upstream timeout"),
        UpstreamOutcome::Unreachable => return fail(502, "Upstream unreachable"),
        UpstreamOutcome::TooLarge => return fail(502, "Upstream answer too large"),
        UpstreamOutcome::Answer {
            status,
            headers,
            body,
        } => (status, headers, body),
    };
    if (300..400).contains(&status) {
        return fail(502, "Upstream redirected");
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
    let parsed: Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(_) if retry_after.is_some() => return refused(retry_after.unwrap_or_default()),
        Err(_) => {
            return fail(
                502,
                &format!("Upstream answered HTTP {status} without JSON"),
            )
        }
    };
    let is_rpc = parsed.get("jsonrpc").and_then(Value::as_str) == Some("2.0")
        && (parsed.get("result").is_some() != parsed.get("error").is_some());
    if !is_rpc && retry_after.is_some() {
        return refused(retry_after.unwrap_or_default());
    }
    if !is_rpc {
        return fail(
            502,
            &format!("Upstream answered HTTP {status} without a JSON-RPC response"),
        );
    }
    let rpc_error = parsed
        .get("error")
        .map(|e| e.get("code").and_then(Value::as_i64).unwrap_or(0));
    let cacheable = plan.cache_key.is_some() && status == 200 && is_found_document(&parsed);
    let cache = if cacheable {
        parsed.get("result").map(Value::to_string)
    } else {
        None
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
    if plan.cache_key.is_some() {
        response = response.with_header("x-cache", "miss");
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
    let ms = get("retry-after-ms").and_then(|v| v.parse::<f64>().ok());
    match ms.filter(|ms| ms.is_finite() && *ms >= 0.0) {
        Some(ms) => ((ms / 1000.0).ceil() as u64).max(1).to_string(),
        None => "60".to_owned(),
    }
}

fn is_found_document(parsed: &Value) -> bool {
    let completed = parsed
        .pointer("/result/status/state")
        .and_then(Value::as_str)
        == Some("completed");
    let has_data_part = parsed
        .pointer("/result/artifacts")
        .and_then(Value::as_array)
        .is_some_and(|arts| {
            arts.iter().any(|a| {
                a.get("parts")
                    .and_then(Value::as_array)
                    .is_some_and(|parts| {
                        parts
                            .iter()
                            .any(|p| p.get("kind").and_then(Value::as_str) == Some("data"))
                    })
            })
        });
    completed && has_data_part
}

/// The answer for a cache hit: the stored `result` under this request's id.
pub fn from_cache(plan: &ForwardPlan, cached_result: &str) -> WorkerResponse {
    match serde_json::from_slice::<Value>(cached_result.as_bytes()) {
        Ok(result) => WorkerResponse::json(
            200,
            &json!({ "jsonrpc": "2.0", "id": plan.rpc_id, "result": result }),
        )
        .with_header("x-cache", "hit"),
        Err(_) => WorkerResponse::rpc_error(
            502,
            &plan.rpc_id,
            code::INTERNAL_ERROR,
            "Cache entry unreadable",
            None,
        ),
    }
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
    crate::protocol::card::default_card_url(upstream_url)
}
