//! The call loop (`protocol::call::run`) natively, over a scripted fake transport and a fake clock:
//! every retry, timeout, pacing, token-refresh and card-fallback rule of `sdk-api.md`.

mod common;

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use common::fixture;
use magisterium_a2a::protocol::call::{
    run, Answer, Body, Clock, Failure, Outcome, Plan, Reader, Transport,
};
use magisterium_a2a::protocol::pacing::Pacer;
use magisterium_a2a::protocol::request::method;
use magisterium_a2a::protocol::retry::RetryPolicy;
use magisterium_a2a::protocol::wire::RequestId;
use magisterium_a2a::protocol::{Error, ErrorKind, Skill};
use serde_json::Value;

type Node = &'static Value;
type Outcome1 = Result<Answer<Node>, Failure<Node, &'static str>>;

/// Runs a future whose every await is ready at once (the fakes never pend).
fn block_on<F: Future>(future: F) -> F::Output {
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
fn body(name: &str) -> Node {
    Box::leak(Box::new(
        serde_json::from_str(&fixture(&format!("responses/{name}"))).unwrap(),
    ))
}

fn answer(status: u16, name: &str) -> Outcome1 {
    Ok(Answer {
        status,
        body: Body::Json(body(name)),
        retry_after: None,
        retry_after_ms: None,
        cache_control: None,
    })
}

fn with_header(mut outcome: Outcome1, header: &str, value: &str) -> Outcome1 {
    if let Ok(a) = &mut outcome {
        match header {
            "retry-after" => a.retry_after = Some(value.into()),
            "retry-after-ms" => a.retry_after_ms = Some(value.into()),
            _ => a.cache_control = Some(value.into()),
        }
    }
    outcome
}

fn failed(kind: ErrorKind) -> Outcome1 {
    Err(Failure {
        error: Error::new(kind, kind.as_str()),
        data: None,
        cause: Some("the platform's exception"),
    })
}

/// Scripted answers, one per attempt, and what each attempt was sent with.
#[derive(Default)]
struct FakeTransport {
    script: RefCell<VecDeque<Outcome1>>,
    sent: RefCell<Vec<(String, Option<String>)>>,
    /// `None`: no token; `Some(list)`: a provider giving these tokens in turn.
    provider: Option<RefCell<VecDeque<String>>>,
    static_token: Option<String>,
    token_calls: Cell<u32>,
}

impl FakeTransport {
    fn new(script: Vec<Outcome1>) -> Self {
        Self {
            script: RefCell::new(script.into()),
            ..Self::default()
        }
    }

    fn attempts(&self) -> usize {
        self.sent.borrow().len()
    }
}

impl Transport for FakeTransport {
    type Node = Node;
    type Cause = &'static str;

    async fn attempt(&self, url: &str, token: Option<&str>) -> Outcome1 {
        self.sent
            .borrow_mut()
            .push((url.to_owned(), token.map(str::to_owned)));
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
struct FakeClock {
    now: Cell<f64>,
    random: f64,
    sleeps: RefCell<Vec<f64>>,
    /// The call's signal fires at this time (a sleep reaching past it is cut short).
    abort_at: Option<f64>,
}

impl FakeClock {
    fn new(random: f64) -> Self {
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

const URL: &str = "https://agent.example/api/v1/a2a";

fn plan<'a>(reader: Reader, method: &'a str, id: &'a RequestId, urls: &'a [String]) -> Plan<'a> {
    Plan {
        reader,
        method,
        id,
        urls,
        is_qa: false,
        paced: false,
        authenticated: true,
        retry: RetryPolicy::default(),
        max_bytes: 1000.0,
    }
}

fn urls() -> Vec<String> {
    vec![URL.to_owned()]
}

fn req_id() -> RequestId {
    RequestId::from("req-1")
}

fn search(
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

fn kind(r: Result<Outcome<Node>, Failure<Node, &'static str>>) -> ErrorKind {
    r.expect_err("expected a failure").error.kind()
}

#[test]
fn a_good_answer_resolves_at_once() {
    let t = FakeTransport::new(vec![answer(200, "search_results.json")]);
    let clock = FakeClock::new(0.5);
    let out = search(&t, &clock).unwrap();
    assert!(matches!(out, Outcome::Skill(_)));
    assert_eq!(t.attempts(), 1);
    assert!(clock.sleeps.borrow().is_empty());
}

#[test]
fn network_failures_are_retried_with_full_jitter_backoff_then_given_up() {
    let t = FakeTransport::new(vec![
        failed(ErrorKind::Network),
        failed(ErrorKind::Network),
        failed(ErrorKind::Network),
    ]);
    let clock = FakeClock::new(0.5);
    let failure = search(&t, &clock).unwrap_err();
    assert_eq!(failure.error.kind(), ErrorKind::Network);
    assert_eq!(
        failure.cause,
        Some("the platform's exception"),
        "the cause survives"
    );
    assert_eq!(t.attempts(), 3, "maxRetries 2: three attempts");
    // Uniform in [0, min(8 s, 500 ms · 2^n)): half of 500, then half of 1000.
    assert_eq!(*clock.sleeps.borrow(), vec![250.0, 500.0]);
}

#[test]
fn backoff_is_capped_at_eight_seconds() {
    let mut script = vec![failed(ErrorKind::Network); 6];
    script.push(answer(200, "search_results.json"));
    let t = FakeTransport::new(script);
    let clock = FakeClock::new(0.999_999);
    let (id, urls) = (req_id(), urls());
    let mut p = plan(
        Reader::Skill(Skill::DocumentSearch),
        method::MESSAGE_SEND,
        &id,
        &urls,
    );
    p.retry.max_retries = 6;
    block_on(run(&t, &clock, None, &p)).unwrap();
    let sleeps = clock.sleeps.borrow();
    assert_eq!(sleeps.len(), 6);
    assert!(sleeps.iter().all(|s| *s < 8_000.0));
    assert_eq!(sleeps[4..], [7_999.0, 7_999.0], "{sleeps:?}");
}

#[test]
fn the_retryable_statuses_are_retried_and_others_are_not() {
    for status in [408, 429, 500, 502, 503, 504] {
        let t = FakeTransport::new(vec![
            Ok(Answer {
                status,
                body: Body::NotJson,
                retry_after: None,
                retry_after_ms: None,
                cache_control: None,
            }),
            answer(200, "search_results.json"),
        ]);
        assert!(
            search(&t, &FakeClock::new(0.0)).is_ok(),
            "{status} is retried"
        );
        assert_eq!(t.attempts(), 2);
    }
    for status in [400, 403, 404, 501] {
        let t = FakeTransport::new(vec![Ok(Answer {
            status,
            body: Body::NotJson,
            retry_after: None,
            retry_after_ms: None,
            cache_control: None,
        })]);
        assert_eq!(
            kind(search(&t, &FakeClock::new(0.0))),
            ErrorKind::HttpError,
            "{status}"
        );
        assert_eq!(t.attempts(), 1, "{status} is not retried");
    }
}

#[test]
fn a_json_rpc_error_in_http_200_is_an_answer_but_a_rate_limit_is_retried() {
    let t = FakeTransport::new(vec![answer(200, "error_invalid_params.json")]);
    let failure = search(&t, &FakeClock::new(0.0)).unwrap_err();
    assert_eq!(failure.error.kind(), ErrorKind::InvalidParams);
    assert_eq!(t.attempts(), 1);
    assert!(failure.cause.is_none());

    let t = FakeTransport::new(vec![
        answer(200, "error_rate_limited_message_only.json"),
        answer(200, "search_results.json"),
    ]);
    assert!(search(&t, &FakeClock::new(0.0)).is_ok());
    assert_eq!(
        t.attempts(),
        2,
        "rate_limited is retried whatever the status"
    );
}

#[test]
fn error_data_of_a_json_rpc_error_is_kept() {
    let t = FakeTransport::new(vec![answer(200, "error_plan_required.json")]);
    let failure = search(&t, &FakeClock::new(0.0)).unwrap_err();
    assert_eq!(failure.error.kind(), ErrorKind::PlanRequired);
    let expected = body("error_plan_required.json")["error"].get("data");
    assert_eq!(failure.data, expected);
}

#[test]
fn aborted_is_never_retried() {
    let t = FakeTransport::new(vec![failed(ErrorKind::Aborted)]);
    assert_eq!(kind(search(&t, &FakeClock::new(0.0))), ErrorKind::Aborted);
    assert_eq!(t.attempts(), 1);
}

#[test]
fn a_timeout_of_message_send_is_not_retried_but_one_of_tasks_get_is() {
    let t = FakeTransport::new(vec![failed(ErrorKind::Timeout)]);
    assert_eq!(kind(search(&t, &FakeClock::new(0.0))), ErrorKind::Timeout);
    assert_eq!(t.attempts(), 1, "message/send may have spent quota");

    let t = FakeTransport::new(vec![
        failed(ErrorKind::Timeout),
        answer(200, "task_failed.json"),
    ]);
    let (id, urls) = (req_id(), urls());
    let out = block_on(run(
        &t,
        &FakeClock::new(0.0),
        None,
        &plan(Reader::Task, method::TASKS_GET, &id, &urls),
    ));
    assert!(
        matches!(out, Ok(Outcome::Task(_))),
        "tasks/get returns a failed task as it is"
    );
    assert_eq!(t.attempts(), 2);
}

#[test]
fn retry_after_seconds_date_and_ms_are_honoured_up_to_sixty_seconds() {
    let cases = [
        ("retry-after", "3", 3_000.0),
        ("retry-after", "1.5", 1_500.0),
        ("retry-after-ms", "250", 250.0),
        ("retry-after", "3600", 60_000.0),
        // 2025-12-01T12:00:00Z + 7 s, an IMF-fixdate read by httpdate.
        ("retry-after", "Mon, 01 Dec 2025 12:00:07 GMT", 7_000.0),
        // The obsolete RFC 850 and asctime forms too.
        ("retry-after", "Monday, 01-Dec-25 12:00:09 GMT", 9_000.0),
        ("retry-after", "Mon Dec  1 12:00:02 2025", 2_000.0),
        // A date in the past: retry at once.
        ("retry-after", "Mon, 01 Dec 2025 11:00:00 GMT", 0.0),
    ];
    for (header, value, wait) in cases {
        let t = FakeTransport::new(vec![
            with_header(answer(429, "error_rate_limited.json"), header, value),
            answer(200, "search_results.json"),
        ]);
        let clock = FakeClock::new(0.0);
        search(&t, &clock).unwrap();
        assert_eq!(*clock.sleeps.borrow(), vec![wait], "{header}: {value}");
    }
    // A final failure carries the wait it was told.
    let t = FakeTransport::new(vec![with_header(
        answer(429, "error_rate_limited.json"),
        "retry-after",
        "5",
    )]);
    let (id, urls) = (req_id(), urls());
    let mut p = plan(
        Reader::Skill(Skill::DocumentSearch),
        method::MESSAGE_SEND,
        &id,
        &urls,
    );
    p.retry.max_retries = 0;
    let failure = block_on(run(&t, &FakeClock::new(0.0), None, &p)).unwrap_err();
    assert_eq!(failure.error.retry_after_ms(), Some(5_000));
    assert_eq!(failure.error.status(), Some(429));
}

#[test]
fn an_abort_during_a_retry_wait_ends_the_call_as_aborted() {
    let t = FakeTransport::new(vec![
        failed(ErrorKind::Network),
        answer(200, "search_results.json"),
    ]);
    let mut clock = FakeClock::new(0.5);
    clock.abort_at = Some(clock.now.get() + 10.0);
    assert_eq!(kind(search(&t, &clock)), ErrorKind::Aborted);
    assert_eq!(t.attempts(), 1, "no attempt after the abort");
}

#[test]
fn a_token_provider_is_asked_again_once_after_unauthorized() {
    let mut t = FakeTransport::new(vec![
        answer(401, "error_unauthorized.json"),
        answer(200, "search_results.json"),
    ]);
    t.provider = Some(RefCell::new(VecDeque::from([
        "old".to_owned(),
        "new".to_owned(),
    ])));
    assert!(search(&t, &FakeClock::new(0.0)).is_ok());
    let sent = t.sent.borrow();
    assert_eq!(sent[0].1.as_deref(), Some("old"));
    assert_eq!(sent[1].1.as_deref(), Some("new"));
    drop(sent);

    let mut t = FakeTransport::new(vec![
        answer(401, "error_unauthorized.json"),
        answer(200, "error_unauthorized.json"),
    ]);
    t.provider = Some(RefCell::new(VecDeque::from([
        "a".to_owned(),
        "b".to_owned(),
        "c".to_owned(),
    ])));
    let clock = FakeClock::new(0.0);
    assert_eq!(kind(search(&t, &clock)), ErrorKind::Unauthorized);
    assert_eq!(t.attempts(), 2, "repeated once, not more");
    assert!(clock.sleeps.borrow().is_empty(), "the repeat does not wait");
}

#[test]
fn a_static_token_is_sent_and_not_repeated_after_unauthorized() {
    let mut t = FakeTransport::new(vec![answer(200, "error_unauthorized.json")]);
    t.static_token = Some("secret".into());
    assert_eq!(
        kind(search(&t, &FakeClock::new(0.0))),
        ErrorKind::Unauthorized
    );
    assert_eq!(t.attempts(), 1);
    assert_eq!(t.sent.borrow()[0].1.as_deref(), Some("secret"));
}

#[test]
fn the_card_is_fetched_without_a_token_and_falls_back_after_a_404() {
    let card: Node = Box::leak(Box::new(serde_json::json!({
        "name": "Fixture agent", "url": "https://agent.example/a2a", "skills": [], "version": "1",
        "protocolVersion": "0.2.6", "description": "d", "capabilities": {},
        "defaultInputModes": [], "defaultOutputModes": []
    })));
    let mut t = FakeTransport::new(vec![
        Ok(Answer {
            status: 404,
            body: Body::NotJson,
            retry_after: None,
            retry_after_ms: None,
            cache_control: None,
        }),
        Ok(Answer {
            status: 200,
            body: Body::Json(card),
            retry_after: None,
            retry_after_ms: None,
            cache_control: Some("public, max-age=3600".into()),
        }),
    ]);
    t.static_token = Some("secret".into());
    let id = RequestId::from("");
    let urls = vec![
        "https://agent.example/.well-known/agent.json".to_owned(),
        "https://agent.example/.well-known/agent-card.json".to_owned(),
    ];
    let mut p = plan(Reader::Card, "agent_card", &id, &urls);
    p.authenticated = false;
    let clock = FakeClock::new(0.0);
    let out = block_on(run(&t, &clock, None, &p)).unwrap();
    assert_eq!(out, Outcome::Card(card, 3600));
    let sent = t.sent.borrow();
    assert_eq!(sent[0], (urls[0].clone(), None));
    assert_eq!(sent[1], (urls[1].clone(), None));
    assert_eq!(t.token_calls.get(), 0);
    assert!(
        clock.sleeps.borrow().is_empty(),
        "the fallback is not a retry"
    );

    // A 404 on the last URL is the answer.
    let t = FakeTransport::new(vec![Ok(Answer {
        status: 404,
        body: Body::NotJson,
        retry_after: None,
        retry_after_ms: None,
        cache_control: None,
    })]);
    let urls = vec![urls[1].clone()];
    let mut p = plan(Reader::Card, "agent_card", &id, &urls);
    p.authenticated = false;
    assert_eq!(
        kind(block_on(run(&t, &clock, None, &p))),
        ErrorKind::HttpError
    );
}

#[test]
fn pacing_waits_for_a_slot_and_the_qa_pool_is_smaller() {
    let pacer = RefCell::new(Pacer::new(15, 2));
    let clock = FakeClock::new(0.0);
    let (id, urls) = (req_id(), urls());
    let mut p = plan(
        Reader::Skill(Skill::CatholicQa),
        method::MESSAGE_SEND,
        &id,
        &urls,
    );
    p.paced = true;
    p.is_qa = true;
    for _ in 0..3 {
        let t = FakeTransport::new(vec![answer(200, "qa_answer.json")]);
        block_on(run(&t, &clock, Some(&pacer), &p)).unwrap();
    }
    assert_eq!(
        *clock.sleeps.borrow(),
        vec![60_000.0],
        "the third Q&A call waits a minute"
    );

    // Other skills share the 15-a-minute pool only.
    let pacer = RefCell::new(Pacer::new(15, 2));
    let clock = FakeClock::new(0.0);
    let mut p = plan(
        Reader::Skill(Skill::DocumentSearch),
        method::MESSAGE_SEND,
        &id,
        &urls,
    );
    p.paced = true;
    for _ in 0..16 {
        let t = FakeTransport::new(vec![answer(200, "search_results.json")]);
        block_on(run(&t, &clock, Some(&pacer), &p)).unwrap();
    }
    assert_eq!(
        *clock.sleeps.borrow(),
        vec![60_000.0],
        "the 16th call waits"
    );
}

#[test]
fn an_unpaced_call_does_not_wait() {
    let pacer = RefCell::new(Pacer::new(1, 1));
    let clock = FakeClock::new(0.0);
    let (id, urls) = (req_id(), urls());
    let p = plan(Reader::Task, method::TASKS_GET, &id, &urls);
    for _ in 0..3 {
        let t = FakeTransport::new(vec![answer(200, "task_failed.json")]);
        block_on(run(&t, &clock, Some(&pacer), &p)).unwrap();
    }
    assert!(clock.sleeps.borrow().is_empty());
}

#[test]
fn send_resolves_a_task_in_any_state_but_failed_or_rejected() {
    let (id, urls) = (req_id(), urls());
    let p = plan(Reader::Sent, method::MESSAGE_SEND, &id, &urls);
    for fixture in [
        "task_working.json",
        "task_unknown_state.json",
        "qa_answer.json",
    ] {
        let t = FakeTransport::new(vec![answer(200, fixture)]);
        let out = block_on(run(&t, &FakeClock::new(0.0), None, &p));
        assert!(matches!(out, Ok(Outcome::Task(_))), "{fixture}");
    }
    for fixture in ["task_failed.json", "task_rejected.json"] {
        let t = FakeTransport::new(vec![answer(200, fixture)]);
        let failure = block_on(run(&t, &FakeClock::new(0.0), None, &p)).unwrap_err();
        assert_eq!(failure.error.kind(), ErrorKind::TaskFailed, "{fixture}");
        assert!(failure.error.task_id().is_some());
        assert_eq!(t.attempts(), 1, "task_failed is not retried");
    }
    // The typed skill methods still need a completed task.
    let t = FakeTransport::new(vec![answer(200, "task_working.json")]);
    assert_eq!(
        kind(search(&t, &FakeClock::new(0.0))),
        ErrorKind::InvalidResponse
    );
}

#[test]
fn a_body_over_the_cap_or_not_utf8_is_invalid_response_or_the_status_error() {
    let over = |status| {
        Ok(Answer {
            status,
            body: Body::TooLarge,
            retry_after: None,
            retry_after_ms: None,
            cache_control: None,
        })
    };
    let t = FakeTransport::new(vec![over(200)]);
    let failure = search(&t, &FakeClock::new(0.0)).unwrap_err();
    assert_eq!(failure.error.kind(), ErrorKind::InvalidResponse);
    assert!(failure
        .error
        .message()
        .contains("maxResponseBytes (1000 bytes)"));
    assert_eq!(failure.error.status(), Some(200));

    let t = FakeTransport::new(vec![over(503), over(503), over(503)]);
    assert_eq!(kind(search(&t, &FakeClock::new(0.0))), ErrorKind::HttpError);
    assert_eq!(t.attempts(), 3, "a 503 is retried whatever its body");

    let t = FakeTransport::new(vec![Ok(Answer {
        status: 200,
        body: Body::NotUtf8,
        retry_after: None,
        retry_after_ms: None,
        cache_control: None,
    })]);
    let failure = search(&t, &FakeClock::new(0.0)).unwrap_err();
    assert_eq!(failure.error.kind(), ErrorKind::InvalidResponse);
    assert!(failure.error.message().contains("UTF-8"));
}

#[test]
fn a_wrong_id_is_invalid_response_and_not_retried() {
    let t = FakeTransport::new(vec![answer(200, "wrong_id.json")]);
    assert_eq!(
        kind(search(&t, &FakeClock::new(0.0))),
        ErrorKind::InvalidResponse
    );
    assert_eq!(t.attempts(), 1);
}
