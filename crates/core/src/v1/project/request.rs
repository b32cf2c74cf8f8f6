//! The client's 0.2.6 request written in 1.0 ([`RequestInV1`]).

use serde::ser::{Error as _, SerializeMap, Serializer};
use serde::Serialize;

use super::{copy, list, rename, text, RequestInV1};
use crate::json_view::JsonView;
use crate::v1::dialect::Method;

impl<V: JsonView + Serialize> Serialize for RequestInV1<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        copy(&mut map, &self.request, &["jsonrpc", "id"])?;
        map.serialize_entry("method", self.method.name())?;
        let params = self
            .request
            .field("params")
            .ok_or_else(|| S::Error::custom("the request has no params"))?;
        match self.method {
            Method::SendMessage => map.serialize_entry("params", &SendInV1(params))?,
            Method::GetTask | Method::CancelTask => map.serialize_entry(
                "params",
                &Members(params, &["id", "historyLength", "metadata"]),
            )?,
        }
        map.end()
    }
}

/// The members `keys` of a node, as they are.
struct Members<'a, V>(V, &'a [&'a str]);

impl<V: JsonView + Serialize> Serialize for Members<'_, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        copy(&mut map, &self.0, self.1)?;
        map.end()
    }
}

/// `message/send` params as `SendMessage` params.
struct SendInV1<V>(V);

impl<V: JsonView + Serialize> Serialize for SendInV1<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if let Some(message) = self.0.field("message") {
            map.serialize_entry("message", &MessageInV1(message))?;
        }
        if let Some(config) = self.0.field_present("configuration") {
            map.serialize_entry("configuration", &ConfigInV1(config))?;
        }
        copy(&mut map, &self.0, &["metadata"])?;
        map.end()
    }
}

struct ConfigInV1<V>(V);

impl<V: JsonView + Serialize> Serialize for ConfigInV1<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        copy(&mut map, &self.0, &["acceptedOutputModes", "historyLength"])?;
        if let Some(blocking) = self.0.field("blocking").and_then(|b| b.boolean()) {
            map.serialize_entry("returnImmediately", &!blocking)?;
        }
        map.end()
    }
}

struct MessageInV1<V>(V);

impl<V: JsonView + Serialize> Serialize for MessageInV1<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let m = &self.0;
        let mut map = serializer.serialize_map(None)?;
        copy(&mut map, m, &["messageId", "contextId", "taskId"])?;
        let role = match text(m, "role").as_deref() {
            Some("agent") => "ROLE_AGENT",
            _ => "ROLE_USER",
        };
        map.serialize_entry("role", role)?;
        list(&mut map, m, "parts", PartInV1)?;
        copy(&mut map, m, &["metadata", "referenceTaskIds"])?;
        map.end()
    }
}

/// A part by `kind` as a part by member (`text`, `data`, `raw` or `url`).
struct PartInV1<V>(V);

impl<V: JsonView + Serialize> Serialize for PartInV1<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let p = &self.0;
        let mut map = serializer.serialize_map(None)?;
        match text(p, "kind").as_deref() {
            Some("text") => copy(&mut map, p, &["text"])?,
            Some("data") => copy(&mut map, p, &["data"])?,
            Some("file") => {
                if let Some(file) = p.field("file") {
                    rename(&mut map, &file, "bytes", "raw")?;
                    rename(&mut map, &file, "uri", "url")?;
                    rename(&mut map, &file, "name", "filename")?;
                    rename(&mut map, &file, "mimeType", "mediaType")?;
                }
            }
            // A part of a kind 1.0 cannot say travels as a data part holding it.
            _ => map.serialize_entry("data", p)?,
        }
        copy(&mut map, p, &["metadata"])?;
        map.end()
    }
}
