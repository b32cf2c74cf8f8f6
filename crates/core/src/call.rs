//! One call from start to end, sans-IO: pacing wait, token, the headers of each request, attempt,
//! decode, retry decision, sleep, card fallback, and (in [`auto`]) `protocolVersion`'s choice of
//! where the call goes, `"auto"`'s move to A2A 1.0 included. [`run`] and [`rpc`] are generic over a
//! [`Transport`] (one HTTP request, the token) and a [`Clock`] (time, jitter, sleep), so the browser
//! build plugs in `fetch` and timers while the native tests plug in fakes and check every rule of
//! the contract exactly.

mod auto;

pub use auto::{rpc, Ignored, IgnoredReason, Session};

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;

use super::cache::mark_task;
use super::card;
use super::error::{Error, ErrorKind};
use super::json_view::JsonView;
use super::origin;
use super::pacing::Pacer;
use super::results::{decode_sent_task, decode_skill_response, decode_task, SkillAnswer};
use super::retry::{parse_retry_after, RetryPolicy};
use super::skill::Skill;
use super::v1::Method as V1Method;
use super::wire::RequestId;

/// The longest time budget of an attempt, in milliseconds: 2^31 − 1 (about 24.8 days), the
/// longest delay a JavaScript timer holds (a longer `setTimeout` fires at once).
pub const MAX_TIMEOUT_MS: f64 = 2_147_483_647.0;

/// Whether `ms` is a time budget an attempt can have (a `timeoutMs` option): above 0, at most
/// [`MAX_TIMEOUT_MS`]. Anything else (`NaN`, `Infinity`) is refused rather than cut to a
/// budget nobody asked for.
pub fn is_timeout_ms(ms: f64) -> bool {
    ms > 0.0 && ms <= MAX_TIMEOUT_MS
}

/// What one HTTP attempt brought back (the platform read the body with the byte cap).
#[derive(Debug, Clone)]
pub struct Answer<N> {
    /// The HTTP status.
    pub status: u16,
    /// The body.
    pub body: Body<N>,
    /// The `Retry-After` header.
    pub retry_after: Option<String>,
    /// The `retry-after-ms` header.
    pub retry_after_ms: Option<String>,
    /// The `Cache-Control` header.
    pub cache_control: Option<String>,
    /// The `x-magisterium-cache` header: where the proxy's answer came from (a typed result's
    /// `task.cache`).
    pub cache: Option<String>,
}

/// A response body as the platform read it.
#[derive(Debug, Clone)]
pub enum Body<N> {
    /// Parsed JSON.
    Json(N),
    /// UTF-8 text that is not JSON.
    NotJson,
    /// Longer than the call's byte cap; the rest was not read.
    TooLarge,
    /// Bytes that are not UTF-8.
    NotUtf8,
}

/// A call's failure: the core error, plus the JSON-RPC `error.data` node and the platform's
/// exception (`C`) behind it, when there are.
#[derive(Debug, Clone)]
pub struct Failure<N, C> {
    /// What went wrong.
    pub error: Error,
    /// `error.data` of a JSON-RPC error answer.
    pub data: Option<N>,
    /// The platform's exception (a `TypeError` of `fetch`, …).
    pub cause: Option<C>,
    /// An A2A 1.0 interface `"auto"` did not follow, and why.
    pub ignored: Option<Box<Ignored>>,
}

impl<N, C> From<Error> for Failure<N, C> {
    fn from(error: Error) -> Self {
        Self {
            error,
            data: None,
            cause: None,
            ignored: None,
        }
    }
}

/// What a request carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payload {
    /// Nothing: a `GET` (the agent card).
    Empty,
    /// A `POST` of the call's JSON-RPC request, in A2A 0.2.6 as it was built.
    Legacy,
    /// A `POST` of the call's request written in A2A 1.0 as this method; its answer is read back
    /// as the 0.2.6 answer meaning the same (`v1::project`).
    V1(V1Method),
}

/// One HTTP request, as the call loop decided it: where it goes, what it carries and every header
/// it has (the loop alone decides which headers go to which URL).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request<'a> {
    /// The URL.
    pub url: &'a str,
    /// The body.
    pub payload: Payload,
    /// The headers, in order (a later one of the same name replaces an earlier one).
    pub headers: Vec<(&'a str, &'a str)>,
    /// Sent as `Authorization: Bearer <token>`, after the headers.
    pub token: Option<&'a str>,
}

/// One HTTP attempt and the bearer token: what the platform does for [`run`].
#[allow(async_fn_in_trait)] // single-threaded wasm; no Send bounds wanted
pub trait Transport {
    /// A node of a parsed body.
    type Node: JsonView;
    /// The platform's exception type.
    type Cause;
    /// Sends `request` exactly as it is and reads the answer. A failure is `timeout`, `aborted`
    /// or `network`.
    async fn attempt(
        &self,
        request: &Request<'_>,
    ) -> Result<Answer<Self::Node>, Failure<Self::Node, Self::Cause>>;
    /// The token for the next attempt (`None`: no `Authorization` header). Called before every
    /// attempt of an authenticated call.
    async fn token(&self) -> Result<Option<String>, Failure<Self::Node, Self::Cause>>;
    /// Whether asking [`Transport::token`] again may give another token (a provider function).
    fn token_refreshable(&self) -> bool;
}

