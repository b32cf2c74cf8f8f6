//! A `message/send` costs the account a call of its pool (a Q&A runs up to a minute upstream): the
//! call loop repeats it only where it certainly did not run, and never after a gateway's timeout
//! or an answer of our proxy saying it reached the upstream. Reads (`tasks/get`) are repeated as
//! before. The proxy's answers are its own, as `tests/fixtures/proxy/upstream_faults.json` holds
//! them (the Worker's tests check that it writes exactly those).

use crate::common;

use common::call_loop::{
    answer, block_on, plan, req_id, search, urls, FakeClock, FakeTransport, Node, Outcome1,
};
use common::fixture_json;
use magisterium_core::call::{run, Answer, Body, Reader};
use magisterium_core::decode::read_envelope;
use magisterium_core::request::method;
use magisterium_core::upstream::Reach;
use serde_json::{json, Value};

/// The proxy's own answers: (case, HTTP status, body with the loop's request id).
fn proxy_answers() -> Vec<(String, u16, Node)> {
    let table = fixture_json("proxy/upstream_faults.json");
    let answers = table["answers"].as_array().expect("answers").clone();
    answers
        .into_iter()
        .map(|mut a| {
            a["body"]["id"] = Value::from("req-1");
            let status = a["status"].as_u64().expect("status") as u16;
            let case = a["case"].as_str().expect("case").to_owned();
            let body: Node = Box::leak(Box::new(a["body"].take()));
            (case, status, body)
        })
        .collect()
}

fn reached(body: Node) -> bool {
    body["error"]["data"]["upstream"] == "reached"
}

fn json(status: u16, body: Node) -> Outcome1 {
    Ok(Answer {
        status,
        body: Body::Json(body),
        retry_after: None,
        retry_after_ms: None,
        cache_control: None,
        cache: None,
    })
}

fn bare(status: u16) -> Outcome1 {
    Ok(Answer {
        status,
        body: Body::NotJson,
        retry_after: None,
        retry_after_ms: None,
        cache_control: None,
        cache: None,
    })
}

/// Attempts a `tasks/get` made over `script` (it ends in a Task).
fn task_get_attempts(script: Vec<Outcome1>) -> usize {
    let t = FakeTransport::new(script);
    let (id, urls) = (req_id(), urls());
    let p = plan(Reader::Task, method::TASKS_GET, &id, &urls);
    assert!(block_on(run(&t, &FakeClock::new(0.0), None, &p)).is_ok());
    t.attempts()
}

#[test]
fn a_message_send_the_proxy_forwarded_is_never_repeated() {
    let answers = proxy_answers();
    assert!(answers.iter().filter(|(_, _, b)| reached(b)).count() >= 6);
    for (case, status, body) in answers.into_iter().filter(|(_, _, b)| reached(b)) {
        let t = FakeTransport::new(vec![json(status, body), answer(200, "search_results.json")]);
        let failure = search(&t, &FakeClock::new(0.0)).expect_err(&case);
        assert_eq!(t.attempts(), 1, "{case}: the upstream may have run it");
        assert_eq!(failure.error.status(), Some(status), "{case}");
        assert_eq!(failure.data, Some(&body["error"]["data"]), "{case}");
    }
}

#[test]
fn a_gateway_timeout_or_bad_gateway_ends_a_message_send_but_not_a_read() {
    for status in [502, 504] {
        let t = FakeTransport::new(vec![bare(status), answer(200, "search_results.json")]);
        assert!(search(&t, &FakeClock::new(0.0)).is_err(), "{status}");
        assert_eq!(
            t.attempts(),
            1,
            "{status}: a gateway between may have forwarded it"
        );
        let read = task_get_attempts(vec![bare(status), answer(200, "task_failed.json")]);
        assert_eq!(read, 2, "{status}: a read is repeated");
    }
}

#[test]
fn reads_the_proxy_gave_up_on_are_still_repeated() {
    for (case, status, body) in proxy_answers() {
        let script = vec![json(status, body), answer(200, "task_failed.json")];
        assert_eq!(task_get_attempts(script), 2, "{case}");
    }
}

#[test]
fn a_message_send_the_proxy_never_forwarded_is_repeated() {
    let answers = proxy_answers();
    let not_reached: Vec<_> = answers
        .into_iter()
        .filter(|(_, _, b)| !reached(b))
        .collect();
    assert!(not_reached.len() >= 2);
    for (case, status, body) in not_reached {
        let t = FakeTransport::new(vec![json(status, body), answer(200, "search_results.json")]);
        assert!(search(&t, &FakeClock::new(0.0)).is_ok(), "{case}");
        assert_eq!(t.attempts(), 2, "{case}: nothing ran upstream");
    }
}

#[test]
fn what_the_proxy_says_is_read_from_error_data() {
    let with = |data: Value| {
        let body = json!({"jsonrpc": "2.0", "id": "req-1",
            "error": {"code": -32603, "message": "x", "data": data}});
        read_envelope(Some(&body), 502, Some(&req_id()))
            .expect_err("an error")
            .upstream()
    };
    let reached = json!({"upstream": "reached", "reason": "timeout"});
    assert_eq!(with(reached), Some(Reach::Reached));
    let not_reached = json!({"upstream": "not_reached"});
    assert_eq!(with(not_reached), Some(Reach::NotReached));
    for other in [
        json!({"upstream": "maybe"}),
        json!({"upstream": true}),
        json!([1]),
        json!(null),
    ] {
        assert_eq!(with(other.clone()), None, "{other}");
    }
}
