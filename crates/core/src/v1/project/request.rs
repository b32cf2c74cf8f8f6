//! The client's 0.2.6 request written in 1.0 ([`super::RequestInV1`]): the members of each
//! [`Shape`] of that direction.

use serde::ser::{Error as _, SerializeMap};
use serde::Serialize;

use super::{copy, list, put, rename, text, Out, Shape};
use crate::json_view::JsonView;
use crate::v1::dialect::Method;

type Written<M> = Result<(), <M as SerializeMap>::Error>;

pub(super) fn request<V: JsonView + Serialize, M: SerializeMap>(
    map: &mut M,
    r: &V,
    method: Method,
) -> Written<M> {
    copy(map, r, &["jsonrpc", "id"])?;
    put(map, "method", Out::<V>::Str(method.name()))?;
    let params = r
        .field("params")
        .ok_or_else(|| M::Error::custom("the request has no params"))?;
    let shape = match method {
        Method::SendMessage => Shape::Send,
        Method::GetTask | Method::CancelTask => {
            Shape::Members(&["id", "historyLength", "metadata"])
        }
    };
    put(map, "params", Out::Shaped(params, shape))
}

/// `message/send` params as `SendMessage` params.
pub(super) fn send<V: JsonView + Serialize, M: SerializeMap>(map: &mut M, p: &V) -> Written<M> {
    if let Some(message) = p.field("message") {
        put(map, "message", Out::Shaped(message, Shape::MessageV1))?;
    }
    if let Some(config) = p.field_present("configuration") {
        put(map, "configuration", Out::Shaped(config, Shape::Config))?;
    }
    copy(map, p, &["metadata"])
}

pub(super) fn config<V: JsonView + Serialize, M: SerializeMap>(map: &mut M, c: &V) -> Written<M> {
    copy(map, c, &["acceptedOutputModes", "historyLength"])?;
    match c.field("blocking").and_then(|b| b.boolean()) {
        Some(blocking) => put(map, "returnImmediately", Out::<V>::Bool(!blocking)),
        None => Ok(()),
    }
}

pub(super) fn message<V: JsonView + Serialize, M: SerializeMap>(map: &mut M, m: &V) -> Written<M> {
    copy(map, m, &["messageId", "contextId", "taskId"])?;
    let role = match text(m, "role").as_deref() {
        Some("agent") => "ROLE_AGENT",
        _ => "ROLE_USER",
    };
    put(map, "role", Out::<V>::Str(role))?;
    list(map, m, "parts", &Shape::PartV1)?;
    copy(map, m, &["metadata", "referenceTaskIds"])
}

/// A part by `kind` as a part by member (`text`, `data`, `raw` or `url`).
pub(super) fn part<V: JsonView + Serialize, M: SerializeMap>(map: &mut M, p: &V) -> Written<M> {
    match text(p, "kind").as_deref() {
        Some("text") => copy(map, p, &["text"])?,
        Some("data") => copy(map, p, &["data"])?,
        Some("file") => {
            if let Some(file) = p.field("file") {
                rename(map, &file, "bytes", "raw")?;
                rename(map, &file, "uri", "url")?;
                rename(map, &file, "name", "filename")?;
                rename(map, &file, "mimeType", "mediaType")?;
            }
        }
        // A part of a kind 1.0 cannot say travels as a data part holding it.
        _ => put(map, "data", Out::As(p.clone()))?,
    }
    copy(map, p, &["metadata"])
}
