//! `protocolVersion` in the core: where each call goes under "0.2", "1.0" and "auto", when "auto"
//! reads the agent's 1.0 card, and how long it trusts what the card said (its `max-age`, or the
//! default), all over an explicit clock.

use magisterium_core::kept::Kept;
use magisterium_core::v1::client::{Protocol, ProtocolChoice, Target, V1_CARD_DEFAULT_SECONDS};
use magisterium_core::{Error, ErrorKind};

const ENDPOINT: &str = "https://agent.example/api/v1/a2a";
const V1: &str = "https://agent.example/a2a/v1";
const T0: f64 = 1_796_083_200_000.0;

fn none() -> Option<String> {
    None
}

fn moved() -> Error {
    Error::from_rpc(-32601, "Method not found")
}

#[test]
fn each_choice_sends_its_first_call_where_it_says() {
    let legacy = Protocol::new(ProtocolChoice::Legacy);
    assert_eq!(
        legacy.target(ENDPOINT, || Some(V1.into()), T0),
        Target::Legacy
    );
    let v1 = Protocol::new(ProtocolChoice::V1);
    assert_eq!(v1.target(ENDPOINT, none, T0), Target::V1(ENDPOINT.into()));
    let auto = Protocol::new(ProtocolChoice::Auto);
    assert_eq!(auto.target(ENDPOINT, none, T0), Target::Legacy);
    assert_eq!(Protocol::default().choice(), ProtocolChoice::Auto);
}

#[test]
fn auto_follows_a_fresh_cached_card_at_once() {
    let auto = Protocol::new(ProtocolChoice::Auto);
    assert_eq!(
        auto.target(ENDPOINT, || Some(V1.into()), T0),
        Target::V1(V1.into())
    );
}

#[test]
fn only_auto_after_a_legacy_call_that_says_the_agent_moved_reads_the_card() {
    let auto = Protocol::new(ProtocolChoice::Auto);
    assert!(auto.should_discover(&Target::Legacy, &moved()));
    assert!(auto.should_discover(
        &Target::Legacy,
        &Error::from_rpc(-32009, "Version not supported")
    ));
    assert!(auto.should_discover(&Target::Legacy, &Error::from_http_status(404)));
    // A call already made in 1.0 is not tried again; other failures say nothing about a move.
    assert!(!auto.should_discover(&Target::V1(V1.into()), &moved()));
    for other in [
        Error::from_http_status(500),
        Error::from_http_status(401),
        Error::new(ErrorKind::Network, "refused"),
        Error::from_rpc(-32602, "Invalid params"),
    ] {
        assert!(!auto.should_discover(&Target::Legacy, &other), "{other:?}");
    }
    for choice in [ProtocolChoice::Legacy, ProtocolChoice::V1] {
        assert!(!Protocol::new(choice).should_discover(&Target::Legacy, &moved()));
    }
}

#[test]
fn what_the_card_said_is_kept_for_its_max_age_then_read_again() {
    let mut auto = Protocol::new(ProtocolChoice::Auto);
    assert_eq!(auto.learned(V1.into(), 60, T0), Target::V1(V1.into()));
    assert_eq!(
        auto.target(ENDPOINT, none, T0 + 59_999.0),
        Target::V1(V1.into())
    );
    assert_eq!(auto.target(ENDPOINT, none, T0 + 60_000.0), Target::Legacy);
}

#[test]
fn a_card_without_max_age_is_trusted_for_the_default() {
    let mut auto = Protocol::new(ProtocolChoice::Auto);
    auto.learned(V1.into(), 0, T0);
    let default_ms = V1_CARD_DEFAULT_SECONDS as f64 * 1000.0;
    assert_eq!(V1_CARD_DEFAULT_SECONDS, 300);
    assert_eq!(
        auto.target(ENDPOINT, none, T0 + default_ms - 1.0),
        Target::V1(V1.into())
    );
    assert_eq!(auto.target(ENDPOINT, none, T0 + default_ms), Target::Legacy);
}

#[test]
fn the_interface_found_wins_over_the_cached_card_and_is_asked_first() {
    let mut auto = Protocol::new(ProtocolChoice::Auto);
    auto.learned(V1.into(), 60, T0);
    let asked = std::cell::Cell::new(false);
    let target = auto.target(
        ENDPOINT,
        || {
            asked.set(true);
            Some("https://other.example/v1".into())
        },
        T0,
    );
    assert_eq!(target, Target::V1(V1.into()));
    assert!(
        !asked.get(),
        "the cached card is only read when nothing fresher is known"
    );
}

#[test]
fn kept_values_expire_and_zero_seconds_keeps_nothing() {
    let mut card: Kept<&str> = Kept::new();
    assert_eq!(card.fresh(T0), None);
    card.keep("card", 3600, T0);
    assert_eq!(card.fresh(T0 + 3_599_999.0), Some(&"card"));
    assert_eq!(card.fresh(T0 + 3_600_000.0), None);
    card.keep("no max-age", 0, T0);
    assert_eq!(card.fresh(T0), None, "a card without max-age is not kept");
}
