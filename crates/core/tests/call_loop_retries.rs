//! The call loop (`protocol::call::run`) natively, over a scripted fake transport and a fake clock:
//! the retry rules of `sdk-api.md` (which failures are retried, full-jitter backoff, `Retry-After`,
//! timeouts and aborts).

use crate::common;

use common::call_loop::{
    answer, block_on, failed, kind, plan, req_id, search, urls, with_header, FakeClock,
    FakeTransport,
};
use magisterium_core::call::{is_timeout_ms, run, Answer, Body, Outcome, Reader, MAX_TIMEOUT_MS};
use magisterium_core::request::method;
use magisterium_core::{ErrorKind, Skill};

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
    // 502 and 504 end a `message/send` (call_loop_paid_calls.rs); a read repeats them.
    for status in [408, 429, 500, 503] {
        let t = FakeTransport::new(vec![
            Ok(Answer {
                status,
                body: Body::NotJson,
                retry_after: None,
                retry_after_ms: None,
                cache_control: None,
                cache: None,
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
            cache: None,
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
fn a_time_budget_longer_than_a_timer_holds_is_refused() {
    // A JavaScript timer holds 2^31 - 1 ms; a longer `setTimeout` fires at once.
    assert_eq!(MAX_TIMEOUT_MS, 2_147_483_647.0);
    for ok in [1.0, 0.5, 60_000.0, MAX_TIMEOUT_MS] {
        assert!(is_timeout_ms(ok), "{ok}");
    }
    for refused in [
        0.0,
        -1.0,
        MAX_TIMEOUT_MS + 1.0,
        1e300,
        f64::INFINITY,
        f64::NAN,
    ] {
        assert!(!is_timeout_ms(refused), "{refused}");
    }
}
