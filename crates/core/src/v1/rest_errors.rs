//! A 1.0 JSON-RPC error in the HTTP+JSON binding's terms (spec §11.6 and the table of §5.4): an
//! HTTP status and a `google.rpc.Status` body, `{ "error": { code, status, message, details } }`.
//! Its `details` are the error's typed details as they are: the 1.0 door gives every A2A error
//! its `google.rpc.ErrorInfo` (its `reason`, domain `a2a-protocol.org`), which tells apart the
//! errors that share a status; a `data` that is not a list of details becomes a
//! `google.protobuf.Struct` detail.
//!
//! The status is the spec's for the error's code (`TaskNotFoundError` 404, the other A2A errors
//! 400, `InvalidAgentResponseError` 500; for Magisterium's own errors, code -32000, by their
//! reason: 401, 403, 429), unless the answer already had an error status of its own (a body
//! refused as not JSON 415, a rate limit 429, sign-in's 401, an upstream that failed 502/503…),
//! which is kept with its headers (`Retry-After`, `WWW-Authenticate`).

use serde_json::Value;

use super::errors::STRUCT;
use crate::wire::JsonRpcError;

/// The HTTP status of each JSON-RPC code (any other: 500).
const CODES: [(i64, u16); 14] = [
    (-32001, 404),
    (-32002, 400),
    (-32003, 400),
    (-32004, 400),
    (-32005, 400),
    (-32006, 500),
    (-32007, 400),
    (-32008, 400),
    (-32009, 400),
    (-32700, 400),
    (-32600, 400),
    (-32601, 404),
    (-32602, 400),
    (-32603, 500),
];

/// The HTTP status of Magisterium's errors without an A2A code (code -32000, `errors.rs`), by
/// their ErrorInfo reason, when the answer came as HTTP 200.
const MAGISTERIUM_STATUS: [(&str, u16); 3] = [
    ("UNAUTHENTICATED", 401),
    ("PLAN_REQUIRED", 403),
    ("RATE_LIMIT_EXCEEDED", 429),
];

/// The `google.rpc.Code` name of an HTTP status (AIP-193's mapping).
const STATUS_NAMES: [(u16, &str); 7] = [
    (400, "INVALID_ARGUMENT"),
    (401, "UNAUTHENTICATED"),
    (403, "PERMISSION_DENIED"),
    (404, "NOT_FOUND"),
    (429, "RESOURCE_EXHAUSTED"),
    (503, "UNAVAILABLE"),
    (504, "DEADLINE_EXCEEDED"),
];

/// The HTTP status and `google.rpc.Status` body (JSON text) of `error`, a 1.0 JSON-RPC error
/// answered with HTTP status `answered` (kept when it is already an error status).
pub fn to_http(error: JsonRpcError, answered: u16) -> (u16, String) {
    let JsonRpcError {
        code,
        message,
        data,
    } = error;
    let details = match data {
        None | Some(Value::Null) => Value::Array(Vec::new()),
        Some(Value::Array(details)) if details.iter().all(|d| d.get("@type").is_some()) => {
            Value::Array(details)
        }
        Some(data) => {
            let mut wrapped = serde_json::Map::new();
            wrapped.insert("@type".into(), STRUCT.into());
            wrapped.insert("value".into(), data);
            Value::Array(vec![Value::Object(wrapped)])
        }
    };
    let reasons = details.as_array().into_iter().flatten();
    let magisterium = reasons
        .filter_map(|d| d.get("reason").and_then(Value::as_str))
        .find_map(|r| MAGISTERIUM_STATUS.iter().find(|(name, _)| *name == r));
    let status = match (CODES.iter().find(|(c, _)| *c == code), magisterium) {
        _ if answered >= 400 => answered,
        (Some((_, status)), _) | (None, Some((_, status))) => *status,
        (None, None) => 500,
    };
    // The spec's gRPC column: an A2A error at 400 is FAILED_PRECONDITION, but a content type.
    let name = match code {
        -32009..=-32006 | -32004..=-32002 if status == 400 => "FAILED_PRECONDITION",
        _ => status_name(status),
    };
    let body = format!(
        r#"{{"error":{{"code":{status},"status":"{name}","message":{},"details":{details}}}}}"#,
        Value::String(message)
    );
    (status, body)
}

/// The `google.rpc.Code` name of an HTTP error status.
pub fn status_name(status: u16) -> &'static str {
    match STATUS_NAMES.iter().find(|(s, _)| *s == status) {
        Some((_, name)) => name,
        None if status >= 500 => "INTERNAL",
        None => "INVALID_ARGUMENT",
    }
}
