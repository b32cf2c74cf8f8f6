//! The Worker's view of HTTP: a request as the entry (`entry.rs`) reads it and the response it
//! writes back, plus JSON-RPC error bodies and the answers the entry gives before any routing
//! (body too large, sign-in refused, internal error). No I/O here.

use serde_json::{json, Value};

use crate::upstream::{Fault, Reach, Reason};

/// The paths of the A2A endpoint, served by the proxy and by the stand-in.
pub mod path {
    /// The JSON-RPC endpoint.
    pub const RPC: &str = "/api/v1/a2a";
    /// The A2A 0.2 card.
    pub const CARD: &str = "/.well-known/agent.json";
    /// The A2A 0.3 card.
    pub const CARD_V03: &str = "/.well-known/agent-card.json";
    /// The MCP endpoint (Streamable HTTP).
    pub const MCP: &str = "/mcp";

    /// The request path as the Worker routes it: `/api/v1/a2a/` (a trailing slash, as some A2A
    /// clients post to the interface URL, e.g. the A2A TCK's) is the JSON-RPC endpoint; every
    /// other path stays as it came.
    pub fn canonical(path: String) -> String {
        if path.strip_suffix('/') == Some(RPC) {
            RPC.to_owned()
        } else {
            path
        }
    }
}

/// The request headers the app reads. The entry hands over only these (a request through
/// Cloudflare carries a dozen more that nothing here looks at).
pub const REQUEST_HEADERS: [&str; 9] = [
    "a2a-version",
    "authorization",
    "content-type",
    "if-modified-since",
    "if-none-match",
    "mcp-method",
    "mcp-name",
    "mcp-protocol-version",
    "origin",
];

/// An incoming request, already read (the body is capped by the entry before it gets here).
#[derive(Debug, Clone, Default)]
pub struct WorkerRequest {
    /// `GET`, `POST`, `OPTIONS`, …
    pub method: String,
    /// The URL path (`/api/v1/a2a`).
    pub path: String,
    /// The query string without `?` (empty when none).
    pub query: String,
    /// The request's own origin (`http://127.0.0.1:8787`), for URLs the agent advertises.
    pub origin: String,
    /// Header values by lower-case name: those of [`REQUEST_HEADERS`] the request has.
    pub headers: Vec<(String, String)>,
    /// The body bytes.
    pub body: Vec<u8>,
    /// Who is calling, for rate limits (`CF-Connecting-IP`, or the socket address locally).
    pub client_key: String,
    /// Unix time in milliseconds.
    pub now_ms: f64,
    /// The signed-in visitor's upstream account (the issuer's subject) when the call carries
    /// their token (the entry resolved the session); otherwise the call goes upstream with the
    /// operator's token.
    pub account: Option<String>,
}

impl WorkerRequest {
    /// The first value of header `name`, one of [`REQUEST_HEADERS`].
    pub fn header(&self, name: &str) -> Option<&str> {
        debug_assert!(
            REQUEST_HEADERS.contains(&name),
            "{name} is not in REQUEST_HEADERS"
        );
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The bearer token of the `Authorization` header.
    pub fn bearer(&self) -> Option<&str> {
        let value = self.header("authorization")?.trim();
        let (scheme, token) = value.split_once(' ')?;
        scheme
            .eq_ignore_ascii_case("bearer")
            .then(|| token.trim())
            .filter(|t| !t.is_empty())
    }
}

/// A response to write back.
#[derive(Debug, Clone, PartialEq)]
pub struct WorkerResponse {
    /// The HTTP status.
    pub status: u16,
    /// Headers (lower-case names).
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: String,
}

impl WorkerResponse {
    /// A JSON response.
    pub fn json(status: u16, body: &Value) -> Self {
        Self {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body: body.to_string(),
        }
    }

    /// A JSON-RPC error response.
    pub fn rpc_error(
        status: u16,
        id: &Value,
        code: i64,
        message: &str,
        data: Option<Value>,
    ) -> Self {
        Self::json(status, &rpc_error_body(id, code, message, data))
    }

    /// Adds a header.
    pub fn with_header(mut self, name: &str, value: impl Into<String>) -> Self {
        self.headers.push((name.to_owned(), value.into()));
        self
    }

    /// The first value of header `name`.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// The answer to a request whose body passed `max_body_bytes` (HTTP 413).
pub fn body_too_large(max_body_bytes: usize) -> WorkerResponse {
    let message = format!("Request body larger than {max_body_bytes} bytes");
    WorkerResponse::rpc_error(413, &Value::Null, code::INVALID_REQUEST, &message, None)
}

/// The answer to an API call the sign-in refused before any upstream call (HTTP 401, -32004):
/// `reason` is `signed-out`, or `issuer-unavailable` (a 503 to retry). A page of another site is
/// refused before sign-in, by the Worker's one origin rule.
pub fn sign_in_refused(reason: &str) -> WorkerResponse {
    if reason == "issuer-unavailable" {
        // The session stays; its token could not be renewed now: retry shortly.
        let message = "Sign-in service unavailable, retry shortly";
        return WorkerResponse::rpc_error(503, &Value::Null, code::INTERNAL_ERROR, message, None)
            .with_header("retry-after", "5");
    }
    WorkerResponse::rpc_error(401, &Value::Null, code::UNAUTHORIZED, "Sign in first", None)
        .with_header("www-authenticate", "Bearer")
}

/// The answer when the Worker itself failed (HTTP 500, -32603); the failure is logged. `reach`
/// says whether the request had gone upstream before (a client repeats a paid call only when it
/// had not).
pub fn internal_error(reach: Reach) -> WorkerResponse {
    let fault = Fault {
        reach,
        reason: Reason::Internal,
    };
    upstream_fault(&Value::Null, fault, "Internal error").with_header("cache-control", "no-store")
}

/// The proxy's own answer instead of the upstream's (HTTP 504, 502 or 500 as [`Fault::status`]
/// says, -32603): `message` for people, `fault` as `error.data` for clients
/// ([`crate::upstream`]).
pub fn upstream_fault(id: &Value, fault: Fault, message: &str) -> WorkerResponse {
    let data = Some(fault.data());
    WorkerResponse::rpc_error(fault.status(), id, code::INTERNAL_ERROR, message, data)
}

/// `{"jsonrpc":"2.0","id":…,"error":{…}}`.
pub fn rpc_error_body(id: &Value, code: i64, message: &str, data: Option<Value>) -> Value {
    let mut error = json!({ "code": code, "message": message });
    if let (Some(data), Some(obj)) = (data, error.as_object_mut()) {
        obj.insert("data".into(), data);
    }
    json!({ "jsonrpc": "2.0", "id": id, "error": error })
}

/// JSON-RPC error codes the Worker answers with.
pub mod code {
    /// Not JSON.
    pub const PARSE_ERROR: i64 = -32700;
    /// Not a request object.
    pub const INVALID_REQUEST: i64 = -32600;
    /// Unknown method.
    pub const METHOD_NOT_FOUND: i64 = -32601;
    /// Bad parameters.
    pub const INVALID_PARAMS: i64 = -32602;
    /// Internal or upstream failure.
    pub const INTERNAL_ERROR: i64 = -32603;
    /// Unknown or expired task.
    pub const TASK_NOT_FOUND: i64 = -32001;
    /// Magisterium: missing, bad or expired token.
    pub const UNAUTHORIZED: i64 = -32004;
    /// Magisterium: the plan has no A2A access.
    pub const PLAN_REQUIRED: i64 = -32005;
    /// Over a per-minute pool (the stand-in's and the proxy's code).
    pub const RATE_LIMITED: i64 = -32029;
}
