//! A2A 1.0 ⇄ 0.2.6 in both directions as the tests drive them: the client's (`protocol::v1::project`)
//! and the Worker's (`protocol::v1::translate`), plus the `google.rpc.ErrorInfo` reason of an error.
#![allow(dead_code)]

use magisterium_core::v1::project::{AnswerInLegacy, RequestInV1};
use magisterium_core::v1::translate::task_json_to_v1;
use magisterium_core::v1::wire as v1;
use magisterium_core::v1::Method;
use magisterium_core::wire::{self as v0, JsonRpcError};
use serde_json::{json, Value};

// The client's directions (`protocol::v1::project`), driven natively over `serde_json::Value`
// as the browser drives them over the values `JSON.parse` made.

/// A 1.0 answer to `method` as the 0.2.6 answer the decoders read.
pub fn answer_to_v0(method: Method, answer: Value) -> Value {
    serde_json::to_value(AnswerInLegacy {
        answer: &answer,
        method,
    })
    .unwrap()
}

/// A 1.0 task as the 0.2.6 task.
pub fn task_to_v0(task: &Value) -> v0::Task {
    let answer = json!({"jsonrpc": "2.0", "id": 1, "result": task});
    serde_json::from_value(answer_to_v0(Method::GetTask, answer)["result"].clone()).unwrap()
}

/// A 1.0 error as the 0.2.6 error.
pub fn error_to_v0(error: JsonRpcError) -> JsonRpcError {
    let answer = json!({"jsonrpc": "2.0", "id": 1, "error": error});
    serde_json::from_value(answer_to_v0(Method::GetTask, answer)["error"].clone()).unwrap()
}

/// A 0.2.6 request as the 1.0 request, and its 1.0 method; `None` for a method 1.0 does not have.
pub fn request_to_v1(request: &Value) -> Option<(Value, Method)> {
    let v1 = RequestInV1::new(request)?;
    Some((serde_json::to_value(&v1).unwrap(), v1.method))
}

// The Worker's direction (`protocol::v1::translate`), over parsed JSON.

/// A 0.2.6 task in 1.0 form, typed on both sides.
pub fn task_to_v1(task: v0::Task) -> v1::Task {
    let v1 = task_json_to_v1(serde_json::to_value(task).unwrap()).unwrap();
    serde_json::from_value(v1).unwrap()
}

/// The `google.rpc.ErrorInfo` of a 1.0 error: its reason and domain.
pub fn reason(e: &JsonRpcError) -> Option<(&str, &str)> {
    let detail = e
        .data
        .as_ref()?
        .as_array()?
        .iter()
        .find(|d| d["@type"] == "type.googleapis.com/google.rpc.ErrorInfo")?;
    Some((detail["reason"].as_str()?, detail["domain"].as_str()?))
}
