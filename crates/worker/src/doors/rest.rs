//! A2A 1.0's HTTP+JSON (REST) binding, below the JSON-RPC URL (`POST /api/v1/a2a/message:send`,
//! `GET /api/v1/a2a/tasks/{id}`, …; the 1.0 card declares both bindings at that URL).
//!
//! [`open`] rewrites a REST request as the 1.0 JSON-RPC request that does the same (the core's
//! `v1::rest`), a POST to `/api/v1/a2a`, and from there it goes exactly as a JSON-RPC request
//! does: through the 1.0 front door, the proxy's checks, limits, caps, budget and sign-in, to
//! the upstream or the stand-in. [`close`] turns the JSON-RPC answer back into the binding's: the
//! result as the body, an error as an HTTP status with a `google.rpc.Status` body
//! (`v1::rest_errors`).

use serde_json::Value;

use crate::doors::front_door::VERSION_HEADER;
use magisterium_core::serve::http::{path, WorkerRequest, WorkerResponse};
use magisterium_core::serve::written;
use magisterium_core::v1::dialect::is_v1_version;
use magisterium_core::v1::rest::{self, Rejected, VERSIONS};
use magisterium_core::v1::rest_errors::to_http;
use magisterium_core::v1::Refusal;

/// The binding's path below the interface URL (`/message:send`), when `path` is one.
pub fn rest_path(path: &str) -> Option<&str> {
    path.strip_prefix(path::RPC)
        .filter(|rest| rest.len() > 1 && rest.starts_with('/'))
}

/// The 1.0 JSON-RPC request (a POST to `/api/v1/a2a`) that does what the REST `request` asks,
/// or the binding's refusal of it: a version other than 1.0, a path or verb the binding does not
/// define. A POST keeps its headers (the front door refuses a body not sent as JSON, 415, as it
/// does on JSON-RPC); a bodiless call's request is JSON.
pub fn open(request: &WorkerRequest) -> Result<WorkerRequest, WorkerResponse> {
    let below = rest_path(&request.path).unwrap_or_default();
    let version = request.header(VERSION_HEADER).map(str::trim);
    let refusal = match version.filter(|v| !v.is_empty() && !is_v1_version(v)) {
        Some(version) => Err(Rejected {
            status: 400,
            refusal: Refusal::version_not_supported(version, &VERSIONS),
        }),
        None => rest::read(&request.method, below, &request.query, &request.body),
    };
    let call = refusal.map_err(|Rejected { status, refusal }| {
        let (status, body) = to_http(refusal.into_error(), status);
        WorkerResponse {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body,
        }
    })?;
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"{}","params":{}}}"#,
        call.method, call.params
    );
    let mut headers = request.headers.clone();
    if request.method != "POST" {
        // First, so it is the one read (`WorkerRequest::header`).
        headers.insert(0, ("content-type".into(), "application/json".into()));
    }
    // Field by field: the REST body is not copied, only read into the JSON-RPC one.
    Ok(WorkerRequest {
        method: "POST".to_owned(),
        path: path::RPC.to_owned(),
        query: request.query.clone(),
        origin: request.origin.clone(),
        headers,
        body: body.into_bytes(),
        client_key: request.client_key.clone(),
        now_ms: request.now_ms,
        account: request.account.clone(),
    })
}

/// A JSON-RPC answer in the binding's terms: its `result` as the body (HTTP 200 unless it had a
/// status of its own), its `error` as an HTTP error status with a `google.rpc.Status` body.
/// Headers stay; a body of another shape is left as it is.
pub fn close(mut response: WorkerResponse) -> WorkerResponse {
    let Ok(Value::Object(mut body)) = serde_json::from_str::<Value>(&response.body) else {
        return response;
    };
    if let Some(result) = body.remove("result") {
        response.body = written::to_string(&result);
    } else if let Some(Ok(error)) = body.remove("error").map(serde_json::from_value) {
        (response.status, response.body) = to_http(error, response.status);
    }
    response
}
