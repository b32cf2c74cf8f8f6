//! The A2A 1.0 front door: 1.0 clients reach Magisterium's 0.2.6 service (or the stand-in) through
//! the Worker.
//!
//! [`open`] reads a JSON-RPC request: 0.2.6 traffic passes untouched; a 1.0 request (`A2A-Version:
//! 1.0`, or a 1.0 method name) is rewritten in place as the 0.2.6 request that does the same, and
//! everything after it (the proxy's checks, limits, caps, the upstream call, the stand-in) runs as
//! for any 0.2.6 request. [`FrontDoor::close`] turns the 0.2.6 answer back into 1.0. What 1.0 asks
//! of an agent without streaming or push (and unsupported versions) is answered here, without any
//! upstream call. [`card`] writes the 1.0 agent card from the 0.2.6 one, with an `ETag`.

use serde::Serialize;
use serde_json::{json, Value};

use crate::doors::rest;
use magisterium_core::serve::http::{WorkerRequest, WorkerResponse};
use magisterium_core::serve::written;
use magisterium_core::v1::card::card_to_v1;
use magisterium_core::v1::continuity::Continuation;
use magisterium_core::v1::dialect::is_v1_version;
use magisterium_core::v1::list::ListQuery;
use magisterium_core::v1::media;
use magisterium_core::v1::translate::{
    message_json_to_v1, send_request_to_v0, task_json_to_v1, task_request_to_v0,
};
use magisterium_core::v1::{
    dialect, error_to_v1, route, Dialect, Dispatch, Local, Method, Refusal,
};
use magisterium_core::wire::JsonRpcError;

/// The request header that names the protocol version.
pub const VERSION_HEADER: &str = "a2a-version";

/// A request that spoke 1.0: what its answer must be turned back into.
#[derive(Debug, Clone, PartialEq)]
pub struct FrontDoor {
    method: Method,
    task_id: Option<String>,
    /// A `SendMessage` naming a task: the upstream was asked for that task, and the answer is
    /// the refusal it calls for (`magisterium_core::v1::continuity`).
    continuation: Option<Continuation>,
    /// The request came over the HTTP+JSON binding (`rest.rs`): answers leave in its terms.
    rest: bool,
}

/// A 1.0 request read by [`open`]: the 0.2.6 request that does the same, and the door its answer
/// goes back through.
#[derive(Debug, Clone)]
pub struct Opened {
    /// The request with its body rewritten as 0.2.6 (as it came for a [`Listing`]).
    pub request: WorkerRequest,
    /// Turns the answer back into 1.0.
    pub door: FrontDoor,
    /// A `ListTasks`: answered by the Worker from its own records, never upstream.
    pub list: Option<Listing>,
}

/// A 1.0 `ListTasks` request (`magisterium_core::v1::list`), read and checked: its JSON-RPC id
/// and its query. The HTTP+JSON binding's `GET /tasks` makes the same from its query string.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    /// The JSON-RPC id its answer carries.
    pub id: Value,
    /// What to list.
    pub query: ListQuery,
}

/// Reads a JSON-RPC request. `Ok(None)`: 0.2.6, to be handled exactly as it came.
/// `Ok(Some(opened))`: 1.0, rewritten as 0.2.6. `Err(response)`: the 1.0 answer to send at once.
pub fn open(request: &WorkerRequest) -> Result<Option<Opened>, WorkerResponse> {
    // A 1.0 body must come as JSON: with the 1.0 header, refused before it is read.
    let content_type = request.header("content-type");
    let not_json = content_type.filter(|c| !media::is_json_body(Some(c)));
    let v1_header = request.header(VERSION_HEADER).is_some_and(is_v1_version);
    if let Some(content_type) = not_json.filter(|_| v1_header) {
        return Err(not_json_body(&Value::Null, content_type));
    }
    let Ok(Value::Object(envelope)) = serde_json::from_slice::<Value>(&request.body) else {
        return Ok(None); // not a request object: the 0.2.6 path answers it as it always has
    };
    let Some(Value::String(name)) = envelope.get("method") else {
        return Ok(None);
    };
    let id = envelope.get("id").cloned().unwrap_or(Value::Null);
    let refuse = |refusal: Refusal| rpc_error(&id, refusal.into_error());
    if dialect(request.header(VERSION_HEADER), name).map_err(refuse)? == Dialect::Legacy {
        return Ok(None);
    }
    if let Some(content_type) = not_json {
        return Err(not_json_body(&id, content_type));
    }
    let dispatch = route(name).map_err(refuse)?;
    let raw = envelope.get("params").cloned().unwrap_or(Value::Null);
    let method = match dispatch {
        Dispatch::Carry(method) => method,
        Dispatch::Local(Local::ListTasks) => {
            if envelope.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
                return Err(rpc_error(&id, invalid_request()));
            }
            let query = ListQuery::from_params(&raw).map_err(refuse)?;
            return Ok(Some(Opened {
                request: request.clone(),
                door: FrontDoor::unread(),
                list: Some(Listing { id, query }),
            }));
        }
    };
    if method == Method::SendMessage {
        if let Some(refusal) = media::unreadable_part(&raw) {
            return Err(refuse(refusal));
        }
    }
    let mut legacy_name = method.legacy_name();
    let (params, task_id, continuation) = match method {
        Method::SendMessage => {
            let params = send_request_to_v0(raw).map_err(refuse)?;
            match Continuation::of(&params) {
                // A message naming a task: the task is looked up instead (continuity.rs).
                Some(continuation) => {
                    legacy_name = Method::GetTask.legacy_name();
                    let id = Some(continuation.task_id().to_owned());
                    (continuation.lookup(), id, Some(continuation))
                }
                None => (params, None, None),
            }
        }
        Method::GetTask | Method::CancelTask => {
            let params = task_request_to_v0(raw).map_err(refuse)?;
            let id = params.get("id").and_then(Value::as_str).map(str::to_owned);
            (params, id, None)
        }
    };
    let legacy = json!({
        "jsonrpc": envelope.get("jsonrpc").cloned().unwrap_or(Value::Null),
        "id": id,
        "method": legacy_name,
        "params": params,
    });
    let request = WorkerRequest {
        body: legacy.to_string().into_bytes(),
        ..request.clone()
    };
    Ok(Some(Opened {
        request,
        door: FrontDoor {
            method,
            task_id,
            continuation,
            rest: false,
        },
        list: None,
    }))
}

