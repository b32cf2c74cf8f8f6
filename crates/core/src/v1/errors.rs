//! Errors in A2A 1.0 terms: the bridge's own refusals, and the translation of error objects between
//! Magisterium's 0.2.6 codes and 1.0's.
//!
//! Magisterium's -32004 (unauthorized) and -32005 (plan required) mean something else in 1.0
//! (unsupported operation, content type not supported), and its rate limit has no A2A code. In 1.0
//! they become code -32000 (JSON-RPC's implementation-defined server error, outside the -32001…-32099
//! range A2A reserves) with a `google.rpc.ErrorInfo` detail whose `reason` says which
//! (`UNAUTHENTICATED`, `PLAN_REQUIRED`, `RATE_LIMIT_EXCEEDED`) in the domain `magisterium.com`.
//! Cancelling a finished task is -32602 `Invalid state transition` in 0.2.6 and
//! `TaskNotCancelableError` (-32002) in 1.0. Every 1.0 error's `data` is a list of typed details.

use serde_json::{json, Value};

use crate::error::ErrorKind;
use crate::wire::{JsonObject, JsonRpcError};

/// The `@type` of a `google.rpc.ErrorInfo` detail.
pub const ERROR_INFO: &str = "type.googleapis.com/google.rpc.ErrorInfo";
/// The `@type` of a `google.rpc.RetryInfo` detail.
pub const RETRY_INFO: &str = "type.googleapis.com/google.rpc.RetryInfo";
/// The `@type` of a detail that carries a 0.2.6 `error.data` object as it was.
pub const STRUCT: &str = "type.googleapis.com/google.protobuf.Struct";
/// The ErrorInfo domain of Magisterium's own errors.
pub const MAGISTERIUM_DOMAIN: &str = "magisterium.com";
/// The ErrorInfo domain of A2A's errors.
pub const A2A_DOMAIN: &str = "a2a-protocol.org";
/// The 1.0 code of Magisterium's errors that have no A2A code.
pub const SERVER_ERROR: i64 = -32000;

/// The message 0.2.6 Magisterium answers when a finished task is cancelled.
const INVALID_STATE_TRANSITION: &str = "Invalid state transition";

/// Magisterium's errors without an A2A 1.0 code: 0.2.6 code, ErrorInfo reason, error kind.
const MAGISTERIUM_REASONS: [(i64, &str, ErrorKind); 3] = [
    (-32004, "UNAUTHENTICATED", ErrorKind::Unauthorized),
    (-32005, "PLAN_REQUIRED", ErrorKind::PlanRequired),
    (-32029, "RATE_LIMIT_EXCEEDED", ErrorKind::RateLimited),
];

/// An error the bridge answers in 1.0 terms: code, message and typed details.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// The JSON-RPC code.
    pub code: i64,
    /// A short description.
    pub message: String,
    /// Typed details (`@type` objects); empty means no `data`.
    pub details: Vec<Value>,
}

impl Refusal {
    fn new(code: i64, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            details: Vec::new(),
        }
    }

    fn with_reason(mut self, reason: &str, domain: &str, metadata: JsonObject) -> Self {
        self.details.push(error_info(reason, domain, metadata));
        self
    }

    /// -32602: the parameters cannot be read.
    pub fn invalid_params(message: impl Into<String>) -> Self {
        Self::new(-32602, message)
    }

    /// -32700: the body is not JSON.
    pub fn parse_error() -> Self {
        Self::new(-32700, "Parse error: the request body is not JSON")
    }

    /// -32601: no such method.
    pub fn method_not_found(method: &str) -> Self {
        Self::new(-32601, format!("Method not found: {method}"))
    }

    /// -32003: the agent sends no push notifications.
    pub fn push_not_supported() -> Self {
        Self::new(-32003, "Push notifications are not supported").with_reason(
            "PUSH_NOTIFICATION_NOT_SUPPORTED",
            A2A_DOMAIN,
            JsonObject::new(),
        )
    }

    /// -32004: an operation this agent does not offer (streaming, listing, extended card).
    pub fn unsupported_operation(what: &str) -> Self {
        Self::new(-32004, format!("Unsupported operation: {what}")).with_reason(
            "UNSUPPORTED_OPERATION",
            A2A_DOMAIN,
            JsonObject::new(),
        )
    }

    /// -32005: a media type this agent does not read (`what` says which, and what it reads).
    pub fn content_type_not_supported(what: &str) -> Self {
        Self::new(-32005, format!("Content type not supported: {what}")).with_reason(
            "CONTENT_TYPE_NOT_SUPPORTED",
            A2A_DOMAIN,
            JsonObject::new(),
        )
    }

    /// -32006: the agent's answer is not an A2A task or message.
    pub fn invalid_agent_response() -> Self {
        Self::new(-32006, "The agent's answer is not an A2A task or message").with_reason(
            "INVALID_AGENT_RESPONSE",
            A2A_DOMAIN,
            JsonObject::new(),
        )
    }

    /// -32009: the `A2A-Version` asked for is not served here.
    pub fn version_not_supported(requested: &str, supported: &[&str]) -> Self {
        let mut metadata = JsonObject::new();
        metadata.insert("requestedVersion".into(), requested.into());
        metadata.insert("supportedVersions".into(), supported.join(", ").into());
        Self::new(
            -32009,
            format!(
                "A2A version {requested} is not supported; use one of {}",
                supported.join(", ")
            ),
        )
        .with_reason("VERSION_NOT_SUPPORTED", A2A_DOMAIN, metadata)
    }

    /// The JSON-RPC error object.
    pub fn into_error(self) -> JsonRpcError {
        JsonRpcError {
            code: self.code,
            message: self.message,
            data: (!self.details.is_empty()).then_some(Value::Array(self.details)),
        }
    }
}

