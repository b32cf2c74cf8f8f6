//! A2A 1.0 ⇄ 0.2.6 translation in the core, both ways, over the spec's own examples
//! (`tests/fixtures/v1/`) and our 0.2.6 response fixtures (`tests/fixtures/responses/`).

mod common;

use common::{fixture, fixture_json};
use magisterium_a2a::protocol::error::ErrorKind;
use magisterium_a2a::protocol::v1::project::{AnswerInLegacy, RequestInV1};
use magisterium_a2a::protocol::v1::translate::{
    send_request_to_v0, task_json_to_v1, task_request_to_v0,
};
use magisterium_a2a::protocol::v1::wire::{self as v1, SendMessageResponse};
use magisterium_a2a::protocol::v1::{dialect, error_to_v1, route, Dialect, Method};
use magisterium_a2a::protocol::wire::{self as v0, JsonRpcError};
use serde_json::{json, Value};

// The client's directions (`protocol::v1::project`), driven natively over `serde_json::Value`
// as the browser drives them over the values `JSON.parse` made.

/// A 1.0 answer to `method` as the 0.2.6 answer the decoders read.
fn answer_to_v0(method: Method, answer: Value) -> Value {
    serde_json::to_value(AnswerInLegacy {
        answer: &answer,
        method,
    })
    .unwrap()
}

/// A 1.0 task as the 0.2.6 task.
fn task_to_v0(task: &Value) -> v0::Task {
    let answer = json!({"jsonrpc": "2.0", "id": 1, "result": task});
    serde_json::from_value(answer_to_v0(Method::GetTask, answer)["result"].clone()).unwrap()
}

/// A 1.0 error as the 0.2.6 error.
fn error_to_v0(error: JsonRpcError) -> JsonRpcError {
    let answer = json!({"jsonrpc": "2.0", "id": 1, "error": error});
    serde_json::from_value(answer_to_v0(Method::GetTask, answer)["error"].clone()).unwrap()
}

/// A 0.2.6 request as the 1.0 request, and its 1.0 method; `None` for a method 1.0 does not have.
fn request_to_v1(request: &Value) -> Option<(Value, Method)> {
    let v1 = RequestInV1::new(request)?;
    Some((serde_json::to_value(&v1).unwrap(), v1.method))
}

// The Worker's direction (`protocol::v1::translate`), over parsed JSON.

fn params(name: &str) -> Value {
    fixture_json(&format!("v1/{name}"))["params"].clone()
}

/// A 0.2.6 task in 1.0 form, typed on both sides.
fn task_to_v1(task: v0::Task) -> v1::Task {
    let v1 = task_json_to_v1(serde_json::to_value(task).unwrap()).unwrap();
    serde_json::from_value(v1).unwrap()
}

#[test]
fn the_spec_send_message_becomes_message_send() {
    let sent = send_request_to_v0(params("send_message_request.json")).unwrap();
    assert_eq!(
        sent,
        json!({"message": {
            "role": "user", "kind": "message", "messageId": "msg-uuid",
            "parts": [{"kind": "text", "text": "What is the weather today?"}]
        }})
    );
    let structured = send_request_to_v0(params("send_message_structured_request.json")).unwrap();
    let part = &structured["message"]["parts"][0];
    assert_eq!(part["kind"], "text");
    assert_eq!(part["metadata"]["mediaType"], "application/json");
    assert_eq!(part["metadata"]["schema"]["type"], "array");
}

#[test]
fn the_skill_comes_from_the_message_else_the_request() {
    let mut request = params("send_message_request.json");
    request["metadata"] = json!({"skillId": "document_search"});
    let sent = send_request_to_v0(request.clone()).unwrap();
    assert_eq!(sent["message"]["metadata"]["skillId"], "document_search");
    assert_eq!(sent["metadata"]["skillId"], "document_search");

    request["message"]["metadata"] = json!({"skillId": "pope_lookup"});
    let sent = send_request_to_v0(request).unwrap();
    assert_eq!(sent["message"]["metadata"]["skillId"], "pope_lookup");
}