impl FrontDoor {
    /// The door of a 1.0 request whose body could not be read (too large, not JSON-RPC, or
    /// refused as it came): its answers are errors, turned into 1.0 like a `SendMessage`'s.
    pub fn unread() -> Self {
        Self {
            method: Method::SendMessage,
            task_id: None,
            continuation: None,
            rest: false,
        }
    }

    /// The same door for a request that came over the HTTP+JSON binding.
    pub fn over_rest(self) -> Self {
        Self { rest: true, ..self }
    }

    /// The 0.2.6 answer to the rewritten request in the terms of the request's binding: 1.0
    /// JSON-RPC ([`FrontDoor::close_rpc`]), then HTTP+JSON's when it came that way.
    pub fn close(&self, response: WorkerResponse) -> WorkerResponse {
        self.close_own(self.close_rpc(response))
    }

    /// A 1.0 JSON-RPC answer (the door's own refusal) in the terms of the request's binding.
    pub fn close_own(&self, response: WorkerResponse) -> WorkerResponse {
        if self.rest {
            rest::close(response)
        } else {
            response
        }
    }

    /// The 0.2.6 answer to the rewritten request, in 1.0 terms: a task (wrapped in `{ task }` for
    /// `SendMessage`) or an error with typed details. Status and headers stay; a body that is not
    /// a JSON-RPC answer (which the checks before this never let through) is left as it is. The
    /// answer is read once, and its text dropped before the 1.0 answer is written.
    fn close_rpc(&self, mut response: WorkerResponse) -> WorkerResponse {
        let Ok(Value::Object(mut body)) = serde_json::from_str::<Value>(&response.body) else {
            return response;
        };
        if let Some(error) = body.remove("error") {
            let translated = match serde_json::from_value::<JsonRpcError>(error) {
                Ok(e) => error_to_v1(
                    e,
                    self.method == Method::CancelTask,
                    self.task_id.as_deref(),
                ),
                Err(_) => return response,
            };
            body.insert("error".into(), to_value(translated));
        } else if let Some(result) = body.remove("result") {
            response.body = String::new(); // the tree holds the answer now
            if let Some(refusal) = self.continuation.as_ref().and_then(|c| c.refusal(&result)) {
                body.insert("error".into(), to_value(refusal.into_error()));
                response.body = written::to_string(&Value::Object(body));
                return response;
            }
            match self.result(result) {
                Some(result) => body.insert("result".into(), result),
                None => {
                    response.status = 502;
                    body.insert(
                        "error".into(),
                        to_value(Refusal::invalid_agent_response().into_error()),
                    )
                }
            };
        } else {
            return response;
        }
        response.body = written::to_string(&Value::Object(body));
        response
    }

    fn result(&self, result: Value) -> Option<Value> {
        let is_message = result.get("kind").and_then(Value::as_str) == Some("message");
        if self.method == Method::SendMessage && is_message {
            return Some(member("message", message_json_to_v1(result)?));
        }
        let task = task_json_to_v1(result)?;
        Some(match self.method {
            Method::SendMessage => member("task", task),
            Method::GetTask | Method::CancelTask => task,
        })
    }
}

/// The 1.0 agent card for the 0.2.6 card `legacy` (an answer of the stand-in or the proxy),
/// reachable in both versions at the card's `url`. Its validators (`ETag`, `Last-Modified`) are
/// the app's, as for the 0.2.6 card (`app/card_dates.rs`).
pub fn card(legacy: WorkerResponse) -> WorkerResponse {
    if legacy.status != 200 {
        return legacy;
    }
    let v1 = serde_json::from_slice::<Value>(legacy.body.as_bytes())
        .ok()
        .and_then(|old| card_to_v1(&old));
    let Some(v1) = v1 else {
        return WorkerResponse::json(
            502,
            &json!({ "error": "the agent card is not an A2A card" }),
        );
    };
    WorkerResponse {
        status: 200,
        headers: legacy.headers,
        body: v1.to_string(),
    }
}

/// HTTP 415 with `ContentTypeNotSupportedError`: a 1.0 request body not sent as JSON.
fn not_json_body(id: &Value, content_type: &str) -> WorkerResponse {
    let mut refused = rpc_error(id, media::body_refusal(content_type).into_error());
    refused.status = 415;
    refused
}

/// -32600: not a JSON-RPC 2.0 request.
fn invalid_request() -> JsonRpcError {
    JsonRpcError {
        code: -32600,
        message: "Invalid Request".into(),
        data: None,
    }
}

fn rpc_error(id: &Value, error: JsonRpcError) -> WorkerResponse {
    WorkerResponse::json(200, &json!({ "jsonrpc": "2.0", "id": id, "error": error }))
}

/// `{ name: value }`, with `value` moved in (`json!` would copy it).
fn member(name: &str, value: Value) -> Value {
    let mut object = serde_json::Map::new();
    object.insert(name.to_owned(), value);
    Value::Object(object)
}

fn to_value<T: Serialize>(value: T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}
