//! The call loop (`protocol::call::run`) natively, over a scripted fake transport and a fake clock:
//! what an answer resolves to (a typed result, a task, the error and its data) and which answers
//! are invalid (too large, not UTF-8, the wrong id).

use crate::common;

use common::call_loop::{
    answer, block_on, body, kind, plan, req_id, search, urls, FakeClock, FakeTransport,
};
use magisterium_core::call::{run, Answer, Body, Outcome, Reader};
use magisterium_core::request::method;
use magisterium_core::ErrorKind;

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
fn error_data_of_a_json_rpc_error_is_kept() {
    let t = FakeTransport::new(vec![answer(200, "error_plan_required.json")]);
    let failure = search(&t, &FakeClock::new(0.0)).unwrap_err();
    assert_eq!(failure.error.kind(), ErrorKind::PlanRequired);
    let expected = body("error_plan_required.json")["error"].get("data");
    assert_eq!(failure.data, expected);
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
            cache: None,
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
        cache: None,
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