#[test]
fn parts_by_member_become_parts_by_kind() {
    let request = json!({
        "tenant": "t", "message": {"role": "ROLE_USER", "messageId": "m", "extensions": ["e"], "parts": [
            {"data": {"id": "rerum-novarum"}},
            {"url": "https://example.org/a.pdf", "mediaType": "application/pdf", "filename": "a.pdf"},
            {"raw": "AAEC", "mediaType": "application/octet-stream"}
        ]},
        "configuration": {"returnImmediately": false, "historyLength": 2, "acceptedOutputModes": ["text/plain"]}
    });
    let sent = send_request_to_v0(request).unwrap();
    // What 0.2.6 has no place for is dropped: the tenant, the message's extensions.
    assert!(sent.get("tenant").is_none() && sent["message"].get("extensions").is_none());
    assert_eq!(
        sent["message"]["parts"],
        json!([
            {"kind": "data", "data": {"id": "rerum-novarum"}},
            {"kind": "file", "file": {"uri": "https://example.org/a.pdf", "name": "a.pdf", "mimeType": "application/pdf"}},
            {"kind": "file", "file": {"bytes": "AAEC", "mimeType": "application/octet-stream"}}
        ])
    );
    assert_eq!(
        sent["configuration"],
        json!({"blocking": true, "historyLength": 2, "acceptedOutputModes": ["text/plain"]})
    );
}

#[test]
fn requests_0_2_cannot_carry_are_refused_with_the_spec_errors() {
    let refused = |value: Value| send_request_to_v0(value).unwrap_err();
    let array = refused(
        json!({"message": {"role": "ROLE_USER", "messageId": "m", "parts": [{"data": [1, 2]}]}}),
    );
    assert_eq!(array.code, -32602);
    let role = refused(
        json!({"message": {"role": "ROLE_UNSPECIFIED", "messageId": "m", "parts": [{"text": "x"}]}}),
    );
    assert_eq!(role.code, -32602);
    assert!(
        role.message.contains("ROLE_UNSPECIFIED"),
        "{}",
        role.message
    );
    let push = refused(
        json!({"message": {"role": "ROLE_USER", "messageId": "m", "parts": [{"text": "x"}]},
        "configuration": {"taskPushNotificationConfig": {"url": "https://example.org/hook"}}}),
    );
    assert_eq!(push.code, -32003);

    for bad in [
        json!({}),
        json!({"text": "a", "data": {}}),
        json!({"text": 3}),
        json!({"url": "u", "mediaType": 1}),
    ] {
        assert!(
            serde_json::from_value::<v1::Part>(bad.clone()).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn get_and_cancel_carry_their_id() {
    let get = task_request_to_v0(params("get_task_request.json")).unwrap();
    assert_eq!(get, json!({"id": "task-uuid", "historyLength": 10}));
    let cancel = task_request_to_v0(params("cancel_task_request.json")).unwrap();
    assert_eq!(cancel, json!({"id": "task-uuid"}));
    let tenant = task_request_to_v0(json!({"tenant": "t", "id": "x"})).unwrap();
    assert_eq!(tenant, json!({"id": "x"}));
    for bad in [
        json!({}),
        json!({"id": 3}),
        json!({"id": "x", "historyLength": "ten"}),
    ] {
        assert_eq!(
            task_request_to_v0(bad.clone()).unwrap_err().code,
            -32602,
            "{bad}"
        );
    }
}

/// The spec's tasks read as 0.2.6 tasks and come back unchanged.
#[test]
fn the_spec_tasks_round_trip_through_0_2() {
    for name in ["task_completed.json", "task_structured_data.json"] {
        let original = fixture_json(&format!("v1/{name}"));
        let legacy = task_to_v0(&original["task"]);
        assert_eq!(legacy.status.state, v0::TaskState::Completed, "{name}");
        let legacy_json = serde_json::to_value(&legacy).unwrap();
        assert_eq!(legacy_json["kind"], "task");
        assert_eq!(legacy_json["artifacts"][0]["parts"][0]["kind"], "text");
        let back = SendMessageResponse::Task(task_to_v1(legacy));
        assert_eq!(serde_json::to_value(back).unwrap(), original, "{name}");
    }
}

/// Every 0.2.6 task of our response fixtures reads as 1.0 and comes back unchanged, except for
/// what 1.0 cannot say, named here.
#[test]
fn our_0_2_tasks_round_trip_through_1_0() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/responses");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        let Ok(body) = serde_json::from_str::<Value>(&fixture(&format!("responses/{name}"))) else {
            continue;
        };
        let Ok(task) = serde_json::from_value::<v0::Task>(body["result"].clone()) else {
            continue;
        };
        let v1_json = serde_json::to_value(task_to_v1(task.clone())).unwrap();
        assert!(v1_json.get("kind").is_none(), "{name}");
        let back = task_to_v0(&v1_json);
        match name.as_str() {
            // Parts of a kind 0.2.6 does not know travel as data parts holding them.
            "unknown_part_kinds.json" => assert_ne!(back, task, "{name}"),
            // A state outside the A2A list is TASK_STATE_UNSPECIFIED in 1.0, `unknown` back in 0.2.
            "task_unknown_state.json" => {
                assert_eq!(back.status.state, v0::TaskState::UnknownState, "{name}")
            }
            _ => assert_eq!(back, task, "{name}"),
        }
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} task fixtures");
}

