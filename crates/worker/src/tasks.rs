//! The tasks created through the Worker, and A2A 1.0's `ListTasks` answered from them.
//!
//! Magisterium's 0.2.6 has no listing, and every upstream call spends the account's budget, so
//! the Worker keeps a small record of each task created through it (by the 1.0 door or the 0.2.6
//! path: `magisterium_core::v1::task_record`) in the account's Durable Object (the budget
//! object, `workerd::task_book`), and a listing reads only those records: it never calls
//! upstream. A record is kept as long as the service keeps its task (24 hours), and dropped when
//! a `tasks/get` finds the service no longer has it.
//!
//! Whose tasks a listing shows ([`Owner`]): a signed-in visitor's account's; an anonymous
//! visitor's (calls on the operator's token) only those of their own session, which is the
//! random id of an HttpOnly cookie ([`VISITOR_COOKIE`]) the Worker sets on the 1.0 answer that
//! created their first task (a 0.2.6 answer never sets a cookie; a 0.2.6 call that carries the
//! cookie is recorded in its session). Without that cookie, a visitor has no tasks to list.

use serde_json::{json, Value};

use crate::doors::exit::{Answer, Exit};
use crate::doors::front_door::{self, Listing};
use crate::limits::budget::account_key;
use crate::limits::Gate;
use crate::proxy::{self, Limit};
use crate::settings::Settings;
use magisterium_core::serve::answer::{read, Answer as Rpc};
use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};
use magisterium_core::serve::limiter::{Pool, Refusal};
use magisterium_core::serve::params::check_send_params;
use magisterium_core::v1::task_record::{TaskRecord, TASK_RETENTION_MS};

/// The most task records one account's object keeps (the anonymous sessions on the operator's
/// account share it); past it, the oldest are dropped.
pub const MAX_RECORDS_PER_ACCOUNT: u32 = 1000;
/// The largest record kept (its JSON): a task whose ids are longer is not recorded.
pub const MAX_RECORD_BYTES: usize = 1024;
/// The cookie naming an anonymous visitor's session (`__Host-a2a-visitor` over HTTPS).
pub const VISITOR_COOKIE: &str = "a2a-visitor";

/// A 1.0 `ListTasks` the entry answers from the account's records.
#[derive(Debug)]
pub struct ListPlan {
    /// The request read.
    pub listing: Listing,
    /// How its answer leaves.
    pub exit: Box<Exit>,
    /// The per-visitor limit: [`Gate::Open`], or the Rate Limiting binding to ask first.
    pub gate: Gate,
}

impl ListPlan {
    /// The answer to the listing from `records` (all of `owner`'s), at `now_ms`; with no owner
    /// (an anonymous visitor without a session cookie), an empty list.
    pub fn answer(
        &self,
        records: &[TaskRecord],
        owner: Option<&Owner>,
        now_ms: f64,
        settings: &Settings,
    ) -> WorkerResponse {
        let (records, key) = match owner {
            Some(owner) => (records, owner.key.as_str()),
            None => (&[][..], ""),
        };
        let id = &self.listing.id;
        let body = match self.listing.query.answer(records, key, now_ms) {
            Ok(result) => json!({ "jsonrpc": "2.0", "id": id, "result": result }),
            Err(refusal) => json!({ "jsonrpc": "2.0", "id": id, "error": refusal.into_error() }),
        };
        let response = WorkerResponse::json(200, &body);
        self.exit.leave(Answer::V1(response), settings)
    }
}

impl ListPlan {
    /// The 429 when the Rate Limiting binding refused the listing in the visitor's `tasks` pool
    /// (the binding does not say when a slot frees up: its period, `PROXY_WINDOW_SECONDS`).
    pub fn limited(&self, settings: &Settings) -> WorkerResponse {
        let refusal = Refusal {
            pool: Pool::Tasks,
            retry_after_secs: u64::from(settings.proxy_window_secs).max(1),
        };
        let answer = proxy::rate_limited(&self.listing.id, refusal, Limit::Client, settings);
        self.exit.leave(Answer::Legacy(answer), settings)
    }
}

