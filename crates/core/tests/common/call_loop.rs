//! The call loop's fakes (`protocol::call::run` over them): a scripted transport, a clock whose
//! time moves only when the loop sleeps, and the plan of a plain call.
#![allow(dead_code)]

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use magisterium_core::call::{
    run, Answer, Body, Caller, Clock, Failure, Outcome, Payload, Plan, Reader, Request, Transport,
};
use magisterium_core::request::method;
use magisterium_core::retry::RetryPolicy;
use magisterium_core::wire::RequestId;
use magisterium_core::{Error, ErrorKind, Skill};
use serde_json::Value;

use super::fixture;
/// A parsed body, as the transport hands it to the loop.
pub type Node = &'static Value;
/// What one scripted attempt gives.
pub type Outcome1 = Result<Answer<Node>, Failure<Node, &'static str>>;

/// Runs a future whose every await is ready at once (the fakes never pend).
pub fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut cx = Context::from_waker(Waker::noop());
    for _ in 0..1_000_000 {
        if let Poll::Ready(out) = future.as_mut().poll(&mut cx) {
            return out;
        }
    }
    panic!("the call never finished");
}

/// A fixture body (`responses/<name>`), parsed and kept for the whole test run.
pub fn body(name: &str) -> Node {
    Box::leak(Box::new(
        serde_json::from_str(&fixture(&format!("responses/{name}"))).unwrap(),
    ))
}

/// An answer with this status and the fixture `responses/<name>` as its body.
pub fn answer(status: u16, name: &str) -> Outcome1 {
    Ok(Answer {
        status,
        body: Body::Json(body(name)),
        retry_after: None,
        retry_after_ms: None,
        cache_control: None,
        cache: None,
    })
}

/// `outcome` with a `retry-after`, `retry-after-ms` or (any other name) `cache-control` header.
pub fn with_header(mut outcome: Outcome1, header: &str, value: &str) -> Outcome1 {
    if let Ok(a) = &mut outcome {
        match header {
            "retry-after" => a.retry_after = Some(value.into()),
            "retry-after-ms" => a.retry_after_ms = Some(value.into()),
            _ => a.cache_control = Some(value.into()),
        }
    }
    outcome
}

/// `outcome` with an `x-magisterium-cache` header.
pub fn with_cache(mut outcome: Outcome1, value: &str) -> Outcome1 {
    if let Ok(a) = &mut outcome {
        a.cache = Some(value.into());
    }
    outcome
}

/// An attempt that failed before any answer, as the platform reports it.
pub fn failed(kind: ErrorKind) -> Outcome1 {
    Err(Failure {
        error: Error::new(kind, kind.as_str()),
        data: None,
        cause: Some("the platform's exception"),
        ignored: None,
    })
}

/// One request as the loop decided it, owned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sent {
    pub url: String,
    pub payload: Payload,
    pub headers: Vec<(String, String)>,
    pub token: Option<String>,
}

impl Sent {
    /// The value of header `name` (the last one of that name, as `Headers.set` leaves it).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .rev()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Scripted answers, one per attempt, and what each attempt was sent with.
#[derive(Default)]
pub struct FakeTransport {
    pub script: RefCell<VecDeque<Outcome1>>,
    /// Each attempt's URL and token.
    pub sent: RefCell<Vec<(String, Option<String>)>>,
    /// Each attempt's whole request.
    pub requests: RefCell<Vec<Sent>>,
    /// `None`: no token; `Some(list)`: a provider giving these tokens in turn.
    pub provider: Option<RefCell<VecDeque<String>>>,
    pub static_token: Option<String>,
    pub token_calls: Cell<u32>,
}

impl FakeTransport {
    pub fn new(script: Vec<Outcome1>) -> Self {
        Self {
            script: RefCell::new(script.into()),
            ..Self::default()
        }
    }

    pub fn attempts(&self) -> usize {
        self.sent.borrow().len()
    }
}

impl Transport for FakeTransport {
    type Node = Node;
    type Cause = &'static str;