#[test]
fn answers_in_1_0_have_proto_enums_and_parts_by_member() {
    let body = fixture_json("responses/qa_answer.json");
    let task: v0::Task = serde_json::from_value(body["result"].clone()).unwrap();
    let out = serde_json::to_value(SendMessageResponse::Task(task_to_v1(task))).unwrap();
    assert_eq!(out["task"]["status"]["state"], "TASK_STATE_COMPLETED");
    let parts = &out["task"]["artifacts"][0]["parts"];
    assert!(parts[0]["text"]
        .as_str()
        .unwrap()
        .starts_with("Work has a dignity"));
    assert!(parts[0].get("kind").is_none());
    assert!(parts[1]["data"]["citations"].is_array());
    for message in out["task"]["history"].as_array().into_iter().flatten() {
        assert!(["ROLE_USER", "ROLE_AGENT"].contains(&message["role"].as_str().unwrap()));
    }
    let failed: v0::Task =
        serde_json::from_value(fixture_json("responses/task_failed.json")["result"].clone())
            .unwrap();
    let out = serde_json::to_value(task_to_v1(failed)).unwrap();
    assert_eq!(out["status"]["state"], "TASK_STATE_FAILED");
    assert_eq!(out["status"]["message"]["role"], "ROLE_AGENT");
}

#[test]
fn our_client_speaks_1_0_from_what_it_builds() {
    let request = fixture_json("requests/document_fetch.json");
    let built: v0::MessageSendParams = serde_json::from_value(request["params"].clone()).unwrap();
    let (v1_request, method) = request_to_v1(&request).unwrap();
    assert_eq!(method, Method::SendMessage);
    let params = &v1_request["params"];
    assert_eq!(params["message"]["role"], "ROLE_USER");
    assert!(params["message"]["parts"][0]["data"].is_object());
    assert!(params["message"].get("kind").is_none());
    let again = send_request_to_v0(params.clone()).unwrap();
    assert_eq!(
        serde_json::from_value::<v0::MessageSendParams>(again).unwrap(),
        built
    );
}

fn error(value: Value) -> JsonRpcError {
    serde_json::from_value(value).unwrap()
}

fn reason(e: &JsonRpcError) -> Option<(&str, &str)> {
    let detail = e
        .data
        .as_ref()?
        .as_array()?
        .iter()
        .find(|d| d["@type"] == "type.googleapis.com/google.rpc.ErrorInfo")?;
    Some((detail["reason"].as_str()?, detail["domain"].as_str()?))
}

/// Magisterium's errors keep their meaning in 1.0, and read back as the same kinds.
#[test]
fn magisterium_errors_keep_their_meaning_both_ways() {
    let cases = [
        (
            "error_unauthorized.json",
            -32000,
            Some(("UNAUTHENTICATED", "magisterium.com")),
        ),
        (
            "error_plan_required.json",
            -32000,
            Some(("PLAN_REQUIRED", "magisterium.com")),
        ),
        (
            "error_rate_limited.json",
            -32000,
            Some(("RATE_LIMIT_EXCEEDED", "magisterium.com")),
        ),
        (
            "error_rate_limited_message_only.json",
            -32000,
            Some(("RATE_LIMIT_EXCEEDED", "magisterium.com")),
        ),
        (
            "error_task_not_found.json",
            -32001,
            Some(("TASK_NOT_FOUND", "a2a-protocol.org")),
        ),
        ("error_invalid_params.json", -32602, None),
        ("error_method_not_found.json", -32601, None),
        ("error_internal.json", -32603, None),
    ];
    for (name, code, expected_reason) in cases {
        let original = error(fixture_json(&format!("responses/{name}"))["error"].clone());
        let kind = ErrorKind::from_rpc(original.code, &original.message);
        let v1_error = error_to_v1(original.clone(), false, Some("t-1"));
        assert_eq!(v1_error.code, code, "{name}");
        assert_eq!(reason(&v1_error), expected_reason, "{name}");
        assert!(
            v1_error.data.as_ref().is_none_or(Value::is_array),
            "{name}: data must be a list"
        );
        let back = error_to_v0(v1_error);
        assert_eq!(
            ErrorKind::from_rpc(back.code, &back.message),
            kind,
            "{name}"
        );
        assert_eq!(
            back.data,
            original.data.clone().or(back.data.clone()),
            "{name}"
        );
    }
}

