//! The call loop (`protocol::call::run`) natively, over a scripted fake transport and a fake clock:
//! client-side pacing (a slot per minute in the all-skills pool, a smaller Q&A pool; unpaced calls
//! never wait).

use crate::common;

use std::cell::RefCell;

use common::call_loop::{answer, block_on, plan, req_id, urls, FakeClock, FakeTransport};
use magisterium_core::call::{run, Reader};
use magisterium_core::pacing::Pacer;
use magisterium_core::request::method;
use magisterium_core::Skill;

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
