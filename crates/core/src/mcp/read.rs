//! Reading one MCP message from a POST body: untrusted JSON from anyone on the internet, so every
//! shape gets a typed answer and nothing here panics.

use serde_json::{Map, Value};

use crate::serve::http::{code, WorkerResponse};
use crate::serve::params::RpcFailure;

/// What a request asks.
#[derive(Debug, Clone, PartialEq)]
pub enum Call {
    /// `initialize`, with the revision the client asked for (a string, when it sent one).
    Initialize(Option<String>),
    /// `ping`.
    Ping,
    /// `tools/list` (one page: the list is short).
    ListTools,
    /// `tools/call`: the tool's name and its arguments (an object; `{}` when absent).
    CallTool(String, Map<String, Value>),
}

/// One message of a client.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// A request, with the id its answer must carry.
    Request(Value, Call),
    /// A notification (`notifications/initialized`, `notifications/cancelled`, …) or a response:
    /// accepted, nothing to answer (HTTP 202 without a body).
    Accepted,
}

/// Reads one message.
///
/// # Errors
/// The JSON-RPC error answer, under the message's id (null when it has none):
/// -32700 for a body that is not JSON; -32600 for anything that is not a single JSON-RPC 2.0
/// message (a batch too: MCP dropped them in 2025-06-18); -32601 for a method this endpoint does
/// not serve; -32602 for a known method with malformed params.
pub fn read(body: &[u8]) -> Result<Message, WorkerResponse> {
    let null = Value::Null;
    let invalid = |id: &Value, why: &str| {
        Err(RpcFailure::new(code::INVALID_REQUEST, why)
            .with_status(400)
            .into_response(id))
    };
    let envelope: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(_) => {
            let fault = RpcFailure::new(code::PARSE_ERROR, "Parse error").with_status(400);
            return Err(fault.into_response(&null));
        }
    };
    let Value::Object(obj) = envelope else {
        return invalid(&null, "Invalid Request");
    };
    if obj.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return invalid(&null, "Invalid Request");
    }
    let id = match obj.get("id") {
        None => None,
        Some(id @ (Value::String(_) | Value::Number(_))) => Some(id.clone()),
        Some(_) => return invalid(&null, "Invalid Request"),
    };
    let method = match obj.get("method") {
        Some(Value::String(m)) => m.as_str(),
        Some(_) => return invalid(&null, "Invalid Request"),
        // A response to a request of ours (we send none) or junk: accepted when it has the
        // shape of a response.
        None if id.is_some() && (obj.contains_key("result") || obj.contains_key("error")) => {
            return Ok(Message::Accepted)
        }
        None => return invalid(&null, "Invalid Request"),
    };
    let Some(id) = id else {
        return Ok(Message::Accepted); // a notification
    };
    let params = match obj.get("params") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(p)) => p.clone(),
        Some(_) => {
            return Err(RpcFailure::invalid_params("params must be an object").into_response(&id))
        }
    };
    let call = match method {
        "initialize" => match params.get("protocolVersion") {
            Some(Value::String(v)) => Call::Initialize(Some(v.clone())),
            _ => {
                let fault = RpcFailure::invalid_params("protocolVersion must be a string");
                return Err(fault.into_response(&id));
            }
        },
        "ping" => Call::Ping,
        "tools/list" => Call::ListTools,
        "tools/call" => {
            let name = match params.get("name") {
                Some(Value::String(n)) => n.clone(),
                _ => {
                    return Err(
                        RpcFailure::invalid_params("name must be a string").into_response(&id)
                    )
                }
            };
            let arguments = match params.get("arguments") {
                None | Some(Value::Null) => Map::new(),
                Some(Value::Object(a)) => a.clone(),
                Some(_) => {
                    let fault = RpcFailure::invalid_params("arguments must be an object");
                    return Err(fault.into_response(&id));
                }
            };
            Call::CallTool(name, arguments)
        }
        _ => {
            let fault = RpcFailure::new(code::METHOD_NOT_FOUND, "Method not found");
            return Err(fault.into_response(&id));
        }
    };
    Ok(Message::Request(id, call))
}
