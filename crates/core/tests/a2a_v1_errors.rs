//! A2A 1.0 ⇄ 0.2.6 errors in the core: Magisterium's errors keep their meaning in 1.0 (the
//! `google.rpc.ErrorInfo` reason) and the spec's errors read back as our kinds.

use crate::common;

use common::a2a_v1::{error_to_v0, reason};
use common::fixture_json;
use magisterium_core::decode::read_envelope;
use magisterium_core::error::ErrorKind;
use magisterium_core::upstream::Reach;
use magisterium_core::v1::error_to_v1;
use magisterium_core::wire::JsonRpcError;
use serde_json::{json, Value};

fn error(value: Value) -> JsonRpcError {
    serde_json::from_value(value).unwrap()
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

/// What the proxy says about the upstream (`error.data.upstream`) survives the 1.0 door and back,
/// so the SDK reads it whichever version was on the wire.
#[test]
fn what_the_proxy_says_about_the_upstream_crosses_the_1_0_door() {
    let table = fixture_json("proxy/upstream_faults.json");
    for answer in table["answers"].as_array().unwrap() {
        let original = error(answer["body"]["error"].clone());
        let back = error_to_v0(error_to_v1(original.clone(), false, None));
        assert_eq!(back.data, original.data, "{}", answer["case"]);
        let body = json!({"jsonrpc": "2.0", "id": null, "error": back});
        let read = read_envelope(Some(&body), 502, None).unwrap_err();
        let said = answer["body"]["error"]["data"]["upstream"].as_str();
        assert_eq!(read.upstream().map(Reach::as_str), said);
    }
}