/// Time, jitter and waiting.
pub trait Clock {
    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> f64;
    /// A number in `[0, 1)` for retry jitter.
    fn random(&self) -> f64;
    /// Waits `ms`; `aborted` when the call's signal fires first.
    fn sleep(&self, ms: f64) -> impl Future<Output = Result<(), Error>>;
}

/// What a call reads its answers into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// A skill method's typed result (needs a `completed` Task).
    Skill(Skill),
    /// `send`: the Task in any state but `failed` and `rejected`.
    Sent,
    /// `getTask` / `cancelTask`: the Task in any state.
    Task,
    /// `agentCard`: the card and how long to keep it.
    Card,
}

/// A call's result.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome<N> {
    /// A skill method's answer.
    Skill(SkillAnswer<N>),
    /// The Task node (`send`, `getTask`, `cancelTask`).
    Task(N),
    /// The card node and its `max-age` in seconds.
    Card(N, u64),
}

/// The caller's side of every request: the endpoint, the caller's own headers, and the origins
/// besides the endpoint's that may receive them and the token.
#[derive(Debug, Clone, Copy)]
pub struct Caller<'a> {
    /// The JSON-RPC endpoint (absolute, as the platform resolved it).
    pub endpoint: &'a str,
    /// The client's own `headers`.
    pub headers: &'a [(String, String)],
    /// The call's own `headers`, after the client's (one of the same name replaces it).
    pub call_headers: &'a [(String, String)],
    /// `trustedOrigins`: origins besides the endpoint's that may receive the token and `headers`.
    pub trusted_origins: &'a [String],
}

impl Caller<'_> {
    /// Whether a request to `url` may carry the caller's credentials (the token and `headers`):
    /// only at the endpoint's own origin or at one the caller trusts.
    pub fn trusts(&self, url: &str) -> bool {
        url == self.endpoint
            || origin::same_origin(url, self.endpoint)
            || (self.trusted_origins.iter()).any(|trusted| origin::same_origin(url, trusted))
    }
}

/// Everything [`run`] needs to know about one call.
#[derive(Debug, Clone, Copy)]
pub struct Plan<'a> {
    /// How answers are read.
    pub reader: Reader,
    /// The JSON-RPC method the retry policy decides by (`"agent_card"` for the card).
    pub method: &'a str,
    /// The id the answer must echo (ignored for the card).
    pub id: &'a RequestId,
    /// Where to send it; the next URL is tried after a 404 of the card. ([`rpc`] chooses these
    /// and [`Plan::payload`] itself.)
    pub urls: &'a [String],
    /// What each request carries.
    pub payload: Payload,
    /// The endpoint and the caller's headers.
    pub caller: Caller<'a>,
    /// Whether the `catholic_qa` pacing pool applies.
    pub is_qa: bool,
    /// Whether the call waits for a pacing slot (and takes one) before each attempt.
    pub paced: bool,
    /// Whether a token is sent (not for the card).
    pub authenticated: bool,
    /// Retries and backoff.
    pub retry: RetryPolicy,
    /// The byte cap, named in the error for a larger answer.
    pub max_bytes: f64,
}

/// Runs one call to its end: the result, or the failure the retry policy gave up on.
///
/// # Errors
/// The last attempt's failure, a token provider's failure, or `aborted` during a wait.
pub async fn run<T: Transport, K: Clock>(
    transport: &T,
    clock: &K,
    pacer: Option<&RefCell<Pacer>>,
    plan: &Plan<'_>,
) -> Result<Outcome<T::Node>, Failure<T::Node, T::Cause>> {
    let mut url_index = 0;
    let mut retries = 0;
    let mut refreshed = false;
    loop {
        if let (true, Some(pacer)) = (plan.paced, pacer) {
            loop {
                let now = clock.now_ms();
                let wait = pacer.borrow_mut().wait_ms(now, plan.is_qa);
                if wait <= 0.0 {
                    pacer.borrow_mut().record(now, plan.is_qa);
                    break;
                }
                clock.sleep(wait).await?;
            }
        }
        let url = plan.urls.get(url_index).map_or("", String::as_str);
        // The token and the caller's headers go only where the caller trusts them.
        let trusted = plan.caller.trusts(url);
        let token = if plan.authenticated && trusted {
            transport.token().await?
        } else {
            None
        };
        let request = request(plan, url, token.as_deref(), trusted);
        // The attempt's future behind a pointer: its code (the fetch, the body read) stays a
        // function of its own instead of being inlined into this loop's, which brotli compresses
        // better (−229 B of the browser build, for one small allocation per attempt).
        let attempt: Pin<Box<dyn Future<Output = _> + '_>> = Box::pin(transport.attempt(&request));
        let failure = match attempt.await {
            Ok(answer) => match read(plan, url_index, answer, clock.now_ms()) {
                Ok(outcome) => return Ok(outcome),
                Err(Step::NextUrl) => {
                    url_index += 1;
                    continue;
                }
                Err(Step::Failed(failure)) => failure,
            },
            Err(failure) => failure,
        };
        if failure.error.kind() == ErrorKind::Unauthorized
            && plan.authenticated
            && transport.token_refreshable()
            && !refreshed
        {
            refreshed = true;
            continue;
        }
        let random = clock.random();
        match plan
            .retry
            .next_delay_ms(plan.method, retries, &failure.error, random)
        {
            Some(delay) => {
                retries += 1;
                clock.sleep(delay as f64).await?;
            }
            None => return Err(failure),
        }
    }
}

