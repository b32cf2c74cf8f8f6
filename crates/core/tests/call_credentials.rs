//! Where credentials go (issue 37, defect 3): the bearer token and the caller's own headers reach
//! only the endpoint's origin (or one the caller trusts). An agent card naming an A2A 1.0
//! interface elsewhere is not followed, under `"auto"`'s move after a refusal nor from a card
//! `agentCard()` kept.

use crate::common;

use common::auto::{
    card_answer, card_offering, gone, search_rpc, search_rpc_trusting, with_token, Client,
};
use common::call_loop::{answer, kind, FakeClock, URL};
use magisterium_core::call::{Ignored, IgnoredReason, Payload};
use magisterium_core::v1::client::ProtocolChoice;
use magisterium_core::v1::Method;
use magisterium_core::ErrorKind;

const ELSEWHERE: &str = "https://collector.example/a2a/v1";

#[test]
fn a_card_naming_another_origin_never_receives_the_token_or_the_callers_headers() {
    // Were the card followed, its interface would answer: the script has an answer for it.
    let t = with_token(vec![
        gone(),
        card_answer(card_offering(ELSEWHERE)),
        answer(200, "search_results.json"),
    ]);
    let (clock, client) = (FakeClock::new(0.0), Client::new(ProtocolChoice::Auto));
    let result = search_rpc(&t, &clock, &client);
    for sent in t.requests.borrow().iter() {
        if !sent.url.starts_with("https://agent.example/") {
            assert_eq!(sent.token, None, "the token went to {}", sent.url);
            assert_eq!(
                sent.header("x-api-key"),
                None,
                "a header went to {}",
                sent.url
            );
        }
    }
    assert!(
        t.requests.borrow().iter().all(|s| s.url != ELSEWHERE),
        "nothing is sent to an interface on another origin"
    );
    // The call fails as it would with no 1.0 interface: the 0.2.6 refusal is the answer.
    assert_eq!(kind(result), ErrorKind::HttpError);
    assert_eq!(t.attempts(), 2);
}

#[test]
fn a_kept_card_naming_another_origin_is_not_followed() {
    let t = with_token(vec![answer(200, "search_results.json")]);
    let (clock, client) = (FakeClock::new(0.0), Client::new(ProtocolChoice::Auto));
    client
        .card
        .borrow_mut()
        .keep(card_offering(ELSEWHERE), 60, clock.now.get());
    assert!(search_rpc(&t, &clock, &client).is_ok());
    let sent = t.requests.borrow();
    assert_eq!(sent.len(), 1);
    assert_eq!(
        (sent[0].url.as_str(), sent[0].payload),
        (URL, Payload::Legacy)
    );
}

#[test]
fn a_card_naming_the_endpoints_origin_is_followed_with_credentials() {
    // Scheme and host in other letter cases, the default port spelled out: the same origin.
    const SAME: &str = "HTTPS://Agent.Example:443/a2a/v1";
    let t = with_token(vec![
        gone(),
        card_answer(card_offering(SAME)),
        answer(200, "search_results.json"),
    ]);
    let (clock, client) = (FakeClock::new(0.0), Client::new(ProtocolChoice::Auto));
    assert!(search_rpc(&t, &clock, &client).is_ok());
    let sent = t.requests.borrow();
    let last = sent.last().unwrap();
    assert_eq!(last.url, SAME);
    assert_eq!(last.payload, Payload::V1(Method::SendMessage));
    assert_eq!(last.token.as_deref(), Some("secret"));
    assert_eq!(last.header("x-api-key"), Some("k"));
}

#[test]
fn look_alike_origins_are_other_origins() {
    for url in [
        "https://agent.example.collector.example/a2a",
        "https://agent.example@collector.example/a2a",
        "http://agent.example/a2a",
        "https://agent.example:8443/a2a",
        "https://agent.example\\@collector.example/a2a",
    ] {
        let t = with_token(vec![
            gone(),
            card_answer(card_offering(url)),
            answer(200, "search_results.json"),
        ]);
        let (clock, client) = (FakeClock::new(0.0), Client::new(ProtocolChoice::Auto));
        assert_eq!(kind(search_rpc(&t, &clock, &client)), ErrorKind::HttpError);
        assert_eq!(t.attempts(), 2, "{url} was followed");
    }
}

#[test]
fn the_caller_learns_which_interface_was_ignored_and_why() {
    let t = with_token(vec![gone(), card_answer(card_offering(ELSEWHERE))]);
    let (clock, client) = (FakeClock::new(0.0), Client::new(ProtocolChoice::Auto));
    let failure = search_rpc(&t, &clock, &client).unwrap_err();
    assert_eq!(
        failure.ignored.as_deref(),
        Some(&Ignored {
            interface: ELSEWHERE.to_owned(),
            reason: IgnoredReason::OtherOrigin,
        })
    );
    assert_eq!(IgnoredReason::OtherOrigin.as_str(), "other_origin");
    // The rest of the failure is the 0.2.6 refusal's.
    assert_eq!(failure.error.status(), Some(404));
}

#[test]
fn an_origin_the_caller_trusts_is_followed_with_credentials() {
    let t = with_token(vec![
        gone(),
        card_answer(card_offering(ELSEWHERE)),
        answer(200, "search_results.json"),
        answer(200, "search_results.json"),
    ]);
    let (clock, client) = (FakeClock::new(0.0), Client::new(ProtocolChoice::Auto));
    let trusted = ["https://collector.example".to_owned()];
    assert!(search_rpc_trusting(&t, &clock, &client, &trusted).is_ok());
    // Kept for the card's max-age, like any interface.
    assert!(search_rpc_trusting(&t, &clock, &client, &trusted).is_ok());
    let sent = t.requests.borrow();
    for at_v1 in &sent[2..] {
        assert_eq!(at_v1.url, ELSEWHERE);
        assert_eq!(at_v1.token.as_deref(), Some("secret"));
        assert_eq!(at_v1.header("x-api-key"), Some("k"));
    }
}

#[test]
fn a_card_on_another_origin_is_read_without_the_callers_headers() {
    use common::auto::card_answer as card;
    use common::call_loop::{block_on, plan, FakeTransport};
    use magisterium_core::call::{run, Reader};
    use magisterium_core::wire::RequestId;

    let t = FakeTransport::new(vec![card(card_offering(URL))]);
    let id = RequestId::from("");
    let urls = ["https://cards.example/.well-known/agent.json".to_owned()];
    let headers = [("x-api-key".to_owned(), "k".to_owned())];
    let mut p = plan(Reader::Card, "agent_card", &id, &urls);
    p.authenticated = false;
    p.caller.headers = &headers;
    assert!(block_on(run(&t, &FakeClock::new(0.0), None, &p)).is_ok());
    assert_eq!(t.requests.borrow()[0].header("x-api-key"), None);

    // At the endpoint's origin (the default card URL) they go.
    let t = FakeTransport::new(vec![card(card_offering(URL))]);
    let urls = ["https://agent.example/.well-known/agent.json".to_owned()];
    let mut p = plan(Reader::Card, "agent_card", &id, &urls);
    p.authenticated = false;
    p.caller.headers = &headers;
    assert!(block_on(run(&t, &FakeClock::new(0.0), None, &p)).is_ok());
    assert_eq!(t.requests.borrow()[0].header("x-api-key"), Some("k"));
}
