//! A 1.0 answer written as the 0.2.6 answer the decoders read ([`AnswerInLegacy`]).

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use super::{copy, list, rename, text, AnswerInLegacy};
use crate::json_view::{JsonKind, JsonView};
use crate::v1::dialect::Method;
use crate::v1::errors::{legacy_code, ERROR_INFO, MAGISTERIUM_DOMAIN, STRUCT};
use crate::v1::translate::state_to_v0;
use crate::v1::wire::{Role, TaskState};

impl<V: JsonView + Serialize> Serialize for AnswerInLegacy<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let a = &self.answer;
        let mut map = serializer.serialize_map(None)?;
        copy(&mut map, a, &["jsonrpc", "id"])?;
        if let Some(result) = a.field_present("result") {
            match (self.method, result.field("task"), result.field("message")) {
                (Method::SendMessage, Some(task), _) => {
                    map.serialize_entry("result", &TaskInLegacy(task))?
                }
                (Method::SendMessage, None, Some(message)) => {
                    map.serialize_entry("result", &MessageInLegacy(message))?
                }
                // Not a SendMessageResponse: left as it is, for the decoders to refuse.
                (Method::SendMessage, None, None) => map.serialize_entry("result", &result)?,
                (Method::GetTask | Method::CancelTask, _, _) => {
                    map.serialize_entry("result", &TaskInLegacy(result))?
                }
            }
        }
        if let Some(error) = a.field_present("error") {
            map.serialize_entry("error", &ErrorInLegacy(error))?;
        }
        map.end()
    }
}

struct TaskInLegacy<V>(V);

impl<V: JsonView + Serialize> Serialize for TaskInLegacy<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let t = &self.0;
        if t.kind() != JsonKind::Object {
            return t.serialize(serializer);
        }
        let mut map = serializer.serialize_map(None)?;
        copy(&mut map, t, &["id", "contextId"])?;
        map.serialize_entry("kind", "task")?;
        if let Some(status) = t.field("status") {
            map.serialize_entry("status", &StatusInLegacy(status))?;
        }
        list(&mut map, t, "artifacts", ArtifactInLegacy)?;
        list(&mut map, t, "history", MessageInLegacy)?;
        copy(&mut map, t, &["metadata"])?;
        map.end()
    }
}

struct StatusInLegacy<V>(V);

impl<V: JsonView + Serialize> Serialize for StatusInLegacy<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let s = &self.0;
        let mut map = serializer.serialize_map(None)?;
        match text(s, "state") {
            Some(name) => {
                map.serialize_entry("state", state_to_v0(&TaskState::parse(&name)).name())?
            }
            None => copy(&mut map, s, &["state"])?,
        }
        if let Some(message) = s.field_present("message") {
            map.serialize_entry("message", &MessageInLegacy(message))?;
        }
        copy(&mut map, s, &["timestamp"])?;
        map.end()
    }
}

struct ArtifactInLegacy<V>(V);

impl<V: JsonView + Serialize> Serialize for ArtifactInLegacy<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let a = &self.0;
        let mut map = serializer.serialize_map(None)?;
        copy(&mut map, a, &["artifactId", "name", "description"])?;
        list(&mut map, a, "parts", PartInLegacy)?;
        copy(&mut map, a, &["metadata"])?;
        map.end()
    }
}

struct MessageInLegacy<V>(V);

impl<V: JsonView + Serialize> Serialize for MessageInLegacy<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let m = &self.0;
        let mut map = serializer.serialize_map(None)?;
        let role = match text(m, "role").map(|r| Role::parse(&r)) {
            Some(Role::User) => "user",
            _ => "agent",
        };
        map.serialize_entry("role", role)?;
        list(&mut map, m, "parts", PartInLegacy)?;
        copy(&mut map, m, &["messageId"])?;
        map.serialize_entry("kind", "message")?;
        copy(
            &mut map,
            m,
            &["taskId", "contextId", "referenceTaskIds", "metadata"],
        )?;
        map.end()
    }
}

/// A part by member as a part by `kind`.
struct PartInLegacy<V>(V);

impl<V: JsonView + Serialize> Serialize for PartInLegacy<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let p = &self.0;
        let mut map = serializer.serialize_map(None)?;
        if p.field_present("text").is_some() {
            map.serialize_entry("kind", "text")?;
            copy(&mut map, p, &["text"])?;
        } else if p.field_present("raw").is_some() || p.field_present("url").is_some() {
            map.serialize_entry("kind", "file")?;
            map.serialize_entry("file", &FileInLegacy(p.clone()))?;
        } else {
            map.serialize_entry("kind", "data")?;
            copy(&mut map, p, &["data"])?;
        }
        copy(&mut map, p, &["metadata"])?;
        map.end()
    }
}

struct FileInLegacy<V>(V);

impl<V: JsonView + Serialize> Serialize for FileInLegacy<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let p = &self.0;
        let mut map = serializer.serialize_map(None)?;
        rename(&mut map, p, "raw", "bytes")?;
        rename(&mut map, p, "url", "uri")?;
        rename(&mut map, p, "filename", "name")?;
        rename(&mut map, p, "mediaType", "mimeType")?;
        map.end()
    }
}

/// A 1.0 error as the 0.2.6 error with Magisterium's meaning: the code from [`legacy_code`], and
/// a carried 0.2.6 `data` object (a `Struct` detail) given back as it was.
struct ErrorInLegacy<V>(V);

impl<V: JsonView + Serialize> Serialize for ErrorInLegacy<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let e = &self.0;
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
        let mut map = serializer.serialize_map(None)?;
        match e.field("code").and_then(|c| c.number()) {
            Some(code) if code.fract() == 0.0 => {
                map.serialize_entry("code", &legacy_code(code as i64, reason.as_deref()))?
            }
            _ => copy(&mut map, e, &["code"])?,
        }
        copy(&mut map, e, &["message"])?;
        match carried {
            Some(data) => map.serialize_entry("data", &data)?,
            None => copy(&mut map, e, &["data"])?,
        }
        map.end()
    }
}