fn error_info(reason: &str, domain: &str, metadata: JsonObject) -> Value {
    let mut info = JsonObject::new();
    info.insert("@type".into(), ERROR_INFO.into());
    info.insert("reason".into(), reason.into());
    info.insert("domain".into(), domain.into());
    if !metadata.is_empty() {
        info.insert("metadata".into(), Value::Object(metadata));
    }
    Value::Object(info)
}

/// A 0.2.6 error as the 1.0 error that means the same.
///
/// `cancel` says the request was `CancelTask` (whose refused transition becomes -32002) and
/// `task_id` is the task the request named, when it named one.
pub fn error_to_v1(error: JsonRpcError, cancel: bool, task_id: Option<&str>) -> JsonRpcError {
    let JsonRpcError {
        code,
        message,
        data,
    } = error;
    let kind = ErrorKind::from_rpc(code, &message);
    let mut metadata = JsonObject::new();
    if let Some(id) = task_id {
        metadata.insert("taskId".into(), id.into());
    }
    let mut refusal =
        if let Some((_, reason, _)) = MAGISTERIUM_REASONS.iter().find(|(_, _, k)| *k == kind) {
            metadata.insert("magisteriumCode".into(), code.to_string().into());
            Refusal::new(SERVER_ERROR, message).with_reason(reason, MAGISTERIUM_DOMAIN, metadata)
        } else if code == -32001 {
            Refusal::new(code, message).with_reason("TASK_NOT_FOUND", A2A_DOMAIN, metadata)
        } else if cancel && code == -32602 && message == INVALID_STATE_TRANSITION {
            Refusal::new(-32002, message).with_reason("TASK_NOT_CANCELABLE", A2A_DOMAIN, metadata)
        } else {
            Refusal::new(code, message)
        };
    match data {
        None | Some(Value::Null) => {}
        Some(Value::Array(details)) if details.iter().all(|d| d.get("@type").is_some()) => {
            refusal.details.extend(details);
        }
        Some(data) => {
            if let Some(seconds) = data.get("retryAfterSeconds").and_then(Value::as_u64) {
                refusal
                    .details
                    .push(json!({ "@type": RETRY_INFO, "retryDelay": format!("{seconds}s") }));
            }
            refusal
                .details
                .push(json!({ "@type": STRUCT, "value": data }));
        }
    }
    refusal.into_error()
}

/// The 0.2.6 code, with Magisterium's meaning, of a 1.0 error with `code` whose ErrorInfo in the
/// domain `magisterium.com` has `reason` (when it has one): so our decoders give the same error
/// kinds whichever version was on the wire.
///
/// Magisterium's reasons give back their 0.2.6 codes; -32002 (task not cancelable) is
/// Magisterium's -32602 `Invalid state transition`; 1.0's -32004 (unsupported operation) reads as
/// -32601 (method not found) and -32005 (content type not supported) as -32602 (invalid params),
/// since those two codes are Magisterium's unauthorized and plan required in 0.2.6.
pub fn legacy_code(code: i64, reason: Option<&str>) -> i64 {
    let magisterium =
        reason.and_then(|r| MAGISTERIUM_REASONS.iter().find(|(_, name, _)| *name == r));
    match (magisterium, code) {
        (Some((old, _, _)), _) => *old,
        (None, -32002 | -32005) => -32602,
        (None, -32004) => -32601,
        (None, code) => code,
    }
}
