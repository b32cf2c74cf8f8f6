//! A2A 1.0's HTTP+JSON (REST) binding, below the JSON-RPC URL (`POST /api/v1/a2a/message:send`,
//! `GET /api/v1/a2a/tasks/{id}`, …; the 1.0 card declares both bindings at that URL).
//!
//! [`open`] rewrites a REST request as the 1.0 JSON-RPC request that does the same (the core's
//! `v1::rest`), a POST to `/api/v1/a2a`, and from there it goes exactly as a JSON-RPC request
//! does: through the 1.0 front door, the proxy's checks, limits, caps, budget and sign-in, to
//! the upstream or the stand-in. [`close`] turns the JSON-RPC answer back into the binding's: the
//! result as the body, an error as an HTTP status with a `google.rpc.Status` body
//! (`v1::rest_errors`).

use serde_json::{json, Value};

use crate::doors::front_door::VERSION_HEADER;
use magisterium_core::serve::http::{path, WorkerRequest, WorkerResponse};
use magisterium_core::serve::written;
use magisterium_core::v1::dialect::is_v1_version;
use magisterium_core::v1::media;
use magisterium_core::v1::rest::{self, Rejected};
use magisterium_core::v1::rest_errors::to_http;
use magisterium_core::v1::Refusal;
use magisterium_core::wire::JsonRpcError;

/// The only version this binding is served in (an `A2A-Version` naming another is refused).
const VERSIONS: [&str; 1] = ["1.0"];

/// The binding's path below the interface URL (`/message:send`), when `path` is one.
pub fn rest_path(path: &str) -> Option<&str> {
    path.strip_prefix(path::RPC)
        .filter(|rest| rest.len() > 1 && rest.starts_with('/'))
}

/// The 1.0 JSON-RPC request (a POST to `/api/v1/a2a`) that does what the REST `request` asks,
/// or the binding's refusal of it: a version other than 1.0, a body not sent as JSON (415), a
/// path or verb the binding does not define.
pub fn open(request: &WorkerRequest) -> Result<WorkerRequest, WorkerResponse> {
    let below = rest_path(&request.path).unwrap_or_default();
    let refused = |status: u16, refusal: Refusal| close_error(refusal.into_error(), status);
    if let Some(version) = request
        .header(VERSION_HEADER)
        .filter(|v| !v.trim().is_empty())
    {
        if !is_v1_version(version) {
            return Err(refused(
                400,
                Refusal::version_not_supported(version, &VERSIONS),
            ));
        }
    }
    let content_type = request.header("content-type");
    if let Some(content_type) = content_type.filter(|c| !media::is_json_body(Some(c))) {
        if request.method == "POST" {
            return Err(refused(415, media::body_refusal(content_type)));
        }
    }
    let call = rest::read(&request.method, below, &request.query, &request.body)
        .map_err(|Rejected { status, refusal }| refused(status, refusal))?;
    let body = json!({ "jsonrpc": "2.0", "id": 1, "method": call.method, "params": call.params });
    let mut headers = request.headers.clone();
    headers.retain(|(name, _)| !name.eq_ignore_ascii_case("content-type"));
    headers.push(("content-type".to_owned(), "application/json".to_owned()));
    // Field by field: the REST body is not copied, only read into the JSON-RPC one.
    Ok(WorkerRequest {
        method: "POST".to_owned(),
        path: path::RPC.to_owned(),
        query: request.query.clone(),
        origin: request.origin.clone(),
        headers,
        body: body.to_string().into_bytes(),
        client_key: request.client_key.clone(),
        now_ms: request.now_ms,
        account: request.account.clone(),
    })
}

/// A JSON-RPC answer in the binding's terms: its `result` as the body (HTTP 200 unless it had a
/// status of its own), its `error` as an HTTP error status with a `google.rpc.Status` body; an
/// error body of another shape (`{ "error": "…" }`) gets the same shape. Headers stay.
pub fn close(mut response: WorkerResponse) -> WorkerResponse {
    let Ok(Value::Object(mut body)) = serde_json::from_str::<Value>(&response.body) else {
        return response;
    };
    match (body.remove("result"), body.remove("error")) {
        (Some(result), None) => {
            response.body = written::to_string(&result);
            response
        }
        (None, Some(Value::String(message))) => {
            let error = JsonRpcError {
                code: 0,
                message,
                data: None,
            };
            let answered = if response.status >= 400 {
                response.status
            } else {
                500
            };
            let (status, body) = to_http(error, answered);
            with_body(response, status, &body)
        }
        (None, Some(error)) => match serde_json::from_value::<JsonRpcError>(error) {
            Ok(error) => {
                let (status, body) = to_http(error, response.status);
                with_body(response, status, &body)
            }
            Err(_) => response,
        },
        _ => response,
    }
}

fn close_error(error: JsonRpcError, status: u16) -> WorkerResponse {
    let (status, body) = to_http(error, status);
    WorkerResponse::json(status, &body)
}

fn with_body(mut response: WorkerResponse, status: u16, body: &Value) -> WorkerResponse {
    response.status = status;
    response.body = written::to_string(body);
    response
}