/// Whose task records a call reads and writes: the Durable Object of the account, and the owner
/// within it (the account itself, or one anonymous session on the operator's account).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    /// The budget object's name ([`account_key`]).
    pub object: String,
    /// The owner's key in it: `account:<subject>`, or `visitor:<session id>`.
    pub key: String,
}

impl Owner {
    /// A signed-in visitor's account, or an anonymous `visitor` session (`None` without one).
    pub fn of(account: Option<&str>, visitor: Option<&str>) -> Option<Self> {
        let object = account_key(account);
        let key = match (account, visitor) {
            (Some(_), _) => object.clone(),
            (None, Some(session)) => format!("visitor:{session}"),
            (None, None) => return None,
        };
        Some(Self { object, key })
    }
}

/// What an answer changes in the records.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// A `message/send` (or `SendMessage`) created this task.
    Record(TaskRecord),
    /// A `tasks/get` or `tasks/cancel` (or a message naming a task) found the service no longer
    /// has this task (`TaskNotFound`, -32001).
    Forget(String),
}

/// The change `answer` (the body the visitor gets, HTTP 200) to the A2A `request` makes to the
/// records, at `now_ms`, and whether the request came through the 1.0 door (only a 1.0 answer
/// may give an anonymous visitor their session cookie: the 0.2.6 path's answers never carry a
/// `Set-Cookie`, which `magisterium-a2a check` holds every deployment to); `None` for any other
/// answer.
pub fn change(request: &WorkerRequest, answer: &[u8], now_ms: f64) -> Option<(Change, bool)> {
    let opened = match front_door::open(request) {
        Ok(Some(opened)) if opened.list.is_none() => Some(opened.request),
        Ok(None) => None,
        _ => return None,
    };
    let v1 = opened.is_some();
    let legacy = opened.as_ref().unwrap_or(request);
    let call: Value = serde_json::from_slice(&legacy.body).ok()?;
    let params = call.get("params")?;
    match call.get("method")?.as_str()? {
        "message/send" => {
            let skill = check_send_params(params).ok().map(|(_, skill)| skill.id());
            let record = TaskRecord::of_answer(answer, skill, now_ms)?;
            (record.to_json().to_string().len() <= MAX_RECORD_BYTES)
                .then_some((Change::Record(record), v1))
        }
        "tasks/get" | "tasks/cancel" => {
            let Rpc::Rpc(head) = read(answer) else {
                return None;
            };
            let id = params.get("id").and_then(Value::as_str)?;
            (head.error_code == Some(-32001)).then(|| (Change::Forget(id.to_owned()), v1))
        }
        _ => None,
    }
}

/// The anonymous session the request's `Cookie` header names (its `VISITOR_COOKIE`), when it is
/// one the Worker could have made (a UUID); `https`: the site is served over HTTPS.
pub fn visitor_of(cookie: Option<&str>, https: bool) -> Option<String> {
    let name = cookie_name(https);
    cookie?
        .split(';')
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
        .filter(|v| v.len() == 36 && v.bytes().all(|b| b.is_ascii_hexdigit() || b == b'-'))
        .map(str::to_ascii_lowercase)
}

/// The `Set-Cookie` value naming the session `id` for the next 24 hours (as long as its tasks
/// are kept): HttpOnly, SameSite=Lax, the whole site; `__Host-` and Secure over HTTPS.
pub fn visitor_cookie(id: &str, https: bool) -> String {
    let max_age = (TASK_RETENTION_MS / 1000.0) as u64;
    let secure = if https { "; Secure" } else { "" };
    format!(
        "{}={id}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}",
        cookie_name(https)
    )
}

fn cookie_name(https: bool) -> String {
    match https {
        true => format!("__Host-{VISITOR_COOKIE}"),
        false => VISITOR_COOKIE.to_owned(),
    }
}
