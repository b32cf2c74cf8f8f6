//! What a client needs to speak A2A 1.0 to an agent that offers it: the `protocolVersion` option,
//! when `"auto"` looks at the agent's 1.0 card, and the 1.0 answer read back as the 0.2.6 answer
//! the decoders know, so results and errors are the same whichever version is on the wire.

use serde::de::Deserializer;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::dialect::Method;
use super::errors::error_to_v0;
use super::translate::{message_to_v0, send_request_to_v1, task_request_to_v1, task_to_v0};
use super::wire::{SendMessageRequest, SendMessageResponse, Task, TaskIdRequest};
use crate::protocol::error::{Error, ErrorKind};
use crate::protocol::wire::{
    JsonRpcError, Message as LegacyMessage, MessageSendParams, Task as LegacyTask, TaskQueryParams,
};

/// The `protocolVersion` option of the client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProtocolChoice {
    /// `"0.2"`: Magisterium's A2A 0.2.6, always.
    Legacy,
    /// `"1.0"`: A2A 1.0, always (`A2A-Version: 1.0`, `SendMessage`, …).
    V1,
    /// `"auto"` (the default): 0.2.6 until the agent shows it moved: then its 1.0 card is read and
    /// the call is made again in 1.0 at the card's 1.0 interface. A fresh cached 1.0 card decides
    /// at once.
    #[default]
    Auto,
}

impl ProtocolChoice {
    /// The choice an option value names.
    ///
    /// # Errors
    /// A value other than `"0.2"`, `"1.0"` and `"auto"`.
    pub fn from_option(value: &str) -> Result<Self, String> {
        match value {
            "0.2" => Ok(Self::Legacy),
            "1.0" => Ok(Self::V1),
            "auto" => Ok(Self::Auto),
            other => Err(format!(
                "protocolVersion must be \"0.2\", \"1.0\" or \"auto\", not {other:?}"
            )),
        }
    }
}

/// Whether a 0.2.6 call that failed with `error` says the agent moved to 1.0: it does not know the
/// method (-32601), refuses the version (-32009), or has no endpoint there any more (HTTP 404).
/// Only then does `"auto"` read the 1.0 card and try again in 1.0; nothing was done for the call.
pub fn moved_to_v1(error: &Error) -> bool {
    error.kind() == ErrorKind::MethodNotFound
        || error.code() == Some(-32009)
        || (error.kind() == ErrorKind::HttpError && error.status() == Some(404))
}

/// A JSON-RPC answer with the result type of its method.
#[derive(Debug, Deserialize)]
struct Envelope<R> {
    jsonrpc: Option<Value>,
    id: Option<Value>,
    result: Option<R>,
    error: Option<JsonRpcError>,
}

/// A 0.2.6 answer written from a 1.0 one: what the decoders read.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LegacyAnswer {
    /// As received.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jsonrpc: Option<Value>,
    /// As received (the decoders check it against the request's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<Value>,
    /// The Task (or, for `message/send`, a Message) in 0.2.6 form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<LegacyResult>,
    /// The error, with Magisterium's 0.2.6 meaning.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<JsonRpcError>,
}

/// The result of a 0.2.6 answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum LegacyResult {
    /// A Task (`kind: "task"`).
    Task(LegacyTask),
    /// A Message (`kind: "message"`).
    Message(LegacyMessage),
}

/// Reads the 1.0 answer of `method` as the 0.2.6 answer that means the same.
///
/// # Errors
/// `invalid_response` when the body is not a 1.0 answer of that method.
pub fn answer_to_v0<'de, D: Deserializer<'de>>(
    method: Method,
    answer: D,
) -> Result<LegacyAnswer, Error> {
    let unreadable = |e: D::Error| {
        Error::invalid_response(format!("not an A2A 1.0 answer to {}: {e}", method.name()))
    };
    let (jsonrpc, id, result, error) = match method {
        Method::SendMessage => {
            let e = Envelope::<SendMessageResponse>::deserialize(answer).map_err(unreadable)?;
            let result = match e.result {
                None => None,
                Some(SendMessageResponse::Task(task)) => Some(task_result(task)?),
                Some(SendMessageResponse::Message(message)) => Some(LegacyResult::Message(
                    message_to_v0(message).map_err(refused)?,
                )),
            };
            (e.jsonrpc, e.id, result, e.error)
        }
        Method::GetTask | Method::CancelTask => {
            let e = Envelope::<Task>::deserialize(answer).map_err(unreadable)?;
            let result = e.result.map(task_result).transpose()?;
            (e.jsonrpc, e.id, result, e.error)
        }
    };
    Ok(LegacyAnswer {
        jsonrpc,
        id,
        result,
        error: error.map(error_to_v0),
    })
}

fn task_result(task: Task) -> Result<LegacyResult, Error> {
    task_to_v0(task).map(LegacyResult::Task).map_err(refused)
}

fn refused(refusal: super::Refusal) -> Error {
    Error::invalid_response(format!("the agent's answer: {}", refusal.message))
}

/// A 0.2.6 request as read for translation.
#[derive(Debug, Deserialize)]
struct LegacyRequest {
    jsonrpc: Value,
    id: Value,
    method: String,
    params: Value,
}

/// A 1.0 JSON-RPC request written from a 0.2.6 one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct V1Request {
    /// `"2.0"`.
    pub jsonrpc: Value,
    /// The same id.
    pub id: Value,
    /// `SendMessage`, `GetTask` or `CancelTask`.
    pub method: &'static str,
    /// The parameters in 1.0 form.
    pub params: V1Params,
}

/// The parameters of a [`V1Request`].
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum V1Params {
    /// `SendMessage`.
    Send(Box<SendMessageRequest>),
    /// `GetTask` / `CancelTask`.
    Task(TaskIdRequest),
}

/// The 1.0 request that does what the 0.2.6 request (`message/send`, `tasks/get`,
/// `tasks/cancel`) does, and its method.
///
/// # Errors
/// `invalid_input` when the request is not one of those three, or its parameters do not read.
pub fn request_to_v1<'de, D: Deserializer<'de>>(request: D) -> Result<(V1Request, Method), Error> {
    let bad =
        |why: String| Error::invalid_input(format!("cannot write the request in A2A 1.0: {why}"));
    let request = LegacyRequest::deserialize(request).map_err(|e| bad(e.to_string()))?;
    let method = Method::from_legacy(&request.method).ok_or_else(|| bad(request.method.clone()))?;
    let params = match method {
        Method::SendMessage => V1Params::Send(Box::new(send_request_to_v1(
            MessageSendParams::deserialize(request.params).map_err(|e| bad(e.to_string()))?,
        ))),
        Method::GetTask | Method::CancelTask => V1Params::Task(task_request_to_v1(
            TaskQueryParams::deserialize(request.params).map_err(|e| bad(e.to_string()))?,
        )),
    };
    let v1 = V1Request {
        jsonrpc: request.jsonrpc,
        id: request.id,
        method: method.name(),
        params,
    };
    Ok((v1, method))
}
