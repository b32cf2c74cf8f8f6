//! Media types at the A2A 1.0 door: what Magisterium reads, and the 1.0 refusal of the rest
//! (`ContentTypeNotSupportedError`, -32005).
//!
//! Magisterium reads text and JSON data, never files: a `raw` or `url` part, a text part whose
//! `mediaType` is not `text/…`, or a data part whose `mediaType` is not JSON is refused before any
//! upstream call. A 1.0 request body must be sent as JSON (`application/json`, or a `+json` type);
//! a request without a `Content-Type` is read as JSON.

use serde_json::Value;

use super::errors::Refusal;

/// The refusal for the first part of a 1.0 `SendMessage`'s message (parsed JSON) that Magisterium
/// cannot read; `None` when it reads them all (a malformed part is left to the translation).
pub fn unreadable_part(params: &Value) -> Option<Refusal> {
    let parts = params.pointer("/message/parts")?.as_array()?;
    parts.iter().find_map(|part| {
        let media = part.get("mediaType").and_then(Value::as_str);
        let readable = if part.get("text").is_some() {
            media.is_none_or(|m| essence(m).starts_with("text/"))
        } else if part.get("data").is_some() {
            media.is_none_or(is_json)
        } else {
            part.get("raw").is_none() && part.get("url").is_none()
        };
        (!readable).then(|| {
            Refusal::content_type_not_supported(&format!(
                "a message part of media type {}: this agent reads text and JSON data parts",
                media.unwrap_or("application/octet-stream")
            ))
        })
    })
}

/// True for a request `Content-Type` the 1.0 door reads: absent, `application/json` or a `+json`
/// type (any parameters, any case).
pub fn is_json_body(content_type: Option<&str>) -> bool {
    content_type.is_none_or(is_json)
}

/// The refusal of a 1.0 request body sent as `content_type`.
pub fn body_refusal(content_type: &str) -> Refusal {
    Refusal::content_type_not_supported(&format!(
        "a request body of type {}: send it as application/json",
        essence(content_type)
    ))
}

fn is_json(media: &str) -> bool {
    let essence = essence(media);
    essence == "application/json" || essence.ends_with("+json")
}

/// The type and subtype of a media type, lower case, without parameters.
fn essence(media: &str) -> String {
    media
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase()
}