    async fn attempt(&self, request: &Request<'_>) -> Outcome1 {
        let token = request.token.map(str::to_owned);
        self.sent
            .borrow_mut()
            .push((request.url.to_owned(), token.clone()));
        self.requests.borrow_mut().push(Sent {
            url: request.url.to_owned(),
            payload: request.payload,
            headers: (request.headers.iter())
                .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
                .collect(),
            token,
        });
        self.script
            .borrow_mut()
            .pop_front()
            .expect("more attempts than the script has answers")
    }

    async fn token(&self) -> Result<Option<String>, Failure<Node, &'static str>> {
        self.token_calls.set(self.token_calls.get() + 1);
        match &self.provider {
            Some(tokens) => Ok(tokens.borrow_mut().pop_front()),
            None => Ok(self.static_token.clone()),
        }
    }

    fn token_refreshable(&self) -> bool {
        self.provider.is_some()
    }
}

/// Time moves only when the loop sleeps; every wait is recorded.
pub struct FakeClock {
    pub now: Cell<f64>,
    pub random: f64,
    pub sleeps: RefCell<Vec<f64>>,
    /// The call's signal fires at this time (a sleep reaching past it is cut short).
    pub abort_at: Option<f64>,
}

impl FakeClock {
    pub fn new(random: f64) -> Self {
        Self {
            now: Cell::new(1_764_590_400_000.0), // 2025-12-01T12:00:00Z
            random,
            sleeps: RefCell::new(Vec::new()),
            abort_at: None,
        }
    }
}

impl Clock for FakeClock {
    fn now_ms(&self) -> f64 {
        self.now.get()
    }

    fn random(&self) -> f64 {
        self.random
    }

    async fn sleep(&self, ms: f64) -> Result<(), Error> {
        self.sleeps.borrow_mut().push(ms);
        let until = self.now.get() + ms;
        if let Some(at) = self.abort_at.filter(|at| *at <= until) {
            self.now.set(at);
            return Err(Error::new(ErrorKind::Aborted, "the call was aborted"));
        }
        self.now.set(until);
        Ok(())
    }
}

/// The endpoint of every call.
pub const URL: &str = "https://agent.example/api/v1/a2a";

/// The plan of a call at [`URL`] with the default retry policy, authenticated, unpaced, capped at
/// 1000 bytes, without headers of the caller's: a `GET` for the card, else a 0.2.6 `POST`.
pub fn plan<'a>(
    reader: Reader,
    method: &'a str,
    id: &'a RequestId,
    urls: &'a [String],
) -> Plan<'a> {
    Plan {
        reader,
        method,
        id,
        urls,
        payload: if reader == Reader::Card {
            Payload::Empty
        } else {
            Payload::Legacy
        },
        caller: Caller {
            endpoint: URL,
            headers: &[],
            call_headers: &[],
            trusted_origins: &[],
        },
        is_qa: false,
        paced: false,
        authenticated: true,
        retry: RetryPolicy::default(),
        max_bytes: 1000.0,
    }
}

/// The one URL of a call: [`URL`].
pub fn urls() -> Vec<String> {
    vec![URL.to_owned()]
}

/// The request id of every call.
pub fn req_id() -> RequestId {
    RequestId::from("req-1")
}

/// Runs a `document_search` over `t` and `clock`.
pub fn search(
    t: &FakeTransport,
    clock: &FakeClock,
) -> Result<Outcome<Node>, Failure<Node, &'static str>> {
    let (id, urls) = (req_id(), urls());
    block_on(run(
        t,
        clock,
        None,
        &plan(
            Reader::Skill(Skill::DocumentSearch),
            method::MESSAGE_SEND,
            &id,
            &urls,
        ),
    ))
}

/// The error kind of a call that must have failed.
pub fn kind(r: Result<Outcome<Node>, Failure<Node, &'static str>>) -> ErrorKind {
    r.expect_err("expected a failure").error.kind()
}
