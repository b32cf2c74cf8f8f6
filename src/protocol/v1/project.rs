//! The client's two directions, written as it serializes: a 0.2.6 request node written in 1.0
//! ([`RequestInV1`]) and a 1.0 answer node written in 0.2.6 ([`AnswerInLegacy`]), the shape the
//! decoders read and the `Task` type describes.
//!
//! Both read their input through [`JsonView`] and hand its leaves (texts, data objects, ids) to the
//! serializer as the nodes they are. In the browser the nodes are the values `JSON.parse` made,
//! so nothing is copied into wasm memory and the build carries no deserializer; natively they are
//! `&serde_json::Value`, which is how the tests drive them. The rules (state and role names, error
//! codes) are the ones the Worker's translation uses.

use serde::ser::{Error as _, SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;

use super::dialect::Method;
use super::errors::{legacy_code, ERROR_INFO, MAGISTERIUM_DOMAIN, STRUCT};
use super::translate::state_to_v0;
use super::wire::{Role, TaskState};
use crate::protocol::json_view::{JsonKind, JsonView};

/// A 0.2.6 JSON-RPC request (`message/send`, `tasks/get`, `tasks/cancel`) that serializes as the
/// 1.0 request doing the same (`SendMessage`, `GetTask`, `CancelTask`).
#[derive(Debug, Clone)]
pub struct RequestInV1<V> {
    /// The 0.2.6 request.
    pub request: V,
    /// Its method in 1.0.
    pub method: Method,
}

impl<V: JsonView> RequestInV1<V> {
    /// The 1.0 form of `request`, when its method is one 1.0 has.
    pub fn new(request: V) -> Option<Self> {
        let name = request.field("method")?.string()?.into_owned();
        Some(Self {
            method: Method::from_legacy(&name)?,
            request,
        })
    }
}

/// A 1.0 JSON-RPC answer to `method` that serializes as the 0.2.6 answer meaning the same.
#[derive(Debug, Clone)]
pub struct AnswerInLegacy<V> {
    /// The 1.0 answer.
    pub answer: V,
    /// The method it answers.
    pub method: Method,
}

/// Writes the members `keys` of `node` that it has, under the same names.
fn copy<V: JsonView + Serialize, M: SerializeMap>(
    map: &mut M,
    node: &V,
    keys: &[&str],
) -> Result<(), M::Error> {
    for key in keys {
        if let Some(value) = node.field_present(key) {
            map.serialize_entry(key, &value)?;
        }
    }
    Ok(())
}

/// Member `key` of `node` under the name `to`, when it has it.
fn rename<V: JsonView + Serialize, M: SerializeMap>(
    map: &mut M,
    node: &V,
    key: &str,
    to: &str,
) -> Result<(), M::Error> {
    match node.field_present(key) {
        Some(value) => map.serialize_entry(to, &value),
        None => Ok(()),
    }
}

/// Each item of the array member `key` of `node`, written by `write`.
struct Each<'a, V, F> {
    list: Option<V>,
    write: &'a F,
}

impl<V: JsonView, T: Serialize, F: Fn(V) -> T> Serialize for Each<'_, V, F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let list = self.list.clone();
        let len = list.as_ref().and_then(JsonView::array_len).unwrap_or(0);
        let mut seq = serializer.serialize_seq(Some(len))?;
        for i in 0..len {
            if let Some(item) = list.as_ref().and_then(|l| l.item(i)) {
                seq.serialize_element(&(self.write)(item))?;
            }
        }
        seq.end()
    }
}

fn list<V: JsonView + Serialize, T: Serialize, M: SerializeMap>(
    map: &mut M,
    node: &V,
    key: &str,
    write: impl Fn(V) -> T,
) -> Result<(), M::Error> {
    match node.field_present(key) {
        Some(items) if items.kind() == JsonKind::Array => map.serialize_entry(
            key,
            &Each {
                list: Some(items),
                write: &write,
            },
        ),
        Some(other) => map.serialize_entry(key, &other),
        None => Ok(()),
    }
}

fn text<V: JsonView>(node: &V, key: &str) -> Option<String> {
    node.field(key)?.string().map(|s| s.into_owned())
}

// ---- 0.2.6 request → 1.0 ----------------------------------------------------------------------

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

// ---- 1.0 answer → 0.2.6 -----------------------------------------------------------------------

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