/// The request of one attempt at `url`: `content-type` when it has a body, `accept`,
/// `a2a-version` in 1.0, then the caller's headers when `trusted` (their `authorization` only when
/// no token is sent), and the token.
fn request<'a>(
    plan: &Plan<'a>,
    url: &'a str,
    token: Option<&'a str>,
    trusted: bool,
) -> Request<'a> {
    let (own, call): (&[_], &[_]) = match trusted {
        true => (plan.caller.headers, plan.caller.call_headers),
        false => (&[], &[]),
    };
    let mut headers = Vec::with_capacity(3 + own.len() + call.len());
    if plan.payload != Payload::Empty {
        headers.push(("content-type", "application/json"));
    }
    headers.push(("accept", "application/json"));
    if let Payload::V1(_) = plan.payload {
        headers.push(("a2a-version", "1.0"));
    }
    for (name, value) in [own, call].into_iter().flatten() {
        if token.is_none() || !name.eq_ignore_ascii_case("authorization") {
            headers.push((name.as_str(), value.as_str()));
        }
    }
    Request {
        url,
        payload: plan.payload,
        headers,
        token,
    }
}

/// Why an answer is not the result.
enum Step<N, C> {
    /// Try the next URL (the card's 0.3 path after a 404).
    NextUrl,
    /// A failure, retried or not as the policy says.
    Failed(Failure<N, C>),
}

/// The result of one answer, or why it is none.
fn read<N: JsonView, C>(
    plan: &Plan<'_>,
    url_index: usize,
    answer: Answer<N>,
    now_ms: f64,
) -> Result<Outcome<N>, Step<N, C>> {
    let retry_after_ms = parse_retry_after(
        answer.retry_after.as_deref(),
        answer.retry_after_ms.as_deref(),
        now_ms,
    );
    let status = answer.status;
    let answer_cache = answer.cache;
    let fail = |error: Error, data: Option<N>| {
        Step::Failed(Failure {
            error: error.with_retry_after_ms(retry_after_ms),
            data,
            cause: None,
            ignored: None,
        })
    };
    let unread = |why: String| {
        let error = if (200..300).contains(&status) {
            Error::invalid_response(why)
        } else {
            Error::from_http_status(status)
        };
        error.with_status(status)
    };
    let body = match answer.body {
        Body::Json(node) => Some(node),
        Body::NotJson => None,
        Body::TooLarge => {
            let why = format!(
                "the response is larger than maxResponseBytes ({} bytes)",
                plan.max_bytes as u64
            );
            return Err(fail(unread(why), None));
        }
        Body::NotUtf8 => return Err(fail(unread("the body is not valid UTF-8".into()), None)),
    };
    if plan.reader == Reader::Card {
        if status == 404 && url_index + 1 < plan.urls.len() {
            return Err(Step::NextUrl);
        }
        let max_age = card::max_age_seconds(answer.cache_control.as_deref());
        return read_card(body, status)
            .map(|card| Outcome::Card(card, max_age))
            .map_err(|e| fail(e, None));
    }
    let data = body
        .as_ref()
        .and_then(|b| b.field("error"))
        .and_then(|e| e.field("data"));
    let id = Some(plan.id);
    let decoded = match plan.reader {
        Reader::Skill(skill) => decode_skill_response(skill, body, status, id).map(|mut answer| {
            mark_task(&mut answer, answer_cache.as_deref());
            Outcome::Skill(answer)
        }),
        Reader::Sent => decode_sent_task(body, status, id).map(Outcome::Task),
        Reader::Task | Reader::Card => decode_task(body, status, id).map(Outcome::Task),
    };
    decoded.map_err(|e| fail(e, data))
}

fn read_card<N: JsonView>(body: Option<N>, status: u16) -> Result<N, Error> {
    if !(200..300).contains(&status) {
        return Err(Error::from_http_status(status));
    }
    let card = body
        .ok_or_else(|| Error::invalid_response("the agent card is not JSON").with_status(status))?;
    card::check_card(&card).map_err(|e| e.with_status(status))?;
    Ok(card)
}
