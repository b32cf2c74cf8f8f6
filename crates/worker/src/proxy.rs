//! The proxy policy, pure: checks a client request before any upstream call and plans the
//! upstream call ([`inspect`]). What it makes of the upstream's answer is [`crate::upstream`]. The
//! entry (`entry.rs`, `io.rs`) only carries out the plan (fetch, Cache API, Rate Limiting binding,
//! budget object, logs).

use serde_json::{json, Value};

use crate::cache::{self, keys, Cached};
use crate::doors::exit::Exit;
use crate::limits::budget::account_key;
use crate::settings::Settings;
use magisterium_core::request::method;
use magisterium_core::serve::http::{code, WorkerRequest, WorkerResponse};
use magisterium_core::serve::limiter::{Limiter, Pool, Refusal};
use magisterium_core::serve::params::{check_send_params, SkillInput};
use magisterium_core::wire::Part;
use magisterium_core::Skill;

/// Upstream time budget for `catholic_qa` (the SDK's attempt budget is 60 s, so the proxy answers first).
pub const QA_TIMEOUT_MS: u64 = 55_000;
/// Upstream time budget for everything else.
pub const DEFAULT_TIMEOUT_MS: u64 = 15_000;

/// The upstream time budget of a call (`catholic_qa` when `is_qa`): `UPSTREAM_TIMEOUT_MS`, else
/// [`QA_TIMEOUT_MS`] or [`DEFAULT_TIMEOUT_MS`].
pub fn upstream_timeout_ms(settings: &Settings, is_qa: bool) -> u64 {
    let default = if is_qa {
        QA_TIMEOUT_MS
    } else {
        DEFAULT_TIMEOUT_MS
    };
    settings.upstream_timeout_ms.unwrap_or(default)
}

/// The upstream call the entry must make for an accepted request.
#[derive(Debug, Clone, PartialEq)]
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
    /// The call the answer cache may answer (its key, its rule, the caller's message), when the
    /// skill's answers are kept (`cache::rule`) and its key could be read.
    pub cache: Option<Box<Cached>>,
    /// When the request came (Unix ms): a kept answer counts its age from it.
    pub at_ms: f64,
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
    /// was rewritten as, or the request with its relative date resolved.
    pub body: Option<String>,
    /// How the answers leave: through the door the request came in by (0.2.6, an A2A 1.0
    /// request, an MCP `tools/call`), with CORS for its page.
    pub exit: Box<Exit>,
}

/// What the proxy decided about a request.
#[derive(Debug)]
pub enum Inspection {
    /// Answer the client now; nothing goes upstream.
    Reject(WorkerResponse),
    /// Make the planned upstream call with the original body.
    Forward(ForwardPlan),
}

fn reject(status: u16, id: &Value, code: i64, message: &str) -> Inspection {
    Inspection::Reject(WorkerResponse::rpc_error(status, id, code, message, None))
}

/// Which of the proxy's limits refused a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The per-client share (`PROXY_PER_MINUTE`, `PROXY_QA_PER_MINUTE` per
    /// `PROXY_WINDOW_SECONDS`): in the isolate, the Rate Limiting binding or the budget object.
    Client,
    /// The upstream account's budget (`UPSTREAM_PER_MINUTE`, `UPSTREAM_QA_PER_MINUTE` a minute),
    /// shared by every client of the account: the budget object.
    Account,
}

impl Limit {
    /// The name in error data (`"client"`, `"account"`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Client => "client",
            Self::Account => "account",
        }
    }

    /// From its name; anything but `"account"` is the per-client limit.
    pub fn from_name(name: &str) -> Self {
        if name == "account" {
            Self::Account
        } else {
            Self::Client
        }
    }

    /// The calls this limit allows in `pool`, and its window in seconds.
    fn allowance(self, pool: Pool, settings: &Settings) -> (u32, u32) {
        let ((all, qa), window) = match self {
            Self::Client => (settings.proxy_limits, settings.proxy_window_secs),
            Self::Account => (settings.upstream_limits, 60),
        };
        (if pool == Pool::CatholicQa { qa } else { all }, window)
    }
}

