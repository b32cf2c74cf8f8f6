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

use percent_encoding::percent_decode_str;
use serde_json::Value;

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

/// How a query parameter is typed in the request message (every other one is a string).
const TYPED_QUERY: [(&str, Kind); 3] = [
    ("historyLength", Kind::Number),
    ("pageSize", Kind::Number),
    ("includeArtifacts", Kind::Bool),
];

#[derive(Debug, Clone, Copy)]
enum Kind {
    Number,
    Bool,
}

/// The JSON-RPC call for one REST request (`path` is below the interface URL, `query` without
/// `?`), or the rejection the binding calls for.
pub fn read(method: &str, path: &str, query: &str, body: &[u8]) -> Result<RestCall, Rejected> {
    let raw: Vec<&str> = path.strip_prefix('/').unwrap_or(path).split('/').collect();
    let (name, verbs, ids) = match raw.as_slice() {
        ["message:send"] => ("SendMessage", &["POST"][..], Vec::new()),
        ["message:stream"] => ("SendStreamingMessage", &["POST"][..], Vec::new()),
        ["tasks"] => ("ListTasks", &["GET"][..], Vec::new()),
        ["extendedAgentCard"] => ("GetExtendedAgentCard", &["GET"][..], Vec::new()),
        ["tasks", task] => match task.rsplit_once(':') {
            None => ("GetTask", &["GET"][..], vec![("id", *task)]),
            Some((id, "cancel")) => ("CancelTask", &["POST"][..], vec![("id", id)]),
            // The spec's text says POST, its `.proto` GET: both are read.
            Some((id, "subscribe")) => ("SubscribeToTask", &["GET", "POST"][..], vec![("id", id)]),
            Some(_) => return Err(not_found(path)),
        },
        ["tasks", task, "pushNotificationConfigs"] => match method {
            "GET" => (
                "ListTaskPushNotificationConfigs",
                &["GET"][..],
                vec![("taskId", *task)],
            ),
            _ => (
                "CreateTaskPushNotificationConfig",
                &["POST"][..],
                vec![("taskId", *task)],
            ),
        },
        ["tasks", task, "pushNotificationConfigs", config] => match method {
            "DELETE" => (
                "DeleteTaskPushNotificationConfig",
                &["DELETE"][..],
                vec![("taskId", *task), ("id", *config)],
            ),
            _ => (
                "GetTaskPushNotificationConfig",
                &["GET"][..],
                vec![("taskId", *task), ("id", *config)],
            ),
        },
        _ => return Err(not_found(path)),
    };
    if !verbs.contains(&method) {
        return Err(Rejected {
            status: 405,
            refusal: Refusal::method_not_found(&format!("{method} {path}")),
        });
    }
    let mut params = if method == "POST" {
        request_body(body)?
    } else {
        JsonObject::new()
    };
    for (member, encoded) in ids {
        let id = percent_decode_str(encoded)
            .decode_utf8()
            .ok()
            .filter(|id| !id.is_empty());
        let Some(id) = id else {
            return Err(not_found(path));
        };
        params.insert(member.into(), Value::String(id.into_owned()));
    }
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let typed = match TYPED_QUERY.iter().find(|(name, _)| *name == key) {
            None => Some(Value::String(value.into_owned())),
            Some((_, Kind::Number)) => value.parse::<i64>().ok().map(Value::from),
            Some((_, Kind::Bool)) => value.parse::<bool>().ok().map(Value::Bool),
        };
        let Some(typed) = typed else {
            return Err(bad_request(&format!(
                "query parameter {key} is not a valid value"
            )));
        };
        params.insert(key.into_owned(), typed);
    }
    Ok(RestCall {
        method: name,
        params: Value::Object(params),
    })
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

fn not_found(path: &str) -> Rejected {
    Rejected {
        status: 404,
        refusal: Refusal::method_not_found(path),
    }
}

fn bad_request(message: &str) -> Rejected {
    Rejected {
        status: 400,
        refusal: Refusal::invalid_params(message),
    }
}
