//! A2A 1.0's HTTP+JSON binding in the core: each REST request of `tests/fixtures/v1/rest/routes.json`
//! read as its JSON-RPC call (or rejected with its status), and each JSON-RPC error of
//! `errors.json` as the binding's status and `google.rpc.Status` body.

use crate::common::fixture_json;

use magisterium_core::v1::rest::read;
use magisterium_core::v1::rest_errors::to_http;
use magisterium_core::wire::JsonRpcError;
use serde_json::Value;

fn body_of(case: &Value) -> Vec<u8> {
    match (case.get("raw"), case.get("body")) {
        (Some(raw), _) => raw.as_str().unwrap().as_bytes().to_vec(),
        (None, Some(body)) => body.to_string().into_bytes(),
        (None, None) => Vec::new(),
    }
}

fn request(case: &Value) -> (&str, &str, &str, Vec<u8>) {
    let text = |key: &str| case[key].as_str().unwrap();
    (text("method"), text("path"), text("query"), body_of(case))
}

#[test]
fn every_rest_route_is_read_as_its_json_rpc_call() {
    let routes = fixture_json("v1/rest/routes.json");
    let calls = routes["calls"].as_array().unwrap();
    assert!(calls.len() >= 15);
    for case in calls {
        let (method, path, query, body) = request(case);
        let call = read(method, path, query, &body)
            .unwrap_or_else(|e| panic!("{}: rejected {e:?}", case["name"]));
        assert_eq!(call.method, case["call"], "{}", case["name"]);
        assert_eq!(call.params, case["params"], "{}", case["name"]);
    }
}

#[test]
fn what_the_binding_does_not_define_is_rejected_with_its_status() {
    let routes = fixture_json("v1/rest/routes.json");
    for case in routes["rejections"].as_array().unwrap() {
        let (method, path, query, body) = request(case);
        let rejected = read(method, path, query, &body)
            .expect_err(&format!("{}: read as a call", case["name"]));
        assert_eq!(
            u64::from(rejected.status),
            case["status"],
            "{}",
            case["name"]
        );
        assert_eq!(rejected.refusal.code, case["code"], "{}", case["name"]);
    }
}

#[test]
fn errors_leave_with_the_spec_s_status_and_a_google_rpc_status_body() {
    let errors = fixture_json("v1/rest/errors.json");
    for case in errors["cases"].as_array().unwrap() {
        let name = &case["name"];
        let error: JsonRpcError = serde_json::from_value(case["error"].clone()).unwrap();
        let answered = u16::try_from(case["answered"].as_u64().unwrap()).unwrap();
        let (status, body) = to_http(error.clone(), answered);
        let body: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(u64::from(status), case["status"], "{name}");
        let status_body = &body["error"];
        assert_eq!(status_body["code"], case["status"], "{name}");
        assert_eq!(status_body["status"], case["name"], "{name}");
        assert_eq!(status_body["message"], error.message.as_str(), "{name}");
        let details = status_body["details"].as_array().unwrap();
        assert_eq!(details.len() as u64, case["details"], "{name}: {details:?}");
        assert!(details.iter().all(|d| d["@type"].is_string()), "{name}");
        let info = details
            .iter()
            .find(|d| d["@type"] == "type.googleapis.com/google.rpc.ErrorInfo");
        assert_eq!(
            info.map(|i| i["reason"].clone()).unwrap_or(Value::Null),
            case["reason"],
            "{name}"
        );
        if case["reason"].is_string() && error.code != -32000 {
            assert_eq!(info.unwrap()["domain"], "a2a-protocol.org", "{name}");
        }
    }
}
