//! Reading a JSON-RPC response: the envelope (id, `result` xor `error`), the Task inside it, and the
//! HTTP status around it. Everything is read through [`JsonView`], so the same code serves the
//! browser (JavaScript values from `JSON.parse`) and native code (`serde_json::Value`).

use super::coerce;
use super::error::Error;
use super::json_view::{JsonKind, JsonView, Path};
use super::upstream::Reach;
use super::wire::RequestId;

/// Reads a response and returns its `result` member.
///
/// `body` is the parsed body, or `None` when the body was not JSON. `status` is the HTTP status.
/// `expected_id` is the id of the request; `None` skips the id check (a body read out of context).
///
/// # Errors
/// - a JSON-RPC `error` member: the kind of [`Error::from_rpc`], with the HTTP status and what a
///   proxy said in `error.data` about the upstream ([`crate::upstream`]);
/// - a non-2xx status without a JSON-RPC error body: `http_error` (`unauthorized` for 401,
///   `rate_limited` for 429);
/// - a 2xx answer that is not a JSON-RPC response for `expected_id`: `invalid_response`.
pub fn read_envelope<V: JsonView>(
    body: Option<V>,
    status: u16,
    expected_id: Option<&RequestId>,
) -> Result<V, Error> {
    let ok_status = (200..300).contains(&status);
    let Some(body) = body else {
        return Err(if ok_status {
            Error::invalid_response("the body is not JSON")
        } else {
            Error::from_http_status(status)
        });
    };
    match check_envelope(&body, expected_id) {
        Ok(Envelope::Result(result)) if ok_status => Ok(result),
        Ok(Envelope::Result(_)) => Err(Error::from_http_status(status)),
        Ok(Envelope::Error {
            code,
            message,
            upstream,
        }) => Err(Error::from_rpc(code, &message)
            .with_status(status)
            .with_upstream(upstream)),
        Err(_) if !ok_status => Err(Error::from_http_status(status)),
        Err(e) => Err(e.with_status(status)),
    }
}

enum Envelope<V> {
    Result(V),
    Error {
        code: i64,
        message: String,
        upstream: Option<Reach>,
    },
}

fn check_envelope<V: JsonView>(
    body: &V,
    expected_id: Option<&RequestId>,
) -> Result<Envelope<V>, Error> {
    if body.kind() != JsonKind::Object {
        return Err(Error::invalid_response(format!(
            "expected a JSON-RPC response object, found {}",
            body.kind().name()
        )));
    }
    match body
        .field("jsonrpc")
        .as_ref()
        .and_then(JsonView::string)
        .as_deref()
    {
        Some("2.0") => {}
        Some(other) => {
            return Err(Error::invalid_response(format!(
                "jsonrpc is \"{}\", expected \"2.0\"",
                truncate(other, 16)
            )))
        }
        None => return Err(Error::invalid_response("jsonrpc: missing or not a string")),
    }
    let result = body.field("result");
    let error = body.field("error");
    match (result, error) {
        (Some(_), Some(_)) => Err(Error::invalid_response(
            "the response has both result and error",
        )),
        (None, None) => Err(Error::invalid_response(
            "the response has neither result nor error",
        )),
        (Some(result), None) => {
            check_id(body.field("id").as_ref(), expected_id, false)?;
            Ok(Envelope::Result(result))
        }
        (None, Some(error)) => {
            // Errors may carry `"id": null` or no id at all (parse errors, some servers).
            check_id(body.field("id").as_ref(), expected_id, true)?;
            let root = Path::Root;
            let at = root.key("error");
            if error.kind() != JsonKind::Object {
                return Err(wrong_type(&at, "object", error.kind()));
            }
            let code_at = at.key("code");
            let code = match error.field("code") {
                Some(code) => integer(&code, &code_at)?,
                None => return Err(Error::invalid_response("error.code: missing")),
            };
            let message = match error.field("message") {
                None => String::new(),
                Some(m) => match m.string() {
                    Some(s) => s.into_owned(),
                    None if m.kind() == JsonKind::Null => String::new(),
                    None => return Err(wrong_type(&at.key("message"), "string", m.kind())),
                },
            };
            let upstream = error.field("data").and_then(|d| Reach::from_data(&d));
            Ok(Envelope::Error {
                code,
                message,
                upstream,
            })
        }
    }
}

fn check_id<V: JsonView>(
    id: Option<&V>,
    expected: Option<&RequestId>,
    may_be_null: bool,
) -> Result<(), Error> {
    let Some(expected) = expected else {
        return Ok(());
    };
    let matches = match id {
        None => may_be_null,
        Some(id) => match (id.kind(), expected) {
            (JsonKind::Null, _) => may_be_null,
            (JsonKind::String, RequestId::String(want)) => {
                id.string().as_deref() == Some(want.as_str())
            }
            (JsonKind::Number, RequestId::Number(want)) => id.number() == want.as_f64(),
            _ => false,
        },
    };
    if matches {
        Ok(())
    } else {
        Err(Error::invalid_response(
            "the response id does not match the request id",
        ))
    }
}

/// The fields of the returned Task that every result carries (`task` of the typed results), and
/// the Task itself as received.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskInfo<N> {
    /// The task id (use it with `tasks/get`).
    pub id: String,
    /// The conversation it belongs to (`""` when the Task has none).
    pub context_id: String,
    /// Its state (`completed`, `failed`, or a state this version does not know).
    pub state: String,
    /// The Task as received: the same node, never a copy, so members the SDK does not type yet
    /// stay readable.
    pub raw: N,
    /// Where the answer came from, when a cache said so (the proxy's `x-magisterium-cache`
    /// header, else the Task's `metadata.cache`); left out when none did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cache: Option<crate::cache::Mark>,
}

