//! The Worker's A2A 1.0 front door in the core: which dialect a request speaks, which 1.0 methods
//! are carried or refused, and the stand-in's card in 1.0 form beside the unchanged 0.2.6 one.

mod common;

use common::a2a_v1::reason;
#[cfg(feature = "stand-in")]
use common::fixture;
use magisterium_a2a::protocol::v1::{dialect, route, Dialect, Method};
#[cfg(feature = "stand-in")]
use serde_json::json;

#[test]
fn the_version_header_or_a_1_0_method_picks_the_dialect() {
    assert_eq!(dialect(Some("1.0"), "SendMessage"), Ok(Dialect::V1));
    assert_eq!(dialect(Some(" 1.0.1 "), "GetTask"), Ok(Dialect::V1));
    assert_eq!(dialect(Some("1.0"), "message/send"), Ok(Dialect::V1));
    assert_eq!(dialect(None, "SendMessage"), Ok(Dialect::V1));
    assert_eq!(dialect(None, "message/send"), Ok(Dialect::Legacy));
    assert_eq!(dialect(Some(""), "tasks/get"), Ok(Dialect::Legacy));
    assert_eq!(dialect(Some("0.3"), "message/send"), Ok(Dialect::Legacy));
    assert_eq!(dialect(Some("0.2.6"), "message/send"), Ok(Dialect::Legacy));
    for unsupported in ["0.5", "2.0", "1.1", "x"] {
        let refusal = dialect(Some(unsupported), "SendMessage").unwrap_err();
        assert_eq!(refusal.code, -32009, "{unsupported}");
        let e = refusal.into_error();
        assert_eq!(
            reason(&e),
            Some(("VERSION_NOT_SUPPORTED", "a2a-protocol.org"))
        );
    }
}

#[test]
fn every_1_0_method_is_carried_or_refused_as_the_spec_says() {
    assert_eq!(route("SendMessage"), Ok(Method::SendMessage));
    assert_eq!(route("GetTask").map(Method::legacy_name), Ok("tasks/get"));
    assert_eq!(
        route("CancelTask").map(Method::legacy_name),
        Ok("tasks/cancel")
    );
    for (method, code) in [
        ("SendStreamingMessage", -32004),
        ("SubscribeToTask", -32004),
        ("ListTasks", -32004),
        ("GetExtendedAgentCard", -32004),
        ("CreateTaskPushNotificationConfig", -32003),
        ("GetTaskPushNotificationConfig", -32003),
        ("ListTaskPushNotificationConfigs", -32003),
        ("DeleteTaskPushNotificationConfig", -32003),
        ("message/send", -32601),
        ("Bogus", -32601),
    ] {
        assert_eq!(route(method).unwrap_err().code, code, "{method}");
    }
}

#[cfg(feature = "stand-in")]
#[test]
fn the_stand_in_card_in_1_0_form() {
    use magisterium_a2a::protocol::v1::card::card_to_v1;
    let legacy = magisterium_a2a::worker::agent::card::card("http://127.0.0.1:8787");
    let card = card_to_v1(&legacy).unwrap();
    assert_eq!(
        card["supportedInterfaces"],
        json!([
            {"url": "http://127.0.0.1:8787/api/v1/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": "http://127.0.0.1:8787/api/v1/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.2"}
        ])
    );
    assert_eq!(
        card["capabilities"],
        json!({"streaming": false, "pushNotifications": false, "extendedAgentCard": false})
    );
    assert_eq!(
        card["securitySchemes"]["bearer"],
        json!({"httpAuthSecurityScheme": {"scheme": "bearer"}})
    );
    assert_eq!(
        card["securityRequirements"],
        json!([{"schemes": {"bearer": {"list": []}}}])
    );
    assert_eq!(card["skills"], legacy["skills"]);
    for key in [
        "name",
        "description",
        "version",
        "defaultInputModes",
        "defaultOutputModes",
    ] {
        assert_eq!(card[key], legacy[key], "{key}");
    }
    assert!(card.get("protocolVersion").is_none() && card.get("url").is_none());
    // Not a 0.2.6 card: no 1.0 card either.
    assert!(card_to_v1(&json!({"name": "x", "skills": []})).is_none());
    assert!(card_to_v1(&json!({"name": "x", "url": "u", "skills": {}})).is_none());
}

/// `/.well-known/agent.json` stays the 0.2.6 card, byte for byte (the snapshot was taken before
/// the 1.0 card existed).
#[cfg(feature = "stand-in")]
#[test]
fn the_0_2_6_card_is_unchanged() {
    let body = magisterium_a2a::worker::agent::card::response("http://127.0.0.1:8787").body;
    assert_eq!(body, fixture("cards/stand-in-0.2.6.json"));
}
