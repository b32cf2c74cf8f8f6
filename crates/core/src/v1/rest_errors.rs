//! A 1.0 JSON-RPC error in the HTTP+JSON binding's terms (spec §11.6 and the table of §5.4): an
//! HTTP status and a `google.rpc.Status` body, `{ "error": { code, status, message, details } }`,
//! whose `details` always carry a `google.rpc.ErrorInfo` for an A2A error (its `reason`, in the
//! domain `a2a-protocol.org`), since several A2A errors share one status.
//!
//! The status is the spec's for the error's code (`TaskNotFoundError` 404, most others 400),
//! unless the answer already had an error status of its own (a body refused as not JSON 415, a
//! rate limit 429, sign-in's 401, an upstream that failed 502/503…), which is kept with its
//! headers (`Retry-After`, `WWW-Authenticate`).

use serde_json::{json, Value};

use super::errors::{A2A_DOMAIN, ERROR_INFO, STRUCT};
use crate::wire::JsonRpcError;

/// Each 1.0 JSON-RPC code: HTTP status, `google.rpc.Code` name, A2A ErrorInfo reason (none for
/// JSON-RPC's own errors).
const CODES: [(i64, u16, &str, Option<&str>); 14] = [
    (-32001, 404, "NOT_FOUND", Some("TASK_NOT_FOUND")),
    (
        -32002,
        400,
        "FAILED_PRECONDITION",
        Some("TASK_NOT_CANCELABLE"),
    ),
    (
        -32003,
        400,
        "FAILED_PRECONDITION",
        Some("PUSH_NOTIFICATION_NOT_SUPPORTED"),
    ),
    (
        -32004,
        400,
        "FAILED_PRECONDITION",
        Some("UNSUPPORTED_OPERATION"),
    ),
    (
        -32005,
        400,
        "INVALID_ARGUMENT",
        Some("CONTENT_TYPE_NOT_SUPPORTED"),
    ),
    (-32006, 500, "INTERNAL", Some("INVALID_AGENT_RESPONSE")),
    (
        -32007,
        400,
        "FAILED_PRECONDITION",
        Some("EXTENDED_AGENT_CARD_NOT_CONFIGURED"),
    ),
    (
        -32008,
        400,
        "FAILED_PRECONDITION",
        Some("EXTENSION_SUPPORT_REQUIRED"),
    ),
    (
        -32009,
        400,
        "FAILED_PRECONDITION",
        Some("VERSION_NOT_SUPPORTED"),
    ),
    (-32700, 400, "INVALID_ARGUMENT", None),
    (-32600, 400, "INVALID_ARGUMENT", None),
    (-32601, 404, "NOT_FOUND", None),
    (-32602, 400, "INVALID_ARGUMENT", None),
    (-32603, 500, "INTERNAL", None),
];

/// The `google.rpc.Code` name of an HTTP status an answer came with (AIP-193's mapping).
const STATUS_NAMES: [(u16, &str); 8] = [
    (400, "INVALID_ARGUMENT"),
    (401, "UNAUTHENTICATED"),
    (403, "PERMISSION_DENIED"),
    (404, "NOT_FOUND"),
    (409, "ABORTED"),
    (429, "RESOURCE_EXHAUSTED"),
    (503, "UNAVAILABLE"),
    (504, "DEADLINE_EXCEEDED"),
];

/// The HTTP status and `google.rpc.Status` body of `error`, a 1.0 JSON-RPC error answered with
/// HTTP status `answered` (kept when it is already an error status).
pub fn to_http(error: JsonRpcError, answered: u16) -> (u16, Value) {
    let JsonRpcError {
        code,
        message,
        data,
    } = error;
    let known = CODES.iter().find(|(c, ..)| *c == code);
    let status = match known {
        _ if answered >= 400 => answered,
        Some((_, status, ..)) => *status,
        None => 500,
    };
    // The code's own name, unless the answer's status says something else (a 403 of the origin
    // rule is PERMISSION_DENIED whatever its JSON-RPC code).
    let name = match known {
        Some((_, own, name, _)) if *own == status => name,
        _ => status_name(status),
    };
    let mut details = match data {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(details)) if details.iter().all(|d| d.get("@type").is_some()) => details,
        Some(data) => vec![json!({ "@type": STRUCT, "value": data })],
    };
    let has_info = details
        .iter()
        .any(|d| d.get("@type").and_then(Value::as_str) == Some(ERROR_INFO));
    if let (Some((_, _, _, Some(reason))), false) = (known, has_info) {
        details.insert(
            0,
            json!({ "@type": ERROR_INFO, "reason": reason, "domain": A2A_DOMAIN }),
        );
    }
    let body = json!({ "error": { "code": status, "status": name, "message": message, "details": details } });
    (status, body)
}

/// The `google.rpc.Code` name of an HTTP error status.
pub fn status_name(status: u16) -> &'static str {
    match STATUS_NAMES.iter().find(|(s, _)| *s == status) {
        Some((_, name)) => name,
        None if status >= 500 => "INTERNAL",
        None if status >= 400 => "INVALID_ARGUMENT",
        None => "UNKNOWN",
    }
}