/// Checks that `result` is a Task and reads its id, context and state.
///
/// A Task is an object with `kind: "task"`, an `id` (a number is read as its decimal string) and a
/// `status.state`; a missing `contextId` is `""`.
///
/// # Errors
/// `invalid_response` naming the path of the first of those that is missing or of the wrong type,
/// or saying that a Message came back instead of a Task.
pub fn task_info<V: JsonView>(result: &V) -> Result<TaskInfo<V>, Error> {
    let root = Path::Root;
    let at = root.key("result");
    if result.kind() != JsonKind::Object {
        return Err(wrong_type(&at, "object", result.kind()));
    }
    let kind = required_string(result, "kind", &at)?;
    if kind != "task" {
        return Err(Error::invalid_response(format!(
            "result.kind is \"{}\", expected \"task\"",
            truncate(&kind, 32)
        )));
    }
    let id = match coerce::owned_text(result, "id") {
        Some(id) if !id.is_empty() => id,
        Some(_) => return Err(Error::invalid_response("result.id: empty")),
        None => {
            return Err(Error::invalid_response(
                "result.id: missing or not a string",
            ))
        }
    };
    let context_id = coerce::owned_text(result, "contextId").unwrap_or_default();
    let status_at = at.key("status");
    let status = result
        .field("status")
        .ok_or_else(|| Error::invalid_response("result.status: missing"))?;
    if status.kind() != JsonKind::Object {
        return Err(wrong_type(&status_at, "object", status.kind()));
    }
    let state = required_string(&status, "state", &status_at)?;
    let cache = (result.field("metadata"))
        .and_then(|m| m.field("cache"))
        .and_then(|c| crate::cache::Mark::parse(&c.string()?));
    Ok(TaskInfo {
        id,
        context_id,
        state,
        raw: result.clone(),
        cache,
    })
}

/// Fails with `task_failed` unless the task completed (what the typed skill methods need).
/// `failed`, `rejected` and `canceled` tasks are `task_failed` with the reason from
/// `status.message`; a task that has not finished (the service never answers one to a skill
/// method) is `invalid_response`.
///
/// # Errors
/// As above.
pub fn require_completed<V: JsonView>(result: &V, info: &TaskInfo<V>) -> Result<(), Error> {
    match info.state.as_str() {
        "completed" => Ok(()),
        "failed" | "rejected" | "canceled" => Err(task_failed(result, info)),
        other => Err(Error::invalid_response(format!(
            "the task is in state \"{}\", expected a finished task",
            truncate(other, 32)
        ))
        .with_task_id(&info.id)),
    }
}

/// Fails with `task_failed` (reason from `status.message`) for a `failed` or `rejected` task; a
/// task in any other state is fine (what `send` resolves).
///
/// # Errors
/// As above.
pub fn reject_failed<V: JsonView>(result: &V, info: &TaskInfo<V>) -> Result<(), Error> {
    match info.state.as_str() {
        "failed" | "rejected" => Err(task_failed(result, info)),
        _ => Ok(()),
    }
}

fn task_failed<V: JsonView>(result: &V, info: &TaskInfo<V>) -> Error {
    let reason = status_text(result).unwrap_or_default();
    let message = if reason.is_empty() {
        format!("the task ended in state {}", info.state)
    } else {
        format!("the task ended in state {}: {reason}", info.state)
    };
    Error::new(super::error::ErrorKind::TaskFailed, message).with_task_id(&info.id)
}

/// The text parts of `status.message`, joined by newlines.
fn status_text<V: JsonView>(result: &V) -> Option<String> {
    let parts = result.field("status")?.field("message")?.field("parts")?;
    let mut out = String::new();
    for i in 0..parts.array_len()? {
        let part = parts.item(i)?;
        if part
            .field("kind")
            .and_then(|k| k.string().map(|s| s == "text"))
            == Some(true)
        {
            if let Some(text) = part.field("text").as_ref().and_then(JsonView::string) {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&text);
            }
        }
    }
    Some(truncate(&out, 2000).to_owned())
}

/// The error for a node of the wrong JSON type.
pub fn wrong_type(at: &Path<'_>, expected: &str, found: JsonKind) -> Error {
    Error::invalid_response(format!("{at}: expected {expected}, found {}", found.name()))
}

/// Reads the string member `key` of `obj` (at path `at`).
///
/// # Errors
/// `invalid_response` when it is missing or not a string.
pub fn required_string<V: JsonView>(obj: &V, key: &str, at: &Path<'_>) -> Result<String, Error> {
    match obj.field(key) {
        None => Err(Error::invalid_response(format!("{}: missing", at.key(key)))),
        Some(v) => match v.string() {
            Some(s) => Ok(s.into_owned()),
            None => Err(wrong_type(&at.key(key), "string", v.kind())),
        },
    }
}

/// Reads an integer that may arrive as a float (`-32001.0`).
///
/// # Errors
/// `invalid_response` for anything but an integral number below 2^53 in magnitude (a JSON
/// `9007199254740993` parses to 2^53 and would come back as another id).
pub fn integer<V: JsonView>(v: &V, at: &Path<'_>) -> Result<i64, Error> {
    let n = v
        .number()
        .ok_or_else(|| wrong_type(at, "integer", v.kind()))?;
    if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 {
        // Exact: integral and a safe integer (2^53 itself may be a rounded 2^53 + 1).
        Ok(n as i64)
    } else {
        Err(Error::invalid_response(format!(
            "{at}: expected an integer"
        )))
    }
}

/// At most `max` bytes of `text`, cut at a character boundary.
pub fn truncate(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or_default()
}
