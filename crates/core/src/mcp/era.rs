//! Reading one POST to `/mcp` in either era, as the 2026-07-28 spec's backward-compatibility
//! section has a dual-era server do (`basic/versioning`, `basic/transports/streamable-http`):
//!
//! - `initialize` selects the handshake era (2025-11-25, 2025-06-18), served as before.
//! - A request whose `params._meta` names `io.modelcontextprotocol/protocolVersion` 2026-07-28 is
//!   served statelessly in that revision, after its headers are checked against its body:
//!   `MCP-Protocol-Version` and `Mcp-Method` always, `Mcp-Name` for `tools/call` (its Base64
//!   sentinel `=?base64?…?=` decoded first); a missing or different one is `HeaderMismatch`
//!   (-32020, HTTP 400). Its `_meta` must carry `…/clientCapabilities` (an object).
//! - A revision this endpoint does not speak, in `_meta`, is `UnsupportedProtocolVersion`
//!   (-32022, HTTP 400) listing [`VERSIONS`], from which a 2026-07-28 client retries.
//! - A request without that `_meta` key is a handshake-era request (the
//!   `MCP-Protocol-Version` header, when present, must be 2025-11-25 or 2025-06-18); one whose
//!   header says 2026-07-28 is a 2026-07-28 request missing its `_meta`: `HeaderMismatch`.
//!
//! Untrusted input from anyone on the internet: every shape gets a typed answer, nothing panics
//! (the fuzz target `mcp_era` runs this on any headers and body).

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde_json::Value;

use super::{error_body, read, Call, Message, LEGACY_VERSIONS, MODERN_VERSION, VERSIONS};
use super::{string, VERSION_HEADER};
use crate::serve::http::{code, WorkerResponse};

/// The `_meta` key of a request's revision.
pub const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
/// The `_meta` key of a request's client capabilities.
pub const META_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
/// `HeaderMismatch`: a required header missing, malformed, or not what the body says.
pub const HEADER_MISMATCH: i64 = -32020;
/// `UnsupportedProtocolVersion`: a revision this endpoint does not speak.
pub const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;

/// In which era a request is served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Era {
    /// 2025-11-25 and 2025-06-18: `initialize` first, results as those revisions write them.
    Legacy,
    /// 2026-07-28: stateless; every result carries `resultType` and `_meta` `serverInfo`.
    Modern,
}

/// What [`open`] made of a POST.
#[derive(Debug, Clone, PartialEq)]
pub enum Opened {
    /// A notification or a response: HTTP 202, nothing to answer.
    Accepted,
    /// A request to serve in `Era`, with the id its answer must carry.
    Request(Value, Call, Era),
}

/// Reads one POST: its `body` and its `headers` (lower-case names, as
/// [`crate::serve::http::WorkerRequest`] holds them).
///
/// # Errors
/// The answer to give at once: [`read`]'s refusals, `HeaderMismatch`, `UnsupportedProtocolVersion`,
/// -32602 for 2026-07-28 `_meta` without client capabilities, and the handshake era's HTTP 400
/// for an `MCP-Protocol-Version` header it does not speak.
pub fn open(body: &[u8], headers: &[(String, String)]) -> Result<Opened, WorkerResponse> {
    let (id, call, meta) = match read(body)? {
        Message::Accepted => return Ok(Opened::Accepted),
        Message::Request(id, call, meta) => (id, call, meta),
    };
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.trim())
    };
    let refuse = |code: i64, why: &str, data: Option<Value>| {
        let mut body = error_body(&id, code, why);
        if let (Some(data), Some(error)) = (data, body.get_mut("error")) {
            if let Some(error) = error.as_object_mut() {
                error.insert("data".into(), data);
            }
        }
        Err(WorkerResponse::json(400, &body))
    };
    let version_header = header(VERSION_HEADER);
    if matches!(call, Call::Initialize(_)) {
        return Ok(Opened::Request(id, call, Era::Legacy));
    }
    let requested = match meta.get(META_VERSION) {
        None if version_header == Some(MODERN_VERSION) => {
            let why = "Header mismatch: MCP-Protocol-Version is 2026-07-28 but params._meta names no io.modelcontextprotocol/protocolVersion";
            return refuse(HEADER_MISMATCH, why, None);
        }
        None if super::header_supported(version_header) => {
            return Ok(Opened::Request(id, call, Era::Legacy));
        }
        None => {
            let why = "Unsupported MCP-Protocol-Version: this server speaks 2026-07-28, 2025-11-25 and 2025-06-18";
            return Err(super::error_response(400, &id, code::INVALID_REQUEST, why));
        }
        Some(Value::String(requested)) => requested.as_str(),
        Some(_) => {
            let why =
                "Invalid params: _meta io.modelcontextprotocol/protocolVersion must be a string";
            return refuse(code::INVALID_PARAMS, why, None);
        }
    };
    if version_header != Some(requested) {
        let why = format!(
            "Header mismatch: MCP-Protocol-Version header {} does not match _meta protocolVersion '{requested}'",
            shown(version_header)
        );
        return refuse(HEADER_MISMATCH, &why, None);
    }
    if LEGACY_VERSIONS.contains(&requested) {
        return Ok(Opened::Request(id, call, Era::Legacy));
    }
    if requested != MODERN_VERSION {
        let supported = VERSIONS.iter().map(|v| string(*v)).collect();
        let data = super::object(vec![
            ("supported", Value::Array(supported)),
            ("requested", string(requested)),
        ]);
        return refuse(
            UNSUPPORTED_PROTOCOL_VERSION,
            "Unsupported protocol version",
            Some(data),
        );
    }
    if let Err(why) = headers_match(&call, header("mcp-method"), header("mcp-name")) {
        return refuse(HEADER_MISMATCH, &why, None);
    }
    if !meta.get(META_CAPABILITIES).is_some_and(Value::is_object) {
        let why =
            "Invalid params: _meta io.modelcontextprotocol/clientCapabilities must be an object";
        return refuse(code::INVALID_PARAMS, why, None);
    }
    Ok(Opened::Request(id, call, Era::Modern))
}

/// Checks `Mcp-Method` (always) and `Mcp-Name` (for `tools/call`, the tool's name) against the
/// body.
///
/// # Errors
/// The `HeaderMismatch` message.
fn headers_match(call: &Call, method: Option<&str>, name: Option<&str>) -> Result<(), String> {
    if method != Some(call.method()) {
        return Err(format!(
            "Header mismatch: Mcp-Method header {} does not match body method '{}'",
            shown(method),
            call.method()
        ));
    }
    let Call::CallTool(tool, _) = call else {
        return Ok(());
    };
    let decoded = name.and_then(decode);
    if decoded.as_deref() != Some(tool.as_str()) {
        return Err(format!(
            "Header mismatch: Mcp-Name header {} does not match body name '{tool}'",
            shown(name)
        ));
    }
    Ok(())
}

/// A header value as the spec encodes it: plain, or `=?base64?<Base64 of the UTF-8>?=`. `None`
/// for a sentinel that does not decode to UTF-8.
fn decode(value: &str) -> Option<String> {
    let Some(encoded) = value
        .strip_prefix("=?base64?")
        .and_then(|rest| rest.strip_suffix("?="))
    else {
        return Some(value.to_owned());
    };
    String::from_utf8(STANDARD.decode(encoded).ok()?).ok()
}

/// A header for an error message: quoted, or "missing".
fn shown(header: Option<&str>) -> String {
    header.map_or_else(|| "missing".to_owned(), |h| format!("'{h}'"))
}
