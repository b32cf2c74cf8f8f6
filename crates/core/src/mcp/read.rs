//! Reading one MCP message from a POST body: untrusted JSON from anyone on the internet, so every
//! shape gets a typed answer and nothing here panics.

use serde_json::{Map, Value};

use crate::serve::http::{code, WorkerResponse};

/// What a request asks.
#[derive(Debug, Clone, PartialEq)]
pub enum Call {
    /// `initialize`, with the revision the client asked for (a string, when it sent one).
    Initialize(Option<String>),
    /// `ping` (the handshake era's; 2026-07-28 dropped it).
    Ping,
    /// `server/discover` (2026-07-28): the revisions, capabilities and identity of this server.
    Discover,
    /// `tools/list` (one page: the list is short).
    ListTools,
    /// `tools/call`: the tool's name and its arguments (an object; `{}` when absent).
    CallTool(String, Map<String, Value>),
    /// A method this endpoint does not serve (-32601: HTTP 200 in the handshake era, 404 in
    /// 2026-07-28's).
    Other(String),
}

impl Call {
    /// The request's `method`.
    pub fn method(&self) -> &str {
        match self {
            Self::Initialize(_) => "initialize",
            Self::Ping => "ping",
            Self::Discover => "server/discover",
            Self::ListTools => "tools/list",
            Self::CallTool(..) => "tools/call",
            Self::Other(method) => method,
        }
    }
}

/// One message of a client.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// A request, with the id its answer must carry and its `params._meta` (empty when it has
    /// none): where a 2026-07-28 request names its revision and capabilities.
    Request(Value, Call, Map<String, Value>),
    /// A notification (`notifications/initialized`, `notifications/cancelled`, …) or a response:
    /// accepted, nothing to answer (HTTP 202 without a body).
    Accepted,
}

/// Reads one message.
///
/// # Errors
/// The JSON-RPC error answer, under the message's id (null when it has none):
/// -32700 for a body that is not JSON; -32600 for anything that is not a single JSON-RPC 2.0
/// message (a batch too: MCP dropped them in 2025-06-18); -32602 for a known method with
/// malformed params, or a `_meta` that is not an object. A method this endpoint does not serve is
/// read as [`Call::Other`]: its answer depends on the era.
pub fn read(body: &[u8]) -> Result<Message, WorkerResponse> {
    let fail = |id: &Value, code: i64, why: &str| {
        // A message that is not one gets HTTP 400; a request's own error an HTTP 200.
        let status = if id.is_null() { 400 } else { 200 };
        Err(super::error_response(status, id, code, why))
    };
    let null = Value::Null;
    let Ok(envelope) = serde_json::from_slice::<Value>(body) else {
        return fail(&null, code::PARSE_ERROR, "Parse error");
    };
    // Not an object (a batch too: MCP dropped them in 2025-06-18) has no `jsonrpc`.
    let id = envelope.get("id");
    let method = envelope.get("method");
    let well_formed = envelope.get("jsonrpc").and_then(Value::as_str) == Some("2.0")
        && matches!(id, None | Some(Value::String(_) | Value::Number(_)))
        && matches!(method, None | Some(Value::String(_)));
    let answered = envelope.get("result").is_some() || envelope.get("error").is_some();
    let (Some(id), Some(Value::String(method))) = (id, method) else {
        // A notification, or a response to a request of ours (we send none): accepted.
        let notification = id.is_none() && method.is_some();
        let response = method.is_none() && answered;
        return if well_formed && (notification || response) {
            Ok(Message::Accepted)
        } else {
            fail(&null, code::INVALID_REQUEST, "Invalid Request")
        };
    };
    if !well_formed {
        return fail(&null, code::INVALID_REQUEST, "Invalid Request");
    }
    let params = envelope.get("params").unwrap_or(&null);
    if !(params.is_null() || params.is_object()) {
        return fail(
            id,
            code::INVALID_PARAMS,
            "Invalid params: params must be an object",
        );
    }
    let meta = match params.get("_meta") {
        None => Map::new(),
        Some(Value::Object(meta)) => meta.clone(),
        Some(_) => {
            let why = "Invalid params: _meta must be an object";
            return fail(id, code::INVALID_PARAMS, why);
        }
    };
    let text = |key: &str| params.get(key).and_then(Value::as_str).map(str::to_owned);
    let call = match method.as_str() {
        "initialize" => match text("protocolVersion") {
            Some(v) => Call::Initialize(Some(v)),
            None => {
                let why = "Invalid params: protocolVersion must be a string";
                return fail(id, code::INVALID_PARAMS, why);
            }
        },
        "ping" => Call::Ping,
        "server/discover" => Call::Discover,
        "tools/list" => Call::ListTools,
        "tools/call" => match (text("name"), params.get("arguments")) {
            (Some(name), None | Some(Value::Null)) => Call::CallTool(name, Map::new()),
            (Some(name), Some(Value::Object(a))) => Call::CallTool(name, a.clone()),
            (None, _) => {
                return fail(
                    id,
                    code::INVALID_PARAMS,
                    "Invalid params: name must be a string",
                )
            }
            _ => {
                return fail(
                    id,
                    code::INVALID_PARAMS,
                    "Invalid params: arguments must be an object",
                )
            }
        },
        other => Call::Other(other.to_owned()),
    };
    Ok(Message::Request(id.clone(), call, meta))
}
