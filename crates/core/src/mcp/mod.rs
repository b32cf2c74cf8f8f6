//! The Model Context Protocol (MCP) front door, sans-IO: what the Worker's `/mcp` reads and
//! answers. MCP clients (Claude, Cursor, VS Code, the official SDKs) reach Magisterium's skills as
//! tools over MCP's Streamable HTTP transport, one JSON-RPC message per POST, answered with one
//! JSON body (no streams: the service does not stream).
//!
//! - [`open`] reads one POST (its body and its MCP headers) and says in which era to serve it:
//!   2026-07-28 (stateless: every request names its revision in `_meta`, headers checked against
//!   the body) or the handshake era (2025-11-25, 2025-06-18: `initialize` first), as the
//!   2026-07-28 spec's backward-compatibility section says a dual-era server does.
//! - [`read`] reads one message: a request (`initialize`, `ping`, `server/discover`, `tools/list`,
//!   `tools/call`, or another method, which gets -32601), or a notification or response
//!   (accepted, HTTP 202).
//! - [`initialize_result`] negotiates the handshake era's revision ([`LEGACY_VERSIONS`]);
//!   [`discover_result`] tells a 2026-07-28 client every revision spoken here ([`VERSIONS`]).
//! - [`tools`]: the tool table (`tools.json`, one tool per skill) and `tools/call` → the A2A 0.2.6
//!   `message/send` the A2A path makes.
//! - [`result`]: the A2A answer → the `CallToolResult` (text for the model, `structuredContent`
//!   for programs, `isError` for what a caller can act on).
//!
//! The types are the spec's JSON (revisions 2026-07-28, 2025-11-25 and 2025-06-18), written over
//! `serde_json::Value` and checked against the spec's JSON schema in the core's tests
//! (`tests/fixtures/mcp/`).

pub mod chatgpt;
mod era;
mod modern;
mod read;
pub mod result;
pub mod tools;

use std::sync::OnceLock;

use serde_json::Value;

use crate::serve::http::WorkerResponse;

pub use era::{open, Era, Opened};
pub use modern::{complete, discover_result, list_result};
pub use read::{read, Call, Message};

/// The stateless revision (no `initialize`; the revision in every request's `_meta`).
pub const MODERN_VERSION: &str = "2026-07-28";

/// The handshake-era revisions, newest first: the current one of `@modelcontextprotocol/sdk` 1.32
/// (its `LATEST_PROTOCOL_VERSION`) and the one before it.
pub const LEGACY_VERSIONS: [&str; 2] = ["2025-11-25", "2025-06-18"];

/// Every revision this endpoint speaks, newest first (`server/discover`'s `supportedVersions`,
/// and the list an `UnsupportedProtocolVersion` error carries).
pub const VERSIONS: [&str; 3] = [MODERN_VERSION, LEGACY_VERSIONS[0], LEGACY_VERSIONS[1]];

/// The HTTP header a client sends on every request (after `initialize` in the handshake era).
pub const VERSION_HEADER: &str = "mcp-protocol-version";

/// The revision to answer an `initialize` asking for `requested`: the same when it is a
/// handshake-era revision spoken here, else the newest of those (the client then decides whether
/// it can go on). `initialize` always selects the handshake era, even when it asks for 2026-07-28.
pub fn negotiate(requested: Option<&str>) -> &'static str {
    LEGACY_VERSIONS
        .into_iter()
        .find(|v| Some(*v) == requested)
        .unwrap_or(LEGACY_VERSIONS[0])
}

/// Whether a handshake-era request's `MCP-Protocol-Version` header is acceptable: absent (read as
/// the negotiated revision) or one of [`LEGACY_VERSIONS`]. Anything else gets HTTP 400.
pub fn header_supported(header: Option<&str>) -> bool {
    header.is_none_or(|h| LEGACY_VERSIONS.contains(&h.trim()))
}

/// The data file `server.json`: the one capability (tools, a fixed list), who answers
/// (`serverInfo`), what the tools are for (`instructions`) and how long a client may cache the
/// tool list (`cache`: 2026-07-28's `ttlMs` and `cacheScope`).
fn server() -> &'static Value {
    static SERVER: OnceLock<Value> = OnceLock::new();
    SERVER.get_or_init(|| serde_json::from_slice(include_bytes!("server.json")).unwrap_or_default())
}

/// `server.json`'s member `key` (null when missing, which the tests rule out).
fn server_field(key: &str) -> Value {
    server().get(key).cloned().unwrap_or_default()
}

/// The `InitializeResult` for a client asking for `requested`: the negotiated revision and
/// `server.json`'s `capabilities`, `serverInfo` and `instructions`.
pub fn initialize_result(requested: Option<&str>) -> Value {
    object(vec![
        ("protocolVersion", string(negotiate(requested))),
        ("capabilities", server_field("capabilities")),
        ("serverInfo", server_field("serverInfo")),
        ("instructions", server_field("instructions")),
    ])
}

/// A JSON-RPC success answer.
pub fn success(id: &Value, result: Value) -> Value {
    object(vec![
        ("jsonrpc", string("2.0")),
        ("id", id.clone()),
        ("result", result),
    ])
}

/// A JSON-RPC error answer with HTTP `status` ([`error_body`]).
pub fn error_response(status: u16, id: &Value, code: i64, message: &str) -> WorkerResponse {
    WorkerResponse::json(status, &error_body(id, code, message))
}

/// A JSON-RPC error body. Without an id (null: a message that is not a request) it has none, as
/// MCP's transport asks (2025-11-25's schema allows no null id).
pub fn error_body(id: &Value, code: i64, message: &str) -> Value {
    let error = object(vec![
        ("code", Value::from(code)),
        ("message", string(message)),
    ]);
    let mut body = object(vec![("jsonrpc", string("2.0")), ("error", error)]);
    if let (false, Some(obj)) = (id.is_null(), body.as_object_mut()) {
        obj.insert("id".into(), id.clone());
    }
    body
}

/// A JSON object from its members. Cheaper in code than `json!`, which runs every value through
/// serde's serializer (the Worker's size budget is tight).
pub fn object(members: Vec<(&str, Value)>) -> Value {
    // Inserted one by one: collecting would sort first, which costs code and no time saved here.
    let mut map = serde_json::Map::new();
    for (k, v) in members {
        map.insert(k.to_owned(), v);
    }
    Value::Object(map)
}

/// A JSON string.
pub fn string(text: impl Into<String>) -> Value {
    Value::String(text.into())
}
