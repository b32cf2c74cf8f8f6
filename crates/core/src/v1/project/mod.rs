//! The client's two directions, written as it serializes: a 0.2.6 request node written in 1.0
//! ([`RequestInV1`]) and a 1.0 answer node written in 0.2.6 ([`AnswerInLegacy`]), the shape the
//! decoders read and the `Task` type describes.
//!
//! Both read their input through [`JsonView`] and hand its leaves (texts, data objects, ids) to the
//! serializer as the nodes they are. In the browser the nodes are the values `JSON.parse` made,
//! so nothing is copied into wasm memory and the build carries no deserializer; natively they are
//! `&serde_json::Value`, which is how the tests drive them. The rules (state and role names, error
//! codes) are the ones the Worker's translation uses.
//!
//! `request.rs` writes the one direction, `answer.rs` the other; the helpers they share are here.

mod answer;
mod request;

use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;

use super::dialect::Method;
use crate::json_view::{JsonKind, JsonView};

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
