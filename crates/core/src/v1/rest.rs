//! A2A 1.0's HTTP+JSON (REST) binding read as the JSON-RPC call that does the same, so both
//! bindings go through one method dispatch (spec §11, the `.proto`'s `google.api.http` rules).
//!
//! [`read`] takes an HTTP method, the path below the interface URL (`/message:send`,
//! `/tasks/abc:cancel`), the query string and the body, and gives the 1.0 method name and its
//! `params`: path parameters and query parameters (camelCase, numbers and booleans as the
//! `.proto` types them) become members, a POST body is the request message. What the binding
//! does not define is refused with the HTTP status it calls for: an unknown path 404, a known one
//! with another verb 405. Multi-tenant paths (`/{tenant}/…`) are not served.
//! [`super::rest_errors`] turns the answer's errors back into the binding's.

use serde_json::Value;

use super::dialect::is_v1_version;
use super::errors::Refusal;
use crate::wire::JsonObject;

/// A REST request as its JSON-RPC 1.0 call.
#[derive(Debug, Clone, PartialEq)]
pub struct RestCall {
    /// The 1.0 JSON-RPC method name (`SendMessage`).
    pub method: &'static str,
    /// Its `params`.
    pub params: Value,
}

/// A REST request the binding has no call for: the HTTP status and the 1.0 error.
#[derive(Debug, Clone, PartialEq)]
pub struct Rejected {
    /// 404 (no such resource), 405 (not with this verb) or 400 (unreadable parameters).
    pub status: u16,
    /// The error.
    pub refusal: Refusal,
}

/// The binding's routes, the first that matches wins: HTTP verb, path pattern below the
/// interface URL, 1.0 method. A `{name}` segment is a path parameter (the member `name` of the
/// params), `{name}:verb` one followed by a custom verb. An id should have its `:` percent-encoded,
/// but not every client does (the Python SDK 1.3.0 does not): `GetTask` comes last, so a
/// `/tasks/a:b` that is no cancel or subscribe is the task `a:b`.
const ROUTES: [(&str, &str, &str); 12] = [
    ("POST", "message:send", "SendMessage"),
    ("POST", "message:stream", "SendStreamingMessage"),
    ("GET", "tasks", "ListTasks"),
    ("GET", "extendedAgentCard", "GetExtendedAgentCard"),
    ("POST", "tasks/{id}:cancel", "CancelTask"),
    // The spec's text says POST, its `.proto` GET: both are read.
    ("GET", "tasks/{id}:subscribe", "SubscribeToTask"),
    ("POST", "tasks/{id}:subscribe", "SubscribeToTask"),
    (
        "POST",
        "tasks/{taskId}/pushNotificationConfigs",
        "CreateTaskPushNotificationConfig",
    ),
    (
        "GET",
        "tasks/{taskId}/pushNotificationConfigs",
        "ListTaskPushNotificationConfigs",
    ),
    (
        "GET",
        "tasks/{taskId}/pushNotificationConfigs/{id}",
        "GetTaskPushNotificationConfig",
    ),
    (
        "DELETE",
        "tasks/{taskId}/pushNotificationConfigs/{id}",
        "DeleteTaskPushNotificationConfig",
    ),
    ("GET", "tasks/{id}", "GetTask"),
];

/// The query parameter that may carry the protocol version instead of the `A2A-Version` header:
/// `1.0` (or `1`, `1.0.x`) is read, any other version refused; it is no member of the params.
pub const VERSION_PARAMETER: &str = "A2A-Version";
/// The only version the binding is served in.
pub const VERSIONS: [&str; 1] = ["1.0"];

/// Query parameters that are numbers in the request messages (`includeArtifacts` is the one
/// boolean; every other parameter is a string).
const NUMBERS: [&str; 2] = ["historyLength", "pageSize"];

