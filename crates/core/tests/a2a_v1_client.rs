//! The client's side of A2A 1.0 in the core: the option, when "auto" looks at the card, and a 1.0
//! answer read back as the 0.2.6 answer the decoders know (the same typed results and errors
//! either way).

use crate::common;

use common::a2a_v1::{answer_to_v0, request_to_v1, task_to_v1};
use common::fixture_json;
use magisterium_core::error::ErrorKind;
use magisterium_core::results::{decode_skill_response, decode_task};
use magisterium_core::v1::client::{moved_to_v1, ProtocolChoice};
use magisterium_core::v1::wire::SendMessageResponse;
use magisterium_core::v1::{error_to_v1, Method};
use magisterium_core::wire::{self as v0, JsonRpcError, RequestId};
use magisterium_core::{Error, Skill};
use serde_json::{json, Value};

#[test]
fn the_option() {
    assert_eq!(
        ProtocolChoice::from_option("0.2"),
        Some(ProtocolChoice::Legacy)
    );
    assert_eq!(ProtocolChoice::from_option("1.0"), Some(ProtocolChoice::V1));
    assert_eq!(
        ProtocolChoice::from_option("auto"),
        Some(ProtocolChoice::Auto)
    );
    assert_eq!(ProtocolChoice::default(), ProtocolChoice::Auto);
    assert_eq!(ProtocolChoice::from_option("0.3"), None);
}

