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
//! Every node is written by one function ([`shaped`]) told its [`Shape`], and every member is one
//! [`Out`] value: the serializer's generic code is made once for the whole projection, not once
//! per kind of node (that was about 2 KB brotli of the browser build).
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

impl<V: JsonView + Serialize> Serialize for RequestInV1<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        shaped(&self.request, Shape::Request(self.method), serializer)
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

impl<V: JsonView + Serialize> Serialize for AnswerInLegacy<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        shaped(&self.answer, Shape::Answer(self.method), serializer)
    }
}

/// What a node is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// A 1.0 answer as the 0.2.6 answer.
    Answer(Method),
    /// A 1.0 Task as a 0.2.6 Task (a node that is not an object: as it is).
    Task,
    /// A Task's status.
    Status,
    /// An artifact.
    Artifact,
    /// A 1.0 message as a 0.2.6 message.
    Message,
    /// A part by member as a part by `kind`.
    Part,
    /// A 1.0 part's file members as a 0.2.6 `file`.
    File,
    /// A 1.0 error as the 0.2.6 error.
    Error,
    /// A 0.2.6 request as the 1.0 request.
    Request(Method),
    /// `message/send` params as `SendMessage` params.
    Send,
    /// The members named, as they are.
    Members(&'static [&'static str]),
    /// `configuration` in 1.0.
    Config,
    /// A 0.2.6 message as a 1.0 message.
    MessageV1,
    /// A part by `kind` as a part by member.
    PartV1,
    /// An array, each item written as the shape.
    Each(&'static Shape),
}

/// One member's value.
enum Out<'a, V> {
    /// A node as it is.
    As(V),
    /// A text.
    Str(&'a str),
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// A node written as a shape.
    Shaped(V, Shape),
}

impl<V: JsonView + Serialize> Serialize for Out<'_, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Out::As(node) => node.serialize(serializer),
            Out::Str(text) => serializer.serialize_str(text),
            Out::Int(n) => serializer.serialize_i64(*n),
            Out::Bool(b) => serializer.serialize_bool(*b),
            Out::Shaped(node, shape) => shaped(node, *shape, serializer),
        }
    }
}

/// `node` written as `shape`: an array or a map of the shape's members.
fn shaped<V: JsonView + Serialize, S: Serializer>(
    node: &V,
    shape: Shape,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match shape {
        Shape::Each(item) => {
            let len = node.array_len().unwrap_or(0);
            let mut seq = serializer.serialize_seq(Some(len))?;
            for i in 0..len {
                if let Some(value) = node.item(i) {
                    seq.serialize_element(&Out::Shaped(value, *item))?;
                }
            }
            return seq.end();
        }
        Shape::Task if node.kind() != JsonKind::Object => return node.serialize(serializer),
        _ => {}
    }
    let mut map = serializer.serialize_map(None)?;
    let m = &mut map;
    match shape {
        Shape::Answer(method) => answer::answer(m, node, method)?,
        Shape::Task => answer::task(m, node)?,
        Shape::Status => answer::status(m, node)?,
        Shape::Artifact => answer::artifact(m, node)?,
        Shape::Message => answer::message(m, node)?,
        Shape::Part => answer::part(m, node)?,
        Shape::File => answer::file(m, node)?,
        Shape::Error => answer::error(m, node)?,
        Shape::Request(method) => request::request(m, node, method)?,
        Shape::Send => request::send(m, node)?,
        Shape::Members(keys) => copy(m, node, keys)?,
        Shape::Config => request::config(m, node)?,
        Shape::MessageV1 => request::message(m, node)?,
        Shape::PartV1 => request::part(m, node)?,
        Shape::Each(_) => {}
    }
    map.end()
}

/// Writes the member `key`.
fn put<V: JsonView + Serialize, M: SerializeMap>(
    map: &mut M,
    key: &str,
    value: Out<'_, V>,
) -> Result<(), M::Error> {
    map.serialize_entry(key, &value)
}

/// Writes the members `keys` of `node` that it has, under the same names.
fn copy<V: JsonView + Serialize, M: SerializeMap>(
    map: &mut M,
    node: &V,
    keys: &[&str],
) -> Result<(), M::Error> {
    for key in keys {
        rename(map, node, key, key)?;
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
        Some(value) => put(map, to, Out::As(value)),
        None => Ok(()),
    }
}

/// The array member `key` of `node`, each item written as `item` (a member that is not an array:
/// as it is).
fn list<V: JsonView + Serialize, M: SerializeMap>(
    map: &mut M,
    node: &V,
    key: &str,
    item: &'static Shape,
) -> Result<(), M::Error> {
    match node.field_present(key) {
        Some(items) if items.kind() == JsonKind::Array => {
            put(map, key, Out::Shaped(items, Shape::Each(item)))
        }
        Some(other) => put(map, key, Out::As(other)),
        None => Ok(()),
    }
}

fn text<V: JsonView>(node: &V, key: &str) -> Option<String> {
    node.field(key)?.string().map(|s| s.into_owned())
}
