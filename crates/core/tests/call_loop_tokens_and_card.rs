//! The call loop (`protocol::call::run`) natively, over a scripted fake transport and a fake clock:
//! tokens (a provider asked again once after unauthorized, a static token never) and the card,
//! fetched without a token and tried again at its A2A 0.3 name after a 404.

use crate::common;

use std::cell::RefCell;
use std::collections::VecDeque;

use common::call_loop::{answer, block_on, kind, plan, search, FakeClock, FakeTransport, Node};
use magisterium_core::call::{run, Answer, Body, Outcome, Reader};
use magisterium_core::wire::RequestId;
use magisterium_core::ErrorKind;

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
            cache: None,
        }),
        Ok(Answer {
            status: 200,
            body: Body::Json(card),
            retry_after: None,
            retry_after_ms: None,
            cache_control: Some("public, max-age=3600".into()),
            cache: None,
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
        cache: None,
    })]);
    let urls = vec![urls[1].clone()];
    let mut p = plan(Reader::Card, "agent_card", &id, &urls);
    p.authenticated = false;
    assert_eq!(
        kind(block_on(run(&t, &clock, None, &p))),
        ErrorKind::HttpError
    );
}