#[test]
fn a_card_offers_1_0_by_a_json_rpc_interface_of_version_1_0() {
    use magisterium_core::v1::card::json_rpc_v1_url;
    let legacy = fixture_json("cards/stand-in-0.2.6.json");
    assert_eq!(
        json_rpc_v1_url(&&legacy),
        None,
        "a 0.2.6 card has no interfaces"
    );
    let spec = fixture_json("v1/sample_agent_card.json");
    assert_eq!(
        json_rpc_v1_url(&&spec).as_deref(),
        Some("https://georoute-agent.example.com/a2a/v1")
    );
    let card = |interfaces: Value| json!({"name": "x", "supportedInterfaces": interfaces});
    let offered = card(json!([
        {"url": "https://a.example/grpc", "protocolBinding": "GRPC", "protocolVersion": "1.0"},
        {"url": "https://a.example/old", "protocolBinding": "JSONRPC", "protocolVersion": "0.2"},
        {"url": "https://a.example/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
    ]));
    assert_eq!(
        json_rpc_v1_url(&&offered).as_deref(),
        Some("https://a.example/v1")
    );
    for version in ["1", "1.0.2", " 1.0 "] {
        let one =
            card(json!([{"url": "u", "protocolBinding": "jsonrpc", "protocolVersion": version}]));
        assert_eq!(json_rpc_v1_url(&&one).as_deref(), Some("u"), "{version}");
    }
    for version in ["1.1", "10.0", "0.3", ""] {
        let other =
            card(json!([{"url": "u", "protocolBinding": "JSONRPC", "protocolVersion": version}]));
        assert_eq!(json_rpc_v1_url(&&other), None, "{version}");
    }
    let no_url = card(json!([{"protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]));
    assert_eq!(json_rpc_v1_url(&&no_url), None);
    assert_eq!(json_rpc_v1_url(&&card(json!("JSONRPC"))), None);
}

#[test]
fn auto_looks_at_the_card_only_when_the_agent_says_it_moved() {
    assert!(moved_to_v1(&Error::from_rpc(-32601, "Method not found")));
    assert!(moved_to_v1(
        &Error::from_rpc(-32009, "Version not supported").with_code(-32009)
    ));
    assert!(moved_to_v1(&Error::from_http_status(404).with_status(404)));
    for other in [
        Error::from_rpc(-32004, "Unauthorized"),
        Error::from_rpc(-32602, "Invalid params"),
        Error::from_http_status(502).with_status(502),
        Error::invalid_response("bad"),
    ] {
        assert!(!moved_to_v1(&other), "{other:?}");
    }
}

/// The 1.0 answer of a 0.2.6 fixture: its task through the Worker's translation.
fn as_v1(name: &str, send: bool) -> Value {
    let body = fixture_json(&format!("responses/{name}"));
    let task: v0::Task = serde_json::from_value(body["result"].clone()).unwrap();
    let task = task_to_v1(task);
    let result = if send {
        serde_json::to_value(SendMessageResponse::Task(task)).unwrap()
    } else {
        serde_json::to_value(task).unwrap()
    };
    json!({"jsonrpc": "2.0", "id": body["id"], "result": result})
}

#[test]
fn every_skill_decodes_the_same_from_1_0() {
    let id = RequestId::from("req-1");
    for (skill, name) in [
        (Skill::CatholicQa, "qa_answer.json"),
        (Skill::DocumentSearch, "search_results.json"),
        (Skill::DocumentFetch, "document.json"),
        (Skill::DocumentFetch, "document_not_found.json"),
        (Skill::LiturgicalReadings, "readings.json"),
        (Skill::SaintsOfTheDay, "saints.json"),
        (Skill::PopeLookup, "lookup_pope.json"),
        (Skill::DioceseStatisticsLookup, "lookup_statistics.json"),
    ] {
        let original = fixture_json(&format!("responses/{name}"));
        let back = answer_to_v0(Method::SendMessage, as_v1(name, true));
        let expected = decode_skill_response(skill, Some(&original), 200, Some(&id)).unwrap();
        let got = decode_skill_response(skill, Some(&back), 200, Some(&id)).unwrap();
        assert_eq!(
            serde_json::to_value(format!("{got:?}")).unwrap(),
            serde_json::to_value(format!("{expected:?}")).unwrap(),
            "{name}"
        );
    }
    let task = answer_to_v0(Method::GetTask, as_v1("task_working.json", false));
    assert_eq!(task["result"]["status"]["state"], "working");
    assert!(decode_task(Some(&task), 200, Some(&id)).is_ok());
}

#[test]
fn errors_decode_to_the_same_kinds_from_1_0() {
    let id = RequestId::from("req-1");
    for name in [
        "error_unauthorized.json",
        "error_plan_required.json",
        "error_rate_limited.json",
        "error_task_not_found.json",
        "error_invalid_params.json",
    ] {
        let original = fixture_json(&format!("responses/{name}"));
        let error: JsonRpcError = serde_json::from_value(original["error"].clone()).unwrap();
        let v1_body =
            json!({"jsonrpc": "2.0", "id": "req-1", "error": error_to_v1(error, false, None)});
        let back = answer_to_v0(Method::GetTask, v1_body);
        let expected = decode_task(Some(&original), 200, Some(&id)).unwrap_err();
        let got = decode_task(Some(&back), 200, Some(&id)).unwrap_err();
        assert_eq!(
            (got.kind(), got.code()),
            (expected.kind(), expected.code()),
            "{name}"
        );
    }
    let spec = fixture_json("v1/error_task_not_found.json");
    let back = answer_to_v0(Method::GetTask, spec);
    let got = decode_task(Some(&back), 200, Some(&RequestId::from(2))).unwrap_err();
    assert_eq!(got.kind(), ErrorKind::TaskNotFound);
    // A task that is no task is left for the decoders to refuse, as a 0.2.6 one would be.
    let garbage = answer_to_v0(
        Method::SendMessage,
        json!({"jsonrpc": "2.0", "id": 1, "result": {"task": {"id": 3}}}),
    );
    let refused = decode_task(Some(&garbage), 200, Some(&RequestId::from(1))).unwrap_err();
    assert_eq!(refused.kind(), ErrorKind::InvalidResponse);
}

#[test]
fn requests_are_written_in_1_0() {
    let built = fixture_json("requests/catholic_qa.json");
    let (v1_json, method) = request_to_v1(&built).unwrap();
    assert_eq!(method, Method::SendMessage);
    assert_eq!(v1_json["method"], "SendMessage");
    assert_eq!(v1_json["id"], built["id"]);
    assert_eq!(v1_json["params"]["message"]["role"], "ROLE_USER");
    assert_eq!(
        v1_json["params"]["message"]["parts"][0]["text"],
        built["params"]["message"]["parts"][0]["text"]
    );
    assert_eq!(
        v1_json["params"]["message"]["metadata"]["skillId"],
        "catholic_qa"
    );
    let get = json!({"jsonrpc": "2.0", "id": 5, "method": "tasks/cancel", "params": {"id": "t-1"}});
    let (v1_request, method) = request_to_v1(&get).unwrap();
    assert_eq!(
        (method, &v1_request["method"]),
        (Method::CancelTask, &json!("CancelTask"))
    );
    assert_eq!(v1_request["params"], json!({"id": "t-1"}));
    let unknown = json!({"jsonrpc": "2.0", "id": 5, "method": "tasks/list", "params": {}});
    assert!(request_to_v1(&unknown).is_none());
}
