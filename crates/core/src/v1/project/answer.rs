//! A 1.0 answer written as the 0.2.6 answer the decoders read ([`super::AnswerInLegacy`]): the
//! members of each [`Shape`] of that direction.

use serde::ser::SerializeMap;
use serde::Serialize;

use super::{copy, list, put, rename, text, Out, Shape};
use crate::json_view::{JsonKind, JsonView};
use crate::v1::dialect::Method;
use crate::v1::errors::{legacy_code, ERROR_INFO, MAGISTERIUM_DOMAIN, STRUCT};
use crate::v1::translate::state_to_v0;
use crate::v1::wire::{Role, TaskState};

type Written<M> = Result<(), <M as SerializeMap>::Error>;

pub(super) fn answer<V: JsonView + Serialize, M: SerializeMap>(
    map: &mut M,
    a: &V,
    method: Method,
) -> Written<M> {
    copy(map, a, &["jsonrpc", "id"])?;
    if let Some(result) = a.field_present("result") {
        let value = match (method, result.field("task"), result.field("message")) {
            (Method::SendMessage, Some(task), _) => Out::Shaped(task, Shape::Task),
            (Method::SendMessage, None, Some(message)) => Out::Shaped(message, Shape::Message),
            // Not a SendMessageResponse: left as it is, for the decoders to refuse.
            (Method::SendMessage, None, None) => Out::As(result),
            (Method::GetTask | Method::CancelTask, _, _) => Out::Shaped(result, Shape::Task),
        };
        put(map, "result", value)?;
    }
    if let Some(error) = a.field_present("error") {
        put(map, "error", Out::Shaped(error, Shape::Error))?;
    }
    Ok(())
}

pub(super) fn task<V: JsonView + Serialize, M: SerializeMap>(map: &mut M, t: &V) -> Written<M> {
    copy(map, t, &["id", "contextId"])?;
    put(map, "kind", Out::<V>::Str("task"))?;
    if let Some(status) = t.field("status") {
        put(map, "status", Out::Shaped(status, Shape::Status))?;
    }
    list(map, t, "artifacts", &Shape::Artifact)?;
    list(map, t, "history", &Shape::Message)?;
    copy(map, t, &["metadata"])
}

pub(super) fn status<V: JsonView + Serialize, M: SerializeMap>(map: &mut M, s: &V) -> Written<M> {
    match text(s, "state") {
        Some(name) => put(
            map,
            "state",
            Out::<V>::Str(state_to_v0(&TaskState::parse(&name)).name()),
        )?,
        None => copy(map, s, &["state"])?,
    }
    if let Some(message) = s.field_present("message") {
        put(map, "message", Out::Shaped(message, Shape::Message))?;
    }
    copy(map, s, &["timestamp"])
}

pub(super) fn artifact<V: JsonView + Serialize, M: SerializeMap>(map: &mut M, a: &V) -> Written<M> {
    copy(map, a, &["artifactId", "name", "description"])?;
    list(map, a, "parts", &Shape::Part)?;
    copy(map, a, &["metadata"])
}

pub(super) fn message<V: JsonView + Serialize, M: SerializeMap>(map: &mut M, m: &V) -> Written<M> {
    let role = match text(m, "role").map(|r| Role::parse(&r)) {
        Some(Role::User) => "user",
        _ => "agent",
    };
    put(map, "role", Out::<V>::Str(role))?;
    list(map, m, "parts", &Shape::Part)?;
    copy(map, m, &["messageId"])?;
    put(map, "kind", Out::<V>::Str("message"))?;
    copy(
        map,
        m,
        &["taskId", "contextId", "referenceTaskIds", "metadata"],
    )
}

/// A part by member as a part by `kind`.
pub(super) fn part<V: JsonView + Serialize, M: SerializeMap>(map: &mut M, p: &V) -> Written<M> {
    if p.field_present("text").is_some() {
        put(map, "kind", Out::<V>::Str("text"))?;
        copy(map, p, &["text"])?;
    } else if p.field_present("raw").is_some() || p.field_present("url").is_some() {
        put(map, "kind", Out::<V>::Str("file"))?;
        put(map, "file", Out::Shaped(p.clone(), Shape::File))?;
    } else {
        put(map, "kind", Out::<V>::Str("data"))?;
        copy(map, p, &["data"])?;
    }
    copy(map, p, &["metadata"])
}

pub(super) fn file<V: JsonView + Serialize, M: SerializeMap>(map: &mut M, p: &V) -> Written<M> {
    rename(map, p, "raw", "bytes")?;
    rename(map, p, "url", "uri")?;
    rename(map, p, "filename", "name")?;
    rename(map, p, "mediaType", "mimeType")
}

/// A 1.0 error as the 0.2.6 error with Magisterium's meaning: the code from [`legacy_code`], and
/// a carried 0.2.6 `data` object (a `Struct` detail) given back as it was.
pub(super) fn error<V: JsonView + Serialize, M: SerializeMap>(map: &mut M, e: &V) -> Written<M> {
    let details = e.field("data").filter(|d| d.kind() == JsonKind::Array);
    let detail = |want: &dyn Fn(&V) -> bool| {
        let details = details.as_ref()?;
        (0..details.array_len()?)
            .filter_map(|i| details.item(i))
            .find(|d| want(d))
    };
    let typed = |d: &V, t: &str| text(d, "@type").as_deref() == Some(t);
    let reason = detail(&|d| {
        typed(d, ERROR_INFO) && text(d, "domain").as_deref() == Some(MAGISTERIUM_DOMAIN)
    })
    .and_then(|d| text(&d, "reason"));
    let carried = detail(&|d| typed(d, STRUCT)).and_then(|d| d.field("value"));
    match e.field("code").and_then(|c| c.number()) {
        Some(code) if code.fract() == 0.0 => put(
            map,
            "code",
            Out::<V>::Int(legacy_code(code as i64, reason.as_deref())),
        )?,
        _ => copy(map, e, &["code"])?,
    }
    copy(map, e, &["message"])?;
    match carried {
        Some(data) => put(map, "data", Out::As(data)),
        None => copy(map, e, &["data"]),
    }
}