#[test]
fn the_rate_limit_carries_its_delay_and_its_data() {
    let original = error(fixture_json("responses/error_rate_limited.json")["error"].clone());
    let v1_error = error_to_v1(original.clone(), false, None);
    let details = v1_error.data.clone().unwrap();
    assert!(details
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["@type"] == "type.googleapis.com/google.rpc.RetryInfo"
            && d["retryDelay"].as_str().is_some_and(|s| s.ends_with('s'))));
    assert_eq!(error_to_v0(v1_error).data, original.data);
}

#[test]
fn cancelling_a_finished_task_is_task_not_cancelable_in_1_0() {
    let refused = error(json!({"code": -32602, "message": "Invalid state transition"}));
    let v1_error = error_to_v1(refused.clone(), true, Some("t-9"));
    assert_eq!(v1_error.code, -32002);
    assert_eq!(
        reason(&v1_error),
        Some(("TASK_NOT_CANCELABLE", "a2a-protocol.org"))
    );
    assert_eq!(error_to_v0(v1_error).code, -32602);
    // The same message on another method is plain invalid params.
    assert_eq!(error_to_v1(refused, false, None).code, -32602);
}

#[test]
fn the_spec_errors_read_as_our_kinds() {
    let not_found = error(fixture_json("v1/error_task_not_found.json")["error"].clone());
    let back = error_to_v0(not_found.clone());
    assert_eq!(
        ErrorKind::from_rpc(back.code, &back.message),
        ErrorKind::TaskNotFound
    );
    assert_eq!(back.data, not_found.data);
    let bad = error_to_v0(error(
        fixture_json("v1/error_invalid_params.json")["error"].clone(),
    ));
    assert_eq!(
        ErrorKind::from_rpc(bad.code, &bad.message),
        ErrorKind::InvalidParams
    );
    // 1.0's own -32004 and -32005 are not Magisterium's unauthorized and plan required.
    let unsupported = error_to_v0(error(
        json!({"code": -32004, "message": "Unsupported operation"}),
    ));
    assert_eq!(
        ErrorKind::from_rpc(unsupported.code, &unsupported.message),
        ErrorKind::MethodNotFound
    );
    let content = error_to_v0(error(
        json!({"code": -32005, "message": "Incompatible content types"}),
    ));
    assert_eq!(
        ErrorKind::from_rpc(content.code, &content.message),
        ErrorKind::InvalidParams
    );
}

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

mod our_client_in_1_0 {
    //! The client's side: the option, when "auto" looks at the card, and a 1.0 answer read back as
    //! the 0.2.6 answer the decoders know (the same typed results and errors either way).
    use super::*;
    use magisterium_a2a::protocol::results::{decode_skill_response, decode_task};
    use magisterium_a2a::protocol::v1::client::{moved_to_v1, ProtocolChoice};
    use magisterium_a2a::protocol::wire::RequestId;
    use magisterium_a2a::protocol::{Error, Skill};

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
        use magisterium_a2a::protocol::v1::card::json_rpc_v1_url;
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
            let one = card(
                json!([{"url": "u", "protocolBinding": "jsonrpc", "protocolVersion": version}]),
            );
            assert_eq!(json_rpc_v1_url(&&one).as_deref(), Some("u"), "{version}");
        }
        for version in ["1.1", "10.0", "0.3", ""] {
            let other = card(
                json!([{"url": "u", "protocolBinding": "JSONRPC", "protocolVersion": version}]),
            );
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
        let get =
            json!({"jsonrpc": "2.0", "id": 5, "method": "tasks/cancel", "params": {"id": "t-1"}});
        let (v1_request, method) = request_to_v1(&get).unwrap();
        assert_eq!(
            (method, &v1_request["method"]),
            (Method::CancelTask, &json!("CancelTask"))
        );
        assert_eq!(v1_request["params"], json!({"id": "t-1"}));
        let unknown = json!({"jsonrpc": "2.0", "id": 5, "method": "tasks/list", "params": {}});
        assert!(request_to_v1(&unknown).is_none());
    }
}