/// The 429 answer for a refusal (the stand-in's shape: -32029, `Retry-After`, pool in `data`),
/// with the limit that refused it in `data`: `limit` (`"client"` or `"account"`), `allowed`
/// (the calls it allows in that pool) and `windowSeconds`.
pub fn rate_limited(
    id: &Value,
    refusal: Refusal,
    limit: Limit,
    settings: &Settings,
) -> WorkerResponse {
    let (allowed, window) = limit.allowance(refusal.pool, settings);
    let data = json!({
        "pool": refusal.pool.name(),
        "retryAfterSeconds": refusal.retry_after_secs,
        "limit": limit.name(),
        "allowed": allowed,
        "windowSeconds": window,
    });
    WorkerResponse::rpc_error(
        429,
        id,
        code::RATE_LIMITED,
        "Rate limit exceeded",
        Some(data),
    )
    .with_header("retry-after", refusal.retry_after_secs.to_string())
}

/// Checks a `POST /api/v1/a2a` for the upstream `upstream_url`. `limiter` is the in-isolate
/// per-client limiter, used when the Rate Limiting binding (`has_binding`) is not there; either
/// runs before the account's budget object is asked (`ForwardPlan::budget`).
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
            if chosen == Skill::DocumentFetch && names_two_ids(&message.parts) {
                return reject(
                    400,
                    &id,
                    code::INVALID_PARAMS,
                    "Invalid params: the parts name two different document ids",
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
    // The per-visitor limit runs first, before anything asks the account's budget object: a call
    // counts in `default` (and `catholic_qa`), a `tasks/*` in its own `tasks` pool.
    let pools: &[Pool] = match (&skill, is_qa) {
        (None, _) => &[Pool::Tasks],
        (Some(_), false) => &[Pool::Default],
        (Some(_), true) => &[Pool::Default, Pool::CatholicQa],
    };
    let mut binding_pools = Vec::new();
    if settings.proxy_rate_limits {
        if has_binding {
            binding_pools = pools.iter().map(|p| p.name().to_owned()).collect();
        } else {
            let (client, now) = (&request.client_key, request.now_ms);
            let checked = match skill {
                Some(_) => limiter.check(client, is_qa, now),
                None => limiter
                    .check(&Pool::Tasks.key(client), false, now)
                    .map_err(|r| Refusal {
                        pool: Pool::Tasks,
                        ..r
                    }),
            };
            if let Err(refusal) = checked {
                return Inspection::Reject(rate_limited(&id, refusal, Limit::Client, settings));
            }
        }
    }
    let budget = (skill.is_some() && settings.upstream_budget)
        .then(|| account_key(request.account.as_deref()));
    let keyed = skill.as_ref().and_then(|(chosen, message)| {
        let rule = cache::rule(*chosen, settings)?;
        let input = SkillInput::from_parts(*chosen, &message.parts).ok()?;
        let sent = params.get("message").cloned().unwrap_or_default();
        keys::keyed(
            rule,
            &input,
            &sent,
            request.now_ms,
            settings.cache_zone_minutes,
        )
    });
    // A relative date goes upstream as the date it was resolved to, the key's.
    let mut body = None;
    let cache = keyed.and_then(|keyed| {
        if let Some(parts) = keyed.parts {
            let mut rewritten = envelope.clone();
            *rewritten.pointer_mut("/params/message/parts")? = parts;
            body = Some(rewritten.to_string());
        }
        Some(Box::new(keyed.cached))
    });
    Inspection::Forward(ForwardPlan {
        method: method_name,
        skill: skill.as_ref().map(|(s, _)| s.id().to_owned()),
        rpc_id: id,
        upstream_url: upstream_url.to_owned(),
        timeout_ms: upstream_timeout_ms(settings, is_qa),
        max_upstream_bytes: settings.max_upstream_bytes,
        cache,
        at_ms: request.now_ms,
        binding_pools,
        budget,
        is_qa,
        client_key: request.client_key.clone(),
        body,
        exit: Box::default(),
    })
}

/// True when the parts of a `document_fetch` name two different documents: a text part is read
/// as an id, and so is a data part's `id` (spaces around them aside). The service reads one of
/// them, and which one is not promised: such a request is refused rather than guessed.
fn names_two_ids(parts: &[Part]) -> bool {
    let mut named = parts.iter().filter_map(|part| {
        part.as_text()
            .or_else(|| part.as_data()?.get("id")?.as_str())
    });
    let first = named.next().map(str::trim);
    named.any(|id| Some(id.trim()) != first)
}
