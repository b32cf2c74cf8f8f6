//! `protocolVersion` in the call loop (`call::rpc`), natively over the scripted transport: where
//! each call goes, `"auto"`'s move to A2A 1.0 after a refusal that says the agent moved (the card
//! read without a token, the call made again at the card's 1.0 interface, later calls there while
//! the card is fresh), and what each request carries.

use crate::common;

use common::auto::{card_answer, card_offering, gone, search_rpc, with_token, Client, V1_CARD_URL};
use common::call_loop::{answer, kind, FakeClock, Node, URL};
use magisterium_core::call::Payload;
use magisterium_core::v1::client::ProtocolChoice;
use magisterium_core::v1::Method;
use magisterium_core::ErrorKind;

#[test]
fn auto_moves_to_1_0_after_a_404_and_stays_there_while_the_card_is_fresh() {
    const V1: &str = "https://agent.example/a2a/v1";
    let t = with_token(vec![
        gone(),
        card_answer(card_offering(V1)),
        answer(200, "search_results.json"),
        answer(200, "search_results.json"),
    ]);
    let (clock, kept) = (FakeClock::new(0.0), Client::new(ProtocolChoice::Auto));
    assert!(search_rpc(&t, &clock, &kept).is_ok());
    assert!(search_rpc(&t, &clock, &kept).is_ok());
    let sent = t.requests.borrow();
    let places: Vec<(&str, Payload)> = sent.iter().map(|s| (s.url.as_str(), s.payload)).collect();
    assert_eq!(
        places,
        [
            (URL, Payload::Legacy),
            (V1_CARD_URL, Payload::Empty),
            (V1, Payload::V1(Method::SendMessage)),
            (V1, Payload::V1(Method::SendMessage)),
        ]
    );
    // 0.2.6 at the endpoint: the token and the caller's header, no version header.
    assert_eq!(sent[0].token.as_deref(), Some("secret"));
    assert_eq!(sent[0].header("x-api-key"), Some("k"));
    assert_eq!(sent[0].header("content-type"), Some("application/json"));
    assert_eq!(sent[0].header("a2a-version"), None);
    // The card: a GET without a token.
    assert_eq!(sent[1].token, None);
    assert_eq!(sent[1].header("content-type"), None);
    assert_eq!(sent[1].header("accept"), Some("application/json"));
    // 1.0 at the card's interface, on the endpoint's origin: the token and the caller's header.
    assert_eq!(sent[2].header("a2a-version"), Some("1.0"));
    assert_eq!(sent[2].token.as_deref(), Some("secret"));
    assert_eq!(sent[2].header("x-api-key"), Some("k"));
    assert!(clock.sleeps.borrow().is_empty(), "the move is not a retry");
}

#[test]
fn auto_reads_the_card_again_when_it_is_stale() {
    const V1: &str = "https://agent.example/a2a/v1";
    let t = with_token(vec![
        gone(),
        card_answer(card_offering(V1)),
        answer(200, "search_results.json"),
        gone(),
        card_answer(card_offering(V1)),
        answer(200, "search_results.json"),
    ]);
    let (clock, kept) = (FakeClock::new(0.0), Client::new(ProtocolChoice::Auto));
    assert!(search_rpc(&t, &clock, &kept).is_ok());
    clock.now.set(clock.now.get() + 60_000.0);
    assert!(search_rpc(&t, &clock, &kept).is_ok());
    let urls: Vec<String> = t.requests.borrow().iter().map(|s| s.url.clone()).collect();
    assert_eq!(urls, [URL, V1_CARD_URL, V1, URL, V1_CARD_URL, V1]);
}

#[test]
fn a_card_without_a_1_0_interface_leaves_the_refusal_as_the_answer() {
    let legacy_card: Node = Box::leak(Box::new(serde_json::json!({
        "name": "Agent", "url": URL, "skills": [], "version": "1"
    })));
    let t = with_token(vec![
        answer(200, "error_method_not_found.json"),
        card_answer(legacy_card),
    ]);
    let (clock, kept) = (FakeClock::new(0.0), Client::new(ProtocolChoice::Auto));
    assert_eq!(
        kind(search_rpc(&t, &clock, &kept)),
        ErrorKind::MethodNotFound
    );
    assert_eq!(t.attempts(), 2);

    // A card that cannot be read: the same.
    let t = with_token(vec![gone(), gone()]);
    assert_eq!(kind(search_rpc(&t, &clock, &kept)), ErrorKind::HttpError);
    assert_eq!(t.attempts(), 2);
}

#[test]
fn auto_goes_at_once_where_a_fresh_kept_card_points() {
    const V1: &str = "/a2a/v1";
    let t = with_token(vec![answer(200, "search_results.json")]);
    let (clock, kept) = (FakeClock::new(0.0), Client::new(ProtocolChoice::Auto));
    kept.card
        .borrow_mut()
        .keep(card_offering(V1), 60, clock.now.get());
    assert!(search_rpc(&t, &clock, &kept).is_ok());
    let sent = t.requests.borrow();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].url, "https://agent.example/a2a/v1", "made absolute");
    assert_eq!(sent[0].payload, Payload::V1(Method::SendMessage));
}

#[test]
fn pinned_versions_never_read_the_card() {
    let t = with_token(vec![gone()]);
    let (clock, kept) = (FakeClock::new(0.0), Client::new(ProtocolChoice::Legacy));
    assert_eq!(kind(search_rpc(&t, &clock, &kept)), ErrorKind::HttpError);
    assert_eq!(t.attempts(), 1);

    let t = with_token(vec![answer(200, "search_results.json")]);
    let kept = Client::new(ProtocolChoice::V1);
    assert!(search_rpc(&t, &clock, &kept).is_ok());
    let sent = t.requests.borrow();
    assert_eq!(sent[0].url, URL);
    assert_eq!(sent[0].payload, Payload::V1(Method::SendMessage));
    assert_eq!(sent[0].token.as_deref(), Some("secret"));
}
