//! The stand-in's card in A2A 1.0 form beside the unchanged 0.2.6 one.

use crate::common;

use common::fixture;
use serde_json::json;

#[test]
fn the_stand_in_card_in_1_0_form() {
    use magisterium_core::v1::card::{card_to_v1, LIST_NOTE};
    let legacy = magisterium_stand_in::card::card("http://127.0.0.1:8787");
    let card = card_to_v1(&legacy).unwrap();
    assert_eq!(
        card["supportedInterfaces"],
        json!([
            {"url": "http://127.0.0.1:8787/api/v1/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": "http://127.0.0.1:8787/api/v1/a2a", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
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
    // The description says where ListTasks answers from: the Worker's own record.
    let description = format!("{}{LIST_NOTE}", legacy["description"].as_str().unwrap());
    assert_eq!(card["description"], description.as_str());
    assert!(LIST_NOTE.contains("own record") && LIST_NOTE.contains("24 hours"));
    for key in ["name", "version", "defaultInputModes", "defaultOutputModes"] {
        assert_eq!(card[key], legacy[key], "{key}");
    }
    assert!(card.get("protocolVersion").is_none() && card.get("url").is_none());
    // Not a 0.2.6 card: no 1.0 card either.
    assert!(card_to_v1(&json!({"name": "x", "skills": []})).is_none());
    assert!(card_to_v1(&json!({"name": "x", "url": "u", "skills": {}})).is_none());
}

/// `/.well-known/agent.json` stays the 0.2.6 card, byte for byte (the snapshot was taken before
/// the 1.0 card existed).
#[test]
fn the_0_2_6_card_is_unchanged() {
    let body = magisterium_stand_in::card::response("http://127.0.0.1:8787").body;
    assert_eq!(body, fixture("cards/stand-in-0.2.6.json"));
}