/// The JSON-RPC call for one REST request (`path` is below the interface URL, `query` without
/// `?`), or the rejection the binding calls for.
pub fn read(method: &str, path: &str, query: &str, body: &[u8]) -> Result<RestCall, Rejected> {
    let mut status = 404;
    for (verb, pattern, name) in ROUTES {
        let Some(ids) = matches(pattern, path) else {
            continue;
        };
        if verb != method {
            status = 405;
            continue;
        }
        let mut params = if method == "POST" {
            request_body(body)?
        } else {
            JsonObject::new()
        };
        for (member, id) in ids.into_iter().flatten() {
            params.insert(member.into(), Value::String(id));
        }
        for pair in query.split('&').filter(|pair| !pair.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let (key, value) = match (decode(key, true), decode(value, true)) {
                (Some(key), Some(value)) => (key, value),
                _ => return Err(bad_request("a query parameter is not URL-encoded UTF-8")),
            };
            // The version may come as a query parameter instead of the header (spec §3.6.1).
            if key == VERSION_PARAMETER {
                if !is_v1_version(&value) {
                    return Err(Rejected {
                        status: 400,
                        refusal: Refusal::version_not_supported(&value, &VERSIONS),
                    });
                }
                continue;
            }
            // Read as JSON, which writes numbers and booleans as the binding does.
            let typed = if NUMBERS.contains(&key.as_str()) {
                serde_json::from_str(&value).ok().filter(Value::is_i64)
            } else if key == "includeArtifacts" {
                serde_json::from_str(&value).ok().filter(Value::is_boolean)
            } else {
                Some(Value::String(value))
            };
            let Some(typed) = typed else {
                return Err(bad_request("a query parameter is not a valid value"));
            };
            params.insert(key, typed);
        }
        return Ok(RestCall {
            method: name,
            params: Value::Object(params),
        });
    }
    Err(Rejected {
        status,
        refusal: Refusal::method_not_found(path),
    })
}

/// The path parameters of `path` when it matches `pattern` (at most two), decoded.
fn matches(pattern: &'static str, path: &str) -> Option<[Option<(&'static str, String)>; 2]> {
    let mut segments = path.strip_prefix('/')?.split('/');
    let mut ids = [None, None];
    let mut found = 0;
    for part in pattern.split('/') {
        let segment = segments.next()?;
        let Some(param) = part.strip_prefix('{') else {
            (part == segment).then_some(())?;
            continue;
        };
        let (name, verb) = param.split_once('}')?;
        let raw = segment.strip_suffix(verb)?;
        if raw.is_empty() {
            return None;
        }
        let id = decode(raw, false)?;
        *ids.get_mut(found)? = Some((name, id));
        found += 1;
    }
    segments.next().is_none().then_some(ids)
}

/// `text` with its `%XX` escapes decoded (and `+` read as a space when `plus_is_space`, as in a
/// query string); `None` when an escape is cut short or the result is not UTF-8.
///
/// Written here rather than taken from `percent-encoding` and `form_urlencoded`: those two cost
/// the proxy's bundle about 1 KB brotli (over its budget, `scripts/worker-size.mjs`) for these
/// ten lines.
fn decode(text: &str, plus_is_space: bool) -> Option<String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.bytes();
    while let Some(byte) = rest.next() {
        bytes.push(match byte {
            b'%' => {
                let digit = |b: Option<u8>| char::from(b?).to_digit(16);
                let (high, low) = (digit(rest.next())?, digit(rest.next())?);
                u8::try_from(high * 16 + low).ok()?
            }
            b'+' if plus_is_space => b' ',
            other => other,
        });
    }
    String::from_utf8(bytes).ok()
}

/// A POST body: a JSON object (the request message), or nothing.
fn request_body(body: &[u8]) -> Result<JsonObject, Rejected> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(JsonObject::new());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(object)) => Ok(object),
        Ok(_) => Err(bad_request("the request body is not a JSON object")),
        Err(_) => Err(Rejected {
            status: 400,
            refusal: Refusal::parse_error(),
        }),
    }
}

fn bad_request(message: &str) -> Rejected {
    Rejected {
        status: 400,
        refusal: Refusal::invalid_params(message),
    }
}
